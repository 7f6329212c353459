// Turkish's 64-square board: the neighbours (computed from the row and column of a bit), the
// set shifts (built from the file masks) and the rays (built from the neighbours) must agree;
// and a sideways step never wraps from one row into the next.

import { bit, count } from "../board/bitboard";
import { OFF_BOARD, geometry, opposite } from "../board/geometry";
import { DOWN, LEFT, Orthogonal, RIGHT, UP } from "../board/orthogonal";

const board = geometry<Orthogonal>();
@inline function neighbour64(direction: i32, b: i32): i32 { return board.neighbour<u64>(direction, b); }
@inline function step64(set: u64, direction: i32): u64 { return board.step<u64>(set, direction); }
@inline function ray64(direction: i32, b: i32): u64 { return board.ray<u64>(direction, b); }

describe("orthogonal board", () => {
  it("steps, neighbours and rays agree on all 64 squares", () => {
    for (let b = 0; b < 64; b++) {
      for (let direction = UP; direction <= DOWN; direction++) {
        const next = neighbour64(direction, b);
        const shifted = step64(bit<u64>(b), direction);
        if (next == OFF_BOARD) {
          expect(shifted).toBe(0, "a step off the board vanishes");
          expect(ray64(direction, b)).toBe(0);
        } else {
          expect(shifted).toBe(bit<u64>(next), "the step and the neighbour agree");
          expect(neighbour64(opposite(direction), next)).toBe(b, "a step back returns");
          expect(ray64(direction, b)).toBe(bit<u64>(next) | ray64(direction, next), "a ray is the neighbour and its ray");
        }
      }
    }
  });
  it("the edges: h-file squares have no right neighbour, a-file squares no left one", () => {
    // h8 is bit 7, a7 bit 8: one bit apart but on different rows.
    expect(neighbour64(RIGHT, 7)).toBe(OFF_BOARD);
    expect(neighbour64(LEFT, 8)).toBe(OFF_BOARD);
    expect(step64(bit<u64>(7), RIGHT)).toBe(0);
    expect(step64(bit<u64>(8), LEFT)).toBe(0);
    // d4 (bit 35) sees 7 squares along its rank and 7 along its file.
    expect(count<u64>(ray64(LEFT, 35) | ray64(RIGHT, 35))).toBe(7);
    expect(count<u64>(ray64(UP, 35) | ray64(DOWN, 35))).toBe(7);
  });
});
