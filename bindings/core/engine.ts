// Talking to the WebAssembly core (loader.ts loads it, eval/core-weights.ts puts its
// evaluation's weights in). Positions go in and moves come out through the core's fixed
// buffers, read here as typed-array views: one call per position, never one per move. Only
// perft counts and keys cross as BigInt. Their layout, the op and error codes and the
// variant ids are the core's contract (assembly/contract/contract.ts), copied into ./contract.js.

import {
  BOARD_BYTES, BOARD_SIDE, BOARD_STREAKS, ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENDING_STANDARD, ERROR_BAD_BOARD, ERROR_NO_MEMORY, ERROR_NO_TABLE, ERROR_NOT_SEARCHED, ERROR_TOO_MANY_MOVES, ERROR_UNKNOWN_VARIANT,
  FEATURE_ASPIRATION, FEATURE_DEEP_REDUCTIONS, FEATURE_EARLY_REDUCTIONS, FEATURE_EXCHANGES, FEATURE_FULL_HISTORY, FEATURE_PV_TABLE_CUT, FEATURE_STEEP_REDUCTIONS, FEATURE_HISTORY, FEATURE_KILLERS, FEATURE_LMR, FEATURE_REVERSIBLE, FEATURE_SHALLOW_CUT, FEATURE_SINGLE_REPLY, FEATURE_SINGULAR, FEATURE_STATIC_CUT, FEATURE_TABLE,
  FEATURE_TABLE_AT_FRONTIER, FEATURE_THREAT_PLY, FEATURE_VERIFY_CUT, FEATURES_TEN_BY_TEN, MAX_OUT, RECORD_BYTES, SEARCH_BEST, SEARCH_DEPTH, SEARCH_HASHFULL, SEARCH_LINE_BYTES, SEARCH_LINES,
  SEARCH_LINES_AT, SEARCH_MAX_HISTORY, SEARCH_MAX_LINES, SEARCH_MEAN_DEPTH, SEARCH_MOVE_BYTES, SEARCH_NODES, SEARCH_SELDEPTH, SEARCH_WIN, SEARCH_WIN_BOUND,
} from "./contract.js";
import { EngineError } from "./errors.js";
import { type MoveRecord, readRecord } from "./moves.js";
import { type Ending, type VariantName, variantInfo } from "./variant.js";
import type { RawBoard, RawMove, RawSearchHooks, RawSearchInfo, RawSearchLimits, RawSearchLine } from "./raw.js";
import { type EvalWeights, FAMILY_NAMES, windowsOf } from "../eval/weights.js";
import { CoreWeights } from "../eval/core-weights.js";

interface CoreExports {
  memory: WebAssembly.Memory;
  boardBuffer(): number;
  movesBuffer(): number;
  countsBuffer(): number;
  error(): number;
  legalMoves(variant: number): number;
  perft(variant: number, depth: number, keepRoutes: number): bigint;
  perftDivide(variant: number, depth: number, keepRoutes: number): number;
  zobristKey(variant: number): bigint;
  stateLoad(variant: number): void;
  stateMoves(variant: number): number;
  stateMoveCount(variant: number): number;
  stateMake(variant: number, index: number): number;
  stateUnmake(variant: number): number;
  stateStore(variant: number): void;
  stateKey(): bigint;
  stateKeyRecomputed(variant: number): bigint;
  searchBuffer(): number;
  searchHistoryClear(): void;
  searchHistoryPush(variant: number): number;
  /** `ending` is ignored by cores built before it (a frozen baseline's): they play the ordinary end. */
  search(variant: number, depth: number, nodes: number, lines: number, noProgress: number, endgame: number, disabled: number, ending: number): number;
  searchHash(mib: number): number;
  /** Absent from cores built before it (a frozen baseline's): Engine.tableSizeMiB falls back. */
  searchHashSize?(): number;
  /** Absent from cores built before the small cores, all of which play every variant. */
  plays?(variant: number): number;
  searchClear(): void;
  evaluatePosition(variant: number, ending: number): number;
  evalWeights(family: number): number;
  /** Absent from cores built before the evaluations of terms only had weights: those hold 3. */
  evalFamilies?(): number;
  evalPatterns(family: number): number;
  /** The bytes of a family's pattern weights (cores before 16 windows on 10×10 take no family: 9 windows for all). */
  evalPatternBytes(family: number): number;
  evalUsePatterns(family: number, on: number): number;
  /** Absent from cores built before kings' windows (2026-12-08). */
  evalKingWindows?(family: number): number;
  evalKingWindowBytes?(family: number): number;
  evalUseKingWindows?(family: number, on: number): number;
  evalFeatures(variant: number): number;
  perftHash(bytes: number): number;
  perftHashClear(): void;
  perftTable(variant: number, depth: number, keepRoutes: number): bigint;
  /** Absent from cores built before the key seed and the check mode (a frozen baseline's). */
  perftKeySeed?(seed: bigint, bits: number): void;
  perftCheck?(on: number): void;
  perftFalseHits?(): bigint;
  /** Absent from cores built before the search probed endgame databases (a frozen baseline's). */
  egdbAttach?(variant: number, a: number, b: number, c: number, d: number, positions: number, blocks: number, dataBytes: number): number;
  egdbAttachDistances?(variant: number, a: number, b: number, c: number, d: number, positions: number): number;
  egdbDetach?(): void;
  egdbSearchValue?(variant: number): number;
}

/** The core's code for each way a game ends. */
const ENDING_CODES: Readonly<Record<Ending, number>> = Object.freeze({ standard: ENDING_STANDARD, antidraughts: ENDING_ANTIDRAUGHTS, breakthrough: ENDING_BREAKTHROUGH });

/** Search features that `disable` toggles: off, for most; on, for the opt-in ones (killers, deepReductions, earlyReductions, verifyCut, fullHistory, reversible, exchanges, pvTableCut, steepReductions) unless the variant uses them by default (defaultFeatures), where the bit switches them off. */
export const SEARCH_FEATURES = {
  aspiration: FEATURE_ASPIRATION,
  lateMoveReductions: FEATURE_LMR,
  shallowCut: FEATURE_SHALLOW_CUT,
  singleReply: FEATURE_SINGLE_REPLY,
  history: FEATURE_HISTORY,
  table: FEATURE_TABLE,
  threatPly: FEATURE_THREAT_PLY,
  killers: FEATURE_KILLERS,
  tableAtFrontier: FEATURE_TABLE_AT_FRONTIER,
  deepReductions: FEATURE_DEEP_REDUCTIONS,
  staticCut: FEATURE_STATIC_CUT,
  singular: FEATURE_SINGULAR,
  earlyReductions: FEATURE_EARLY_REDUCTIONS,
  verifyCut: FEATURE_VERIFY_CUT,
  fullHistory: FEATURE_FULL_HISTORY,
  reversible: FEATURE_REVERSIBLE,
  exchanges: FEATURE_EXCHANGES,
  pvTableCut: FEATURE_PV_TABLE_CUT,
  steepReductions: FEATURE_STEEP_REDUCTIONS,
} as const;

/** Every SEARCH_FEATURES bit: the largest `disable` mask a host may send. */
export const ALL_SEARCH_FEATURES: number = Object.values(SEARCH_FEATURES).reduce((mask, bit) => mask | bit, 0);

/**
 * The opt-in SEARCH_FEATURES that `variant`'s search uses by default (the core's FEATURES_*):
 * the 10×10 diagonal board's standard game (international, killer) uses the early reductions,
 * the verification cut and the exchanges in quiescence. There a `disable` bit toggles such a feature off, as it does every other
 * feature; elsewhere it switches the feature on.
 */
export function defaultFeatures(variant: VariantName): number {
  const info = variantInfo(variant);
  return info.size === 10 && !info.allSquares && !info.frisian && info.ending === "standard" ? FEATURES_TEN_BY_TEN : 0;
}

/** A win in n plies scores WIN_SCORE - n; scores beyond ±(WIN_SCORE - 1000) are wins and losses. */
export const WIN_SCORE = SEARCH_WIN;
export const WIN_BOUND = SEARCH_WIN_BOUND;
/** Deepest perft and search the binding asks of the core. */
export const MAX_DEPTH = 64;

const ERRORS: Record<number, string> = {
  [ERROR_BAD_BOARD]: "the core could not read the board",
  [ERROR_TOO_MANY_MOVES]: "the position has more moves than the core's move buffer holds",
  [ERROR_UNKNOWN_VARIANT]: "the core does not know this variant id",
  [ERROR_NO_MEMORY]: "the core could not grow its memory for the transposition table",
  [ERROR_NO_TABLE]: "perft's table has no size yet (set it with setPerftHash)",
  [ERROR_NOT_SEARCHED]: "the core's evaluation and search do not play this variant",
};

/** One instance of the core. Instances share nothing: two engines can live side by side. */
export class Engine {
  readonly #core: CoreExports;
  #hooks: RawSearchHooks | undefined;
  #searching = false;
  /** The table size last set through setHashSize, for cores without searchHashSize. */
  #tableMiB = 0;
  #board: Uint8Array | undefined;
  #moveView: Uint8Array | undefined;
  #stateOwner: object | undefined;
  /** The evaluation's weights in this core (eval/core-weights.ts). */
  readonly #weights: CoreWeights;

  constructor(instance: WebAssembly.Instance, host?: SearchHost) {
    this.#core = instance.exports as unknown as CoreExports;
    this.#weights = new CoreWeights(this.#core);
    if (host) {
      host.poll = (nodes) => (this.#hooks?.poll?.(nodes) === true ? 1 : 0);
      host.report = (kind) => (this.#hooks?.info?.(this.#readSearch(kind === SEARCH_BEST ? "best" : "iteration")) === true ? 1 : 0);
    }
  }

  /** Whether this core plays a variant id: the full core plays them all, a variant's small core only its own. */
  plays(variantId: number): boolean {
    return this.#core.plays === undefined ? true : this.#core.plays(variantId) !== 0;
  }

  /** The legal moves, in the core's order (captures first, then by origin). */
  legalMoves(variantId: number, board: RawBoard): RawMove[] {
    this.#load(board);
    const n = this.#core.legalMoves(variantId);
    this.#check();
    return this.#readMoves(n);
  }

  /** Perft of a raw board (the library's plumbing: Position.perft is the API). */
  perft(variantId: number, board: RawBoard, depth: number, keepRoutes: boolean): bigint {
    checkDepth(depth);
    this.#load(board);
    const nodes = this.#core.perft(variantId, depth, keepRoutes ? 1 : 0);
    this.#check();
    return BigInt.asUintN(64, nodes);
  }

  /**
   * The legal moves as the core's 80-byte records, `count` of them from the start of a view of
   * the core's buffer, valid until the next call on this engine (read it at once).
   */
  moveRecords(variantId: number, board: RawBoard): { records: Uint8Array; count: number } {
    this.#load(board);
    const count = this.#core.legalMoves(variantId);
    this.#check();
    return { records: this.#records(), count };
  }

  /** Perft of each root move (depth ≥ 1); the moves, as records (a live view, see moveRecords), are listed in the requested convention. */
  divide(variantId: number, board: RawBoard, depth: number, keepRoutes: boolean): { records: Uint8Array; count: number; counts: bigint[] } {
    checkDepth(depth);
    if (depth < 1) throw new EngineError(`divide needs a depth of at least 1, got ${depth}`);
    this.#load(board);
    const count = this.#core.perftDivide(variantId, depth, keepRoutes ? 1 : 0);
    this.#check();
    const counts = new BigUint64Array(this.#core.memory.buffer, this.#core.countsBuffer(), count);
    return { records: this.#records(), count, counts: Array.from(counts) };
  }

  /** The position's 64-bit Zobrist key. */
  key(variantId: number, board: RawBoard): bigint {
    this.#load(board);
    const key = this.#core.zobristKey(variantId);
    this.#check();
    return BigInt.asUintN(64, key);
  }

  // The search state: the position a search walks with make and unmake, its key kept up to
  // date move by move. Moves are numbered in the core's order, as `stateMoves` lists them.

  /** Loads a position into the search state (ply 0). */
  stateLoad(variantId: number, board: RawBoard): void {
    this.#stateOwner = undefined;
    this.#load(board);
    this.#core.stateLoad(variantId);
    this.#check();
  }

  /** The legal moves of the search state, in the core's order. */
  stateMoves(variantId: number): RawMove[] {
    const n = this.#core.stateMoves(variantId);
    this.#check();
    return this.#readMoves(n);
  }

  /**
   * Plays move `index` of the current ply's `stateMoves` list. Each ply keeps its own list, so
   * a search can list a position's moves once and make and unmake them one after another.
   */
  stateMake(variantId: number, index: number): void {
    const outcome = Number.isInteger(index) ? this.#core.stateMake(variantId, index) : 1;
    if (outcome === 1) throw new EngineError(`no move ${index} in the search state's move list of this ply (list the moves with stateMoves first)`);
    if (outcome === 2) throw new EngineError("the search state is 256 plies deep: no room for another move");
  }

  /** Takes back the last move made; false when there is none. */
  stateUnmake(variantId: number): boolean {
    return this.#core.stateUnmake(variantId) !== 0;
  }

  /** The search state's key, as kept up to date by make and unmake. */
  stateKey(): bigint {
    return BigInt.asUintN(64, this.#core.stateKey());
  }

  /** The search state's key recomputed from its pieces. */
  stateKeyRecomputed(variantId: number): bigint {
    return BigInt.asUintN(64, this.#core.stateKeyRecomputed(variantId));
  }

  /** The number of legal moves of the search state, listed as `stateMoves` lists them, without reading them. */
  stateMoveCount(variantId: number): number {
    const n = this.#core.stateMoveCount(variantId);
    this.#check();
    return n;
  }

  /** The search state's moves as records (a live view, see `moveRecords`), in the core's order. */
  stateMoveRecords(variantId: number): { records: Uint8Array; count: number } {
    const count = this.#core.stateMoves(variantId);
    this.#check();
    return { records: this.#records(), count };
  }

  /**
   * Marks the search state as `owner`'s; true when it already was (nothing else loaded a
   * position since), so a cursor knows whether it must load its own again.
   */
  claimState(owner: object): boolean {
    const held = this.#stateOwner === owner;
    this.#stateOwner = owner;
    return held;
  }

  /** The search state's position. */
  stateBoard(variantId: number): RawBoard {
    this.#core.stateStore(variantId);
    const view = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), BOARD_BYTES);
    const squares = view.slice(0, BOARD_STREAKS);
    squares[BOARD_SIDE] = 0; // the side to move, not a square
    return { whiteToMove: view[BOARD_SIDE] === 0, squares, streaks: Array.from(view.subarray(BOARD_STREAKS, BOARD_STREAKS + 4)) };
  }

  /**
   * Searches `board` (iterative deepening, see assembly/search) and returns the deepest
   * complete result. Synchronous: the host keeps time through `hooks.poll`.
   */
  search(variantId: number, board: RawBoard, limits: RawSearchLimits, hooks: RawSearchHooks = {}): RawSearchInfo {
    const depth = limits.depth;
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH) throw new EngineError(`search depth must be a whole number from 1 to ${MAX_DEPTH}, got ${depth}`);
    const lines = limits.multiPV ?? 1;
    if (!Number.isInteger(lines) || lines < 1 || lines > SEARCH_MAX_LINES) throw new EngineError(`multiPV must be a whole number from 1 to ${SEARCH_MAX_LINES}, got ${lines}`);
    const history = limits.history ?? [];
    if (history.length > SEARCH_MAX_HISTORY) throw new EngineError(`a search takes at most ${SEARCH_MAX_HISTORY} earlier positions, got ${history.length}`);
    if (limits.ending !== undefined && !Object.hasOwn(ENDING_CODES, limits.ending)) {
      throw new EngineError(`ending must be one of ${Object.keys(ENDING_CODES).join(", ")}, got ${JSON.stringify(limits.ending)}`);
    }
    if (this.#searching) throw new EngineError("this engine is already searching (one search at a time per engine)");
    const plies = (value: number | undefined, name: string): number => {
      if (value === undefined || value === Infinity) return 0;
      if (!Number.isInteger(value) || value < 1) throw new EngineError(`${name} must be a whole number of plies of at least 1, got ${value}`);
      return Math.min(value, 1 << 30);
    };
    const noProgress = plies(limits.noProgressPlies, "noProgressPlies");
    const endgame = plies(limits.endgamePlies, "endgamePlies");
    this.#core.searchHistoryClear();
    for (const earlier of history) {
      this.#load(earlier);
      this.#core.searchHistoryPush(variantId);
      this.#check();
    }
    this.#load(board);
    this.#hooks = hooks;
    this.#searching = true;
    try {
      this.#core.search(variantId, depth, limits.nodes ?? 0, lines, noProgress, endgame, limits.disable ?? 0, ENDING_CODES[limits.ending ?? "standard"]);
    } finally {
      this.#hooks = undefined;
      this.#searching = false;
    }
    this.#check();
    return this.#readSearch("iteration");
  }

  /** Sets the transposition table's size in MiB (a power of two, 1 to 1024) and clears it. */
  setHashSize(mib: number): void {
    if (!Number.isInteger(mib) || mib < 1 || mib > 1024 || (mib & (mib - 1)) !== 0) {
      throw new EngineError(`the table size must be a power of two from 1 to 1024 MiB, got ${mib}`);
    }
    if (this.#core.searchHash(mib) === 0) throw new EngineError(`could not grow the core's memory to a ${mib} MiB table`);
    this.#tableMiB = mib;
  }

  /**
   * The table's size in MiB, 0 while it has none (the first search makes one of 32 MiB). A core
   * built before it could say (a frozen baseline's) is answered from the last setHashSize.
   */
  tableSizeMiB(): number {
    return this.#core.searchHashSize?.() ?? this.#tableMiB;
  }

  /**
   * Gives the search one endgame database slice file's block index (`offsets`) and blocks
   * (`data`), as read from the file: searches of `variantId` probe it from then on. A slice of
   * another variant than the one held first detaches that one.
   */
  attachEndgameSlice(variantId: number, slice: { a: number; b: number; c: number; d: number }, positions: number, offsets: Uint32Array, data: Uint8Array): void {
    if (this.#core.egdbAttach === undefined) throw new EngineError("this core cannot probe endgame databases in its search (it was built before they were)");
    const at = this.#core.egdbAttach(variantId, slice.a, slice.b, slice.c, slice.d, positions, offsets.length - 1, data.length);
    if (at === 0) throw new EngineError(`could not grow the core's memory for an endgame database slice of ${data.length} bytes`);
    // Offsets are little-endian u32 in the file and in the core alike.
    new Uint32Array(this.#core.memory.buffer, at, offsets.length).set(offsets);
    new Uint8Array(this.#core.memory.buffer, at + 4 * offsets.length, data.length).set(data);
  }

  /**
   * Gives the search the distances of one king ending (kings only on the board; a byte a
   * position as the database core's `distances` writes them): searches of `variantId` play it
   * by them from then on. False for a core built before it could (a frozen baseline's), which
   * goes on with the database's values alone.
   */
  attachKingEnding(variantId: number, slice: { a: number; b: number; c: number; d: number }, distances: Uint8Array): boolean {
    if (this.#core.egdbAttachDistances === undefined) return false;
    const at = this.#core.egdbAttachDistances(variantId, slice.a, slice.b, slice.c, slice.d, distances.length);
    if (at === 0) throw new EngineError(`could not grow the core's memory for a king ending's ${distances.length} distances`);
    new Uint8Array(this.#core.memory.buffer, at, distances.length).set(distances);
    return true;
  }

  /**
   * The attached endgame database's value of `board` for its side to move, captures played out,
   * as the search reads it: 0 draw, 1 win, 2 loss; undefined when not in it.
   */
  endgameValue(variantId: number, board: RawBoard): number | undefined {
    this.#load(board);
    const value = this.#core.egdbSearchValue?.(variantId) ?? -1;
    this.#check();
    return value < 0 ? undefined : value;
  }

  /** The search stops probing any endgame database (the memory stays with the core). */
  detachEndgameDatabase(): void {
    this.#core.egdbDetach?.();
  }

  /** Clears the table and what move ordering learned: a new game. */
  clearHash(): void {
    this.#core.searchClear();
  }

  /**
   * Sets perft's table (subtree counts, see assembly/perft/table.ts) to `bytes`, a power of two
   * from 64 (one cluster of four entries) to 2 GiB, and clears it.
   */
  setPerftHash(bytes: number): void {
    if (!Number.isInteger(bytes) || bytes < 64 || bytes > 2 ** 31 || (bytes & (bytes - 1)) !== 0) {
      throw new EngineError(`perft's table size must be a power of two from 64 bytes to 2 GiB, got ${bytes}`);
    }
    if (this.#core.perftHash(bytes) === 0) throw new EngineError(`could not grow the core's memory to a ${bytes}-byte perft table`);
  }

  /** Empties perft's table (it keeps its size). */
  clearPerftHash(): void {
    this.#core.perftHashClear();
  }

  /**
   * Draws the Zobrist keys from `keySeed` (0, the default: the keys every release has used; any
   * other seed up to 2^64 − 1: another set, the same on every machine) and empties the tables
   * keyed by the old ones. A deep count is confirmed by counting it again under another seed.
   * `keyBits` below 64 cuts every key to its low bits: only for tests of the check mode, which
   * then meets false hits.
   */
  setPerftKeys(keySeed: bigint | number, keyBits = 64): void {
    const seed = typeof keySeed === "number" && Number.isSafeInteger(keySeed) ? BigInt(keySeed) : keySeed;
    if (typeof seed !== "bigint" || seed < 0n || seed >= 2n ** 64n) throw new EngineError(`the key seed must be a whole number from 0 to 2^64 − 1, got ${String(keySeed)}`);
    if (!Number.isInteger(keyBits) || keyBits < 1 || keyBits > 64) throw new EngineError(`the key bits must be a whole number from 1 to 64, got ${keyBits}`);
    this.#perftCheckOp("perftKeySeed").perftKeySeed!(BigInt.asIntN(64, seed), keyBits);
  }

  /** Counts the next perftWithTable runs in the check mode: a second check per entry, false hits found and counted instead of merged. */
  setPerftCheck(on: boolean): void {
    this.#perftCheckOp("perftCheck").perftCheck!(on ? 1 : 0);
  }

  /** False hits the check mode found (and counted again instead of merging) in the last perftWithTable run. */
  perftFalseHits(): bigint {
    return BigInt.asUintN(64, this.#perftCheckOp("perftFalseHits").perftFalseHits!());
  }

  /** The core, when it has `name` (a frozen baseline's has no key seed nor check mode). */
  #perftCheckOp(name: "perftKeySeed" | "perftCheck" | "perftFalseHits"): CoreExports {
    if (this.#core[name] === undefined) throw new EngineError(`this core was built without ${name} (key seeds and the check mode came later)`);
    return this.#core;
  }

  /** Perft through the table set by setPerftHash: the same count as perft, transpositions counted once. */
  perftWithTable(variantId: number, board: RawBoard, depth: number, keepRoutes: boolean): bigint {
    checkDepth(depth);
    this.#load(board);
    const nodes = this.#core.perftTable(variantId, depth, keepRoutes ? 1 : 0);
    this.#check();
    return BigInt.asUintN(64, nodes);
  }

  /**
   * Loads a weight file (bindings/eval/weights.ts) into this core: its family's learned patterns
   * and hand-written terms, used from the next evaluation on. A file that fails its checks is
   * refused with a WeightsError and changes nothing. Returns the family.
   */
  loadWeights(file: Uint8Array | EvalWeights): number {
    return this.#weights.load(file);
  }

  /** The family's evaluation goes back to the hand-written one: no patterns, the terms as the core set them. */
  useHandEvaluation(family: number): void {
    this.#weights.useHand(family);
  }

  /**
   * Whether this core reads a family's weights: every family in a core of this package, the
   * earlier families only in an older core (a frozen baseline), which has the others' terms built in.
   */
  readsWeights(family: number): boolean {
    return this.#weights.reads(family);
  }

  /** Whether a family evaluates with learned patterns. */
  usesPatterns(family: number): boolean {
    return this.#weights.usesPatterns(family);
  }

  /** Whether a family evaluates with weights loaded from a file (patterns and terms, or fitted terms only). */
  usesLoadedWeights(family: number): boolean {
    return this.#weights.usesLoaded(family);
  }

  /** A copy of a family's hand-written terms as the core holds them now (assembly/eval/weights.ts order). */
  handTerms(family: number): Int32Array {
    return this.#weights.handTerms(family);
  }

  /**
   * What training reads of a position (assembly/eval/evaluate.ts writeFeatures): whether a lone
   * king holds the draw, the hand-written evaluation from White's side, the pieces, the full
   * board's pieces, and per window (9 on 8×8, 16 on 10×10) the arrangement index from White's
   * and from Black's view; on 8×8 then per window the kings' windows' state from White's and
   * Black's view (assembly/eval/king-windows.ts; a core built before them leaves those out).
   */
  evalFeatures(variantId: number, board: RawBoard): Int32Array {
    this.#load(board);
    const at = this.#core.evalFeatures(variantId);
    this.#check();
    // 10×10 has 50 squares (squares[1 … 50]), 8×8 32.
    const tenByTen = board.squares.length > 33;
    const windows = windowsOf(tenByTen ? FAMILY_NAMES.indexOf("ten-by-ten") : 0);
    const kingWindows = !tenByTen && this.#core.evalKingWindows !== undefined ? windows : 0;
    return new Int32Array(this.#core.memory.buffer, at, 4 + 2 * windows + 2 * kingWindows).slice();
  }

  /** The static evaluation of `board`, from the side to move, in centi-men, for a game that ends as `ending` says. */
  evaluate(variantId: number, board: RawBoard, ending: Ending = "standard"): number {
    this.#load(board);
    const score = this.#core.evaluatePosition(variantId, ENDING_CODES[ending]);
    this.#check();
    return score;
  }

  #readSearch(kind: RawSearchInfo["kind"]): RawSearchInfo {
    const buffer = this.#core.memory.buffer;
    const at = this.#core.searchBuffer();
    const bytes = new Uint8Array(buffer);
    const view = new DataView(buffer);
    const field = (offset: number): number => view.getInt32(at + offset, true);
    const count = field(SEARCH_LINES);
    const lines: RawSearchLine[] = [];
    for (let k = 0; k < count; k++) {
      const line = at + SEARCH_LINES_AT + k * SEARCH_LINE_BYTES;
      const score = view.getInt32(line, true);
      const length = view.getInt32(line + 4, true);
      const pv: RawMove[] = [];
      for (let i = 0; i < length; i++) pv.push(rawMove(readRecord(bytes, line + 8 + i * SEARCH_MOVE_BYTES, false)));
      const win = score >= WIN_BOUND ? WIN_SCORE - score : score <= -WIN_BOUND ? -(WIN_SCORE + score) : null;
      lines.push({ score, win, pv });
    }
    return { depth: field(SEARCH_DEPTH), seldepth: field(SEARCH_SELDEPTH), hashfull: field(SEARCH_HASHFULL), nodes: view.getFloat64(at + SEARCH_NODES, true), meanDepth: view.getFloat64(at + SEARCH_MEAN_DEPTH, true), lines, kind };
  }

  #load(board: RawBoard): void {
    // One view kept: a new one only if the core's memory grew (which detaches the old buffer).
    if (this.#board === undefined || this.#board.byteLength === 0) this.#board = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), BOARD_BYTES);
    const view = this.#board;
    const squares = board.squares.length <= BOARD_BYTES ? board.squares : board.squares.subarray(0, BOARD_BYTES);
    view.set(squares, 0);
    view.fill(0, squares.length);
    view[BOARD_SIDE] = board.whiteToMove ? 0 : 1;
    if (board.streaks !== undefined) view.set(board.streaks, BOARD_STREAKS);
  }

  /** The core's move records, the whole buffer: a view kept like the board's. */
  #records(): Uint8Array {
    if (this.#moveView === undefined || this.#moveView.byteLength === 0) this.#moveView = new Uint8Array(this.#core.memory.buffer, this.#core.movesBuffer(), MAX_OUT * RECORD_BYTES);
    return this.#moveView;
  }

  #check(): void {
    const code = this.#core.error();
    if (code !== 0) throw new EngineError(ERRORS[code] ?? `the core failed with code ${code}`);
  }

  #readMoves(n: number): RawMove[] {
    const bytes = new Uint8Array(this.#core.memory.buffer, this.#core.movesBuffer(), n * RECORD_BYTES);
    const moves: RawMove[] = [];
    for (let i = 0; i < n; i++) moves.push(rawMove(readRecord(bytes, i * RECORD_BYTES)));
    return moves;
  }
}

/** A record as the engine hands it out: arrays of its own. */
function rawMove(record: MoveRecord): RawMove {
  const { from, to, king, promotes } = record;
  return { from, to, king, promotes, captured: record.captured.slice(), path: record.path?.slice() ?? [from, to] };
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new EngineError(`depth must be a whole number from 0 to ${MAX_DEPTH}, got ${depth}`);
  }
}

/** The functions the core calls back during a search, bound to their engine once it exists. */
export interface SearchHost {
  poll: (nodes: number) => number;
  report: (kind: number) => number;
}
