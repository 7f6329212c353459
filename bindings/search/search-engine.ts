// The non-blocking search: the same async API over a worker in Node (worker_threads) and in
// browsers (Web Worker), or over the main thread for hosts without workers. Positions cross
// as SearchRequests, results come back as plain data.
//
// Stopping. The worker reports every new best move, so the page always knows the best move so
// far: stop() resolves the search at once with the last report's (at a level, with the same
// seeded choice among its lines), whatever the worker is doing — on a busy machine a worker
// thread may not run for several milliseconds. The worker is stopped too, to be free for the
// next search: with SharedArrayBuffer its Searcher polls a shared stop word (about every 1024
// nodes) and its answer, when it comes, only frees it; without (a page that is not cross-origin
// isolated) the worker cannot be told anything mid-search, so stop() terminates it and starts a
// fresh one (whose table is empty). A search stopped before its first report waits for the
// worker's one-ply answer, or without shared memory searches one ply on the page's thread.

import { shippedFiles } from "../eval/shipped.js";
import { compileCore, createEngine } from "../core/loader.js";
import { EngineError, SearchError } from "../core/errors.js";
import type { Move } from "../core/notation.js";
import type { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import type { SearchDatabase } from "../egdb/attach.js";
import { searchRoot, toRequest } from "./input.js";
import type { FromWorker, ToWorker } from "./protocol.js";
import { type ResolvedLimits, resolveLimits } from "./request.js";
import { Searcher, checkHash, resultOf } from "./searcher.js";
import type { SearchInfo, SearchInput, SearchLimits, SearchRequest, SearchResult, SearchStatus } from "./types.js";
import type { Book } from "../book/book.js";
import { bookResult, booksOf } from "./book-answer.js";

/** How a search engine is set up: a worker or not, its table, variants, endgame database and books. */
export interface SearchEngineOptions {
  /** Transposition table size in MiB: a power of two from 1 to 1024 (default 32). */
  readonly hash?: number;
  /** false: search on the calling thread; the page or process is blocked while it searches. Default true. */
  readonly worker?: boolean;
  /** Where the worker script is (default: worker.js beside this module). */
  readonly workerUrl?: URL | string;
  /** false: stop by ending the worker even where SharedArrayBuffer exists (what a page without cross-origin isolation gets). */
  readonly sharedMemory?: boolean;
  /** The variants made ready before the engine is (SearcherOptions.variants; default: all the search plays). */
  readonly variants?: readonly VariantName[];
  /** An endgame database the search probes (SearcherOptions.endgameDatabase); a worker is sent a copy of its slices. */
  readonly endgameDatabase?: SearchDatabase;
  /** Opening books (SearcherOptions.book): a position in one is answered from it on the calling thread, at once. */
  readonly book?: Book | readonly Book[];
}

/** A search that does not block its caller: in a worker by default (createSearchEngine). */
export interface SearchEngine {
  /** Searches `input` within `limits`, as Searcher.search does; onInfo hears the reports. */
  search(input: SearchInput, limits?: SearchLimits, onInfo?: (info: SearchInfo) => void): Promise<SearchResult>;
  /** The running search resolves with its best move so far; queued ones search depth 1 only. */
  stop(): void;
  /** Clears the table (a new game). */
  newGame(): Promise<void>;
  /** What the searcher has ready: its table and each family's evaluation (see Searcher.status). */
  status(): Promise<SearchStatus>;
  /** Ends the worker; a running search resolves with its best move first. */
  dispose(): Promise<void>;
}

/**
 * A search engine: a worker of its own where the host has workers (the page stays responsive),
 * or the calling thread with `worker: false`. Resolves once it is ready to search.
 */
export async function createSearchEngine(options: SearchEngineOptions = {}): Promise<SearchEngine> {
  if (typeof options !== "object" || options === null) throw new SearchError(`options must be an object, not ${String(options)}`);
  if (options.hash !== undefined) checkHash(options.hash);
  // The core compiled asynchronously: browsers refuse to compile a large module synchronously on the page's thread.
  if (options.worker === false) {
    return new LocalEngine(new Searcher({
      engine: await createEngine(),
      ...(options.hash === undefined ? {} : { hash: options.hash }),
      ...(options.variants === undefined ? {} : { variants: options.variants }),
      ...(options.endgameDatabase === undefined ? {} : { endgameDatabase: options.endgameDatabase }),
      ...(options.book === undefined ? {} : { book: options.book }),
    }));
  }
  const engine = new WorkerEngine(options);
  await engine.ready();
  return engine;
}

/** The Searcher on the calling thread, behind the async API. */
class LocalEngine implements SearchEngine {
  readonly #searcher: Searcher;
  #disposed = false;

  constructor(searcher: Searcher) {
    this.#searcher = searcher;
  }

  async search(input: SearchInput, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): Promise<SearchResult> {
    if (this.#disposed) throw new SearchError("the search engine was disposed");
    return this.#searcher.search(input, limits, onInfo);
  }

  stop(): void {
    this.#searcher.stop();
  }

  async newGame(): Promise<void> {
    this.#searcher.newGame();
  }

  async status(): Promise<SearchStatus> {
    if (this.#disposed) throw new SearchError("the search engine was disposed");
    return this.#searcher.status();
  }

  async dispose(): Promise<void> {
    this.#disposed = true;
  }
}

/** A worker of either host, reduced to what the engine uses. */
interface HostWorker {
  post(message: ToWorker): void;
  /** Keeps a Node process alive while true (a search or request is pending). */
  hold(busy: boolean): void;
  terminate(): void;
  /** The script's address, for a worker that does not start. */
  readonly url: string;
}

interface Job {
  readonly id: number;
  readonly kind: "search" | "newGame" | "status";
  readonly request?: SearchRequest;
  /** The limits posted to the worker: the resolved limits' own, at depth 1 once stopped before it began. */
  limits?: SearchLimits;
  readonly resolved?: ResolvedLimits;
  readonly position?: Position;
  readonly onInfo?: (info: SearchInfo) => void;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  stopped: boolean;
  /** The caller's promise has been resolved or rejected (the worker may still be busy with it). */
  settled: boolean;
  started: number;
  last: SearchInfo[];
}

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === "string";
}

class WorkerEngine implements SearchEngine {
  readonly #options: SearchEngineOptions;
  /** The core every worker of this engine gets: the default one when the engine was made (a page that switches family makes a new engine). */
  readonly #module: Promise<WebAssembly.Module>;
  readonly #books: readonly Book[];
  readonly #flag: Int32Array | undefined;
  #worker: Promise<HostWorker>;
  #generation = 0;
  #nextId = 1;
  #queue: Job[] = [];
  #current: Job | undefined;
  #disposed = false;
  /** Without shared memory: a small searcher here, for a search ended before its first report. */
  readonly #fallback: Promise<Searcher> | undefined;
  /** The weight files posted to the current worker, by family. */
  readonly #sentWeights = new Map<number, Uint8Array>();
  /** Called once the worker has nothing to do. */
  readonly #idle: Array<() => void> = [];
  /** Caller promises not yet settled, and the timer that keeps a Node process alive meanwhile. */
  #waiting = 0;
  #keepAlive: ReturnType<typeof setInterval> | undefined;

  constructor(options: SearchEngineOptions) {
    this.#options = options;
    this.#module = compileCore();
    this.#module.catch(() => undefined);
    this.#books = booksOf(options.book);
    const shared = options.sharedMemory !== false && typeof SharedArrayBuffer !== "undefined"
      && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
    this.#flag = shared ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    if (!shared) {
      // Only for a one-ply answer on the page's thread: nothing warmed, so it does not hold the page up.
      this.#fallback = this.#module.then(createEngine).then((engine) => new Searcher({ engine, hash: 1, variants: [] }));
      this.#fallback.catch(() => undefined);
    }
    this.#worker = this.#spawn();
  }

  ready(): Promise<HostWorker> {
    return this.#worker;
  }

  search(input: SearchInput, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): Promise<SearchResult> {
    try {
      if (this.#disposed) throw new SearchError("the search engine was disposed");
      const resolved = resolveLimits(limits);
      if (onInfo !== undefined && typeof onInfo !== "function") throw new SearchError(`onInfo must be a function, not ${String(onInfo)}`);
      const root = searchRoot(input);
      if (root.position.legalMoves().length === 0) {
        throw new SearchError(`nothing to search: ${root.position.turn} has no legal move in ${root.position.toFen()}`);
      }
      const booked = bookResult(this.#books, root.position, resolved, 0);
      if (booked !== undefined) {
        // Reported after this call returns, as a worker's reports are: a caller may set up what its onInfo uses once search() has returned.
        return Promise.resolve().then(() => {
          if (onInfo) for (const line of booked.lines) onInfo(line);
          return booked;
        });
      }
      return this.#enqueue("search", { request: toRequest(input), limits: resolved.limits, resolved, position: root.position, ...(onInfo ? { onInfo } : {}) }) as Promise<SearchResult>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  stop(): void {
    for (const job of this.#queue) job.stopped = true;
    const job = this.#current;
    if (!job || job.kind !== "search" || job.stopped) return;
    job.stopped = true;
    const answer = this.#reportAnswer(job);
    if (answer) this.#settle(job, answer);
    if (this.#flag) {
      Atomics.store(this.#flag, 0, 1);
      return;
    }
    // No shared memory: end the worker and start a new one.
    this.#current = undefined;
    void this.#worker.then((w) => w.terminate(), () => undefined);
    this.#generation++;
    this.#worker = this.#spawn();
    this.#worker.catch(() => undefined);
    if (!answer) this.#oneplyAnswer(job).then((a) => this.#settle(job, a), (error) => this.#settle(job, undefined, error));
    this.#next();
  }

  newGame(): Promise<void> {
    if (this.#disposed) return Promise.reject(new SearchError("the search engine was disposed"));
    return this.#enqueue("newGame", {}) as Promise<void>;
  }

  status(): Promise<SearchStatus> {
    if (this.#disposed) return Promise.reject(new SearchError("the search engine was disposed"));
    return this.#enqueue("status", {}) as Promise<SearchStatus>;
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.stop();
    // Wait until the worker has finished what it was given (a stopped search answers at once).
    if (this.#current || this.#queue.length > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    (await this.#worker.catch(() => undefined))?.terminate();
  }

  #enqueue(kind: Job["kind"], fields: Partial<Job>): Promise<unknown> {
    // While a caller waits, something must keep the process alive: the worker is let go when
    // idle (so an engine nobody disposed does not hold a script open), and an answer can come
    // from this thread (a one-ply search compiling the core) while a new worker starts.
    if (this.#waiting++ === 0) this.#keepAlive = setInterval(() => undefined, 1 << 30);
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, kind, resolve, reject, stopped: false, settled: false, started: 0, last: [], ...fields });
      if (!this.#current) this.#next();
    });
  }

  /** The page's weight files the worker has not been sent yet, by family; undefined when none. */
  #unsentWeights(): Record<number, Uint8Array> | undefined {
    let unsent: Record<number, Uint8Array> | undefined;
    for (const [family, bytes] of Object.entries(shippedFiles())) {
      if (this.#sentWeights.get(Number(family)) === bytes) continue;
      this.#sentWeights.set(Number(family), bytes);
      (unsent ??= {})[Number(family)] = bytes;
    }
    return unsent;
  }

  /** Posts the next queued job once the worker is ready. */
  #next(): void {
    if (this.#current) return;
    const job = this.#queue.shift();
    if (!job) {
      void this.#worker.then((w) => { if (!this.#current) w.hold(false); }, () => undefined);
      for (const resolve of this.#idle.splice(0)) resolve();
      return;
    }
    this.#current = job;
    this.#worker.then(
      (worker) => {
        if (this.#current !== job) return;
        worker.hold(true);
        if (job.kind !== "search") {
          worker.post({ type: job.kind, id: job.id });
          return;
        }
        // A search stopped before it began looks one ply deep: a legal move at once.
        if (job.stopped) job.limits = { ...job.limits, depth: 1 };
        if (this.#flag) Atomics.store(this.#flag, 0, 0);
        job.started = performance.now();
        // Weight files the page has fetched since the worker last heard (loadWeights).
        const weights = this.#unsentWeights();
        worker.post({ type: "search", id: job.id, request: job.request!, limits: job.limits!, ...(weights ? { weights } : {}) });
      },
      (error) => this.#finish(job, undefined, error),
    );
  }

  /** The worker is done with `job`: answer the caller (unless already answered) and go on. */
  #finish(job: Job, value: unknown, error?: unknown): void {
    if (this.#current !== job) return;
    this.#current = undefined;
    this.#settle(job, value, error);
    this.#next();
  }

  #settle(job: Job, value: unknown, error?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (--this.#waiting === 0 && this.#keepAlive !== undefined) {
      clearInterval(this.#keepAlive);
      this.#keepAlive = undefined;
    }
    if (error === undefined) job.resolve(value);
    else job.reject(error);
  }

  #onMessage(generation: number, message: FromWorker): void {
    if (generation !== this.#generation || message.type === "ready") return;
    const job = this.#current;
    if (!job || message.id !== job.id) return;
    switch (message.type) {
      case "info":
        if (message.info.multipv === 1) job.last = [message.info];
        else job.last = [...job.last, message.info];
        // stop() may have answered already while the worker finishes: a caller hears nothing after its answer.
        if (!job.settled) job.onInfo?.(message.info);
        break;
      case "result":
        this.#finish(job, withMove(message.result, job.position!));
        break;
      case "done":
        this.#finish(job, undefined);
        break;
      case "status":
        this.#finish(job, message.status);
        break;
      case "error":
        this.#finish(job, undefined, message.name === "SearchError" ? new SearchError(message.message) : new EngineError(`the search worker failed: ${message.name}: ${message.message}`));
        break;
    }
  }

  /** The answer of the last report, if there was one. */
  #reportAnswer(job: Job): SearchResult | undefined {
    const line = job.last[0];
    if (!line) return undefined;
    return resultOf(job.position!, job.last, job.resolved!, { depth: line.depth, seldepth: line.seldepth, nodes: line.nodes, ms: performance.now() - job.started });
  }

  /** A one-ply search on this thread, for a search whose worker was ended before its first report. */
  async #oneplyAnswer(job: Job): Promise<SearchResult> {
    const fallback = await (this.#fallback ?? this.#module.then(createEngine).then((engine) => new Searcher({ engine, hash: 1, variants: [] })));
    return withMove(fallback.search(job.request!, { ...job.limits, depth: 1, movetime: undefined, clock: undefined }), job.position!);
  }

  /** A new worker, ready to search; a worker that fails before it is ready fails the spawn (no retry loop). */
  async #spawn(): Promise<HostWorker> {
    const generation = this.#generation;
    let started = false;
    let failStart: (error: unknown) => void = () => undefined;
    const onMessage = (m: FromWorker): void => this.#onMessage(generation, m);
    const onFailure = (error: unknown): void => {
      if (!started) return failStart(error);
      if (generation !== this.#generation) return;
      const job = this.#current;
      this.#generation++;
      this.#worker = this.#spawn();
      this.#worker.catch(() => undefined);
      if (job) this.#finish(job, undefined, new EngineError(`the search worker failed: ${error instanceof Error ? error.message : String(error)}`));
    };
    const core = await this.#module;
    const worker = isNode() ? await nodeWorker(this.#options.workerUrl, onMessage, onFailure) : webWorker(this.#options.workerUrl, onMessage, onFailure);
    try {
      await new Promise<void>((resolve, reject) => {
        failStart = (error) => reject(new EngineError(startFailure(worker.url, error)));
        readyListeners.set(worker, (m) => {
          if (m.type === "ready") resolve();
          else if (m.type === "error" && m.id === 0) failStart(new Error(m.message));
        });
        this.#sentWeights.clear();
        worker.post({ type: "init", core, weights: this.#unsentWeights() ?? {}, ...(this.#options.hash === undefined ? {} : { hash: this.#options.hash }), ...(this.#options.variants === undefined ? {} : { variants: [...this.#options.variants] }), ...(this.#options.endgameDatabase === undefined ? {} : { database: this.#options.endgameDatabase.searchSlices() }), ...(this.#flag ? { stop: this.#flag.buffer as SharedArrayBuffer } : {}) });
      });
    } catch (error) {
      worker.terminate();
      throw error;
    } finally {
      readyListeners.delete(worker);
    }
    started = true;
    worker.hold(this.#current !== undefined);
    return worker;
  }
}

/** Listeners for a new worker's "ready", before the engine takes it. */
const readyListeners = new Map<HostWorker, (m: FromWorker) => void>();

function dispatch(worker: HostWorker, onMessage: (m: FromWorker) => void, message: FromWorker): void {
  readyListeners.get(worker)?.(message);
  onMessage(message);
}

async function nodeWorker(url: URL | string | undefined, onMessage: (m: FromWorker) => void, onFailure: (e: unknown) => void): Promise<HostWorker> {
  const name = "node:worker_threads";
  const { Worker } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ name)) as typeof import("node:worker_threads");
  const script = url ?? new URL("./worker.js", import.meta.url);
  const worker = new Worker(script);
  let ended = false;
  const host: HostWorker = {
    url: String(script),
    post: (m) => worker.postMessage(m),
    hold: (busy) => (busy ? worker.ref() : worker.unref()),
    terminate: () => {
      ended = true;
      void worker.terminate();
    },
  };
  worker.on("message", (m: FromWorker) => dispatch(host, onMessage, m));
  worker.on("error", (e) => onFailure(e));
  worker.on("exit", (code) => {
    if (!ended) onFailure(new Error(`the worker exited with code ${code}`));
  });
  return host;
}

function webWorker(url: URL | string | undefined, onMessage: (m: FromWorker) => void, onFailure: (e: unknown) => void): HostWorker {
  if (typeof Worker === "undefined") throw new SearchError("this host has no workers: use createSearchEngine({ worker: false })");
  // Written out in full so that bundlers see the worker and bundle it.
  const worker = url === undefined ? new Worker(new URL("./worker.js", import.meta.url), { type: "module" }) : new Worker(url, { type: "module" });
  const script = String(url ?? new URL("./worker.js", import.meta.url));
  const host: HostWorker = { url: script, post: (m) => worker.postMessage(m), hold: () => undefined, terminate: () => worker.terminate() };
  worker.addEventListener("message", (e: MessageEvent) => dispatch(host, onMessage, e.data as FromWorker));
  // A script that is not there, or not JavaScript, fails with an empty message.
  worker.addEventListener("error", (e: ErrorEvent) => onFailure(new Error(e.message || "the script did not load (is it there, and served as JavaScript?)")));
  return host;
}

/**
 * Why a worker did not start, with the address tried and how to give another: a bundler that
 * does not follow `new Worker(new URL(…))` leaves the package's worker.js out of the build.
 */
function startFailure(url: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `the search worker could not start from ${url}: ${reason}. If a bundler built this script, build "bitdraughts/search-worker" as an entry of its own and pass its address: createSearchEngine({ workerUrl: new URL("./worker.js", import.meta.url) })`;
}

/** The result with `move` as the caller's position lists it. */
function withMove(result: SearchResult, position: Position): SearchResult {
  const m = result.move;
  const move: Move = position.legalMoves().find((l) => l.from === m.from && l.to === m.to && sameSet(l.captured, m.captured)) ?? m;
  return Object.freeze({ ...result, move });
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort((x, y) => x - y);
  return [...a].sort((x, y) => x - y).every((s, i) => s === sorted[i]);
}
