// The messages between a SearchEngine and its worker: plain data only.

import type { Move } from "../core/notation.js";
import type { VariantName } from "../core/variant.js";
import type { DatabaseSlices } from "../egdb/attach.js";
import type { SearchInfo, SearchLimits, SearchRequest, SearchResult, SearchStatus } from "./types.js";

export type ToWorker =
  | { readonly type: "init"; readonly hash?: number; readonly variants?: readonly VariantName[]; readonly stop?: SharedArrayBuffer; readonly core?: WebAssembly.Module; readonly weights?: Record<number, Uint8Array>; readonly database?: DatabaseSlices }
  | { readonly type: "search"; readonly id: number; readonly request: SearchRequest; readonly limits: SearchLimits; readonly weights?: Record<number, Uint8Array> }
  | { readonly type: "newGame"; readonly id: number }
  | { readonly type: "status"; readonly id: number };

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "info"; readonly id: number; readonly info: SearchInfo }
  | { readonly type: "result"; readonly id: number; readonly result: SearchResult }
  | { readonly type: "done"; readonly id: number }
  | { readonly type: "status"; readonly id: number; readonly status: SearchStatus }
  | { readonly type: "error"; readonly id: number; readonly name: string; readonly message: string };

/** A Move as plain data: listed moves keep their squares in private fields, which structured cloning drops. */
export function plainMove(move: Move): Move {
  return {
    from: move.from, to: move.to, path: [...move.path], captured: [...move.captured],
    isCapture: move.isCapture, promotes: move.promotes, notation: move.notation,
  };
}
