// Canadian's 12×12 board of two-word sets: the neighbours (computed from the row and column of
// each square) and the set shifts (a constant 6 or 7 bits across both words, ghost bits masked
// off) must agree on all 72 squares; a step never wraps round an edge, and crosses from the low
// word to the high one between rows 9 and 10.

import { NE, NW, SE, SW } from "../board/geometry";
import { OFF_BOARD } from "../board/geometry";
import { SQUARES_12, SQUARES_HI, SQUARES_LO, bitHi, bitLo, bitOfIndex12, indexOfBit12, neighbour12, stepHi, stepLo } from "../board/board-12x12";

describe("12×12 board", () => {
  it("bits and squares map both ways, 72 squares in the mask", () => {
    for (let index = 0; index < SQUARES_12; index++) {
      const b = bitOfIndex12(index);
      expect(indexOfBit12(b)).toBe(index);
      expect((bitLo(b) & SQUARES_LO) | (bitHi(b) & SQUARES_HI)).not.toBe(0, "every square is in the mask");
    }
    expect(<i32>popcnt(SQUARES_LO) + <i32>popcnt(SQUARES_HI)).toBe(72);
  });
  it("steps and neighbours agree on all 72 squares", () => {
    for (let index = 0; index < SQUARES_12; index++) {
      const b = bitOfIndex12(index);
      for (let direction = NW; direction <= SE; direction++) {
        const next = neighbour12(direction, b);
        const lo = stepLo(bitLo(b), bitHi(b), direction);
        const hi = stepHi(bitLo(b), bitHi(b), direction);
        if (next == OFF_BOARD) {
          expect(lo | hi).toBe(0, "a step off the board vanishes");
        } else {
          expect(lo).toBe(bitLo(next), "the step and the neighbour agree (low word)");
          expect(hi).toBe(bitHi(next), "the step and the neighbour agree (high word)");
          expect(neighbour12(direction ^ 3, next)).toBe(b, "a step back returns");
        }
      }
    }
  });
  it("the corners and the word boundary", () => {
    // Square 67 (a1, index 66, r11 c0) has only an up-right neighbour: 61 (index 60, r10 c1).
    const a1 = bitOfIndex12(66);
    expect(neighbour12(NW, a1)).toBe(OFF_BOARD);
    expect(neighbour12(SW, a1)).toBe(OFF_BOARD);
    expect(neighbour12(SE, a1)).toBe(OFF_BOARD);
    expect(neighbour12(NE, a1)).toBe(bitOfIndex12(60));
    // Square 60 (index 59, r9 c10) is the last of the low word; down-right it reaches 66
    // (index 65, r10 c11) in the high word.
    expect(bitOfIndex12(59)).toBe(63);
    expect(neighbour12(SE, 63)).toBe(bitOfIndex12(65));
    expect(stepHi(bitLo(63), 0, SE)).toBe(bitHi(bitOfIndex12(65)));
  });
});
