// The search worker, made to die for real in the middle of a search: a search asked with
// movetime DIE_MOVETIME ends the worker thread (process.exit in a worker ends that thread only)
// as soon as the search has sent its first report, so the engine loses it mid-search.
// Imported outside a worker (for the constant), it does nothing.

import { parentPort } from "node:worker_threads";

export const DIE_MOVETIME = 4321;

if (parentPort !== null) {
  const port = parentPort;
  let armed = false;
  // The worker's own listener is wrapped as it registers, so each request is seen first (a
  // listener of our own would start the port before the worker listens, and lose its init).
  const on = port.on.bind(port);
  port.on = ((event: string, listener: (message: { type?: string; limits?: { movetime?: number } }) => void) =>
    on(event, event !== "message" ? listener : (message: { type?: string; limits?: { movetime?: number } }) => {
      if (message?.type === "search") armed = message.limits?.movetime === DIE_MOVETIME;
      listener(message);
    })) as typeof port.on;
  const post = port.postMessage.bind(port);
  port.postMessage = (message: { type?: string }) => {
    if (armed && message?.type === "info") process.exit(7);
    post(message);
  };
  await import("../../bindings/search/worker.js");
}
