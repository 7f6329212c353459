// The messages between a SearchEngine and its worker: plain data only.

import type { SearchInfo, SearchLimits, SearchRequest, SearchResult } from "./types.js";

export type ToWorker =
  | { readonly type: "init"; readonly hash?: number; readonly stop?: SharedArrayBuffer }
  | { readonly type: "search"; readonly id: number; readonly request: SearchRequest; readonly limits: SearchLimits }
  | { readonly type: "newGame"; readonly id: number };

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "info"; readonly id: number; readonly info: SearchInfo }
  | { readonly type: "result"; readonly id: number; readonly result: SearchResult }
  | { readonly type: "done"; readonly id: number }
  | { readonly type: "error"; readonly id: number; readonly name: string; readonly message: string };
