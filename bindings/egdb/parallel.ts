// A build on several threads (Node): the pairs of slices of one group (one piece count, one
// number of men) do not depend on one another, so each worker solves some of them; before a group
// with pairs to solve, every worker loads what it has not got yet (earlier groups, finished by the
// others or found on disk), since the group leads into them. Nothing is loaded for a group with
// nothing to solve, so the last group and a resumed build's finished groups cost no filling.

import { Worker } from "node:worker_threads";
import { ArgumentError } from "../core/errors.js";
import { type BuildOptions, EndgameDatabase, checkPieces } from "./database.js";
import { EndgameDatabaseError } from "./format.js";
import { type Slice, buildOrder, databaseVariantId, fileName, pairOf, sliceName } from "./slices.js";
import type { FromBuildWorker, ToBuildWorker } from "./worker.js";

type File = { readonly name: string; readonly bytes: Uint8Array };

/** Sends one message and waits for the worker's reply (a worker has one request at a time). */
function ask(worker: Worker, message: ToBuildWorker): Promise<FromBuildWorker> {
  return new Promise((resolve, reject) => {
    worker.once("message", (reply: FromBuildWorker) => {
      worker.off("error", reject);
      resolve(reply);
    });
    worker.once("error", reject);
    worker.postMessage(message);
  });
}

function startWorker(variant: string, variantId: number): Promise<Worker> {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { workerData: { variant, variantId } });
  return new Promise((resolve, reject) => {
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
  });
}

/** buildEndgameDatabase on `threads` worker threads. */
export async function buildOnThreads(variant: string, threads: number, options: BuildOptions): Promise<EndgameDatabase> {
  const { pieces } = options;
  checkPieces(pieces);
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new ArgumentError(`threads must be a whole number from 1 to 64, not ${String(threads)}`, "threads", threads);
  const variantId = databaseVariantId(variant);
  const database = await EndgameDatabase.create(variant);
  const size = (slices: Slice[]): number => slices.reduce((n, s) => n + database.core.size(s), 0);
  const total = buildOrder(pieces).flat().reduce((sum, first) => sum + size(pairOf(first)), 0);
  let done = 0;
  const workers = await Promise.all(Array.from({ length: threads }, () => startWorker(variant, variantId)));
  try {
    // In build order: a slice is filled after the slices its captures lead to.
    let unloaded: File[] = [];
    for (const group of buildOrder(pieces)) {
      const todo: Slice[] = [];
      for (const first of group) {
        const slices = pairOf(first);
        const earlier = slices.map((slice) => {
          const name = fileName(database.variant, slice);
          const bytes = options.existing?.(name);
          return bytes === undefined ? undefined : { name, bytes };
        });
        if (earlier.every((file) => file !== undefined && database.add(file.bytes, file.name))) {
          unloaded.push(...(earlier as File[]));
          done += size(slices);
          options.progress?.({ done, total, slices: slices.map(sliceName), loaded: true, rounds: 0 });
        } else {
          todo.push(first);
        }
      }
      if (todo.length > 0 && unloaded.length > 0) {
        const replies = await Promise.all(workers.map((worker) => ask(worker, { type: "load", files: unloaded })));
        const failed = replies.find((reply) => reply.type === "failed");
        if (failed?.type === "failed") throw new EndgameDatabaseError(failed.message);
        unloaded = [];
      }
      let next = 0;
      await Promise.all(workers.map(async (worker) => {
        while (next < todo.length) {
          const first = todo[next++]!;
          const reply = await ask(worker, { type: "solve", first });
          if (reply.type === "failed") throw new EndgameDatabaseError(reply.message);
          if (reply.type !== "solved") throw new EndgameDatabaseError(`a build worker answered ${reply.type} to a pair to solve`);
          for (const file of reply.files) {
            database.add(file.bytes, file.name, true);
            options.write?.(file.name, file.bytes);
            unloaded.push(file);
          }
          done += size(pairOf(first));
          options.progress?.({ done, total, slices: pairOf(first).map(sliceName), loaded: false, rounds: reply.rounds });
        }
      }));
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return database;
}
