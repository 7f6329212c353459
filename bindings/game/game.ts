// A game: a start position, the moves played from it, and how it stands under the rules of
// RULES.md section 5. The game is mutable (play, undo, redo) but every ply's state — position,
// Zobrist key, draw counters, repetition count, result — is computed once and kept in a list,
// so undo and redo restore all of it exactly, and positions stay immutable.
//
// result.reason is one of:
//   "no-moves"               the side to move has no legal move (no pieces, or all blocked): it lost,
//                            or, in antidraughts, it won
//   "breakthrough"           (breakthrough) the side that just moved made a king: it won
//   "threefold-repetition"   the same position (pieces, side to move) for the third time, the draw
//                            claimed (`claimed: true`) or, with `repetition: "automatic"`, at once
//   a counting rule of RULES.md 5.6, by variant (limits in moves each):
//   international  "25-move-kings" (25, kings only, no capture), "16-move-endgame" (lone king
//                  against three pieces with a king), "5-move-endgame" (lone king against one or
//                  two pieces with a king)
//   russian        "15-move-kings", "15-move-endgame" (lone king against three or more kings),
//                  "5-move-endgame", "long-diagonal-endgame" (5, lone king on a1-h8 against three
//                  pieces with a king), "30-move-endgame" and "60-move-endgame" (both sides with
//                  kings, 4-5 and 6-7 pieces, no capture or promotion)
//   brazilian      "20-move-kings", "5-move-endgame" (the CBD's endings); with
//                  `brazilianRules: "russian"` the russian set
//   english        "40-move" (no capture or man move); italian "40-move" (no capture or promotion)
//   spanish        "20-move" (no capture or promotion), "12-move-endgame" (three kings, one on the
//                  long diagonal, against a lone king)
//   czech          "15-move" (no capture or man move)
//   killer         international's three (RULES.md leaves killer's end to international's rules)
//   pool, thai, antidraughts, breakthrough: none (their rule texts settle no counting rule)
// See bindings/game/draw-rules.ts for how each counter counts.
//
// After a ply the game decides in the order of RULES.md 5.3: no legal move loses (even when a
// counter reaches its limit on that ply), then repetition, then the counters in the variant's
// order. A repetition only makes a draw claimable (5.4) unless `repetition` is "automatic"; a
// claim is a step of the history that undo takes back and redo makes again, like a move.
//
// Repetition compares 64-bit Zobrist keys from the core, and on a key match the positions
// themselves, so a key collision cannot draw a game. Only positions since the last capture or
// man move are compared: no earlier one can come back.

import { DraughtsError, VariantError } from "../core/errors.js";
import { BRAZILIAN_RULES, BrazilianRules, DrawCounter, DrawReason, DrawRules, REPETITION_LIMIT, drawRules, isIrreversible } from "./draw-rules.js";
import type { Move } from "../core/notation.js";
import { Position, PositionOptions } from "../core/position.js";
import { type Color, type VariantName, variantInfo } from "../core/variant.js";

/** Whether a game goes on or how it ended. */
export type GameStatus = "ongoing" | "win" | "draw";

/** Why a game ended. */
export type EndReason = "no-moves" | "breakthrough" | DrawReason;

/** How a game stands. `winner` and `reason` are there once the game has ended. */
export interface GameResult {
  readonly status: GameStatus;
  /** The side that won (`status === "win"`). */
  readonly winner?: Color;
  readonly reason?: EndReason;
  /** The draw was claimed (`claimDraw`), not reached automatically. */
  readonly claimed?: true;
}

/** How a repetition is treated: a draw the side to move may claim, or a draw at once. */
export type RepetitionRule = "claim" | "automatic";

/** The repetition rules a game can be played by. */
export const REPETITION_RULES: readonly RepetitionRule[] = Object.freeze(["claim", "automatic"]);

/** A draw the side to move may claim now, and why. */
export interface DrawClaim {
  readonly reason: "threefold-repetition";
}

/** How a game starts: its position (FEN or a Position), the optional-capture rule, and its draw rules. */
export interface GameOptions extends PositionOptions {
  /** Start from this PDN FEN instead of the variant's start position. */
  readonly fen?: string;
  /**
   * A position occurring for the third time makes a draw claimable (`"claim"`, the default, as
   * over the board: `drawClaim`, `claimDraw()`), or ends the game at once (`"automatic"`, for
   * engine self-play, bots and matches).
   */
  readonly repetition?: RepetitionRule;
  /**
   * The brazilian counting rules: the Brazilian confederation's (`"cbd"`, the default:
   * `20-move-kings`, `5-move-endgame`) or the russian set (`"russian"`, what online play
   * uses). Other variants ignore it.
   */
  readonly brazilianRules?: BrazilianRules;
  /**
   * Accept moves after the game was drawn automatically by a rule (default false: they throw
   * GameOverError). The result stays the first draw reached. Records of over-the-board games
   * need this where a counting rule is a claim there (english's 40-move rule) and the players
   * went on. A claimed draw, or a game that is won, accepts nothing either way.
   */
  readonly playAfterDraw?: boolean;
}

/** A move refused because the game has ended; `result` says how. */
export class GameOverError extends DraughtsError {
  override name = "GameOverError";
  constructor(
    message: string,
    readonly result: GameResult,
  ) {
    super(message);
  }
}

/** `claimDraw` found no draw to claim; `result` and `repetitions` say how the game stands. */
export class DrawClaimError extends DraughtsError {
  override name = "DrawClaimError";
  constructor(
    message: string,
    readonly result: GameResult,
    readonly repetitions: number,
  ) {
    super(message);
  }
}

/** A value of a Game option that is not one of its choices; `option` names it. */
export class GameOptionError extends DraughtsError {
  override name = "GameOptionError";
  constructor(
    message: string,
    readonly option: string,
    readonly value: unknown,
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
const CLAIMED: GameResult = Object.freeze({ status: "draw", reason: "threefold-repetition", claimed: true });
const REPETITION_CLAIM: DrawClaim = Object.freeze({ reason: "threefold-repetition" });

/** A draw claim in the list of steps taken back (the others are plies). */
const CLAIM = Symbol("draw claim");
type Step = Entry | typeof CLAIM;

/** A game: its start, the moves played, whose turn it is, the draw rules' counters and the result (mutable: play, undo, claim a draw, resign). */
export class Game {
  readonly #rules: DrawRules;
  readonly #repetition: RepetitionRule;
  readonly #playAfterDraw: boolean;
  readonly #entries: Entry[];
  /** The draw was claimed in the current position. */
  #claimed = false;
  /** Steps taken back, the next one to redo last. */
  #undone: Step[] = [];

  /** A game of `variant` from its start position, or from `options.fen`. */
  constructor(variant: VariantName, options: GameOptions = {}) {
    // A Position where the name belongs is a likely slip from plain JavaScript: say what to call.
    if ((variant as unknown) instanceof Position) throw new VariantError("new Game takes a variant name; a game from a position is Game.fromPosition(position)");
    const repetition = choice("repetition", options.repetition, REPETITION_RULES, "claim");
    const brazilianRules = choice("brazilianRules", options.brazilianRules, BRAZILIAN_RULES, "cbd");
    const start = options.fen === undefined ? Position.initial(variant, options) : Position.fromFen(variant, options.fen, options);
    this.#rules = drawRules(start.variant, brazilianRules);
    this.#repetition = repetition;
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

  /** The moves taken back by undo that redo would play again, next one first (a draw claim taken back is no move). */
  get future(): readonly Move[] {
    return this.#undone.flatMap((step) => (step === CLAIM ? [] : [step.move!])).reverse();
  }

  get canUndo(): boolean {
    return this.#entries.length > 1 || this.#claimed;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** How the game stands (see the reasons at the top of this file). */
  get result(): GameResult {
    return this.#claimed ? CLAIMED : this.#current.result;
  }

  get isOver(): boolean {
    return this.result.status !== "ongoing";
  }

  /** The variant's move-count draw counters, for display ("draw in 7 moves"). */
  get counters(): readonly DrawCounter[] {
    return this.#rules.describe(this.#current.counts, this.position);
  }

  /** How many times the current position has occurred (from the third time a draw can be claimed). */
  get repetitions(): number {
    return this.#current.repetitions;
  }

  /** The draw the side to move may claim now, while the game goes on; undefined when there is none. */
  get drawClaim(): DrawClaim | undefined {
    return this.result.status === "ongoing" && this.#current.repetitions >= REPETITION_LIMIT ? REPETITION_CLAIM : undefined;
  }

  /**
   * Claims the draw that `drawClaim` offers, which ends the game, and returns the result
   * (`{ status: "draw", reason: "threefold-repetition", claimed: true }`). Throws
   * DrawClaimError, changing nothing, when there is no draw to claim. Undo takes the claim back.
   */
  claimDraw(): GameResult {
    if (this.drawClaim === undefined) {
      const why = this.isOver
        ? `the game is over (${describeResult(this.result, this.variant)})`
        : `the current position has occurred ${times(this.repetitions)}; a draw by repetition can be claimed from its third occurrence`;
      throw new DrawClaimError(`no draw can be claimed: ${why}`, this.result, this.repetitions);
    }
    if (this.#undone.at(-1) === CLAIM) this.#undone.pop();
    else this.#undone = [];
    this.#claimed = true;
    return this.result;
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
    if (next !== undefined && next !== CLAIM && sameMove(next.move!, legal)) {
      this.#entries.push(next);
      this.#undone.pop();
      return next.move!;
    }
    const entry = this.#after(current, legal);
    this.#undone = [];
    this.#entries.push(entry);
    return legal;
  }

  /**
   * Takes back the last step and returns its move: the last move, or undefined at the start and
   * when the step was a draw claim (`canUndo` tells whether there is a step). Redo makes it again.
   */
  undo(): Move | undefined {
    if (this.#claimed) {
      this.#claimed = false;
      this.#undone.push(CLAIM);
      return undefined;
    }
    if (this.#entries.length <= 1) return undefined;
    const entry = this.#entries.pop()!;
    this.#undone.push(entry);
    return entry.move;
  }

  /**
   * Makes again the last step taken back and returns its move: undefined when there is none
   * and when the step was a draw claim (`canRedo` tells whether there is a step).
   */
  redo(): Move | undefined {
    const step = this.#undone.pop();
    if (step === undefined) return undefined;
    if (step === CLAIM) {
      this.#claimed = true;
      return undefined;
    }
    this.#entries.push(step);
    return step.move;
  }

  /** Takes back every step (redo can make them again). */
  rewind(): void {
    while (this.canUndo) this.undo();
  }

  /** The game as PDN text (writePdn). */
  toString(): string {
    return `${this.variant} game, ${this.ply} plies, ${this.position.toFen()}, ${describeResult(this.result, this.variant)}`;
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
    return status === "ongoing" || (status === "draw" && this.#playAfterDraw && !this.#claimed);
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
    const ending = variantInfo(entry.position.variant).ending;
    const mover = entry.position.turn === "white" ? "black" : "white";
    // Breakthrough: the ply that makes a king wins at once, whatever the position it leaves.
    if (ending === "breakthrough" && entry.move?.promotes === true) return Object.freeze({ status: "win", winner: mover, reason: "breakthrough" });
    if (entry.position.legalMoves().length === 0) {
      // Antidraughts: the side left without a move (no pieces, or all blocked) has won.
      const winner = ending === "antidraughts" ? entry.position.turn : mover;
      return Object.freeze({ status: "win", winner, reason: "no-moves" });
    }
    if (entry.repetitions >= REPETITION_LIMIT && this.#repetition === "automatic") return Object.freeze({ status: "draw", reason: "threefold-repetition" });
    const rule = this.#rules.reached(entry.counts);
    if (rule !== undefined) return Object.freeze({ status: "draw", reason: rule });
    return ONGOING;
  }

  #overError(move: Move | string): GameOverError {
    const text = typeof move === "string" ? move.trim() : move?.notation ?? `${move?.from}-${move?.to}`;
    return new GameOverError(`cannot play ${text}: the game is over (${describeResult(this.result, this.variant)})`, this.result);
  }
}

/**
 * A short English description of a result: "white won: black has no legal move", "draw: 25-move-kings".
 * `variant` tells an antidraughts win (the winner is the side without a move) from the others.
 */
export function describeResult(result: GameResult, variant?: VariantName): string {
  if (result.status === "ongoing") return "ongoing";
  if (result.status === "win") {
    const loser = result.winner === "white" ? "black" : "white";
    if (result.reason === "breakthrough") return `${result.winner} won: ${result.winner} made the first king`;
    if (variant !== undefined && variantInfo(variant).ending === "antidraughts") return `${result.winner} won: ${result.winner} has no legal move`;
    return `${result.winner} won: ${loser} has no legal move`;
  }
  if (result.reason === "threefold-repetition") return `draw by threefold repetition${result.claimed === true ? " (claimed)" : ""}`;
  return `draw by the ${result.reason} rule`;
}

/** `value`, one of `choices`, or `fallback` when undefined; else a GameOptionError naming the option. */
function choice<T extends string>(option: string, value: T | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (choices.includes(value)) return value;
  throw new GameOptionError(`Game option ${option} must be ${choices.map((c) => JSON.stringify(c)).join(" or ")}, not ${JSON.stringify(value)}`, option, value);
}

function times(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
}

function sameMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && sameSquares(a.captured, b.captured);
}

function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
