// Game pairs played in worker threads, one pair per thread at a time (--concurrency N).

import { Worker } from "node:worker_threads";
import type { GameSettings, PairRecord, PairRunner } from "./match.js";
import type { Opening } from "./openings.js";
import type { PlayerSpec } from "./spec.js";

export function workerRunner(settings: GameSettings, a: PlayerSpec, b: PlayerSpec, threads: number): PairRunner {
  const idle: Worker[] = Array.from({ length: threads }, () => new Worker(new URL("./worker.js", import.meta.url), { workerData: { settings, a, b } }));
  const all = [...idle];
  return {
    slots: threads,
    play(opening: Opening, index: number): Promise<PairRecord> {
      const worker = idle.pop();
      if (worker === undefined) return Promise.reject(new Error("no idle worker: more pairs at once than threads"));
      return new Promise<PairRecord>((resolve, reject) => {
        const onError = (error: Error): void => {
          worker.off("message", onMessage);
          reject(error);
        };
        const onMessage = (reply: { pair?: PairRecord; error?: string }): void => {
          worker.off("error", onError);
          idle.push(worker);
          if (reply.pair !== undefined) resolve(reply.pair);
          else reject(new Error(`pair ${index + 1} (opening ${opening.id}) failed in a worker: ${reply.error}`));
        };
        worker.once("message", onMessage);
        worker.once("error", onError);
        worker.postMessage({ opening, index });
      });
    },
    async close(): Promise<void> {
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
