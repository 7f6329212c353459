// The perft suite (suites/perft-positions.json): at least 20 positions per board family, every
// kind in each, every count with its source; each position counted to the deepest stated depth
// within QUICK_NODES leaves (seconds in all), and with BITDRAUGHTS_DEEP=1 (`npm run test:deep`)
// to its full stated depth through the table. The counts published elsewhere (the rule-test
// positions' depth 1) are checked against tests/data/rule-cases.json as well; the others were
// computed by scripts/perft-positions.mjs, twice under two key seeds and once in the check mode,
// and confirmed by the independent rules oracle to the depth each names.

import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Position, perftAsync } from "../bindings/index.js";
import { FAMILIES, KINDS, depthWithin, boardFamilyOf, parseSuite } from "../bindings/perft/suite.js";
import { ruleCases } from "./published.js";
import { runCli } from "./helpers/cli.js";

const DEEP = process.env.BITDRAUGHTS_DEEP === "1";
const QUICK_NODES = 2_000_000n;
const FILE = new URL("../../suites/perft-positions.json", import.meta.url);
const SUITE_PATH = fileURLToPath(FILE);
const suite = parseSuite(readFileSync(FILE, "utf8"), "suites/perft-positions.json");

describe("the perft suite's contents", () => {
  for (const family of FAMILIES) {
    test(`${family}: at least 20 positions, every kind`, () => {
      const positions = suite.positions.filter((p) => boardFamilyOf(p.variant) === family);
      assert.ok(positions.length >= 20, `${family}: ${positions.length} positions`);
      for (const kind of KINDS) assert.ok(positions.some((p) => p.kind === kind), `${family} has no ${kind} position`);
    });
  }

  test("every count has its source; published counts match tests/data/rule-cases.json", () => {
    for (const p of suite.positions) {
      assert.match(p.source, p.published > 0 ? /published/ : /computed here.*(two|twice|oracle)/, p.id);
      if (p.published > 0) {
        const row = ruleCases.find((r) => r.variant === p.variant && r.fen === p.fen && r.depth === 1);
        assert.ok(row, `${p.id}: no published row`);
        assert.equal(p.counts[0], BigInt(row.nodes_str), p.id);
        assert.ok(p.source.includes(row.source), p.id);
      }
    }
  });
});

describe(`the perft suite, ${DEEP ? "to the full stated depth" : `each position to the deepest depth within ${QUICK_NODES} leaves`}`, () => {
  for (const family of FAMILIES) {
    test(family, async () => {
      for (const p of suite.positions.filter((q) => boardFamilyOf(q.variant) === family)) {
        const depth = DEEP ? p.counts.length : depthWithin(p, QUICK_NODES);
        const position = Position.fromFen(p.variant, p.fen, { optionalCapture: p.optionalCapture });
        const nodes = DEEP ? await perftAsync(position, depth, { threads: 2, hash: 64, duplicates: p.duplicates }) : position.perft(depth, { duplicates: p.duplicates });
        assert.equal(nodes, p.counts[depth - 1], `${p.id} perft(${depth})`);
      }
    });
  }
});

describe("bitdraughts perft --suite", () => {
  test("a line per position, pass; exit code 0", () => {
    const { code, stdout } = runCli(["perft", "--suite", SUITE_PATH, "--variant", "thai", "--depth", "4"]);
    assert.equal(code, 0);
    const lines = stdout.trim().split("\n");
    const thai = suite.positions.filter((p) => p.variant === "thai");
    assert.equal(lines.length, thai.length + 1);
    for (const p of thai) assert.match(stdout, new RegExp(`^pass  ${p.id} +depth  4 +${p.counts[3]} `, "m"));
    assert.match(lines.at(-1)!, new RegExp(`^${thai.length} of ${thai.length} positions pass`));
  });

  test("a wrong count fails: FAIL with the expected count, exit code 1; --json", () => {
    const p = suite.positions.find((q) => q.variant === "english")!;
    const wrong = { positions: [{ id: "wrong", variant: p.variant, kind: p.kind, fen: p.fen, counts: p.counts.slice(0, 3).map((c, i) => String(i === 2 ? c + 1n : c)), source: "a test" }] };
    const file = `${process.env.TMPDIR ?? "/tmp"}/bitdraughts-suite-${process.pid}.json`;
    writeFileSync(file, JSON.stringify(wrong));
    try {
      const text = runCli(["perft", "--suite", file, "--full"]);
      assert.equal(text.code, 1);
      assert.match(text.stdout, new RegExp(`^FAIL  wrong +depth  3 +${p.counts[2]} \\(expected ${p.counts[2] + 1n}\\)`, "m"));
      const json = runCli(["perft", "--suite", file, "--full", "--json"]);
      const [line, summary] = json.stdout.trim().split("\n").map((l) => JSON.parse(l));
      assert.deepEqual([line.id, line.pass, line.nodes, line.expected], ["wrong", false, String(p.counts[2]), String(p.counts[2] + 1n)]);
      assert.equal(summary.failed, 1);
    } finally {
      rmSync(file, { force: true });
    }
  });

  test("a bad suite: exit code 2 and a line naming the problem", () => {
    const missing = runCli(["perft", "--suite", "no-such-file.json"]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read no-such-file\.json/);
    const both = runCli(["perft", "--suite", SUITE_PATH, "--full", "--depth", "2"]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--full and --depth do not go together/);
  });
});
