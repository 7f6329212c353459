// The messages between a perft pool and its workers: plain data only (a compiled module and
// bigints survive structured cloning).

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
