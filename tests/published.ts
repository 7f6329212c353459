// The published counts of tests/data, typed, for the tests that check the engine against them.

import { readFileSync } from "node:fs";
import type { Duplicates, VariantName } from "../bindings/index.js";

export interface PublishedPerft {
  readonly variant: VariantName;
  readonly fen: string | null;
  readonly depth: number;
  readonly nodes: number;
  readonly nodes_str: string;
  readonly duplicates: Duplicates | "n/a" | "unknown";
  readonly source: string;
  readonly confidence: string;
  readonly note?: string;
  readonly moves?: string[] | null;
}

function load(name: string): PublishedPerft[] {
  // Tests run from dist/tests; the data stays in the source tree.
  const url = new URL(`../../tests/data/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as PublishedPerft[];
}

export const startPerft: readonly PublishedPerft[] = load("start-perft.json");
export const ruleCases: readonly PublishedPerft[] = load("rule-cases.json");

/** The published count from `variant`'s start position, if there is one. */
export function startCount(variant: VariantName, depth: number, duplicates: Duplicates): bigint | undefined {
  const row = startPerft.find((r) => r.variant === variant && r.fen === null && r.depth === depth && r.duplicates === duplicates);
  return row === undefined ? undefined : BigInt(row.nodes_str);
}

/** The published count from `variant`'s start position; fails the test when there is none. */
export function publishedCount(variant: VariantName, depth: number, duplicates: Duplicates): bigint {
  const count = startCount(variant, depth, duplicates);
  if (count === undefined) throw new Error(`no published ${variant} perft(${depth}) ${duplicates} in tests/data/start-perft.json`);
  return count;
}
