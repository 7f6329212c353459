// The position a search walks: bitboards, side to move and Zobrist key in linear memory, with
// make and unmake. Make keeps the key up to date with a few XORs; unmake restores everything
// from a small undo record, so a search never copies or allocates.

import { bit } from "../board/bitboard";
import { bitHi, bitLo } from "../board/board-12x12";
import { FLAG_KING, MOVE_BYTES, capturedAt, capturedHighAt, countAt, flagsAt, fromAt, moveAt, toAt } from "../movegen/movelist";
import { streakAfter } from "../movegen/king-streak";
import { nextKey, nextKey12, nextUs } from "./make";
import { HIGH_BYTES, kingsAfter, makeHighWords, themAfter } from "./high-words";
import { keyOf } from "../board/zobrist";

export const STATE = memory.data(48);
// white u64 @0, black u64 @8, kings u64 @16, key u64 @24, white to move u8 @32, ply u32 @36,
// frisian's king streaks (movegen/king-streak.ts): White's u32 @40, Black's u32 @44
/** 12×12: the high words of the sets (position/high-words.ts's layout: White's, Black's, the kings'), the low ones in STATE. */
export const STATE_HIGH = memory.data(HIGH_BYTES);

export const MAX_PLY: i32 = 256;
const UNDO_BYTES: i32 = 32;
const UNDO = memory.data(UNDO_BYTES * MAX_PLY);
// captured u64 @0, captured kings u64 @8, key u64 @16, from u8 @24, to u8 @25, flags u8 @26;
// bytes 28 … 31 belong to one variant family each, never both, since a game is either on the
// 10×10 board or the 12×12 one: frisian keeps the mover's king streak before the move there
// (u32 @28), the 12×12 board the high words (13 bits each) of the captured pieces u16 @28 and
// of the captured kings u16 @30.

/** The undo record of `ply`. */
@inline function undoAt(ply: i32): usize {
  return UNDO + <usize>(ply * UNDO_BYTES);
}

@inline export function stateWhite<B>(): B { return <B>load<u64>(STATE, 0); }
@inline export function stateBlack<B>(): B { return <B>load<u64>(STATE, 8); }
@inline export function stateKings<B>(): B { return <B>load<u64>(STATE, 16); }
@inline export function stateKey(): u64 { return load<u64>(STATE, 24); }
@inline export function stateWhiteToMove(): bool { return load<u8>(STATE, 32) != 0; }
@inline export function statePly(): i32 { return <i32>load<u32>(STATE, 36); }
/** Frisian: the king streak of White (`white`) or Black. */
@inline export function stateStreak(white: bool): u32 { return load<u32>(STATE + (white ? 40 : 44)); }

/** Frisian: sets both sides' king streaks (setState clears them). */
export function setStateStreaks(white: u32, black: u32): void {
  store<u32>(STATE, white, 40);
  store<u32>(STATE, black, 44);
}

/** Sets the position; its key is computed from scratch. `high`: on 12×12, where the sets' high words are (STATE_HIGH's layout). */
export function setState<B>(white: B, black: B, kings: B, whiteToMove: bool, high: usize = 0): void {
  store<u64>(STATE, <u64>white, 0);
  store<u64>(STATE, <u64>black, 8);
  store<u64>(STATE, <u64>kings, 16);
  if (high != 0) memory.copy(STATE_HIGH, high, HIGH_BYTES);
  store<u64>(STATE, keyOf<B>(white, black, kings, whiteToMove, high != 0 ? STATE_HIGH : 0), 24);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u32>(STATE, 0, 36);
  setStateStreaks(0, 0);
  openListing(0, 0);
}

/** The key of the state recomputed from its pieces (a check on the incremental one); `twelve` on 12×12. */
export function stateKeyFromScratch<B>(twelve: bool = false): u64 {
  return keyOf<B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), stateWhiteToMove(), twelve ? STATE_HIGH : 0);
}

// The state's own copies of its legal moves, one listing per ply, stacked: a listing stays
// valid while the moves below it are made and unmade (as a search loops over its moves), and
// other calls on the module, which use the move stack, never change what a move index means.
const LIST_CAPACITY: i32 = 1 << 14;
const LIST = memory.data(MOVE_BYTES * LIST_CAPACITY);
const LIST_START = memory.data(4 * (MAX_PLY + 1)); // u32 a ply: where its listing begins
const LIST_COUNT = memory.data(4 * (MAX_PLY + 1)); // u32 a ply: its number of moves

@inline function listStart(ply: i32): i32 { return <i32>load<u32>(LIST_START + (<usize>ply << 2)); }
@inline function listCount(ply: i32): i32 { return <i32>load<u32>(LIST_COUNT + (<usize>ply << 2)); }

/** Starts the listing of `ply` after the listings below it, empty. */
@inline export function openListing(ply: i32, start: i32): void {
  store<u32>(LIST_START + (<usize>ply << 2), start);
  store<u32>(LIST_COUNT + (<usize>ply << 2), 0);
}

/** Keeps moves [0, end) of the move stack as the legal moves of the state's current ply; false when there is no room. */
export function listStateMoves(end: i32): bool {
  const ply = statePly();
  const start = listStart(ply);
  if (start + end > LIST_CAPACITY) {
    openListing(ply, start);
    return false;
  }
  memory.copy(LIST + <usize>(start * MOVE_BYTES), moveAt(0), <usize>(end * MOVE_BYTES));
  store<u32>(LIST_COUNT + (<usize>ply << 2), end);
  return true;
}

export const MADE: i32 = 0;
export const NO_SUCH_MOVE: i32 = 1;
export const UNDO_FULL: i32 = 2;

/** A single bit of the set's word `B` (on 12×12, `twelve`, the low word's: empty for a bit past 63). */
@inline function lowBit<B>(b: i32, twelve: bool): B {
  return twelve ? <B>bitLo(b) : bit<B>(b);
}

/**
 * Plays move `index` of the current ply's listing (`listStateMoves`). Returns MADE,
 * NO_SUCH_MOVE, or UNDO_FULL when MAX_PLY moves are already made. `streaks`: frisian's king
 * streaks go with the move; `twelve`: the 12×12 board, its high words in STATE_HIGH.
 */
export function makeMove<B>(index: i32, streaks: bool = false, twelve: bool = false): i32 {
  const ply = statePly();
  if (index < 0 || index >= listCount(ply)) return NO_SUCH_MOVE;
  if (ply >= MAX_PLY) return UNDO_FULL;
  const move = LIST + <usize>((listStart(ply) + index) * MOVE_BYTES);
  const whiteToMove = stateWhiteToMove();
  const us = whiteToMove ? stateWhite<B>() : stateBlack<B>();
  const them = whiteToMove ? stateBlack<B>() : stateWhite<B>();
  const kings = stateKings<B>();

  const undo = undoAt(ply);
  store<u64>(undo, capturedAt(move), 0);
  store<u64>(undo, <u64>(<B>capturedAt(move) & kings), 8);
  store<u64>(undo, stateKey(), 16);
  store<u8>(undo, <u8>fromAt(move), 24);
  store<u8>(undo, <u8>toAt(move), 25);
  store<u8>(undo, flagsAt(move), 26);
  if (streaks) {
    // Frisian: the mover's king streak goes on or starts afresh (movegen/king-streak.ts).
    const before = stateStreak(whiteToMove);
    store<u32>(undo, before, 28);
    store<u32>(STATE + (whiteToMove ? 40 : 44), streakAfter(before, fromAt(move), toAt(move), flagsAt(move), countAt(move)));
  }
  let key: u64;
  if (twelve) {
    const capturedHigh = capturedHighAt(move);
    store<u16>(undo, <u16>capturedHigh, 28);
    store<u16>(undo, <u16>(capturedHigh & load<u64>(STATE_HIGH, 16)), 30);
    key = nextKey12(move, whiteToMove, stateKey(), <u64>kings, load<u64>(STATE_HIGH, 16));
    makeHighWords(move, whiteToMove, STATE_HIGH, STATE_HIGH);
  } else {
    key = nextKey<B>(move, whiteToMove, stateKey(), kings);
  }

  const nextMover = themAfter<B>(move, us, twelve);
  const nextOther = nextUs<B>(move, them);
  store<u64>(STATE, <u64>(whiteToMove ? nextMover : nextOther), 0);
  store<u64>(STATE, <u64>(whiteToMove ? nextOther : nextMover), 8);
  store<u64>(STATE, <u64>kingsAfter<B>(move, kings, twelve), 16);
  store<u64>(STATE, key, 24);
  store<u8>(STATE, whiteToMove ? 0 : 1, 32);
  store<u32>(STATE, ply + 1, 36);
  openListing(ply + 1, listStart(ply) + listCount(ply));
  return MADE;
}

/** Takes back the last move made. Returns false when there is none. `streaks`, `twelve`: as makeMove's. */
export function unmakeMove<B>(streaks: bool = false, twelve: bool = false): bool {
  const ply = statePly() - 1;
  if (ply < 0) return false;
  const undo = undoAt(ply);
  const captured = <B>load<u64>(undo, 0);
  const capturedKings = <B>load<u64>(undo, 8);
  const from = <i32>load<u8>(undo, 24);
  const to = <i32>load<u8>(undo, 25);
  const flags = load<u8>(undo, 26);
  const whiteToMove = !stateWhiteToMove(); // the side that made the move
  let us = whiteToMove ? stateWhite<B>() : stateBlack<B>();
  let them = whiteToMove ? stateBlack<B>() : stateWhite<B>();
  let kings = stateKings<B>();

  us = (us & ~lowBit<B>(to, twelve)) | lowBit<B>(from, twelve);
  them |= captured;
  kings = (kings & ~lowBit<B>(to, twelve)) | capturedKings;
  if ((flags & FLAG_KING) != 0) kings |= lowBit<B>(from, twelve);
  if (twelve) {
    const ours = STATE_HIGH + (whiteToMove ? 0 : 8);
    const theirs = STATE_HIGH + (whiteToMove ? 8 : 0);
    store<u64>(ours, (load<u64>(ours) & ~bitHi(to)) | bitHi(from));
    store<u64>(theirs, load<u64>(theirs) | <u64>load<u16>(undo, 28));
    let kingsHigh = (load<u64>(STATE_HIGH, 16) & ~bitHi(to)) | <u64>load<u16>(undo, 30);
    if ((flags & FLAG_KING) != 0) kingsHigh |= bitHi(from);
    store<u64>(STATE_HIGH, kingsHigh, 16);
  }

  store<u64>(STATE, <u64>(whiteToMove ? us : them), 0);
  store<u64>(STATE, <u64>(whiteToMove ? them : us), 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u64>(STATE, load<u64>(undo, 16), 24);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u32>(STATE, ply, 36);
  if (streaks) store<u32>(STATE + (whiteToMove ? 40 : 44), load<u32>(undo, 28));
  return true;
}
