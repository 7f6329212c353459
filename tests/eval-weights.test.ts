// The learned evaluation: weight files are checked before they reach the core, the pattern
// evaluation is colour-symmetric whatever its weights, the core's window indices agree with a
// slow reference computed from the board's drawing, and the package's files load.

import { test } from "node:test";
import assert from "node:assert/strict";
import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "../bindings/core/contract.js";
import { RawBoard } from "../bindings/core/raw.js";
import { createEngineSync } from "../bindings/core/loader.js";
import { Position } from "../bindings/core/position.js";
import { VariantName, variantInfo } from "../bindings/core/variant.js";
import { ARRANGEMENTS, FAMILY_NAMES, HAND_TERMS, WeightsError, encodeWeights, familyOf, parseWeights, weightsFileBytes, windowsOf } from "../bindings/eval/weights.js";
import { SHIPPED_FAMILIES, shippedBytes } from "../bindings/eval/shipped.js";
import { toCore } from "../bindings/core/position.js";
import { boardLayout } from "../bindings/ui/board.js";
import { Searcher } from "../bindings/search/searcher.js";
import { Rng } from "./fuzz/prng.js";
import { randomPosition } from "./fuzz/positions.js";

const VARIANTS: readonly VariantName[] = ["english", "russian", "international"];

function randomWeights(rng: Rng, family: number) {
  const patterns = new Int16Array(2 * windowsOf(family) * ARRANGEMENTS);
  for (let i = 0; i < patterns.length; i++) patterns[i] = rng.int(4001) - 2000;
  return { family, hand: Int16Array.from(createEngineSync().handTerms(family)), patterns };
}

function randomBoards(variant: VariantName, count: number, seed: number): RawBoard[] {
  const rng = new Rng(seed, `eval-${variant}`);
  const boards: RawBoard[] = [];
  while (boards.length < count) boards.push(toCore(Position.fromFen(variant, randomPosition(rng, variant).fen)).board);
  return boards;
}

/** The board turned half a turn with the colours swapped: in row-by-row numbering square s goes to n + 1 - s. */
function colourFlipped(board: RawBoard): RawBoard {
  const n = board.squares.length - 1;
  const swap: Record<number, number> = { 0: 0, [PIECE_WHITE_MAN]: PIECE_BLACK_MAN, [PIECE_BLACK_MAN]: PIECE_WHITE_MAN, [PIECE_WHITE_KING]: PIECE_BLACK_KING, [PIECE_BLACK_KING]: PIECE_WHITE_KING };
  const squares = new Uint8Array(n + 1);
  for (let s = 1; s <= n; s++) squares[n + 1 - s] = swap[board.squares[s]!]!;
  return { whiteToMove: !board.whiteToMove, squares };
}

test("a weight file round-trips, and every damaged one is refused by name", () => {
  const rng = new Rng(1, "weights-file");
  const weights = randomWeights(rng, 1);
  const bytes = encodeWeights(weights);
  // 20 header bytes, 32 terms of 2 bytes, 9 windows of 6561 arrangements of two int16.
  assert.equal(bytes.length, 20 + 64 + 9 * 6561 * 4);
  assert.equal(weightsFileBytes(9), bytes.length);
  const back = parseWeights(bytes);
  assert.equal(back.family, 1);
  assert.equal(back.windows, 9);
  assert.deepEqual(Array.from(back.patterns.subarray(0, 50)), Array.from(weights.patterns.subarray(0, 50)));
  assert.deepEqual(Array.from(back.hand), Array.from(weights.hand));

  const damaged = (change: (b: Uint8Array) => Uint8Array, message: RegExp) => {
    const copy = change(bytes.slice());
    assert.throws(() => parseWeights(copy), (e: unknown) => e instanceof WeightsError && message.test(e.message));
  };
  damaged((b) => b.subarray(0, b.length - 1), /truncated/);
  damaged((b) => b.subarray(0, 100), /truncated/);
  damaged((b) => b.subarray(0, 10), /header/);
  damaged((b) => { b[30_000] ^= 0x40; return b; }, /corrupt/);
  damaged((b) => { b[0] = 0x7b; return b; }, /not a weight file/);
  damaged((b) => { b[4] = 9; return b; }, /version 9/);
  damaged((b) => { b[6] = FAMILY_NAMES.length; return b; }, new RegExp(`family ${FAMILY_NAMES.length}`));
  damaged((b) => { b[8] = 8; return b; }, /shape/);
  const longer = new Uint8Array(bytes.length + 2);
  longer.set(bytes);
  assert.throws(() => parseWeights(longer), /must be/);
});

test("a 10×10 file has sixteen windows, and the core refuses an earlier nine-window one by name", () => {
  const ten = FAMILY_NAMES.indexOf("ten-by-ten");
  const weights = randomWeights(new Rng(4, "sixteen"), ten);
  const bytes = encodeWeights(weights);
  assert.equal(bytes.length, 20 + 64 + 16 * 6561 * 4);
  const back = parseWeights(bytes);
  assert.equal(back.windows, 16);
  assert.deepEqual(Array.from(back.patterns.subarray(-50)), Array.from(weights.patterns.subarray(-50)));
  // The header's windows field: 16 on 10×10, 9 on 8×8; an 8×8 file of 16 windows is no shape
  // the library knows.
  assert.equal(new DataView(bytes.buffer).getUint16(8, true), 16);
  const eight = encodeWeights(randomWeights(new Rng(5, "eight"), 0));
  const eightOfSixteen = bytes.slice();
  eightOfSixteen[6] = 0;
  assert.throws(() => parseWeights(eightOfSixteen), (e: unknown) => e instanceof WeightsError && /shape 16 windows/.test(e.message));
  // A 10×10 file of nine windows (three rows and columns apart, before 2026-12-02): the family
  // field is in the header, outside the checksum, so an 8×8 file relabelled is one. It reads
  // (an older core plays it), but this core reads sixteen windows and refuses it, unchanged.
  const nine = eight.slice();
  nine[6] = ten;
  assert.equal(parseWeights(nine).windows, 9);
  const engine = createEngineSync();
  const board = randomBoards("international", 1, 6)[0]!;
  const id = variantInfo("international").id;
  const before = engine.evaluate(id, board);
  assert.throws(() => engine.loadWeights(nine), (e: unknown) => e instanceof WeightsError && /reads 16 pattern windows of ten-by-ten, the file has 9/.test(e.message));
  assert.equal(engine.usesPatterns(ten), false);
  assert.equal(engine.evaluate(id, board), before);
  assert.equal(engine.loadWeights(bytes), ten);
  assert.equal(engine.usesPatterns(ten), true);
});

test("a refused file leaves the engine as it was", () => {
  const engine = createEngineSync();
  const board = randomBoards("english", 1, 5)[0]!;
  const before = engine.evaluate(0, board);
  const bytes = encodeWeights(randomWeights(new Rng(2, "refused"), 0));
  bytes[bytes.length - 5] ^= 1;
  assert.throws(() => engine.loadWeights(bytes), WeightsError);
  assert.equal(engine.evaluate(0, board), before);
  assert.equal(engine.usesPatterns(0), false);
});

for (const variant of VARIANTS) {
  test(`${variant}: a position and its colour-flipped mirror evaluate the same for the side to move, whatever the weights`, () => {
    const id = variantInfo(variant).id;
    const family = familyOf(variant);
    const engine = createEngineSync();
    engine.loadWeights(encodeWeights(randomWeights(new Rng(3, variant), family)));
    let nonZero = 0;
    for (const board of randomBoards(variant, 300, 11)) {
      const score = engine.evaluate(id, board);
      assert.equal(engine.evaluate(id, colourFlipped(board)), score);
      if (score !== 0) nonZero++;
    }
    assert.ok(nonZero > 200, "the positions are not all drawn by rule");
    // The patterns matter: the same positions evaluate differently without them.
    const hand = createEngineSync();
    const differ = randomBoards(variant, 50, 11).filter((b) => hand.evaluate(id, b) !== engine.evaluate(id, b)).length;
    assert.ok(differ > 25, `patterns changed ${differ} of 50 evaluations`);
  });

  test(`${variant}: every window's index agrees with a slow reference read from the board's drawing`, () => {
    const id = variantInfo(variant).id;
    const layout = boardLayout(variant);
    const n = layout.size;
    // Windows every second row and column: 3 × 3 on 8×8, 4 × 4 on 10×10.
    const across = (n - 4) / 2 + 1;
    const engine = createEngineSync();
    for (const board of randomBoards(variant, 200, 17)) {
      const features = engine.evalFeatures(id, board);
      // 8×8: then the kings' windows' states (tests/eval-king-windows.test.ts).
      assert.equal(features.length, 4 + 2 * across * across * (n === 8 ? 2 : 1));
      for (let w = 0; w < across * across; w++) {
        for (const view of [0, 1]) {
          let top = Math.floor(w / across) * 2;
          let left = (w % across) * 2;
          if (view === 1) [top, left] = [n - 4 - top, n - 4 - left];
          const inside = layout.squares.filter((q) => q.row >= top && q.row < top + 4 && q.column >= left && q.column < left + 4);
          assert.equal(inside.length, 8);
          // White reads the window top row first, left to right; Black reads it from the other side.
          inside.sort((a, b) => a.row - b.row || a.column - b.column);
          if (view === 1) inside.reverse();
          const own = view === 0 ? PIECE_WHITE_MAN : PIECE_BLACK_MAN;
          const enemy = view === 0 ? PIECE_BLACK_MAN : PIECE_WHITE_MAN;
          let index = 0;
          for (let j = 7; j >= 0; j--) {
            const piece = board.squares[inside[j]!.square];
            index = index * 3 + (piece === own ? 1 : piece === enemy ? 2 : 0);
          }
          assert.equal(features[4 + 2 * w + view], index, `${variant} window ${w} view ${view}`);
        }
      }
    }
  });
}

test("the package's weight files load, one per family it ships, and a search uses them", () => {
  // Every family ships a file: each beat the hand-written evaluation in a match.
  assert.deepEqual(SHIPPED_FAMILIES, [0, 1, 2, 3, 4, 5, 6, 7]);
  for (const family of SHIPPED_FAMILIES) {
    const bytes = shippedBytes(family);
    assert.ok(bytes !== undefined, `${FAMILY_NAMES[family]} is shipped`);
    const weights = parseWeights(bytes);
    assert.equal(weights.family, family);
    assert.equal(weights.hand.length, HAND_TERMS);
    // A board family's file carries fitted patterns; the others' hold fitted terms only.
    if (family < 3) assert.ok(weights.patterns.some((x) => x !== 0), "the patterns were fitted");
    else assert.notDeepEqual([...weights.hand], [...createEngineSync().handTerms(family)], "the terms were fitted");
  }
  for (const variant of VARIANTS) {
    const engine = createEngineSync();
    const searcher = new Searcher({ engine });
    searcher.search(Position.initial(variant), { depth: 2 });
    assert.equal(engine.usesPatterns(familyOf(variant)), true);
    const hand = createEngineSync();
    new Searcher({ engine: hand, weights: "hand" }).search(Position.initial(variant), { depth: 2 });
    assert.equal(hand.usesPatterns(familyOf(variant)), false);
  }
  // Antidraughts' file of terms only: a search loads it, and plays with its terms.
  const engine = createEngineSync();
  new Searcher({ engine }).search(Position.initial("antidraughts"), { depth: 2 });
  assert.equal(engine.usesLoadedWeights(familyOf("antidraughts")), true);
  assert.deepEqual([...engine.handTerms(familyOf("antidraughts"))], [...parseWeights(shippedBytes(familyOf("antidraughts"))!).hand]);
  // Frisian's: its terms, and 10×10's patterns beside them.
  const frisian = createEngineSync();
  new Searcher({ engine: frisian, variants: ["frisian"] }).search(Position.initial("frisian"), { depth: 2 });
  assert.deepEqual([...frisian.handTerms(familyOf("frisian"))], [...parseWeights(shippedBytes(familyOf("frisian"))!).hand]);
  assert.equal(frisian.usesPatterns(familyOf("international")), true);
  assert.throws(() => new Searcher({ weights: new Uint8Array(8) }), WeightsError);
});
