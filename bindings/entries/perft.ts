/**
 * Perft in worker threads, with a table.
 *
 * @module bitdraughts/perft
 */

// bitdraughts/perft: perft in worker threads with a table (Position.perft counts on the calling
// thread). Pair it with "bitdraughts" or "bitdraughts/lean" for the core.

export { perftAsync } from "../perft/parallel.js";
export type { PerftAsyncOptions, PerftProgress } from "../perft/parallel.js";
export { FAMILIES, KINDS, depthWithin, boardFamilyOf, parseSuite } from "../perft/suite.js";
export type { Family, Kind, Suite, SuitePosition } from "../perft/suite.js";
