// Bitboard helpers, generic over the bitboard type `B`: `u32` for the 8×8 diagonal boards (one
// bit per playable square), `u64` for the others (10×10's padded layout, geometry.ts; turkish's
// 64 squares, orthogonal.ts; the low word of canadian's 12×12 sets, board-12x12.ts). Every
// helper below folds to one or two instructions.

/**
 * The board a variant plays on, one value per family: what its geometry class says
 * (`rules<V>().board`). The bitboard type does not tell it: three of the four are u64.
 */
export const enum Board {
  /** 8×8, the 32 dark squares, diagonal lines (u32). */
  Diagonal8 = 0,
  /** 10×10, 50 squares, diagonal lines (u64, padded; frisian adds ranks and files, lines.ts). */
  Diagonal10 = 1,
  /** 12×12, 72 squares, diagonal lines (two u64 words, board-12x12.ts). */
  Diagonal12 = 2,
  /** 8×8, all 64 squares, ranks and files (turkish; u64, orthogonal.ts). */
  Orthogonal8 = 3,
}

/**
 * Of the two one-word diagonal boards, whether `B` is the 10×10's (u64) rather than the 8×8's
 * (u32). Only the diagonal boards' own code asks it (geometry.ts's tables, the learned
 * evaluation, the pattern windows, the database's indices): elsewhere a u64 may be turkish's
 * board or canadian's low word, and the question is the variant's board (`rules<V>().board`).
 */
@inline export function diagonalTen<B>(): bool {
  return sizeof<B>() == 8;
}

@inline export function bit<B>(index: i32): B {
  return (<B>1) << (<B>index);
}

@inline export function has<B>(set: B, index: i32): bool {
  return ((set >> (<B>index)) & (<B>1)) != 0;
}

/** Index of the lowest set bit; `set` must not be empty. */
@inline export function lowest<B>(set: B): i32 {
  return <i32>ctz<B>(set);
}

/** Index of the highest set bit; `set` must not be empty. */
@inline export function highest<B>(set: B): i32 {
  return <i32>(sizeof<B>() * 8 - 1) - <i32>clz<B>(set);
}

@inline export function withoutLowest<B>(set: B): B {
  return set & (set - 1);
}

@inline export function count<B>(set: B): i32 {
  return <i32>popcnt<B>(set);
}
