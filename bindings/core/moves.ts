// The moves a position lists, built cheaply: each of the core's move records (layout:
// bindings/core/contract.ts RECORD_*) is read once, by readRecord, and a Move keeps what it read.
// Its arrays are frozen and its notation made on first access only: a bot that plays thousands
// of moves a second and never prints one pays for neither.

import { PIECE_BLACK_KING, PIECE_EMPTY, PIECE_WHITE_KING, RECORD_BYTES, RECORD_CAPTURED, RECORD_FLAGS, RECORD_FROM, RECORD_KING, RECORD_PATH, RECORD_PROMOTES, RECORD_TAKEN, RECORD_TO } from "./contract.js";
import { Move, moveText } from "./notation.js";
import type { VariantInfo } from "./variant.js";

/** A move record of the core, read. */
export interface MoveRecord {
  readonly from: number;
  readonly to: number;
  /** The piece that moved is a king. */
  readonly king: boolean;
  readonly promotes: boolean;
  /** The captured squares, ascending; empty for a step. */
  readonly captured: readonly number[];
  /** A capture's path (from, each landing square); undefined for a step, and for a record that carries none (a search line's): then it is [from, to]. */
  readonly path: readonly number[] | undefined;
}

const NO_SQUARES: readonly number[] = Object.freeze([]);

/** The record at byte `at` of `records` (the core's layout); `paths` false for records without one (a search line's moves). */
export function readRecord(records: Uint8Array, at: number, paths = true): MoveRecord {
  const taken = records[at + RECORD_TAKEN]!;
  const flags = records[at + RECORD_FLAGS]!;
  return {
    from: records[at + RECORD_FROM]!,
    to: records[at + RECORD_TO]!,
    king: (flags & RECORD_KING) !== 0,
    promotes: (flags & RECORD_PROMOTES) !== 0,
    captured: taken === 0 ? NO_SQUARES : squaresAt(records, at + RECORD_CAPTURED, taken),
    path: taken === 0 || !paths ? undefined : squaresAt(records, at + RECORD_PATH, taken + 1),
  };
}

function squaresAt(records: Uint8Array, at: number, count: number): number[] {
  const squares = new Array<number>(count);
  for (let k = 0; k < count; k++) squares[k] = records[at + k]!;
  return squares;
}

/** The squares (piece codes by square) after `move` of the side to move: its captures cleared, the piece moved, crowned when it promotes. */
export function applyMove(squares: Uint8Array, move: Pick<MoveRecord, "from" | "to" | "promotes" | "captured">, whiteToMove: boolean): Uint8Array {
  const after = squares.slice();
  const piece = after[move.from]!;
  after[move.from] = PIECE_EMPTY;
  for (const square of move.captured) after[square] = PIECE_EMPTY;
  after[move.to] = move.promotes ? (whiteToMove ? PIECE_WHITE_KING : PIECE_BLACK_KING) : piece;
  return after;
}

/** Node's hook for console.log and util.inspect (a plain symbol, so browsers need no Node module). */
export const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/** What naming the moves of one listing needs. */
interface Listing {
  readonly variant: VariantInfo;
  readonly algebraic: boolean;
  readonly moves: readonly ListedMove[];
}

/**
 * A move of a listing. Immutable without freezing (freezing each move costs a playout a fifth
 * of its speed): its fields are getters, its arrays are made, frozen, on first access.
 * `toJSON()` gives it as a plain object.
 */
export class ListedMove implements Move {
  readonly #record: MoveRecord;
  readonly #listing: Listing;
  #path: readonly number[] | undefined;
  #notation: string | undefined;

  constructor(listing: Listing, record: MoveRecord) {
    this.#record = record;
    this.#listing = listing;
  }

  get from(): number {
    return this.#record.from;
  }

  get to(): number {
    return this.#record.to;
  }

  get isCapture(): boolean {
    return this.#record.captured.length > 0;
  }

  get promotes(): boolean {
    return this.#record.promotes;
  }

  get path(): readonly number[] {
    this.#path ??= Object.freeze(this.#record.path ?? [this.from, this.to]);
    return this.#path;
  }

  get captured(): readonly number[] {
    // The record's own array, read for this move alone: frozen in place.
    return Object.isFrozen(this.#record.captured) ? this.#record.captured : Object.freeze(this.#record.captured);
  }

  /** The shortest text naming this move among its listing's moves; full path when routes share origin and destination. */
  get notation(): string {
    if (this.#notation === undefined) {
      const listing = this.#listing;
      let sharing = 0;
      for (const m of listing.moves) if (m.from === this.from && m.to === this.to) sharing++;
      this.#notation = moveText(listing.variant, this, sharing > 1, listing.algebraic);
    }
    return this.#notation;
  }

  /** The squares after this move of the side to move (applyMove), read from its record without freezing its arrays. */
  static applied(move: ListedMove, squares: Uint8Array, whiteToMove: boolean): Uint8Array {
    return applyMove(squares, move.#record, whiteToMove);
  }

  /** By origin, destination, captured squares, path: the order positions list moves in. */
  static compare(a: ListedMove, b: ListedMove): number {
    return a.from - b.from || a.to - b.to || compareSquares(a.captured, b.captured) || compareSquares(a.path, b.path);
  }

  toJSON(): { from: number; to: number; path: readonly number[]; captured: readonly number[]; isCapture: boolean; promotes: boolean; notation: string } {
    return { from: this.from, to: this.to, path: this.path, captured: this.captured, isCapture: this.isCapture, promotes: this.promotes, notation: this.notation };
  }

  /** The move's notation. */
  toString(): string {
    return this.notation;
  }

  [INSPECT](): string {
    return `Move ${this.notation} ${JSON.stringify(this)}`;
  }
}

/**
 * The moves of `count` core records (read at once: `records` may be the core's live buffer),
 * ordered by origin, destination, captured squares and path: stable for UIs and divide.
 * `alongside`, one value a record (divide's counts), is put in the same order. With `sort`
 * false the core's order is kept (a cursor's move indices).
 */
export function listMoves<T>(records: Uint8Array, count: number, variant: VariantInfo, algebraic: boolean, alongside?: T[], sort = true): readonly ListedMove[] {
  const moves: ListedMove[] = [];
  const listing: Listing = { variant, algebraic, moves };
  let sorted = true;
  for (let i = 0; i < count; i++) {
    const move = new ListedMove(listing, readRecord(records, i * RECORD_BYTES));
    if (sort && i > 0 && sorted) sorted = ListedMove.compare(moves[i - 1]!, move) < 0;
    moves.push(move);
  }
  // The core lists by origin already in some positions; else an insertion sort, the lists are
  // short: origin and destination decide, captured squares and path only between routes.
  if (sort && !sorted) {
    for (let i = 1; i < count; i++) {
      const move = moves[i]!;
      const ends = move.from * 256 + move.to;
      const value = alongside?.[i];
      let j = i;
      for (; j > 0; j--) {
        const before = moves[j - 1]!;
        const d = before.from * 256 + before.to - ends;
        if (d < 0 || (d === 0 && ListedMove.compare(before, move) < 0)) break;
        moves[j] = before;
        if (alongside !== undefined) alongside[j] = alongside[j - 1]!;
      }
      moves[j] = move;
      if (alongside !== undefined) alongside[j] = value!;
    }
  }
  return Object.freeze(moves);
}

function compareSquares(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
