// The messages between a perft pool and its workers: plain data only (a compiled module and
// bigints survive structured cloning).

import { ArgumentError, quote } from "../core/errors.js";

/** One subtree to count: a position as the core reads it, and the depth left below it. */
export interface CountTask {
  readonly variantId: number;
  readonly whiteToMove: boolean;
  readonly squares: Uint8Array;
  /** Frisian: the king streaks as the core reads them (core/king-streak.ts). */
  readonly streaks?: readonly number[];
  readonly depth: number;
  readonly keepRoutes: boolean;
}

/** How a worker's table is keyed: the key seed (0: the default keys), key bits (tests only) and the check mode. */
export interface PerftKeys {
  readonly keySeed: bigint;
  readonly keyBits?: number;
  readonly check: boolean;
}

export type ToWorker =
  | { readonly type: "init"; readonly module: WebAssembly.Module; readonly hashBytes: number; readonly keys?: PerftKeys }
  | { readonly type: "count"; readonly id: number; readonly task: CountTask };

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "counted"; readonly id: number; readonly nodes: bigint; readonly ms: number; readonly falseHits: bigint }
  | { readonly type: "error"; readonly id: number; readonly name: string; readonly message: string };

/**
 * A count task as a worker receives it, checked field by field: a message from elsewhere than
 * the pool (or a damaged one) is refused with ArgumentError naming the field, never a TypeError
 * from deep in the core's plumbing.
 */
export function checkTask(task: unknown): CountTask {
  const refuse = (field: string, value: unknown, why: string) => new ArgumentError(`perft worker: the task's ${field} ${why}, got ${quote(value)}`, field, value);
  if (typeof task !== "object" || task === null) throw refuse("task", task, "must be an object");
  const t = task as Record<string, unknown>;
  const byte = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;
  if (!byte(t.variantId)) throw refuse("variantId", t.variantId, "must be a whole number from 0 to 255");
  if (typeof t.whiteToMove !== "boolean") throw refuse("whiteToMove", t.whiteToMove, "must be true or false");
  if (!(t.squares instanceof Uint8Array)) throw refuse("squares", t.squares, "must be a Uint8Array");
  if (!Number.isInteger(t.depth) || (t.depth as number) < 0 || (t.depth as number) > 64) throw refuse("depth", t.depth, "must be a whole number from 0 to 64");
  if (typeof t.keepRoutes !== "boolean") throw refuse("keepRoutes", t.keepRoutes, "must be true or false");
  if (t.streaks !== undefined && !(Array.isArray(t.streaks) && t.streaks.length === 4 && t.streaks.every(byte))) throw refuse("streaks", t.streaks, "must be four whole numbers from 0 to 255");
  return t as unknown as CountTask;
}
