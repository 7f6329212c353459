// King endings: the slices with kings only on the board (`0b0d`), whose distances to the capture
// that decides them a search is given beside a database's values (docs/endgame-databases.md
// "King endings"). They are solved from the rules when first asked for, not read from files: up
// to four pieces they take a fraction of a second and a few hundred kilobytes.

import type { DatabaseCore } from "./core.js";
import { type Slice, buildOrder, pairOf } from "./slices.js";

/** The most pieces of the king endings a database gives its searches. */
export const KING_ENDING_PIECES = 4;

/** One king ending's distances: a byte a position of the slice's index (DatabaseCore.distances). */
export interface KingEnding {
  readonly slice: Slice;
  readonly distances: Uint8Array;
}

/**
 * Solves every king ending up to `pieces` pieces in `core`, fewest pieces first (a king ending's
 * captures lead only to smaller ones), and returns their distances.
 */
export function solveKingEndings(core: DatabaseCore, pieces = KING_ENDING_PIECES): KingEnding[] {
  const endings: KingEnding[] = [];
  for (const group of buildOrder(pieces)) {
    for (const first of group) {
      if (first.a !== 0 || first.c !== 0) continue;
      core.solve(first);
      for (const slice of pairOf(first)) endings.push({ slice, distances: core.distances(slice) });
    }
  }
  return endings;
}
