// Kings in the 8×8 pattern windows (assembly/eval/king-windows.ts): the weight file's version 2
// round-trips and a damaged one is refused by name, version 1 files read and write as before,
// the core's king states agree with a reference read from the board's drawing, the evaluation
// stays colour-symmetric with kings on the board, and a king in a window moves the score by
// the weight the file gives its state.

import { test } from "node:test";
import assert from "node:assert/strict";
import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "../bindings/core/contract.js";
import { RawBoard } from "../bindings/core/raw.js";
import { createEngineSync } from "../bindings/core/loader.js";
import { Position, toCore } from "../bindings/core/position.js";
import { VariantName, variantInfo } from "../bindings/core/variant.js";
import {
  ARRANGEMENTS, FAMILY_NAMES, KING_STATES, WeightsError, encodeWeights, familyOf, parseWeights, weightsFileBytes,
} from "../bindings/eval/weights.js";
import { shippedBytes } from "../bindings/eval/shipped.js";
import { boardLayout } from "../bindings/ui/board.js";
import { Rng } from "./fuzz/prng.js";
import { randomPosition } from "./fuzz/positions.js";

const WINDOWS = 9;

function weightsWithKings(rng: Rng, family: number, kingRange = 4001) {
  const patterns = new Int16Array(2 * WINDOWS * ARRANGEMENTS);
  for (let i = 0; i < patterns.length; i++) patterns[i] = rng.int(4001) - 2000;
  const kings = new Int16Array(2 * WINDOWS * KING_STATES);
  for (let i = 0; i < kings.length; i++) kings[i] = rng.int(kingRange) - (kingRange >> 1);
  return { family, hand: Int16Array.from(createEngineSync().handTerms(family)), patterns, kings };
}

/** Random positions with at least one king on the board. */
function boardsWithKings(variant: VariantName, count: number, seed: number): RawBoard[] {
  const rng = new Rng(seed, `kings-${variant}`);
  const boards: RawBoard[] = [];
  while (boards.length < count) {
    const board = toCore(Position.fromFen(variant, randomPosition(rng, variant).fen)).board;
    if (board.squares.some((p) => p === PIECE_WHITE_KING || p === PIECE_BLACK_KING)) boards.push(board);
  }
  return boards;
}

/** The board turned half a turn with the colours swapped: square s goes to 33 - s. */
function colourFlipped(board: RawBoard): RawBoard {
  const swap: Record<number, number> = { 0: 0, [PIECE_WHITE_MAN]: PIECE_BLACK_MAN, [PIECE_BLACK_MAN]: PIECE_WHITE_MAN, [PIECE_WHITE_KING]: PIECE_BLACK_KING, [PIECE_BLACK_KING]: PIECE_WHITE_KING };
  const squares = new Uint8Array(33);
  for (let s = 1; s <= 32; s++) squares[33 - s] = swap[board.squares[s]!]!;
  return { whiteToMove: !board.whiteToMove, squares };
}

test("a version 2 weight file (kings' windows) round-trips, and every damaged one is refused by name", () => {
  const weights = weightsWithKings(new Rng(1, "kings-file"), 0);
  const bytes = encodeWeights(weights);
  // Version 1's bytes, then 9 windows of 144 king states of two int16.
  assert.equal(bytes.length, 20 + 64 + 9 * 6561 * 4 + 9 * 144 * 4);
  assert.equal(weightsFileBytes(9, KING_STATES), bytes.length);
  const view = new DataView(bytes.buffer);
  assert.equal(view.getUint16(4, true), 2);
  assert.equal(view.getUint16(14, true), 144);
  const back = parseWeights(bytes);
  assert.deepEqual(Array.from(back.kings!), Array.from(weights.kings));
  assert.deepEqual(Array.from(back.patterns), Array.from(weights.patterns));
  assert.deepEqual(encodeWeights(back), bytes);

  const damaged = (change: (b: Uint8Array) => Uint8Array, message: RegExp) => {
    const copy = change(bytes.slice());
    assert.throws(() => parseWeights(copy), (e: unknown) => e instanceof WeightsError && message.test(e.message), message.source);
  };
  damaged((b) => b.subarray(0, b.length - 2), /truncated/);
  // A version 1 file's length: the kings' windows cut off.
  damaged((b) => b.subarray(0, weightsFileBytes(9)), /truncated/);
  damaged((b) => { b[b.length - 3] ^= 0x10; return b; }, /corrupt/);
  damaged((b) => { b[14] = 100; return b; }, /version 2 with 100 king states/);
  damaged((b) => { b[4] = 1; return b; }, /version 1 with 144 king states/);
  damaged((b) => { b[4] = 3; return b; }, /version 3/);
  // The 10×10 family has no kings' windows.
  damaged((b) => { b[6] = FAMILY_NAMES.indexOf("ten-by-ten"); return b; }, /for ten-by-ten; version 2 holds 144 a window, for short-kings-8x8 and flying-kings-8x8 only/);
  assert.throws(() => encodeWeights({ ...weights, kings: weights.kings.subarray(2) }), /must have 2592 weights/);
});

test("the package's 8×8 files read and write back byte for byte; a file without kings is version 1", () => {
  for (const family of [0, 1]) {
    const bytes = shippedBytes(family)!;
    const weights = parseWeights(bytes);
    const version = new DataView(bytes.buffer, bytes.byteOffset).getUint16(4, true);
    assert.equal(weights.kings === undefined, version === 1);
    assert.deepEqual(encodeWeights(weights), new Uint8Array(bytes));
  }
  const { kings: _, ...menOnly } = weightsWithKings(new Rng(2, "men-only"), 1);
  const bytes = encodeWeights(menOnly);
  assert.equal(new DataView(bytes.buffer).getUint16(4, true), 1);
  assert.equal(bytes.length, weightsFileBytes(9));
});

for (const variant of ["english", "russian"] as const) {
  const id = variantInfo(variant).id;
  const family = familyOf(variant);

  test(`${variant}: every window's king state agrees with a reference read from the board's drawing`, () => {
    const layout = boardLayout(variant);
    const engine = createEngineSync();
    let withKing = 0;
    for (const board of boardsWithKings(variant, 150, 7)) {
      const features = engine.evalFeatures(id, board);
      assert.equal(features.length, 4 + 4 * WINDOWS);
      for (let w = 0; w < WINDOWS; w++) {
        for (const view of [0, 1]) {
          // Black's view of window w is the window turned half a turn.
          let top = Math.floor(w / 3) * 2;
          let left = (w % 3) * 2;
          if (view === 1) [top, left] = [4 - top, 4 - left];
          const inside = layout.squares.filter((q) => q.row >= top && q.row < top + 4 && q.column >= left && q.column < left + 4);
          const pieces = inside.map((q) => board.squares[q.square]);
          const n = (piece: number) => pieces.filter((p) => p === piece).length;
          const [ownKing, enemyKing, ownMan, enemyMan] = view === 0
            ? [PIECE_WHITE_KING, PIECE_BLACK_KING, PIECE_WHITE_MAN, PIECE_BLACK_MAN]
            : [PIECE_BLACK_KING, PIECE_WHITE_KING, PIECE_BLACK_MAN, PIECE_WHITE_MAN];
          const state = ((Math.min(n(ownKing), 2) * 3 + Math.min(n(enemyKing), 2)) * 4 + Math.min(n(ownMan), 3)) * 4 + Math.min(n(enemyMan), 3);
          if (n(ownKing) + n(enemyKing) > 0) withKing++;
          assert.equal(features[4 + 2 * WINDOWS + 2 * w + view], state, `window ${w} view ${view}`);
        }
      }
    }
    assert.ok(withKing > 300, `${withKing} window views with a king`);
  });

  test(`${variant}: with kings on the board, a position and its colour-flipped mirror evaluate the same for the side to move`, () => {
    const engine = createEngineSync();
    const weights = weightsWithKings(new Rng(3, variant), family);
    engine.loadWeights(encodeWeights(weights));
    const menOnly = createEngineSync();
    menOnly.loadWeights(encodeWeights({ family, hand: weights.hand, patterns: weights.patterns }));
    let differ = 0;
    for (const board of boardsWithKings(variant, 300, 11)) {
      const score = engine.evaluate(id, board);
      assert.equal(engine.evaluate(id, colourFlipped(board)), score);
      if (menOnly.evaluate(id, board) !== score) differ++;
    }
    // The kings' windows count: most of these positions evaluate otherwise without them.
    assert.ok(differ > 200, `the kings' windows changed ${differ} of 300 evaluations`);
  });
}

test("english: a king in a window moves the score by its state's weight, and a version 1 file switches the kings' windows off", () => {
  const id = variantInfo("english").id;
  const layout = boardLayout("english");
  // A White king in the top-left corner's 2 × 2 (rows 0–1, columns 0–1): only window 0 holds it.
  // Black's men and White's man at the bottom right, in window 8 only: no king there, so no
  // other window's kings' weights count.
  const squares = new Uint8Array(33);
  const king = layout.squares.find((q) => q.row <= 1 && q.column <= 1)!.square;
  squares[king] = PIECE_WHITE_KING;
  const corner = layout.squares.filter((q) => q.row >= 6 && q.column >= 6).map((q) => q.square);
  assert.equal(corner.length, 2);
  squares[corner[0]!] = PIECE_BLACK_MAN;
  squares[corner[1]!] = PIECE_BLACK_MAN;
  squares[layout.squares.find((q) => q.row === 5 && q.column >= 4)!.square] = PIECE_WHITE_MAN;
  const board: RawBoard = { whiteToMove: true, squares };
  const family = 0;
  const hand = Int16Array.from(createEngineSync().handTerms(family));
  const patterns = new Int16Array(2 * WINDOWS * ARRANGEMENTS);
  const zero = new Int16Array(2 * WINDOWS * KING_STATES);
  // Window 0 from White's view: one own king, no enemy king, no men: state (1 × 3 + 0) × 16 = 48.
  const state = 48;
  const engine = createEngineSync();
  assert.equal(engine.evalFeatures(id, board)[4 + 2 * WINDOWS], state);
  engine.loadWeights(encodeWeights({ family, hand, patterns, kings: zero }));
  const before = engine.evaluate(id, board);
  const kings = zero.slice();
  // 400 quarter centi-men in both phases: 100 centi-men whatever the pieces.
  kings[2 * state] = 400;
  kings[2 * state + 1] = 400;
  engine.loadWeights(encodeWeights({ family, hand, patterns, kings }));
  assert.equal(engine.evaluate(id, board), before + 100);
  assert.equal(engine.evaluate(id, { ...board, whiteToMove: false }), -(before + 100));
  // The same weight in another window's table, or for another state, changes nothing here.
  const elsewhere = zero.slice();
  elsewhere[2 * (KING_STATES + state)] = 400;
  elsewhere[2 * (state + 1)] = 400;
  engine.loadWeights(encodeWeights({ family, hand, patterns, kings: elsewhere }));
  assert.equal(engine.evaluate(id, board), before);
  // A file without kings' windows after one with them: they no longer count.
  engine.loadWeights(encodeWeights({ family, hand, patterns, kings }));
  engine.loadWeights(encodeWeights({ family, hand, patterns }));
  assert.equal(engine.evaluate(id, board), before);
});
