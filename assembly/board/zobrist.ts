// Zobrist keys: a random 64-bit key per (piece kind, bit) and one for Black to move. A
// position's key is the XOR of its pieces' keys, so a move updates it with a few XORs.
// The keys come from a seed: the same position has the same key in every instance and on every
// machine. Key seed 0 (the default) draws the keys every release has used; a deep perft is
// counted again under another seed, so that a false hit of one set of keys cannot pass unseen
// (perft/table.ts). Keys truncated to a few bits are for tests of that check only.

import { lowest, withoutLowest } from "./bitboard";

export const WHITE_MAN: i32 = 0;
export const WHITE_KING: i32 = 1;
export const BLACK_MAN: i32 = 2;
export const BLACK_KING: i32 = 3;

/** The generator's start for key seed 0: the keys of every earlier release. */
const DEFAULT_STATE: u64 = 0x9e3779b97f4a7c15;

const KEYS = memory.data(8 * 4 * 64);
// The 12×12 board's bits 64 … 79 (board/board-12x12.ts uses up to 76), drawn after the others so
// that every other key keeps its value.
const HIGH_KEYS = memory.data(8 * 4 * 16);
let blackToMoveKey: u64 = 0;
let keySeed: u64 = 0;
let state: u64 = 0;

function splitmix64(): u64 {
  state += 0x9e3779b97f4a7c15;
  let z = state;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

/**
 * Draws every key from `seed` (0: the default keys), each cut to its low `bits` bits (64: whole
 * keys; fewer only to provoke false hits in tests). Tables keyed by the old keys must be cleared.
 */
export function drawKeys(seed: u64, bits: i32): void {
  const mask: u64 = bits >= 64 ? u64.MAX_VALUE : (<u64>1 << <u64>max(bits, 1)) - 1;
  keySeed = seed;
  state = DEFAULT_STATE ^ seed;
  for (let i = 0; i < 4 * 64; i++) store<u64>(KEYS + (<usize>i << 3), splitmix64() & mask);
  blackToMoveKey = splitmix64() & mask;
  for (let i = 0; i < 4 * 16; i++) store<u64>(HIGH_KEYS + (<usize>i << 3), splitmix64() & mask);
}

drawKeys(0, 64);

/** The seed the keys were drawn from. */
export function currentKeySeed(): u64 {
  return keySeed;
}

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

/**
 * The key of a position, computed from scratch. `high`: on 12×12, where the sets' high words are
 * (White's, Black's, the kings', a u64 each; the sets passed are the low words), else 0.
 */
export function keyOf<B>(white: B, black: B, kings: B, whiteToMove: bool, high: usize = 0): u64 {
  let key = keysOf<B>(white & ~kings, WHITE_MAN) ^ keysOf<B>(white & kings, WHITE_KING)
    ^ keysOf<B>(black & ~kings, BLACK_MAN) ^ keysOf<B>(black & kings, BLACK_KING)
    ^ sideKey(whiteToMove);
  if (high != 0) {
    const whiteHigh = load<u64>(high, 0);
    const blackHigh = load<u64>(high, 8);
    const kingsHigh = load<u64>(high, 16);
    key ^= highKeysOf(whiteHigh & ~kingsHigh, WHITE_MAN) ^ highKeysOf(whiteHigh & kingsHigh, WHITE_KING)
      ^ highKeysOf(blackHigh & ~kingsHigh, BLACK_MAN) ^ highKeysOf(blackHigh & kingsHigh, BLACK_KING);
  }
  return key;
}

/** The key of a piece on bit `b` of the 12×12 board (0 … 79). */
@inline export function pieceKey12(kind: i32, b: i32): u64 {
  return b < 64 ? pieceKey(kind, b) : load<u64>(HIGH_KEYS + (<usize>((kind << 4) + b - 64) << 3));
}

/** The keys of every piece of the 12×12 set (`lo`, `hi`), all of one kind. */
export function keysOf12(lo: u64, hi: u64, kind: i32): u64 {
  return keysOf<u64>(lo, kind) ^ highKeysOf(hi, kind);
}

/** The keys of the pieces of a 12×12 set's high word `hi`, all of one kind. */
function highKeysOf(hi: u64, kind: i32): u64 {
  let key: u64 = 0;
  while (hi != 0) {
    key ^= pieceKey12(kind, 64 + <i32>ctz(hi));
    hi &= hi - 1;
  }
  return key;
}
