// Canadian's high words: on the 12×12 board (board/board-12x12.ts) a set is two u64 words, and
// the generic code passes the low words (bits 0 … 63) as its `B`. The high words (bits 64 …) of
// White's pieces, Black's and the kings live here, one slot per level of a tree walk (the
// search's ply, perft's remaining depth); movegen/legal.ts's listings read the slot that
// setHighWords points at. The other variants never touch them.

import { SEARCH_MAX_PLY as MAX_LEVEL } from "../contract/contract";
import { isWhite } from "../board/side";
import { rules } from "../board/variants";
import { setHighWords } from "../movegen/legal";
import { nextKingsHi, nextKingsLo, nextThem, nextThemHi, nextThemLo, nextKings, nextUsHi } from "./make";

/** A slot: White's high word at +0, Black's at +8, the kings' at +16. */
export const HIGH_BYTES: i32 = 24;
const HIGH = memory.data(HIGH_BYTES * (MAX_LEVEL + 1));

/** The deepest level a walk may use (perft's depth, the search's ply). */
export const MAX_HIGH_LEVEL: i32 = MAX_LEVEL;

/** The slot of `level`. */
@inline export function highAt(level: i32): usize {
  return HIGH + <usize>(level * HIGH_BYTES);
}

/** Sets the high words of the walk's root, at `level`, from `from` (laid out as a slot). */
export function setHighWordsAt(level: i32, from: usize): void {
  memory.copy(highAt(level), from, HIGH_BYTES);
}

/** Before a listing at `level`: canadian's listings read that level's high words (a walk below pointed them elsewhere). */
@inline export function enterHigh<V>(level: i32): void {
  if (rules<V>().twelveByTwelve) setHighWords(highAt(level));
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
 * The mover's pieces after `move` (nextThem); on 12×12 (`twelve`) their low word, since the
 * move's squares may be on the high word. `twelve` folds away where it is a compile-time constant.
 */
@inline export function themAfter<B>(move: usize, us: B, twelve: bool): B {
  return twelve ? <B>nextThemLo(move, <u64>us) : nextThem<B>(move, us);
}

/** The kings after `move` (nextKings); on 12×12 their low word, as themAfter. */
@inline export function kingsAfter<B>(move: usize, kings: B, twelve: bool): B {
  return twelve ? <B>nextKingsLo(move, <u64>kings) : nextKings<B>(move, kings);
}
