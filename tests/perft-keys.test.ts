// Hash-safe counting: key seeds (the default keys unchanged, another seed another set, drawn by
// the documented generator so that every machine draws the same) and the table's check mode,
// which must find the false hits that keys cut to a few bits provoke and keep the count exact.
// Expected counts are the published ones (tests/data/start-perft.json); the keys' expected
// values come from splitmix64 written out here in BigInt arithmetic.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { CLI, badArgumentTests, runCli } from "./helpers/cli.js";
import { ArgumentError, Position, createEngineSync, perftAsync, type PerftProgress } from "../bindings/index.js";
import { toCore } from "../bindings/core/position.js";
import { publishedCount } from "./published.js";

const MASK = (1n << 64n) - 1n;
/** splitmix64's outputs from state `state`: the generator assembly/board/zobrist.ts documents. */
function splitmix(state: bigint, count: number): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    out.push(z ^ (z >> 31n));
  }
  return out;
}

/** The side-to-move key: the 257th key drawn (after 4 kinds × 64 bits), seen as the difference of one position's two sides. */
function sideKey(engine = createEngineSync()): bigint {
  const white = Position.fromFen("english", "W:W21:B1", { engine });
  const black = Position.fromFen("english", "B:W21:B1", { engine });
  return white.key() ^ black.key();
}

describe("key seeds", () => {
  test("seed 0 draws the keys every release used; another seed draws the generator's keys from the seed XOR its start", () => {
    const engine = createEngineSync();
    const start = 0x9e3779b97f4a7c15n;
    assert.equal(sideKey(engine), splitmix(start, 257)[256]);
    const position = Position.fromFen("international", "W:WK38,40,45:B18,19,32,33,K3", { engine });
    const before = position.key();
    engine.setPerftKeys(0xdeadbeefn);
    assert.equal(sideKey(engine), splitmix(start ^ 0xdeadbeefn, 257)[256]);
    assert.notEqual(position.key(), before);
    engine.setPerftKeys(0);
    assert.equal(position.key(), before);
  });

  test("keys cut to 12 bits: the plain table merges false hits, the check mode finds them and counts exactly", () => {
    const engine = createEngineSync();
    const { variantId, board } = toCore(Position.initial("english"));
    const published = publishedCount("english", 9, "keep");
    engine.setPerftHash(1 << 16);
    engine.setPerftKeys(0, 12);
    assert.ok(sideKey(engine) < 1n << 12n && sideKey(engine) > 0n);
    // Without the check, 12-bit keys collide often enough that the count goes wrong.
    assert.notEqual(engine.perftWithTable(variantId, board, 9, true), published);
    engine.setPerftCheck(true);
    assert.equal(engine.perftWithTable(variantId, board, 9, true), published);
    const hits = engine.perftFalseHits();
    assert.ok(hits > 100n, `only ${hits} false hits found`);
    // Whole keys: no false hit, the same count.
    engine.setPerftKeys(0);
    assert.equal(engine.perftWithTable(variantId, board, 9, true), published);
    assert.equal(engine.perftFalseHits(), 0n);
  });

  test("two seeds, the check mode on and off: the published counts (russian drop, international drop)", () => {
    for (const [variant, depth] of [["russian", 9], ["international", 7]] as const) {
      const published = publishedCount(variant, depth, "drop");
      const { variantId, board } = toCore(Position.initial(variant));
      for (const [seed, check] of [[0n, false], [2n ** 64n - 1n, false], [12345n, true]] as const) {
        const engine = createEngineSync();
        engine.setPerftHash(1 << 20);
        engine.setPerftKeys(seed);
        engine.setPerftCheck(check);
        assert.equal(engine.perftWithTable(variantId, board, depth, false), published, `${variant} seed ${seed} check ${check}`);
        if (check) assert.equal(engine.perftFalseHits(), 0n);
      }
    }
  });

  test("bad seeds and key bits: errors that name them, the keys unchanged", () => {
    const engine = createEngineSync();
    const before = sideKey(engine);
    assert.throws(() => engine.setPerftKeys(-1), /key seed must be a whole number from 0 to 2\^64/);
    assert.throws(() => engine.setPerftKeys(2n ** 64n), /key seed/);
    assert.throws(() => engine.setPerftKeys(1.5), /key seed/);
    assert.throws(() => engine.setPerftKeys(1, 0), /key bits must be a whole number from 1 to 64, got 0/);
    assert.equal(sideKey(engine), before);
  });
});

describe("perftAsync: keySeed and check", () => {
  test("the published count under another seed in the check mode; progress reports the false hits (none)", async () => {
    let last: PerftProgress | undefined;
    const nodes = await perftAsync(Position.initial("english"), 10, { threads: 2, hash: 4, keySeed: 7n, check: true, onProgress: (p) => (last = p) });
    assert.equal(nodes, publishedCount("english", 10, "keep"));
    assert.equal(last?.falseHits, 0n);
  });

  test("bad keySeed and check: ArgumentError naming them", () => {
    assert.throws(() => perftAsync(Position.initial("english"), 3, { keySeed: -1 }), (e: unknown) => e instanceof ArgumentError && /keySeed must be a whole number/.test(e.message));
    assert.throws(() => perftAsync(Position.initial("english"), 3, { check: "yes" as unknown as boolean }), (e: unknown) => e instanceof ArgumentError && /check must be true or false/.test(e.message));
  });
});

describe("work units under a key seed and in the check mode", () => {
  const sh = (command: string, cwd: string) => {
    const result = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8" });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const bitdraughts = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;

  test("each result line names its keys; merge sums the false hits and refuses runs of different keys", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-keys-"));
    try {
      assert.equal(sh(`${bitdraughts} perft --variant russian --depth 10 --split 3 > units.jsonl`, dir).code, 0);
      const seeded = sh(`${bitdraughts} perft --run-units units.jsonl --results seeded.results --threads 2 --hash 4 --key-seed 0x5eed`, dir);
      assert.equal(seeded.code, 0, seeded.stderr);
      const checked = sh(`${bitdraughts} perft --run-units units.jsonl --results checked.results --threads 2 --hash 4 --check`, dir);
      assert.equal(checked.code, 0, checked.stderr);
      const first = JSON.parse(readFileSync(join(dir, "checked.results"), "utf8").split("\n")[0]!) as Record<string, unknown>;
      assert.deepEqual([first.keySeed, first.check, first.falseHits], ["0", true, "0"]);
      const published = String(publishedCount("russian", 10, "drop"));
      const a = JSON.parse(sh(`${bitdraughts} perft --merge seeded.results --json`, dir).stdout) as Record<string, unknown>;
      assert.deepEqual([a.nodes, a.keySeed, a.check], [published, String(0x5eed), false]);
      const b = JSON.parse(sh(`${bitdraughts} perft --merge checked.results --json`, dir).stdout) as Record<string, unknown>;
      assert.deepEqual([b.nodes, b.keySeed, b.check, b.falseHits], [published, "0", true, "0"]);
      const mixed = sh(`${bitdraughts} perft --merge seeded.results checked.results`, dir);
      assert.equal(mixed.code, 2);
      assert.match(mixed.stderr, /belongs to another run \((keySeed|check) /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("bitdraughts perft --key-seed, --check", () => {
  test("--json names the keys and the false hits; the count as published", () => {
    const { code, stdout } = runCli(["perft", "--variant", "english", "--depth", "11", "--threads", "2", "--hash", "4", "--key-seed", "99", "--check", "--json"]);
    assert.equal(code, 0);
    const line = JSON.parse(stdout) as Record<string, unknown>;
    assert.deepEqual([line.nodes, line.keySeed, line.check, line.falseHits], [String(publishedCount("english", 11, "keep")), "99", true, "0"]);
  });
  badArgumentTests([
    ["--key-seed without --hash", ["perft", "--variant", "english", "--depth", "9", "--key-seed", "3"], /--key-seed keys perft's table: it needs --hash/],
    ["--check without --hash", ["perft", "--variant", "english", "--depth", "9", "--check"], /--check keys perft's table: it needs --hash/],
    ["a negative key seed", ["perft", "--variant", "english", "--depth", "9", "--hash", "4", "--key-seed", "-3"], /--key-seed must be a whole number from 0 to 2\^64 - 1/],
    ["a key seed of 2^64", ["perft", "--variant", "english", "--depth", "9", "--hash", "4", "--key-seed", "18446744073709551616"], /--key-seed must be a whole number/],
  ]);
});

describe("bitdraughts perft --divide: each root move in the variant's notation", () => {
  test("international: numeric moves and captures, a line each, the total as published", () => {
    const { code, stdout } = runCli(["perft", "--variant", "international", "--depth", "3", "--divide"]);
    assert.equal(code, 0);
    const lines = stdout.trim().split("\n").slice(4);
    assert.equal(lines.length, 10);
    for (const line of lines.slice(0, -1)) assert.match(line, /^\d{2}-\d{2} +\d+$/);
    assert.equal(lines.at(-1), `total                ${publishedCount("international", 3, "drop")}`);
    const captures = runCli(["perft", "--variant", "international", "--fen", "W:W32,33:B28,19,K3", "--depth", "2", "--divide"]).stdout;
    assert.match(captures, /^32x14 +3$/m); // 32x23x14: the capture of the most pieces, written from and to
  });

  test("russian: algebraic names, as its tables write them", () => {
    const { stdout } = runCli(["perft", "--variant", "russian", "--depth", "2", "--divide", "--json"]);
    const line = JSON.parse(stdout) as { divide: Record<string, string> };
    assert.deepEqual(Object.keys(line.divide), ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]);
    assert.equal(Object.values(line.divide).reduce((a, b) => a + BigInt(b), 0n), publishedCount("russian", 2, "drop"));
  });
});
