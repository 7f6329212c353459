// The position a host walks: bitboards, side to move and Zobrist key in linear memory, with
// make and unmake, and a position record a ply (board/record.ts: frisian's streaks, 12×12's high
// words), made from one to the next by the walks' make (position/record.ts makeRecord). Make
// keeps the key up to date with a few XORs; unmake restores the pieces from a small undo record
// and goes back to the ply's record, so a walk never copies or allocates.

import { lowBitOf } from "../board/squares";
import { FLAG_KING, MOVE_BYTES, capturedAt, flagsAt, fromAt, moveAt, toAt } from "../movegen/movelist";
import { nextUs, streaksOf } from "./make";
import { highWordsOf, keyAfter, kingsAfter, themAfter } from "./high-words";
import { makeRecord, writeRecord } from "./record";
import { RECORD_BYTES, R_HIGH, R_LISTING, streaksAt } from "../board/record";
import { Black, White } from "../board/side";
import { keyOf } from "../board/zobrist";

export const STATE = memory.data(40);
// white u64 @0, black u64 @8, kings u64 @16, key u64 @24, white to move u8 @32, ply u32 @36

export const MAX_PLY: i32 = 256;
const UNDO_BYTES: i32 = 32;
const UNDO = memory.data(UNDO_BYTES * MAX_PLY);
// captured u64 @0, captured kings u64 @8, key u64 @16, from u8 @24, to u8 @25, flags u8 @26

/** The state's position records, one a ply (the pieces' low words are in STATE). */
const RECORDS = memory.data(RECORD_BYTES * (MAX_PLY + 1));

/** The record of the state's current ply. */
@inline export function stateRecord(): usize {
  return RECORDS + <usize>(statePly() * RECORD_BYTES);
}

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
@inline export function stateStreak(white: bool): u32 {
  const streaks = streaksAt(stateRecord());
  return <u32>(white == stateWhiteToMove() ? streaks : streaks >> 32);
}

/**
 * Sets the position; its key is computed from scratch. `high`: on 12×12, where the sets' high
 * words are (board/record.ts HIGH_BYTES); frisian's king streaks, White's and Black's.
 */
export function setState<B>(white: B, black: B, kings: B, whiteToMove: bool, high: usize = 0, streakWhite: u32 = 0, streakBlack: u32 = 0): void {
  store<u64>(STATE, <u64>white, 0);
  store<u64>(STATE, <u64>black, 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u32>(STATE, 0, 36);
  const streaks = whiteToMove ? streaksOf(streakWhite, streakBlack) : streaksOf(streakBlack, streakWhite);
  writeRecord(stateRecord(), 0, streaks, high);
  store<u64>(STATE, keyOf<B>(white, black, kings, whiteToMove, high != 0 ? stateRecord() + R_HIGH : 0), 24);
  openListing(0, 0);
}

/** The state's current record, its listing conventions set to `listing` (position/record.ts listingFor), for a listing of its moves. */
export function stateListing(listing: u32): usize {
  const at = stateRecord();
  store<u32>(at, listing, R_LISTING);
  return at;
}

/** The key of the state recomputed from its pieces (a check on the incremental one), on variant `V`'s board. */
export function stateKeyFromScratch<V, B>(): u64 {
  return keyOf<B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), stateWhiteToMove(), highWordsOf<V>(stateRecord()));
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

/**
 * Plays move `index` of the current ply's listing (`listStateMoves`) of variant `V`. Returns
 * MADE, NO_SUCH_MOVE, or UNDO_FULL when MAX_PLY moves are already made. The next ply's record
 * is made from this one's (frisian's streaks, 12×12's high words).
 */
export function makeMove<V, B>(index: i32): i32 {
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
  const at = stateRecord();
  const next = at + RECORD_BYTES;
  const key = keyAfter<V, B>(move, whiteToMove, stateKey(), kings, at);
  if (whiteToMove) makeRecord<V, White>(move, at, next);
  else makeRecord<V, Black>(move, at, next);

  const nextMover = themAfter<V, B>(move, us);
  const nextOther = nextUs<B>(move, them);
  store<u64>(STATE, <u64>(whiteToMove ? nextMover : nextOther), 0);
  store<u64>(STATE, <u64>(whiteToMove ? nextOther : nextMover), 8);
  store<u64>(STATE, <u64>kingsAfter<V, B>(move, kings), 16);
  store<u64>(STATE, key, 24);
  store<u8>(STATE, whiteToMove ? 0 : 1, 32);
  store<u32>(STATE, ply + 1, 36);
  openListing(ply + 1, listStart(ply) + listCount(ply));
  return MADE;
}

/** Takes back the last move made (its ply's record is as it was). Returns false when there is none. */
export function unmakeMove<V, B>(): bool {
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

  us = (us & ~lowBitOf<V, B>(to)) | lowBitOf<V, B>(from);
  them |= captured;
  kings = (kings & ~lowBitOf<V, B>(to)) | capturedKings;
  if ((flags & FLAG_KING) != 0) kings |= lowBitOf<V, B>(from);

  store<u64>(STATE, <u64>(whiteToMove ? us : them), 0);
  store<u64>(STATE, <u64>(whiteToMove ? them : us), 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u64>(STATE, load<u64>(undo, 16), 24);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u32>(STATE, ply, 36);
  return true;
}
