// The pattern score reads each window once, through a table of White's weight minus Black's
// built when the weights are switched on. Its definition is the one training fits (tools/train,
// through writeFeatures): per window, the weight of White's view's arrangement minus the weight
// of Black's view's arrangement, both read with patternIndex. Here that definition is computed
// straight from the weight table and compared with the evaluation's score, over random men and
// random weights, the weights also at the ends of the i16 range, where the packed sums could
// spill from one half into the other. The search carries the windows' indices from move to
// move (position/make.ts's nextWindows): over random games of every family with weights, after
// every legal move, they must equal the indices read off the men, and so must the score.

import { bit, count } from "../board/bitboard";
import { bitOfIndex } from "../board/geometry";
import { Black, White } from "../board/side";
import { Brazilian, English, International, Russian } from "../board/variants";
import { patternFamilyOf } from "../eval/evaluate";
import {
  STATES, WINDOW_BYTES, combinedIsCompact, familyWindows, fullBoard, patternBytes, patternIndex, patternScore, patternScoreOf, patternTable,
  setWindows, usePatterns, windowCount, windowIndex,
} from "../eval/patterns";
import { generateLegal } from "../movegen/legal";
import { LIST_MERGE, RECORD_BYTES } from "../board/record";
import { writeRecord } from "../position/record";
import { moveAt } from "../movegen/movelist";
import { nextKings, nextThem, nextUs, nextWindows } from "../position/make";

let seed: u32 = 20261201;
function nextRandom(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/**
 * Fills a family's weights: random i16 over the whole range, or only its two ends, or (`small`)
 * within ±32767 / 2W, where the W windows' sums of White's weight minus Black's stay within
 * the i16 range (±1820 for 8×8's nine windows, ±1023 for 10×10's sixteen) and the combined
 * table is the compact one.
 */
function fillWeights(family: i32, extremes: bool, small: bool = false): void {
  const table = patternTable(family);
  expect(table).not.toBe(0, "the weights were claimed");
  const bound = <u32>i16.MAX_VALUE / <u32>(2 * familyWindows(family));
  for (let i = 0; i < patternBytes(family) >> 1; i++) {
    const r = nextRandom();
    const value: i16 = extremes ? ((r & 1) != 0 ? i16.MAX_VALUE : i16.MIN_VALUE) : small ? <i16>(<i32>(r % (2 * bound + 1)) - <i32>bound) : <i16>(r >> 7);
    store<i16>(table + (<usize>i << 1), value);
  }
  expect(usePatterns(family, true)).toBe(true);
}

/** The score as training defines it: both views of every window, read from the weights themselves. */
function expected<B>(family: i32, whiteMen: B, blackMen: B, pieces: i32): i32 {
  const table = patternTable(family);
  let opening = 0;
  let endgame = 0;
  for (let region = 0; region < windowCount<B>(); region++) {
    const base = table + <usize>(region * STATES * 4);
    const own = base + (<usize>patternIndex<B>(whiteMen, blackMen, 0, region) << 2);
    const other = base + (<usize>patternIndex<B>(whiteMen, blackMen, 1, region) << 2);
    // Each entry: the opening weight, then the endgame weight, as i16.
    opening += <i32>load<i16>(own) - <i32>load<i16>(other);
    endgame += <i32>load<i16>(own, 2) - <i32>load<i16>(other, 2);
  }
  const full = fullBoard<B>();
  const phase = min(pieces, full);
  return (opening * phase + endgame * (full - phase)) / (full << 2);
}

/** Random men of both sides, each square White's, Black's or empty; `density` in tenths. */
function compare<B>(family: i32, positions: i32): void {
  const squares = sizeof<B>() == 8 ? 50 : 32;
  for (let n = 0; n < positions; n++) {
    const density = <u32>(n % 10) + 1;
    let white: B = 0;
    let black: B = 0;
    for (let index = 0; index < squares; index++) {
      const roll = nextRandom() % 20;
      const b = bit<B>(bitOfIndex<B>(index));
      if (roll < density) white |= b;
      else if (roll < 2 * density) black |= b;
    }
    const pieces = <i32>(nextRandom() % <u32>(fullBoard<B>() + 6));
    expect(patternScore<B>(family, white, black, pieces)).toBe(expected<B>(family, white, black, pieces), "random men");
  }
}

const CARRIED = memory.data(WINDOW_BYTES);
const AFTER = memory.data(WINDOW_BYTES);
const CHOSEN = memory.data(WINDOW_BYTES);
const FRESH = memory.data(WINDOW_BYTES);
/** The record the listings here are handed: routes merged, nothing else. */
const LISTED = memory.data(RECORD_BYTES);
writeRecord(LISTED, LIST_MERGE, 0, 0);

/**
 * Random games of variant V from the start; before each move, the windows' indices after every
 * legal move, carried from the current ones, against the indices of the men after it. Returns
 * the positions checked with a king on the board, so that a test can see that kings were met.
 */
function carryWindows<V, B>(startWhite: B, startBlack: B, games: i32): i32 {
  const family = patternFamilyOf<V>();
  let withKings = 0;
  for (let game = 0; game < games; game++) {
    let white = startWhite;
    let black = startBlack;
    let kings: B = 0;
    let whiteToMove = true;
    setWindows<B>(CARRIED, white & ~kings, black & ~kings);
    for (let ply = 0; ply < 150; ply++) {
      const us = whiteToMove ? white : black;
      const them = whiteToMove ? black : white;
      const end = whiteToMove ? generateLegal<V, B, White>(us, them, kings, LISTED, 0) : generateLegal<V, B, Black>(us, them, kings, LISTED, 0);
      if (end == 0) break;
      const pick = <i32>(nextRandom() % <u32>end);
      let chosenKings: B = 0;
      for (let i = 0; i < end; i++) {
        const move = moveAt(i);
        const mover = nextThem<B>(move, us);
        const other = nextUs<B>(move, them);
        const after = nextKings<B>(move, kings);
        const nextWhite = whiteToMove ? mover : other;
        const nextBlack = whiteToMove ? other : mover;
        nextWindows<B>(move, whiteToMove, kings, CARRIED, AFTER);
        setWindows<B>(FRESH, nextWhite & ~after, nextBlack & ~after);
        for (let region = 0; region < windowCount<B>(); region++) {
          expect(windowIndex(AFTER, region)).toBe(windowIndex(FRESH, region), "a carried index equals the index read off the men");
          expect(windowIndex(AFTER, region)).toBe(patternIndex<B>(nextWhite & ~after, nextBlack & ~after, 0, region));
        }
        const pieces = count<B>(nextWhite | nextBlack);
        expect(patternScoreOf<B>(family, AFTER, pieces)).toBe(patternScore<B>(family, nextWhite & ~after, nextBlack & ~after, pieces));
        if (i == pick) {
          white = nextWhite;
          black = nextBlack;
          chosenKings = after;
          memory.copy(CHOSEN, AFTER, <usize>WINDOW_BYTES);
        }
      }
      kings = chosenKings;
      memory.copy(CARRIED, CHOSEN, <usize>WINDOW_BYTES);
      if (kings != 0) withKings++;
      whiteToMove = !whiteToMove;
    }
  }
  return withKings;
}

/** The squares (1 … 50) of a 10×10 window whose man alone gives it a nonzero index in `view`. */
function squaresSeen(view: i32, region: i32): StaticArray<i32> {
  const seen = new StaticArray<i32>(8);
  let n = 0;
  for (let square = 1; square <= 50; square++) {
    const man = bit<u64>(bitOfIndex<u64>(square - 1));
    const index = view == 0 ? patternIndex<u64>(man, 0, 0, region) : patternIndex<u64>(0, man, 1, region);
    if (index != 0) {
      expect(n).toBeLessThan(8, "a window holds eight squares");
      seen[n++] = square;
    }
  }
  expect(n).toBe(8, "a window holds eight squares");
  return seen;
}

function expectSquares(seen: StaticArray<i32>, squares: StaticArray<i32>): void {
  for (let i = 0; i < 8; i++) expect(seen[i]).toBe(squares[i]);
}

describe("pattern windows", () => {
  test("are 3 × 3 on 8×8 and 4 × 4 on 10×10", () => {
    expect(windowCount<u32>()).toBe(9);
    expect(windowCount<u64>()).toBe(16);
    expect(familyWindows(0)).toBe(9);
    expect(familyWindows(1)).toBe(9);
    expect(familyWindows(2)).toBe(16);
  });

  test("start every second row and column of 10×10", () => {
    // Square 1 is row 0, column 1; a row holds five squares, on odd columns in even rows (from
    // 0) and on even columns in odd rows. Window 0 is rows and columns 0 to 3, window 5 rows and
    // columns 2 to 5, window 15 rows and columns 6 to 9.
    expectSquares(squaresSeen(0, 0), [1, 2, 6, 7, 11, 12, 16, 17]);
    expectSquares(squaresSeen(0, 5), [12, 13, 17, 18, 22, 23, 27, 28]);
    expectSquares(squaresSeen(0, 3), [4, 5, 9, 10, 14, 15, 19, 20]);
    expectSquares(squaresSeen(0, 15), [34, 35, 39, 40, 44, 45, 49, 50]);
    // Black's view of window r is White's of window 15 - r turned half a turn.
    expectSquares(squaresSeen(1, 0), [34, 35, 39, 40, 44, 45, 49, 50]);
    expectSquares(squaresSeen(1, 10), [12, 13, 17, 18, 22, 23, 27, 28]);
    // Every square lies in (windows over its row) × (windows over its column): 1 on the edge
    // rows and columns 0, 1, 8, 9, else 2.
    for (let square = 1; square <= 50; square++) {
      const row = (square - 1) / 5;
      const column = 2 * ((square - 1) % 5) + ((row & 1) ^ 1);
      const across = (i: i32): i32 => (i < 2 || i > 7 ? 1 : 2);
      let windows = 0;
      for (let region = 0; region < 16; region++) {
        if (patternIndex<u64>(bit<u64>(bitOfIndex<u64>(square - 1)), 0, 0, region) != 0) windows++;
      }
      expect(windows).toBe(across(row) * across(column));
    }
  });
});

describe("pattern score", () => {
  test("is both views of every window, on 8×8", () => {
    fillWeights(0, false);
    compare<u32>(0, 20000);
    fillWeights(1, false);
    compare<u32>(1, 5000);
  });

  test("is both views of every window, on 10×10", () => {
    fillWeights(2, false);
    expect(combinedIsCompact(2)).toBe(false, "weights over the whole i16 range");
    compare<u64>(2, 20000);
  });

  test("sums exactly with the weights at the ends of their range", () => {
    fillWeights(0, true);
    compare<u32>(0, 20000);
    fillWeights(2, true);
    compare<u64>(2, 10000);
  });

  test("is both views of every window with small weights (the compact table)", () => {
    fillWeights(0, false, true);
    expect(combinedIsCompact(0)).toBe(true);
    compare<u32>(0, 20000);
    fillWeights(1, false, true);
    compare<u32>(1, 5000);
    fillWeights(2, false, true);
    expect(combinedIsCompact(2)).toBe(true);
    compare<u64>(2, 20000);
  });

  test("follows new weights once they are switched on again", () => {
    const table = patternTable(0);
    memory.fill(table, 0, <usize>patternBytes(0));
    usePatterns(0, true);
    // White men on rows 0 to 2, no Black man: no view of any window but White's of window 0
    // (and of the others) sees anything but zero weights.
    const white: u32 = 0x00000fff;
    const black: u32 = 0;
    expect(patternScore<u32>(0, white, black, 24)).toBe(0);
    // White's view of window 0 for these men gets opening 4000, endgame -4000 (quarter
    // centi-men). Black's views see no men of their own there (index 0 of their window), so
    // only this weight counts: 4000 / 4 = 1000 at a full board, -1000 with no piece, 0 halfway.
    const at = table + (<usize>patternIndex<u32>(white, black, 0, 0) << 2);
    expect(patternIndex<u32>(white, black, 0, 0)).not.toBe(0);
    store<i16>(at, 4000);
    store<i16>(at, -4000, 2);
    usePatterns(0, true);
    expect(patternScore<u32>(0, white, black, 24)).toBe(1000);
    expect(patternScore<u32>(0, white, black, 0)).toBe(-1000);
    expect(patternScore<u32>(0, white, black, 12)).toBe(0);
  });

  test("carried window indices equal the ones read off the men, over random games", () => {
    fillWeights(0, false, true);
    expect(carryWindows<English, u32>(0xfff00000, 0x00000fff, 12)).toBeGreaterThan(0, "kings were met");
    fillWeights(1, false);
    expect(carryWindows<Russian, u32>(0xfff00000, 0x00000fff, 8)).toBeGreaterThan(0, "kings were met");
    expect(carryWindows<Brazilian, u32>(0xfff00000, 0x00000fff, 8)).toBeGreaterThan(0, "kings were met");
    fillWeights(2, true);
    // Black men on squares 1–20 (bits 0–20 less the ghost bit 10), White on 31–50 (bits 33–53 less 43).
    expect(carryWindows<International, u64>(0x003ff7fe00000000, 0x00000000001ffbff, 8)).toBeGreaterThan(0, "kings were met");
  });
});
