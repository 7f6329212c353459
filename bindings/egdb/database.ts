// An endgame database of one variant: its slice files, probed a block at a time, and the
// builder that writes them (docs/endgame-databases.md).

import { type Engine } from "../core/engine.js";
import { nodeFs } from "../core/loader.js";
import { EGDB_LOST_IN } from "../core/contract.js";
import { ArgumentError, VariantError } from "../core/errors.js";
import type { Position } from "../core/position.js";
import { type VariantName, variantInfo } from "../core/variant.js";
import { type DatabaseSlices, type SearchDatabase, attachSlices, mostPieces } from "./attach.js";
import { DatabaseCore } from "./core.js";
import { KING_ENDING_PIECES, type KingEnding, solveKingEndings } from "./king-endings.js";
import {
  BLOCK_POSITIONS, DRAW, EndgameDatabaseError, LOSS, NO_POSITION, type SliceFile, WIN, decodeBlock, encodeSlice, readSliceFile,
} from "./format.js";
import { type Slice, buildOrder, databaseVariantId, fileName, pairOf, pieceCount, sliceKey, sliceName, sliceOfFileName } from "./slices.js";

/** A position's value for its side to move, with best play and no draw rule (see the design note). */
export type DatabaseValue = "win" | "draw" | "loss";

/**
 * A king ending's value for its side to move and its distance: the plies to the capture that
 * leaves its slice, the fewest a win can force and the most a loss can hold out, with best play
 * and no draw rule (0 for a draw).
 */
export interface KingEndingDistance {
  readonly value: DatabaseValue;
  readonly plies: number;
}

/** A file the database went on without, and why. */
export interface RefusedFile {
  readonly name: string;
  readonly reason: string;
}

const VALUES: Record<number, DatabaseValue> = { [DRAW]: "draw", [WIN]: "win", [LOSS]: "loss" };
/** Decoded blocks kept for the next probes. */
const CACHE_BLOCKS = 64;

/**
 * The endgame database of one variant: its slice files, checked when added and probed a block at
 * a time; a Searcher given it probes it in the search (`endgameDatabase`).
 */
export class EndgameDatabase implements SearchDatabase {
  readonly variant: VariantName;
  readonly #variantId: number;
  readonly #core: DatabaseCore;
  readonly #files = new Map<number, SliceFile>();
  readonly #refused: RefusedFile[] = [];
  readonly #cache = new Map<string, Uint8Array>();
  #kingEndings: KingEnding[] | undefined;

  private constructor(variant: VariantName, variantId: number, core: DatabaseCore) {
    this.variant = variant;
    this.#variantId = variantId;
    this.#core = core;
  }

  /** An empty database of `variant`, to add files to. */
  static async create(variant: string): Promise<EndgameDatabase> {
    const id = databaseVariantId(variant);
    return new EndgameDatabase(variantInfo(variant).name, id, await DatabaseCore.create(id));
  }

  /** The files refused so far (damaged, foreign, or not a slice of this variant). */
  get refused(): readonly RefusedFile[] {
    return this.#refused.slice();
  }

  /** The slices held, by name (`abcd`), in ascending order. */
  get slices(): string[] {
    return [...this.#files.values()].map((file) => sliceName(file.slice)).sort();
  }

  /** The most pieces of any slice held (0 when none is). */
  get pieces(): number {
    return mostPieces([...this.#files.values()]);
  }

  /**
   * Gives every slice held to a search core, which probes them from its next search of this
   * variant on (the Searcher's `endgameDatabase` option does this). The core keeps a copy of the
   * files' blocks: memory a WebAssembly instance never gives back.
   */
  attachTo(engine: Engine): void {
    attachSlices(engine, this.searchSlices());
  }

  /**
   * The slices held as plain data, as a search worker is sent them, with the king endings'
   * distances (solved at the first call when the database holds any slice).
   */
  searchSlices(): DatabaseSlices {
    const kingEndings = this.#files.size > 0 ? this.#solvedKingEndings() : [];
    return { variant: this.variant, variantId: this.#variantId, files: [...this.#files.values()], kingEndings };
  }

  #solvedKingEndings(): KingEnding[] {
    this.#kingEndings ??= solveKingEndings(this.#core);
    return this.#kingEndings;
  }

  /**
   * The value and distance of a king ending (kings only, at most KING_ENDING_PIECES of them),
   * solved from the rules at the first call whatever files are held; undefined for any other
   * position. A pending capture leaves the slice: 1 ply.
   */
  distance(position: Position): KingEndingDistance | undefined {
    this.#checkProbed(position);
    const pieces = position.pieces();
    if (pieces.length > KING_ENDING_PIECES || pieces.some(({ piece }) => piece.role === "man")) return undefined;
    const located = this.#core.locate(position);
    if ("empty" in located) return undefined;
    // Six king endings at most: a look through them is as quick as a map kept beside them.
    const code = this.#solvedKingEndings().find((ending) => sliceKey(ending.slice) === located.key)?.distances[located.index];
    if (code === undefined) return undefined;
    return code === 0 ? { value: "draw", plies: 0 } : code & EGDB_LOST_IN ? { value: "loss", plies: code & ~EGDB_LOST_IN } : { value: "win", plies: code };
  }

  /** Whether the slice `abcd` (men and kings of the side to move, then of the other side) is held. */
  has(slice: Slice): boolean {
    return this.#files.has(sliceKey(slice));
  }

  /**
   * Adds a slice file; a damaged or foreign one is refused (listed in `refused`, or thrown as
   * EndgameDatabaseError with `strict`) and the database goes on as it was.
   */
  add(bytes: Uint8Array, name = "endgame database file", strict = false): boolean {
    try {
      const header = readSliceFile(bytes, { variantId: this.#variantId }, name);
      const file = readSliceFile(bytes, { variantId: this.#variantId, positions: this.#core.size(header.slice) }, name);
      this.#files.set(sliceKey(file.slice), file);
      this.#forget(file.slice);
      return true;
    } catch (error) {
      if (!(error instanceof EndgameDatabaseError) || strict) throw error;
      this.#refused.push({ name, reason: error.message });
      return false;
    }
  }

  /**
   * The value of a position for its side to move, or undefined when its slice (or the slice of a
   * position its pending captures lead to) is not held. A file leaves out the positions with a
   * capture pending: they are answered by playing the captures out.
   */
  probe(position: Position): DatabaseValue | undefined {
    this.#checkProbed(position);
    return this.#resolved(position);
  }

  #checkProbed(position: Position): void {
    if (position.variant !== this.variant) throw new VariantError(`a ${position.variant} position cannot be probed in a ${this.variant} database`);
    if (position.optionalCapture) throw new EndgameDatabaseError("the databases are built with captures compulsory; a position under the optional-capture rule cannot be probed");
  }

  #resolved(position: Position): DatabaseValue | undefined {
    const located = this.#core.locate(position);
    // A side without a piece has lost: the side to move when it is the one, else its opponent.
    if ("empty" in located) return located.empty === "to-move" ? "loss" : "win";
    const moves = position.legalMoves();
    if (moves.length > 0 && moves[0]!.captured.length > 0) {
      let best: DatabaseValue = "loss";
      for (const move of moves) {
        const after = this.#resolved(position.play(move));
        if (after === undefined) return undefined;
        if (after === "loss") return "win";
        if (after === "draw") best = "draw";
      }
      return best;
    }
    const file = this.#files.get(located.key);
    if (file === undefined) return undefined;
    const block = Math.floor(located.index / BLOCK_POSITIONS);
    const value = this.#block(file, block)[located.index - block * BLOCK_POSITIONS]!;
    if (value === NO_POSITION) throw new EndgameDatabaseError(`slice ${sliceName(file.slice)}: index ${located.index} holds no position`);
    return VALUES[value];
  }

  /** A slice's values, two bits a position, every block decoded. */
  packedValues(slice: Slice): Uint8Array {
    const file = this.#files.get(sliceKey(slice));
    if (file === undefined) throw new EndgameDatabaseError(`slice ${sliceName(slice)} is not in the database`);
    const packed = new Uint8Array(Math.ceil(file.positions / 4));
    for (let block = 0; block * BLOCK_POSITIONS < file.positions; block++) {
      const values = decodeBlock(file, block);
      const first = block * BLOCK_POSITIONS;
      for (let i = 0; i < values.length; i++) packed[(first + i) >> 2]! |= values[i]! << (((first + i) & 3) << 1);
    }
    return packed;
  }

  /**
   * Checks every held slice one ply deep in the core: the number of positions whose value is not
   * what their moves give, per slice. A slice whose moves lead to a slice not held is listed as
   * `incomplete`.
   */
  verify(onSlice?: (name: string, done: number, total: number) => void): Array<{ slice: string; wrong: number } | { slice: string; incomplete: true }> {
    // Fewest pieces first: a slice is filled in from the slices its captures lead to.
    const files = [...this.#files.values()].sort((x, y) => pieceCount(x.slice) - pieceCount(y.slice));
    for (const file of files) {
      if (this.#core.has(file.slice)) continue;
      this.#core.load(file.slice, this.packedValues(file.slice));
      try {
        this.#core.fill(file.slice);
      } catch (error) {
        if (!(error instanceof EndgameDatabaseError)) throw error;
      }
    }
    return files.map((file, i) => {
      onSlice?.(sliceName(file.slice), i, files.length);
      try {
        return { slice: sliceName(file.slice), wrong: this.#core.check(file.slice) };
      } catch (error) {
        if (!(error instanceof EndgameDatabaseError)) throw error;
        return { slice: sliceName(file.slice), incomplete: true as const };
      }
    });
  }

  /** The core this database builds in. */
  get core(): DatabaseCore {
    return this.#core;
  }

  #block(file: SliceFile, block: number): Uint8Array {
    const id = `${sliceKey(file.slice)}:${block}`;
    let values = this.#cache.get(id);
    if (values !== undefined) {
      // Most recently used last: a Map keeps insertion order.
      this.#cache.delete(id);
    } else {
      values = decodeBlock(file, block);
      if (this.#cache.size >= CACHE_BLOCKS) this.#cache.delete(this.#cache.keys().next().value!);
    }
    this.#cache.set(id, values);
    return values;
  }

  #forget(slice: Slice): void {
    const prefix = `${sliceKey(slice)}:`;
    for (const id of [...this.#cache.keys()]) if (id.startsWith(prefix)) this.#cache.delete(id);
  }
}

/** Throws ArgumentError unless `pieces` is a piece count a database can be built or loaded to. */
export function checkPieces(pieces: number): void {
  if (!Number.isInteger(pieces) || pieces < 2 || pieces > 8) throw new ArgumentError(`pieces must be a whole number from 2 to 8, not ${String(pieces)}`, "pieces", pieces);
}

/** Where a database's files are: a directory (Node), a URL to fetch them from, or their bytes. */
export type DatabaseSource = string | URL | readonly Uint8Array[];

/** How loadEndgameDatabase reads a source. */
export interface LoadOptions {
  /**
   * The largest piece count to load: from a URL, the slices fetched (default 4; files that are
   * not there are skipped); from a directory, the files read (default: all).
   */
  readonly pieces?: number;
}

interface DirectoryFs {
  readdirSync(path: string): string[];
  readFileSync(path: string): Uint8Array;
}

/**
 * The database of `variant` in `source`: every file of the variant in a directory, the slices up
 * to `pieces` under a URL, or files' bytes. Damaged or foreign files are refused (see
 * `refused`) and the database goes on without them.
 */
export async function loadEndgameDatabase(variant: string, source: DatabaseSource, options: LoadOptions = {}): Promise<EndgameDatabase> {
  const database = await EndgameDatabase.create(variant);
  if (Array.isArray(source)) {
    source.forEach((bytes, i) => database.add(bytes, `file ${i + 1}`));
    return database;
  }
  if (options.pieces !== undefined) checkPieces(options.pieces);
  const fs = nodeFs() as unknown as DirectoryFs | undefined;
  const url = source instanceof URL ? source : /^[a-z][a-z0-9+.-]*:\/\//i.test(source as string) ? new URL(source as string) : undefined;
  if ((url === undefined || url.protocol === "file:") && fs !== undefined) {
    // A file: URL is a directory too: fetch cannot read files.
    const dir = url === undefined ? (source as string) : decodeURIComponent(url.pathname);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch (error) {
      throw new EndgameDatabaseError(`cannot read the directory ${JSON.stringify(dir)}: ${(error as Error).message}`);
    }
    for (const name of names.sort()) {
      const slice = sliceOfFileName(database.variant, name);
      if (slice === undefined || (options.pieces !== undefined && pieceCount(slice) > options.pieces)) continue;
      database.add(fs.readFileSync(`${dir}/${name}`), name);
    }
    return database;
  }
  const pieces = options.pieces ?? 4;
  const base = new URL(String(source).endsWith("/") ? String(source) : `${String(source)}/`, (globalThis as { location?: { href: string } }).location?.href);
  for (const group of buildOrder(pieces)) {
    for (const first of group) {
      for (const slice of pairOf(first)) {
        const name = fileName(database.variant, slice);
        const response = await fetch(new URL(name, base)).catch(() => undefined);
        if (response === undefined || response.status === 404) continue;
        if (!response.ok) database.add(new Uint8Array(0), `${name} (HTTP ${response.status})`);
        else database.add(new Uint8Array(await response.arrayBuffer()), name);
      }
    }
  }
  return database;
}

/** What a build reports after each pair of slices, built or loaded. */
export interface BuildProgress {
  /** Positions done (built or loaded) and in all, up to the piece count asked for. */
  readonly done: number;
  readonly total: number;
  /** The slices just finished, by name, and whether they were loaded from an earlier build. */
  readonly slices: readonly string[];
  readonly loaded: boolean;
  /** Rounds of propagation the pair took (0 when loaded). */
  readonly rounds: number;
}

/** What buildEndgameDatabase builds, where earlier files come from and where new ones go. */
export interface BuildOptions {
  /** Pieces on the board, 2 to 8. */
  readonly pieces: number;
  /** An earlier build's file (to resume from), or undefined. */
  readonly existing?: (name: string) => Uint8Array | undefined;
  /** Called with each slice's file as it is finished. */
  readonly write?: (name: string, bytes: Uint8Array) => void;
  /** Called after each pair of slices, with the positions done so far. */
  readonly progress?: (progress: BuildProgress) => void;
}

/** Builds (or resumes) the database of `variant` up to `pieces` pieces, pair of slices by pair. */
export async function buildEndgameDatabase(variant: string, options: BuildOptions): Promise<EndgameDatabase> {
  const { pieces } = options;
  checkPieces(pieces);
  const database = await EndgameDatabase.create(variant);
  const core = database.core;
  const pairs = buildOrder(pieces).flat();
  const total = pairs.reduce((sum, first) => sum + pairOf(first).reduce((n, s) => n + core.size(s), 0), 0);
  let done = 0;
  for (const first of pairs) {
    const slices = pairOf(first);
    const names = slices.map((slice) => fileName(database.variant, slice));
    const earlier = slices.map((_, i) => options.existing?.(names[i]!));
    const loaded = earlier.every((bytes, i) => bytes !== undefined && database.add(bytes, names[i]));
    let rounds = 0;
    if (loaded) {
      for (const slice of slices) core.load(slice, database.packedValues(slice));
      for (const slice of slices) core.fill(slice);
    } else {
      rounds = core.solve(first);
      for (const [i, slice] of slices.entries()) {
        const bytes = encodeSlice(variantInfo(variant).id, slice, core.masked(slice), core.size(slice));
        database.add(bytes, names[i], true);
        options.write?.(names[i]!, bytes);
      }
    }
    done += slices.reduce((n, s) => n + core.size(s), 0);
    options.progress?.({ done, total, slices: slices.map(sliceName), loaded, rounds });
  }
  return database;
}
