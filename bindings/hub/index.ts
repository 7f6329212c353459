/**
 * The Hub engine as a Web Worker, for analysis pages.
 *
 * @module bitdraughts/hub-worker
 */

// bitdraughts/hub-worker: createHubWorker() starts the Hub worker (./worker.ts) the way
// bundlers follow, `new Worker(new URL("./worker.js", import.meta.url), { type: "module" })`, so
// that Vite, webpack and Parcel build the script as a chunk of its own. A page without a
// bundler starts the built script itself (docs/hub-worker.md).

/** How the Hub worker is started. */
export interface HubWorkerOptions {
  /** The worker script's address (default: worker.js beside this module, as a bundler places it). */
  readonly url?: URL | string;
  /** The folder the cores (bitdraughts-<core>.wasm) and weights (weights/<family>.bdw) are fetched from; default: the script's. */
  readonly base?: URL | string;
  /**
   * The folder of endgame database files (`bitdraughts egdb build` writes them) the worker
   * fetches at `init`, up to `bb-size` pieces: the variants that have databases are then played
   * on the full core (bitdraughts.wasm, from `base`). Default: none (`bb-size` is noted and ignored).
   */
  readonly egdb?: URL | string;
}

/**
 * A Worker that speaks the Hub protocol: post it Hub lines as strings, hear Hub lines back
 * (`id`, `param`, `wait`, `ready`, `info`, `done`, `pong`, `error`), as `bitdraughts hub`
 * speaks them on standard input and output.
 */
export function createHubWorker(options: HubWorkerOptions = {}): Worker {
  // Written out in full so that bundlers see the worker and build it.
  if (options.url === undefined && options.base === undefined && options.egdb === undefined) return new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const url = options.url === undefined ? new URL("./worker.js", import.meta.url) : new URL(String(options.url), globalThis.location?.href);
  // Both folders as whole addresses: the worker resolves them against its own.
  if (options.base !== undefined) url.searchParams.set("base", new URL(String(options.base), globalThis.location?.href).href);
  if (options.egdb !== undefined) url.searchParams.set("egdb", new URL(String(options.egdb), globalThis.location?.href).href);
  return new Worker(url, { type: "module" });
}
