// The 12×12 board of canadian (RULES-more-variants.md 8): 72 playable squares in a padded layout
// of 128 bits held as two u64 words, `lo` (bits 0 … 63) and `hi` (bits 64 … 127).
//
// Layout: bit = index + index / 12, a ghost bit after every second row (bits 12, 25, 38, 51,
// 64), as the 10×10 board does after every second row (geometry.ts): each pair of rows takes 13
// bits, so the diagonal steps are a constant 6 and 7 bits, and a step off either side of the
// board lands on a ghost bit or outside the 77 bits used. Rows 0 … 9 take bits 0 … 63 of the
// low word (bit 64, the first of the high word, is the ghost after row 9), rows 10 and 11 take
// bits 65 … 76.
//
// Why two words and not a v128: WebAssembly has no 128-bit scalar; v128's shifts act per 64-bit
// lane, so a whole-board step costs the same shift, carry and OR as two words, and bit scans
// (ctz, clz, popcnt) have no v128 form at all. A single SIMD instruction would also stop the
// whole core from loading on engines without SIMD, for every variant.

import { Board } from "./bitboard";
import { NE, NW, OFF_BOARD, SE, SW, isUp } from "./geometry";

/**
 * Canadian's board as a type (variants.ts `Canadian` extends it). Its sets are two words, which
 * the one-word generators cannot take (a generic generator over a two-word set was measured
 * slower: docs/architecture.md), so movegen/legal.ts sends a variant whose board has high words
 * to movegen/canadian.ts and never passes it to them as a geometry. What the rest of the core
 * asks of a board (geometry.ts `DiagonalSquares` says what each means) it answers like the others: the
 * generic code holds a set's low word as `B`, the high word rides in the position's record.
 */
@unmanaged export class Diagonal12 {
  @inline get board(): Board { return Board.Diagonal12; }
  @inline squareCount<B>(): i32 { return SQUARES_12; }
  @inline bitOfIndex<B>(index: i32): i32 { return bitOfIndex12(index); }
  @inline indexOfBit<B>(b: i32): i32 { return indexOfBit12(b); }
  @inline lowBit<B>(b: i32): B { return <B>bitLo(b); }
  @inline highBit(b: i32): u64 { return bitHi(b); }
  @inline get highWords(): bool { return true; }
  /** 77 bits used, rounded up to 80. */
  @inline get setBits(): i32 { return 80; }
  @inline get diagonalTables(): bool { return false; }
}

export const SIZE_12: i32 = 12;
export const SQUARES_12: i32 = 72;
/** Bits a table row covers (77 used, 5 of them ghosts). */
const STRIDE_12: i32 = 128;

/** The playable squares: bits 0 … 63 less the ghosts 12, 25, 38, 51; bits 65 … 76. */
export const SQUARES_LO: u64 = 0xfff7ffbffdffefff;
export const SQUARES_HI: u64 = 0x1ffe;

/** Row 0 (where White men promote): bits 0 … 5. */
export const TOP_ROW_LO: u64 = 0x3f;
/** Row 11 (where Black men promote): bits 71 … 76. */
export const BOTTOM_ROW_HI: u64 = 0x3f << 7;

const NEIGHBOURS_12 = memory.data(4 * STRIDE_12);

@inline export function bitOfIndex12(index: i32): i32 {
  return index + index / 12;
}

@inline export function indexOfBit12(b: i32): i32 {
  return b - b / 13;
}

/** The square next to `b` in `direction`, or OFF_BOARD. */
@inline export function neighbour12(direction: i32, b: i32): i32 {
  return <i32>load<u8>(NEIGHBOURS_12 + direction * STRIDE_12 + b);
}

/** Whether bit `b` is set in the set (`lo`, `hi`). */
@inline export function has2(lo: u64, hi: u64, b: i32): bool {
  return b < 64 ? ((lo >> <u64>b) & 1) != 0 : ((hi >> <u64>(b - 64)) & 1) != 0;
}

/** The low word of the single bit `b`. */
@inline export function bitLo(b: i32): u64 {
  return b < 64 ? (<u64>1) << <u64>b : 0;
}

/** The high word of the single bit `b`. */
@inline export function bitHi(b: i32): u64 {
  return b >= 64 ? (<u64>1) << <u64>(b - 64) : 0;
}

/** The shift of one step in `direction`: up-left 7, up-right 6 bits down; down-left 6, down-right 7 up. */
@inline export function shiftOf(direction: i32): i32 {
  return direction == NW || direction == SE ? 7 : 6;
}

/** The low word of the set (`lo`, `hi`) stepped once in `direction` (ghosts and squares off the board dropped). */
@inline export function stepLo(lo: u64, hi: u64, direction: i32): u64 {
  const s = <u64>shiftOf(direction);
  return (isUp(direction) ? (lo >> s) | (hi << (64 - s)) : lo << s) & SQUARES_LO;
}

/** The high word of the same step. */
@inline export function stepHi(lo: u64, hi: u64, direction: i32): u64 {
  const s = <u64>shiftOf(direction);
  return (isUp(direction) ? hi >> s : (hi << s) | (lo >> (64 - s))) & SQUARES_HI;
}

function buildNeighbours(): void {
  memory.fill(NEIGHBOURS_12, <u8>OFF_BOARD, 4 * STRIDE_12);
  for (let index = 0; index < SQUARES_12; index++) {
    const row = index / 6;
    // Standard orientation: (row + column) is odd on playable squares.
    const column = ((index % 6) << 1) + ((row & 1) ^ 1);
    for (let direction = 0; direction < 4; direction++) {
      const r = row + (isUp(direction) ? -1 : 1);
      const c = column + ((direction & 1) != 0 ? 1 : -1);
      if (r < 0 || r >= SIZE_12 || c < 0 || c >= SIZE_12) continue;
      store<u8>(NEIGHBOURS_12 + direction * STRIDE_12 + bitOfIndex12(index), <u8>bitOfIndex12(r * 6 + (c >> 1)));
    }
  }
}

buildNeighbours();

// The directions are geometry.ts's (NW, NE up; SW, SE down), re-exported for the generator.
export { NE, NW, SE, SW };
