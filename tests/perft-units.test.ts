// Work units from the command line: the README's GNU parallel recipe run on this machine
// (split, run the chunks, stopped hard in the middle and run again, merge) gives the published
// count; the merge refuses an incomplete set, a unit twice and mixed runs; bad options exit 2.
// Needs GNU parallel (Debian's `parallel`; .ci/run installs it).

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { CLI } from "./helpers/cli.js";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Position } from "../bindings/index.js";
import { publishedCount } from "./published.js";

const BITDRAUGHTS = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`;

function sh(command: string, cwd: string) {
  const result = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function resultLines(dir: string): number {
  return readdirSync(dir).filter((f) => f.endsWith(".results")).reduce((n, f) => n + readFileSync(join(dir, f), "utf8").split("\n").filter((l) => l.endsWith("}")).length, 0);
}

describe("perft work units", () => {
  test("the GNU parallel recipe: split, run (stopped hard, then again), merge = the published english perft 13", async () => {
    assert.equal(spawnSync("parallel", ["--version"]).status, 0, "GNU parallel is needed: apt-get install parallel");
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-units-"));
    try {
      const split = sh(`${BITDRAUGHTS} perft --variant english --depth 13 --split 4 > units.jsonl && split --number=l/4 units.jsonl chunk.`, dir);
      assert.equal(split.code, 0, split.stderr);
      const units = readFileSync(join(dir, "units.jsonl"), "utf8").trim().split("\n").length;
      assert.ok(units > 100, `${units} units`);
      const recipe = `parallel -j 2 ${JSON.stringify(`${BITDRAUGHTS} perft --run-units {} --results {}.results --threads 1 --hash 16`)} ::: chunk.??`;

      // The first run is killed, with everything it started, once a few units are written.
      const first = spawn("bash", ["-c", recipe], { cwd: dir, detached: true, stdio: "ignore" });
      const exited = new Promise((resolve) => first.on("exit", resolve));
      while (resultLines(dir) < 3) await new Promise((resolve) => setTimeout(resolve, 20));
      process.kill(-first.pid!, "SIGKILL");
      await exited;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const afterKill = resultLines(dir);
      assert.ok(afterKill < units, `the interruption came before the end (${afterKill} of ${units} units)`);

      const incomplete = sh(`${BITDRAUGHTS} perft --merge chunk.??.results`, dir);
      assert.notEqual(incomplete.code, 0);
      assert.match(incomplete.stderr, /units have no result/);

      const second = sh(recipe, dir);
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stdout, /were already in chunk/);
      const merged = sh(`${BITDRAUGHTS} perft --merge chunk.??.results --json`, dir);
      assert.equal(merged.code, 0, merged.stderr);
      const line = JSON.parse(merged.stdout.trim()) as Record<string, unknown>;
      assert.deepEqual(Object.keys(line), ["variant", "depth", "duplicates", "nodes", "ms"], "the form of perft --json's last line");
      assert.equal(line.nodes, String(publishedCount("english", 13, "keep")));
      assert.equal(resultLines(dir), units, "every unit once");

      // A unit twice, or another run's results, is refused.
      const chunk = readdirSync(dir).find((f) => f.endsWith(".results"))!;
      appendFileSync(join(dir, "twice.results"), readFileSync(join(dir, chunk), "utf8").split("\n")[0]! + "\n");
      const twice = sh(`${BITDRAUGHTS} perft --merge chunk.??.results twice.results`, dir);
      assert.notEqual(twice.code, 0);
      assert.match(twice.stderr, /unit \d+ is there twice/);
      const other = sh(`${BITDRAUGHTS} perft --variant english --depth 12 --split 4 | head -1 | sed 's/}$/,"nodes":"1","ms":0}/' > other.results && ${BITDRAUGHTS} perft --merge chunk.??.results other.results`, dir);
      assert.notEqual(other.code, 0);
      assert.match(other.stderr, /belongs to another run \(depth 12, not 13/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a unit whose count was changed is caught by the merge's own split", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-units-"));
    try {
      assert.equal(sh(`${BITDRAUGHTS} perft --variant russian --depth 6 --split 2 > units.jsonl && ${BITDRAUGHTS} perft --run-units units.jsonl --results r.results --threads 2`, dir).code, 0);
      const merged = sh(`${BITDRAUGHTS} perft --merge r.results --json`, dir);
      assert.equal(JSON.parse(merged.stdout).nodes, String(publishedCount("russian", 6, "drop")));
      const lines = readFileSync(join(dir, "r.results"), "utf8").trim().split("\n");
      const wrong = JSON.parse(lines[0]!) as { multiplicity: number };
      wrong.multiplicity += 1;
      writeFileSync(join(dir, "r.results"), [JSON.stringify(wrong), ...lines.slice(1)].join("\n") + "\n");
      const refused = sh(`${BITDRAUGHTS} perft --merge r.results`, dir);
      assert.notEqual(refused.code, 0);
      assert.match(refused.stderr, /but the split gives/);
      // A line cut short at the end of the results (a run killed mid-write) is counted again.
      writeFileSync(join(dir, "s.results"), lines.slice(0, 3).join("\n") + "\n" + lines[3]!.slice(0, 20));
      const resumed = sh(`${BITDRAUGHTS} perft --run-units units.jsonl --results s.results --threads 1 && ${BITDRAUGHTS} perft --merge s.results --json`, dir);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stdout, /\(3 were already in s\.results\)/);
      assert.equal(JSON.parse(resumed.stdout.trim().split("\n").at(-1)!).nodes, String(publishedCount("russian", 6, "drop")));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("perft --threads --hash --divide: each root move's count as the API's divide, the total published", () => {
    const { code, stdout, stderr } = sh(`${BITDRAUGHTS} perft --variant english --depth 8 --divide --threads 2 --hash 1 --json`, tmpdir());
    assert.equal(code, 0, stderr);
    const line = JSON.parse(stdout) as { nodes: string; divide: Record<string, string> };
    assert.equal(line.nodes, String(publishedCount("english", 8, "keep")));
    const divide = Position.initial("english").divide(8);
    assert.deepEqual(line.divide, Object.fromEntries([...divide].map(([move, count]) => [move, String(count)])));
    assert.equal(stderr, "", "no progress bar when the output is piped");
  });

  test("bad options exit 2 with one line naming the problem", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-units-"));
    try {
      writeFileSync(join(dir, "bad.jsonl"), '{"unit":0}\n');
      const cases: [string, RegExp][] = [
        ["perft --variant english --depth 5 --threads 0", /--threads must be a whole number from 1 to 256/],
        ["perft --variant english --depth 5 --hash 3", /--hash must be 0 or a power of two/],
        ["perft --variant english --depth 5 --split 6", /--split must be a whole number from 0 to 5/],
        ["perft --variant english --depth 5 --split 2 --threads 2", /perft --split does not take --threads/],
        ["perft --merge", /--merge needs the result files/],
        ["perft --merge missing.results", /cannot read missing\.results/],
        ["perft --run-units bad.jsonl", /bad\.jsonl:1: (variant|depth) must be/],
        ["perft --variant english --depth 5 --results r", /--results goes with --run-units/],
      ];
      for (const [args, message] of cases) {
        const { code, stderr } = sh(`${BITDRAUGHTS} ${args}`, dir);
        assert.equal(code, 2, args);
        assert.match(stderr, message, args);
        assert.equal(stderr.trim().split("\n").length, 1, args);
      }
      assert.ok(!existsSync(join(dir, "r")));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
