// Square numbers (1 … N²/2, as in PDN; 1 … 64 in turkish) to bits and back. The mirrored boards of italian and
// spanish number each row from the other end, seen from the internal standard orientation.

import { geometry } from "./geometry";
import { rules } from "./variants";

@inline function mirrorInRow(index: i32): i32 {
  return (index & ~3) | (3 - (index & 3));
}

// Each board's geometry numbers its squares (geometry.ts `Diagonal`, orthogonal.ts, lines.ts,
// board-12x12.ts): an index row by row from the top, and its bit. The variant is its geometry.

/** Number of squares of the variant's board: 32, 50, 72 on 12×12, or all 64 of turkish's. */
@inline export function squaresOf<V, B>(): i32 {
  return geometry<V>().squareCount<B>();
}

@inline export function bitOfSquare<V, B>(square: i32): i32 {
  const index = square - 1;
  return geometry<V>().bitOfIndex<B>(rules<V>().mirrored ? mirrorInRow(index) : index);
}

@inline export function squareOfBit<V, B>(b: i32): i32 {
  const index = geometry<V>().indexOfBit<B>(b);
  return (rules<V>().mirrored ? mirrorInRow(index) : index) + 1;
}

/** Bit `b` as the set word `B` the generic code holds: on 12×12 the low word's (none for a bit past 63). */
@inline export function lowBitOf<V, B>(b: i32): B {
  return geometry<V>().lowBit<B>(b);
}

/** Bit `b` in a set's high word: 12×12's (none for a bit below 64), none on the other boards. */
@inline export function highBitOf<V>(b: i32): u64 {
  return geometry<V>().highBit(b);
}
