// A game: a start position, the moves played from it, and how it stands under the rules of
// RULES.md section 5. The game is mutable (play, undo, redo) but every ply's state — position,
// Zobrist key, draw counters, repetition count, result — is computed once and kept in a list,
// so undo and redo restore all of it exactly, and positions stay immutable.
//
// result.reason is one of:
//   "no-moves"               the side to move has no legal move (no pieces, or all blocked): it lost
//   "threefold-repetition"   the same position (pieces, side to move) for the third time
//   "25-move-kings"          international, spanish, czech: 25 moves each of kings only, no capture
//   "16-move-endgame"        international: lone king against three pieces with a king, 16 moves each
//   "5-move-endgame"         international: lone king against one or two pieces with a king, 5 moves each
//   "40-move"                italian: 40 moves each without capture or promotion;
//                            english: 40 moves each without capture or man move
//   "15-move-kings"          russian, brazilian: 15 moves each of kings only, both sides having kings
//   "15-move-endgame"        russian, brazilian: three or more kings against a lone king, 15 moves each
// See bindings/draw-rules.ts for how each counter counts.
//
// Repetition compares 64-bit Zobrist keys from the core, and on a key match the positions
// themselves, so a key collision cannot draw a game. Only positions since the last capture or
// man move are compared: no earlier one can come back.

import { DraughtsError } from "../core/errors.js";
import { DrawCounter, DrawReason, DrawRules, REPETITION_LIMIT, drawRules, isIrreversible } from "./draw-rules.js";
import type { Move } from "../core/notation.js";
import { Position, PositionOptions } from "../core/position.js";
import type { Color, VariantName } from "../core/variant.js";

export type GameStatus = "ongoing" | "win" | "draw";

/** Why a game ended. */
export type EndReason = "no-moves" | DrawReason;

/** How a game stands. `winner` and `reason` are there once the game has ended. */
export interface GameResult {
  readonly status: GameStatus;
  /** The side that won (`status === "win"`). */
  readonly winner?: Color;
  readonly reason?: EndReason;
}

export interface GameOptions extends PositionOptions {
  /** Start from this PDN FEN instead of the variant's start position. */
  readonly fen?: string;
  /**
   * Accept moves after the game was drawn by a rule (default false: they throw GameOverError).
   * The result stays the first draw reached. Records of real games need this: players and
   * sites do not always stop (or claim) when a rule is reached. A game that is won (the side
   * to move has no move) accepts nothing either way.
   */
  readonly playAfterDraw?: boolean;
}

/** A move refused because the game has ended; `result` says how. */
export class GameOverError extends DraughtsError {
  constructor(
    message: string,
    readonly result: GameResult,
  ) {
    super(message);
  }
}

/** The state after each ply (index 0: the start). */
interface Entry {
  readonly position: Position;
  /** The move that led here; undefined for the start. */
  readonly move: Move | undefined;
  readonly key: bigint;
  /** Draw counters, in the order of DrawRules.rules. */
  readonly counts: readonly number[];
  /** How many times this position has occurred so far, this time included. */
  readonly repetitions: number;
  /** Index of the entry after the last irreversible ply (or 0): repetitions look back to it. */
  readonly since: number;
  readonly result: GameResult;
}

const ONGOING: GameResult = Object.freeze({ status: "ongoing" });

export class Game {
  readonly #rules: DrawRules;
  readonly #playAfterDraw: boolean;
  readonly #entries: Entry[];
  /** Entries taken back, the next one to redo last. */
  #undone: Entry[] = [];

  /** A game of `variant` from its start position, or from `options.fen`. */
  constructor(variant: VariantName, options: GameOptions = {}) {
    const start = options.fen === undefined ? Position.initial(variant, options) : Position.fromFen(variant, options.fen, options);
    this.#rules = drawRules(start.variant);
    this.#playAfterDraw = options.playAfterDraw ?? false;
    const counts = this.#rules.start();
    const first: Omit<Entry, "result"> = { position: start, move: undefined, key: start.key(), counts, repetitions: 1, since: 0 };
    this.#entries = [{ ...first, result: this.#judge(first, undefined) }];
  }

  /** A game from `position`, with its variant and its options (capture rule, notation, engine). */
  static fromPosition(position: Position, options: Omit<GameOptions, "fen" | keyof PositionOptions> = {}): Game {
    return new Game(position.variant, { ...options, ...position.options, fen: position.toFen() });
  }

  get variant(): VariantName {
    return this.#entries[0]!.position.variant;
  }

  /** The position the game started from. */
  get start(): Position {
    return this.#entries[0]!.position;
  }

  /** The current position. */
  get position(): Position {
    return this.#current.position;
  }

  get turn(): Color {
    return this.position.turn;
  }

  /** Plies played (up to the current position). */
  get ply(): number {
    return this.#entries.length - 1;
  }

  /** The moves played, in order; each Move's `notation` is its text in the position it was played from. */
  get moves(): readonly Move[] {
    return this.#entries.slice(1).map((e) => e.move!);
  }

  /** The positions from the start to the current one (`ply + 1` of them). */
  get positions(): readonly Position[] {
    return this.#entries.map((e) => e.position);
  }

  /** The moves taken back by undo that redo would play again, next one first. */
  get future(): readonly Move[] {
    return this.#undone.map((e) => e.move!).reverse();
  }

  get canUndo(): boolean {
    return this.#entries.length > 1;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** How the game stands (see the reasons at the top of this file). */
  get result(): GameResult {
    return this.#current.result;
  }

  get isOver(): boolean {
    return this.result.status !== "ongoing";
  }

  /** The variant's move-count draw counters, for display ("draw in 7 moves"). */
  get counters(): readonly DrawCounter[] {
    return this.#rules.describe(this.#current.counts, this.position);
  }

  /** How many times the current position has occurred (a third time draws). */
  get repetitions(): number {
    return this.#current.repetitions;
  }

  /** The current position's Zobrist key. */
  get key(): bigint {
    return this.#current.key;
  }

  /** The moves that can be played now: none once the game has ended. */
  legalMoves(): readonly Move[] {
    return this.#accepting() ? this.position.legalMoves() : [];
  }

  /**
   * Plays a listed Move or move text and returns the legal move played. Throws GameOverError
   * after the end of the game, NotationError or IllegalMoveError for a move that cannot be
   * played; the game is then unchanged.
   */
  play(move: Move | string): Move {
    const current = this.#current;
    if (!this.#accepting()) throw this.#overError(move);
    const before = current.position;
    const legal = typeof move === "string" ? before.parseMove(move) : this.#find(before, move);
    const next = this.#undone.at(-1);
    if (next !== undefined && sameMove(next.move!, legal)) {
      this.#entries.push(this.#undone.pop()!);
      return next.move!;
    }
    const entry = this.#after(current, legal);
    this.#undone = [];
    this.#entries.push(entry);
    return legal;
  }

  /** Takes back the last move and returns it (undefined at the start); redo plays it again. */
  undo(): Move | undefined {
    if (this.#entries.length <= 1) return undefined;
    const entry = this.#entries.pop()!;
    this.#undone.push(entry);
    return entry.move;
  }

  /** Plays again the last move taken back and returns it (undefined when there is none). */
  redo(): Move | undefined {
    const entry = this.#undone.pop();
    if (entry === undefined) return undefined;
    this.#entries.push(entry);
    return entry.move;
  }

  /** Takes back every move (redo can play them again). */
  rewind(): void {
    while (this.undo() !== undefined);
  }

  toString(): string {
    return `${this.variant} game, ${this.ply} plies, ${this.position.toFen()}, ${describeResult(this.result)}`;
  }

  /** For JSON.stringify: the variant, the start and current FEN, the moves played and the result. */
  toJSON(): { variant: VariantName; start: string; fen: string; moves: string[]; result: GameResult } {
    return { variant: this.variant, start: this.start.toFen(), fen: this.position.toFen(), moves: this.moves.map((m) => m.notation), result: this.result };
  }

  /** What console.log shows in Node: the game in a line, then the current board. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Game ${this.toString()}\n${this.position.toAscii()}\n${this.turn} to move`;
  }

  get #current(): Entry {
    return this.#entries[this.#entries.length - 1]!;
  }

  #accepting(): boolean {
    const { status } = this.result;
    return status === "ongoing" || (status === "draw" && this.#playAfterDraw);
  }

  #find(position: Position, move: Move): Move {
    const found = position.legalMoves().find((m) => m.from === move?.from && m.to === move.to && sameSquares(m.captured, move.captured ?? []));
    if (found) return found;
    position.play(move); // throws the position's IllegalMoveError, which names the move
    throw new Error("unreachable: a move the position refused was played");
  }

  #after(current: Entry, move: Move): Entry {
    const position = current.position.play(move);
    const key = position.key();
    const since = isIrreversible(current.position, move) ? this.#entries.length : current.since;
    let repetitions = 1;
    for (let i = since; i < this.#entries.length; i++) {
      const earlier = this.#entries[i]!;
      if (earlier.key === key && earlier.position.equals(position)) repetitions++;
    }
    const counts = this.#rules.next(current.counts, current.position, move, position);
    const entry = { position, move, key, counts, repetitions, since };
    return { ...entry, result: this.#judge(entry, current.result) };
  }

  /** The result in `entry`'s position; a draw already reached stands (only with playAfterDraw). */
  #judge(entry: Omit<Entry, "result">, previous: GameResult | undefined): GameResult {
    if (previous !== undefined && previous.status !== "ongoing") return previous;
    if (entry.position.legalMoves().length === 0) {
      return Object.freeze({ status: "win", winner: entry.position.turn === "white" ? "black" : "white", reason: "no-moves" });
    }
    if (entry.repetitions >= REPETITION_LIMIT) return Object.freeze({ status: "draw", reason: "threefold-repetition" });
    const rule = this.#rules.reached(entry.counts);
    if (rule !== undefined) return Object.freeze({ status: "draw", reason: rule });
    return ONGOING;
  }

  #overError(move: Move | string): GameOverError {
    const text = typeof move === "string" ? move.trim() : move?.notation ?? `${move?.from}-${move?.to}`;
    return new GameOverError(`cannot play ${text}: the game is over (${describeResult(this.result)})`, this.result);
  }
}

/** A short English description of a result: "white won: black has no legal move", "draw: 25-move-kings". */
export function describeResult(result: GameResult): string {
  if (result.status === "ongoing") return "ongoing";
  if (result.status === "win") {
    const loser = result.winner === "white" ? "black" : "white";
    return `${result.winner} won: ${loser} has no legal move`;
  }
  return `draw by ${result.reason === "threefold-repetition" ? "threefold repetition" : `the ${result.reason} rule`}`;
}

function sameMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && sameSquares(a.captured, b.captured);
}

function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
