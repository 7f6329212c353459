// Square numbers (1 … N²/2, as in PDN) to bits and back. The mirrored boards of italian and
// spanish number each row from the other end, seen from the internal standard orientation.

import { bitOfIndex, indexOfBit } from "./geometry";
import { rules } from "./variants";

@inline function mirrorInRow(index: i32): i32 {
  return (index & ~3) | (3 - (index & 3));
}

@inline export function bitOfSquare<V, B>(square: i32): i32 {
  const index = square - 1;
  return bitOfIndex<B>(rules<V>().mirrored ? mirrorInRow(index) : index);
}

@inline export function squareOfBit<V, B>(b: i32): i32 {
  const index = indexOfBit<B>(b);
  return (rules<V>().mirrored ? mirrorInRow(index) : index) + 1;
}
