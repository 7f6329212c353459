// The hand-written terms fitted to game results (tools/train/tune.ts), on records made up so
// that the answer is known: White's extra king wins every game it is in, so the tuner must
// value a king higher than the short-king start (1.5 men) and leave the other terms as they were.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngineSync } from "../bindings/core/loader.js";
import { ARRANGEMENTS, parseWeights, windowsOf } from "../bindings/eval/weights.js";
import { PositionRecord, encodeRecord, fileHeader } from "../tools/train/records.js";
import { randomSource } from "../tools/match/player.js";
import { tune } from "../tools/train/tune.js";

const KING = 0;

/** `count` english positions of distinct squares: White `men` men and a king against `men` + 1 black men, or men alone, even. */
function madeUp(count: number): PositionRecord[] {
  const random = randomSource(11);
  const records: PositionRecord[] = [];
  for (let i = 0; i < count; i++) {
    const withKing = i % 2 === 0;
    const men = 2 + (i % 3);
    // Men off both crowning rows (squares 5-28), the king anywhere free.
    const free = Array.from({ length: 24 }, (_, s) => s + 5);
    const take = () => free.splice(Math.floor(random() * free.length), 1)[0]!;
    const white = Array.from({ length: men }, take);
    const black = Array.from({ length: withKing ? men + 1 : men }, take);
    const kings: number[] = [];
    if (withKing) {
      const king = take();
      white.push(king);
      kings.push(king);
    }
    // Ply 1 each: every record starts a game of its own, so the held-out share is drawn per position.
    records.push({ white, black, kings, whiteToMove: i % 4 < 2, result: withKing ? 1 : i % 4 === 1 ? 1 : -1, score: 0, ply: 1 });
  }
  return records;
}

test("the tuner raises the king's value when the extra king always wins, and moves no other term", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-tune-"));
  try {
    const file = join(dir, "r.bin");
    writeFileSync(file, Buffer.concat([fileHeader(0), ...madeUp(600).map((r) => encodeRecord(r))]));
    const start = createEngineSync().handTerms(0);
    const lines: string[] = [];
    const result = tune({ variant: "english", files: [file], terms: [KING], lambda: 1, step: 32, sweeps: 6, log: (line) => lines.push(line) });
    assert.ok(result.hand[KING]! > start[KING]!, `${start[KING]} → ${result.hand[KING]}\n${lines.join("\n")}`);
    for (let t = 1; t < start.length; t++) assert.equal(result.hand[t], start[t], `term ${t} was not to move`);
    assert.ok(result.loss < result.startLoss, lines.join("\n"));
    // Each sweep keeps only what lowers the fit's loss.
    for (let i = 1; i < result.sweepLosses.length; i++) assert.ok(result.sweepLosses[i]! <= result.sweepLosses[i - 1]!);
    // The file carries the fitted terms.
    assert.deepEqual([...parseWeights(result.file).hand], [...result.hand]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the tuner refuses a term index out of range and a file of another family, by name", () => {
  assert.throws(() => tune({ variant: "english", files: [], terms: [40] }), /a term index is 0 to 31, not 40/);
  assert.throws(() => tune({ variant: "english", files: [], terms: [] }), /no term to fit/);
  const russian = { family: 1, windows: windowsOf(1), hand: new Int16Array(32), patterns: new Int16Array(2 * windowsOf(1) * ARRANGEMENTS) };
  assert.throws(() => tune({ variant: "english", files: [], terms: [KING], weights: russian }), /the weights are for flying-kings-8x8, not for english's short-kings-8x8/);
});
