// The training pipeline end to end on a small budget: self-play writes a reproducible record
// file (in chunks, one per seed, resumable), training fits a weight file from it, and that file
// loads and plays.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Position } from "../bindings/core/position.js";
import { variantInfo } from "../bindings/core/variant.js";
import { boardLayout } from "../bindings/ui/board.js";
import { parseWeights } from "../bindings/eval/weights.js";
import { Searcher } from "../bindings/search/searcher.js";
import { HEADER_BYTES, PositionRecord, RECORD_BYTES, decodeRecord, encodeRecord, fileHeader, playableSquares, readRecords, recordLayout } from "../tools/train/records.js";
import { distinctRecords, train, windowShapes } from "../tools/train/train.js";
import { randomSource } from "../tools/match/player.js";

const SELFPLAY = fileURLToPath(new URL("../tools/train/selfplay.js", import.meta.url));
const TRAIN = fileURLToPath(new URL("../tools/train/train.js", import.meta.url));

function run(script: string, args: string[]): { code: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
  return { code: result.status, stderr: result.stderr };
}

test("self-play and training run end to end and give a loadable weight file", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-train-"));
  try {
    const a = join(dir, "a.bin");
    const b = join(dir, "b.bin");
    for (const out of [a, b]) {
      const played = run(SELFPLAY, ["--variant", "english", "--games", "4", "--seed", "7", "--depth", "3", "--out", out]);
      assert.equal(played.code, 0, played.stderr);
    }
    // The same seed writes the same file.
    assert.deepEqual(readFileSync(a), readFileSync(b));
    const { count, view } = readRecords(a, 0);
    assert.ok(count >= 100, `${count} positions from four games`);
    assert.equal(readFileSync(a).length, HEADER_BYTES + count * RECORD_BYTES);
    // Results are those of finished games: one value per game, White's win, draw or loss.
    for (let i = 0; i < count; i++) assert.ok([-1, 0, 1].includes(view.getInt8(i * RECORD_BYTES + 25)));

    const weights = join(dir, "w.bdw");
    const trained = run(TRAIN, ["--variant", "english", "--data", a, "--epochs", "5", "--out", weights]);
    assert.equal(trained.code, 0, trained.stderr);
    assert.match(trained.stderr, /validation loss/);
    const file = parseWeights(readFileSync(weights));
    assert.equal(file.family, 0);
    const result = new Searcher({ weights: readFileSync(weights) }).search(Position.initial("english"), { depth: 4 });
    assert.ok(Position.initial("english").legalMoves().some((m) => m.notation === result.bestmove));
    // The next round of self-play plays with the new file.
    const next = run(SELFPLAY, ["--variant", "english", "--games", "1", "--seed", "7", "--depth", "3", "--weights", weights, "--out", join(dir, "c.bin")]);
    assert.equal(next.code, 0, next.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("training refuses a record file of another variant, by name", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-train-"));
  try {
    const records = join(dir, "r.bin");
    assert.equal(run(SELFPLAY, ["--variant", "russian", "--games", "1", "--seed", "1", "--depth", "2", "--out", records]).code, 0);
    const trained = run(TRAIN, ["--variant", "english", "--data", records, "--out", join(dir, "w.bdw")]);
    assert.equal(trained.code, 1);
    assert.match(trained.stderr, /r\.bin: holds variant id 4, not 0/);
    const bad = run(SELFPLAY, ["--variant", "chess", "--games", "1", "--seed", "1"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--variant must be one of/);
    // A weight file of another board family is refused by name, not ignored.
    const flying = fileURLToPath(new URL("../bindings/weights/flying-kings-8x8.bdw", import.meta.url));
    const family = run(SELFPLAY, ["--variant", "english", "--games", "1", "--seed", "1", "--weights", flying]);
    assert.equal(family.code, 2);
    assert.match(family.stderr, /the weights are for flying-kings-8x8, not for english's short-kings-8x8/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("canadian's 72 squares are written as version 2 and read back; a narrow record refuses them", () => {
  assert.equal(playableSquares("canadian"), 72);
  assert.equal(playableSquares("turkish"), 64);
  const wide = recordLayout(playableSquares("canadian"));
  assert.deepEqual([wide.version, wide.bytes], [2, 56]);
  assert.equal(recordLayout(64).bytes, RECORD_BYTES);
  // Squares on every one of the four words: 1, 33, 65 and the last, 72.
  const record: PositionRecord = { white: [1, 33, 72], black: [40, 65], kings: [72, 65], whiteToMove: false, result: -1, score: -250, ply: 77 };
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-records-"));
  try {
    const file = join(dir, "c.bin");
    writeFileSync(file, Buffer.concat([fileHeader(variantInfo("canadian").id, wide), encodeRecord(record, wide), encodeRecord({ ...record, ply: 78 }, wide)]));
    const read = readRecords(file, variantInfo("canadian").id);
    assert.deepEqual([read.count, read.layout.version], [2, 2]);
    assert.deepEqual(decodeRecord(read.view, 0, read.layout), { ...record, kings: [65, 72] });
    assert.equal(decodeRecord(read.view, wide.bytes, read.layout).ply, 78);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.throws(() => encodeRecord(record), /square 72 does not fit a record of 64 squares/);
});

test("training counts a repeated position once and holds out whole games", () => {
  // Two games of three positions; the second game passes through the first one's second position.
  const at = (ply: number, white: number[], black: number[], result: number, score: number): PositionRecord =>
    ({ white, black, kings: [], whiteToMove: ply % 2 === 0, result, score, ply });
  const shared = at(5, [22, 23], [9, 10], 1, 40);
  const games = [
    [at(4, [21, 23], [9, 10], 1, 20), shared, at(6, [22, 23], [9, 14], 1, 60)],
    [at(4, [21, 22], [9, 10], -1, -20), { ...shared, result: -1, score: -20 }, at(6, [22, 23], [10, 14], -1, -80)],
  ];
  const bytes = Buffer.concat(games.flat().map((r) => encodeRecord(r)));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const { positions, read } = distinctRecords([{ view, count: 6, layout: recordLayout(32) }], 0.5, randomSource(3));
  assert.equal(read, 6);
  assert.equal(positions.length, 5);
  const merged = positions.find((p) => p.times === 2)!;
  assert.deepEqual([merged.results / merged.times, merged.scores / merged.times], [0, 10]);
  // One game of the two is held out, and only its own two positions: the shared one is also
  // played in the game that is fitted.
  assert.equal(merged.held, false);
  const held = positions.filter((p) => p.held);
  assert.equal(held.length, 2);
  assert.equal(new Set(held.map((p) => p.record.result)).size, 1);
});

test("windows tied together have their dark squares in the same places", () => {
  for (const variant of ["english", "international"] as const) {
    const layout = boardLayout(variant);
    // Windows every second row and column: 3 × 3 on 8×8, 4 × 4 on 10×10.
    const across = (layout.size - 4) / 2 + 1;
    const shapes = windowShapes(variant);
    assert.equal(shapes.length, across * across);
    // Each window's dark squares as (row, column) from its top left corner, read from the board's drawing.
    const drawn = Array.from({ length: across * across }, (_, w) => {
      const top = Math.floor(w / across) * 2;
      const left = (w % across) * 2;
      return layout.squares.filter((q) => q.row >= top && q.row < top + 4 && q.column >= left && q.column < left + 4)
        .map((q) => `${q.row - top},${q.column - left}`).sort().join(" ");
    });
    for (let a = 0; a < shapes.length; a++) {
      for (let b = 0; b < shapes.length; b++) assert.equal(shapes[a] === shapes[b], drawn[a] === drawn[b], `${variant} windows ${a} and ${b}`);
    }
  }
  // Windows an even number of columns apart have their dark squares in the same columns: one shape.
  assert.deepEqual([...windowShapes("international")], new Array(16).fill(0));
  assert.deepEqual([...windowShapes("english")], new Array(9).fill(0));
});

test("a step that makes the fit's loss rise is taken back and halved, so the fit cannot diverge", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-train-"));
  try {
    const records = join(dir, "r.bin");
    assert.equal(run(SELFPLAY, ["--variant", "english", "--games", "20", "--seed", "7", "--depth", "3", "--out", records]).code, 0);
    // Whole diagonal Newton steps with a weak prior overshoot: the nine windows of a position all
    // move by its whole error at once, so the first step alone raises the fit's loss.
    const lines: string[] = [];
    const result = train({ variant: "english", files: [records], epochs: 20, prior: 10, step: 1, log: (line) => lines.push(line) });
    assert.ok(result.halvings >= 1, lines.join("\n"));
    assert.ok(lines.some((line) => /the fit's loss rose .*; step halved to 0\.5$/.test(line)), lines.join("\n"));
    // Every step kept lowered the fit's loss, and the fit ends below where it started.
    const losses = result.fitLosses;
    for (let i = 1; i < losses.length; i++) assert.ok(losses[i]! <= losses[i - 1]!, `step ${i}: ${losses[i - 1]} to ${losses[i]}`);
    assert.ok(losses.at(-1)! < losses[0]!);
    assert.equal(losses.length + result.halvings, 20);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("self-play in chunks: one file per seed, written whole, and a second run plays only what is missing", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-chunks-"));
  try {
    const args = ["--variant", "english", "--games", "2", "--depth", "2", "--seeds", "3-4,6", "--jobs", "2", "--dir", dir];
    const first = run(SELFPLAY, args);
    assert.equal(first.code, 0, first.stderr);
    const names = ["english-d2-s3.bin", "english-d2-s4.bin", "english-d2-s6.bin"];
    assert.deepEqual(readdirSync(dir).sort(), names);
    // A chunk is the single-seed run of its seed, byte for byte.
    const single = join(dir, "single.bin");
    assert.equal(run(SELFPLAY, ["--variant", "english", "--games", "2", "--depth", "2", "--seed", "4", "--out", single]).code, 0);
    assert.deepEqual(readFileSync(single), readFileSync(join(dir, names[1]!)));
    rmSync(single);
    // One chunk lost (and a cut one left as .part): the same command plays that seed alone.
    rmSync(join(dir, names[2]!));
    writeFileSync(join(dir, `${names[2]}.part`), new Uint8Array(5));
    const again = run(SELFPLAY, args);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /3 chunks, 2 already in .*, 1 to play/);
    assert.deepEqual(readdirSync(dir).sort(), names);
    assert.equal(run(SELFPLAY, [...args, "--seed", "1"]).code, 2);
    assert.match(run(SELFPLAY, ["--variant", "english", "--games", "2", "--seeds", "5-3"]).stderr, /--seeds: the range 5-3 runs backwards/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a fit --from a file starts at its patterns, pulls towards them and keeps its terms", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-train-"));
  try {
    const records = join(dir, "r.bin");
    assert.equal(run(SELFPLAY, ["--variant", "english", "--games", "20", "--seed", "7", "--depth", "3", "--out", records]).code, 0);
    const shipped = parseWeights(readFileSync(fileURLToPath(new URL("../bindings/weights/short-kings-8x8.bdw", import.meta.url))));
    assert.ok(shipped.patterns.some((w) => w !== 0), "the shipped file has patterns to start from");
    // A start whose king is worth other than the core's own, to see whose terms the fit keeps.
    const hand = shipped.hand.slice();
    hand[0] = hand[0]! + 37;
    const start = { ...shipped, hand };
    // A prior of a billion positions holds every weight where it starts: from zero the fit
    // stays at zero, from the file it stays at the file's weights.
    const held = train({ variant: "english", files: [records], epochs: 5, prior: 1e9, from: start });
    const heldFile = parseWeights(held.file);
    assert.deepEqual([...heldFile.patterns], [...shipped.patterns]);
    assert.deepEqual([...heldFile.hand], [...hand]);
    const zero = parseWeights(train({ variant: "english", files: [records], epochs: 5, prior: 1e9 }).file);
    assert.ok(zero.patterns.every((w) => w === 0));
    assert.notDeepEqual([...zero.hand], [...hand]);
    // With an ordinary prior the fit moves, but less far from the start than a fit from zero lies.
    const moved = parseWeights(train({ variant: "english", files: [records], epochs: 10, prior: 30, from: start }).file);
    const fromZero = parseWeights(train({ variant: "english", files: [records], epochs: 10, prior: 30 }).file);
    const distance = (a: Int16Array): number => a.reduce((sum, w, i) => sum + (w - shipped.patterns[i]!) ** 2, 0);
    assert.ok(distance(moved.patterns) > 0);
    assert.ok(distance(moved.patterns) < distance(fromZero.patterns));
    // Another family's file, or a tied fit, is refused by name.
    const flying = parseWeights(readFileSync(fileURLToPath(new URL("../bindings/weights/flying-kings-8x8.bdw", import.meta.url))));
    assert.throws(() => train({ variant: "english", files: [records], epochs: 1, from: flying }), /the weights are for flying-kings-8x8, not for english's short-kings-8x8/);
    assert.throws(() => train({ variant: "english", files: [records], epochs: 1, from: start, tie: 30 }), /--from and --tie do not go together/);
    const cli = run(TRAIN, ["--variant", "english", "--data", records, "--from", records, "--out", join(dir, "w.bdw")]);
    assert.equal(cli.code, 1);
    assert.match(cli.stderr, /not a weight file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a fit --kings fits the kings' windows beside the patterns: states with no king stay 0, and the file loads", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-train-"));
  try {
    const records = join(dir, "r.bin");
    assert.equal(run(SELFPLAY, ["--variant", "english", "--games", "20", "--seed", "7", "--depth", "3", "--out", records]).code, 0);
    const withKings = train({ variant: "english", files: [records], epochs: 10, prior: 30, kings: true });
    const file = parseWeights(withKings.file);
    assert.ok(file.kings !== undefined, "the file has kings' windows");
    // Per window 144 states; the first 16 have no king in the window and weigh 0.
    for (let w = 0; w < 9; w++) {
      for (let state = 0; state < 16; state++) assert.equal(file.kings[2 * (w * 144 + state)], 0);
    }
    assert.ok(file.kings.some((x) => x !== 0), "twenty games reach kings, and their windows were fitted");
    // The men patterns' fit with the kings beside them is another fit than without, both loadable.
    const menOnly = parseWeights(train({ variant: "english", files: [records], epochs: 10, prior: 30 }).file);
    assert.equal(menOnly.kings, undefined);
    const result = new Searcher({ weights: withKings.file }).search(Position.initial("english"), { depth: 4 });
    assert.ok(Position.initial("english").legalMoves().some((m) => m.notation === result.bestmove));
    assert.throws(() => train({ variant: "english", files: [records], epochs: 1, kings: true, tie: 30 }), /--kings and --tie do not go together/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
