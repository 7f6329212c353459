// The counts first published here (bench/perft-records.json, shown in docs/perft-tables.md): each
// must be confirmed as the page says (three runs that agree: key seed 0, another key seed, and the
// table's check mode with no false hit), must lie beyond every published row of its variant and
// convention, and must agree with what the two conventions imply: dropping repeated capture
// routes can only lower a count (RULES.md 4.2), so drop ≤ keep at every depth, and a count grows
// with depth from a start position (every position there has a move).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

interface Run { run: string; keySeed: string; check: boolean; falseHits: string; nodes: string; units: number; sha256?: string }
interface Record { variant: string; duplicates: "keep" | "drop"; depth: number; nodes: string; runs: Run[]; date: string }
interface Published { variant: string; fen: string | null; depth: number; nodes_str: string; duplicates: string }

const root = new URL("../../", import.meta.url);
const records: Record[] = JSON.parse(readFileSync(new URL("bench/perft-records.json", root), "utf8"));
const published: Published[] = JSON.parse(readFileSync(new URL("tests/data/start-perft.json", root), "utf8"))
  .filter((r: Published) => r.fen === null);
const page = readFileSync(new URL("docs/perft-tables.md", root), "utf8");

/** Every start count known for a variant and convention, published or new, by depth. */
function counts(variant: string, duplicates: string): Map<number, bigint> {
  const byDepth = new Map<number, bigint>();
  for (const r of published) if (r.variant === variant && r.duplicates === duplicates) byDepth.set(r.depth, BigInt(r.nodes_str));
  for (const r of records) if (r.variant === variant && r.duplicates === duplicates) byDepth.set(r.depth, BigInt(r.nodes));
  return byDepth;
}

/** The variant's section of the page: from its heading to the next one. */
function section(variant: string): string {
  const start = page.indexOf(`\n## ${variant}\n`);
  assert.ok(start >= 0, `docs/perft-tables.md has no section for ${variant}`);
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

describe("the counts first published here", () => {
  test("there are at least two new depths in at least eight variants", () => {
    const depths = new Map<string, Set<number>>();
    for (const r of records) {
      if (!depths.has(r.variant)) depths.set(r.variant, new Set());
      depths.get(r.variant)!.add(r.depth);
    }
    const twice = [...depths].filter(([, d]) => d.size >= 2).map(([v]) => v);
    assert.ok(twice.length >= 8, `two new depths in ${twice.length} variants: ${twice.join(", ")}`);
  });

  for (const r of records) {
    const name = `${r.variant} ${r.duplicates} ${r.depth}`;
    test(`${name}: three runs agree, two key seeds and the check mode without a false hit`, () => {
      assert.ok(r.runs.length >= 3, `${r.runs.length} runs`);
      for (const run of r.runs) assert.equal(run.nodes, r.nodes, `run ${run.run}`);
      const seeds = new Set(r.runs.filter((run) => !run.check).map((run) => run.keySeed));
      assert.ok(seeds.size >= 2, `key seeds: ${[...seeds].join(", ")}`);
      const checked = r.runs.filter((run) => run.check);
      assert.ok(checked.length >= 1, "no run in the check mode");
      for (const run of checked) assert.equal(run.falseHits, "0");
      for (const run of r.runs) assert.match(run.sha256 ?? "", /^[0-9a-f]{64}$/, `run ${run.run} has no checksum`);
    });

    test(`${name}: beyond every published row, and shown on the page`, () => {
      const deepest = Math.max(0, ...published.filter((p) => p.variant === r.variant && p.duplicates === r.duplicates).map((p) => p.depth));
      assert.ok(r.depth > deepest, `published to depth ${deepest} already`);
      const shown = BigInt(r.nodes).toLocaleString("en-US");
      assert.match(section(r.variant), new RegExp(`\\| ${r.depth} \\| ${shown} \\|[^\\n]*\\| ${r.duplicates} \\| \\*\\*new\\*\\*`));
    });

    test(`${name}: agrees with the other convention and the depth before`, () => {
      const count = BigInt(r.nodes);
      const other = counts(r.variant, r.duplicates === "keep" ? "drop" : "keep").get(r.depth);
      if (other !== undefined) {
        if (r.duplicates === "drop") assert.ok(count <= other, `drop ${count} > keep ${other}`);
        else assert.ok(count >= other, `keep ${count} < drop ${other}`);
      }
      const before = counts(r.variant, r.duplicates).get(r.depth - 1);
      assert.ok(before !== undefined, `no count at depth ${r.depth - 1} to grow from`);
      assert.ok(count > before, `${count} does not grow from ${before}`);
    });
  }
});
