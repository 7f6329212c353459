// The static evaluation: a linear sum of weights (weights.ts) times features counted with
// bitboard masks, from White's side, turned to the side to move by the search. It is only
// ever asked about quiet positions (no capture pending): the search resolves captures first.

import { bit, count, isTenByTen, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, SE, SW, bitOfIndex, boardSize, step } from "../board/geometry";
import { kingTargets } from "../movegen/quiet";
import { rules } from "../board/variants";
import {
  ADVANCE, BACK_GUARD, BALANCE, CENTRE, DRIVE, KING, KING_MOBILITY, RUNAWAY, RUNAWAY_STEP, TRADE, weight,
} from "./weights";

// Masks per board, built once: rows from the top (row 0 is White's promotion row), the centre,
// the left and right halves, the long diagonal, and each bit's row and column.
const ROWS_8 = memory.data(8 * 10);
const ROWS_10 = memory.data(8 * 10);
const MASKS_8 = memory.data(8 * 6);
const MASKS_10 = memory.data(8 * 6);
const ROW_OF_8 = memory.data(64);
const ROW_OF_10 = memory.data(64);
const COLUMN_OF_8 = memory.data(64);
const COLUMN_OF_10 = memory.data(64);
const MASK_CENTRE = 0;
const MASK_LEFT = 1;
const MASK_RIGHT = 2;
const MASK_LONG_DIAGONAL = 3;
/** The rows where a man of White (Black) is near enough promotion to be checked as a runaway. */
const MASK_NEAR_WHITE = 4;
const MASK_NEAR_BLACK = 5;

@inline function rowMask<B>(row: i32): B {
  return <B>load<u64>((isTenByTen<B>() ? ROWS_10 : ROWS_8) + (<usize>row << 3));
}

@inline function mask<B>(which: i32): B {
  return <B>load<u64>((isTenByTen<B>() ? MASKS_10 : MASKS_8) + (<usize>which << 3));
}

@inline function rowOf<B>(b: i32): i32 {
  return <i32>load<u8>((isTenByTen<B>() ? ROW_OF_10 : ROW_OF_8) + <usize>b);
}

@inline function columnOf<B>(b: i32): i32 {
  return <i32>load<u8>((isTenByTen<B>() ? COLUMN_OF_10 : COLUMN_OF_8) + <usize>b);
}

function buildMasks<B>(): void {
  const n = boardSize<B>();
  const half = n >> 1;
  const rows = isTenByTen<B>() ? ROWS_10 : ROWS_8;
  const masks = isTenByTen<B>() ? MASKS_10 : MASKS_8;
  for (let index = 0; index < half * n; index++) {
    const row = index / half;
    const column = ((index % half) << 1) + ((row & 1) ^ 1);
    const b = bitOfIndex<B>(index);
    const at = <u64>bit<B>(b);
    store<u8>((isTenByTen<B>() ? ROW_OF_10 : ROW_OF_8) + <usize>b, <u8>row);
    store<u8>((isTenByTen<B>() ? COLUMN_OF_10 : COLUMN_OF_8) + <usize>b, <u8>column);
    store<u64>(rows + (<usize>row << 3), load<u64>(rows + (<usize>row << 3)) | at);
    const central = (row == half - 1 || row == half) && column >= 2 && column < n - 2;
    if (central) store<u64>(masks + (MASK_CENTRE << 3), load<u64>(masks + (MASK_CENTRE << 3)) | at);
    const side = column < half ? MASK_LEFT : MASK_RIGHT;
    store<u64>(masks + (<usize>side << 3), load<u64>(masks + (<usize>side << 3)) | at);
    // The long diagonal runs from the bottom-left corner (row n-1, column 0) to the top right.
    if (row + column == n - 1) store<u64>(masks + (MASK_LONG_DIAGONAL << 3), load<u64>(masks + (MASK_LONG_DIAGONAL << 3)) | at);
    // Runaways are looked for within three rows of promotion (four on 10×10).
    const reach = isTenByTen<B>() ? 4 : 3;
    if (row >= 1 && row <= reach) store<u64>(masks + (MASK_NEAR_WHITE << 3), load<u64>(masks + (MASK_NEAR_WHITE << 3)) | at);
    if (row <= n - 2 && row >= n - 1 - reach) store<u64>(masks + (MASK_NEAR_BLACK << 3), load<u64>(masks + (MASK_NEAR_BLACK << 3)) | at);
  }
}

buildMasks<u32>();
buildMasks<u64>();

/** The weight family of variant `V`. */
@inline export function familyOf<V>(): i32 {
  return rules<V>().tenByTen ? 2 : rules<V>().flyingKings ? 1 : 0;
}

/** Advancement, back guard and centre of `men`, White's (rows counted up from the bottom) or Black's. */
@inline function menTerms<B>(family: i32, men: B, white: bool): i32 {
  const n = isTenByTen<B>() ? 10 : 8;
  let score = 0;
  for (let r = 1; r < n - 1; r++) {
    score += weight(family, ADVANCE + r) * count<B>(men & rowMask<B>(white ? n - 1 - r : r));
  }
  score += weight(family, BACK_GUARD) * count<B>(men & rowMask<B>(white ? n - 1 : 0));
  score += weight(family, CENTRE) * count<B>(men & mask<B>(MASK_CENTRE));
  const balance = count<B>(men & mask<B>(MASK_LEFT)) - count<B>(men & mask<B>(MASK_RIGHT));
  score -= weight(family, BALANCE) * abs(balance);
  return score;
}

/**
 * Runaway men: no enemy piece anywhere in the cone of squares in front of the man, up to the
 * promotion row, so nothing can stand in its way. Only men within a few rows of promotion are
 * looked at (MASK_NEAR_*: the cone of a man further back is rarely empty, and it costs a loop a row).
 */
function runaways<B>(family: i32, men: B, enemies: B, white: bool): i32 {
  const n = isTenByTen<B>() ? 10 : 8;
  let candidates = men & mask<B>(white ? MASK_NEAR_WHITE : MASK_NEAR_BLACK);
  let score = 0;
  while (candidates != 0) {
    const b = lowest<B>(candidates);
    candidates = withoutLowest<B>(candidates);
    const rowsLeft = white ? rowOf<B>(b) : n - 1 - rowOf<B>(b);
    let front = bit<B>(b);
    let cone: B = 0;
    for (let i = 0; i < rowsLeft; i++) {
      front = white ? step<B>(front, NW) | step<B>(front, NE) : step<B>(front, SW) | step<B>(front, SE);
      cone |= front;
    }
    if ((cone & enemies) == 0) score += weight(family, RUNAWAY) - weight(family, RUNAWAY_STEP) * rowsLeft;
  }
  return score;
}

@inline function kingMoves<V, B>(kings: B, empty: B): i32 {
  if (!rules<V>().flyingKings) {
    return count<B>(step<B>(kings, NW) & empty) + count<B>(step<B>(kings, NE) & empty)
      + count<B>(step<B>(kings, SW) & empty) + count<B>(step<B>(kings, SE) & empty);
  }
  let total = 0;
  while (kings != 0) {
    total += count<B>(kingTargets<V, B>(lowest<B>(kings), empty));
    kings = withoutLowest<B>(kings);
  }
  return total;
}

/** Steps (king moves on an empty board) between two squares. */
@inline function distance<B>(a: i32, b: i32): i32 {
  return max(abs(rowOf<B>(a) - rowOf<B>(b)), abs(columnOf<B>(a) - columnOf<B>(b)));
}

/** For the side with more pieces against kings only: how near its kings are to the enemy's. */
function drive<B>(family: i32, strongKings: B, weakKings: B): i32 {
  const far = isTenByTen<B>() ? 9 : 7;
  let score = 0;
  while (strongKings != 0) {
    const k = lowest<B>(strongKings);
    strongKings = withoutLowest<B>(strongKings);
    let nearest = far;
    let rest = weakKings;
    while (rest != 0) {
      nearest = min(nearest, distance<B>(k, lowest<B>(rest)));
      rest = withoutLowest<B>(rest);
    }
    score += weight(family, DRIVE) * (far - nearest);
  }
  return score;
}

/**
 * Flying-king endings the stronger side cannot win: a lone king against one or two pieces, or
 * against three while it holds the long diagonal (RULES.md's counting rules end such games
 * drawn, and over the board they are known draws).
 */
@inline function heldByLoneKing<V, B>(lone: B, kings: B, strong: B): bool {
  if (!rules<V>().flyingKings || count<B>(lone) != 1 || (lone & kings) == 0) return false;
  const pieces = count<B>(strong);
  if (pieces <= 2) return (strong & kings) != 0;
  return pieces == 3 && (strong & kings) != 0 && (lone & mask<B>(MASK_LONG_DIAGONAL)) != 0;
}

/** The evaluation from White's side. */
export function evaluateWhite<V, B>(white: B, black: B, kings: B): i32 {
  if (heldByLoneKing<V, B>(white, kings, black) || heldByLoneKing<V, B>(black, kings, white)) return 0;
  const family = familyOf<V>();
  const whiteMen = white & ~kings;
  const blackMen = black & ~kings;
  const whiteKings = white & kings;
  const blackKings = black & kings;
  const whitePieces = count<B>(white);
  const blackPieces = count<B>(black);
  const kingValue = weight(family, KING);
  const material = 100 * (count<B>(whiteMen) - count<B>(blackMen)) + kingValue * (count<B>(whiteKings) - count<B>(blackKings));
  let score = material;
  score += menTerms<B>(family, whiteMen, true) - menTerms<B>(family, blackMen, false);
  if (kings != 0) {
    const empty = ~(white | black);
    score += weight(family, KING_MOBILITY) * (kingMoves<V, B>(whiteKings, empty) - kingMoves<V, B>(blackKings, empty));
  }
  // A runaway only matters while the other side has no king to stop it in time.
  if (blackKings == 0) score += runaways<B>(family, whiteMen, black, true);
  if (whiteKings == 0) score -= runaways<B>(family, blackMen, white, false);
  if (material != 0) score += material * weight(family, TRADE) / (100 * (whitePieces + blackPieces));
  if (whiteMen == 0 && blackMen == 0 && whitePieces != blackPieces) {
    score += whitePieces > blackPieces ? drive<B>(family, whiteKings, blackKings) : -drive<B>(family, blackKings, whiteKings);
  }
  return score;
}

/** The evaluation from the side to move. */
@inline export function evaluate<V, B>(white: B, black: B, kings: B, whiteToMove: bool): i32 {
  const score = evaluateWhite<V, B>(white, black, kings);
  return whiteToMove ? score : -score;
}

