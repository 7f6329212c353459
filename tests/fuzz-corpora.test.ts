// Issue 65, part 1: the fuzz targets' committed corpora (tests/corpus/<target>/) replayed through
// their targets: valid inputs, the formats' edge cases and every input a finding was fixed for.
// Each must be accepted or refused with the library's named error, within 1 s, leaving every
// state as it was (the targets check it; tests/fuzz/guided/targets.ts). The fuzzing itself is
// `npm run fuzz:target -- <target>` (docs/bad-input.md).

import assert from "node:assert/strict";
import { after, describe, test } from "node:test";

import { INPUT_MS, runOne } from "./fuzz/guided/coverage.js";
import { readCorpus } from "./fuzz/guided/corpus.js";
import { TARGETS } from "./fuzz/guided/targets.js";

/**
 * The fuzzer holds each input to INPUT_MS (1 s). Replayed in `npm test`, beside the other test
 * files on a shared machine, a Hub session of ten lines and two probe searches took 1.5 s once
 * at a load average of 17: the replay allows five times as much, still far from a hang.
 */
const REPLAY_MS = 5 * INPUT_MS;

after(async () => {
  for (const target of TARGETS) await target.close?.();
});

describe("fuzz corpora replay without a finding", () => {
  for (const target of TARGETS) {
    test(`${target.name}: ${target.about}`, async () => {
      const corpus = readCorpus(target.name);
      assert.ok(corpus.length >= 4, `tests/corpus/${target.name} has ${corpus.length} inputs`);
      const outcomes = { accepted: 0, refused: 0 };
      await target.prepare?.();
      for (const { name, data } of corpus) {
        const outcome = await runOne(target, data, REPLAY_MS);
        if (outcome.kind === "finding") {
          const e = outcome.error as Error;
          assert.fail(`tests/corpus/${target.name}/${name}: ${e?.name}: ${e?.message ?? String(e)}`);
        }
        outcomes[outcome.kind]++;
      }
      // A corpus that is all refusals, or all acceptances, no longer tests both roads.
      if (!["perft-worker", "search-worker", "dxp-game"].includes(target.name)) assert.ok(outcomes.accepted > 0 && outcomes.refused > 0, JSON.stringify(outcomes));
    });
  }
});
