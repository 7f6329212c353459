// An opening book read and checked, and its probe: the moves it holds for a position with their
// scores, and the move it plays in a mode: `best`, `varied` (a seeded random move among those
// within BOOK_MARGIN of the best) or `off`.

import { WIN_BOUND, WIN_SCORE } from "../core/engine.js";
import type { Move } from "../core/notation.js";
import { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { pickLine, positionSeed, randomSeed, seededRandom } from "../core/seeded.js";
import { BookError, type BookTable, readBookTable } from "./format.js";

/** How a search answers from a book: its best move, a seeded move near the best, or not at all. */
export type BookMode = "best" | "varied" | "off";
/** Every BookMode, in the order the command line and the Hub parameter list them. */
export const BOOK_MODES: readonly BookMode[] = Object.freeze(["best", "varied", "off"]);
/** `varied` plays a move within this many centi-men of the best (a tenth of a man). */
export const BOOK_MARGIN = 10;

/** A book move of a position: the legal move, its score from the side to move, and a forced end when the analysis saw one. */
export interface BookMove {
  readonly move: Move;
  /** Centi-men from the side to move; WIN_SCORE - n for a win in n plies. */
  readonly score: number;
  /** Plies to the end of the game: > 0 the side to move wins, < 0 it loses; null otherwise. */
  readonly win: number | null;
}

/** Throws BookError unless `mode` is one of BOOK_MODES; `name` names it in the message. */
export function checkBookMode(mode: unknown, name = "book mode"): BookMode {
  if (typeof mode !== "string" || !(BOOK_MODES as readonly string[]).includes(mode)) {
    throw new BookError(`${name} must be ${BOOK_MODES.join(", ")}, not ${typeof mode === "string" ? JSON.stringify(mode) : String(mode)}`);
  }
  return mode as BookMode;
}

export function winOf(score: number): number | null {
  return score >= WIN_BOUND ? WIN_SCORE - score : score <= -WIN_BOUND ? -(WIN_SCORE + score) : null;
}

/** An opening book of one variant. Immutable: probing changes nothing. */
export class Book {
  readonly #table: BookTable;

  private constructor(table: BookTable) {
    this.#table = table;
  }

  /**
   * Reads a book file. Throws BookError when it is damaged (CRC, truncated, out of order),
   * foreign (not a book, another version) or keyed by a core whose position keys differ
   * from this one's; `where` names the file in the message.
   */
  static read(bytes: Uint8Array, where = "book file"): Book {
    const table = readBookTable(bytes, where);
    const start = Position.initial(table.variant, { optionalCapture: table.optionalCapture });
    if (start.key() !== table.startKey) throw new BookError(`${where}: its positions are keyed otherwise than this library keys them (start position ${table.startKey.toString(16)}, here ${start.key().toString(16)})`);
    return new Book(table);
  }

  get variant(): VariantName {
    return this.#table.variant;
  }

  get optionalCapture(): boolean {
    return this.#table.optionalCapture;
  }

  /** Positions that have book moves. */
  get size(): number {
    return this.#table.keys.length;
  }

  /** Book moves over all positions. */
  get moveCount(): number {
    return this.#table.scores.length;
  }

  /** The keys of the book's positions, ascending. */
  keys(): readonly bigint[] {
    return Array.from(this.#table.keys);
  }

  /**
   * The book's moves for `position`, best first; [] when the position is not in the book (or
   * is of another variant or capture rule, or its key meets an entry whose moves are not legal
   * here: two positions sharing a key).
   */
  moves(position: Position): readonly BookMove[] {
    if (!(position instanceof Position)) throw new BookError(`a book is probed with a Position, not ${String(position)}`);
    const table = this.#table;
    if (position.variant !== table.variant || position.optionalCapture !== table.optionalCapture) return [];
    const at = indexOf(table.keys, position.key());
    if (at < 0) return [];
    const legal = position.legalMoves();
    const out: BookMove[] = [];
    for (let m = table.first[at]!; m < table.first[at + 1]!; m++) {
      const from = table.squares[2 * m]! & 63;
      const alternative = table.squares[2 * m]! >> 6;
      const to = table.squares[2 * m + 1]!;
      const move = legal.filter((l) => l.from === from && l.to === to)[alternative];
      if (move === undefined) return [];
      const score = table.scores[m]!;
      out.push(Object.freeze({ move, score, win: winOf(score) }));
    }
    return Object.freeze(out);
  }

  /** Whether the book has moves for `position`. */
  has(position: Position): boolean {
    return this.moves(position).length > 0;
  }

  /**
   * The move the book plays in `position`: the best (`best`), or a seeded random one among those
   * within BOOK_MARGIN of the best (`varied`; the same seed and position give the same move);
   * undefined when the position is not in the book or the mode is `off`.
   */
  choose(position: Position, mode: BookMode, seed?: number): BookMove | undefined {
    checkBookMode(mode);
    if (seed !== undefined && !Number.isInteger(seed)) throw new BookError(`the book's seed must be a whole number, not ${String(seed)}`);
    if (mode === "off") return undefined;
    const moves = this.moves(position);
    if (moves.length === 0) return undefined;
    if (mode === "best") return moves[0];
    const random = seededRandom(positionSeed(seed ?? randomSeed(), position.key()));
    return moves[pickLine(moves.map((m) => m.score), BOOK_MARGIN, random)];
  }
}

/** The place of `key` in the ascending `keys`, or -1. */
function indexOf(keys: BigUint64Array, key: bigint): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const k = keys[mid]!;
    if (k === key) return mid;
    if (k < key) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** A stored move for `move` of `position`: its squares and, when other legal moves share them, its place among those. */
export function storedSquares(position: Position, move: Move): { from: number; to: number; alternative: number } {
  const same = position.legalMoves().filter((l) => l.from === move.from && l.to === move.to);
  const alternative = same.findIndex((l) => l.notation === move.notation);
  if (alternative < 0) throw new BookError(`${move.notation} is not a legal move in ${position.toFen()}`);
  return { from: move.from, to: move.to, alternative };
}
