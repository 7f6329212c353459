// MOVES_OUT and COUNTS_OUT, the buffers moves and counts go out by: a call writes its moves as
// records in square numbers, which the host reads through typed-array views, one call per
// position, never one per move (and the search's lines as records of the same layout, search/output.ts).
// Their layout (contract/contract.ts):
//
// MOVES_OUT (RECORD_BYTES a move, MAX_OUT moves): the RECORD_* fields, its captured squares in
//   ascending order, its path from, each landing.
// COUNTS_OUT (u64 a move): perft of each move, for divide.

import { lowest, withoutLowest } from "../board/bitboard";
import { squareOfBit } from "../board/squares";
import { capturedHighOf } from "../position/high-words";
import { PATH_BYTES, capturedAt, countAt, countOf, flagsAt, fromAt, fromOf, moveAt, pathAt, takeOverflow, toAt, toOf } from "../movegen/movelist";
import {
  ERROR_TOO_MANY_MOVES, MAX_OUT, RECORD_BYTES, RECORD_CAPTURED, RECORD_FLAGS, RECORD_FROM, RECORD_PATH, RECORD_TAKEN, RECORD_TO,
} from "../contract/contract";

export const MOVES_OUT = memory.data(RECORD_BYTES * MAX_OUT);
export const COUNTS_OUT = memory.data(8 * MAX_OUT);

/** The most pieces a written move takes: its path (one more square) must fit a kept path (movelist.ts). */
const MAX_CAPTURED_OUT: i32 = PATH_BYTES - 1;

/** Writes at most `room` squares of `captured` (12×12: its low word, `high` its high word) at `out`, ascending. */
export function writeCapturedSquares<V, B>(out: usize, captured: B, high: u64, room: i32): void {
  // Squares ascend with bits except across a mirrored row, so sort the few captured squares as
  // they come (12×12's ascend with bits, the low word's before the high word's).
  let n = 0;
  while (captured != 0 && n < room) {
    n = insertSquare(out, n, squareOfBit<V, B>(lowest<B>(captured)));
    captured = withoutLowest<B>(captured);
  }
  while (high != 0 && n < room) {
    n = insertSquare(out, n, squareOfBit<V, B>(64 + <i32>ctz(high)));
    high &= high - 1;
  }
}

/** Inserts `square` into the ascending squares [0, n) at `out`; returns n + 1. */
@inline function insertSquare(out: usize, n: i32, square: i32): i32 {
  let j = n;
  while (j > 0 && <i32>load<u8>(out + j - 1) > square) {
    store<u8>(out + j, load<u8>(out + j - 1));
    j--;
  }
  store<u8>(out + j, <u8>square);
  return n + 1;
}

/** Clears MOVES_OUT for moves [0, end) of the move stack; returns 0, or the error when they cannot be written. */
export function openMovesOut(end: i32): i32 {
  if (takeOverflow()) return ERROR_TOO_MANY_MOVES;
  if (end > MAX_OUT) return ERROR_TOO_MANY_MOVES;
  memory.fill(MOVES_OUT, 0, <usize>(end * RECORD_BYTES));
  return 0;
}

/** Writes a record's squares, count, flags and at most `room` captured squares (all but its path) for `move`. */
export function writeRecordHead<V, B>(out: usize, move: usize, room: i32 = RECORD_PATH - RECORD_CAPTURED): void {
  store<u8>(out, <u8>squareOfBit<V, B>(fromAt(move)), RECORD_FROM);
  store<u8>(out, <u8>squareOfBit<V, B>(toAt(move)), RECORD_TO);
  store<u8>(out, <u8>countAt(move), RECORD_TAKEN);
  store<u8>(out, flagsAt(move), RECORD_FLAGS);
  writeCapturedSquares<V, B>(out + RECORD_CAPTURED, <B>capturedAt(move), capturedHighOf<V>(move), room);
}

/** Copies moves [0, end) of the move stack to MOVES_OUT in square numbers; returns their count. */
export function writeMoves<V, B>(end: i32, withPaths: bool): i32 {
  const refused = openMovesOut(end);
  if (refused != 0) return refused;
  for (let i = 0; i < end; i++) {
    const out = MOVES_OUT + <usize>(i * RECORD_BYTES);
    const taken = countOf(i);
    // More pieces than a record holds: only a 12×12 set-up with more than 30 pieces a side can.
    if (taken > MAX_CAPTURED_OUT) return ERROR_TOO_MANY_MOVES;
    writeRecordHead<V, B>(out, moveAt(i));
    if (taken == 0) {
      store<u8>(out, <u8>squareOfBit<V, B>(fromOf(i)), RECORD_PATH);
      store<u8>(out, <u8>squareOfBit<V, B>(toOf(i)), RECORD_PATH + 1);
    } else if (withPaths) {
      const path = pathAt(i);
      for (let k = 0; k <= taken; k++) store<u8>(out + RECORD_PATH + k, <u8>squareOfBit<V, B>(<i32>load<u8>(path + k)));
    }
  }
  return end;
}
