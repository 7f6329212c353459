// Frisian's eight lines on the 10×10 board: the set shifts (constant, with the row ends
// masked), the neighbour table and the rays (both built from rows and columns) must agree on
// every square; a rank step never wraps into the next row, and the diagonals agree with
// geometry.ts's.

import { bit, count } from "../board/bitboard";
import { NE, NW, OFF_BOARD, neighbour, opposite, ray } from "../board/geometry";
import { DOWN, LEFT, Lines, RIGHT, UP } from "../board/lines";

const LINES: i32 = 8;
const board = changetype<Lines>(0);
@inline function nextOnLine(direction: i32, b: i32): i32 { return board.neighbour<u64>(direction, b); }
@inline function lineRay(direction: i32, b: i32): u64 { return board.ray<u64>(direction, b); }
@inline function stepLine(set: u64, direction: i32): u64 { return board.step<u64>(set, direction); }

const SQUARES_10: u64 = 0x003ff7feffdffbff;

describe("frisian lines", () => {
  it("steps, neighbours and rays agree on all 50 squares", () => {
    for (let b = 0; b < 54; b++) {
      if ((SQUARES_10 & bit<u64>(b)) == 0) continue;
      for (let direction = 0; direction < LINES; direction++) {
        const next = nextOnLine(direction, b);
        const shifted = stepLine(bit<u64>(b), direction);
        if (next == OFF_BOARD) {
          expect(shifted).toBe(0, "a step off the board vanishes");
          expect(lineRay(direction, b)).toBe(0);
        } else {
          expect(shifted).toBe(bit<u64>(next), "the step and the neighbour agree");
          expect(nextOnLine(opposite(direction), next)).toBe(b, "a step back returns");
          expect(lineRay(direction, b)).toBe(bit<u64>(next) | lineRay(direction, next), "a ray is the neighbour and its ray");
          expect(board.nearest<u64>(direction, lineRay(direction, b))).toBe(next, "the nearest square of a ray is the neighbour");
        }
        if (direction < 4) {
          expect(next).toBe(neighbour<u64>(direction, b), "the diagonals are geometry's");
          expect(lineRay(direction, b)).toBe(ray<u64>(direction, b));
        }
      }
    }
  });
  it("the diagonals only for steps, all eight lines for captures", () => {
    expect(board.directions).toBe(LINES);
    expect(board.isUp(NW) && board.isUp(NE)).toBe(true);
    expect(board.isUp(UP) || board.isDown(DOWN) || board.isUp(LEFT) || board.isDown(RIGHT)).toBe(false, "no man steps along a rank or file");
    // Square 28 (bit 29): the farthest square up its file is square 8 (bit 7), left along its rank square 26 (bit 27).
    expect(board.farthest<u64>(UP, lineRay(UP, 29))).toBe(7);
    expect(board.farthest<u64>(LEFT, lineRay(LEFT, 29))).toBe(27);
  });
  it("the edges and the lengths of ranks and files", () => {
    // Square 5 (bit 4) ends row 0 and square 6 (bit 5) starts row 1: one bit apart, no rank step.
    expect(nextOnLine(RIGHT, 4)).toBe(OFF_BOARD);
    expect(nextOnLine(LEFT, 5)).toBe(OFF_BOARD);
    // Square 28 = (5,4) is bit 29: its rank holds 4 other squares, its file 4 (rows 1, 3, 7, 9).
    expect(count<u64>(lineRay(LEFT, 29) | lineRay(RIGHT, 29))).toBe(4);
    expect(count<u64>(lineRay(UP, 29) | lineRay(DOWN, 29))).toBe(4);
    // Up its file: 18 (bit 18) then 8 (bit 7); right along its rank: 29 (bit 30), 30 (bit 31).
    expect(nextOnLine(UP, 29)).toBe(18);
    expect(nextOnLine(UP, 18)).toBe(7);
    expect(nextOnLine(RIGHT, 29)).toBe(30);
    expect(nextOnLine(NW, 29)).toBe(neighbour<u64>(NW, 29));
    expect(nextOnLine(NE, 29)).toBe(neighbour<u64>(NE, 29));
  });
});
