// A worker of a parallel endgame database build (parallel.ts): a database core of its own that
// loads the slices the others finished and solves the pairs it is sent.

import { parentPort, workerData } from "node:worker_threads";
import "../core/inline-core.js";
import { EndgameDatabase } from "./database.js";
import { encodeSlice } from "./format.js";
import { type Slice, fileName, pairOf, sliceOfFileName } from "./slices.js";

export type ToBuildWorker =
  | { readonly type: "load"; readonly files: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }> }
  | { readonly type: "solve"; readonly first: Slice };

export type FromBuildWorker =
  | { readonly type: "loaded" }
  | { readonly type: "solved"; readonly rounds: number; readonly files: ReadonlyArray<{ readonly name: string; readonly bytes: Uint8Array }> }
  | { readonly type: "failed"; readonly message: string };

const port = parentPort!;
const { variant, variantId } = workerData as { variant: string; variantId: number };
const database = await EndgameDatabase.create(variant);
const core = database.core;

port.on("message", (message: ToBuildWorker) => {
  try {
    if (message.type === "load") {
      // Finished slices in build order: their captures lead to slices filled before them.
      for (const { name, bytes } of message.files) {
        database.add(bytes, name, true);
        const slice = sliceOfFileName(database.variant, name)!;
        if (core.has(slice)) continue;
        core.load(slice, database.packedValues(slice));
        core.fill(slice);
      }
      port.postMessage({ type: "loaded" } satisfies FromBuildWorker);
    } else {
      const rounds = core.solve(message.first);
      const files = pairOf(message.first).map((slice) => ({
        name: fileName(database.variant, slice),
        bytes: encodeSlice(variantId, slice, core.masked(slice), core.size(slice)),
      }));
      port.postMessage({ type: "solved", rounds, files } satisfies FromBuildWorker);
    }
  } catch (error) {
    port.postMessage({ type: "failed", message: (error as Error).message } satisfies FromBuildWorker);
  }
});
port.postMessage({ type: "loaded" } satisfies FromBuildWorker);
