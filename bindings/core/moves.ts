// The moves a position lists, built cheaply: the core's 80-byte records (assembly/boundary.ts)
// are copied once per listing, and each Move reads its squares from that copy. The arrays of a
// move (path, captured) and its notation are made on first access only: a bot that plays
// thousands of moves a second and never prints one pays for neither.

import { Move, moveText } from "./notation.js";
import type { VariantInfo } from "./variant.js";

/** Bytes of the core's move record (assembly/boundary.ts MOVES_OUT). */
export const RECORD = 80;
const FROM = 0;
const TO = 1;
const TAKEN = 2;
const FLAGS = 3;
const CAPTURED = 4;
const PATH = 36;
const KING_MOVED = 1;
const PROMOTES = 2;

/** What a move record says, for code that replays records on its own boards (perft units). */
export interface MoveRecord {
  readonly from: number;
  readonly to: number;
  /** The piece that moved is a king. */
  readonly king: boolean;
  readonly promotes: boolean;
  readonly captured: readonly number[];
}

/** Record `i` of `records` (the core's layout above). */
export function readRecord(records: Uint8Array, i: number): MoveRecord {
  const at = i * RECORD;
  const taken = records[at + TAKEN]!;
  const flags = records[at + FLAGS]!;
  return {
    from: records[at + FROM]!, to: records[at + TO]!, king: (flags & KING_MOVED) !== 0, promotes: (flags & PROMOTES) !== 0,
    captured: Array.from(records.subarray(at + CAPTURED, at + CAPTURED + taken)),
  };
}

/** Node's hook for console.log and util.inspect (a plain symbol, so browsers need no Node module). */
export const INSPECT: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/** What naming the moves of one listing needs. */
interface Listing {
  readonly variant: VariantInfo;
  readonly algebraic: boolean;
  readonly moves: readonly ListedMove[];
}

const NO_SQUARES: readonly number[] = Object.freeze([]);

/**
 * A move of a listing. Immutable without freezing (freezing each move costs a playout a fifth
 * of its speed): its fields are getters, its arrays are made, frozen, on first access.
 * `toJSON()` gives it as a plain object.
 */
export class ListedMove implements Move {
  readonly #from: number;
  readonly #to: number;
  readonly #isCapture: boolean;
  readonly #promotes: boolean;
  readonly #listing: Listing;
  /** A capture's captured squares then its path, copied from its record; empty for a step. */
  readonly #squares: readonly number[];
  #path: readonly number[] | undefined;
  #captured: readonly number[] | undefined;
  #notation: string | undefined;

  constructor(listing: Listing, records: Uint8Array, at: number) {
    this.#from = records[at + FROM]!;
    this.#to = records[at + TO]!;
    const taken = records[at + TAKEN]!;
    this.#isCapture = taken > 0;
    this.#promotes = (records[at + FLAGS]! & PROMOTES) !== 0;
    this.#listing = listing;
    if (taken === 0) this.#squares = NO_SQUARES;
    else {
      const squares = new Array<number>(2 * taken + 1);
      for (let k = 0; k < taken; k++) squares[k] = records[at + CAPTURED + k]!;
      for (let k = 0; k <= taken; k++) squares[taken + k] = records[at + PATH + k]!;
      this.#squares = squares;
    }
  }

  get from(): number {
    return this.#from;
  }

  get to(): number {
    return this.#to;
  }

  get isCapture(): boolean {
    return this.#isCapture;
  }

  get promotes(): boolean {
    return this.#promotes;
  }

  get path(): readonly number[] {
    this.#path ??= Object.freeze(this.isCapture ? this.#squares.slice(this.#squares.length >> 1) : [this.from, this.to]);
    return this.#path;
  }

  get captured(): readonly number[] {
    this.#captured ??= this.isCapture ? Object.freeze(this.#squares.slice(0, this.#squares.length >> 1)) : NO_SQUARES;
    return this.#captured;
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

  /** Plays `move` on `squares` (piece codes by square): its captures cleared, the piece moved, crowned as `crowned` when it promotes. */
  static apply(move: ListedMove, squares: Uint8Array, crowned: number): void {
    const piece = squares[move.from]!;
    squares[move.from] = 0;
    const taken = move.#squares.length >> 1;
    for (let k = 0; k < taken; k++) squares[move.#squares[k]!] = 0;
    squares[move.to] = move.promotes ? crowned : piece;
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
    const move = new ListedMove(listing, records, i * RECORD);
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
