// Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
// generator. The last ply is bulk-counted. Positions are passed by value (copy-make in
// registers), so a node costs one generation and no undo.

import { bit } from "./bitboard";
import { FLAG_KING, FLAG_PROMOTES, capturedOf, flagsOf, fromOf, toOf } from "./movelist";
import { countLegal, generateLegal } from "./movegen";
import { Black, White, isWhite } from "./side";

/** Perft of the position where side `C` (owning `us`) is to move. */
export function perft<V, B, C>(us: B, them: B, kings: B, depth: i32, top: i32): u64 {
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return <u64>countLegal<V, B, C>(us, them, kings, top);
  }
  const end = generateLegal<V, B, C>(us, them, kings, top);
  let nodes: u64 = 0;
  if (depth == 2) {
    // The children's counts inline here: the hottest loop of perft makes no call but the
    // capture search, and that only where a capture exists.
    for (let i = top; i < end; i++) {
      nodes += <u64>(isWhite<C>() ? countAfter<V, B, C, Black>(i, us, them, kings, end) : countAfter<V, B, C, White>(i, us, them, kings, end));
    }
    return nodes;
  }
  for (let i = top; i < end; i++) nodes += perftAfter<V, B, C>(i, us, them, kings, depth - 1, end);
  return nodes;
}

/** Number of legal moves of side `O` after move `index` of side `C`. */
@inline function countAfter<V, B, C, O>(index: i32, us: B, them: B, kings: B, top: i32): i32 {
  const moved = bit<B>(fromOf(index));
  const landed = bit<B>(toOf(index));
  const captured = <B>capturedOf(index);
  let nextKings = kings & ~captured & ~moved;
  if ((flagsOf(index) & (FLAG_KING | FLAG_PROMOTES)) != 0) nextKings |= landed;
  return countLegal<V, B, O>(them & ~captured, (us & ~moved) | landed, nextKings, top);
}

/** Perft of the position after move `index` of side `C`. */
@inline export function perftAfter<V, B, C>(index: i32, us: B, them: B, kings: B, depth: i32, top: i32): u64 {
  const moved = bit<B>(fromOf(index));
  const landed = bit<B>(toOf(index));
  const captured = <B>capturedOf(index);
  let nextKings = kings & ~captured & ~moved;
  if ((flagsOf(index) & (FLAG_KING | FLAG_PROMOTES)) != 0) nextKings |= landed;
  const nextUs = them & ~captured;
  const nextThem = (us & ~moved) | landed;
  return isWhite<C>()
    ? perft<V, B, Black>(nextUs, nextThem, nextKings, depth, top)
    : perft<V, B, White>(nextUs, nextThem, nextKings, depth, top);
}
