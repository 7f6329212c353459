// Seeded choices: a small generator, a seed per position, and the pick among near-best moves
// that both a level's search (search/levels.ts) and a book's `varied` mode (book/book.ts) make.
// The same seed, position and scores give the same pick.

import { SearchError } from "./errors.js";

/** A 32-bit generator (splitmix-style mixing of a Weyl sequence): floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    z ^= z >>> 16;
    return (z >>> 0) / 2 ** 32;
  };
}

/** A seed for one position: the game's seed mixed with the position's key, so moves differ between positions. */
export function positionSeed(seed: number, key: bigint): number {
  const low = Number(BigInt.asUintN(32, key));
  const high = Number(BigInt.asUintN(32, key >> 32n));
  const folded = low ^ Math.imul(high, 0x9e3779b1);
  return (Math.imul(seed >>> 0, 0x27d4eb2d) ^ folded) >>> 0;
}

/** A seed when none is given. */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 32);
}

/**
 * Picks one of `scores` (best first): a line within `margin` of the best, with weight
 * falling linearly from margin + 1 at the best to 1 at the edge. Returns its index.
 */
export function pickLine(scores: readonly number[], margin: number, random: () => number): number {
  if (scores.length === 0) throw new SearchError("no line to choose among");
  if (margin <= 0) return 0; // full strength: the first line, even among equal scores
  const best = scores[0]!;
  const weights = scores.map((s) => (best - s <= margin ? margin - (best - s) + 1 : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return 0;
}
