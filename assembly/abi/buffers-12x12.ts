// buffers.ts for the 12×12 board: BOARD's squares 1 … 72 read into two-word sets, and moves
// written to MOVES_OUT in square numbers (square s is internal index s − 1, board/board-12x12.ts).

import { keyOf12 } from "../board/zobrist";
import { BOARD, MOVES_OUT, openMovesOut } from "./buffers";
import {
  BOARD_BYTES, BOARD_SIDE, ERROR_TOO_MANY_MOVES, PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING, PIECE_WHITE_MAN, RECORD_BYTES,
  RECORD_CAPTURED, RECORD_FLAGS, RECORD_FROM, RECORD_PATH, RECORD_TAKEN, RECORD_TO,
} from "./contract";
import { SQUARES_12, bitOfIndex12, has2, indexOfBit12 } from "../board/board-12x12";
import {
  PATH_BYTES, capturedAt, capturedHighAt, countAt, countOf, flagsAt, fromAt, fromOf, moveAt, pathAt, toAt, toOf,
} from "../movegen/movelist";

// The position read from BOARD.
export let board12WhiteLo: u64 = 0;
export let board12WhiteHi: u64 = 0;
export let board12BlackLo: u64 = 0;
export let board12BlackHi: u64 = 0;
export let board12KingsLo: u64 = 0;
export let board12KingsHi: u64 = 0;
export let board12WhiteToMove: bool = true;

/** The most pieces a written move takes: its path (one more square) must fit a kept path (movelist.ts). */
const MAX_CAPTURED_OUT: i32 = PATH_BYTES - 1;

@inline function squareOfBit12(b: i32): i32 {
  return indexOfBit12(b) + 1;
}

/** Reads BOARD; false when it holds a code that is no piece. */
export function readBoard12(): bool {
  let wLo: u64 = 0, wHi: u64 = 0, bLo: u64 = 0, bHi: u64 = 0, kLo: u64 = 0, kHi: u64 = 0;
  for (let square = 1; square <= SQUARES_12; square++) {
    const code = <i32>load<u8>(BOARD + square);
    if (code == PIECE_EMPTY) continue;
    if (code > PIECE_BLACK_KING) return false;
    const b = bitOfIndex12(square - 1);
    const lo: u64 = b < 64 ? (<u64>1) << <u64>b : 0;
    const hi: u64 = b >= 64 ? (<u64>1) << <u64>(b - 64) : 0;
    if (code <= PIECE_WHITE_KING) {
      wLo |= lo;
      wHi |= hi;
    } else {
      bLo |= lo;
      bHi |= hi;
    }
    // Kings have the even codes (PIECE_WHITE_KING, PIECE_BLACK_KING).
    if ((code & 1) == 0) {
      kLo |= lo;
      kHi |= hi;
    }
  }
  const side = load<u8>(BOARD + BOARD_SIDE);
  if (side > 1) return false;
  board12WhiteLo = wLo;
  board12WhiteHi = wHi;
  board12BlackLo = bLo;
  board12BlackHi = bHi;
  board12KingsLo = kLo;
  board12KingsHi = kHi;
  board12WhiteToMove = side == 0;
  return true;
}

/** The key of the position readBoard12 read last. */
export function board12Key(): u64 {
  return keyOf12(board12WhiteLo, board12WhiteHi, board12BlackLo, board12BlackHi, board12KingsLo, board12KingsHi, board12WhiteToMove);
}

/** Writes a position to BOARD. */
export function writeBoard12(whiteLo: u64, whiteHi: u64, blackLo: u64, blackHi: u64, kingsLo: u64, kingsHi: u64, whiteToMove: bool): void {
  memory.fill(BOARD, 0, BOARD_BYTES);
  store<u8>(BOARD + BOARD_SIDE, whiteToMove ? 0 : 1);
  for (let square = 1; square <= SQUARES_12; square++) {
    const b = bitOfIndex12(square - 1);
    // A king's code is its man's plus one.
    const king: u8 = has2(kingsLo, kingsHi, b) ? 1 : 0;
    if (has2(whiteLo, whiteHi, b)) store<u8>(BOARD + square, <u8>PIECE_WHITE_MAN + king);
    else if (has2(blackLo, blackHi, b)) store<u8>(BOARD + square, <u8>PIECE_BLACK_MAN + king);
  }
}

/**
 * Writes the head of the record of `move` at `out` (buffers.ts writeRecordHead on this board):
 * from, to, the count and flags, and at most `room` captured squares, in ascending order.
 */
export function writeRecordHead12(out: usize, move: usize, room: i32): void {
  store<u8>(out, <u8>squareOfBit12(fromAt(move)), RECORD_FROM);
  store<u8>(out, <u8>squareOfBit12(toAt(move)), RECORD_TO);
  store<u8>(out, <u8>countAt(move), RECORD_TAKEN);
  store<u8>(out, flagsAt(move), RECORD_FLAGS);
  // Squares ascend with bits on this board: the low word's, then the high word's.
  let lo = capturedAt(move);
  let hi = capturedHighAt(move);
  for (let k = 0; k < room && (lo != 0 || hi != 0); k++) {
    const b = lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(hi);
    if (lo != 0) lo &= lo - 1;
    else hi &= hi - 1;
    store<u8>(out + RECORD_CAPTURED + k, <u8>squareOfBit12(b));
  }
}

/** Copies moves [0, end) of the move stack to MOVES_OUT in square numbers; returns their count. */
export function writeMoves12(end: i32, withPaths: bool): i32 {
  const refused = openMovesOut(end);
  if (refused != 0) return refused;
  for (let i = 0; i < end; i++) {
    const out = MOVES_OUT + <usize>(i * RECORD_BYTES);
    const taken = countOf(i);
    // More pieces than a record holds: only a set-up with more than 30 pieces a side can.
    if (taken > MAX_CAPTURED_OUT) return ERROR_TOO_MANY_MOVES;
    writeRecordHead12(out, moveAt(i), taken);
    if (taken == 0) {
      store<u8>(out, <u8>squareOfBit12(fromOf(i)), RECORD_PATH);
      store<u8>(out, <u8>squareOfBit12(toOf(i)), RECORD_PATH + 1);
    } else if (withPaths) {
      const path = pathAt(i);
      for (let j = 0; j <= taken; j++) store<u8>(out + RECORD_PATH + j, <u8>squareOfBit12(<i32>load<u8>(path + j)));
    }
  }
  return end;
}
