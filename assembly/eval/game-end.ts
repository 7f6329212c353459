// The games that end otherwise (RULES-more-variants.md): antidraughts, won by the side left
// without a move, and breakthrough, won by the first man to be crowned. Both play
// international's moves, so the core knows them not as variants but as a setting of the search
// and of the evaluation, made by the host before each of those calls (index.ts): the generator,
// perft and the table's keys are international's. Each end has its own small evaluation here,
// hand-written, its terms weights of their own family (weights.ts), so that a fit can change them.

import { ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENDING_STANDARD } from "../contract/contract";
import { count, lowest, withoutLowest } from "../board/bitboard";
import { boardSize } from "../board/geometry";
import { coneAt, rowsLeft } from "./evaluate";
import { ADVANCE, FAMILY_ANTIDRAUGHTS, FAMILY_BREAKTHROUGH, KING, RUNAWAY, RUNAWAY_STEP, weight } from "./weights";

/** The end the next search or evaluation plays for (ENDING_*). */
export let gameEnd: i32 = ENDING_STANDARD;

/** Sets the end the next search or evaluation plays for; false (and nothing set) for an unknown one. */
export function setGameEnd(end: i32): bool {
  if (end != ENDING_STANDARD && end != ENDING_ANTIDRAUGHTS && end != ENDING_BREAKTHROUGH) return false;
  gameEnd = end;
  return true;
}

// ---- antidraughts --------------------------------------------------------------------------------

/** What a man costs its side, the unit: every piece is one more to give away before the side is out of moves. */
const BURDEN_MAN: i32 = 100;

/**
 * Antidraughts, from the side to move (`us`): the side with fewer pieces to lose is ahead. A
 * king costs more (its family's KING weight): it is crowned for good, and its long moves make
 * it hard to hand over.
 */
@inline function antidraughtsScore<B>(us: B, them: B, kings: B): i32 {
  return BURDEN_MAN * (count<B>(them & ~kings) - count<B>(us & ~kings)) + weight(FAMILY_ANTIDRAUGHTS, KING) * (count<B>(them & kings) - count<B>(us & kings));
}

// ---- breakthrough --------------------------------------------------------------------------------

/** Material still counts, the unit: more men, more ways through. */
const MAN: i32 = 100;

/**
 * The men's advancement: per man, the weight of the rows it has come (its family's ADVANCE
 * table: the rows near the crowning row are worth the most).
 */
function advancement<B>(men: B, white: bool): i32 {
  const last = boardSize<B>() - 1;
  let score = 0;
  while (men != 0) {
    const come = last - rowsLeft<B>(lowest<B>(men), white);
    men = withoutLowest<B>(men);
    score += weight(FAMILY_BREAKTHROUGH, ADVANCE + come);
  }
  return score;
}

/**
 * Rows to go for the side's nearest runaway man (no enemy in the cone in front of it, so none
 * can stand in its way: an enemy man outside the cone never steps into it), or the board's
 * size when it has none.
 */
function nearestRunaway<B>(men: B, enemies: B, white: bool): i32 {
  let nearest = boardSize<B>();
  while (men != 0) {
    const b = lowest<B>(men);
    men = withoutLowest<B>(men);
    const left = rowsLeft<B>(b, white);
    if (left < nearest && (<B>load<u64>(coneAt<B>(white, b)) & enemies) == 0) nearest = left;
  }
  return nearest;
}

/**
 * Breakthrough, from the side to move (`us`, White when `white`): material and advancement,
 * and the race of the runaways, which the side to move wins when its man is no further from
 * the crowning row than the opponent's (it moves first). A live position has no king.
 */
function breakthroughScore<B>(us: B, them: B, white: bool): i32 {
  const score = MAN * (count<B>(us) - count<B>(them)) + advancement<B>(us, white) - advancement<B>(them, !white);
  const ours = nearestRunaway<B>(us, them, white);
  const theirs = nearestRunaway<B>(them, us, !white);
  // The race a runaway man wins is worth RUNAWAY, less RUNAWAY_STEP per row it still has to go.
  return score + runawayRace(ours, theirs, boardSize<B>(), weight(FAMILY_BREAKTHROUGH, RUNAWAY), weight(FAMILY_BREAKTHROUGH, RUNAWAY_STEP));
}

/**
 * The race of the two sides' nearest runaways, `ours` and `theirs` rows from crowning (`none`
 * for a side without one), from the side to move: it moves first, so it wins at equal
 * distance; the winner's side gets `won` less `step` a row its man still has to go.
 */
@inline export function runawayRace(ours: i32, theirs: i32, none: i32, won: i32, step: i32): i32 {
  if (ours <= theirs && ours < none) return won - step * ours;
  if (theirs < ours) return -(won - step * theirs);
  return 0;
}

/** The evaluation of a game that ends otherwise, from the side to move (`us`, White when `white`). */
export function otherEndScore<B>(us: B, them: B, kings: B, white: bool): i32 {
  return gameEnd == ENDING_ANTIDRAUGHTS ? antidraughtsScore<B>(us, them, kings) : breakthroughScore<B>(us, them, white);
}
