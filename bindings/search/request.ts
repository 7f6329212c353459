// A search's limits read once. resolveLimits checks them (a SearchError naming the first bad
// limit) and folds them into one plain value: the level's caps taken into depth, nodes and
// lines, the book's mode decided, the kind of time limit chosen and the seed drawn. The searcher,
// the answer from a book, the choice of the line to play and the clock read that value, never
// the limits again; a worker is sent the limits with the seed drawn here, so that the page and
// the worker choose alike.

import { ALL_SEARCH_FEATURES } from "../core/engine.js";
import { SearchError } from "../core/errors.js";
import type { Color } from "../core/variant.js";
import { type BookMode, checkBookMode } from "../book/book.js";
import { BookError } from "../book/format.js";
import { randomSeed } from "../core/seeded.js";
import { type TimeBudget, clockBudget, movetimeBudget } from "./clock.js";
import { type LevelSettings, levelSettings } from "./levels.js";
import { DEPTH_RANGE, type LimitRange, MULTIPV_RANGE, NODES_RANGE, inRange, outOfRange } from "./limit-range.js";
import type { Clock, SearchLimits } from "./types.js";

/** The deepest iteration a search takes (limits.depth). */
export const MAX_DEPTH = DEPTH_RANGE.high;
/** The most lines a search reports (limits.multipv). */
export const MAX_MULTIPV = MULTIPV_RANGE.high;
/** Time for a move when the limits set neither depth, nodes, time nor a level. */
export const DEFAULT_MOVETIME = 1000;

/**
 * How a search's time is bounded: a time for the move, a clock the time manager reads, or no
 * time at all (depth or nodes bound it). `unbounded`: nothing bounded the search, so it has
 * DEFAULT_MOVETIME, used whole even with a single reply.
 */
export type TimeLimit =
  | { readonly kind: "movetime"; readonly ms: number }
  | { readonly kind: "clock"; readonly clock: Clock }
  | { readonly kind: "unbounded"; readonly ms: number }
  | { readonly kind: "none" };

/** A search's limits, checked and resolved: what the core is asked, how long, and how the move is chosen. */
export interface ResolvedLimits {
  /** Deepest iteration: the limits' and the level's, the smaller. */
  readonly depth: number;
  /** Node budget: the limits' and the level's, the smaller; undefined for none. */
  readonly nodes: number | undefined;
  /** Lines searched: the limits' and the level's, the larger, at most MAX_MULTIPV. */
  readonly multiPV: number;
  /** Search features toggled from the variant's defaults (SEARCH_FEATURES bits; defaultFeatures). */
  readonly disable: number;
  readonly time: TimeLimit;
  /** The level for people, if any. */
  readonly level: LevelSettings | undefined;
  /** How far from the best line the played move may stray, in centi-men: the level's margin, 0 without one. */
  readonly margin: number;
  /** The seed of every seeded choice of this search (the level's line, the book's `varied` move). */
  readonly seed: number;
  /** How the books answer: the limits' mode, else `varied` at a level and `best` otherwise. */
  readonly book: BookMode;
  /** The limits as given, with `seed` set to the seed above: what a worker is sent. */
  readonly limits: SearchLimits;
}

/** Checks `limits` and resolves them; throws SearchError naming the first limit that is not valid. */
export function resolveLimits(limits: SearchLimits): ResolvedLimits {
  checkLimits(limits);
  const level = limits.level === undefined ? undefined : levelSettings(limits.level);
  const seed = limits.seed ?? randomSeed();
  return Object.freeze({
    depth: Math.min(limits.depth ?? MAX_DEPTH, level?.depth ?? MAX_DEPTH),
    nodes: minDefined(limits.nodes, level?.nodes),
    multiPV: Math.min(MAX_MULTIPV, Math.max(limits.multipv ?? 1, level?.multipv ?? 1)),
    disable: limits.disable ?? 0,
    time: timeLimit(limits, level),
    level,
    margin: level?.margin ?? 0,
    seed,
    book: limits.book ?? (level !== undefined ? "varied" : "best"),
    limits: Object.freeze({ ...limits, seed }),
  });
}

/** The time budget of a search of `side` (undefined: no time limit); a single legal reply needs no thought. */
export function timeBudget(time: TimeLimit, side: Color, singleReply: boolean): TimeBudget | undefined {
  switch (time.kind) {
    case "movetime":
      return movetimeBudget(time.ms, singleReply);
    case "clock":
      return clockBudget(time.clock, side, singleReply);
    case "unbounded":
      return movetimeBudget(time.ms);
    case "none":
      return undefined;
  }
}

/** The time limit of checked limits: movetime before a clock; with nothing bounding the search, DEFAULT_MOVETIME. */
function timeLimit(limits: SearchLimits, level: LevelSettings | undefined): TimeLimit {
  if (limits.movetime !== undefined) return { kind: "movetime", ms: limits.movetime };
  if (limits.clock !== undefined) return { kind: "clock", clock: Object.freeze({ ...limits.clock }) };
  const bounded = limits.depth !== undefined || limits.nodes !== undefined || level?.depth !== undefined || level?.nodes !== undefined;
  return bounded ? { kind: "none" } : { kind: "unbounded", ms: DEFAULT_MOVETIME };
}

function minDefined(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** Throws SearchError naming the first limit out of range. */
function checkLimits(limits: SearchLimits): void {
  if (typeof limits !== "object" || limits === null) throw new SearchError(`limits must be an object, not ${String(limits)}`);
  const whole = (name: string, value: unknown, range: LimitRange): void => {
    if (value !== undefined && !inRange(value, range)) throw new SearchError(outOfRange(name, range, value));
  };
  const time = (name: string, value: unknown): void => {
    if (value === undefined) return;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw new SearchError(`${name} must be a number of ms, 0 or more, got ${String(value)}`);
  };
  whole("limits.depth", limits.depth, DEPTH_RANGE);
  whole("limits.nodes", limits.nodes, NODES_RANGE);
  time("limits.movetime", limits.movetime);
  whole("limits.multipv", limits.multipv, MULTIPV_RANGE);
  whole("limits.disable", limits.disable, { low: 0, high: ALL_SEARCH_FEATURES });
  if (limits.seed !== undefined && (typeof limits.seed !== "number" || !Number.isInteger(limits.seed))) {
    throw new SearchError(`limits.seed must be a whole number, got ${String(limits.seed)}`);
  }
  if (limits.level !== undefined) levelSettings(limits.level);
  if (limits.book !== undefined) checkBookLimit(limits.book);
  if (limits.clock !== undefined) {
    const clock = limits.clock;
    if (typeof clock !== "object" || clock === null) throw new SearchError(`limits.clock must be an object { wtime, btime, winc?, binc?, movestogo? }, not ${String(clock)}`);
    if (clock.wtime === undefined || clock.btime === undefined) throw new SearchError(`limits.clock needs wtime and btime, got ${JSON.stringify(clock)}`);
    time("limits.clock.wtime", clock.wtime);
    time("limits.clock.btime", clock.btime);
    time("limits.clock.winc", clock.winc);
    time("limits.clock.binc", clock.binc);
    whole("limits.clock.movestogo", clock.movestogo, { low: 1, high: 10_000 });
  }
}

/** A book mode that is not one, refused as a limit (SearchError), in the book's words. */
function checkBookLimit(mode: unknown): void {
  try {
    checkBookMode(mode, "limits.book");
  } catch (error) {
    if (error instanceof BookError) throw new SearchError(error.message);
    throw error;
  }
}
