// Bitboard helpers, generic over the bitboard type: `u32` for the 8×8 boards (one bit per
// playable square) and `u64` for 10×10 (a padded layout, see geometry.ts). The type alone
// tells the board size, so every helper below folds to one or two instructions.

/** True when `B` is the 10×10 bitboard. */
@inline export function isTenByTen<B>(): bool {
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
