// The search worker: a Searcher behind messages. Runs as a Web Worker in browsers and as a
// worker_threads worker in Node (core/worker-port.ts).

import { init } from "../core/loader.js";
import { ArgumentError, quote } from "../core/errors.js";
import { searchDatabase } from "../egdb/attach.js";
import { workerPort } from "../core/worker-port.js";
import { Searcher } from "./searcher.js";
import { provideWeights } from "../eval/shipped.js";
import { FromWorker, ToWorker, plainMove } from "./protocol.js";

const port = await workerPort<ToWorker, FromWorker>("the search worker");
let searcher: Searcher | undefined;
port.listen(async (message) => {
  const id = message.type === "init" ? 0 : message.id;
  try {
    if (message.type === "init") {
      const stopFlag = message.stop ? new Int32Array(message.stop) : undefined;
      // The page's compiled core comes with the first message: the worker needs no core of its
      // own. init() makes it the default, for the positions the worker reads; the searcher makes
      // its own instance of it, as a search must not share its core with them. (Nothing else is
      // posted before "ready", so the await cannot let a request overtake the init.)
      if (message.core !== undefined) await init(message.core);
      // The page's weight files too: a worker bundle carries none.
      const weights = message.weights ?? {};
      if (Object.keys(weights).length > 0) provideWeights({ bytes: (family) => weights[family] });
      // The searcher sets up its table and weights now, so "ready" means ready to search.
      const database = message.database === undefined ? {} : { endgameDatabase: searchDatabase(message.database) };
      searcher = new Searcher({ ...(message.hash === undefined ? {} : { hash: message.hash }), ...(message.variants === undefined ? {} : { variants: message.variants }), ...(stopFlag ? { stopFlag } : {}), ...database });
      port.post({ type: "ready" });
    } else if (!searcher) {
      throw new Error("the search worker got a request before init");
    } else if (message.type === "newGame") {
      searcher.newGame();
      port.post({ type: "done", id });
    } else if (message.type === "status") {
      port.post({ type: "status", id, status: searcher.status() });
    } else if (message.type !== "search") {
      // Anything else would be read as a search without limits, which runs until stopped.
      throw new ArgumentError(`the search worker got a message of unknown type ${quote((message as { type?: unknown }).type)}`, "type", (message as { type?: unknown }).type);
    } else {
      const weights = message.weights;
      if (weights !== undefined) provideWeights({ bytes: (family) => weights[family] });
      const result = searcher.search(message.request, message.limits, (info) => port.post({ type: "info", id, info }));
      port.post({ type: "result", id, result: { ...result, move: plainMove(result.move) } });
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.post({ type: "error", id, name: e.name, message: e.message });
  }
});
