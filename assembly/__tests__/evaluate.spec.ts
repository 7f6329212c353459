// The evaluation is the same game seen from the other side: turning the board round (180°)
// and swapping the colours must give the same score for the side to move. Every term counts
// White's pieces against Black's with mirrored masks, so a slip in one mask shows here.

import { bit, lowest, withoutLowest } from "../board/bitboard";
import { bitOfIndex, indexOfBit } from "../board/geometry";
import { Brazilian, English, International, Italian, Russian } from "../board/variants";
import { evaluate } from "../eval/evaluate";

let seed: u32 = 2024;
function nextRandom(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

function turned<B>(set: B): B {
  const squares = sizeof<B>() == 8 ? 50 : 32;
  let out: B = 0;
  while (set != 0) {
    const index = indexOfBit<B>(lowest<B>(set));
    set = withoutLowest<B>(set);
    out |= bit<B>(bitOfIndex<B>(squares - 1 - index));
  }
  return out;
}

function checkSymmetry<V, B>(positions: i32): void {
  const squares = sizeof<B>() == 8 ? 50 : 32;
  const perRow = squares == 50 ? 5 : 4;
  for (let n = 0; n < positions; n++) {
    let white: B = 0;
    let black: B = 0;
    let kings: B = 0;
    for (let index = 0; index < squares; index++) {
      const roll = nextRandom() % 10;
      const b = bit<B>(bitOfIndex<B>(index));
      const row = index / perRow;
      const lastRow = squares / perRow - 1;
      if (roll < 2) {
        white |= b;
        // A white man never stands on row 0, its promotion row.
        if (row == 0 || nextRandom() % 6 == 0) kings |= b;
      } else if (roll < 4) {
        black |= b;
        if (row == lastRow || nextRandom() % 6 == 0) kings |= b;
      }
    }
    const whiteToMove = (nextRandom() & 1) != 0;
    const score = evaluate<V, B>(white, black, kings, whiteToMove);
    const mirrored = evaluate<V, B>(turned<B>(black), turned<B>(white), turned<B>(kings), !whiteToMove);
    expect(mirrored).toBe(score, "the board turned round, colours swapped");
  }
}

describe("evaluation", () => {
  test("is symmetric in the colours, on every board family", () => {
    checkSymmetry<English, u32>(3000);
    checkSymmetry<Italian, u32>(1000);
    checkSymmetry<Russian, u32>(3000);
    checkSymmetry<Brazilian, u32>(1000);
    checkSymmetry<International, u64>(3000);
  });

  test("a lone flying king on the long diagonal holds three pieces", () => {
    // International: White king on 46 (bottom-left corner, on the long diagonal 46-5), Black
    // kings on 1, 2, 3. Bits: square s is index s - 1 in the padded layout.
    const lone: u64 = bit<u64>(bitOfIndex<u64>(45));
    const three: u64 = bit<u64>(bitOfIndex<u64>(0)) | bit<u64>(bitOfIndex<u64>(1)) | bit<u64>(bitOfIndex<u64>(2));
    expect(evaluate<International, u64>(lone, three, lone | three, true)).toBe(0);
    // Off the diagonal (square 47) the three kings are simply ahead, by an eighth of their lead
    // (drawishDivisor: three pieces against a king). Unscaled, two kings up (600) and the trade
    // term (600 × 400 / (100 × 4) = 600) alone are 1200, and mobility and drive add far less.
    const off: u64 = bit<u64>(bitOfIndex<u64>(46));
    const score = evaluate<International, u64>(off, three, off | three, false);
    expect(score).toBeGreaterThanOrEqual(1200 / 8);
    expect(score).toBeLessThan(300);
  });
});
