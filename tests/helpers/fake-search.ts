// A stand-in for the core's raw search (Engine.search of the search contract), for testing
// the binding's plumbing — naming, limits, time, levels, workers — without the real search.
// It is not a search: it "visits" nodes in a loop, polls every 1024 of them as the core does,
// and ranks the legal root moves by a fixed formula of their squares that changes with depth
// (so the best move changes between iterations, as it can in a real search).

import { applyMove } from '../../bindings/core/moves.js';
import { Engine } from '../../bindings/core/engine.js';
import { RawBoard, RawMove } from '../../bindings/core/raw.js';
import type { RawSearchHooks, RawSearchInfo, RawSearchLimits, RawSearchLine } from '../../bindings/core/raw.js';

/** Nodes of iteration d: doubling, so depth 20 already takes seconds. */
export const fakeNodes = (depth: number): number => 1000 * 2 ** depth;

/** The fake's score of a root move at a depth. */
export const fakeScore = (m: RawMove, depth: number): number => ((m.from * 31 + m.to * 17 + depth * 7) % 61) - 30;

/** What the fake saw of its last call, for tests to inspect. */
export interface FakeCall {
  variantId: number;
  board: RawBoard;
  limits: RawSearchLimits;
}

export function after(board: RawBoard, m: RawMove): RawBoard {
  return { whiteToMove: !board.whiteToMove, squares: applyMove(board.squares, m, board.whiteToMove) };
}

function fakeSearch(this: Engine & { lastCall?: FakeCall }, variantId: number, board: RawBoard, limits: RawSearchLimits, hooks: RawSearchHooks = {}): RawSearchInfo {
  this.lastCall = { variantId, board: { whiteToMove: board.whiteToMove, squares: board.squares.slice() }, limits };
  const moves = this.legalMoves(variantId, board);
  const empty: RawSearchInfo = { depth: 0, seldepth: 0, nodes: 0, meanDepth: 0, hashfull: 0, lines: [], kind: 'iteration' };
  if (moves.length === 0) return empty;
  let nodes = 0;
  let done: RawSearchInfo | undefined;
  let previousBest: RawMove | undefined;
  let sink = 0;
  for (let depth = 1; depth <= limits.depth; depth++) {
    const ranked = [...moves].sort((a, b) => fakeScore(b, depth) - fakeScore(a, depth));
    const lines: RawSearchLine[] = ranked.slice(0, limits.multiPV ?? 1).map((m) => {
      const replies = this.legalMoves(variantId, after(board, m));
      return { score: fakeScore(m, depth), win: null, pv: replies.length > 0 ? [m, replies[0]!] : [m] };
    });
    if (previousBest !== undefined && ranked[0] !== previousBest && hooks.info?.({ depth, seldepth: depth, nodes, meanDepth: depth, hashfull: 0, lines: lines.slice(0, 1), kind: 'best' })) return done!;
    previousBest = ranked[0];
    const end = nodes + fakeNodes(depth);
    while (nodes < end) {
      for (let i = 0; i < 1024; i++) sink = (sink * 31 + i) | 0;
      nodes += 1024;
      const outOfNodes = limits.nodes !== undefined && limits.nodes > 0 && nodes >= limits.nodes;
      // Depth 1 always completes, as the contract promises.
      if (done && (outOfNodes || hooks.poll?.(nodes))) return done;
    }
    done = { depth, seldepth: depth + (sink & 1), nodes, meanDepth: depth, hashfull: 0, lines, kind: 'iteration' };
    if (hooks.info?.(done)) return done;
  }
  return done!;
}

/** Gives `target` (an Engine, or Engine.prototype) the fake search and table calls. */
export function installFakeSearch(target: object): void {
  Object.assign(target, {
    search: fakeSearch,
    setHashSize(this: { hashSize?: number }, mib: number) { this.hashSize = mib; },
    clearHash(this: { cleared?: number }) { this.cleared = (this.cleared ?? 0) + 1; },
  });
}
