// Levels for people. A weaker level searches shallower (depth and node caps) and then picks,
// with a seeded generator (core/seeded.ts), among the root moves whose score is within a
// margin of the best: wide at the bottom, so a beginner's opponent drops pieces now and then, and zero at full
// strength. The same seed, position and table state give the same move.

import { SearchError } from "../core/errors.js";
import type { Level } from "./types.js";

/** What a level for people sets: its search limits and how far from the best move it may stray. */
export interface LevelSettings {
  readonly level: Level;
  readonly name: string;
  /** Deepest iteration (undefined: the caller's limits). */
  readonly depth?: number;
  /** Node budget (undefined: the caller's limits). */
  readonly nodes?: number;
  /** Root lines searched to choose among. */
  readonly multipv: number;
  /** A line within this many centi-men of the best may be played. */
  readonly margin: number;
}

/** The levels for people, 1 (weakest) to 7 (full strength), in order. */
export const LEVELS: readonly LevelSettings[] = Object.freeze([
  // Node caps, not times: a level plays alike on a fast and a slow machine. Full strength is
  // whatever the caller's limits allow; expert stops at 100 000 nodes, a few hundredths of a
  // second, so that the top level keeps its lead at the short times of a match.
  { level: 1, name: "beginner", depth: 1, nodes: 1_000, multipv: 8, margin: 300 },
  { level: 2, name: "novice", depth: 2, nodes: 5_000, multipv: 6, margin: 150 },
  { level: 3, name: "casual", depth: 4, nodes: 10_000, multipv: 4, margin: 60 },
  { level: 4, name: "club", depth: 6, nodes: 20_000, multipv: 3, margin: 25 },
  { level: 5, name: "strong", depth: 10, nodes: 30_000, multipv: 2, margin: 8 },
  { level: 6, name: "expert", nodes: 100_000, multipv: 1, margin: 0 },
  { level: 7, name: "full strength", multipv: 1, margin: 0 },
].map((l) => Object.freeze(l as LevelSettings)));

/** The settings of `level`; throws SearchError for anything but 1 to 7. */
export function levelSettings(level: number): LevelSettings {
  const found = LEVELS.find((l) => l.level === level);
  if (!found) throw new SearchError(`limits.level must be one of ${LEVELS.map((l) => l.level).join(", ")}, got ${String(level)}`);
  return found;
}
