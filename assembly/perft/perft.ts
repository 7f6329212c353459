// Perft: the number of leaf nodes of the legal-move tree, the standard check of a move
// generator. The last ply is bulk-counted. Positions are passed by value (copy-make in
// registers), so a node costs one generation and no undo. What a position carries besides its
// pieces (frisian's streaks, 12×12's high words, how moves are listed) is in the walk's record of
// its remaining depth (position/record.ts), the root's at `depth`; on 12×12 the sets passed are
// the low words.

import { bit, lowest, withoutLowest } from "../board/bitboard";
import { moveAt } from "../movegen/movelist";
import { singleCaptures } from "../movegen/capture-count";
import { Diagonal, allSquares, geometry, neighbour, opposite, promotionRow, step } from "../board/geometry";
import { capturersOn, capturesOn, countLegal, generateLegal } from "../movegen/legal";
import { nextKings, nextThem, nextUs } from "../position/make";
import { kingsAfter, themAfter } from "../position/high-words";
import { makeRecord, recordAt } from "../position/record";
import { kingTargets, menStepToward } from "../movegen/quiet";
import { optionalAt } from "../board/record";
import { Black, White, isWhite } from "../board/side";

/** Perft of the position where side `C` (owning `us`) is to move, its record at recordAt(depth) (position/record.ts openWalk). */
export function perft<V, B, C>(us: B, them: B, kings: B, depth: i32, top: i32): u64 {
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return <u64>countLegal<V, B, C>(us, them, kings, recordAt(1), top);
  }
  // perftTwo makes moves with the one-word diagonal tables' set shifts; turkish, frisian and canadian take the general path.
  if (depth == 2 && geometry<V>().diagonalTables) {
    return isWhite<C>() ? perftTwo<V, B, C, Black>(us, them, kings, top) : perftTwo<V, B, C, White>(us, them, kings, top);
  }
  const end = generateLegal<V, B, C>(us, them, kings, recordAt(depth), top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += perftAfter<V, B, C>(i, us, them, kings, depth - 1, end);
  return nodes;
}

/**
 * Perft 2 of side `C` (the opponent is `O`): the hottest loop of perft. Moves without capture
 * and single-jump captures are made straight from the bitboards, never written, and every
 * child's moves are counted inline, so nothing is called but the capture search, and that
 * only where a capture goes on (or a flying king can capture). Its variants' records hold only
 * the walk's conventions, so the children's listings need no make of theirs.
 */
function perftTwo<V, B, C, O>(us: B, them: B, kings: B, top: i32): u64 {
  let nodes: u64 = 0;
  const at = recordAt(2);
  const singles = singleCaptures<V, B, C, PerftAfterSingles>(us, them, kings, top);
  if (singles > 0) {
    nodes = <u64>(singles >> 1);
    if (!optionalAt(at)) return nodes;
  } else if (singles < 0) {
    const end = capturesOn<V, B, C>(us, them, kings, at, capturersOn<V, B, C>(us, them, kings, at), top);
    for (let i = top; i < end; i++) nodes += <u64>countAfter<V, B, C, O>(i, us, them, kings, end);
    if (end != top && !optionalAt(at)) return nodes;
  }
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  const crowning = promotionRow<B>(isWhite<C>());
  // A loop over the directions men step in (unrolled, the full core took 30 KB more).
  for (let direction = 0; direction < 4; direction++) {
    if (!menStepToward<V, C, Diagonal>(direction)) continue;
    let targets = step<B>(men, direction) & empty;
    while (targets != 0) {
      const to = lowest<B>(targets);
      targets = withoutLowest<B>(targets);
      const moved = bit<B>(neighbour<B>(opposite(direction), to));
      const landed = bit<B>(to);
      nodes += <u64>countLegal<V, B, O>(them, us ^ moved ^ landed, kings | (landed & crowning), recordAt(1), top);
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
      nodes += <u64>countLegal<V, B, O>(them, us ^ moved ^ landed, kings ^ moved ^ landed, recordAt(1), top);
    }
  }
  return nodes;
}

/** Number of legal moves of side `O` after move `index` of side `C`. */
@inline function countAfter<V, B, C, O>(index: i32, us: B, them: B, kings: B, top: i32): i32 {
  const move = moveAt(index);
  return countLegal<V, B, O>(nextUs<B>(move, them), nextThem<B>(move, us), nextKings<B>(move, kings), recordAt(1), top);
}

/** Perft of the position after move `index` of side `C`, whose record is at recordAt(depth + 1). */
@inline export function perftAfter<V, B, C>(index: i32, us: B, them: B, kings: B, depth: i32, top: i32): u64 {
  const move = moveAt(index);
  // A leaf (depth 0) lists nothing, so it needs no record.
  if (depth > 0) makeRecord<V, C>(move, recordAt(depth + 1), recordAt(depth));
  return isWhite<C>()
    ? perft<V, B, Black>(nextUs<B>(move, them), themAfter<V, B>(move, us), kingsAfter<V, B>(move, kings), depth, top)
    : perft<V, B, White>(nextUs<B>(move, them), themAfter<V, B>(move, us), kingsAfter<V, B>(move, kings), depth, top);
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
      ? <u64>countLegal<V, B, Black>(nextUs, nextThem, nextKings, recordAt(1), top)
      : <u64>countLegal<V, B, White>(nextUs, nextThem, nextKings, recordAt(1), top);
  }
  return nodes;
}
