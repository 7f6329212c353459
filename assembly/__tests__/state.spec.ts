// Make and unmake on the search state: the incrementally updated Zobrist key must equal the
// key recomputed from the pieces after every move, and unmaking every move must give back
// the start bit for bit.

import { count } from "../board/bitboard";
import { generateLegal } from "../movegen/legal";
import { toOf } from "../movegen/movelist";
import { perft } from "../perft/perft";
import { Black, White } from "../board/side";
import { MADE, MAX_PLY, NO_SUCH_MOVE, UNDO_FULL, listStateMoves, makeMove, setState, stateBlack, stateKey, stateKeyFromScratch, stateKings, stateListing, statePly, stateWhite, stateWhiteToMove, unmakeMove } from "../position/state";
import { LIST_KEEP, LIST_MERGE } from "../board/record";
import { openWalk } from "../position/record";
import { English, International, Russian } from "../board/variants";

let seed: u32 = 12345;
function nextRandom(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

function randomGame<V, B>(white: B, black: B, whiteToMove: bool, plies: i32): void {
  setState<B>(white, black, 0, whiteToMove);
  const startKey = stateKey();
  let played = 0;
  for (; played < plies; played++) {
    const toMove = stateWhiteToMove();
    const us = toMove ? stateWhite<B>() : stateBlack<B>();
    const them = toMove ? stateBlack<B>() : stateWhite<B>();
    const n = toMove
      ? generateLegal<V, B, White>(us, them, stateKings<B>(), stateListing(LIST_MERGE | LIST_KEEP), 0)
      : generateLegal<V, B, Black>(us, them, stateKings<B>(), stateListing(LIST_MERGE | LIST_KEEP), 0);
    if (n == 0) break;
    expect(listStateMoves(n)).toBe(true);
    expect(makeMove<V, B>(<i32>(nextRandom() % <u32>n))).toBe(MADE);
    expect(stateKey()).toBe(stateKeyFromScratch<V, B>(), "incremental key equals recomputed key");
    expect(count<B>(stateWhite<B>() & stateBlack<B>())).toBe(0, "no square holds two pieces");
  }
  expect(statePly()).toBe(played);
  for (let i = 0; i < played; i++) expect(unmakeMove<V, B>()).toBe(true);
  expect(unmakeMove<V, B>()).toBe(false, "nothing left to unmake");
  expect(stateWhite<B>()).toBe(white);
  expect(stateBlack<B>()).toBe(black);
  expect(stateKings<B>()).toBe(<B>0);
  expect(stateWhiteToMove()).toBe(whiteToMove);
  expect(stateKey()).toBe(startKey);
}

describe("make and unmake", () => {
  it("english: 40 random games to the end, keys checked move by move", () => {
    for (let game = 0; game < 40; game++) randomGame<English, u32>(0xfff00000, 0x00000fff, false, 200);
  });
  it("russian: 40 random games (flying kings, promotion during capture)", () => {
    for (let game = 0; game < 40; game++) randomGame<Russian, u32>(0xfff00000, 0x00000fff, true, 200);
  });
  it("international: 40 random games on the padded 10×10 board", () => {
    // Black men on squares 1–20 (bits 0–20 less the ghost bit 10), White on 31–50 (bits 33–53 less 43).
    for (let game = 0; game < 40; game++) randomGame<International, u64>(0x003ff7fe00000000, 0x00000000001ffbff, true, 250);
  });
});

describe("the search state's guards", () => {
  it("plays only moves of its own listing of the current ply", () => {
    // English, Black to move from the start: 7 moves.
    setState<u32>(0xfff00000, 0x00000fff, 0, false);
    expect(makeMove<English, u32>(0)).toBe(NO_SUCH_MOVE, "nothing listed yet");
    const n = generateLegal<English, u32, Black>(0x00000fff, 0xfff00000, 0, stateListing(LIST_MERGE | LIST_KEEP), 0);
    expect(n).toBe(7);
    expect(listStateMoves(n)).toBe(true);
    expect(makeMove<English, u32>(-1)).toBe(NO_SUCH_MOVE);
    expect(makeMove<English, u32>(7)).toBe(NO_SUCH_MOVE);
    // Another generation on the move stack does not change the listing.
    generateLegal<English, u32, White>(0xfff00000, 0x00000fff, 0, stateListing(LIST_MERGE | LIST_KEEP), 0);
    expect(makeMove<English, u32>(6)).toBe(MADE);
    expect(stateKey()).toBe(stateKeyFromScratch<English, u32>());
    expect(makeMove<English, u32>(0)).toBe(NO_SUCH_MOVE, "the new ply has no listing yet");
    // Unmaking returns to the first ply, whose listing is still there.
    expect(unmakeMove<English, u32>()).toBe(true);
    expect(makeMove<English, u32>(3)).toBe(MADE);
    expect(stateKey()).toBe(stateKeyFromScratch<English, u32>());
  });
  it("refuses a move beyond MAX_PLY instead of overwriting its undo records", () => {
    // International: a white king shuffles 46-41-46…, a black king 1-6-1…, never on a common diagonal.
    const white: u64 = <u64>1 << 49; // square 46 (bit = index + index / 10)
    const black: u64 = <u64>1 << 0; // square 1
    setState<u64>(white, black, white | black, true);
    for (let ply = 0; ply < MAX_PLY; ply++) {
      const toMove = stateWhiteToMove();
      const n = toMove
        ? generateLegal<International, u64, White>(stateWhite<u64>(), stateBlack<u64>(), stateKings<u64>(), stateListing(LIST_MERGE | LIST_KEEP), 0)
        : generateLegal<International, u64, Black>(stateBlack<u64>(), stateWhite<u64>(), stateKings<u64>(), stateListing(LIST_MERGE | LIST_KEEP), 0);
      const there = (ply & 2) == 0; // each king goes out, then back
      const wanted = toMove ? (there ? 44 : 49) : there ? 5 : 0; // bits of squares 41, 46, 6, 1
      let index = -1;
      for (let i = 0; i < n; i++) if (toOf(i) == wanted) index = i;
      expect(listStateMoves(n)).toBe(true);
      expect(makeMove<International, u64>(index)).toBe(MADE);
    }
    const n = generateLegal<International, u64, White>(stateWhite<u64>(), stateBlack<u64>(), stateKings<u64>(), stateListing(LIST_MERGE | LIST_KEEP), 0);
    listStateMoves(n);
    expect(makeMove<International, u64>(0)).toBe(UNDO_FULL);
    for (let ply = 0; ply < MAX_PLY; ply++) expect(unmakeMove<International, u64>()).toBe(true);
    expect(stateWhite<u64>()).toBe(white);
    expect(stateBlack<u64>()).toBe(black);
  });
});

describe("perft in the core", () => {
  it("english start, black to move: published perft(7) = 179740", () => {
    openWalk(7, LIST_MERGE, 0, 0);
    expect(perft<English, u32, Black>(0x00000fff, 0xfff00000, 0, 7, 0)).toBe(179740);
  });
});
