// The limits a Hub session sets (`level`, version 1's `level`, `time`, `depth`) and the search
// limits a `go` reads from them, with the parameters' number readers: the engine's state,
// hub-engine.ts, keeps one HubLevel and hands it here.

import type { Game } from "../game/game.js";
import { clockBudget } from "../search/clock.js";
import { DEPTH_RANGE, type LimitRange, NODES_RANGE, outOfRange, wholeNumberIn } from "../search/limit-range.js";
import { MAX_DEPTH } from "../search/request.js";
import type { Clock, Level, SearchLimits } from "../search/types.js";
import { HubError } from "./hub-text.js";

/** Limits a `level` command (or version 1's level, time, depth) set. Times in seconds. */
export interface HubLevel {
  depth?: number;
  nodes?: number;
  moveTime?: number;
  moves?: number;
  time?: number;
  inc?: number;
  infinite?: boolean;
}

export type GoMode = "think" | "ponder" | "analyze";

/** The limits a version-2 `level` line sets (its absent names leave a limit unset). */
export function levelOf(args: ReadonlyMap<string, string>): HubLevel {
  const level: HubLevel = {};
  const seconds = (name: string): number | undefined => {
    const v = args.get(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v.length === 0 || !Number.isFinite(n) || n < 0) throw new HubError(`${name}=${v} is not a number of seconds`);
    return n;
  };
  const whole = (name: string, range: LimitRange): number | undefined => {
    const v = args.get(name);
    return v === undefined ? undefined : limitOf(name, v, range);
  };
  const depth = whole("depth", DEPTH_RANGE);
  const nodes = whole("nodes", NODES_RANGE);
  const moves = whole("moves", { low: 0, high: 10_000 });
  const moveTime = seconds("move-time");
  const time = seconds("time");
  const inc = seconds("inc");
  if (depth !== undefined) level.depth = depth;
  if (nodes !== undefined) level.nodes = nodes;
  if (moveTime !== undefined) level.moveTime = moveTime;
  if (moves !== undefined) level.moves = moves;
  if (time !== undefined) level.time = time;
  if (inc !== undefined) level.inc = inc;
  if (args.has("infinite")) level.infinite = true;
  return level;
}

/** A clock for the side to move from a level's time control (the increment is added before the move, as Hub counts it). */
export function clockOf(level: HubLevel): Clock | undefined {
  if (level.time === undefined) return undefined;
  const inc = (level.inc ?? 0) * 1000;
  const time = level.time * 1000 + inc;
  return { wtime: time, btime: time, winc: inc, binc: inc, ...(level.moves ? { movestogo: level.moves } : {}) };
}

/** The search limits of a `go`: a ponder or an infinite search has no time limit, only depth and nodes. */
export function searchLimits(level: HubLevel, mode: GoMode, strength: Level): SearchLimits {
  const limits: { -readonly [K in keyof SearchLimits]: SearchLimits[K] } = {};
  if (level.depth !== undefined) limits.depth = level.depth;
  if (level.nodes !== undefined) limits.nodes = level.nodes;
  if (strength < 7) limits.level = strength;
  // A ponder's clock starts at ponder-hit; analyze keeps the level's time, if it has one.
  const timed = mode !== "ponder" && !level.infinite;
  if (timed && level.moveTime !== undefined) limits.movetime = level.moveTime * 1000;
  else if (timed && level.time !== undefined) limits.clock = clockOf(level)!;
  const unbounded = limits.depth === undefined && limits.nodes === undefined && limits.movetime === undefined && limits.clock === undefined;
  // analyze with no limit, infinite, and a ponder without depth or nodes run until stopped.
  if (unbounded && (mode !== "think" || level.infinite)) limits.depth = MAX_DEPTH;
  return limits;
}

/** Ms a think would have taken at this level, for a ponder that became a think; undefined without a time limit. */
export function thinkingTime(level: HubLevel, game: Game): number | undefined {
  if (level.infinite) return undefined;
  if (level.moveTime !== undefined) return level.moveTime * 1000;
  const clock = clockOf(level);
  return clock === undefined ? undefined : clockBudget(clock, game.turn).soft;
}

/** A parameter's whole-number value in [low, high]. */
export function intParam(name: string, value: string, low: number, high: number): number {
  if (!/^\d{1,3}$/.test(value) || Number(value) < low || Number(value) > high) {
    throw new HubError(`${name} must be a whole number from ${low} to ${high}, not ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** A search limit's value, refused in the words the API and the command line use. */
export function limitOf(name: string, text: string, range: LimitRange): number {
  const value = wholeNumberIn(text, range);
  if (value === undefined) throw new HubError(outOfRange(name, range, text));
  return value;
}

/** Version 1's bare numbers. */
export function wholeNumber(text: string | undefined, command: string): number {
  if (text === undefined || !/^\d{1,12}$/.test(text)) throw new HubError(`${command} takes whole numbers, not ${JSON.stringify(text ?? "")}`);
  return Number(text);
}
