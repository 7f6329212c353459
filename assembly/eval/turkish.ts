// Turkish's evaluation (RULES-more-variants.md §4): the 64-square board of orthogonal moves
// (board/orthogonal.ts: bit = row × 8 + column, row 0 at the top, where White crowns). The
// diagonal boards' tables, patterns and runaway cones do not apply, so it has its own small
// evaluation, hand-written like the other ends' (game-end.ts). Its terms are weights of their
// own family (weights.ts: a king, which takes by the majority rule whatever stands alone on its
// lines, about three men; the advancement per row; the runaway), so that a fit can change them.

import { count } from "../board/bitboard";
import { runawayRace } from "./game-end";
import { ADVANCE, FAMILY_TURKISH, KING, RUNAWAY, RUNAWAY_STEP, weight } from "./weights";

/** A man, the unit. */
const MAN: i32 = 100;

/** Rows a man of this side on bit `b` has left to its crowning row (row 0 for White). */
@inline function rowsLeft(b: i32, white: bool): i32 {
  return white ? b >> 3 : 7 - (b >> 3);
}

/**
 * The rows strictly in front of a man on bit `b`, between it and its crowning row. Men move
 * forward and sideways only, so an enemy man behind it or on its row never gets in front of it.
 */
@inline function rowsAhead(b: i32, white: bool): u64 {
  const row = b >> 3;
  // A man never stands on its own crowning row, so neither shift reaches 64.
  return white ? (<u64>1 << (<u64>row << 3)) - 1 : <u64>-1 << (<u64>(row + 1) << 3);
}

/** The men's advancement: per man, the weight of the rows it has come. */
function advancement(men: u64, white: bool): i32 {
  let score = 0;
  while (men != 0) {
    const come = 7 - rowsLeft(<i32>ctz(men), white);
    men &= men - 1;
    score += weight(FAMILY_TURKISH, ADVANCE + come);
  }
  return score;
}

/** Rows to go for the side's nearest runaway (no enemy in the rows in front of it), or 8 when it has none. */
function nearestRunaway(men: u64, enemies: u64, white: bool): i32 {
  let nearest = 8;
  while (men != 0) {
    const b = <i32>ctz(men);
    men &= men - 1;
    const left = rowsLeft(b, white);
    if (left < nearest && (rowsAhead(b, white) & enemies) == 0) nearest = left;
  }
  return nearest;
}

/**
 * Turkish, from the side to move (`us`, White when `white`): material, the men's advancement,
 * and the race of the runaways while the other side has no king to catch them; the side to move
 * wins the race at equal distance (it moves first).
 */
export function turkishScore<B>(us: B, them: B, kings: B, white: bool): i32 {
  const ourMen = <u64>(us & ~kings);
  const theirMen = <u64>(them & ~kings);
  const ourKings = count<B>(us & kings);
  const theirKings = count<B>(them & kings);
  const score = MAN * (count<B>(<B>ourMen) - count<B>(<B>theirMen)) + weight(FAMILY_TURKISH, KING) * (ourKings - theirKings)
    + advancement(ourMen, white) - advancement(theirMen, !white);
  const ours = theirKings == 0 ? nearestRunaway(ourMen, <u64>them, white) : 8;
  const theirs = ourKings == 0 ? nearestRunaway(theirMen, <u64>us, !white) : 8;
  return score + runawayRace(ours, theirs, 8, weight(FAMILY_TURKISH, RUNAWAY), weight(FAMILY_TURKISH, RUNAWAY_STEP));
}
