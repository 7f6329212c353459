// The core's raw search, as the contract between the core and this binding fixes it
// (bindings/core/engine.ts, class Engine). Square numbers in, square numbers out.

import type { RawBoard, RawMove } from "../core/engine.js";

export interface RawSearchLimits {
  readonly depth: number;
  readonly nodes?: number;
  readonly multiPV?: number;
  readonly history?: readonly RawBoard[];
  readonly noProgressPlies?: number;
  readonly endgamePlies?: number;
  readonly disable?: number;
}

export interface RawSearchLine {
  readonly score: number;
  readonly win: number | null;
  readonly pv: readonly RawMove[];
}

export interface RawSearchInfo {
  readonly depth: number;
  readonly seldepth: number;
  readonly nodes: number;
  readonly hashfull: number;
  readonly lines: readonly RawSearchLine[];
  readonly kind: "iteration" | "best";
}

export interface RawSearchHooks {
  poll?(nodes: number): boolean;
  info?(info: RawSearchInfo): boolean;
}

/** What the Searcher needs of an Engine. */
export interface SearchCore {
  search(variantId: number, board: RawBoard, limits: RawSearchLimits, hooks?: RawSearchHooks): RawSearchInfo;
  setHashSize(mib: number): void;
  clearHash(): void;
}
