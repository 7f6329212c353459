// The leaf search of a book build: a fixed depth or node count on a table cleared before each
// position, so that a score depends on the position alone (not on what was searched before it,
// nor on which thread searched it) and a rebuild gives the same book.

import type { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { Searcher } from "../search/searcher.js";
import type { LeafLimit } from "../book/builder.js";

/** The table of a leaf search, in MiB: cleared before each one, so small enough to clear in a millisecond. */
export const LEAF_HASH = 8;

/** Scores positions one after the other on a searcher of this thread. */
export function searchScorer(variant: VariantName, leaf: LeafLimit): (positions: readonly Position[]) => Promise<readonly number[]> {
  const searcher = new Searcher({ variants: [variant], hash: LEAF_HASH });
  return async (positions) => positions.map((position) => leafScore(searcher, position, leaf));
}

/** One leaf's score, from its side to move. */
export function leafScore(searcher: Searcher, position: Position, leaf: LeafLimit): number {
  searcher.newGame();
  return searcher.search(position, leaf).score;
}
