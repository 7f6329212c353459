// The shared table of published perft counts (../shared/perft/start.json beside the
// repository), read at test time.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { Duplicates, VariantName } from "../../bindings/index.js";

interface Row {
  readonly variant: string;
  readonly fen: string | null;
  readonly depth: number;
  readonly duplicates: string;
  readonly nodes_str: string;
}

// From dist/tests/helpers: up to the repository, then beside it.
const rows = JSON.parse(readFileSync(new URL("../../../../shared/perft/start.json", import.meta.url), "utf8")) as Row[];

/** The published start-position count, if there is one. */
export function sharedCount(variant: VariantName, depth: number, duplicates: Duplicates): bigint | undefined {
  const row = rows.find((r) => r.variant === variant && r.fen === null && r.depth === depth && r.duplicates === duplicates);
  return row === undefined ? undefined : BigInt(row.nodes_str);
}

/** The published start-position count; fails the test when there is none. */
export function publishedCount(variant: VariantName, depth: number, duplicates: Duplicates): bigint {
  const count = sharedCount(variant, depth, duplicates);
  assert.ok(count !== undefined, `no published ${variant} perft(${depth}) ${duplicates}`);
  return count;
}
