// A worker's side of its messages, the same in a Web Worker and a worker_threads worker. The
// Node module is imported only when there is no worker scope, so a browser bundle never sees it.

export interface WorkerPort<In, Out> {
  post(message: Out): void;
  listen(handler: (message: In) => void): void;
}

/** The port of the worker this module runs in; `what` names the worker in the error thrown outside one. */
export async function workerPort<In, Out>(what: string): Promise<WorkerPort<In, Out>> {
  const scope = globalThis as unknown as { WorkerGlobalScope?: unknown; postMessage(m: unknown): void; addEventListener(t: string, h: (e: MessageEvent) => void): void };
  if (scope.WorkerGlobalScope !== undefined) {
    return { post: (m) => scope.postMessage(m), listen: (h) => scope.addEventListener("message", (e) => h(e.data as In)) };
  }
  const name = "node:worker_threads";
  const { parentPort } = (await import(/* webpackIgnore: true */ /* @vite-ignore */ name)) as typeof import("node:worker_threads");
  if (!parentPort) throw new Error(`${what} must run in a worker`);
  return { post: (m) => parentPort.postMessage(m), listen: (h) => parentPort.on("message", h) };
}
