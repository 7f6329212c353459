// The perft worker: one instance of the core, with its own table, counting the subtrees the
// pool sends. Runs as a Web Worker in browsers and as a worker_threads worker in Node
// (core/worker-port.ts).

import { Engine } from "../core/engine.js";
import { createEngineSync } from "../core/loader.js";
import { workerPort } from "../core/worker-port.js";
import { type FromWorker, type ToWorker, checkTask } from "./protocol.js";

const port = await workerPort<ToWorker, FromWorker>("the perft worker");
let engine: Engine | undefined;
let hashed = false;
let checked = false;
port.listen((message) => {
  const id = message.type === "init" ? 0 : message.id;
  try {
    if (message.type === "init") {
      engine = createEngineSync(message.module);
      hashed = message.hashBytes > 0;
      if (hashed) engine.setPerftHash(message.hashBytes);
      const keys = message.keys;
      // The default keys and no check need no call (and a frozen baseline's core has neither).
      if (keys !== undefined && (keys.keySeed !== 0n || keys.keyBits !== undefined)) engine.setPerftKeys(keys.keySeed, keys.keyBits);
      checked = keys?.check === true;
      if (checked) engine.setPerftCheck(true);
      port.post({ type: "ready" });
    } else if (!engine) {
      throw new Error("the perft worker got a task before init");
    } else {
      const { variantId, whiteToMove, squares, streaks, depth, keepRoutes } = checkTask(message.task);
      const start = performance.now();
      const board = streaks === undefined ? { whiteToMove, squares } : { whiteToMove, squares, streaks };
      const nodes = hashed ? engine.perftWithTable(variantId, board, depth, keepRoutes) : engine.perft(variantId, board, depth, keepRoutes);
      const falseHits = hashed && message.type === "count" && checked ? engine.perftFalseHits() : 0n;
      port.post({ type: "counted", id, nodes, ms: performance.now() - start, falseHits });
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.post({ type: "error", id, name: e.name, message: e.message });
  }
});
