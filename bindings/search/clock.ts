// The time manager: how long to think about one move. A budget has a soft limit (no new
// iteration starts past it) and a hard limit (the search stops at once, polled about every
// 1024 nodes). Pure functions of the limits and the clock readings, so they can be tested with
// numbers; the search feeds the TimeManager its clock and the best move of each iteration.

import type { Color } from "../core/variant.js";
import type { Clock } from "./types.js";

/** The time a search may take, in ms from its start: when to stop deepening and when to stop. */
export interface TimeBudget {
  /** Don't start a new iteration past this many ms. */
  readonly soft: number;
  /** Stop the search at this many ms. */
  readonly hard: number;
}

/** Moves left in the game assumed when the clock gives no `movestogo`. */
export const MOVES_TO_GO = 30;
/** Share of the increment counted as this move's time: the rest is kept for later. */
export const INCREMENT_SHARE = 0.8;
/** Time kept back from the remaining time for the host (messages, a busy page), in ms… */
export const SAFETY_MS = 50;
/** …but never more than this share of what is left. */
export const SAFETY_SHARE = 0.1;
/** The least time for a move, in ms, when the clock allows it. */
export const FLOOR_MS = 5;
/** How much the soft limit grows when the best move changed in the last iterations. */
export const UNSTABLE_FACTOR = 1.75;
/** Iterations looked back for a change of the best move. */
export const UNSTABLE_ITERATIONS = 2;

/**
 * Time for a move given as `movetime`: the hard limit, and also the soft one (use it all). With
 * a single legal move there is nothing to think about: soft = 0, as with a clock.
 */
export function movetimeBudget(movetime: number, singleReply = false): TimeBudget {
  const ms = Math.max(0, movetime);
  return { soft: singleReply ? 0 : ms, hard: ms };
}

/**
 * Time for a move of `side` on `clock`: soft = remaining / movestogo + 0.8 · increment, hard =
 * min(remaining / 4, 4 · soft) but at least soft; both at least FLOOR_MS and at most the
 * remaining time less a safety margin. With a single legal move there is nothing to think
 * about: soft = 0 (the search returns after its first iteration).
 */
export function clockBudget(clock: Clock, side: Color, singleReply = false): TimeBudget {
  const remaining = Math.max(0, side === "white" ? clock.wtime : clock.btime);
  const increment = Math.max(0, (side === "white" ? clock.winc : clock.binc) ?? 0);
  const movesToGo = Math.max(1, clock.movestogo ?? MOVES_TO_GO);
  const cap = remaining - Math.min(SAFETY_MS, remaining * SAFETY_SHARE);
  const floor = Math.min(FLOOR_MS, cap);
  const clamp = (ms: number, low: number): number => Math.min(cap, Math.max(low, ms));
  const soft = clamp(remaining / movesToGo + INCREMENT_SHARE * increment, floor);
  const hard = clamp(Math.min(remaining / 4, 4 * soft), soft);
  return { soft: singleReply ? 0 : soft, hard };
}

/** The soft limit once the best move has changed (or not) in the last iterations. */
export function adjustedSoft(budget: TimeBudget, unstable: boolean): number {
  return unstable ? Math.min(budget.hard, budget.soft * UNSTABLE_FACTOR) : budget.soft;
}

/** Follows one search: elapsed time, the best move of each iteration, when to stop. */
export class TimeManager {
  readonly #budget: TimeBudget | undefined;
  readonly #now: () => number;
  readonly #start: number;
  readonly #bests: string[] = [];

  /**
   * Without a budget the search has no time limit. `now` is in ms (performance.now by default);
   * `start` is when the clock started (default: now), e.g. when the search was asked for.
   */
  constructor(budget: TimeBudget | undefined, now: () => number = () => performance.now(), start: number = now()) {
    this.#budget = budget;
    this.#now = now;
    this.#start = start;
  }

  /** Ms since the search started. */
  elapsed(): number {
    return this.#now() - this.#start;
  }

  /** The hard limit has passed: stop now. */
  expired(): boolean {
    return this.#budget !== undefined && this.elapsed() >= this.#budget.hard;
  }

  /** Whether the best move changed within the last UNSTABLE_ITERATIONS iterations. */
  get unstable(): boolean {
    const recent = this.#bests.slice(-(UNSTABLE_ITERATIONS + 1));
    return recent.some((move) => move !== recent[0]);
  }

  /** An iteration finished with `best` as its best move: true when no new one should start. */
  iterationDone(best: string): boolean {
    this.#bests.push(best);
    if (this.#budget === undefined) return false;
    return this.elapsed() >= adjustedSoft(this.#budget, this.unstable);
  }
}
