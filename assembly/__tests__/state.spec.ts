// Make and unmake on the search state: the incrementally updated Zobrist key must equal the
// key recomputed from the pieces after every move, and unmaking every move must give back
// the start bit for bit.

import { count } from "../bitboard";
import { generateLegal } from "../movegen";
import { perft } from "../perft";
import { Black, White } from "../side";
import { makeMove, setState, stateBlack, stateKey, stateKeyFromScratch, stateKings, statePly, stateWhite, stateWhiteToMove, unmakeMove } from "../state";
import { English, International, Russian } from "../variants";

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
      ? generateLegal<V, B, White>(us, them, stateKings<B>(), 0)
      : generateLegal<V, B, Black>(us, them, stateKings<B>(), 0);
    if (n == 0) break;
    expect(makeMove<B>(<i32>(nextRandom() % <u32>n))).toBe(true);
    expect(stateKey()).toBe(stateKeyFromScratch<B>(), "incremental key equals recomputed key");
    expect(count<B>(stateWhite<B>() & stateBlack<B>())).toBe(0, "no square holds two pieces");
  }
  expect(statePly()).toBe(played);
  for (let i = 0; i < played; i++) expect(unmakeMove<B>()).toBe(true);
  expect(unmakeMove<B>()).toBe(false, "nothing left to unmake");
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

describe("perft in the core", () => {
  it("english start, black to move: published perft(7) = 179740", () => {
    expect(perft<English, u32, Black>(0x00000fff, 0xfff00000, 0, 7, 0)).toBe(179740);
  });
});
