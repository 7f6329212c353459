// The evaluations of terms only (turkish, canadian, antidraughts, breakthrough: assembly/eval/
// hand.ts, game-end.ts) and frisian's terms read a weight family of their own, so
// a file of fitted terms changes them. Each case moves one term by a known amount and checks that
// the score of a position reasoned by hand moves by that amount times what the term counts
// there, from the side to move (White in every case).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEngineSync } from "../bindings/core/loader.js";
import { Position, toCore } from "../bindings/core/position.js";
import { VariantName, variantInfo } from "../bindings/core/variant.js";
import { EvalWeights, FAMILY_NAMES, HAND_TERMS, WeightsError, encodeWeights, familyOf, parseWeights } from "../bindings/eval/weights.js";
import { Searcher } from "../bindings/search/searcher.js";
import { SHIPPED_FAMILIES, shippedWeights } from "../bindings/eval/shipped.js";
import { train } from "../tools/train/train.js";

/** Term indices (assembly/eval/weights.ts). */
const KING = 0;
const ADVANCE = 1;
const RUNAWAY = 15;
const RUNAWAY_STEP = 16;

/** The hand-written terms of `variant`'s family with `term` moved by `by`, as a file of terms only. */
function moved(variant: VariantName, term: number, by: number): EvalWeights {
  const family = familyOf(variant);
  const hand = Int16Array.from(createEngineSync().handTerms(family));
  hand[term]! += by;
  return { family, windows: 0, hand, patterns: new Int16Array(0) };
}

/** How much the score of `fen` moves when `term` moves by `by`. */
function change(variant: VariantName, fen: string, term: number, by: number): number {
  const info = variantInfo(variant);
  const board = toCore(Position.fromFen(variant, fen)).board;
  const hand = createEngineSync();
  const fitted = createEngineSync();
  fitted.loadWeights(moved(variant, term, by));
  return fitted.evaluate(info.id, board, info.ending) - hand.evaluate(info.id, board, info.ending);
}

describe("turkish (squares a1 … h8, White crowns on the 8th rank)", () => {
  // White: a king on h1 and a man on a3 (its third rank: two rows come); Black: men on a6 and h6
  // (their third rank too). Black has no king, White has one: only White's runaways count.
  const fen = "W:WKh1,a3:Ba6,h6";
  test("the king's value counts White's one king more", () => assert.equal(change("turkish", fen, KING, 200), 200));
  test("a row's advancement counts the men of both sides on it", () => assert.equal(change("turkish", fen, ADVANCE + 2, 50), 50 * (1 - 2)));
});

describe("canadian (square = 6 × row + ⌊column / 2⌋ + 1, row 0 at the top)", () => {
  // White: a king on 70 (row 11) and a man on 40 (row 6: five rows come from row 11); Black: men
  // on 5 and 6 (row 0, their own back row, which the advancement leaves out).
  const fen = "W:WK70,40:B5,6";
  test("the king's value counts White's one king more", () => assert.equal(change("canadian", fen, KING, 200), 200));
  test("a row's advancement counts White's man five rows up", () => assert.equal(change("canadian", fen, ADVANCE + 5, 30), 30));
});

describe("antidraughts: a king costs more to give away", () => {
  // White has a king and a man to lose, Black two men: the king's burden counts against White.
  test("the king's burden counts against its side", () => assert.equal(change("antidraughts", "W:WK46,33:B22,18", KING, 50), -50));
});

describe("breakthrough (international squares: row r from the top holds 5r+1 … 5r+5)", () => {
  // White's man on 28 (row 5) has come four rows from row 9; Black's on 13 (row 2) two from row 0.
  test("a row's advancement counts White's man four rows up", () => assert.equal(change("breakthrough", "W:W28:B13", ADVANCE + 4, 40), 40));
  // Both men one row from crowning, nothing in front of either: White moves first and wins the
  // race, worth RUNAWAY less one RUNAWAY_STEP.
  test("the race a runaway wins is worth RUNAWAY less a step a row", () => {
    assert.equal(change("breakthrough", "W:W6:B45", RUNAWAY, 100), 100);
    assert.equal(change("breakthrough", "W:W6:B45", RUNAWAY_STEP, 10), -10);
  });
});

describe("frisian: terms of its own, 10×10's patterns", () => {
  // White: a king on 46 and men on 33 and 38; Black: men on 12 and 19. No lone king, no runaway
  // (the men of both sides still have enemies in front of them).
  const fen = "W:WK46,33,38:B12,19";
  // White is a king ahead (material 100 × 0 + king): the king's value counts once, and again in
  // the trade term, material × TRADE / (100 × the 5 pieces), which pays the side ahead to trade.
  const trade = createEngineSync().handTerms(familyOf("frisian"))[17]!;
  const king = createEngineSync().handTerms(familyOf("frisian"))[KING]!;
  const expected = 200 + Math.trunc(((king + 200) * trade) / 500) - Math.trunc((king * trade) / 500);
  test("the king's value counts White's one king more, and in the trade term", () => assert.equal(change("frisian", fen, KING, 200), expected));
  test("frysk reads the same family", () => assert.equal(change("frysk", fen, KING, 200), expected));
  test("a 10×10 file's terms leave frisian as it was", () => {
    const info = variantInfo("frisian");
    const board = toCore(Position.fromFen("frisian", fen)).board;
    const engine = createEngineSync();
    const before = engine.evaluate(info.id, board);
    engine.loadWeights(moved("international", KING, 200) as EvalWeights);
    assert.equal(engine.evaluate(info.id, board), before);
    assert.notEqual(engine.evaluate(variantInfo("international").id, toCore(Position.fromFen("international", fen)).board), before);
  });
  test("with the package's 10×10 patterns, frisian scores a position of men as international does", () => {
    // The terms are the same hand-set values and frisian reads 10×10's patterns: any difference
    // would be patterns frisian does not read. The men-only positions below have no lone king.
    const engine = createEngineSync();
    engine.loadWeights(shippedWeights(FAMILY_NAMES.indexOf("ten-by-ten"))!);
    const hand = createEngineSync();
    let differs = 0;
    for (const f of ["W:W31-50:B1-20", "B:W28,31-36,38-50:B1-17,19,20,24", "W:W27,28,32,33,37,38,41,46:B12,13,16,17,19,23,24"]) {
      const score = (v: VariantName, e: typeof engine) => e.evaluate(variantInfo(v).id, toCore(Position.fromFen(v, f)).board);
      assert.equal(score("frisian", engine), score("international", engine), f);
      if (score("frisian", engine) !== score("frisian", hand)) differs++;
    }
    assert.ok(differs > 0, "the patterns move some score");
  });
  test("a searcher set up for frisian alone loads 10×10's patterns too", () => {
    const status = new Searcher({ variants: ["frisian"] }).status();
    assert.equal(status.evaluation["ten-by-ten"], "learned");
    assert.equal(status.evaluation["frisian"], SHIPPED_FAMILIES.includes(FAMILY_NAMES.indexOf("frisian")) ? "learned" : "hand");
  });
});

describe("files of terms only", () => {
  test("a file of terms only is a header and 32 terms, and reads back as written", () => {
    const weights = moved("turkish", KING, 20);
    const bytes = encodeWeights(weights);
    assert.equal(bytes.length, 20 + 2 * HAND_TERMS);
    const read = parseWeights(bytes);
    assert.equal(FAMILY_NAMES[read.family], "turkish");
    assert.deepEqual([...read.hand], [...weights.hand]);
    assert.equal(read.patterns.length, 0);
  });

  test("a file that gives a family of terms only the board families' windows is refused, by shape", () => {
    // An 8×8 file (nine windows) relabelled: the family sits outside the checksum.
    const bytes = encodeWeights({ family: 0, hand: new Int16Array(HAND_TERMS), patterns: new Int16Array(2 * 9 * 6561) });
    new DataView(bytes.buffer).setUint16(6, familyOf("breakthrough"), true);
    assert.throws(() => parseWeights(bytes), (e: unknown) => e instanceof WeightsError && /9 windows × 6561 arrangements and 32 terms; breakthrough uses 0 × 0 and 32/.test(e.message));
    assert.throws(() => encodeWeights({ ...moved("canadian", KING, 0), patterns: new Int16Array(4) }), /canadian weights must have 32 terms and 0 pattern weights \(0 windows\), not 32 and 4/);
  });

  test("a searcher with a file of fitted terms says so, and plays with them", () => {
    const searcher = new Searcher({ variants: ["turkish"], weights: encodeWeights(moved("turkish", KING, 20)) });
    assert.equal(searcher.status().evaluation.turkish, "learned");
    assert.equal(searcher.status().evaluation.canadian, "hand");
    const start = Position.initial("turkish");
    const result = searcher.search(start, { depth: 4 });
    assert.ok(start.legalMoves().some((m) => m.notation === result.bestmove));
  });

  test("training refuses a family with no patterns, and names the command that fits its terms", () => {
    assert.throws(() => train({ variant: "antidraughts", files: [] }), /antidraughts's evaluation has no patterns to fit: npm run tune fits its terms/);
  });

  test("self-play and the tuner give turkish a file of fitted terms that loads", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-terms-"));
    try {
      const records = join(dir, "r.bin");
      const out = join(dir, "t.bdw");
      const run = (script: string, args: string[]) => spawnSync(process.execPath, [fileURLToPath(new URL(`../tools/train/${script}.js`, import.meta.url)), ...args], { encoding: "utf8" });
      const played = run("selfplay", ["--variant", "turkish", "--games", "6", "--seed", "3", "--depth", "2", "--out", records]);
      assert.equal(played.status, 0, played.stderr);
      const tuned = run("tune", ["--variant", "turkish", "--data", records, "--sweeps", "1", "--out", out]);
      assert.equal(tuned.status, 0, tuned.stderr);
      const file = parseWeights(readFileSync(out));
      assert.equal(FAMILY_NAMES[file.family], "turkish");
      assert.equal(file.patterns.length, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
