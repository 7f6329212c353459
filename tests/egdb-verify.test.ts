// `npm run verify:egdb` (BITDRAUGHTS_EGDB_VERIFY=1; tens of minutes, so not part of `npm test`):
// every position of every slice up to 4 pieces of english and international, men and kings,
// built from scratch and compared with the slice solver (tests/helpers/slice-solver.ts), and
// 100 000 random positions of every 5-piece english slice checked one ply on against the files
// (tests/helpers/egdb-check.ts). BITDRAUGHTS_EGDB_DIR=DIR samples the english files in DIR
// instead (every slice of 5 pieces or more there), so a 6-piece build can be checked too.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type EndgameDatabase, buildEndgameDatabase, loadEndgameDatabase } from "../bindings/index.js";
import { seededRandom } from "../bindings/search/levels.js";
import { type SliceReport, checkAgainstSolver, checkSampled } from "./helpers/egdb-check.js";

const VERIFY = process.env.BITDRAUGHTS_EGDB_VERIFY === "1";
const DIR = process.env.BITDRAUGHTS_EGDB_DIR;
const SAMPLES = 100_000;

function summary(reports: readonly SliceReport[]): string {
  return reports.filter((r) => r.wrong > 0).map((r) => `${r.slice}: ${r.wrong} of ${r.checked} wrong, e.g. ${r.examples.join("; ")}`).join("\n");
}

function log(report: SliceReport): void {
  console.log(`# ${report.slice}: ${report.checked} positions (${report.capturing} with a capture pending), ${report.wrong} wrong`);
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

  describe(`english: ${SAMPLES} random positions of every slice of 5 pieces or more, one ply on`, () => {
    test(DIR === undefined ? "built up to 5 pieces" : `the files in ${DIR}`, async () => {
      const database: EndgameDatabase = DIR === undefined ? await buildEndgameDatabase("english", { pieces: 5 }) : await loadEndgameDatabase("english", DIR);
      assert.deepEqual(database.refused, []);
      const slices = database.slices.filter((name) => [...name].reduce((sum, n) => sum + Number(n), 0) >= 5);
      assert.ok(slices.length >= 44, `only ${slices.length} slices of 5 pieces or more`);
      const random = seededRandom(20261202);
      const reports = slices.map((slice) => {
        const report = checkSampled(database, slice, SAMPLES, random);
        log(report);
        return report;
      });
      assert.equal(summary(reports), "");
    });
  });
}
