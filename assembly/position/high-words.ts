// The words of a set after a move, on the variant's board: the one place the make asks whether
// the board's sets have high words (its geometry's `highWords`). On the 12×12 board (board/board-12x12.ts) a set is two u64 words, and the
// generic code passes the low words (bits 0 … 63) as its `B`; the high words (bits 64 …) of
// White's pieces, Black's and the kings travel in the position's record (board/record.ts R_HIGH,
// HIGH_BYTES). The walks, the game state and the environments make a move through
// themAfter/kingsAfter/keyAfter and the record's make, and never test the board themselves.

import { R_HIGH, kingsHighAt } from "../board/record";
import { isWhite } from "../board/side";
import { geometry } from "../board/geometry";
import { capturedHighAt } from "../movegen/movelist";
import { nextKey, nextKey12, nextKingsHi, nextKingsLo, nextThem, nextThemHi, nextThemLo, nextKings, nextUsHi } from "./make";

/** Whether variant `V`'s sets have high words (12×12's), from its geometry. */
@inline export function twoWords<V>(): bool {
  return geometry<V>().highWords;
}

/** The high words after side `C`'s `move`, from the slot `at` to the slot `next`. */
@inline export function makeHigh<C>(move: usize, at: usize, next: usize): void {
  makeHighWords(move, isWhite<C>(), at, next);
}

/** makeHigh for a mover known at run time: White (`white`) or Black. `next` may be `at`. */
@inline export function makeHighWords(move: usize, white: bool, at: usize, next: usize): void {
  // By colour: the mover's word moves its piece, the other side's loses the pieces taken.
  const ours: usize = white ? 0 : 8;
  const theirs: usize = white ? 8 : 0;
  store<u64>(next + ours, nextThemHi(move, load<u64>(at + ours)));
  store<u64>(next + theirs, nextUsHi(move, load<u64>(at + theirs)));
  store<u64>(next, nextKingsHi(move, load<u64>(at, 16)), 16);
}

/**
 * The mover's pieces after `move` (nextThem) on variant `V`'s board; on 12×12 their low word,
 * since the move's squares may be on the high word.
 */
@inline export function themAfter<V, B>(move: usize, us: B): B {
  return twoWords<V>() ? <B>nextThemLo(move, <u64>us) : nextThem<B>(move, us);
}

/** The kings after `move` (nextKings); on 12×12 their low word, as themAfter. */
@inline export function kingsAfter<V, B>(move: usize, kings: B): B {
  return twoWords<V>() ? <B>nextKingsLo(move, <u64>kings) : nextKings<B>(move, kings);
}

/** The Zobrist key after `move` of White (`white`) or Black (nextKey), the position's record at `at` (12×12's high kings). */
@inline export function keyAfter<V, B>(move: usize, white: bool, key: u64, kings: B, at: usize): u64 {
  return twoWords<V>() ? nextKey12(move, white, key, <u64>kings, kingsHighAt(at)) : nextKey<B>(move, white, key, kings);
}

/** The high word of the set `move` captures: 12×12's (the move record's last four bytes, unused elsewhere), none on the other boards. */
@inline export function capturedHighOf<V>(move: usize): u64 {
  return twoWords<V>() ? capturedHighAt(move) : 0;
}

/** Where the high words of the record at `at` are, for what reads a whole board (keyOf, writeBoard, the evaluation): 0 on a board without them. */
@inline export function highWordsOf<V>(at: usize): usize {
  return twoWords<V>() ? at + R_HIGH : 0;
}
