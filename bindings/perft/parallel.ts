// Perft on every core, without blocking: the tree is split a few plies down into many more
// distinct positions than workers (transpositions merged), the largest first, and a pool of
// workers counts them, each with its own instance of the core and its own table.

import { compileCore } from "../core/loader.js";
import { ArgumentError, quote } from "../core/errors.js";
import { Position, checkOptions, toCore } from "../core/position.js";
import { variantInfo, type Duplicates } from "../core/variant.js";
import { PerftPool, isNode } from "./pool.js";
export type { PerftPool } from "./pool.js";
import type { CountTask, PerftKeys } from "./protocol.js";
import { splitTree } from "./units.js";

/** What perftAsync reports as it counts: root moves done and nodes so far. */
export interface PerftProgress {
  /** Leaves counted so far (of the subtrees finished). */
  readonly nodes: bigint;
  /** Estimated share of the work done, 0 to 1. */
  readonly fraction: number;
  /** Subtrees finished, of `units`. */
  readonly done: number;
  readonly units: number;
  /** False hits the check mode found so far (each counted again, never merged); 0 without it. */
  readonly falseHits: bigint;
}

/** How perftAsync counts: threads, the table's size, the worker script, progress and stopping. */
export interface PerftAsyncOptions {
  /** Workers (default: every core the host reports). */
  readonly threads?: number;
  /** Each worker's table of subtree counts, in MiB: 0 (the default) for none, else a power of two up to 1024. */
  readonly hash?: number;
  /** How capture routes count (as Position.perft; default: the variant's). */
  readonly duplicates?: Duplicates;
  /** Stops the count: the promise rejects with the signal's reason (an AbortError), and the workers end. */
  readonly signal?: AbortSignal;
  /** Called as subtrees finish. */
  readonly onProgress?: (progress: PerftProgress) => void;
  /** Where the worker script is (default: worker.js beside this module). */
  readonly workerUrl?: URL | string;
  /**
   * The seed of the tables' Zobrist keys (default 0: the default keys). A deep count is
   * confirmed by counting it again under another seed: a false hit of one set of keys would
   * not repeat under the other.
   */
  readonly keySeed?: bigint | number;
  /** Stores a second, independent check beside each table entry: false hits are found, counted (onProgress) and never merged. */
  readonly check?: boolean;
}

/** A subtree of the work, its estimated share, and what its count is worth in the total. */
export interface WorkItem {
  readonly task: CountTask;
  readonly multiplicity: bigint;
  readonly estimate: number;
}

const OPTIONS = ["threads", "hash", "duplicates", "signal", "onProgress", "workerUrl", "keySeed", "check"] as const;
export const MAX_THREADS = 256;
export const MAX_HASH_MIB = 1024;
/** Subtrees per worker the split aims at, so that the last ones to finish are small. */
const UNITS_PER_THREAD = 64;
/**
 * The split is made for at least this many workers: a deeper split merges more transpositions,
 * and one worker and two then count the same subtrees, so their times compare the workers alone.
 */
const MIN_SPLIT_THREADS = 4;
/** Depth of the perft that estimates a subtree's size. */
const ESTIMATE_DEPTH = 3;

/** The host's cores: os.availableParallelism() in Node, navigator.hardwareConcurrency in browsers. */
export async function defaultThreads(): Promise<number> {
  if (isNode()) {
    const name = "node:os";
    const os = (await import(/* webpackIgnore: true */ /* @vite-ignore */ name)) as typeof import("node:os");
    return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  }
  const navigator = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
  return Math.max(1, navigator?.hardwareConcurrency ?? 1);
}

/** Checks `threads` and `hash`; undefined threads stay undefined (the host's cores). */
export function checkPoolOptions(threads: unknown, hash: unknown, where: string): { threads: number | undefined; hashBytes: number } {
  if (threads !== undefined && (!Number.isInteger(threads) || (threads as number) < 1 || (threads as number) > MAX_THREADS)) {
    throw new ArgumentError(`${where}: threads must be a whole number from 1 to ${MAX_THREADS}, got ${quote(threads)}`, "threads", threads);
  }
  const mib = hash ?? 0;
  if (!Number.isInteger(mib) || (mib as number) < 0 || (mib as number) > MAX_HASH_MIB || ((mib as number) & ((mib as number) - 1)) !== 0) {
    throw new ArgumentError(`${where}: hash must be 0 (no table) or a power of two from 1 to ${MAX_HASH_MIB} (MiB per worker), got ${quote(hash)}`, "hash", hash);
  }
  return { threads: threads as number | undefined, hashBytes: (mib as number) * 2 ** 20 };
}

/**
 * perft(depth) of `position` in workers: same count as position.perft(depth, { duplicates }).
 * Throws ArgumentError (synchronously) for a bad argument.
 */
export function perftAsync(position: Position, depth: number, options: PerftAsyncOptions = {}): Promise<bigint> {
  const where = "perftAsync(position, depth, options)";
  if (!(position instanceof Position)) throw new ArgumentError(`${where}: position must be a Position, got ${quote(position)}`, "position", position);
  checkOptions(options, where, OPTIONS);
  if (!Number.isInteger(depth) || depth < 0 || depth > 64) throw new ArgumentError(`${where}: depth must be a whole number from 0 to 64, got ${quote(depth)}`, "depth", depth);
  const duplicates = options.duplicates ?? variantInfo(position.variant).defaultDuplicates;
  if (duplicates !== "keep" && duplicates !== "drop") throw new ArgumentError(`${where}: duplicates must be "keep" or "drop", got ${quote(duplicates)}`, "duplicates", duplicates);
  const pool = checkPoolOptions(options.threads, options.hash, where);
  const { signal, onProgress } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new ArgumentError(`${where}: signal must be an AbortSignal, got ${quote(signal)}`, "signal", signal);
  if (onProgress !== undefined && typeof onProgress !== "function") throw new ArgumentError(`${where}: onProgress must be a function, got ${quote(onProgress)}`, "onProgress", onProgress);
  const keys = checkKeyOptions(options.keySeed, options.check, where);
  const keep = duplicates === "keep";
  return (async () => {
    signal?.throwIfAborted();
    const threads = pool.threads ?? (await defaultThreads());
    const work = splitForThreads(position, depth, keep, threads);
    return countWork(work, { threads, hashBytes: pool.hashBytes, signal, onProgress, workerUrl: options.workerUrl, keys });
  })();
}

/** Checks `keySeed` (a whole number from 0 to 2^64 − 1) and `check`; undefined when both are the defaults. */
export function checkKeyOptions(keySeed: unknown, check: unknown, where: string): PerftKeys | undefined {
  const seed = typeof keySeed === "number" && Number.isSafeInteger(keySeed) ? BigInt(keySeed) : keySeed ?? 0n;
  if (typeof seed !== "bigint" || seed < 0n || seed >= 2n ** 64n) {
    throw new ArgumentError(`${where}: keySeed must be a whole number from 0 to 2^64 − 1, got ${quote(keySeed)}`, "keySeed", keySeed);
  }
  if (check !== undefined && typeof check !== "boolean") throw new ArgumentError(`${where}: check must be true or false, got ${quote(check)}`, "check", check);
  return seed === 0n && check !== true ? undefined : { keySeed: seed, check: check === true };
}

/** The work of perft(depth) cut where it gives enough subtrees for `threads` workers, largest first. */
export function splitForThreads(position: Position, depth: number, keepRoutes: boolean, threads: number): WorkItem[] {
  const target = Math.max(threads, MIN_SPLIT_THREADS) * UNITS_PER_THREAD;
  let plies = 0;
  let nodes = splitTree(position, 0, keepRoutes);
  while (plies < depth && nodes.length < target && nodes.length > 0) nodes = splitTree(position, ++plies, keepRoutes);
  return workOf(position, nodes.map((node) => ({ ...node, depth: depth - plies })), keepRoutes);
}

/** Subtrees as work items, with their estimated sizes, the largest first. */
export function workOf(position: Position, nodes: readonly { whiteToMove: boolean; squares: Uint8Array; streaks?: readonly number[]; depth: number; multiplicity: number }[], keepRoutes: boolean): WorkItem[] {
  const engine = position.options.engine;
  const { variantId } = toCore(position);
  const items = nodes.map((node) => {
    const task: CountTask = { variantId, whiteToMove: node.whiteToMove, squares: node.squares, depth: node.depth, keepRoutes, ...(node.streaks === undefined ? {} : { streaks: node.streaks }) };
    // The size below the estimate's depth grows about alike everywhere: the count a few plies down ranks the subtrees.
    const estimate = Number(engine.perft(variantId, node, Math.min(node.depth, ESTIMATE_DEPTH), keepRoutes));
    return { task, multiplicity: BigInt(node.multiplicity), estimate };
  });
  return items.sort((a, b) => b.estimate - a.estimate);
}

export interface CountOptions {
  readonly threads: number;
  readonly hashBytes: number;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((progress: PerftProgress) => void) | undefined;
  readonly workerUrl?: URL | string | undefined;
  /** Called as each item is counted (its count below one copy, the false hits the check mode found in it), in the order they finish. */
  readonly onItem?: ((item: WorkItem, nodes: bigint, ms: number, falseHits: bigint) => void) | undefined;
  /** The tables' keys and check mode, for a pool opened here (default: the default keys, no check). */
  readonly keys?: PerftKeys | undefined;
  /** A pool to count on (kept open, its tables kept for the next call); without it one is opened for the call and ended with it. */
  readonly pool?: PerftPool | undefined;
}

/** A pool for `threads` workers, with tables of `hashBytes` each, keyed by `keys`. */
export async function openPool(threads: number, hashBytes: number, workerUrl?: URL | string, keys?: PerftKeys): Promise<PerftPool> {
  return PerftPool.open({ threads, hashBytes, module: await compileCore(), workerUrl, keys });
}

/** Σ multiplicity × count over the items, counted by a pool of workers. */
export async function countWork(work: readonly WorkItem[], options: CountOptions): Promise<bigint> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  if (work.length === 0) return 0n;
  const totalEstimate = work.reduce((sum, item) => sum + item.estimate, 0) || 1;
  const pool = options.pool ?? (await openPool(Math.min(options.threads, work.length), options.hashBytes, options.workerUrl, options.keys));
  const abort = (): void => pool.close(signal!.reason);
  signal?.addEventListener("abort", abort, { once: true });
  let nodes = 0n;
  let estimated = 0;
  let done = 0;
  let falseHits = 0n;
  try {
    signal?.throwIfAborted();
    await Promise.all(work.map(async (item) => {
      const counted = await pool.count(item.task);
      nodes += counted.nodes * item.multiplicity;
      estimated += item.estimate;
      done++;
      falseHits += counted.falseHits;
      options.onItem?.(item, counted.nodes, counted.ms, counted.falseHits);
      onProgress?.({ nodes, fraction: done === work.length ? 1 : Math.min(estimated / totalEstimate, 0.999), done, units: work.length, falseHits });
    }));
  } catch (error) {
    pool.close(error);
    throw error;
  } finally {
    signal?.removeEventListener("abort", abort);
    if (options.pool === undefined) pool.close();
  }
  return nodes;
}
