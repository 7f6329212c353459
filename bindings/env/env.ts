// Batched game environments for learning agents (docs/env.md): many games held in the core's
// memory, stepped in one call, read through typed-array views. Every rule, the masks, the planes,
// the draw rules and the playouts are the core's (assembly/env); this file checks arguments, names
// errors and turns the core's codes into words.

import {
  BOARD_BYTES, BOARD_SIDE, BOARD_STREAKS, ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENDING_STANDARD, ENV_BUF_ACTIONS, ENV_BUF_COUNTERS, ENV_BUF_DONE,
  ENV_BUF_KEY, ENV_BUF_LEGAL, ENV_BUF_LEGAL_COUNT, ENV_BUF_LEGS, ENV_BUF_MASK, ENV_BUF_MOVES, ENV_BUF_OBSERVATION, ENV_BUF_PLAYOUT, ENV_BUF_PLY,
  ENV_BUF_REASON, ENV_BUF_RESET, ENV_BUF_RESULT, ENV_BUF_REWARD, ENV_BUF_TO_MOVE, ENV_COUNTERS, ENV_COUNTER_REPETITIONS, ENV_DRAW_COUNTING,
  ENV_DRAW_REPETITION, ENV_DRAW_RUSSIAN_SET, ENV_END_BREAKTHROUGH, ENV_END_MAX_PLIES, ENV_END_NO_MOVES, ENV_END_REPETITION, ENV_END_RULE,
  ENV_FRYSK, ENV_INFO_ACTIONS, ENV_INFO_DIRECTIONS, ENV_INFO_DISTANCES, ENV_INFO_HEIGHT, ENV_INFO_PLANES, ENV_INFO_RULES, ENV_INFO_RULE_0,
  ENV_INFO_SQUARES, ENV_INFO_SYMMETRIES, ENV_INFO_WIDTH, ENV_MAX_COUNT, ENV_MAX_LEGAL, ENV_MAX_PLIES, ENV_MOVE_BYTES, ENV_NO_ACTION,
  ENV_RESULT_BLACK, ENV_RESULT_DRAW, RECORD_BYTES, RECORD_CAPTURED, RECORD_FROM, RECORD_TAKEN, RECORD_TO, ENV_RESULT_WHITE, ENV_SYM_MIRROR, ENV_WRITE_MASK, ENV_WRITE_OBSERVATION, ERROR_BAD_BOARD, ERROR_ENV_ACTION,
  ERROR_ENV_ARGUMENT, ERROR_ENV_GAME_OVER, ERROR_ENV_NOTHING_TO_UNDO, ERROR_ENV_NO_GAME, ERROR_NO_MEMORY, ERROR_TOO_MANY_MOVES,
  ERROR_UNKNOWN_VARIANT,
} from "../core/contract.js";
import { type WasmSource, bareCore } from "../core/loader.js";
import { ArgumentError, DraughtsError, EngineError, quote } from "../core/errors.js";
import { writeFen } from "../core/fen.js";
import { streaksOfBytes } from "../core/king-streak.js";
import type { Move } from "../core/notation.js";
import { Position, toCore } from "../core/position.js";
import { type Color, type VariantName, coreVariantId, variantInfo } from "../core/variant.js";
import type { BrazilianRules, CountingRule } from "../game/draw-rules.js";
import type { EndReason } from "../game/game.js";

/** Which draw rules end the games: `"standard"` (the variant's counting rules and threefold repetition, at once), `"none"`, or each named. */
export type EnvDrawRules = "standard" | "none" | { readonly counting?: boolean; readonly repetition?: boolean; readonly brazilianRules?: BrazilianRules };

/** What createEnvs takes: the variant, the number of games, and the rules and outputs they are played with. */
export interface EnvOptions {
  readonly variant: VariantName;
  /** Games held (1 … 65 536). */
  readonly count: number;
  /** The seed of `playout` when it is given none (default 1). */
  readonly seed?: number;
  /** Default `"standard"`. */
  readonly drawRules?: EnvDrawRules;
  /** Whole moves after which a game is cut (`reason` "max-plies", a draw for the result); default 1 000, at most 10 000. */
  readonly maxPlies?: number;
  /** The optional-capture house rule (default false). */
  readonly optionalCapture?: boolean;
  /**
   * Whether every step writes the dense mask and the observation planes (default false each):
   * otherwise `legalMask` and `observation` are written when read after a change.
   */
  readonly write?: { readonly mask?: boolean; readonly observation?: boolean };
  /** The core to run (default: the package's full core). */
  readonly core?: WasmSource;
}

/** An action refused by `step`: out of range, not legal, or for a game that is over. Nothing was stepped. */
export class IllegalActionError extends DraughtsError {
  override name = "IllegalActionError";
  constructor(message: string, readonly game: number, readonly action: number) {
    super(message);
  }
}

/** Why an environment's game ended: a reason `Game` reports, or `"max-plies"` (cut at maxPlies). */
export type EnvEndReason = EndReason | "max-plies";

/** How a game of an environment stands. */
export interface EnvResult {
  readonly status: "ongoing" | "win" | "draw";
  readonly winner?: Color;
  readonly reason?: EnvEndReason;
}

/** A legal move in the whole-move form: the move, and its legs' actions. */
export interface EnvMove {
  readonly move: Move;
  readonly actions: readonly number[];
}

/** An action's parts (docs/env.md): its start square (0 … N−1 as the side to move sees the board), direction and distance. */
export interface ActionParts {
  readonly square: number;
  readonly direction: number;
  readonly distance: number;
}

/** What `playout` tallies per game, for the side to move there. */
export interface PlayoutTallies {
  readonly wins: Int32Array;
  readonly draws: Int32Array;
  readonly losses: Int32Array;
  /** Whole moves played in all the game's playouts. */
  readonly plies: Int32Array;
}

/** The counting rules by the core's id (contract ENV_RULE_*), named as Game names them. */
const RULE_NAMES: readonly (CountingRule | undefined)[] = [
  undefined, "25-move-kings", "16-move-endgame", "5-move-endgame", "15-move-kings", "15-move-endgame", "long-diagonal-endgame", "30-move-endgame",
  "60-move-endgame", "20-move-kings", "5-move-endgame", "40-move", "40-move", "20-move", "12-move-endgame", "15-move", "7-move-endgame", "2-move-endgame",
];

const CORE_ERRORS: Record<number, string> = {
  [ERROR_BAD_BOARD]: "the core could not read the position",
  [ERROR_TOO_MANY_MOVES]: `a position has more capture routes than a game keeps (${ENV_MAX_LEGAL})`,
  [ERROR_UNKNOWN_VARIANT]: "this core does not play the variant",
  [ERROR_NO_MEMORY]: "the core's memory could not grow for the environment",
  [ERROR_ENV_NO_GAME]: "no such game",
  [ERROR_ENV_ARGUMENT]: "the core refused the environment's arguments",
  [ERROR_ENV_NOTHING_TO_UNDO]: "nothing to undo: the game is at its first position",
};

interface EnvExports {
  memory: WebAssembly.Memory;
  error(): number;
  boardBuffer(): number;
  envCreate(variant: number, flags: number, count: number, maxPlies: number): number;
  envInfo(env: number, field: number): number;
  envBuffer(env: number, which: number): number;
  envSetOutputs(env: number, flags: number): number;
  envReset(env: number, masked: number): number;
  envStep(env: number): number;
  envFailedGame(env: number): number;
  envObserve(env: number): number;
  envWriteMask(env: number): number;
  envUndo(env: number, game: number): number;
  envLoad(env: number, game: number): number;
  envStore(env: number, game: number): number;
  envMoves(env: number, game: number): number;
  envCanonical(env: number, game: number): number;
  envPlayout(env: number, count: number, seed: number): number;
  envPerft(env: number, game: number, depth: number): number;
  envCopyGame(toEnv: number, to: number, fromEnv: number, from: number): number;
  envFree(env: number): number;
  movesBuffer(): number;
}

/** One core instance for every environment made from the same source (a core holds up to 64). */
const instances = new Map<WasmSource | undefined, Promise<EnvExports>>();

async function coreFor(source: WasmSource | undefined): Promise<EnvExports> {
  let core = instances.get(source);
  if (core === undefined) {
    core = bareCore(source).then((instance) => {
      const exports = instance.exports as unknown as EnvExports;
      if (typeof exports.envCreate !== "function") throw new EngineError("this core has no batched environments (envCreate): build it from this package's sources");
      return exports;
    });
    instances.set(source, core);
  }
  return core;
}

function integerIn(name: string, value: unknown, low: number, high: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < low || value > high) {
    throw new ArgumentError(`${name} must be an integer from ${low} to ${high}, not ${quote(value)}`, name, value);
  }
  return value;
}

function drawFlags(rules: EnvDrawRules | undefined): number {
  if (rules === undefined || rules === "standard") return ENV_DRAW_COUNTING | ENV_DRAW_REPETITION;
  if (rules === "none") return 0;
  if (typeof rules !== "object" || rules === null) throw new ArgumentError(`drawRules must be "standard", "none" or { counting, repetition, brazilianRules }, not ${quote(rules)}`, "drawRules", rules);
  const brazilian = rules.brazilianRules ?? "cbd";
  if (brazilian !== "cbd" && brazilian !== "russian") throw new ArgumentError(`drawRules.brazilianRules must be "cbd" or "russian", not ${quote(brazilian)}`, "drawRules.brazilianRules", brazilian);
  return (rules.counting ?? true ? ENV_DRAW_COUNTING : 0) | (rules.repetition ?? true ? ENV_DRAW_REPETITION : 0) | (brazilian === "russian" ? ENV_DRAW_RUSSIAN_SET : 0);
}

/** Creates `count` games of `variant` at their start, held in the core's memory. */
export async function createEnvs(options: EnvOptions): Promise<Envs> {
  if (typeof options !== "object" || options === null) throw new ArgumentError("createEnvs takes { variant, count, seed, drawRules, maxPlies }", "options", options);
  const info = variantInfo(options.variant);
  const count = integerIn("count", options.count, 1, ENV_MAX_COUNT);
  const maxPlies = integerIn("maxPlies", options.maxPlies ?? 1000, 1, ENV_MAX_PLIES);
  const seed = integerIn("seed", options.seed ?? 1, 0, Number.MAX_SAFE_INTEGER);
  const ending = info.ending === "antidraughts" ? ENDING_ANTIDRAUGHTS : info.ending === "breakthrough" ? ENDING_BREAKTHROUGH : ENDING_STANDARD;
  const optionalCapture = options.optionalCapture ?? false;
  const writes = (options.write?.mask === true ? ENV_WRITE_MASK : 0) | (options.write?.observation === true ? ENV_WRITE_OBSERVATION : 0);
  const flags = ending | (info.name === "frysk" ? ENV_FRYSK : 0) | drawFlags(options.drawRules) | writes;
  const core = await coreFor(options.core);
  const id = core.envCreate(coreVariantId(info, optionalCapture), flags, count, maxPlies);
  if (id < 0) throw new EngineError(`could not create the environments: ${CORE_ERRORS[id] ?? `the core failed with code ${id}`}`);
  return new Envs(core, id, { ...options, count, maxPlies, seed, optionalCapture }, flags);
}

/** Frees an environment's memory in the core once its Envs is collected (dispose() does it at once). */
const finalizer = new FinalizationRegistry<{ core: EnvExports; id: number }>(({ core, id }) => core.envFree(id));

/** `count` games of one variant in the core's memory (docs/env.md). Views stay valid until the core's memory grows; read them again after creating another environment. */
export class Envs {
  readonly #core: EnvExports;
  readonly #id: number;
  readonly #options: EnvOptions & { readonly count: number; readonly maxPlies: number; readonly seed: number; readonly optionalCapture: boolean };
  readonly #flags: number;
  #buffer: ArrayBuffer | undefined;
  #views = new Map<number, ArrayBufferView>();
  #maskStale = false;
  #observationStale = true;
  /** The variant. */
  readonly variant: VariantName;
  /** Games held. */
  readonly count: number;
  /** Whole moves after which a game is cut. */
  readonly maxPlies: number;
  /** The size of the action index (squares × directions × distances). */
  readonly actions: number;
  readonly squares: number;
  readonly directions: number;
  readonly distances: number;
  /** Observation planes, rows and columns: `observation` is count × planes × height × width. */
  readonly planes: number;
  readonly height: number;
  readonly width: number;
  /** The counting rules in play, in the order of their counters and planes. */
  readonly rules: readonly CountingRule[];
  /** The board symmetries that keep the rules, besides the colour swap the views already apply: `["mirror"]` in turkish, else none. */
  readonly symmetries: readonly "mirror"[];

  /** Made by createEnvs (and clone). */
  constructor(core: EnvExports, id: number, options: Envs["options"], flags: number) {
    this.#core = core;
    this.#id = id;
    this.#options = options;
    this.#flags = flags;
    this.variant = options.variant;
    this.count = options.count;
    this.maxPlies = options.maxPlies;
    const info = (field: number): number => core.envInfo(id, field);
    this.actions = info(ENV_INFO_ACTIONS);
    this.squares = info(ENV_INFO_SQUARES);
    this.directions = info(ENV_INFO_DIRECTIONS);
    this.distances = info(ENV_INFO_DISTANCES);
    this.planes = info(ENV_INFO_PLANES);
    this.height = info(ENV_INFO_HEIGHT);
    this.width = info(ENV_INFO_WIDTH);
    this.rules = Object.freeze(Array.from({ length: info(ENV_INFO_RULES) }, (_, k) => RULE_NAMES[info(ENV_INFO_RULE_0 + k)]!));
    this.symmetries = Object.freeze((info(ENV_INFO_SYMMETRIES) & ENV_SYM_MIRROR) !== 0 ? ["mirror" as const] : []);
    this.#maskStale = (flags & ENV_WRITE_MASK) === 0;
    finalizer.register(this, { core, id }, this);
  }

  #disposed = false;

  /** Frees the games' memory in the core now (it is freed when the Envs is collected otherwise); the Envs cannot be used after. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    finalizer.unregister(this);
    this.#core.envFree(this.#id);
  }

  /** The options the environment was made with (count, maxPlies and seed filled in). */
  get options(): EnvOptions & { readonly count: number; readonly maxPlies: number; readonly seed: number; readonly optionalCapture: boolean } {
    return this.#options;
  }

  #view<T extends ArrayBufferView>(which: number, make: (buffer: ArrayBuffer, at: number) => T): T {
    this.#live();
    const buffer = this.#core.memory.buffer;
    if (buffer !== this.#buffer) {
      this.#buffer = buffer;
      this.#views.clear();
    }
    let view = this.#views.get(which) as T | undefined;
    if (view === undefined) {
      view = make(buffer, this.#core.envBuffer(this.#id, which) >>> 0);
      this.#views.set(which, view);
    }
    return view;
  }

  /** The actions buffer in the core's memory: write actions here and call `step()` with no argument to skip a copy. */
  get actionBuffer(): Int32Array {
    return this.#view(ENV_BUF_ACTIONS, (b, at) => new Int32Array(b, at, this.count));
  }

  /** count × actions: 1 where an action is legal. */
  get legalMask(): Uint8Array {
    if (this.#maskStale) {
      this.#core.envWriteMask(this.#id);
      this.#maskStale = false;
    }
    return this.#view(ENV_BUF_MASK, (b, at) => new Uint8Array(b, at, this.count * this.actions));
  }

  /** count × 512: each game's legal actions, ascending, the first `legalCounts[g]` of its row. */
  get legalActionRows(): Int32Array {
    return this.#view(ENV_BUF_LEGAL, (b, at) => new Int32Array(b, at, this.count * ENV_MAX_LEGAL));
  }

  /** How many legal actions each game has (0 once it is over). */
  get legalCounts(): Int32Array {
    return this.#view(ENV_BUF_LEGAL_COUNT, (b, at) => new Int32Array(b, at, this.count));
  }

  /** The legal actions of game `game`, ascending (a view: copy it to keep it past the next step). */
  legalActions(game: number): Int32Array {
    this.#game(game);
    const start = game * ENV_MAX_LEGAL;
    return this.legalActionRows.subarray(start, start + this.legalCounts[game]!);
  }

  /** The row length of `legalActionRows`. */
  static get maxLegal(): number {
    return ENV_MAX_LEGAL;
  }

  /** count × planes × height × width, from the side to move (docs/env.md "The observation"). */
  get observation(): Uint8Array {
    if (this.#observationStale) {
      this.#core.envObserve(this.#id);
      this.#observationStale = false;
    }
    return this.#view(ENV_BUF_OBSERVATION, (b, at) => new Uint8Array(b, at, this.count * this.planes * this.height * this.width));
  }

  /** The last step's reward of each game, for the side that made it: 1 won, −1 lost, else 0. */
  get reward(): Float32Array {
    return this.#view(ENV_BUF_REWARD, (b, at) => new Float32Array(b, at, this.count));
  }

  /** 1 once a game is over (or cut at maxPlies). */
  get done(): Uint8Array {
    return this.#view(ENV_BUF_DONE, (b, at) => new Uint8Array(b, at, this.count));
  }

  /** The side to move of each game: 0 White, 1 Black (the same between the legs of a capture). */
  get toMove(): Uint8Array {
    return this.#view(ENV_BUF_TO_MOVE, (b, at) => new Uint8Array(b, at, this.count));
  }

  /** The Zobrist key of each game's position at the start of its turn (Position.key()'s). */
  get key(): BigUint64Array {
    return this.#view(ENV_BUF_KEY, (b, at) => new BigUint64Array(b, at, this.count));
  }

  /** Whole moves played in each game. */
  get plies(): Int32Array {
    return this.#view(ENV_BUF_PLY, (b, at) => new Int32Array(b, at, this.count));
  }

  /** Legs of each game's capture in progress played so far (0 at a turn's start). */
  get legs(): Int32Array {
    return this.#view(ENV_BUF_LEGS, (b, at) => new Int32Array(b, at, this.count));
  }

  /** count × 8: the counting rules' plies (in `rules` order), then at 7 the position's occurrences. */
  get counters(): Uint16Array {
    return this.#view(ENV_BUF_COUNTERS, (b, at) => new Uint16Array(b, at, this.count * ENV_COUNTERS));
  }

  /** The position's occurrences in game `game` since the last capture or man move. */
  repetitions(game: number): number {
    this.#game(game);
    return this.counters[game * ENV_COUNTERS + ENV_COUNTER_REPETITIONS]!;
  }

  /** How game `game` stands. */
  result(game: number): EnvResult {
    this.#game(game);
    const result = this.#view(ENV_BUF_RESULT, (b, at) => new Uint8Array(b, at, this.count))[game]!;
    const code = this.#view(ENV_BUF_REASON, (b, at) => new Uint8Array(b, at, this.count))[game]!;
    if (code === 0) return { status: "ongoing" };
    const reason: EnvEndReason = code === ENV_END_NO_MOVES ? "no-moves" : code === ENV_END_BREAKTHROUGH ? "breakthrough" : code === ENV_END_REPETITION ? "threefold-repetition" : code === ENV_END_MAX_PLIES ? "max-plies" : RULE_NAMES[code - ENV_END_RULE]!;
    if (result === ENV_RESULT_DRAW) return { status: "draw", reason };
    return { status: "win", winner: result === ENV_RESULT_WHITE ? "white" : result === ENV_RESULT_BLACK ? "black" : undefined, reason };
  }

  #live(): void {
    if (this.#disposed) throw new EngineError("this Envs was disposed: its games are gone");
  }

  #game(game: number, name = "game"): void {
    this.#live();
    integerIn(name, game, 0, this.count - 1);
  }

  #changed(): void {
    this.#maskStale = (this.#flags & ENV_WRITE_MASK) === 0;
    this.#observationStale = (this.#flags & ENV_WRITE_OBSERVATION) === 0;
  }

  #check(code: number, what: string): void {
    if (code >= 0) return;
    throw new EngineError(`${what}: ${CORE_ERRORS[code] ?? `the core failed with code ${code}`}`);
  }

  /** Every game back to its start, or those where `mask` is nonzero/true (`count` entries). */
  reset(mask?: ArrayLike<number | boolean>): void {
    if (mask !== undefined) {
      if (typeof (mask as { length?: unknown }).length !== "number" || mask.length !== this.count) {
        throw new ArgumentError(`reset(mask): the mask must have ${this.count} entries (one a game), not ${(mask as { length?: unknown }).length}`, "mask", mask);
      }
      const marks = this.#view(ENV_BUF_RESET, (b, at) => new Uint8Array(b, at, this.count));
      // A byte array is taken as it is (the core resets where a byte is nonzero): one copy, no loop.
      if (mask instanceof Uint8Array) marks.set(mask);
      else for (let g = 0; g < this.count; g++) marks[g] = mask[g] ? 1 : 0;
    }
    this.#check(this.#core.envReset(this.#id, mask === undefined ? 0 : 1), "reset");
    this.#changed();
  }

  /**
   * One step of every game: `actions[g]` for game g, −1 to leave it. Refuses (IllegalActionError,
   * nothing stepped) an action out of range, not legal, or for a finished game.
   */
  step(actions?: Int32Array): void {
    const buffer = this.actionBuffer;
    if (actions !== undefined && actions !== buffer) {
      if (!(actions instanceof Int32Array) || actions.length !== this.count) {
        throw new ArgumentError(`step(actions): actions must be an Int32Array of ${this.count} entries (one a game), not ${actions instanceof Int32Array ? `${actions.length} entries` : quote(actions)}`, "actions", actions);
      }
      buffer.set(actions);
    }
    const code = this.#core.envStep(this.#id);
    if (code === ERROR_ENV_ACTION || code === ERROR_ENV_GAME_OVER) {
      const game = this.#core.envFailedGame(this.#id);
      const action = buffer[game]!;
      const why = code === ERROR_ENV_GAME_OVER ? `game ${game} is over (${this.result(game).reason})`
        : action < 0 || action >= this.actions ? `action ${action} of game ${game} is out of range (0 to ${this.actions - 1}, or −1 to leave the game)`
          : `action ${action} is not legal in game ${game} (legal: ${Array.from(this.legalActions(game)).join(", ") || "none"})`;
      throw new IllegalActionError(`step: ${why}; no game was stepped`, game, action);
    }
    this.#check(code, "step");
    this.#changed();
  }

  /** Takes back game `game`'s last step (a leg of a capture, or a quiet move); throws at its first position. */
  undo(game: number): void {
    this.#game(game);
    this.#check(this.#core.envUndo(this.#id, game), `undo(${game})`);
    this.#changed();
  }

  /** Game `game` starts again from the position of `fen` (no history; counters 0). */
  fromFen(game: number, fen: string): void {
    this.#game(game);
    const position = Position.fromFen(this.variant, fen, { optionalCapture: this.#options.optionalCapture });
    this.#loadBoard(toCore(position).board);
    this.#check(this.#core.envLoad(this.#id, game), `fromFen(${game})`);
    this.#changed();
  }

  /** Game `game` starts again from `position` (of this variant). */
  fromPosition(game: number, position: Position): void {
    if (!(position instanceof Position) || position.variant !== this.variant) throw new ArgumentError(`fromPosition: expected a ${this.variant} Position`, "position", position);
    this.fromFen(game, position.toFen());
  }

  #loadBoard(board: { readonly whiteToMove: boolean; readonly squares: Uint8Array; readonly streaks?: readonly number[] }): void {
    const view = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer() >>> 0, BOARD_BYTES);
    view.fill(0);
    view.set(board.squares.subarray(0, BOARD_BYTES));
    view[BOARD_SIDE] = board.whiteToMove ? 0 : 1;
    if (board.streaks !== undefined) view.set(board.streaks, BOARD_STREAKS);
  }

  #boardPosition(): Position {
    const view = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer() >>> 0, BOARD_BYTES);
    const squares = view.slice(0, this.squares + 1);
    squares[0] = 0;
    const streaks = variantInfo(this.variant).frisian ? streaksOfBytes(view.subarray(BOARD_STREAKS, BOARD_STREAKS + 4)) : undefined;
    const fen = writeFen({ turn: view[BOARD_SIDE] === 0 ? "white" : "black", squares, ...(streaks ? { streaks } : {}) });
    return Position.fromFen(this.variant, fen, { optionalCapture: this.#options.optionalCapture });
  }

  /** Game `game`'s board at the start of its turn as the core holds it: square 1 … N's piece codes at 0 … N−1, frisian's streaks, the side to move. */
  board(game: number): { readonly squares: Uint8Array; readonly streaks: number[]; readonly toMove: 0 | 1 } {
    this.#game(game);
    this.#check(this.#core.envStore(this.#id, game), `board(${game})`);
    const view = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer() >>> 0, BOARD_BYTES);
    return { squares: view.slice(1, this.squares + 1), streaks: Array.from(view.subarray(BOARD_STREAKS, BOARD_STREAKS + 4)), toMove: view[BOARD_SIDE] === 0 ? 0 : 1 };
  }

  /** Game `game`'s position at the start of its turn (a capture in progress is not in it). */
  position(game: number): Position {
    this.#game(game);
    this.#check(this.#core.envStore(this.#id, game), `position(${game})`);
    return this.#boardPosition();
  }

  /**
   * The canonical form of game `game`'s position: seen from the side to move (colours swapped
   * and the board turned for Black, White to move) and, in turkish, the smaller key of it and its mirror.
   */
  canonical(game: number): { readonly position: Position; readonly swapped: boolean; readonly mirrored: boolean } {
    this.#game(game);
    const applied = this.#core.envCanonical(this.#id, game);
    this.#check(applied, `canonical(${game})`);
    return { position: this.#boardPosition(), swapped: (applied & 1) !== 0, mirrored: (applied & 2) !== 0 };
  }

  /** Game `game`'s legal moves in the whole-move form, in `Position.legalMoves()` order (at a turn's start). */
  moves(game: number): EnvMove[] {
    this.#game(game);
    if (this.legs[game] !== 0) throw new ArgumentError(`moves(${game}): a capture is in progress; the whole-move form lists moves at a turn's start`, "game", game);
    const n = this.#core.envMoves(this.#id, game);
    this.#check(n, `moves(${game})`);
    const out = new Int32Array(this.#core.memory.buffer, this.#core.envBuffer(this.#id, ENV_BUF_MOVES) >>> 0, n * (ENV_MOVE_BYTES / 4));
    const records = new Uint8Array(this.#core.memory.buffer, this.#core.movesBuffer() >>> 0, n * RECORD_BYTES);
    // The core's records name each move by origin, destination and pieces taken (RULES.md 4.2): Position's moves are matched to them.
    const byIdentity = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      const at = k * RECORD_BYTES;
      const captured = Array.from(records.subarray(at + RECORD_CAPTURED, at + RECORD_CAPTURED + records[at + RECORD_TAKEN]!));
      byIdentity.set(`${records[at + RECORD_FROM]}-${records[at + RECORD_TO]}:${captured.join(",")}`, k);
    }
    return this.position(game).legalMoves().map((move) => {
      const k = byIdentity.get(`${move.from}-${move.to}:${move.captured.join(",")}`);
      if (k === undefined) throw new EngineError(`moves(${game}): the core did not list ${move.notation}`);
      const at = k * (ENV_MOVE_BYTES / 4);
      return { move, actions: Array.from(out.subarray(at + 1, at + 1 + out[at]!)) };
    });
  }

  /** The parts of an action (docs/env.md "The action index"). */
  decodeAction(action: number): ActionParts {
    integerIn("action", action, 0, this.actions - 1);
    const perSquare = this.directions * this.distances;
    return { square: Math.floor(action / perSquare), direction: Math.floor((action % perSquare) / this.distances), distance: (action % this.distances) + 1 };
  }

  /** Turkish's left-right mirror of an action (its square mirrored in its row, left and right swapped). */
  mirrorAction(action: number): number {
    if (!this.symmetries.includes("mirror")) throw new ArgumentError(`${this.variant} has no mirror symmetry (only turkish does)`, "action", action);
    const { square, direction, distance } = this.decodeAction(action);
    const mirrored = square - (square % this.width) + (this.width - 1 - (square % this.width));
    const turned = direction === 2 ? 3 : direction === 3 ? 2 : direction;
    return mirrored * this.directions * this.distances + turned * this.distances + distance - 1;
  }

  /** Copies game `from` over game `to` (of `target`, this environment by default; same variant and options). */
  copyGame(from: number, to: number, target: Envs = this): void {
    this.#game(from, "from");
    target.#game(to, "to");
    if (target.#core !== this.#core) throw new ArgumentError("copyGame: the target environment runs on another core", "target", target);
    this.#check(this.#core.envCopyGame(target.#id, to, this.#id, from), "copyGame");
    target.#changed();
  }

  /** A new environment with the same options and every game copied. */
  async clone(): Promise<Envs> {
    const copy = await createEnvs(this.#options);
    for (let g = 0; g < this.count; g++) this.copyGame(g, g, copy);
    return copy;
  }

  /** `count` random playouts (uniformly random legal actions) from each unfinished game, in the core; the games do not change. */
  playout(count: number, seed: number = this.#options.seed): PlayoutTallies {
    integerIn("count", count, 0, 2 ** 31 - 1);
    integerIn("seed", seed, 0, Number.MAX_SAFE_INTEGER);
    this.#check(this.#core.envPlayout(this.#id, count, seed), "playout");
    const all = this.#view(ENV_BUF_PLAYOUT, (b, at) => new Int32Array(b, at, this.count * 4));
    const column = (k: number): Int32Array => Int32Array.from({ length: this.count }, (_, g) => all[g * 4 + k]!);
    return { wins: column(0), draws: column(1), losses: column(2), plies: column(3) };
  }

  /** Perft of game `game` through the environment's stepping: every leg stepped and taken back (capture routes counted apart: keep). */
  perft(game: number, depth: number): number {
    this.#game(game);
    integerIn("depth", depth, 0, 128);
    const nodes = this.#core.envPerft(this.#id, game, depth);
    this.#check(this.#core.error(), `perft(${game}, ${depth})`);
    return nodes;
  }

  /** Which sides to move, as names. */
  turn(game: number): Color {
    this.#game(game);
    return this.toMove[game] === 0 ? "white" : "black";
  }

  /** The no-action value of `step`'s actions. */
  static get noAction(): number {
    return ENV_NO_ACTION;
  }
}
