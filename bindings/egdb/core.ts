// The core's endgame database operations (assembly/egdb/operate.ts), on an instance of its own:
// the slices fill that instance's memory, and no engine of the library shares it.

import { EngineError } from "../core/errors.js";
import { bareCore } from "../core/engine.js";
import type { Position } from "../core/position.js";
import { EndgameDatabaseError } from "./format.js";
import { MAX_GROUP, type Slice, sliceKey, sliceName } from "./slices.js";

interface DatabaseExports {
  memory: WebAssembly.Memory;
  boardBuffer(): number;
  egdb(variant: number, op: number, a: number, b: number, c: number, d: number): number;
  egdbLocatedSlice(): number;
  egdbTable(key: number): number;
}

const SOLVE = 0;
const SIZE = 1;
const CLAIM = 2;
const CHECK = 3;
const LOCATE = 4;
const VALUE = 5;
const MASKED = 6;
const FILL = 7;

const SOLVE_ERRORS: Record<number, string> = {
  [-3]: "the core has no endgame databases for this variant",
  [-4]: "the core could not grow its memory",
  [-7]: "a slice it leads to is not loaded",
  [-8]: "it is too large for the core's work memory",
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
    return this.#call(SIZE, slice);
  }

  /** Solves a pair of slices from the loaded ones; returns the rounds of propagation it took. */
  solve(first: Slice): number {
    const rounds = this.#call(SOLVE, first);
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
    const at = this.#call(MASKED, slice);
    if (at === 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} is not of the pair solved last, or the core could not grow its memory`);
    return new Uint8Array(this.#core.memory.buffer, at, Math.ceil(this.size(slice) / 4)).slice();
  }

  /**
   * Fills in the values a file leaves out (positions with a capture pending) of a loaded slice,
   * from the loaded slices its captures lead to, which must have been filled before.
   */
  fill(slice: Slice): void {
    if (this.#call(FILL, slice) < 0) throw new EndgameDatabaseError(`slice ${sliceName(slice)} cannot be filled in: it or a slice its captures lead to is not loaded`);
  }

  /** Loads a slice's values, two bits a position. */
  load(slice: Slice, packed: Uint8Array): void {
    const bytes = Math.ceil(this.size(slice) / 4);
    if (packed.length !== bytes) throw new EndgameDatabaseError(`slice ${sliceName(slice)} takes ${bytes} bytes, not ${packed.length}`);
    const at = this.#call(CLAIM, slice);
    if (at === 0) throw new EngineError("the core could not grow its memory for an endgame database slice");
    new Uint8Array(this.#core.memory.buffer, at, bytes).set(packed);
  }

  /** Positions of a loaded slice whose value is not what their moves give one ply on. */
  check(slice: Slice): number {
    const wrong = this.#call(CHECK, slice);
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
    const value = this.#core.egdb(this.#variantId, VALUE, 0, 0, 0, 0);
    return value < 0 ? undefined : value;
  }

  /** The slice and index of a position of this core's variant. */
  locate(position: Position): Located {
    const board = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), position.squareCount + 1);
    board.fill(0);
    board[0] = position.turn === "white" ? 0 : 1;
    let toMove = 0;
    let other = 0;
    for (const { square, piece } of position.pieces()) {
      board[square] = (piece.color === "white" ? 1 : 3) + (piece.role === "king" ? 1 : 0);
      if (piece.color === position.turn) toMove++;
      else other++;
    }
    if (toMove === 0 || other === 0) return { empty: toMove === 0 ? "to-move" : "other" };
    const index = this.#core.egdb(this.#variantId, LOCATE, 0, 0, 0, 0);
    if (index < 0) throw new EndgameDatabaseError(`position ${position.toFen()} has more pieces of one kind than a slice holds (${MAX_GROUP})`);
    return { key: this.#core.egdbLocatedSlice(), index };
  }

  #call(op: number, slice: Slice): number {
    return this.#core.egdb(this.#variantId, op, slice.a, slice.b, slice.c, slice.d);
  }
}
