// The pattern score reads each window once, through a table of White's weight minus Black's
// built when the weights are switched on. Its definition is the one training fits (bench/train,
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
import { familyOf } from "../eval/evaluate";
import {
  PATTERN_BYTES, REGIONS, STATES, WINDOW_BYTES, combinedIsCompact, fullBoard, patternIndex, patternScore, patternScoreOf, patternTable,
  setWindows, usePatterns, windowIndex,
} from "../eval/patterns";
import { generateLegal } from "../movegen/legal";
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
 * within ±1820, where the nine windows' sums of White's weight minus Black's stay within the
 * i16 range (9 × 2 × 1820 = 32760) and the combined table is the compact one.
 */
function fillWeights(family: i32, extremes: bool, small: bool = false): void {
  const table = patternTable(family);
  expect(table).not.toBe(0, "the weights were claimed");
  for (let i = 0; i < PATTERN_BYTES >> 1; i++) {
    const r = nextRandom();
    const value: i16 = extremes ? ((r & 1) != 0 ? i16.MAX_VALUE : i16.MIN_VALUE) : small ? <i16>(<i32>(r % 3641) - 1820) : <i16>(r >> 7);
    store<i16>(table + (<usize>i << 1), value);
  }
  expect(usePatterns(family, true)).toBe(true);
}

/** The score as training defines it: both views of every window, read from the weights themselves. */
function expected<B>(family: i32, whiteMen: B, blackMen: B, pieces: i32): i32 {
  const table = patternTable(family);
  let opening = 0;
  let endgame = 0;
  for (let region = 0; region < REGIONS; region++) {
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

/**
 * Random games of variant V from the start; before each move, the windows' indices after every
 * legal move, carried from the current ones, against the indices of the men after it. Returns
 * the positions checked with a king on the board, so that a test can see that kings were met.
 */
function carryWindows<V, B>(startWhite: B, startBlack: B, games: i32): i32 {
  const family = familyOf<V>();
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
      const end = whiteToMove ? generateLegal<V, B, White>(us, them, kings, 0) : generateLegal<V, B, Black>(us, them, kings, 0);
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
        for (let region = 0; region < REGIONS; region++) {
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
    memory.fill(table, 0, <usize>PATTERN_BYTES);
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
