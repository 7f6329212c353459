// Perft's table: the key after a move, updated by XORs, equals the key recomputed from the
// pieces, over random games of the three board families; and the table's counts equal plain
// perft's, with a table of one cluster (every position collides) and a larger one.

import { Black, White } from "../board/side";
import { English, International, Russian } from "../board/variants";
import { keyOf } from "../board/zobrist";
import { generateLegal } from "../movegen/legal";
import { FLAG_KING, FLAG_PROMOTES, capturedOf, flagsOf, fromOf, moveAt, toOf } from "../movegen/movelist";
import { LIST_MERGE, RECORD_BYTES } from "../board/record";
import { openWalk, writeRecord } from "../position/record";
import { perft } from "../perft/perft";
import { resizePerftTable, tablePerft } from "../perft/table";
import { nextKey } from "../position/make";

let seed: u32 = 2468;
function nextRandom(): u32 {
  seed ^= seed << 13;
  seed ^= seed >> 17;
  seed ^= seed << 5;
  return seed;
}

/** Plays random games; before each move, checks the key after every legal move. */
function checkKeys<V, B>(startWhite: B, startBlack: B, games: i32): void {
  for (let game = 0; game < games; game++) {
    let white = startWhite;
    let black = startBlack;
    let kings: B = 0;
    let whiteToMove = true;
    for (let ply = 0; ply < 120; ply++) {
      const us = whiteToMove ? white : black;
      const them = whiteToMove ? black : white;
      const end = whiteToMove ? generateLegal<V, B, White>(us, them, kings, LISTED, 0) : generateLegal<V, B, Black>(us, them, kings, LISTED, 0);
      if (end == 0) break;
      const key = keyOf<B>(white, black, kings, whiteToMove);
      let chosen: B = 0;
      const pick = <i32>(nextRandom() % <u32>end);
      for (let i = 0; i < end; i++) {
        const moved = (<B>1) << <B>fromOf(i);
        const landed = (<B>1) << <B>toOf(i);
        const captured = <B>capturedOf(i);
        let nextKings = kings & ~captured & ~moved;
        if ((flagsOf(i) & (FLAG_KING | FLAG_PROMOTES)) != 0) nextKings |= landed;
        const nextUs = (us & ~moved) | landed;
        const nextThem = them & ~captured;
        const nextWhite = whiteToMove ? nextUs : nextThem;
        const nextBlack = whiteToMove ? nextThem : nextUs;
        const after = nextKey<B>(moveAt(i), whiteToMove, key, kings);
        expect(after).toBe(keyOf<B>(nextWhite, nextBlack, nextKings, !whiteToMove), "key after a move equals the recomputed key");
        if (i == pick) {
          white = nextWhite;
          black = nextBlack;
          chosen = nextKings;
        }
      }
      kings = chosen;
      whiteToMove = !whiteToMove;
    }
  }
}

/** The record the listings here are handed: routes merged, nothing else. */
const LISTED = memory.data(RECORD_BYTES);
writeRecord(LISTED, LIST_MERGE, 0, 0);

describe("perft's table", () => {
  it("updates the key by XORs exactly as recomputing it (english, russian, international)", () => {
    checkKeys<English, u32>(0xfff00000, 0x00000fff, 20);
    checkKeys<Russian, u32>(0xfff00000, 0x00000fff, 20);
    // Black men on squares 1–20 (bits 0–20 less the ghost bit 10), White on 31–50 (bits 33–53 less 43).
    checkKeys<International, u64>(0x003ff7fe00000000, 0x00000000001ffbff, 20);
  });

  it("counts as plain perft with one cluster (all collide) and with 1 MiB", () => {
    openWalk(6, 0, 0, 0);
    const plain = perft<English, u32, Black>(0x00000fff, 0xfff00000, 0, 6, 0);
    expect(plain).toBe(36768, "published english perft(6)");
    expect(resizePerftTable(64)).toBe(true);
    expect(tablePerft<English, u32>(false, <u32>0x00000fff, <u32>0xfff00000, 0, 6, 0, true)).toBe(plain);
    expect(resizePerftTable(1 << 20)).toBe(true);
    expect(tablePerft<English, u32>(false, <u32>0x00000fff, <u32>0xfff00000, 0, 6, 0, true)).toBe(plain);
    expect(resizePerftTable(100)).toBe(false, "not a power of two");
  });
});
