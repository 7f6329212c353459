// Frisian's king-move limit (RULES-more-variants.md 5): while a side has a man, it may not make
// more than three moves without capture in a row with the same king. Each side carries a streak:
// how many such moves in a row its last moves were, and the square that king now stands on. Any
// other move of that side (a man's, a capture, another king's quiet move) starts it afresh.
//
// A streak is one u32: (count << 8) | bit of the king's square; 0 when there is none.

import { bit, has } from "../board/bitboard";
import { FLAG_KING } from "./movelist";

export const STREAK_LIMIT: u32 = 3;

@inline export function streakOf(count: u32, square: i32): u32 {
  return count == 0 ? 0 : (count << 8) | <u32>square;
}

@inline export function streakCount(streak: u32): u32 {
  return streak >> 8;
}

@inline export function streakSquare(streak: u32): i32 {
  return <i32>(streak & 0xff);
}

/** The king of `us` that may not move without capturing (a one-bit set), or 0. */
@inline export function restrictedKing(streak: u32, us: u64, kings: u64): u64 {
  // Only kings left: the limit does not apply.
  if (streakCount(streak) < STREAK_LIMIT || (us & ~kings) == 0) return 0;
  return bit<u64>(streakSquare(streak)) & us & kings;
}

/** The mover's streak after its move from `from` to `to` with `flags`, taking `taken` pieces. */
@inline export function streakAfter(streak: u32, from: i32, to: i32, flags: u8, taken: i32): u32 {
  if (taken != 0 || (flags & FLAG_KING) == 0) return 0;
  const same = streakCount(streak) != 0 && streakSquare(streak) == from;
  // A side with only kings may go on past three; the count stays at the limit (all the rule asks).
  return streakOf(same ? min(streakCount(streak) + 1, STREAK_LIMIT) : 1, to);
}

/** Whether `streak` names a king of `us` (what a position read from outside must satisfy). */
@inline export function streakFits(streak: u32, us: u64, kings: u64): bool {
  return streak == 0 || (streakCount(streak) <= STREAK_LIMIT && has<u64>(us & kings, streakSquare(streak)));
}
