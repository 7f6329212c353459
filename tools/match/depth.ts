// Search depth as engine authors compare it: over searched moves only, by game phase.
//
// A move is searched when the player reported a depth of 1 or more for it (depth 0 is an answer
// without an iteration: a book's or a database's), the position had more than one legal move (a
// forced move is played, not searched: an engine answers it at once, often at depth 0 or 1, and
// counting it would pull every figure down by how often a variant forces captures) and it did
// not come from an opening book. Of each such move the depth reached is
// kept, and the mean depth of the search's leaves where the engine reports one (Hub's
// `mean-depth`: below the depth where moves were reduced, above where they were extended).
// A Hub peer's depths are those of its last `info` line; its book moves are told apart only
// when it sends no `info` line for them (it then reports no depth); a match against a peer with
// a book is best played with its book switched off.
//
// Phases are read from the pieces on the board before the move, against the variant's start
// position: the opening while at least 80 % of the start's pieces are on the board, the ending
// once at most 40 % are, the middle game between (international, 40 at the start: 32 or more,
// 17 to 31, 16 or fewer; english, 24: 20 or more, 10 to 19, 9 or fewer).

import { Position } from "../../bindings/core/position.js";
import type { VariantName } from "../../bindings/core/variant.js";

export const PHASES = ["opening", "middle", "ending"] as const;
export type Phase = (typeof PHASES)[number];

/** The phase of a position with `pieces` on the board, when the start position has `startPieces`. */
export function phaseOf(pieces: number, startPieces: number): Phase {
  if (5 * pieces >= 4 * startPieces) return "opening";
  if (5 * pieces <= 2 * startPieces) return "ending";
  return "middle";
}

const startPieces = new Map<VariantName, number>();

/** The phase of `position` (phaseOf against its variant's start position). */
export function phaseOfPosition(position: Position): Phase {
  let start = startPieces.get(position.variant);
  if (start === undefined) {
    start = Position.initial(position.variant).pieces().length;
    startPieces.set(position.variant, start);
  }
  return phaseOf(position.pieces().length, start);
}

/** Numbers by phase. */
export type ByPhase<T> = { readonly [P in Phase]: T };

/**
 * One side's searched moves, by phase: the depth of each, and the mean depth of each that
 * reported one (so `meanDepth` may hold fewer values than `depth`).
 */
export interface DepthSamples {
  readonly depth: ByPhase<readonly number[]>;
  readonly meanDepth: ByPhase<readonly number[]>;
}

export const NO_SAMPLES: DepthSamples = Object.freeze({
  depth: Object.freeze({ opening: [], middle: [], ending: [] }),
  meanDepth: Object.freeze({ opening: [], middle: [], ending: [] }),
});

const join = (a: ByPhase<readonly number[]>, b: ByPhase<readonly number[]>): ByPhase<readonly number[]> =>
  ({ opening: [...a.opening, ...b.opening], middle: [...a.middle, ...b.middle], ending: [...a.ending, ...b.ending] });

export function addSamples(a: DepthSamples, b: DepthSamples): DepthSamples {
  return { depth: join(a.depth, b.depth), meanDepth: join(a.meanDepth, b.meanDepth) };
}

/** What the match loop knows of one move: how many moves the position had, its phase, and what the player said. */
export interface MoveFacts {
  readonly legalMoves: number;
  readonly phase: Phase;
  readonly depth?: number;
  readonly meanDepth?: number;
  readonly book?: boolean;
}

/** Whether a move counts as searched (see the top of this file). */
export function isSearched(move: MoveFacts): boolean {
  return move.legalMoves > 1 && move.book !== true && move.depth !== undefined && move.depth >= 1;
}

/** `samples` with `move` added when it was searched. */
export function addMoveSample(samples: DepthSamples, move: MoveFacts): DepthSamples {
  if (!isSearched(move)) return samples;
  const one = (value: number | undefined): ByPhase<readonly number[]> =>
    ({ ...NO_SAMPLES.depth, [move.phase]: value === undefined || !Number.isFinite(value) ? [] : [value] }) as ByPhase<readonly number[]>;
  // Mean depths are kept to 2 decimals: a record line holds hundreds of them.
  const meanDepth = move.meanDepth === undefined ? undefined : Math.round(move.meanDepth * 100) / 100;
  return addSamples(samples, { depth: one(move.depth), meanDepth: one(meanDepth) });
}

/** The middle value of `xs` (the mean of the two middle ones when their number is even); NaN when empty. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The arithmetic mean of `xs`; NaN when empty. */
export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Figures over some searched moves; NaN where there is nothing to take them over. */
export interface DepthFigures {
  readonly moves: number;
  readonly median: number;
  readonly mean: number;
  /** The mean of the moves' mean depths, over the moves that reported one. */
  readonly meanDepth: number;
}

export function figuresOf(depths: readonly number[], meanDepths: readonly number[]): DepthFigures {
  return { moves: depths.length, median: median(depths), mean: mean(depths), meanDepth: mean(meanDepths) };
}

/** Figures of each phase, and of all the searched moves. */
export type DepthByPhase = ByPhase<DepthFigures> & { readonly all: DepthFigures };

export function depthByPhase(samples: DepthSamples): DepthByPhase {
  const all = (by: ByPhase<readonly number[]>): number[] => PHASES.flatMap((p) => by[p]);
  return {
    opening: figuresOf(samples.depth.opening, samples.meanDepth.opening),
    middle: figuresOf(samples.depth.middle, samples.meanDepth.middle),
    ending: figuresOf(samples.depth.ending, samples.meanDepth.ending),
    all: figuresOf(all(samples.depth), all(samples.meanDepth)),
  };
}

/** Whether `value` is DepthSamples as a record file holds them (every list of finite numbers). */
export function isDepthSamples(value: unknown): value is DepthSamples {
  const lists = (by: unknown): boolean => typeof by === "object" && by !== null
    && PHASES.every((p) => {
      const list = (by as Record<string, unknown>)[p];
      return Array.isArray(list) && list.every((x) => typeof x === "number" && Number.isFinite(x));
    });
  return typeof value === "object" && value !== null && lists((value as DepthSamples).depth) && lists((value as DepthSamples).meanDepth);
}
