// The buffers of the host interface. A position comes in, and moves and counts go out, through fixed
// buffers that the host reads and writes as typed-array views; nothing is passed per move.
// Their layout (abi/contract.ts, which the binding's copy is made from):
//
// BOARD (BOARD_BYTES): [BOARD_SIDE] side to move (0 White, 1 Black); [s], s = 1 … 72: the piece
//   on square s (PDN numbering of the variant), a PIECE_* code. Frisian only, [BOARD_STREAKS …
//   + 4), past the last square of any board (canadian's 72): the king streaks
//   (movegen/king-streak.ts): how many quiet moves in a row White's last moves made with one
//   king (0 … 3), that king's square (0 when the count is 0), and the same for Black.
// MOVES_OUT (RECORD_BYTES a move, MAX_OUT moves): the RECORD_* fields, its captured squares in
//   ascending order, its path from, each landing.
// COUNTS_OUT (u64 a move): perft of each move, for divide.

import { bit, has, lowest, withoutLowest } from "../board/bitboard";
import { bitHi, bitLo, has2 } from "../board/board-12x12";
import { PATH_BYTES, capturedAt, capturedHighAt, countAt, countOf, flagsAt, fromAt, fromOf, moveAt, pathAt, takeOverflow, toAt, toOf } from "../movegen/movelist";
import { bitOfSquare, squareOfBit, squaresOf } from "../board/squares";
import { rules } from "../board/variants";
import { HIGH_BYTES } from "../position/high-words";
import { STREAK_LIMIT, streakCount, streakFits, streakOf, streakSquare } from "../movegen/king-streak";
import {
  BOARD_BYTES, BOARD_SIDE, BOARD_STREAKS, ERROR_TOO_MANY_MOVES, MAX_OUT, PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING,
  PIECE_WHITE_MAN, RECORD_BYTES, RECORD_CAPTURED, RECORD_FLAGS, RECORD_FROM, RECORD_PATH, RECORD_TAKEN, RECORD_TO,
} from "./contract";

export const BOARD = memory.data(BOARD_BYTES);
export const MOVES_OUT = memory.data(RECORD_BYTES * MAX_OUT);
export const COUNTS_OUT = memory.data(8 * MAX_OUT);

// The position read from BOARD, bitboards widened to u64 (on 12×12 the sets' low words).
export let boardWhite: u64 = 0;
export let boardBlack: u64 = 0;
export let boardKings: u64 = 0;
export let boardWhiteToMove: bool = true;
/** Frisian: the king streaks read from BOARD (0 in every other variant). */
export let boardStreakWhite: u32 = 0;
export let boardStreakBlack: u32 = 0;
/** 12×12: the high words of the sets read from BOARD, White's, Black's and the kings' (0 elsewhere). */
export const BOARD_HIGH = memory.data(HIGH_BYTES);

/** The most pieces a written move takes: its path (one more square) must fit a kept path (movelist.ts). */
const MAX_CAPTURED_OUT: i32 = PATH_BYTES - 1;

/** Reads BOARD; false when it holds a code that is no piece. */
export function readBoard<V, B>(): bool {
  const twelve = rules<V>().twelveByTwelve;
  let white: B = 0;
  let black: B = 0;
  let kings: B = 0;
  let whiteHigh: u64 = 0;
  let blackHigh: u64 = 0;
  let kingsHigh: u64 = 0;
  const squares = squaresOf<V, B>();
  for (let square = 1; square <= squares; square++) {
    const code = <i32>load<u8>(BOARD + square);
    if (code == PIECE_EMPTY) continue;
    if (code > PIECE_BLACK_KING) return false;
    const at = bitOfSquare<V, B>(square);
    // bit<B> of a bit past 63 wraps: 12×12 splits its bits between the two words.
    const b = twelve ? <B>bitLo(at) : bit<B>(at);
    const high = twelve ? bitHi(at) : 0;
    if (code <= PIECE_WHITE_KING) {
      white |= b;
      whiteHigh |= high;
    } else {
      black |= b;
      blackHigh |= high;
    }
    // Kings have the even codes (PIECE_WHITE_KING, PIECE_BLACK_KING).
    if ((code & 1) == 0) {
      kings |= b;
      kingsHigh |= high;
    }
  }
  const side = load<u8>(BOARD + BOARD_SIDE);
  if (side > 1) return false;
  boardWhite = <u64>white;
  boardBlack = <u64>black;
  boardKings = <u64>kings;
  if (twelve) {
    store<u64>(BOARD_HIGH, whiteHigh, 0);
    store<u64>(BOARD_HIGH, blackHigh, 8);
    store<u64>(BOARD_HIGH, kingsHigh, 16);
  }
  boardWhiteToMove = side == 0;
  boardStreakWhite = 0;
  boardStreakBlack = 0;
  if (rules<V>().frisian) {
    const whiteStreak = readStreak<V, B>(BOARD_STREAKS);
    const blackStreak = readStreak<V, B>(BOARD_STREAKS + 2);
    // A streak must name a king of its own side, at most three moves long.
    if (whiteStreak < 0 || blackStreak < 0) return false;
    if (!streakFits(<u32>whiteStreak, <u64>white, <u64>kings) || !streakFits(<u32>blackStreak, <u64>black, <u64>kings)) return false;
    boardStreakWhite = <u32>whiteStreak;
    boardStreakBlack = <u32>blackStreak;
  }
  return true;
}

/** A king streak at BOARD + `at` (count, square), or -1 when it is no streak. */
function readStreak<V, B>(at: i32): i64 {
  const count = <u32>load<u8>(BOARD + at);
  const square = <i32>load<u8>(BOARD + at + 1);
  if (count == 0) return square == 0 ? 0 : -1;
  if (count > STREAK_LIMIT || square < 1 || square > squaresOf<V, B>()) return -1;
  return <i64>streakOf(count, bitOfSquare<V, B>(square));
}

/**
 * Writes a position to BOARD. `high`: on 12×12, where the sets' high words are (White's, Black's,
 * the kings', a u64 each; the sets passed are the low words).
 */
export function writeBoard<V, B>(white: B, black: B, kings: B, whiteToMove: bool, streakWhite: u32 = 0, streakBlack: u32 = 0, high: usize = 0): void {
  memory.fill(BOARD, 0, BOARD_BYTES);
  store<u8>(BOARD + BOARD_SIDE, whiteToMove ? 0 : 1);
  const squares = squaresOf<V, B>();
  for (let square = 1; square <= squares; square++) {
    const b = bitOfSquare<V, B>(square);
    // A king's code is its man's plus one.
    const king: u8 = holds<V, B>(kings, high + 16, b) ? 1 : 0;
    if (holds<V, B>(white, high, b)) store<u8>(BOARD + square, <u8>PIECE_WHITE_MAN + king);
    else if (holds<V, B>(black, high + 8, b)) store<u8>(BOARD + square, <u8>PIECE_BLACK_MAN + king);
  }
  if (rules<V>().frisian) {
    // A streak whose king was taken names no king: it is left out (generation ignores it too).
    if (streakFits(streakWhite, <u64>white, <u64>kings)) writeStreak<V, B>(BOARD_STREAKS, streakWhite);
    if (streakFits(streakBlack, <u64>black, <u64>kings)) writeStreak<V, B>(BOARD_STREAKS + 2, streakBlack);
  }
}

/** Whether bit `b` is in the set `low` (on 12×12 its low word, its high word at `high`). */
@inline function holds<V, B>(low: B, high: usize, b: i32): bool {
  return rules<V>().twelveByTwelve ? has2(<u64>low, load<u64>(high), b) : has<B>(low, b);
}

@inline function writeStreak<V, B>(at: i32, streak: u32): void {
  if (streak == 0) return;
  store<u8>(BOARD + at, <u8>streakCount(streak));
  store<u8>(BOARD + at + 1, <u8>squareOfBit<V, B>(streakSquare(streak)));
}

/** Writes at most `room` squares of `captured` (12×12: its low word, `high` its high word) at `out`, ascending. */
export function writeCapturedSquares<V, B>(out: usize, captured: B, high: u64, room: i32): void {
  if (rules<V>().twelveByTwelve) {
    // Squares ascend with bits on this board: the low word's, then the high word's.
    let lo = <u64>captured;
    for (let k = 0; k < room && (lo != 0 || high != 0); k++) {
      const b = lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(high);
      if (lo != 0) lo &= lo - 1;
      else high &= high - 1;
      store<u8>(out + k, <u8>squareOfBit<V, B>(b));
    }
    return;
  }
  // Squares ascend with bits except across a mirrored row, so sort the few captured squares.
  let n = 0;
  while (captured != 0 && n < room) {
    const square = <u8>squareOfBit<V, B>(lowest<B>(captured));
    captured = withoutLowest<B>(captured);
    let j = n++;
    while (j > 0 && load<u8>(out + j - 1) > square) {
      store<u8>(out + j, load<u8>(out + j - 1));
      j--;
    }
    store<u8>(out + j, square);
  }
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
  writeCapturedSquares<V, B>(out + RECORD_CAPTURED, <B>capturedAt(move), capturedHighAt(move), room);
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
