// Perft of frisian: as perft.ts, but each node carries both sides' king streaks
// (movegen/king-streak.ts), since which moves are legal depends on the moves before.

import { bit } from "./board/bitboard";
import { Black, White, isWhite } from "./board/side";
import { countFrisian, generateFrisian } from "./movegen/frisian";
import { restrictedKing, streakAfter } from "./movegen/king-streak";
import { FLAG_KING, FLAG_PROMOTES, capturedOf, countOf, flagsOf, fromOf, toOf } from "./movegen/movelist";

/** Perft of the position where side `C` (owning `us`, streak `ours`) is to move. */
export function perftFrisian<V, C>(us: u64, them: u64, kings: u64, ours: u32, theirs: u32, depth: i32, top: i32): u64 {
  if (depth <= 0) return 1;
  const restricted = restrictedKing(ours, us, kings);
  if (depth == 1) return <u64>countFrisian<V, C>(us, them, kings, restricted, top);
  const end = generateFrisian<V, C>(us, them, kings, restricted, top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += perftFrisianAfter<V, C>(i, us, them, kings, ours, theirs, depth - 1, end);
  return nodes;
}

/** Perft of the position after move `index` of side `C`. */
export function perftFrisianAfter<V, C>(index: i32, us: u64, them: u64, kings: u64, ours: u32, theirs: u32, depth: i32, top: i32): u64 {
  const from = fromOf(index);
  const to = toOf(index);
  const flags = flagsOf(index);
  const moved = bit<u64>(from);
  const landed = bit<u64>(to);
  const captured = capturedOf(index);
  let nextKings = kings & ~captured & ~moved;
  if ((flags & (FLAG_KING | FLAG_PROMOTES)) != 0) nextKings |= landed;
  const nextOurs = streakAfter(ours, from, to, flags, countOf(index));
  const nextUs = them & ~captured;
  const nextThem = (us & ~moved) | landed;
  return isWhite<C>()
    ? perftFrisian<V, Black>(nextUs, nextThem, nextKings, theirs, nextOurs, depth, top)
    : perftFrisian<V, White>(nextUs, nextThem, nextKings, theirs, nextOurs, depth, top);
}
