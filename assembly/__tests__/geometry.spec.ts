// The neighbour and ray tables (built square by square from coordinates) must agree with the
// set shifts and the jumps' steps (built from the bit layout): two derivations of one board.

import { bit, count } from "../board/bitboard";
import { NE, NW, OFF_BOARD, SE, SW, allSquares, bitOfIndex, neighbour, ray, squareCount, step, stepBit } from "../board/geometry";

function checkBoard<B>(): void {
  const squares = squareCount<B>();
  let playable: B = 0;
  for (let index = 0; index < squares; index++) playable |= bit<B>(bitOfIndex<B>(index));
  expect(playable).toBe(allSquares<B>(), "every square has its bit, and only those");
  expect(count<B>(allSquares<B>())).toBe(squares);
  for (let index = 0; index < squares; index++) {
    const b = bitOfIndex<B>(index);
    for (let direction = NW; direction <= SE; direction++) {
      const next = neighbour<B>(direction, b);
      const shifted = step<B>(bit<B>(b), direction);
      if (next == OFF_BOARD) {
        expect(shifted).toBe(0, "a step off the board vanishes");
        expect(ray<B>(direction, b)).toBe(0);
      } else {
        expect(shifted).toBe(bit<B>(next), "the step and the neighbour table agree");
        expect(ray<B>(direction, b)).toBe(bit<B>(next) | ray<B>(direction, next), "a ray is the neighbour and its ray");
        // A man's jump (movegen/captures.ts) reads its squares from the layout, not the table.
        expect(stepBit<B>(b, direction)).toBe(next, "the layout's step and the neighbour table agree");
        const land = neighbour<B>(direction, next);
        if (land != OFF_BOARD) {
          expect(stepBit<B>(stepBit<B>(b, direction), direction)).toBe(land, "a jump lands on the neighbour's neighbour");
        }
      }
    }
  }
}

describe("geometry", () => {
  it("8×8: tables and shifts agree on all 32 squares", () => {
    checkBoard<u32>();
  });
  it("10×10: tables and shifts agree on all 50 squares", () => {
    checkBoard<u64>();
  });
  it("corner squares have one diagonal neighbour", () => {
    // 8×8 square 29 (a1) and 10×10 square 46 (a1): only north-east.
    expect(neighbour<u32>(NE, 28)).not.toBe(OFF_BOARD);
    expect(neighbour<u32>(NW, 28)).toBe(OFF_BOARD);
    expect(neighbour<u32>(SW, 28)).toBe(OFF_BOARD);
    expect(neighbour<u32>(SE, 28)).toBe(OFF_BOARD);
    const a1 = bitOfIndex<u64>(45);
    expect(neighbour<u64>(NE, a1)).not.toBe(OFF_BOARD);
    expect(neighbour<u64>(NW, a1)).toBe(OFF_BOARD);
    expect(count<u64>(ray<u64>(NE, a1))).toBe(9, "a1 sees the whole long diagonal");
  });
});
