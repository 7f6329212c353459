// The eight lines of frisian draughts (RULES-more-variants.md 5) on the 10×10 bitboard of
// geometry.ts. Besides the four diagonals, pieces capture along ranks and files, where the next
// playable square is two squares away: (r, c±2) on a rank, (r±2, c) on a file. In the 10×10
// layout (bit = index + index / 10) those are constant shifts too: one bit along a rank (the
// row's end squares masked off, so that nothing wraps into the next row) and eleven bits along
// a file (ten indices and the one ghost bit that every two rows hold).

import { bit } from "./bitboard";
import { NE, NW, OFF_BOARD, SE, SW } from "./geometry";

/** The four orthogonal directions after geometry's diagonals; the opposite of `d` is `d ^ 3` on both sets. */
export const LEFT: i32 = 4;
export const UP: i32 = 5;
export const DOWN: i32 = 6;
export const RIGHT: i32 = 7;
export const LINES: i32 = 8;

const SQUARES_10: u64 = 0x003ff7feffdffbff;
/** Squares with no playable square two columns to the left (k = 0 of each row), and to the right (k = 4). */
const LEFT_END_10: u64 = 0x0002104208410821;
const RIGHT_END_10: u64 = 0x0021042084108210;

const STRIDE: i32 = 64;
const NEIGHBOURS_8 = memory.data(LINES * STRIDE);
const RAYS_8 = memory.data(8 * LINES * STRIDE);

/** Whether a step in `direction` lowers the bit index (up the board, or left along a rank). */
@inline export function descends(direction: i32): bool {
  return (direction & 2) == 0;
}

/** Every square of `set` moved to the next playable square in `direction`; squares leaving the board vanish. */
@inline export function stepLine(set: u64, direction: i32): u64 {
  if (direction == NW) return (set >> 6) & SQUARES_10;
  if (direction == NE) return (set >> 5) & SQUARES_10;
  if (direction == SW) return (set << 5) & SQUARES_10;
  if (direction == SE) return (set << 6) & SQUARES_10;
  if (direction == LEFT) return (set & ~LEFT_END_10) >> 1;
  if (direction == RIGHT) return (set & ~RIGHT_END_10) << 1;
  if (direction == UP) return (set >> 11) & SQUARES_10;
  return (set << 11) & SQUARES_10;
}

/** The next playable square from bit `b` in `direction`, or OFF_BOARD. */
@inline export function nextOnLine(direction: i32, b: i32): i32 {
  // The table is indexed by bits below 64 (b < 54 on this board).
  return <i32>load<u8>(NEIGHBOURS_8 + direction * STRIDE + b);
}

/** Every playable square beyond bit `b` in `direction`, to the edge of the board. */
@inline export function lineRay(direction: i32, b: i32): u64 {
  return load<u64>(RAYS_8 + ((direction * STRIDE + b) << 3));
}

/** The nearest square of `set` from the start of a ray in `direction`; `set` ⊂ that ray, not empty. */
@inline export function nearestOnLine(direction: i32, set: u64): i32 {
  return descends(direction) ? 63 - <i32>clz<u64>(set) : <i32>ctz<u64>(set);
}

/** The farthest square of `set` along `direction`; `set` ⊂ a ray, not empty. */
@inline export function farthestOnLine(direction: i32, set: u64): i32 {
  return descends(direction) ? <i32>ctz<u64>(set) : 63 - <i32>clz<u64>(set);
}

/** The empty squares a slide from bit `b` in `direction` crosses before the first piece. */
@inline export function slideLine(direction: i32, b: i32, empty: u64): u64 {
  const line = lineRay(direction, b);
  const blockers = line & ~empty;
  if (blockers == 0) return line;
  const stop = nearestOnLine(direction, blockers);
  return line & ~(lineRay(direction, stop) | bit<u64>(stop));
}

function buildLines(): void {
  memory.fill(NEIGHBOURS_8, <u8>OFF_BOARD, LINES * STRIDE);
  for (let index = 0; index < 50; index++) {
    const row = index / 5;
    const column = ((index % 5) << 1) + ((row & 1) ^ 1);
    const from = index + index / 10;
    for (let direction = 0; direction < LINES; direction++) {
      // Diagonals move one row and one column; ranks two columns; files two rows.
      let dr = 0;
      let dc = 0;
      if (direction < 4) {
        dr = direction < SW ? -1 : 1;
        dc = (direction & 1) != 0 ? 1 : -1;
      } else if (direction == LEFT) dc = -2;
      else if (direction == RIGHT) dc = 2;
      else if (direction == UP) dr = -2;
      else dr = 2;
      let r = row + dr;
      let c = column + dc;
      let rayBits: u64 = 0;
      while (r >= 0 && r < 10 && c >= 0 && c < 10) {
        const target = r * 5 + (c >> 1);
        const b = target + target / 10;
        if (rayBits == 0) store<u8>(NEIGHBOURS_8 + direction * STRIDE + from, <u8>b);
        rayBits |= bit<u64>(b);
        r += dr;
        c += dc;
      }
      store<u64>(RAYS_8 + ((direction * STRIDE + from) << 3), rayBits);
    }
  }
}

buildLines();
