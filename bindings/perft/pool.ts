// A pool of perft workers, one instance of the core each, sharing one queue of subtrees: a
// worker that finishes takes the next task, so every worker stays busy while tasks remain.
// Tasks are taken in the order they were given (the caller gives the largest first). The core
// is compiled once and the module posted to each worker.

import { EngineError } from "../core/errors.js";
import type { CountTask, FromWorker, PerftKeys, ToWorker } from "./protocol.js";

export interface PoolOptions {
  readonly threads: number;
  /** Bytes of each worker's table; 0 for none. */
  readonly hashBytes: number;
  readonly module: WebAssembly.Module;
  /** The tables' keys and check mode (default: the default keys, no check). */
  readonly keys?: PerftKeys | undefined;
  /** Where the worker script is (default: worker.js beside this module). */
  readonly workerUrl?: URL | string;
}

export interface Counted {
  readonly nodes: bigint;
  readonly ms: number;
  /** False hits the check mode found in this subtree (0 without it). */
  readonly falseHits: bigint;
}

/** A worker of either host, reduced to what the pool uses. */
interface HostWorker {
  post(message: ToWorker): void;
  terminate(): void;
}

interface Job {
  readonly id: number;
  readonly task: CountTask;
  resolve(result: Counted): void;
  reject(error: unknown): void;
}

export class PerftPool {
  readonly #workers: HostWorker[] = [];
  readonly #idle: HostWorker[] = [];
  readonly #queue: Job[] = [];
  readonly #running = new Map<HostWorker, Job>();
  #nextId = 1;
  #failure: unknown;

  private constructor() {}

  /** Starts `threads` workers and waits until each has its instance (and table) ready. */
  static async open(options: PoolOptions): Promise<PerftPool> {
    const pool = new PerftPool();
    try {
      await Promise.all(Array.from({ length: options.threads }, () => pool.#start(options)));
    } catch (error) {
      pool.close(error);
      throw error;
    }
    return pool;
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Counts a subtree on the next free worker. */
  count(task: CountTask): Promise<Counted> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise<Counted>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, task, resolve, reject });
      this.#dispatch();
    });
  }

  /** Ends every worker; tasks not yet counted are rejected with `reason`. Safe to call twice. */
  close(reason: unknown = new EngineError("the perft pool was closed")): void {
    this.#failure ??= reason;
    for (const worker of this.#workers) worker.terminate();
    const pending = [...this.#running.values(), ...this.#queue];
    this.#workers.length = 0;
    this.#idle.length = 0;
    this.#queue.length = 0;
    this.#running.clear();
    for (const job of pending) job.reject(this.#failure);
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const worker = this.#idle.pop()!;
      const job = this.#queue.shift()!;
      this.#running.set(worker, job);
      worker.post({ type: "count", id: job.id, task: job.task });
    }
  }

  async #start(options: PoolOptions): Promise<void> {
    let ready!: () => void;
    let failed!: (error: unknown) => void;
    const started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    let worker: HostWorker | undefined;
    const onMessage = (message: FromWorker): void => {
      if (message.type === "ready") {
        this.#workers.push(worker!);
        this.#idle.push(worker!);
        ready();
        this.#dispatch();
        return;
      }
      const job = this.#running.get(worker!);
      if (message.type === "error") {
        const error = new EngineError(`a perft worker failed: ${message.name}: ${message.message}`);
        if (job === undefined) failed(error);
        else this.close(error);
        return;
      }
      if (job === undefined || job.id !== message.id) return;
      this.#running.delete(worker!);
      this.#idle.push(worker!);
      job.resolve({ nodes: message.nodes, ms: message.ms, falseHits: message.falseHits });
      this.#dispatch();
    };
    const onFailure = (error: unknown): void => {
      const wrapped = new EngineError(`a perft worker failed: ${error instanceof Error ? error.message : String(error)}`);
      failed(wrapped);
      if (this.#failure === undefined) this.close(wrapped);
    };
    worker = isNode() ? await nodeWorker(options.workerUrl, onMessage, onFailure) : webWorker(options.workerUrl, onMessage, onFailure);
    if (this.#failure !== undefined) {
      worker.terminate();
      throw this.#failure;
    }
    worker.post(options.keys === undefined ? { type: "init", module: options.module, hashBytes: options.hashBytes } : { type: "init", module: options.module, hashBytes: options.hashBytes, keys: options.keys });
    try {
      await started;
    } catch (error) {
      worker.terminate();
      throw error;
    }
  }
}

export function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === "string";
}

async function nodeWorker(url: URL | string | undefined, onMessage: (m: FromWorker) => void, onFailure: (e: unknown) => void): Promise<HostWorker> {
  const name = "node:worker_threads";
  const { Worker } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ name)) as typeof import("node:worker_threads");
  const worker = new Worker(url ?? new URL("./worker.js", import.meta.url));
  let ended = false;
  worker.on("message", onMessage);
  worker.on("error", onFailure);
  worker.on("exit", (code) => {
    if (!ended) onFailure(new Error(`the worker exited with code ${code}`));
  });
  return {
    post: (m) => worker.postMessage(m),
    terminate: () => {
      ended = true;
      void worker.terminate();
    },
  };
}

function webWorker(url: URL | string | undefined, onMessage: (m: FromWorker) => void, onFailure: (e: unknown) => void): HostWorker {
  if (typeof Worker === "undefined") throw new EngineError("this host has no workers: use Position.perft, which counts on this thread");
  // Written out in full so that bundlers see the worker and bundle it.
  const worker = url === undefined ? new Worker(new URL("./worker.js", import.meta.url), { type: "module" }) : new Worker(url, { type: "module" });
  worker.addEventListener("message", (e: MessageEvent) => onMessage(e.data as FromWorker));
  worker.addEventListener("error", (e: ErrorEvent) => onFailure(new Error(e.message)));
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate() };
}
