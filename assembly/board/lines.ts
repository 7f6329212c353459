// Frisian's board as a geometry (RULES-more-variants.md 5): the 10×10 board of geometry.ts with
// eight lines. Besides the four diagonals (numbered as there), pieces capture along ranks and
// files, where the next playable square is two squares away: (r, c±2) on a rank, (r±2, c) on a
// file. In the 10×10 layout (bit = index + index / 10) those are constant shifts too: one bit
// along a rank (the row's end squares masked off, so that nothing wraps into the next row) and
// eleven bits along a file (ten indices and the one ghost bit that every two rows hold). The
// neighbour and ray tables of geometry.ts's 10×10 board hold the eight lines, so the diagonals
// read here are the other variants' very tables and code.

import { Board } from "./bitboard";
import { DiagonalSquares, NE, NW, SE, SW, allSquares, neighbour, promotionRow, ray, step } from "./geometry";

/** The four orthogonal directions after the diagonals; the opposite of `d` is `d ^ 3` on both sets. */
export const LEFT: i32 = 4;
export const UP: i32 = 5;
export const DOWN: i32 = 6;
export const RIGHT: i32 = 7;

const SQUARES_10: u64 = 0x003ff7feffdffbff;
/** Squares with no playable square two columns to the left (k = 0 of each row), and to the right (k = 4). */
const LEFT_END_10: u64 = 0x0002104208410821;
const RIGHT_END_10: u64 = 0x0021042084108210;

/**
 * Frisian's eight lines as a geometry (geometry.ts `Diagonal` and orthogonal.ts `Orthogonal` are
 * the others), read by the generic generators through `geometry<G>()`, G the variant that
 * extends it (variants.ts `Frisian`). Its sets are u64 (`B`
 * is always u64 here). Men step and kings slide along the diagonals only (directions 0 … 3, the
 * 10×10 board's own); captures use all eight. Directions 0, 1, 4 and 5 lower the bit index.
 */
@unmanaged export class Lines extends DiagonalSquares {
  @inline get board(): Board { return Board.Diagonal10; }
  @inline get directions(): i32 { return 8; }
  @inline allSquares<B>(): B { return allSquares<B>(); }
  @inline promotionRow<B>(white: bool): B { return promotionRow<B>(white); }
  @inline isUp(direction: i32): bool { return direction == NW || direction == NE; }
  @inline isDown(direction: i32): bool { return direction == SW || direction == SE; }

  /** Every square of `set` moved to the next playable square in `direction`; squares leaving the board vanish. */
  @inline step<B>(set: B, direction: i32): B {
    if (direction < 4) return step<B>(set, direction);
    if (direction == LEFT) return (set & ~<B>LEFT_END_10) >> 1;
    if (direction == RIGHT) return (set & ~<B>RIGHT_END_10) << 1;
    if (direction == UP) return (set >> 11) & <B>SQUARES_10;
    return (set << 11) & <B>SQUARES_10;
  }

  /** The next playable square from bit `b` in `direction`, or OFF_BOARD (geometry.ts's 10×10 tables hold all eight lines). */
  @inline neighbour<B>(direction: i32, b: i32): i32 { return neighbour<B>(direction, b); }

  /** Every playable square beyond bit `b` in `direction`, to the edge of the board. */
  @inline ray<B>(direction: i32, b: i32): B { return ray<B>(direction, b); }

  /** The nearest square of `set` from the start of a ray in `direction`; `set` ⊂ that ray, not empty. */
  @inline nearest<B>(direction: i32, set: B): i32 {
    return (direction & 2) == 0 ? 63 - <i32>clz<B>(set) : <i32>ctz<B>(set);
  }

  /** The farthest square of `set` along `direction`; `set` ⊂ a ray, not empty. */
  @inline farthest<B>(direction: i32, set: B): i32 {
    return (direction & 2) == 0 ? <i32>ctz<B>(set) : 63 - <i32>clz<B>(set);
  }

  /** The 10×10 board's squares (DiagonalSquares), but eight lines of its own, not the diagonal tables' board. */
  @inline get diagonalTables(): bool { return false; }
}
