// The search state (state.ts) on the 12×12 board: the low words of the sets live in state.ts's
// STATE, the high words here; the listing of moves and the undo records are state.ts's, the
// high words of a move's captured sets in the undo record's spare bytes.

import { bitHi, bitLo } from "../board/board-12x12";
import { keyOf12 } from "../board/zobrist";
import { FLAG_KING } from "../movegen/movelist";
import { nextKey12, nextKingsHi, nextKingsLo, nextThemHi, nextThemLo, nextUs, nextUsHi } from "./make";
import { MADE, MAX_PLY, NO_SUCH_MOVE, STATE, UNDO_FULL, listedMove, openNextListing, setState, stateBlack, stateKey, stateKings, statePly, stateWhite, stateWhiteToMove, undoAt } from "./state";

// white u64 @0, black u64 @8, kings u64 @16: bits 64 … of each set
const STATE_HIGH = memory.data(24);

@inline export function stateWhiteHigh(): u64 { return load<u64>(STATE_HIGH, 0); }
@inline export function stateBlackHigh(): u64 { return load<u64>(STATE_HIGH, 8); }
@inline export function stateKingsHigh(): u64 { return load<u64>(STATE_HIGH, 16); }

/** The low word of White's pieces (`white`) or Black's. */
@inline function sideLow(white: bool): u64 { return white ? stateWhite<u64>() : stateBlack<u64>(); }
/** The high word of the same. */
@inline function sideHigh(white: bool): u64 { return white ? stateWhiteHigh() : stateBlackHigh(); }

/** Writes both words of the sets back: `us` is White's when `white`, the kings last. */
@inline function storeSets(white: bool, usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64): void {
  store<u64>(STATE, white ? usLo : themLo, 0);
  store<u64>(STATE, white ? themLo : usLo, 8);
  store<u64>(STATE, kingsLo, 16);
  store<u64>(STATE_HIGH, white ? usHi : themHi, 0);
  store<u64>(STATE_HIGH, white ? themHi : usHi, 8);
  store<u64>(STATE_HIGH, kingsHi, 16);
}

/** Sets the position; its key is computed from scratch. */
export function setState12(whiteLo: u64, whiteHi: u64, blackLo: u64, blackHi: u64, kingsLo: u64, kingsHi: u64, whiteToMove: bool): void {
  setState<u64>(whiteLo, blackLo, kingsLo, whiteToMove);
  store<u64>(STATE_HIGH, whiteHi, 0);
  store<u64>(STATE_HIGH, blackHi, 8);
  store<u64>(STATE_HIGH, kingsHi, 16);
  store<u64>(STATE, keyOf12(whiteLo, whiteHi, blackLo, blackHi, kingsLo, kingsHi, whiteToMove), 24);
}

/** The key of the state recomputed from its pieces. */
export function stateKeyFromScratch12(): u64 {
  return keyOf12(stateWhite<u64>(), stateWhiteHigh(), stateBlack<u64>(), stateBlackHigh(), stateKings<u64>(), stateKingsHigh(), stateWhiteToMove());
}

/** state.ts's makeMove on the 12×12 board. */
export function makeMove12(index: i32): i32 {
  const move = listedMove(index);
  if (move == 0) return NO_SUCH_MOVE;
  const ply = statePly();
  if (ply >= MAX_PLY) return UNDO_FULL;
  const white = stateWhiteToMove();
  let usLo = sideLow(white);
  let usHi = sideHigh(white);
  let themLo = sideLow(!white);
  let themHi = sideHigh(!white);
  let kingsLo = stateKings<u64>();
  let kingsHi = stateKingsHigh();
  const capLo = load<u64>(move);
  const capHi = <u64>load<u32>(move, 12);
  const from = <i32>load<u8>(move, 8);
  const to = <i32>load<u8>(move, 9);
  const flags = load<u8>(move, 10);
  const capKingsLo = capLo & kingsLo;
  const capKingsHi = capHi & kingsHi;

  const undo = undoAt(ply);
  store<u64>(undo, capLo, 0);
  store<u64>(undo, capKingsLo, 8);
  store<u64>(undo, stateKey(), 16);
  store<u8>(undo, <u8>from, 24);
  store<u8>(undo, <u8>to, 25);
  store<u8>(undo, flags, 26);
  store<u16>(undo, <u16>capHi, 28);
  store<u16>(undo, <u16>capKingsHi, 30);

  const key = nextKey12(move, white, stateKey(), kingsLo, kingsHi);
  const nextUsLo = nextThemLo(move, usLo);
  const nextUsHigh = nextThemHi(move, usHi);
  themLo = nextUs<u64>(move, themLo);
  themHi = nextUsHi(move, themHi);
  usLo = nextUsLo;
  usHi = nextUsHigh;
  kingsLo = nextKingsLo(move, kingsLo);
  kingsHi = nextKingsHi(move, kingsHi);
  openNextListing();
  storeSets(white, usLo, usHi, themLo, themHi, kingsLo, kingsHi);
  store<u64>(STATE, key, 24);
  store<u8>(STATE, white ? 0 : 1, 32);
  store<u32>(STATE, ply + 1, 36);
  return MADE;
}

/** Takes back the last move made on the 12×12 board. Returns false when there is none. */
export function unmakeMove12(): bool {
  const ply = statePly() - 1;
  if (ply < 0) return false;
  const undo = undoAt(ply);
  const capLo = load<u64>(undo, 0);
  const capKingsLo = load<u64>(undo, 8);
  const from = <i32>load<u8>(undo, 24);
  const to = <i32>load<u8>(undo, 25);
  const flags = load<u8>(undo, 26);
  const capHi = <u64>load<u16>(undo, 28);
  const capKingsHi = <u64>load<u16>(undo, 30);
  const white = !stateWhiteToMove(); // the side that made the move
  let usLo = sideLow(white);
  let usHi = sideHigh(white);
  let themLo = sideLow(!white);
  let themHi = sideHigh(!white);
  let kingsLo = stateKings<u64>();
  let kingsHi = stateKingsHigh();

  usLo = (usLo & ~bitLo(to)) | bitLo(from);
  usHi = (usHi & ~bitHi(to)) | bitHi(from);
  themLo |= capLo;
  themHi |= capHi;
  kingsLo = (kingsLo & ~bitLo(to)) | capKingsLo;
  kingsHi = (kingsHi & ~bitHi(to)) | capKingsHi;
  if ((flags & FLAG_KING) != 0) {
    kingsLo |= bitLo(from);
    kingsHi |= bitHi(from);
  }
  storeSets(white, usLo, usHi, themLo, themHi, kingsLo, kingsHi);
  store<u64>(STATE, load<u64>(undo, 16), 24);
  store<u8>(STATE, white ? 1 : 0, 32);
  store<u32>(STATE, ply, 36);
  return true;
}
