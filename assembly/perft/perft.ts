// Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
// generator. The last ply is bulk-counted. Positions are passed by value (copy-make in
// registers), so a node costs one generation and no undo. On 12×12 (canadian) the sets passed
// are the low words; the high words go down the tree a slot per remaining depth
// (position/high-words.ts), the root's at slot `depth`.

import { bit, lowest, withoutLowest } from "../board/bitboard";
import { moveAt } from "../movegen/movelist";
import { singleCaptures } from "../movegen/capture-count";
import { allSquares, neighbour, opposite, promotionRow, step } from "../board/geometry";
import { capturersOn, capturesOn, countLegal, generateLegal, setRestrictedKing } from "../movegen/legal";
import { restrictedKing } from "../movegen/king-streak";
import { nextKings, nextStreaks, nextThem, nextUs } from "../position/make";
import { enterHigh, highAt, kingsAfter, makeHigh, themAfter } from "../position/high-words";
import { kingTargets } from "../movegen/quiet";
import { optionalCapture, rules } from "../board/variants";
import { Black, White, forwardLeft, forwardRight, isWhite } from "../board/side";

/** Perft of the position where side `C` (owning `us`) is to move; `streaks`: frisian's (position/make.ts). */
export function perft<V, B, C>(us: B, them: B, kings: B, depth: i32, top: i32, streaks: u64 = 0): u64 {
  // Frisian: a king at the end of its streak may only capture (movegen/king-streak.ts).
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(<u32>streaks, <u64>us, <u64>kings));
  enterHigh<V>(depth);
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return <u64>countLegal<V, B, C>(us, them, kings, top);
  }
  // perftTwo makes moves with the one-word diagonal boards' set shifts; turkish, frisian and canadian take the general path.
  if (depth == 2 && !rules<V>().orthogonal && !rules<V>().frisian && !rules<V>().twelveByTwelve) {
    return isWhite<C>() ? perftTwo<V, B, C, Black>(us, them, kings, top) : perftTwo<V, B, C, White>(us, them, kings, top);
  }
  const end = generateLegal<V, B, C>(us, them, kings, top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += perftAfter<V, B, C>(i, us, them, kings, depth - 1, end, streaks);
  return nodes;
}

/**
 * Perft 2 of side `C` (the opponent is `O`): the hottest loop of perft. Moves without capture
 * and single-jump captures are made straight from the bitboards, never written, and every
 * child's moves are counted inline, so nothing is called but the capture search, and that
 * only where a capture goes on (or a flying king can capture).
 */
function perftTwo<V, B, C, O>(us: B, them: B, kings: B, top: i32): u64 {
  let nodes: u64 = 0;
  const singles = singleCaptures<V, B, C, PerftAfterSingles>(us, them, kings, top);
  if (singles > 0) {
    nodes = <u64>(singles >> 1);
    if (!optionalCapture()) return nodes;
  } else if (singles < 0) {
    const end = capturesOn<V, B, C>(us, them, kings, capturersOn<V, B, C>(us, them, kings), top);
    for (let i = top; i < end; i++) nodes += <u64>countAfter<V, B, C, O>(i, us, them, kings, end);
    if (end != top && !optionalCapture()) return nodes;
  }
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  const crowning = promotionRow<B>(isWhite<C>());
  for (let side = 0; side < 2; side++) {
    const direction = side == 0 ? forwardLeft<C>() : forwardRight<C>();
    let targets = step<B>(men, direction) & empty;
    while (targets != 0) {
      const to = lowest<B>(targets);
      targets = withoutLowest<B>(targets);
      const moved = bit<B>(neighbour<B>(opposite(direction), to));
      const landed = bit<B>(to);
      nodes += <u64>countLegal<V, B, O>(them, us ^ moved ^ landed, kings | (landed & crowning), top);
    }
  }
  let ours = us & kings;
  while (ours != 0) {
    const from = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    const moved = bit<B>(from);
    let targets = kingTargets<V, B>(from, empty);
    while (targets != 0) {
      const landed = bit<B>(lowest<B>(targets));
      targets = withoutLowest<B>(targets);
      nodes += <u64>countLegal<V, B, O>(them, us ^ moved ^ landed, kings ^ moved ^ landed, top);
    }
  }
  return nodes;
}

/** Number of legal moves of side `O` after move `index` of side `C`. */
@inline function countAfter<V, B, C, O>(index: i32, us: B, them: B, kings: B, top: i32): i32 {
  const move = moveAt(index);
  return countLegal<V, B, O>(nextUs<B>(move, them), nextThem<B>(move, us), nextKings<B>(move, kings), top);
}

/** Perft of the position after move `index` of side `C`. */
@inline export function perftAfter<V, B, C>(index: i32, us: B, them: B, kings: B, depth: i32, top: i32, streaks: u64 = 0): u64 {
  const move = moveAt(index);
  const after = rules<V>().frisian ? nextStreaks(move, streaks) : 0;
  const twelve = rules<V>().twelveByTwelve;
  // A leaf (depth 0) lists nothing, so its high words are not needed (nor its slot).
  if (twelve && depth > 0) makeHigh<C>(move, highAt(depth + 1), highAt(depth));
  return isWhite<C>()
    ? perft<V, B, Black>(nextUs<B>(move, them), themAfter<B>(move, us, twelve), kingsAfter<B>(move, kings, twelve), depth, top, after)
    : perft<V, B, White>(nextUs<B>(move, them), themAfter<B>(move, us, twelve), kingsAfter<B>(move, kings, twelve), depth, top, after);
}

/** The visitor of `singleCaptures` for perft 2: the number of replies after each single jump. */
@final @unmanaged class PerftAfterSingles {
  @inline visit<V, B, C>(landings: B, direction: i32, byKing: bool, us: B, them: B, kings: B, top: i32): u64 {
    return landings != 0 ? repliesAfterJumps<V, B, C>(landings, direction, byKing, us, them, kings, top) : 0;
  }
}

/** The number of replies after each single jump landing on `landings`, made in `direction`. */
function repliesAfterJumps<V, B, C>(landings: B, direction: i32, byKing: bool, us: B, them: B, kings: B, top: i32): u64 {
  let nodes: u64 = 0;
  const back = opposite(direction);
  while (landings != 0) {
    const to = lowest<B>(landings);
    landings = withoutLowest<B>(landings);
    const over = neighbour<B>(back, to);
    const moved = bit<B>(neighbour<B>(back, over));
    const taken = bit<B>(over);
    const landed = bit<B>(to);
    // A single jump ends the move: a man landing on the far row is crowned.
    const nextKings = byKing ? (kings & ~taken) ^ moved ^ landed : (kings & ~taken) | (landed & promotionRow<B>(isWhite<C>()));
    const nextUs = them & ~taken;
    const nextThem = us ^ moved ^ landed;
    nodes += isWhite<C>()
      ? <u64>countLegal<V, B, Black>(nextUs, nextThem, nextKings, top)
      : <u64>countLegal<V, B, White>(nextUs, nextThem, nextKings, top);
  }
  return nodes;
}
