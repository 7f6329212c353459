// A worker of a book build on threads (threads.ts): scores the positions it is sent.

import { parentPort, workerData } from "node:worker_threads";
import "../core/inline-core.js";
import "../eval/inline-weights.js";
import { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { Searcher } from "../search/searcher.js";
import type { LeafLimit } from "../book/builder.js";
import { LEAF_HASH, leafScore } from "./book-scorer.js";

export type ToScoreWorker = { readonly fen: string };
export type FromScoreWorker = { readonly type: "scored"; readonly score: number } | { readonly type: "failed"; readonly message: string };

const port = parentPort!;
const { variant, leaf } = workerData as { variant: VariantName; leaf: LeafLimit };
const searcher = new Searcher({ variants: [variant], hash: LEAF_HASH });

port.on("message", (message: ToScoreWorker) => {
  try {
    const score = leafScore(searcher, Position.fromFen(variant, message.fen), leaf);
    port.postMessage({ type: "scored", score } satisfies FromScoreWorker);
  } catch (error) {
    port.postMessage({ type: "failed", message: (error as Error).message } satisfies FromScoreWorker);
  }
});
port.postMessage({ type: "ready" });
