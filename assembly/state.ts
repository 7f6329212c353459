// The position a search walks: bitboards, side to move and Zobrist key in linear memory, with
// make and unmake. Make keeps the key up to date with a few XORs; unmake restores everything
// from a small undo record, so a search never copies or allocates.

import { bit } from "./bitboard";
import { FLAG_KING, FLAG_PROMOTES, capturedOf, flagsOf, fromOf, toOf } from "./movelist";
import { BLACK_KING, BLACK_MAN, WHITE_KING, WHITE_MAN, keyOf, keysOf, pieceKey, sideKey } from "./zobrist";

const STATE = memory.data(40);
// white u64 @0, black u64 @8, kings u64 @16, key u64 @24, white to move u8 @32, ply u8 @33

const MAX_PLY: i32 = 256;
const UNDO_BYTES: i32 = 32;
const UNDO = memory.data(UNDO_BYTES * MAX_PLY);
// captured u64 @0, captured kings u64 @8, key u64 @16, from u8 @24, to u8 @25, flags u8 @26

@inline export function stateWhite<B>(): B { return <B>load<u64>(STATE, 0); }
@inline export function stateBlack<B>(): B { return <B>load<u64>(STATE, 8); }
@inline export function stateKings<B>(): B { return <B>load<u64>(STATE, 16); }
@inline export function stateKey(): u64 { return load<u64>(STATE, 24); }
@inline export function stateWhiteToMove(): bool { return load<u8>(STATE, 32) != 0; }
@inline export function statePly(): i32 { return <i32>load<u8>(STATE, 33); }

/** Sets the position; its key is computed from scratch. */
export function setState<B>(white: B, black: B, kings: B, whiteToMove: bool): void {
  store<u64>(STATE, <u64>white, 0);
  store<u64>(STATE, <u64>black, 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u64>(STATE, keyOf<B>(white, black, kings, whiteToMove), 24);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u8>(STATE, 0, 33);
}

/** The key of the state recomputed from its pieces (a check on the incremental one). */
export function stateKeyFromScratch<B>(): u64 {
  return keyOf<B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), stateWhiteToMove());
}

/** Plays move `index` of the move stack on the state. Returns false when the undo stack is full. */
export function makeMove<B>(index: i32): bool {
  const ply = statePly();
  if (ply >= MAX_PLY) return false;
  const whiteToMove = stateWhiteToMove();
  let us = whiteToMove ? stateWhite<B>() : stateBlack<B>();
  let them = whiteToMove ? stateBlack<B>() : stateWhite<B>();
  let kings = stateKings<B>();
  const from = fromOf(index);
  const to = toOf(index);
  const flags = flagsOf(index);
  const captured = <B>capturedOf(index);
  const capturedKings = captured & kings;

  const undo = UNDO + <usize>(ply * UNDO_BYTES);
  store<u64>(undo, <u64>captured, 0);
  store<u64>(undo, <u64>capturedKings, 8);
  store<u64>(undo, stateKey(), 16);
  store<u8>(undo, <u8>from, 24);
  store<u8>(undo, <u8>to, 25);
  store<u8>(undo, flags, 26);

  const ownMan = whiteToMove ? WHITE_MAN : BLACK_MAN;
  const ownKing = whiteToMove ? WHITE_KING : BLACK_KING;
  let key = stateKey() ^ sideKey(whiteToMove) ^ sideKey(!whiteToMove);
  key ^= pieceKey((flags & FLAG_KING) != 0 ? ownKing : ownMan, from);
  key ^= pieceKey((flags & (FLAG_KING | FLAG_PROMOTES)) != 0 ? ownKing : ownMan, to);
  key ^= keysOf<B>(captured & ~kings, whiteToMove ? BLACK_MAN : WHITE_MAN);
  key ^= keysOf<B>(capturedKings, whiteToMove ? BLACK_KING : WHITE_KING);

  us = (us & ~bit<B>(from)) | bit<B>(to);
  them &= ~captured;
  kings &= ~captured & ~bit<B>(from);
  if ((flags & (FLAG_KING | FLAG_PROMOTES)) != 0) kings |= bit<B>(to);

  store<u64>(STATE, <u64>(whiteToMove ? us : them), 0);
  store<u64>(STATE, <u64>(whiteToMove ? them : us), 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u64>(STATE, key, 24);
  store<u8>(STATE, whiteToMove ? 0 : 1, 32);
  store<u8>(STATE, <u8>(ply + 1), 33);
  return true;
}

/** Takes back the last move made. Returns false when there is none. */
export function unmakeMove<B>(): bool {
  const ply = statePly() - 1;
  if (ply < 0) return false;
  const undo = UNDO + <usize>(ply * UNDO_BYTES);
  const captured = <B>load<u64>(undo, 0);
  const capturedKings = <B>load<u64>(undo, 8);
  const from = <i32>load<u8>(undo, 24);
  const to = <i32>load<u8>(undo, 25);
  const flags = load<u8>(undo, 26);
  const whiteToMove = !stateWhiteToMove(); // the side that made the move
  let us = whiteToMove ? stateWhite<B>() : stateBlack<B>();
  let them = whiteToMove ? stateBlack<B>() : stateWhite<B>();
  let kings = stateKings<B>();

  us = (us & ~bit<B>(to)) | bit<B>(from);
  them |= captured;
  kings = (kings & ~bit<B>(to)) | capturedKings;
  if ((flags & FLAG_KING) != 0) kings |= bit<B>(from);

  store<u64>(STATE, <u64>(whiteToMove ? us : them), 0);
  store<u64>(STATE, <u64>(whiteToMove ? them : us), 8);
  store<u64>(STATE, <u64>kings, 16);
  store<u64>(STATE, load<u64>(undo, 16), 24);
  store<u8>(STATE, whiteToMove ? 1 : 0, 32);
  store<u8>(STATE, <u8>ply, 33);
  return true;
}
