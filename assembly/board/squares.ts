// Square numbers (1 … N²/2, as in PDN; 1 … 64 in turkish) to bits and back. The mirrored boards of italian and
// spanish number each row from the other end, seen from the internal standard orientation.

import { bit } from "./bitboard";
import { SQUARES_12, bitHi, bitLo, bitOfIndex12, indexOfBit12 } from "./board-12x12";
import { bitOfIndex, indexOfBit, squareCount } from "./geometry";
import { rules } from "./variants";

@inline function mirrorInRow(index: i32): i32 {
  return (index & ~3) | (3 - (index & 3));
}

/** Number of squares of the variant's board: 32, 50, 72 on 12×12, or all 64 of turkish's. */
@inline export function squaresOf<V, B>(): i32 {
  if (rules<V>().twelveByTwelve) return SQUARES_12;
  return rules<V>().orthogonal ? 64 : squareCount<B>();
}

@inline export function bitOfSquare<V, B>(square: i32): i32 {
  // Turkish numbers all 64 squares row by row from the top, as its bits (board/orthogonal.ts).
  if (rules<V>().orthogonal) return square - 1;
  const index = square - 1;
  if (rules<V>().twelveByTwelve) return bitOfIndex12(index);
  return bitOfIndex<B>(rules<V>().mirrored ? mirrorInRow(index) : index);
}

@inline export function squareOfBit<V, B>(b: i32): i32 {
  if (rules<V>().orthogonal) return b + 1;
  if (rules<V>().twelveByTwelve) return indexOfBit12(b) + 1;
  const index = indexOfBit<B>(b);
  return (rules<V>().mirrored ? mirrorInRow(index) : index) + 1;
}

/** Bit `b` as the set word `B` the generic code holds: on 12×12 the low word's (none for a bit past 63). */
@inline export function lowBitOf<V, B>(b: i32): B {
  return rules<V>().twelveByTwelve ? <B>bitLo(b) : bit<B>(b);
}

/** Bit `b` in a set's high word: 12×12's (none for a bit below 64), none on the other boards. */
@inline export function highBitOf<V>(b: i32): u64 {
  return rules<V>().twelveByTwelve ? bitHi(b) : 0;
}
