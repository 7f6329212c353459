// Board geometry: where each square lives in a bitboard, and the tables that move generation
// reads (neighbours, diagonal rays, promotion rows). Built once at instantiation.
//
// Internally every board is in the standard orientation (bottom-left corner playable) and
// squares are indexed 0… row by row from the top, left to right; the mirrored numbering of
// `italian` and `spanish` is a different map from square numbers to these indices (see
// squares.ts), which is sound because every rule is symmetric left to right.
//
// Bit layouts:
//   8×8   (u32): bit = index. Diagonal steps are 3, 4 or 5 bits depending on the row's parity.
//   10×10 (u64): bit = index + index / 10, a ghost bit after every second row (bits 10, 21,
//                32, 43), so that the diagonal steps are a constant 5 and 6 bits and a step off
//                either side of the board lands on a ghost bit or outside the 54 used bits.

import { Board, bit, diagonalTen } from "./bitboard";

/** Diagonal directions. "Up" is towards row 0, White's forward. */
export const NW: i32 = 0;
export const NE: i32 = 1;
export const SW: i32 = 2;
export const SE: i32 = 3;

/** The neighbour table's mark for "off the board". */
export const OFF_BOARD: i32 = 0xff;

/** Bits per table row, for both boards (8×8 uses 32 of them, 10×10 uses 54). */
const STRIDE: i32 = 64;

/** Lines per board in the tables: the 10×10 board's also hold frisian's ranks and files (lines.ts). */
@inline function lineCount<B>(): i32 {
  return diagonalTen<B>() ? 8 : 4;
}

const NEIGHBOURS_8 = memory.data(4 * STRIDE);
const NEIGHBOURS_10 = memory.data(8 * STRIDE);
const RAYS_8 = memory.data(4 * STRIDE * 4);
const RAYS_10 = memory.data(8 * STRIDE * 8);

// 8×8 masks of the bit layout.
const EVEN_ROWS_8: u32 = 0x0f0f0f0f;
const ODD_ROWS_8: u32 = 0xf0f0f0f0;
const LEFT_INDEX_8: u32 = 0x11111111; // k = 0 of each row
const RIGHT_INDEX_8: u32 = 0x88888888; // k = 3 of each row
const SQUARES_10: u64 = 0x003ff7feffdffbff; // 50 squares, ghosts at 10, 21, 32, 43 left out

@inline export function boardSize<B>(): i32 {
  return diagonalTen<B>() ? 10 : 8;
}

@inline export function squareCount<B>(): i32 {
  return diagonalTen<B>() ? 50 : 32;
}

/** All playable squares. */
@inline export function allSquares<B>(): B {
  return diagonalTen<B>() ? <B>SQUARES_10 : <B>0xffffffff;
}

/** Bit of the square with internal index `index` (0-based, standard orientation). */
@inline export function bitOfIndex<B>(index: i32): i32 {
  return diagonalTen<B>() ? index + index / 10 : index;
}

/** Internal index of a bit that is a playable square. */
@inline export function indexOfBit<B>(b: i32): i32 {
  return diagonalTen<B>() ? b - b / 11 : b;
}

/** Row 0, where White men promote. */
@inline export function topRow<B>(): B {
  return diagonalTen<B>() ? <B>0x1f : <B>0xf;
}

/** The last row, where Black men promote. */
@inline export function bottomRow<B>(): B {
  return diagonalTen<B>() ? (<B>0x1f) << (<B>49) : (<B>0xf) << (<B>28);
}

/** The row where men of the side promote. */
@inline export function promotionRow<B>(white: bool): B {
  return white ? topRow<B>() : bottomRow<B>();
}

@inline export function isUp(direction: i32): bool {
  return direction < SW;
}

@inline export function opposite(direction: i32): i32 {
  return direction ^ 3;
}

/** The square next to `b` in `direction`, or OFF_BOARD. */
@inline export function neighbour<B>(direction: i32, b: i32): i32 {
  return <i32>load<u8>((diagonalTen<B>() ? NEIGHBOURS_10 : NEIGHBOURS_8) + direction * STRIDE + b);
}

/** Every square beyond `b` in `direction`, to the edge of the board. */
@inline export function ray<B>(direction: i32, b: i32): B {
  return load<B>((diagonalTen<B>() ? RAYS_10 : RAYS_8) + ((direction * STRIDE + b) << alignof<B>()));
}

/** The nearest square of `set` along `direction` from anywhere before it; `set` ⊂ a ray. */
@inline export function nearest<B>(direction: i32, set: B): i32 {
  return isUp(direction)
    ? <i32>(sizeof<B>() * 8 - 1) - <i32>clz<B>(set)
    : <i32>ctz<B>(set);
}

/** The farthest square of `set` along `direction`; `set` ⊂ a ray. */
@inline export function farthest<B>(direction: i32, set: B): i32 {
  return isUp(direction)
    ? <i32>ctz<B>(set)
    : <i32>(sizeof<B>() * 8 - 1) - <i32>clz<B>(set);
}

/** 10×10: how far one step in `direction` moves a bit (the layout's constant 5 and 6). */
@inline export function stepBits10(direction: i32): i32 {
  return direction == NW ? -6 : direction == NE ? -5 : direction == SW ? 5 : 6;
}

/**
 * The bit one step from bit `b` in `direction`, by the layout: 10×10's constant 5 and 6 bits,
 * 8×8's 4 and, by the row's parity, 3 or 5. No edge check: that the step stays on the board is
 * the caller's to know (a set test with `step`). A man's jump passes `stepBit(b)` and lands on
 * the step from there.
 */
@inline export function stepBit<B>(b: i32, direction: i32): i32 {
  if (diagonalTen<B>()) return b + stepBits10(direction);
  const oddRow = (b >> 2) & 1;
  return b + (direction == NW ? -4 : direction == NE ? -3 : direction == SW ? 4 : 5) - oddRow;
}

/** Every square of `set` moved one step in `direction` (squares stepping off the board vanish). */
@inline export function step<B>(set: B, direction: i32): B {
  if (diagonalTen<B>()) {
    const bits = stepBits10(direction);
    return (bits < 0 ? set >> <B>(-bits) : set << <B>bits) & <B>SQUARES_10;
  }
  // Even rows have their squares on odd columns, odd rows on even columns: the shift for one
  // diagonal alternates between 4 and 3 or 5 bits, and the edge squares have no step at all.
  if (direction == NW) return ((set & <B>EVEN_ROWS_8) >> 4) | ((set & <B>(ODD_ROWS_8 & ~LEFT_INDEX_8)) >> 5);
  if (direction == NE) return ((set & <B>(EVEN_ROWS_8 & ~RIGHT_INDEX_8)) >> 3) | ((set & <B>ODD_ROWS_8) >> 4);
  if (direction == SW) return ((set & <B>EVEN_ROWS_8) << 4) | ((set & <B>(ODD_ROWS_8 & ~LEFT_INDEX_8)) << 3);
  return ((set & <B>(EVEN_ROWS_8 & ~RIGHT_INDEX_8)) << 5) | ((set & <B>ODD_ROWS_8) << 4);
}

/**
 * A board's lines as a type, read by the generic generators (movegen/) through the phantom
 * instance `geometry<G>()` and folded at compile time like the rules (variants.ts `rules<V>()`).
 * `Diagonal` is the 8×8 or the 10×10 board, as the bitboard type `B` says; turkish's 64 squares
 * are `Orthogonal` (orthogonal.ts), frisian's eight lines `Lines` (lines.ts). Each numbers its
 * `directions` from 0 so that the opposite of `d` is `d ^ 3`; on the first two boards the first
 * two lower the bit index (the functions `nearest` and `farthest` below serve both).
 * `Diagonal` is global because the generators name it as their default geometry, and a default
 * type argument is resolved where the function is called.
 *
 * A variant class extends the geometry of its board (`Diagonal8`, `Diagonal10` below,
 * `Orthogonal`, `Lines`, `Diagonal12`), so the variant is its own geometry: movegen/legal.ts
 * passes `G = V`. No geometry overrides another's members (an overridden member is a virtual
 * call in AssemblyScript), and each names its `board` (bitboard.ts `Board`).
 */
/**
 * What the rest of the core asks of a board besides its lines (squares.ts, the make, the search,
 * perft, the databases), answered by each geometry so that none of them tests which board it is
 * on: here the 8×8 and 10×10 layouts' squares in one word, which `Diagonal` and frisian's
 * `Lines` (lines.ts) share; turkish's `Orthogonal` and 12×12's `Diagonal12` answer their own.
 */
@unmanaged export class DiagonalSquares {
  /** Its squares, bit by internal index and back (squares.ts). */
  @inline squareCount<B>(): i32 { return squareCount<B>(); }
  @inline bitOfIndex<B>(index: i32): i32 { return bitOfIndex<B>(index); }
  @inline indexOfBit<B>(b: i32): i32 { return indexOfBit<B>(b); }
  /** Bit `b` in a set's word `B`, and in its high word (none: one word holds every square). */
  @inline lowBit<B>(b: i32): B { return bit<B>(b); }
  @inline highBit(b: i32): u64 { return 0; }
  /** Whether a set has words beyond `B`, held in the position's record (board/record.ts R_HIGH). */
  @inline get highWords(): bool { return false; }
  /** The bits a square's bit is below, rounded up (the search's history rows, its move codes). */
  @inline get setBits(): i32 { return 64; }
}

// @ts-ignore: decorator
@global @unmanaged export class Diagonal extends DiagonalSquares {
  @inline get directions(): i32 { return 4; }
  @inline allSquares<B>(): B { return allSquares<B>(); }
  @inline promotionRow<B>(white: bool): B { return promotionRow<B>(white); }
  @inline isUp(direction: i32): bool { return direction < SW; }
  @inline isDown(direction: i32): bool { return direction >= SW; }
  @inline step<B>(set: B, direction: i32): B { return step<B>(set, direction); }
  @inline neighbour<B>(direction: i32, b: i32): i32 { return neighbour<B>(direction, b); }
  @inline ray<B>(direction: i32, b: i32): B { return ray<B>(direction, b); }
  @inline nearest<B>(direction: i32, set: B): i32 { return nearest<B>(direction, set); }
  @inline farthest<B>(direction: i32, set: B): i32 { return farthest<B>(direction, set); }
  /**
   * Whether the board is this file's one-word diagonal layout and tables, which perft's two-ply
   * count, the learned evaluation, the training features and the endgame databases' index read.
   */
  @inline get diagonalTables(): bool { return true; }
}

/** The 8×8 diagonal board (u32): english, italian, brazilian, russian, spanish, czech, pool, thai. */
@unmanaged export class Diagonal8 extends Diagonal {
  @inline get board(): Board { return Board.Diagonal8; }
}

/** The 10×10 diagonal board (u64): international, killer (frisian's is `Lines`, lines.ts). */
@unmanaged export class Diagonal10 extends Diagonal {
  @inline get board(): Board { return Board.Diagonal10; }
}

// @ts-ignore: decorator
@inline export function geometry<G>(): G {
  return changetype<G>(0);
}

function buildTables<B>(): void {
  const n = boardSize<B>();
  const half = n >> 1;
  const neighbours = diagonalTen<B>() ? NEIGHBOURS_10 : NEIGHBOURS_8;
  const rays = diagonalTen<B>() ? RAYS_10 : RAYS_8;
  memory.fill(neighbours, <u8>OFF_BOARD, lineCount<B>() * STRIDE);
  for (let index = 0; index < half * n; index++) {
    const row = index / half;
    // Standard orientation: (row + column) is odd on playable squares.
    const column = ((index % half) << 1) + ((row & 1) ^ 1);
    const from = bitOfIndex<B>(index);
    for (let direction = 0; direction < lineCount<B>(); direction++) {
      // Diagonals move one row and one column; frisian's ranks two columns (4 left, 7 right),
      // its files two rows (5 up, 6 down).
      let dr = isUp(direction) ? -1 : 1;
      let dc = (direction & 1) != 0 ? 1 : -1;
      if (direction >= 4) {
        dr = direction == 5 ? -2 : direction == 6 ? 2 : 0;
        dc = direction == 4 ? -2 : direction == 7 ? 2 : 0;
      }
      let r = row + dr;
      let c = column + dc;
      let first = true;
      let rayBits: B = 0;
      while (r >= 0 && r < n && c >= 0 && c < n) {
        const b = bitOfIndex<B>(r * half + (c >> 1));
        if (first) store<u8>(neighbours + direction * STRIDE + from, <u8>b);
        first = false;
        rayBits |= bit<B>(b);
        r += dr;
        c += dc;
      }
      store<B>(rays + ((direction * STRIDE + from) << alignof<B>()), rayBits);
    }
  }
}

buildTables<u32>();
buildTables<u64>();
