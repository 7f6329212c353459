// Making a move: the position after a move record, and its key, written once for perft, perft's
// table, the search and the game state. A position is the side to move's pieces (`us`), the
// other side's (`them`), the kings and, in frisian, both sides' king streaks; the position after
// a move is seen from the side then to move, so its `us` is our `them` less the pieces taken.

import { bit, diagonalTen, lowest, withoutLowest } from "../board/bitboard";
import { bitHi, bitLo } from "../board/board-12x12";
import { windowDigitsAt } from "../eval/patterns";
import { BLACK_MAN, WHITE_MAN, keysOf, keysOf12, pieceKey, pieceKey12, sideKey } from "../board/zobrist";
import { streakAfter } from "../movegen/king-streak";
import { FLAG_KING, FLAG_PROMOTES, capturedAt, capturedHighAt, countAt, flagsAt, fromAt, toAt } from "../movegen/movelist";

/** Whether the moving piece ends its move a king: it was one, or a man is crowned. */
@inline export function endsKing(flags: u8): bool {
  return (flags & (FLAG_KING | FLAG_PROMOTES)) != 0;
}

/** The pieces of the side to move after `move`: the opponent's, less the ones taken. */
@inline export function nextUs<B>(move: usize, them: B): B {
  return them & ~<B>capturedAt(move);
}

/** The pieces of the side that made `move`: off its square, on its landing (the same square after a capture round a loop). */
@inline export function nextThem<B>(move: usize, us: B): B {
  return (us & ~bit<B>(fromAt(move))) | bit<B>(toAt(move));
}

/** The kings after `move`: the taken ones gone, the moving piece on its landing if it ends a king. */
@inline export function nextKings<B>(move: usize, kings: B): B {
  const next = kings & ~<B>capturedAt(move) & ~bit<B>(fromAt(move));
  return endsKing(flagsAt(move)) ? next | bit<B>(toAt(move)) : next;
}

/** The Zobrist key after `move` of White (`white`) or Black, from the key before it: a few XORs. */
@inline export function nextKey<B>(move: usize, white: bool, key: u64, kings: B): u64 {
  const flags = flagsAt(move);
  const captured = <B>capturedAt(move);
  // Kinds: a king is its man + 1 (zobrist.ts).
  const ourMan = white ? WHITE_MAN : BLACK_MAN;
  const theirMan = white ? BLACK_MAN : WHITE_MAN;
  let next = key ^ sideKey(false);
  next ^= pieceKey(ourMan + ((flags & FLAG_KING) != 0 ? 1 : 0), fromAt(move));
  next ^= pieceKey(ourMan + (endsKing(flags) ? 1 : 0), toAt(move));
  if (captured != 0) next ^= keysOf<B>(captured & ~kings, theirMan) ^ keysOf<B>(captured & kings, theirMan + 1);
  return next;
}

// ---- the 12×12 board (board/board-12x12.ts): every set as a low word (bits 0 … 63) and a high
// word (bits 64 …). nextUs serves the low word as it is; the squares of a move may be on either
// word, so the other low-word sets have their own forms here (bit<u64> of a bit past 63 wraps).

/** nextThem's low word on 12×12. */
@inline export function nextThemLo(move: usize, us: u64): u64 {
  return (us & ~bitLo(fromAt(move))) | bitLo(toAt(move));
}

/** nextThem's high word on 12×12. */
@inline export function nextThemHi(move: usize, us: u64): u64 {
  return (us & ~bitHi(fromAt(move))) | bitHi(toAt(move));
}

/** nextUs's high word on 12×12. */
@inline export function nextUsHi(move: usize, them: u64): u64 {
  return them & ~capturedHighAt(move);
}

/** nextKings's low word on 12×12. */
@inline export function nextKingsLo(move: usize, kings: u64): u64 {
  const next = kings & ~capturedAt(move) & ~bitLo(fromAt(move));
  return endsKing(flagsAt(move)) ? next | bitLo(toAt(move)) : next;
}

/** nextKings's high word on 12×12. */
@inline export function nextKingsHi(move: usize, kings: u64): u64 {
  const next = kings & ~capturedHighAt(move) & ~bitHi(fromAt(move));
  return endsKing(flagsAt(move)) ? next | bitHi(toAt(move)) : next;
}

/** nextKey on 12×12, the kings as their two words. */
@inline export function nextKey12(move: usize, white: bool, key: u64, kingsLo: u64, kingsHi: u64): u64 {
  const flags = flagsAt(move);
  const ourMan = white ? WHITE_MAN : BLACK_MAN;
  const theirMan = white ? BLACK_MAN : WHITE_MAN;
  let next = key ^ sideKey(false);
  next ^= pieceKey12(ourMan + ((flags & FLAG_KING) != 0 ? 1 : 0), fromAt(move));
  next ^= pieceKey12(ourMan + (endsKing(flags) ? 1 : 0), toAt(move));
  if (countAt(move) != 0) {
    const lo = capturedAt(move);
    const hi = capturedHighAt(move);
    next ^= keysOf12(lo & ~kingsLo, hi & ~kingsHi, theirMan) ^ keysOf12(lo & kingsLo, hi & kingsHi, theirMan + 1);
  }
  return next;
}

/**
 * The pattern windows' indices (eval/patterns.ts) after `move` of White (`white`) or Black,
 * written at `after` from those at `before`: the moving man's digits leave its square and come
 * to its landing unless it ends a king, the men taken lose theirs (kings count as empty). A
 * White man's digit is 1, a Black man's 2. 8×8's nine windows fill three u64 of lanes, 10×10's
 * sixteen four.
 */
@inline export function nextWindows<B>(move: usize, white: bool, kings: B, before: usize, after: usize): void {
  const flags = flagsAt(move);
  const ten = diagonalTen<B>();
  let a = load<u64>(before);
  let b = load<u64>(before, 8);
  let c = load<u64>(before, 16);
  let d = ten ? load<u64>(before, 24) : 0;
  const ours: u64 = white ? 0 : 1;
  const theirs: u64 = white ? 1 : 0;
  if ((flags & FLAG_KING) == 0) {
    const from = windowDigitsAt<B>(fromAt(move));
    a -= load<u64>(from) << ours;
    b -= load<u64>(from, 8) << ours;
    c -= load<u64>(from, 16) << ours;
    if (ten) d -= load<u64>(from, 24) << ours;
  }
  let taken = <B>capturedAt(move) & ~kings;
  while (taken != 0) {
    const at = windowDigitsAt<B>(lowest<B>(taken));
    taken = withoutLowest<B>(taken);
    a -= load<u64>(at) << theirs;
    b -= load<u64>(at, 8) << theirs;
    c -= load<u64>(at, 16) << theirs;
    if (ten) d -= load<u64>(at, 24) << theirs;
  }
  if (!endsKing(flags)) {
    const to = windowDigitsAt<B>(toAt(move));
    a += load<u64>(to) << ours;
    b += load<u64>(to, 8) << ours;
    c += load<u64>(to, 16) << ours;
    if (ten) d += load<u64>(to, 24) << ours;
  }
  store<u64>(after, a);
  store<u64>(after, b, 8);
  store<u64>(after, c, 16);
  if (ten) store<u64>(after, d, 24);
}

/**
 * Frisian's king streaks (movegen/king-streak.ts) of both sides, one u64: the side to move's in
 * the low word, the other's in the high one.
 */
@inline export function streaksOf(ours: u32, theirs: u32): u64 {
  return (<u64>theirs << 32) | <u64>ours;
}

/** The streaks after `move`: the mover's goes on or starts afresh, and the sides change places. */
@inline export function nextStreaks(move: usize, streaks: u64): u64 {
  const ours = streakAfter(<u32>streaks, fromAt(move), toAt(move), flagsAt(move), countAt(move));
  return streaksOf(<u32>(streaks >> 32), ours);
}
