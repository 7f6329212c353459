// A cursor: a position walked with make and unmake on the core's search state, for hosts that
// walk trees (bots, solvers, perft in JavaScript). Moves are indices 0 … moves() − 1 in the
// core's order; nothing is read back into JavaScript until moveAt or position asks for it.
//
// The search state is one per engine. A cursor remembers the indices it made from its root, so
// when something else loaded the engine's state in between (another cursor, a search), it loads
// its root again and replays them before going on.

import type { Engine, RawBoard } from "./engine.js";
import { IllegalMoveError } from "./errors.js";
import { INSPECT, listMoves } from "./moves.js";
import type { Move } from "./notation.js";
import type { Position } from "./position.js";
import type { Color, VariantInfo } from "./variant.js";

/** What a cursor needs from its root position (see Position.cursor). */
export interface CursorRoot {
  readonly engine: Engine;
  readonly info: VariantInfo;
  readonly variantId: number;
  readonly algebraic: boolean;
  readonly board: RawBoard;
  /** Builds a position of the root's variant and options from a board of the search state. */
  readonly materialise: (board: RawBoard) => Position;
}

/** A walker over the move tree from one position (Position.cursor()): play and undo moves in place, without making a Position per node. */
export class Cursor {
  readonly #root: CursorRoot;
  /** Indices made from the root, one a ply. */
  readonly #made: number[] = [];
  /** Moves listed at each ply (−1: not listed yet), from the root to the current ply. */
  readonly #counts: number[] = [-1];
  /** Moves named at each ply, for moveAt. */
  readonly #named: Array<readonly Move[] | undefined> = [undefined];

  /** Made by `Position.cursor()`. */
  constructor(root: CursorRoot) {
    this.#root = root;
    root.engine.stateLoad(root.variantId, root.board);
    root.engine.claimState(this);
  }

  /** Plies made from the root. */
  get ply(): number {
    return this.#made.length;
  }

  /** The side to move. */
  get turn(): Color {
    const rootWhite = this.#root.board.whiteToMove;
    return rootWhite === (this.#made.length % 2 === 0) ? "white" : "black";
  }

  /** The number of legal moves here (0: the side to move has lost); moves are 0 … moves() − 1. */
  moves(): number {
    this.#own();
    const ply = this.#made.length;
    if (this.#counts[ply]! < 0) this.#counts[ply] = this.#root.engine.stateMoveCount(this.#root.variantId);
    return this.#counts[ply]!;
  }

  /** Plays move `index` (0 … moves() − 1); throws IllegalMoveError for another index. */
  make(index: number): void {
    const count = this.moves();
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new IllegalMoveError(`make(index): no move ${String(index)} here, the position has ${count} legal moves (indices 0 to ${count - 1})`, String(index));
    }
    this.#root.engine.stateMake(this.#root.variantId, index);
    this.#made.push(index);
    this.#counts.push(-1);
    this.#named.push(undefined);
  }

  /** Takes back the last move made; false at the root. */
  unmake(): boolean {
    if (this.#made.length === 0) return false;
    this.#own();
    this.#root.engine.stateUnmake(this.#root.variantId);
    this.#made.pop();
    this.#counts.pop();
    this.#named.pop();
    return true;
  }

  /** Move `index` of this ply as a Move (named among this ply's moves), read from the core only now. */
  moveAt(index: number): Move {
    const count = this.moves();
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new IllegalMoveError(`moveAt(index): no move ${String(index)} here, the position has ${count} legal moves (indices 0 to ${count - 1})`, String(index));
    }
    const ply = this.#made.length;
    if (this.#named[ply] === undefined) {
      const { records, count: listed } = this.#root.engine.stateMoveRecords(this.#root.variantId);
      this.#named[ply] = listMoves(records, listed, this.#root.info, this.#root.algebraic, undefined, false);
    }
    return this.#named[ply]![index]!;
  }

  /** The current position, as an immutable Position. */
  position(): Position {
    this.#own();
    return this.#root.materialise(this.#root.engine.stateBoard(this.#root.variantId));
  }

  /** The current position's Zobrist key (as Position.key gives it), kept up to date move by move. */
  key(): bigint {
    this.#own();
    return this.#root.engine.stateKey();
  }

  /** The current position's FEN. */
  toString(): string {
    return `Cursor ${this.#root.info.name}, ${this.#made.length} plies from the root`;
  }

  /** What Node's console shows: the current position's FEN. */
  [INSPECT](): string {
    return this.toString();
  }

  /** Loads the root and replays the moves made when the engine's state served something else meanwhile. */
  #own(): void {
    const { engine, variantId, board } = this.#root;
    if (engine.claimState(this)) return;
    engine.stateLoad(variantId, board);
    engine.claimState(this);
    this.#made.forEach((index) => {
      engine.stateMoveCount(variantId);
      engine.stateMake(variantId, index);
    });
  }
}
