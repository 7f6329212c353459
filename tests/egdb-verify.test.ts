// `npm run verify:egdb` (BITDRAUGHTS_EGDB_VERIFY=1; tens of minutes, so not part of `npm test`):
// every position of every slice up to 4 pieces of english and international, men and kings,
// built from scratch and compared with the slice solver (tests/helpers/slice-solver.ts), then
// 100 000 random positions of every slice of 5 pieces or more checked one ply on against the files
// (tests/helpers/egdb-check.ts): english's built up to 5 pieces in memory (a minute), international's
// read from data/egdb, which `bitdraughts egdb build --variant international --pieces 5` fills
// first when its five-piece files are not all there (some 16 minutes of CPU on two threads; the
// build resumes, so a second run only reads them). BITDRAUGHTS_EGDB_DIR=DIR reads both variants'
// files from DIR instead (every slice of 5 pieces or more there, so a 6-piece english build can
// be checked too); BITDRAUGHTS_EGDB_THREADS sets the build's threads (default 2).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type EndgameDatabase, buildEndgameDatabase, loadEndgameDatabase } from "../bindings/index.js";
import type { VariantName } from "../bindings/core/variant.js";
import { buildOrder, fileName, pairOf } from "../bindings/egdb/slices.js";
import { seededRandom } from "../bindings/core/seeded.js";
import { CLI } from "./helpers/cli.js";
import { type SliceReport, checkAgainstSolver, checkSampled } from "./helpers/egdb-check.js";

const VERIFY = process.env.BITDRAUGHTS_EGDB_VERIFY === "1";
const DIR = process.env.BITDRAUGHTS_EGDB_DIR;
const SAMPLES = 100_000;

function summary(reports: readonly SliceReport[]): string {
  return reports.filter((r) => r.wrong > 0).map((r) => `${r.slice}: ${r.wrong} of ${r.checked} wrong, e.g. ${r.examples.join("; ")}`).join("\n");
}

function log(report: SliceReport, ms?: number): void {
  const time = ms === undefined ? "" : ` in ${(ms / 1000).toFixed(1)} s`;
  console.log(`# ${report.slice}: ${report.checked} positions (${report.capturing} with a capture pending), ${report.wrong} wrong${time}`);
}

if (VERIFY) {
  describe("every slice up to 4 pieces against the slice solver", () => {
    for (const [variant, positions] of [["english", 6_000_000], ["international", 40_000_000]] as const) {
      test(variant, async () => {
        const database = await buildEndgameDatabase(variant, { pieces: 4 });
        const reports = checkAgainstSolver(database, 4, log);
        // Slices with both sides on the board: 4 of 2 pieces, 12 of 3, 25 of 4.
        assert.equal(reports.length, 41);
        const checked = reports.reduce((sum, r) => sum + r.checked, 0);
        assert.ok(checked > positions, `only ${checked} positions solved`);
        assert.equal(summary(reports), "");
      });
    }
  });

  describe(`${SAMPLES} random positions of every slice of 5 pieces or more, one ply on`, () => {
    test(DIR === undefined ? "english: built up to 5 pieces" : `english: the files in ${DIR}`, async () => {
      const database = DIR === undefined ? await buildEndgameDatabase("english", { pieces: 5 }) : await loadEndgameDatabase("english", DIR);
      assert.equal(summary(checkLargeSlices(database)), "");
    });

    const dir = DIR ?? fileURLToPath(new URL("../../data/egdb", import.meta.url));
    test(`international: the files in ${dir}, built there up to 5 pieces if missing`, async () => {
      if (!hasEverySlice("international", 5, dir)) {
        const threads = process.env.BITDRAUGHTS_EGDB_THREADS ?? "2";
        const build = spawnSync(process.execPath, [CLI, "egdb", "build", "--variant", "international", "--pieces", "5", "--dir", dir, "--threads", threads], { stdio: ["ignore", "inherit", "inherit"] });
        assert.equal(build.status, 0, "egdb build failed");
      }
      assert.equal(summary(checkLargeSlices(await loadEndgameDatabase("international", dir))), "");
    });
  });
}

/** The check of `SAMPLES` positions of every slice of 5 pieces or more in `database` (44 of 5 at least). */
function checkLargeSlices(database: EndgameDatabase): SliceReport[] {
  assert.deepEqual(database.refused, []);
  const slices = database.slices.filter((name) => [...name].reduce((sum, n) => sum + Number(n), 0) >= 5);
  assert.ok(slices.length >= 44, `only ${slices.length} slices of 5 pieces or more`);
  const random = seededRandom(20261202);
  return slices.map((slice) => {
    const started = performance.now();
    const report = checkSampled(database, slice, SAMPLES, random);
    log(report, performance.now() - started);
    return report;
  });
}

/** Whether `dir` holds a file of every slice of `variant` up to `pieces` pieces. */
function hasEverySlice(variant: VariantName, pieces: number, dir: string): boolean {
  const present = existsSync(dir) ? new Set(readdirSync(dir)) : new Set<string>();
  return buildOrder(pieces).flat().flatMap(pairOf).every((slice) => present.has(fileName(variant, slice)));
}
