// Zobrist keys: a random 64-bit key per (piece kind, bit) and one for Black to move. A
// position's key is the XOR of its pieces' keys, so a move updates it with a few XORs.
// The keys come from a fixed seed: the same position has the same key in every instance.

import { lowest, withoutLowest } from "./bitboard";

export const WHITE_MAN: i32 = 0;
export const WHITE_KING: i32 = 1;
export const BLACK_MAN: i32 = 2;
export const BLACK_KING: i32 = 3;

const KEYS = memory.data(8 * 4 * 64);
let blackToMoveKey: u64 = 0;

let seed: u64 = 0x9e3779b97f4a7c15;

function splitmix64(): u64 {
  seed += 0x9e3779b97f4a7c15;
  let z = seed;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

for (let i = 0; i < 4 * 64; i++) store<u64>(KEYS + (<usize>i << 3), splitmix64());
blackToMoveKey = splitmix64();

@inline export function pieceKey(kind: i32, b: i32): u64 {
  return load<u64>(KEYS + (<usize>((kind << 6) + b) << 3));
}

@inline export function sideKey(whiteToMove: bool): u64 {
  return whiteToMove ? 0 : blackToMoveKey;
}

/** The keys of every piece of `pieces`, all of one kind. */
export function keysOf<B>(pieces: B, kind: i32): u64 {
  let key: u64 = 0;
  while (pieces != 0) {
    key ^= pieceKey(kind, lowest<B>(pieces));
    pieces = withoutLowest<B>(pieces);
  }
  return key;
}

/** The key of a position, computed from scratch. */
export function keyOf<B>(white: B, black: B, kings: B, whiteToMove: bool): u64 {
  return keysOf<B>(white & ~kings, WHITE_MAN) ^ keysOf<B>(white & kings, WHITE_KING)
    ^ keysOf<B>(black & ~kings, BLACK_MAN) ^ keysOf<B>(black & kings, BLACK_KING)
    ^ sideKey(whiteToMove);
}
