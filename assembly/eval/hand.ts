// The hand-set evaluation of the two boards that the learned tables and patterns (evaluate.ts)
// do not cover, because they read one word in the 8×8 and 10×10 diagonal layouts: turkish's 64
// squares (board/orthogonal.ts, RULES-more-variants.md §4) and canadian's 12×12 (board/board-12x12.ts,
// §8, each set two words `lo`, `hi`; turkish's sets are one word, its `hi` is 0). One evaluation
// over a table per board: material, the men's advancement, the race of the runaways. Its terms are
// weights of each board's own family (weights.ts), so that a fit can change them: a flying king
// about three men; by the rows a man has come, little for the first rows, where a man is still
// part of its camp, more near the crowning row, where it ties the opponent's back men down; a
// runaway the opponent cannot stop.
//
// What differs between the boards is data: a runaway's front (turkish's men move forward and
// sideways, so an enemy man anywhere in the rows ahead can stop it; canadian's move diagonally,
// so only the cone ahead can), and how far back from crowning a man is looked at as a runaway
// (every row on turkish's 8; canadian's five nearest, as a cone further back is rarely empty).
// Whole rows ahead nest: a man further back has every row of a more advanced man's front in its
// own, so on turkish's board only the most advanced man can be the nearest runaway.

import { Board } from "../board/bitboard";
import { SQUARES_12, bitOfIndex12 } from "../board/board-12x12";
import { rules } from "../board/variants";
import { runawayRace } from "./game-end";
import { ADVANCE, FAMILY_CANADIAN, FAMILY_TURKISH, KING, RUNAWAY, RUNAWAY_STEP, weight } from "./weights";

/** A man, the unit. */
const MAN: i32 = 100;
const MAX_ROWS: i32 = 12;
const MAX_BITS: i32 = 128;

/** Per board: each row's squares (row 0 at the top, where White crowns), low word then high word. */
const ROWS = memory.data(2 * MAX_ROWS * 16);
/** Per board and bit: the row of the square (a byte). */
const ROW_OF = memory.data(2 * MAX_BITS);
/** Per board and side (White first): the rows a runaway is looked for on, low word then high word. */
const NEAR = memory.data(2 * 2 * 16);
/**
 * Per board, side (White first) and bit: a man's front, every square an enemy man could stop it
 * from before it crowns, low word then high word.
 */
const FRONTS = memory.data(2 * 2 * MAX_BITS * 16);

/** Whether a man's front is every row ahead (turkish), so that the fronts nest. */
@inline function frontsAreRows(board: Board): bool {
  return board == Board.Orthogonal8;
}

/** Whether variant `V`'s board has its evaluation here: turkish's and canadian's, which the learned one does not cover. */
@inline export function handEvaluated<V>(): bool {
  const board = rules<V>().board;
  return board == Board.Orthogonal8 || board == Board.Diagonal12;
}

/** The boards with a hand evaluation: turkish's first (table slot 0), canadian's. */
@inline function slotOf(board: Board): i32 {
  return board == Board.Orthogonal8 ? 0 : 1;
}

@inline function familyOf(board: Board): i32 {
  return board == Board.Orthogonal8 ? FAMILY_TURKISH : FAMILY_CANADIAN;
}

@inline function rowCount(board: Board): i32 {
  return board == Board.Orthogonal8 ? 8 : 12;
}

/** The rows to go that are looked at for a runaway: turkish's every row, canadian's 1 … 5. */
@inline function firstRunawayRow(board: Board): i32 {
  return board == Board.Orthogonal8 ? 0 : 1;
}

@inline function lastRunawayRow(board: Board): i32 {
  return board == Board.Orthogonal8 ? 7 : 5;
}

/** The rows whose men the advancement counts (White's rows; Black's mirror them): turkish's every row, canadian's 1 … 10. */
@inline function firstAdvanceRow(board: Board): i32 {
  return board == Board.Orthogonal8 ? 0 : 1;
}

/** Whether the board's sets take two words (canadian's); turkish's high words are 0 and never read. */
@inline function twoWords(board: Board): bool {
  return board == Board.Diagonal12;
}

/** The high word at `at` (offset 8) on a two-word board, else 0. */
@inline function highAt(board: Board, at: usize): u64 {
  return twoWords(board) ? load<u64>(at, 8) : 0;
}

/** No runaway: one more row than any man has to go. */
@inline function noRunaway(board: Board): i32 {
  return rowCount(board);
}

@inline function rowsAt(board: Board, row: i32): usize {
  return ROWS + (<usize>(slotOf(board) * MAX_ROWS + row) << 4);
}

@inline function nearAt(board: Board, white: bool): usize {
  return NEAR + (<usize>(slotOf(board) * 2 + (white ? 0 : 1)) << 4);
}

@inline function frontAt(board: Board, white: bool, b: i32): usize {
  return FRONTS + (<usize>((slotOf(board) * 2 + (white ? 0 : 1)) * MAX_BITS + b) << 4);
}

// The squares of each board: its count, bit, row and column by index (row by row from the top).

@inline function squareCount(board: Board): i32 {
  return board == Board.Orthogonal8 ? 64 : SQUARES_12;
}

@inline function bitOf(board: Board, index: i32): i32 {
  return board == Board.Orthogonal8 ? index : bitOfIndex12(index);
}

@inline function rowOf(board: Board, index: i32): i32 {
  return board == Board.Orthogonal8 ? index >> 3 : index / 6;
}

/** The column; on 12×12 (row + column) is odd on the playable squares. */
@inline function columnOf(board: Board, index: i32): i32 {
  return board == Board.Orthogonal8 ? index & 7 : ((index % 6) << 1) + ((rowOf(board, index) & 1) ^ 1);
}

/** Whether an enemy man on `other` stands in the front of a man on `index` going `ahead` rows to crown. */
@inline function inFront(board: Board, index: i32, other: i32, ahead: i32): bool {
  if (ahead <= 0) return false;
  // Turkish's men step sideways too: all of a row ahead. Diagonal men: the cone.
  return board == Board.Orthogonal8 || abs(columnOf(board, index) - columnOf(board, other)) <= ahead;
}

@inline function addBit(at: usize, b: i32): void {
  if (b < 64) store<u64>(at, load<u64>(at) | (<u64>1 << <u64>b));
  else store<u64>(at, load<u64>(at, 8) | (<u64>1 << <u64>(b - 64)), 8);
}

function buildTables(board: Board): void {
  const last = rowCount(board) - 1;
  for (let index = 0; index < squareCount(board); index++) {
    const b = bitOf(board, index);
    const row = rowOf(board, index);
    store<u8>(ROW_OF + <usize>(slotOf(board) * MAX_BITS + b), <u8>row);
    addBit(rowsAt(board, row), b);
    if (row >= firstRunawayRow(board) && row <= lastRunawayRow(board)) addBit(nearAt(board, true), b);
    if (row >= last - lastRunawayRow(board) && row <= last - firstRunawayRow(board)) addBit(nearAt(board, false), b);
    for (let other = 0; other < squareCount(board); other++) {
      const ahead = row - rowOf(board, other);
      if (inFront(board, index, other, ahead)) addBit(frontAt(board, true, b), bitOf(board, other));
      if (inFront(board, index, other, -ahead)) addBit(frontAt(board, false, b), bitOf(board, other));
    }
  }
}

let built: i32 = 0;

/** Builds the board's tables on its first search or evaluation: a core that never plays it never does. */
export function prepareHandEvaluation<V>(): void {
  const board = rules<V>().board;
  if ((built & (1 << slotOf(board))) != 0) return;
  buildTables(board);
  built |= 1 << slotOf(board);
}

/** The advancement weights of the men (`lo`, `hi`) of one side, row by row. */
function advancement<V>(lo: u64, hi: u64, white: bool): i32 {
  const board = rules<V>().board;
  const last = rowCount(board) - 1;
  let score = 0;
  for (let row = firstAdvanceRow(board); row <= last - firstAdvanceRow(board); row++) {
    const at = rowsAt(board, row);
    const men = <i32>popcnt(lo & load<u64>(at)) + (twoWords(board) ? <i32>popcnt(hi & highAt(board, at)) : 0);
    if (men != 0) score += men * weight(familyOf(board), ADVANCE + (white ? last - row : row));
  }
  return score;
}

/** Rows to go for the side's nearest runaway man (no enemy in its front), or noRunaway. */
function nearestRunaway<V>(lo: u64, hi: u64, enemyLo: u64, enemyHi: u64, white: bool): i32 {
  const board = rules<V>().board;
  // Most of the game no man is that near: one test on the rows' union.
  const near = nearAt(board, white);
  if ((lo & load<u64>(near)) == 0 && (hi & highAt(board, near)) == 0) return noRunaway(board);
  if (frontsAreRows(board)) {
    // One word, and the fronts nest: the most advanced man (White's lowest bit, Black's highest) or none.
    const b = white ? <i32>ctz(lo) : 63 - <i32>clz(lo);
    const row = <i32>load<u8>(ROW_OF + <usize>(slotOf(board) * MAX_BITS + b));
    return (load<u64>(frontAt(board, white, b)) & enemyLo) == 0 ? (white ? row : rowCount(board) - 1 - row) : noRunaway(board);
  }
  for (let toGo = firstRunawayRow(board); toGo <= lastRunawayRow(board); toGo++) {
    const at = rowsAt(board, white ? toGo : rowCount(board) - 1 - toGo);
    let rowLo = lo & load<u64>(at);
    let rowHi = hi & highAt(board, at);
    while (rowLo != 0 || rowHi != 0) {
      const b = rowLo != 0 ? <i32>ctz(rowLo) : 64 + <i32>ctz(rowHi);
      if (rowLo != 0) rowLo &= rowLo - 1;
      else rowHi &= rowHi - 1;
      const front = frontAt(board, white, b);
      if ((load<u64>(front) & enemyLo) == 0 && (highAt(board, front) & enemyHi) == 0) return toGo;
    }
  }
  return noRunaway(board);
}

/**
 * The hand evaluation of `V`'s board (turkish's or canadian's; prepareHandEvaluation first), from
 * the side to move (`us`, White when `white`): material, the men's advancement, and the race of
 * the runaways while the other side has no king to catch them; the side to move wins the race at
 * equal distance (it moves first). Sets are given as two words; one-word boards pass 0 as `hi`.
 */
export function handScore<V>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, white: bool): i32 {
  const family = familyOf(rules<V>().board);
  const none = noRunaway(rules<V>().board);
  const ourMenLo = usLo & ~kingsLo;
  const ourMenHi = usHi & ~kingsHi;
  const theirMenLo = themLo & ~kingsLo;
  const theirMenHi = themHi & ~kingsHi;
  const ourKings = <i32>(popcnt(usLo & kingsLo) + popcnt(usHi & kingsHi));
  const theirKings = <i32>(popcnt(themLo & kingsLo) + popcnt(themHi & kingsHi));
  const ourMen = <i32>(popcnt(ourMenLo) + popcnt(ourMenHi));
  const theirMen = <i32>(popcnt(theirMenLo) + popcnt(theirMenHi));
  const score = MAN * (ourMen - theirMen) + weight(family, KING) * (ourKings - theirKings)
    + advancement<V>(ourMenLo, ourMenHi, white) - advancement<V>(theirMenLo, theirMenHi, !white);
  const ours = theirKings == 0 ? nearestRunaway<V>(ourMenLo, ourMenHi, themLo, themHi, white) : none;
  const theirs = ourKings == 0 ? nearestRunaway<V>(theirMenLo, theirMenHi, usLo, usHi, !white) : none;
  return score + runawayRace(ours, theirs, none, weight(family, RUNAWAY), weight(family, RUNAWAY_STEP));
}
