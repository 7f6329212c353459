// A book build's leaf searches on worker threads (Node): each worker has a searcher of its own
// and scores the positions it is sent; the scores do not depend on which worker searched.

import { Worker } from "node:worker_threads";
import { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { BookError } from "../book/format.js";
import type { LeafLimit } from "../book/builder.js";
import type { FromScoreWorker, ToScoreWorker } from "./book-score-worker.js";

export interface ThreadScorer {
  readonly score: (positions: readonly Position[]) => Promise<readonly number[]>;
  close(): Promise<void>;
}

function ask(worker: Worker, message: ToScoreWorker): Promise<FromScoreWorker> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => reject(error);
    worker.once("message", (reply: FromScoreWorker) => {
      worker.off("error", fail);
      resolve(reply);
    });
    worker.once("error", fail);
    worker.postMessage(message);
  });
}

/** `threads` workers, each scoring one position at a time. */
export async function threadScorer(variant: VariantName, leaf: LeafLimit, threads: number): Promise<ThreadScorer> {
  const workers = await Promise.all(Array.from({ length: threads }, () => new Promise<Worker>((resolve, reject) => {
    const worker = new Worker(new URL("./book-score-worker.js", import.meta.url), { workerData: { variant, leaf } });
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
  })));
  return {
    score: async (positions) => {
      const scores = new Array<number>(positions.length);
      let next = 0;
      await Promise.all(workers.map(async (worker) => {
        while (next < positions.length) {
          const i = next++;
          const reply = await ask(worker, { fen: positions[i]!.toFen() });
          if (reply.type === "failed") throw new BookError(`a leaf search failed: ${reply.message}`);
          scores[i] = reply.score;
        }
      }));
      return scores;
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
