// The public search API's plain data: what a search is asked and what it answers. Everything
// here survives structured cloning, so the same shapes cross to a worker and back.

import type { Move } from "../core/notation.js";
import type { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import type { Game } from "../game/game.js";
import type { FamilyName } from "../eval/weights.js";

/** Playing strength for people, 1 (beginner) to 7 (full strength); see LEVELS. */
export type Level = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A game clock, in milliseconds: time left on each side, increments, moves to the next control. */
export interface Clock {
  readonly wtime: number;
  readonly btime: number;
  readonly winc?: number;
  readonly binc?: number;
  readonly movestogo?: number;
}

/** What bounds a search: depth, nodes, time, a clock or a level, and its lines and book. */
export interface SearchLimits {
  /** Deepest iteration, 1 to 64. */
  readonly depth?: number;
  /** Node budget. */
  readonly nodes?: number;
  /** Time for this move, in ms. */
  readonly movetime?: number;
  /** A clock: the time manager decides the time for this move. */
  readonly clock?: Clock;
  /** A level for people; caps depth and nodes and picks among near-best moves. */
  readonly level?: Level;
  /** Best root moves to report, 1 to 16 (default 1). */
  readonly multipv?: number;
  /** Seed of a level's choice; the same seed gives the same moves. */
  readonly seed?: number;
  /** Search features toggled from the variant's defaults (SEARCH_FEATURES bits: off, or on for an opt-in one the variant does not use by default; see defaultFeatures), for measuring them. */
  readonly disable?: number;
  /**
   * The opening book's use, when the searcher has a book of the variant: "best" its best move,
   * "varied" a move within BOOK_MARGIN of the best chosen with `seed`, "off" none. Default:
   * "varied" at a level, "best" otherwise.
   */
  readonly book?: "best" | "varied" | "off";
}

/** One line of a search report: an iteration finished or a new best move during one. */
export interface SearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  /** The mean ply of the iteration's leaves (where its lines reached the horizon, before quiescence): below `depth` where moves were reduced, above where extended. Hub's `mean-depth`. */
  readonly meanDepth: number;
  /** true when an iteration finished; false for a new best root move in the middle of one. */
  readonly iteration: boolean;
  /** Centi-men (100 = one man), from the side to move. */
  readonly score: number;
  /** Plies to the end of the game: > 0 the side to move wins, < 0 it loses; null otherwise. */
  readonly win: number | null;
  readonly nodes: number;
  readonly nps: number;
  /** Per mille of table entries this search used. */
  readonly hashfull: number;
  readonly ms: number;
  /** The line, in the position's move notation. */
  readonly pv: readonly string[];
  /** 1-based line number. */
  readonly multipv: number;
}

/** A search's answer: the move to play, its score and line, and what the search did. */
export interface SearchResult {
  readonly bestmove: string;
  readonly ponder?: string;
  /** The legal Move of the searched position. */
  readonly move: Move;
  readonly score: number;
  readonly win: number | null;
  readonly depth: number;
  readonly seldepth: number;
  readonly nodes: number;
  readonly ms: number;
  readonly pv: readonly string[];
  /** Every line of the last report, best first. */
  readonly lines: readonly SearchInfo[];
  /** Set when the move came from the opening book: depth 0, no nodes, the book's score; the lines are the book's moves. */
  readonly book?: true;
}

/** A search's input as plain data: `fen` is the game's start, `moves` the moves played since. */
export interface SearchRequest {
  readonly variant: VariantName;
  readonly optionalCapture?: boolean;
  readonly fen: string;
  readonly moves?: readonly string[];
}

/** What a search looks at: a Position, a Game (its history gives repetitions and draw counters), or a SearchRequest. */
export type SearchInput = Position | Game | SearchRequest;

/**
 * What a searcher has ready before its next search: the transposition table (allocated and
 * cleared) and, per board family, the evaluation its searches use ("learned": the weight file
 * is loaded into the core; "hand": the hand-written terms).
 */
export interface SearchStatus {
  readonly hashMiB: number;
  /** The endgame database the search probes: its variant and most pieces; absent when none. */
  readonly endgameDatabase?: { readonly variant: VariantName; readonly pieces: number };
  readonly evaluation: Readonly<Record<FamilyName, "learned" | "hand">>;
}
