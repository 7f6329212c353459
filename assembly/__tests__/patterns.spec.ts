// The pattern score reads each window once, through a table of White's weight minus Black's
// built when the weights are switched on. Its definition is the one training fits (bench/train,
// through writeFeatures): per window, the weight of White's view's arrangement minus the weight
// of Black's view's arrangement, both read with patternIndex. Here that definition is computed
// straight from the weight table and compared with the evaluation's score, over random men and
// random weights, the weights also at the ends of the i16 range, where the packed sums could
// spill from one half into the other.

import { bit } from "../board/bitboard";
import { bitOfIndex } from "../board/geometry";
import { PATTERN_BYTES, REGIONS, STATES, fullBoard, patternIndex, patternScore, patternTable, usePatterns } from "../eval/patterns";

let seed: u32 = 20261201;
function nextRandom(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/** Fills a family's weights: random i16 over the whole range, or only its two ends. */
function fillWeights(family: i32, extremes: bool): void {
  const table = patternTable(family);
  expect(table).not.toBe(0, "the weights were claimed");
  for (let i = 0; i < PATTERN_BYTES >> 1; i++) {
    const r = nextRandom();
    const value: i16 = extremes ? ((r & 1) != 0 ? i16.MAX_VALUE : i16.MIN_VALUE) : <i16>(r >> 7);
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

describe("pattern score", () => {
  test("is both views of every window, on 8×8", () => {
    fillWeights(0, false);
    compare<u32>(0, 20000);
    fillWeights(1, false);
    compare<u32>(1, 5000);
  });

  test("is both views of every window, on 10×10", () => {
    fillWeights(2, false);
    compare<u64>(2, 20000);
  });

  test("sums exactly with the weights at the ends of their range", () => {
    fillWeights(0, true);
    compare<u32>(0, 20000);
    fillWeights(2, true);
    compare<u64>(2, 10000);
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
});
