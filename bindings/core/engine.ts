// Loading the WebAssembly core and talking to it. Positions go in and moves come out through
// the core's fixed buffers (see assembly/boundary.ts), read here as typed-array views: one
// call per position, never one per move. Only perft counts and keys cross as BigInt.

import { EngineError } from "./errors.js";
import { wasmBase64 } from "./wasm-inline.js";

/** Piece codes of the core's board buffer. */
export const EMPTY = 0;
export const WHITE_MAN = 1;
export const WHITE_KING = 2;
export const BLACK_MAN = 3;
export const BLACK_KING = 4;

/** A position as the core reads it: squares[s] is the code of the piece on square s (1-based). */
export interface RawBoard {
  readonly whiteToMove: boolean;
  readonly squares: Uint8Array;
}

/** A legal move as the core lists it, in square numbers. */
export interface RawMove {
  readonly from: number;
  readonly to: number;
  readonly captured: number[];
  readonly path: number[];
  readonly king: boolean;
  readonly promotes: boolean;
}

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
}

const OUT_BYTES = 64;
/** Records the core's MOVES_OUT buffer holds (assembly/boundary.ts). */
const MAX_OUT = 4096;
const MAX_DEPTH = 64;

const ERRORS: Record<number, string> = {
  [-1]: "the core could not read the board",
  [-2]: "the position has more moves than the core's move buffer holds",
  [-3]: "the core does not know this variant id",
};

/** One instance of the core. Instances share nothing: two engines can live side by side. */
export class Engine {
  readonly #core: CoreExports;
  #board: Uint8Array | undefined;
  #moveView: Uint8Array | undefined;
  #stateOwner: object | undefined;

  constructor(instance: WebAssembly.Instance) {
    this.#core = instance.exports as unknown as CoreExports;
  }

  /** The legal moves, in the core's order (captures first, then by origin). */
  legalMoves(variantId: number, board: RawBoard): RawMove[] {
    this.#load(board);
    const n = this.#core.legalMoves(variantId);
    this.#check();
    return this.#readMoves(n);
  }

  perft(variantId: number, board: RawBoard, depth: number, keepRoutes: boolean): bigint {
    checkDepth(depth);
    this.#load(board);
    const nodes = this.#core.perft(variantId, depth, keepRoutes ? 1 : 0);
    this.#check();
    return BigInt.asUintN(64, nodes);
  }

  /**
   * The legal moves as the core's 64-byte records, `count` of them from the start of a view of
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
    const view = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), 64);
    const squares = view.slice(0, 64);
    squares[0] = 0; // the side to move, not a square
    return { whiteToMove: view[0] === 0, squares };
  }

  #load(board: RawBoard): void {
    // One view kept: a new one only if the core's memory grew (which detaches the old buffer).
    if (this.#board === undefined || this.#board.byteLength === 0) this.#board = new Uint8Array(this.#core.memory.buffer, this.#core.boardBuffer(), 64);
    const view = this.#board;
    const squares = board.squares.length <= 64 ? board.squares : board.squares.subarray(0, 64);
    view.set(squares, 0);
    view.fill(0, squares.length);
    view[0] = board.whiteToMove ? 0 : 1;
  }

  /** The core's move records, the whole buffer: a view kept like the board's. */
  #records(): Uint8Array {
    if (this.#moveView === undefined || this.#moveView.byteLength === 0) this.#moveView = new Uint8Array(this.#core.memory.buffer, this.#core.movesBuffer(), MAX_OUT * OUT_BYTES);
    return this.#moveView;
  }

  #check(): void {
    const code = this.#core.error();
    if (code !== 0) throw new EngineError(ERRORS[code] ?? `the core failed with code ${code}`);
  }

  #readMoves(n: number): RawMove[] {
    const bytes = new Uint8Array(this.#core.memory.buffer, this.#core.movesBuffer(), n * OUT_BYTES);
    const moves: RawMove[] = [];
    for (let i = 0; i < n; i++) {
      const at = i * OUT_BYTES;
      const taken = bytes[at + 2]!;
      const flags = bytes[at + 3]!;
      const captured = Array.from(bytes.subarray(at + 4, at + 4 + taken));
      const path = Array.from(bytes.subarray(at + 24, at + 24 + Math.max(taken, 1) + 1));
      moves.push({ from: bytes[at]!, to: bytes[at + 1]!, captured, path, king: (flags & 1) !== 0, promotes: (flags & 2) !== 0 });
    }
    return moves;
  }
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new EngineError(`depth must be a whole number from 0 to ${MAX_DEPTH}, got ${depth}`);
  }
}

/** What the core can be loaded from: its bytes, a compiled module, or a URL to fetch. */
export type WasmSource = BufferSource | WebAssembly.Module | URL | string | Response;

function imports(): WebAssembly.Imports {
  return {
    env: {
      abort(): never {
        throw new EngineError("the core aborted");
      },
    },
  };
}

function embeddedBytes(): Uint8Array<ArrayBuffer> {
  const binary = atob(wasmBase64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let defaultEngine: Engine | undefined;

/** Creates an engine synchronously from bytes or a module (default: the bundled core). */
export function createEngineSync(source?: BufferSource | WebAssembly.Module): Engine {
  try {
    const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source ?? embeddedBytes());
    return new Engine(new WebAssembly.Instance(module, imports()));
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}

/**
 * Creates an engine from any source (default: the bundled core): bytes, a module, a Response,
 * or a URL, fetched, or read from disk in Node when it is a `file:` URL. A relative URL string
 * is resolved against the page (browser) or the working folder (Node).
 */
export async function createEngine(source?: WasmSource): Promise<Engine> {
  try {
    if (source === undefined || source instanceof WebAssembly.Module || ArrayBuffer.isView(source) || source instanceof ArrayBuffer) {
      const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source ?? embeddedBytes());
      return new Engine(await WebAssembly.instantiate(module, imports()));
    }
    const url = typeof source === "string" || source instanceof URL ? new URL(source, baseUrl()) : undefined;
    if (url?.protocol === "file:") return createEngineSync(await readFileUrl(url));
    const response = url !== undefined ? await fetch(url) : (source as Response);
    if (!response.ok) throw new EngineError(`could not fetch the core: HTTP ${response.status}`);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), imports());
    return new Engine(instance);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}

/** Where a relative URL string is resolved: the page in a browser, the working folder in Node. */
function baseUrl(): string | undefined {
  const location = (globalThis as { location?: { href?: string } }).location;
  if (location?.href !== undefined) return location.href;
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  return cwd === undefined ? undefined : `file://${cwd.endsWith("/") ? cwd : `${cwd}/`}`;
}

/**
 * The bytes of a `file:` URL, read with Node's fs (fetch cannot read files). The module name
 * is not written literally, so browser bundles do not try to include Node's fs.
 */
async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const fsName = ["node", "fs/promises"].join(":");
  const fs = (await import(fsName)) as { readFile(path: URL): Promise<Uint8Array> };
  const bytes = await fs.readFile(url);
  const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

/**
 * Sets the engine that positions use by default. Call it once before using positions when
 * the core must come from a URL (a browser page that serves the .wasm file itself); without
 * it, the bundled core is compiled on first use.
 */
export async function init(source?: WasmSource): Promise<Engine> {
  defaultEngine = await createEngine(source);
  return defaultEngine;
}

/** The default engine, compiling the bundled core on first use. */
export function engine(): Engine {
  defaultEngine ??= createEngineSync();
  return defaultEngine;
}
