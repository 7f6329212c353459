// The plain values the engine (engine.ts) takes and hands out: a board as the core reads it,
// a listed move, a search's limits, hooks and reports. Square numbers and centi-men; no class.

import type { Ending } from "./variant.js";

/** A position as the core reads it: squares[s] is the code of the piece on square s (1-based; contract.ts PIECE_*). */
export interface RawBoard {
  readonly whiteToMove: boolean;
  readonly squares: Uint8Array;
  /** Frisian: the king streaks as the core reads them, White's count and square, Black's (king-streak.ts). */
  readonly streaks?: readonly number[];
}

/** A legal move as the core lists it, in square numbers. */
export interface RawMove {
  readonly from: number;
  readonly to: number;
  readonly captured: number[];
  readonly path: number[];
  readonly king: boolean;
  readonly promotes: boolean;
}

/** Limits and context of one search (see Engine.search). */

export interface RawSearchLimits {
  /** Deepest iteration, 1 to 64. */
  readonly depth: number;
  /** Node budget; 0 or undefined for none. Checked every 1024 nodes. */
  readonly nodes?: number;
  /** How many best root moves to find, each with its line: 1 to 16 (default 1). */
  readonly multiPV?: number;
  /** The game's earlier positions that can still repeat (since its last capture or man move), oldest first, root excluded. */
  readonly history?: readonly RawBoard[];
  /** Plies left, from the root, before a no-progress rule draws; a capture or man move lifts it. */
  readonly noProgressPlies?: number;
  /** Plies left before an endgame counter draws, while no capture happens. */
  readonly endgamePlies?: number;
  /** Search features switched off (SEARCH_FEATURES bits), to measure what each is worth. */
  readonly disable?: number;
  /** How the game ends (default "standard"): antidraughts and breakthrough play international's moves to another end. */
  readonly ending?: Ending;
}

/** One line of a search: a root move's score and the moves expected to follow. */
export interface RawSearchLine {
  /** Centi-men (100 = a man) from the side to move; WIN_SCORE - n for a win in n plies. */
  readonly score: number;
  /** Plies to the end of the game: > 0 the side to move wins, < 0 it loses; null when no end is in sight. */
  readonly win: number | null;
  /** The line; each move's path is just [from, to]. */
  readonly pv: readonly RawMove[];
}

/** What Engine.search reports: depth, nodes, table use and the lines found. */
export interface RawSearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  readonly nodes: number;
  /** The mean ply of the iteration's leaves, where its lines reached the horizon (0 from cores built before it). */
  readonly meanDepth: number;
  /** Per mille of the table written by this search. */
  readonly hashfull: number;
  /** Best first. */
  readonly lines: readonly RawSearchLine[];
  /** An iteration finished (or the final result), or a new best root move in mid-iteration. */
  readonly kind: "iteration" | "best";
}

/** Callbacks of Engine.search: a poll that can stop it, and a report of each iteration or new best move. */
export interface RawSearchHooks {
  /** Called about every 1024 nodes; return true to stop at once (the best move so far is kept). */
  poll?(nodes: number): boolean;
  /** Called after each iteration and on each new best root move; return true to stop. */
  info?(info: RawSearchInfo): boolean;
}
