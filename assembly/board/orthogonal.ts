// The full 8×8 board of turkish (RULES-more-variants.md 4): all 64 squares, one bit each in a
// u64, bit = square − 1 = row × 8 + column (row 0 at the top, column 0 on White's left). Pieces
// move along ranks and files, so a step is a constant shift: 8 bits for a row, 1 bit for a
// column, with the edge file masked off so that a sideways step never wraps into the next row.

import { bit } from "./bitboard";

/** Orthogonal directions, numbered so that the opposite of `d` is `d ^ 3` (geometry.ts `opposite`). "Up" is towards row 0. */
export const UP: i32 = 0;
export const LEFT: i32 = 1;
export const RIGHT: i32 = 2;
export const DOWN: i32 = 3;

export const OFF_BOARD_64: i32 = 0xff;

const FILE_A: u64 = 0x0101010101010101;
const FILE_H: u64 = 0x8080808080808080;

/** Row 0, where White men promote. */
export const TOP_ROW_64: u64 = 0xff;
/** Row 7, where Black men promote. */
export const BOTTOM_ROW_64: u64 = 0xff00000000000000;

const RAYS_64 = memory.data(8 * 4 * 64);

/** Whether a step in `direction` lowers the bit index (up a file or left along a rank). */
@inline function descends(direction: i32): bool {
  return direction < RIGHT;
}

/** Every square of `set` moved one step in `direction`; squares stepping off the board vanish. */
@inline export function step64(set: u64, direction: i32): u64 {
  if (direction == UP) return set >> 8;
  if (direction == DOWN) return set << 8;
  if (direction == LEFT) return (set & ~FILE_A) >> 1;
  return (set & ~FILE_H) << 1;
}

/** The square next to `b` in `direction`, or OFF_BOARD_64. */
@inline export function neighbour64(direction: i32, b: i32): i32 {
  if (direction == UP) return b >= 8 ? b - 8 : OFF_BOARD_64;
  if (direction == DOWN) return b < 56 ? b + 8 : OFF_BOARD_64;
  if (direction == LEFT) return (b & 7) != 0 ? b - 1 : OFF_BOARD_64;
  return (b & 7) != 7 ? b + 1 : OFF_BOARD_64;
}

/** Every square beyond `b` in `direction`, to the edge of the board. */
@inline export function ray64(direction: i32, b: i32): u64 {
  return load<u64>(RAYS_64 + (<usize>((direction << 6) + b) << 3));
}

/** The nearest square of `set` along `direction` from anywhere before it; `set` ⊂ a ray. */
@inline export function nearest64(direction: i32, set: u64): i32 {
  return descends(direction) ? 63 - <i32>clz(set) : <i32>ctz(set);
}

/** The farthest square of `set` along `direction`; `set` ⊂ a ray. */
@inline export function farthest64(direction: i32, set: u64): i32 {
  return descends(direction) ? <i32>ctz(set) : 63 - <i32>clz(set);
}

/** The empty squares a piece on `b` slides over in `direction` before the first occupied one. */
@inline export function slide64(b: i32, direction: i32, empty: u64): u64 {
  const line = ray64(direction, b);
  const blockers = line & ~empty;
  if (blockers == 0) return line;
  const stop = nearest64(direction, blockers);
  return line & ~(ray64(direction, stop) | bit<u64>(stop));
}

function buildRays(): void {
  for (let b = 0; b < 64; b++) {
    for (let direction = 0; direction < 4; direction++) {
      let rayBits: u64 = 0;
      let at = neighbour64(direction, b);
      while (at != OFF_BOARD_64) {
        rayBits |= bit<u64>(at);
        at = neighbour64(direction, at);
      }
      store<u64>(RAYS_64 + (<usize>((direction << 6) + b) << 3), rayBits);
    }
  }
}

buildRays();
