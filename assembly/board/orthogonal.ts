// The full 8×8 board of turkish (RULES-more-variants.md 4): all 64 squares, one bit each in a
// u64, bit = square − 1 = row × 8 + column (row 0 at the top, column 0 on White's left). Pieces
// move along ranks and files, so a step is a constant shift: 8 bits for a row, 1 bit for a
// column, with the edge file masked off so that a sideways step never wraps into the next row.

import { Board, bit } from "./bitboard";
import { OFF_BOARD, farthest, nearest } from "./geometry";

/**
 * Orthogonal directions, numbered like geometry.ts's diagonals: the opposite of `d` is `d ^ 3`,
 * and the first two (up a file, left along a rank) lower the bit index. "Up" is towards row 0.
 */
export const UP: i32 = 0;
export const LEFT: i32 = 1;
export const RIGHT: i32 = 2;
export const DOWN: i32 = 3;

const FILE_A: u64 = 0x0101010101010101;
const FILE_H: u64 = 0x8080808080808080;

const RAYS_64 = memory.data(8 * 4 * 64);

/**
 * Turkish's board as a geometry (geometry.ts `Diagonal` is the other): the generic generators
 * read its lines through `geometry<G>()`, G the variant that extends it (variants.ts `Turkish`).
 * Its sets are u64 (`B` is always u64 here).
 */
@unmanaged export class Orthogonal {
  @inline get board(): Board { return Board.Orthogonal8; }
  @inline get directions(): i32 { return 4; }
  @inline allSquares<B>(): B { return <B>0xffffffffffffffff; }

  /** Row 0 for White, row 7 for Black. */
  @inline promotionRow<B>(white: bool): B { return white ? <B>0xff : <B>0xff00000000000000; }

  @inline isUp(direction: i32): bool { return direction == UP; }

  @inline isDown(direction: i32): bool { return direction == DOWN; }

  /** Every square of `set` moved one step in `direction`; squares stepping off the board vanish. */
  @inline step<B>(set: B, direction: i32): B {
    if (direction == UP) return set >> 8;
    if (direction == DOWN) return set << 8;
    if (direction == LEFT) return (set & ~<B>FILE_A) >> 1;
    return (set & ~<B>FILE_H) << 1;
  }

  /** The square next to `b` in `direction`, or OFF_BOARD. */
  @inline neighbour<B>(direction: i32, b: i32): i32 {
    if (direction == UP) return b >= 8 ? b - 8 : OFF_BOARD;
    if (direction == DOWN) return b < 56 ? b + 8 : OFF_BOARD;
    if (direction == LEFT) return (b & 7) != 0 ? b - 1 : OFF_BOARD;
    return (b & 7) != 7 ? b + 1 : OFF_BOARD;
  }

  /** Every square beyond `b` in `direction`, to the edge of the board. */
  @inline ray<B>(direction: i32, b: i32): B {
    return load<B>(RAYS_64 + (<usize>((direction << 6) + b) << 3));
  }

  @inline nearest<B>(direction: i32, set: B): i32 { return nearest<B>(direction, set); }
  @inline farthest<B>(direction: i32, set: B): i32 { return farthest<B>(direction, set); }

  // What the rest of the core asks of a board (geometry.ts `DiagonalSquares` says what each means).
  /** All 64 squares, numbered row by row from the top as their bits. */
  @inline squareCount<B>(): i32 { return 64; }
  @inline bitOfIndex<B>(index: i32): i32 { return index; }
  @inline indexOfBit<B>(b: i32): i32 { return b; }
  @inline lowBit<B>(b: i32): B { return bit<B>(b); }
  @inline highBit(b: i32): u64 { return 0; }
  @inline get highWords(): bool { return false; }
  @inline get setBits(): i32 { return 64; }
  @inline get diagonalTables(): bool { return false; }
}

function buildRays(): void {
  const board = changetype<Orthogonal>(0);
  for (let b = 0; b < 64; b++) {
    for (let direction = 0; direction < 4; direction++) {
      let rayBits: u64 = 0;
      let at = board.neighbour<u64>(direction, b);
      while (at != OFF_BOARD) {
        rayBits |= bit<u64>(at);
        at = board.neighbour<u64>(direction, at);
      }
      store<u64>(RAYS_64 + (<usize>((direction << 6) + b) << 3), rayBits);
    }
  }
}

buildRays();
