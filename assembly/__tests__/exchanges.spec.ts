// The exchanges quiescence may search (search/exchanges.ts): on positions reasoned by hand in
// each family, which quiet moves offer a trade that is forced and won back at once, and which
// do not (no capture in reply, a sacrifice, a recapture the rules forbid, a capture that takes
// more than comes back); then, on random positions of every one-word board, the list against
// the definition worked out from full legal listings of both sides.
//
// Squares are the variant's own numbers (italian's mirrored); White moves up the board, towards
// squares 1 …, and is to move in every hand-made position. "B 23x32" is Black's capture.

import { bit, has } from "../board/bitboard";
import { geometry } from "../board/geometry";
import { Black, White } from "../board/side";
import { bitOfSquare, squareOfBit, squaresOf } from "../board/squares";
import {
  Brazilian, Czech, English, Frisian, International, Italian, Killer, Pool, Russian, Spanish, Thai, Turkish, setOptionalCapture,
} from "../board/variants";
import { ENDING_ANTIDRAUGHTS, ENDING_STANDARD } from "../contract/contract";
import { setGameEnd } from "../eval/game-end";
import { generateLegal } from "../movegen/legal";
import { FLAG_PROMOTES, MOVE_BYTES, capturedOf, countOf, flagsOf, fromOf, moveAt, toOf } from "../movegen/movelist";
import { exchangesOn } from "../search/exchanges";

function setOf<V, B>(squares: i32[]): B {
  let set: B = 0;
  for (let i = 0; i < squares.length; i++) set |= bit<B>(bitOfSquare<V, B>(squares[i]));
  return set;
}

/** The moves [start, end) as "from-to", sorted, space-separated. */
function named<V, B>(start: i32, end: i32): string {
  const names: string[] = [];
  for (let i = start; i < end; i++) names.push(squareOfBit<V, B>(fromOf(i)).toString() + "-" + squareOfBit<V, B>(toOf(i)).toString());
  names.sort();
  return names.join(" ");
}

/** White's exchanges in a position of men. */
function exchanges<V, B>(white: i32[], black: i32[]): string {
  const end = exchangesOn<V, B, White>(setOf<V, B>(white), setOf<V, B>(black), 0, 0);
  return named<V, B>(0, end);
}

describe("exchanges by hand: international", () => {
  it("an exchange backed twice is in; a sacrifice and quiet moves are out", () => {
    // White 32 35 37 38 41 43, Black 23 24. White's moves: 32-27 32-28 35-30 37-31 38-33 41-36 43-39.
    //   32-28: B 23x32 is Black's only capture (from 32 the jumps over 37 and 38 are blocked by
    //          41 and 43); White retakes 37x28 or 38x27, one for one: in.
    //   35-30: B 24x35 is forced, but 35 is on the edge and 30 and 40 are empty: nothing
    //          retakes, a sacrifice: out.
    //   32-27 37-31 38-33 41-36 43-39: no black man stands next to a white one afterwards: no
    //          capture in reply: out.
    expect(exchanges<International, u64>([32, 35, 37, 38, 41, 43], [23, 24])).toBe("32-28");
  });
  it("a capture that must go on and take two is not a trade", () => {
    // White 32 37 38 43 47, Black 23. 32-28: B 23x32 cannot stop on 32 (an unfinished capture
    // is no move): 41 is empty, so it goes on over 37 to 41, two men (28, 37); White's one reply
    // is 47x36, one man: out. Nothing else gives Black a capture.
    expect(exchanges<International, u64>([32, 37, 38, 43, 47], [23])).toBe("");
  });
});

// One 8×8 position, read under four rules. White 20 22 24 25 26 29 30 31, Black 10 14 15.
// White's moves: 20-16 22-17 22-18 24-19 25-21 26-23 31-27.
//   22-18: Black must take, B 14x23 or B 15x22 (their jumps on, over 26 or 25, are blocked by 30
//          and 29, 31). After 14x23, 26x19 retakes forwards. After 15x22, 26x17 retakes one and
//          25x18x9 two (over 22, then 14): in, under every rule (where the most must be taken,
//          White takes two).
//   22-17: B 14x21 is forced; 21 is on the edge and nothing jumps it: a sacrifice, out.
//   24-19: B 15x24 is forced (it cannot go on: 27 and 28 are empty). The only man next to 24 is
//          White's 20, in front of it: 20x27 is a capture backwards, legal for russian and
//          brazilian men, not for english or italian men. In for russian and brazilian, out for
//          english and italian.
//   20-16 25-21 26-23 31-27: no black man is next to a white one afterwards (16 touches 11 and
//          12, both empty), so no capture in reply: out.
const WHITE_8: i32[] = [20, 22, 24, 25, 26, 29, 30, 31];
const BLACK_8: i32[] = [10, 14, 15];
// The same squares in italian's numbers (each row numbered from the other end): 20 → 17,
// 22 → 23, 24 → 21, 25 → 28, 26 → 27, 29 → 32, 30 → 31, 31 → 30, 10 → 11, 14 → 15, 15 → 14;
// the moves 22-18 → 23-19, 24-19 → 21-18.
const WHITE_ITALIAN: i32[] = [17, 23, 21, 28, 27, 32, 31, 30];
const BLACK_ITALIAN: i32[] = [11, 15, 14];

describe("exchanges by hand: 8×8", () => {
  it("english: men retake forwards only", () => {
    expect(exchanges<English, u32>(WHITE_8, BLACK_8)).toBe("22-18");
  });
  it("italian: the same squares, numbered from the other end", () => {
    expect(exchanges<Italian, u32>(WHITE_ITALIAN, BLACK_ITALIAN)).toBe("23-19");
  });
  it("russian: men retake backwards too", () => {
    expect(exchanges<Russian, u32>(WHITE_8, BLACK_8)).toBe("22-18 24-19");
  });
  it("brazilian: men retake backwards, the most pieces taken", () => {
    expect(exchanges<Brazilian, u32>(WHITE_8, BLACK_8)).toBe("22-18 24-19");
  });
});

describe("exchanges: where there are none", () => {
  it("with kings on the board, with a capture pending, under optional capture, in antidraughts", () => {
    const white = setOf<International, u64>([32, 35, 37, 38, 41, 43]);
    const black = setOf<International, u64>([23, 24]);
    expect(exchangesOn<International, u64, White>(white, black, 0, 5)).toBe(6, "the position above has one");
    const king = setOf<International, u64>([1]);
    expect(exchangesOn<International, u64, White>(white, black | king, king, 5)).toBe(5, "a black king far off");
    // White to move with 23 next to 28: 28x19 is pending.
    const pending = white | setOf<International, u64>([28]);
    expect(exchangesOn<International, u64, White>(pending, black, 0, 5)).toBe(5, "a capture to make");
    setOptionalCapture(true);
    expect(exchangesOn<International, u64, White>(white, black, 0, 5)).toBe(5, "nothing is forced");
    setOptionalCapture(false);
    setGameEnd(ENDING_ANTIDRAUGHTS);
    expect(exchangesOn<International, u64, White>(white, black, 0, 5)).toBe(5, "antidraughts");
    setGameEnd(ENDING_STANDARD);
  });
});
