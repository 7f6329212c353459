// BOARD, the buffer a position comes in by (and the game state's goes back out by): the host
// writes it through a typed-array view, and a call reads it once; nothing is passed per move.
// Its layout (contract/contract.ts, which the binding's copy is made from):
//
// BOARD (BOARD_BYTES): [BOARD_SIDE] side to move (0 White, 1 Black); [s], s = 1 … 72: the piece
//   on square s (PDN numbering of the variant), a PIECE_* code. Frisian only, [BOARD_STREAKS …
//   + 4), past the last square of any board (canadian's 72): the king streaks
//   (movegen/king-streak.ts): how many quiet moves in a row White's last moves made with one
//   king (0 … 3), that king's square (0 when the count is 0), and the same for Black.
// The moves and counts go out by records.ts.

import { bitOfSquare, highBitOf, lowBitOf, squareOfBit, squaresOf } from "../board/squares";
import { rules } from "../board/variants";
import { keyOf } from "../board/zobrist";
import { HIGH_BYTES } from "../board/record";
import { streaksOf } from "../position/make";
import { highWordsOf } from "../position/high-words";
import { STREAK_LIMIT, streakCount, streakFits, streakOf, streakSquare } from "../movegen/king-streak";
import { BOARD_BYTES, BOARD_SIDE, BOARD_STREAKS, PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "../contract/contract";

export const BOARD = memory.data(BOARD_BYTES);

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

/** Reads BOARD; false when it holds a code that is no piece. */
export function readBoard<V, B>(): bool {
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
    // 12×12 splits its bits between the two words (board/squares.ts); the other boards have one.
    const b = lowBitOf<V, B>(at);
    const high = highBitOf<V>(at);
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
  // High words on 12×12, 0 on the other boards.
  store<u64>(BOARD_HIGH, whiteHigh, 0);
  store<u64>(BOARD_HIGH, blackHigh, 8);
  store<u64>(BOARD_HIGH, kingsHigh, 16);
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
  return (low & lowBitOf<V, B>(b)) != 0 || (highBitOf<V>(b) != 0 && (load<u64>(high) & highBitOf<V>(b)) != 0);
}

@inline function writeStreak<V, B>(at: i32, streak: u32): void {
  if (streak == 0) return;
  store<u8>(BOARD + at, <u8>streakCount(streak));
  store<u8>(BOARD + at + 1, <u8>squareOfBit<V, B>(streakSquare(streak)));
}

/** The side to move's pieces read from BOARD (12×12: their low word). */
@inline export function boardUs<B>(): B { return <B>(boardWhiteToMove ? boardWhite : boardBlack); }
/** The other side's pieces read from BOARD (12×12: their low word). */
@inline export function boardThem<B>(): B { return <B>(boardWhiteToMove ? boardBlack : boardWhite); }

/** Where the high words read from BOARD are, for what reads a whole board (keyOf, a walk's root record): BOARD_HIGH on 12×12, 0 on a board without them. */
@inline export function boardHigh<V>(): usize {
  return highWordsOf<V>(BOARD_HIGH);
}

/** The Zobrist key of the position read from BOARD. */
export function boardKey<V, B>(): u64 {
  return keyOf<B>(<B>boardWhite, <B>boardBlack, <B>boardKings, boardWhiteToMove, boardHigh<V>());
}

/** Frisian's king streaks read from BOARD, packed as a walk carries them (position/make.ts streaksOf), the side to move's first; 0 elsewhere. */
@inline export function boardStreaks<V>(): u64 {
  const white = boardWhiteToMove;
  return rules<V>().frisian ? streaksOf(white ? boardStreakWhite : boardStreakBlack, white ? boardStreakBlack : boardStreakWhite) : 0;
}
