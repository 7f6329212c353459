// Canadian's evaluation (RULES-more-variants.md 8): international's game on the 12×12 board of
// board/board-12x12.ts, each set two words (`lo`, `hi`). The learned tables and patterns read one
// word in the 8×8 and 10×10 layouts, so canadian has its own small hand-written evaluation, as
// turkish has (turkish.ts): material, the men's advancement, runaways. Its terms are weights of
// their own family (weights.ts), set from the 10×10 family's hand-set ones: a flying king about
// three men; by the rows a man has come (1 … 10; on row 11 it is a king), little for the first
// rows, where a man is still part of its camp, more near the crowning row, where it ties the
// opponent's back men down; a runaway the opponent cannot stop.

import { SQUARES_12, bitOfIndex12 } from "../board/board-12x12";
import { runawayRace } from "./game-end";
import { ADVANCE, FAMILY_CANADIAN, KING, RUNAWAY, RUNAWAY_STEP, weight } from "./weights";

/** A man, the unit. */
const MAN: i32 = 100;
/** Rows from crowning within which a man is looked at as a runaway: a cone further back is rarely empty. */
const RUNAWAY_ROWS: i32 = 5;
/** No runaway: one more row than any man has to go. */
const NO_RUNAWAY: i32 = 12;

/** Each row's squares (row 0 at the top, where White crowns): low word, then high word. */
const ROWS = memory.data(16 * 12);
/** Per side (White first): the rows nearestRunaway looks at, low word then high word. */
const NEAR = memory.data(16 * 2);
/**
 * Per side (White first) and bit: the cone in front of a man, every square it could be met on
 * before it crowns (the rows ahead, as far to each side as rows ahead), low word then high word.
 */
const CONES = memory.data(16 * 2 * 128);

@inline function rowOf(index: i32): i32 {
  return index / 6;
}

/** The column (0 … 11) of square index `index`; (row + column) is odd on the playable squares. */
@inline function columnOf(index: i32): i32 {
  return ((index % 6) << 1) + ((rowOf(index) & 1) ^ 1);
}

@inline function addBit(at: usize, b: i32): void {
  if (b < 64) store<u64>(at, load<u64>(at) | (<u64>1 << <u64>b));
  else store<u64>(at, load<u64>(at, 8) | (<u64>1 << <u64>(b - 64)), 8);
}

function buildTables(): void {
  for (let index = 0; index < SQUARES_12; index++) {
    const b = bitOfIndex12(index);
    addBit(ROWS + (<usize>rowOf(index) << 4), b);
    if (rowOf(index) >= 1 && rowOf(index) <= RUNAWAY_ROWS) addBit(NEAR, b);
    if (rowOf(index) >= 11 - RUNAWAY_ROWS && rowOf(index) <= 10) addBit(NEAR + 16, b);
    for (let other = 0; other < SQUARES_12; other++) {
      const ahead = rowOf(index) - rowOf(other);
      const wide = abs(columnOf(index) - columnOf(other));
      if (ahead > 0 && wide <= ahead) addBit(coneAt(true, b), bitOfIndex12(other));
      if (-ahead > 0 && wide <= -ahead) addBit(coneAt(false, b), bitOfIndex12(other));
    }
  }
}

@inline function coneAt(white: bool, b: i32): usize {
  return CONES + (<usize>((white ? 0 : 128) + b) << 4);
}

let tablesBuilt = false;

/** Builds the tables on the first canadian search or evaluation: a core without canadian never does. */
export function prepareCanadianEvaluation(): void {
  if (tablesBuilt) return;
  buildTables();
  tablesBuilt = true;
}

/** The advancement weights of the men (`lo`, `hi`) of one side, row by row. */
function advancement(lo: u64, hi: u64, white: bool): i32 {
  let score = 0;
  for (let row = 1; row < 11; row++) {
    const at = ROWS + (<usize>row << 4);
    const men = <i32>popcnt(lo & load<u64>(at)) + <i32>popcnt(hi & load<u64>(at, 8));
    if (men != 0) score += men * weight(FAMILY_CANADIAN, ADVANCE + (white ? 11 - row : row));
  }
  return score;
}

/** Rows to go for the side's nearest runaway man (no enemy in its cone), or NO_RUNAWAY. */
function nearestRunaway(lo: u64, hi: u64, enemyLo: u64, enemyHi: u64, white: bool): i32 {
  let nearest = NO_RUNAWAY;
  // Most of the game no man is that near: one test on the rows' union.
  const near = NEAR + (white ? 0 : 16);
  if ((lo & load<u64>(near)) == 0 && (hi & load<u64>(near, 8)) == 0) return nearest;
  // Only the rows near crowning: the first five for White, the last five for Black.
  for (let step = 1; step <= RUNAWAY_ROWS && step < nearest; step++) {
    const row: i32 = white ? step : 11 - step;
    const at = ROWS + (<usize>row << 4);
    let rowLo = lo & load<u64>(at);
    let rowHi = hi & load<u64>(at, 8);
    while (rowLo != 0 || rowHi != 0) {
      const b = rowLo != 0 ? <i32>ctz(rowLo) : 64 + <i32>ctz(rowHi);
      if (rowLo != 0) rowLo &= rowLo - 1;
      else rowHi &= rowHi - 1;
      const cone = coneAt(white, b);
      if ((load<u64>(cone) & enemyLo) == 0 && (load<u64>(cone, 8) & enemyHi) == 0) return step;
    }
  }
  return nearest;
}

/**
 * Canadian, from the side to move (`us`, White when `white`): material, the men's advancement,
 * and the race of the runaways while the other side has no king to catch them; the side to move
 * wins the race at equal distance (it moves first).
 */
export function canadianScore(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, white: bool): i32 {
  const ourMenLo = usLo & ~kingsLo;
  const ourMenHi = usHi & ~kingsHi;
  const theirMenLo = themLo & ~kingsLo;
  const theirMenHi = themHi & ~kingsHi;
  const ourKings = <i32>(popcnt(usLo & kingsLo) + popcnt(usHi & kingsHi));
  const theirKings = <i32>(popcnt(themLo & kingsLo) + popcnt(themHi & kingsHi));
  const ourMen = <i32>(popcnt(ourMenLo) + popcnt(ourMenHi));
  const theirMen = <i32>(popcnt(theirMenLo) + popcnt(theirMenHi));
  const score = MAN * (ourMen - theirMen) + weight(FAMILY_CANADIAN, KING) * (ourKings - theirKings)
    + advancement(ourMenLo, ourMenHi, white) - advancement(theirMenLo, theirMenHi, !white);
  const ours = theirKings == 0 ? nearestRunaway(ourMenLo, ourMenHi, themLo, themHi, white) : NO_RUNAWAY;
  const theirs = ourKings == 0 ? nearestRunaway(theirMenLo, theirMenHi, usLo, usHi, !white) : NO_RUNAWAY;
  return score + runawayRace(ours, theirs, NO_RUNAWAY, weight(FAMILY_CANADIAN, RUNAWAY), weight(FAMILY_CANADIAN, RUNAWAY_STEP));
}
