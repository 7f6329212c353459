// Perft on the 12×12 board (canadian): as perft.ts beside it, with each set passed as its two words.
// The last ply is bulk-counted; positions are passed by value, so a node costs one generation;
// the child's words come from position/make.ts, as the search's do.

import { Black, White, isWhite } from "../board/side";
import { countCanadian, generateCanadian } from "../movegen/canadian";
import { moveAt } from "../movegen/movelist";
import { nextKingsHi, nextKingsLo, nextThemHi, nextThemLo, nextUs, nextUsHi } from "../position/make";

/** Perft of the position where side `C` (owning `us`) is to move. */
export function perft12<V, C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, depth: i32, top: i32): u64 {
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return <u64>countCanadian<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, top);
  }
  const end = generateCanadian<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += perftAfter12<V, C>(i, usLo, usHi, themLo, themHi, kingsLo, kingsHi, depth - 1, end);
  return nodes;
}

/** Perft of the position after move `index` of side `C`. */
export function perftAfter12<V, C>(index: i32, usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, depth: i32, top: i32): u64 {
  const move = moveAt(index);
  const nextUsLo = nextUs<u64>(move, themLo);
  const nextUsHigh = nextUsHi(move, themHi);
  const nextThemLow = nextThemLo(move, usLo);
  const nextThemHigh = nextThemHi(move, usHi);
  const nextKingsLow = nextKingsLo(move, kingsLo);
  const nextKingsHigh = nextKingsHi(move, kingsHi);
  return isWhite<C>()
    ? perft12<V, Black>(nextUsLo, nextUsHigh, nextThemLow, nextThemHigh, nextKingsLow, nextKingsHigh, depth, top)
    : perft12<V, White>(nextUsLo, nextUsHigh, nextThemLow, nextThemHigh, nextKingsLow, nextKingsHigh, depth, top);
}
