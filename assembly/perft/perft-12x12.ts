// Perft on the 12×12 board (canadian): as perft.ts beside it, with each set passed as its two words.
// The last ply is bulk-counted; positions are passed by value, so a node costs one generation.

import { bitHi, bitLo } from "../board/board-12x12";
import { Black, White, isWhite } from "../board/side";
import { countCanadian, generateCanadian } from "../movegen/canadian";
import { FLAG_KING, FLAG_PROMOTES, capturedHighOf, capturedOf, flagsOf, fromOf, toOf } from "../movegen/movelist";

/** Perft of the position where side `C` (owning `us`) is to move. */
export function perftLarge<V, C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, depth: i32, top: i32): u64 {
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return <u64>countCanadian<V, C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, top);
  }
  const end = generateCanadian<V, C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += perftAfterLarge<V, C>(i, usLo, usHi, themLo, themHi, kingsLo, kingsHi, depth - 1, end);
  return nodes;
}

/** Perft of the position after move `index` of side `C`. */
export function perftAfterLarge<V, C>(index: i32, usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, depth: i32, top: i32): u64 {
  const from = fromOf(index);
  const to = toOf(index);
  const capLo = capturedOf(index);
  const capHi = capturedHighOf(index);
  const crowned = (flagsOf(index) & (FLAG_KING | FLAG_PROMOTES)) != 0;
  // The piece leaves `from` before it lands on `to` (the same square after a capture round a loop).
  const nextThemLo = (usLo & ~bitLo(from)) | bitLo(to);
  const nextThemHi = (usHi & ~bitHi(from)) | bitHi(to);
  let nextKingsLo = kingsLo & ~capLo & ~bitLo(from);
  let nextKingsHi = kingsHi & ~capHi & ~bitHi(from);
  if (crowned) {
    nextKingsLo |= bitLo(to);
    nextKingsHi |= bitHi(to);
  }
  return isWhite<C>()
    ? perftLarge<V, Black>(themLo & ~capLo, themHi & ~capHi, nextThemLo, nextThemHi, nextKingsLo, nextKingsHi, depth, top)
    : perftLarge<V, White>(themLo & ~capLo, themHi & ~capHi, nextThemLo, nextThemHi, nextKingsLo, nextKingsHi, depth, top);
}
