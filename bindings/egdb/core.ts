// The core's endgame database operations (assembly/egdb/operate.ts), on an instance of its own:
// the slices fill that instance's memory, and no engine of the library shares it.

import {
  BOARD_SIDE, EGDB_CHECK, EGDB_CLAIM, EGDB_DISTANCES, EGDB_FILL, EGDB_LOCATE, EGDB_MASKED, EGDB_MISSING_SLICE, EGDB_NO_VARIANT, EGDB_SIZE, EGDB_SOLVE, EGDB_TOO_LARGE,
  EGDB_VALUE, ERROR_NO_MEMORY,
} from "../core/contract.js";
import { EngineError } from "../core/errors.js";
import { bareCore } from "../core/loader.js";
import { type Position, toCore } from "../core/position.js";
import { EndgameDatabaseError } from "./format.js";
import { MAX_GROUP, type Slice, sliceKey, sliceName } from "./slices.js";

interface DatabaseExports {
  memory: WebAssembly.Memory;
  boardBuffer(): number;
  egdb(variant: number, op: number, a: number, b: number, c: number, d: number): number;
  egdbLocatedSlice(): number;
  egdbTable(key: number): number;
}

const SOLVE_ERRORS: Record<number, string> = {
  [EGDB_NO_VARIANT]: "the core has no endgame databases for this variant",
  [ERROR_NO_MEMORY]: "the core could not grow its memory",
  [EGDB_MISSING_SLICE]: "a slice it leads to is not loaded",
  [EGDB_TOO_LARGE]: "it is too large for the core's work memory",
};

/** Where the position in the core's board lies: a slice and an index, or a side without a piece. */
export type Located = { readonly key: number; readonly index: number } | { readonly empty: "to-move" | "other" };

export class DatabaseCore {
  readonly #core: DatabaseExports;
  readonly #variantId: number;

  private constructor(instance: WebAssembly.Instance, variantId: number) {
    this.#core = instance.exports as unknown as DatabaseExports;
    this.#variantId = variantId;
  }

  static async create(variantId: number): Promise<DatabaseCore> {
    return new DatabaseCore(await bareCore(), variantId);
  }

  /** Positions of a slice's index (some indices are no position). */
  size(slice: Slice): number {
    return this.#call(EGDB_SIZE, slice);
  }

  /** Solves a pair of slices from the loaded ones; returns the rounds of propagation it took. */
  solve(first: Slice): number {
    const rounds = this.#call(EGDB_SOLVE, first);
    if (rounds < 0) throw new EndgameDatabaseError(`slices ${sliceName(first)}: cannot be built: ${SOLVE_ERRORS[rounds] ?? `core error ${rounds}`}`);
    return rounds;
  }

  has(slice: Slice): boolean {
    return this.#core.egdbTable(sliceKey(slice)) !== 0;
  }

  /** A copy of a loaded slice's values, two bits a position. */
  packed(slice: Slice): Uint8Array {
    const at = this.#core.egdbTable(sliceKey(slice));
    if (at === 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} is not loaded`);
    return new Uint8Array(this.#core.memory.buffer, at, Math.ceil(this.size(slice) / 4)).slice();
  }

  /**
   * A copy of a slice of the pair solved last as its file holds it: two bits a position, those
   * with a capture pending written as "no position".
   */
  masked(slice: Slice): Uint8Array {
    const at = this.#call(EGDB_MASKED, slice);
    if (at === 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} is not of the pair solved last, or the core could not grow its memory`);
    return new Uint8Array(this.#core.memory.buffer, at, Math.ceil(this.size(slice) / 4)).slice();
  }

  /**
   * A copy of the distances of a slice of the pair solved last, a byte a position: 0 a draw, a
   * win in d plies d, a loss in d plies 0x80 | d, the plies to the move that leaves the pair
   * (assembly/egdb/generate.ts distancesOf).
   */
  distances(slice: Slice): Uint8Array {
    const at = this.#call(EGDB_DISTANCES, slice);
    if (at === 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} is not of the pair solved last, or the core could not grow its memory`);
    return new Uint8Array(this.#core.memory.buffer, at, this.size(slice)).slice();
  }

  /**
   * Fills in the values a file leaves out (positions with a capture pending) of a loaded slice,
   * from the loaded slices its captures lead to, which must have been filled before.
   */
  fill(slice: Slice): void {
    if (this.#call(EGDB_FILL, slice) < 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} cannot be filled in: it or a slice its captures lead to is not loaded`);
  }

  /** Loads a slice's values, two bits a position. */
  load(slice: Slice, packed: Uint8Array): void {
    const bytes = Math.ceil(this.size(slice) / 4);
    if (packed.length !== bytes) throw new EndgameDatabaseError(`slice ${sliceName(slice)} takes ${bytes} bytes, not ${packed.length}`);
    const at = this.#call(EGDB_CLAIM, slice);
    if (at === 0) throw new EngineError("the core could not grow its memory for an endgame database slice");
    new Uint8Array(this.#core.memory.buffer, at, bytes).set(packed);
  }

  /** Positions of a loaded slice whose value is not what their moves give one ply on. */
  check(slice: Slice): number {
    const wrong = this.#call(EGDB_CHECK, slice);
    if (wrong < 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} cannot be checked: it or a slice it leads to is not loaded`);
    return wrong;
  }

  /**
   * The value code (format.ts DRAW, WIN, LOSS) of a position with both sides on the board, read
   * from the loaded slices; undefined when its slice is not loaded.
   */
  value(position: Position): number | undefined {
    const located = this.locate(position);
    if ("empty" in located) throw new EndgameDatabaseError(`position ${position.toFen()} has a side without a piece`);
    const value = this.#core.egdb(this.#variantId, EGDB_VALUE, 0, 0, 0, 0);
    return value < 0 ? undefined : value;
  }

  /** The slice and index of a position of this core's variant. */
  locate(position: Position): Located {
    const { board: raw } = toCore(position);
    const board = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), raw.squares.length);
    board.set(raw.squares);
    board[BOARD_SIDE] = raw.whiteToMove ? 0 : 1;
    let toMove = 0;
    let other = 0;
    for (const { piece } of position.pieces()) {
      if (piece.color === position.turn) toMove++;
      else other++;
    }
    if (toMove === 0 || other === 0) return { empty: toMove === 0 ? "to-move" : "other" };
    const index = this.#core.egdb(this.#variantId, EGDB_LOCATE, 0, 0, 0, 0);
    if (index < 0) throw new EndgameDatabaseError(`position ${position.toFen()} has more pieces of one kind than a slice holds (${MAX_GROUP})`);
    return { key: this.#core.egdbLocatedSlice(), index };
  }

  #call(op: number, slice: Slice): number {
    return this.#core.egdb(this.#variantId, op, slice.a, slice.b, slice.c, slice.d);
  }
}
