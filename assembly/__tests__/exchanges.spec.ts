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
  Brazilian, Canadian, Czech, English, Frisian, International, Italian, Killer, Pool, Russian, Spanish, Thai, Turkish,
} from "../board/variants";
import { ENDING_ANTIDRAUGHTS, ENDING_STANDARD } from "../contract/contract";
import { setGameEnd } from "../eval/game-end";
import { LIST_MERGE, LIST_OPTIONAL, RECORD_BYTES } from "../board/record";
import { generateLegal } from "../movegen/legal";
import { writeRecord } from "../position/record";
import { FLAG_KING, FLAG_PROMOTES, MOVE_BYTES, capturedOf, countOf, flagsOf, fromOf, moveAt, toOf } from "../movegen/movelist";
import { exchangesOn } from "../search/exchanges";
import { nextRandom, seedRandom } from "./helpers/random";

/** The record every listing here reads: the search's conventions (routes merged), no streaks, no high words. */
const LISTED = memory.data(RECORD_BYTES);
writeRecord(LISTED, LIST_MERGE, 0, 0);
/** The same under the optional-capture house rule. */
const OPTIONAL = memory.data(RECORD_BYTES);
writeRecord(OPTIONAL, LIST_MERGE | LIST_OPTIONAL, 0, 0);

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
  const end = exchangesOn<V, B, White>(setOf<V, B>(white), setOf<V, B>(black), 0, LISTED, 0);
  return named<V, B>(0, end);
}

describe("exchanges by hand: international", () => {
  it("an exchange backed twice is in; a sacrifice and quiet moves are out", () => {
    // White 32 35 37 38 41 43, Black 23 24. White's moves: 32-27 32-28 35-30 37-31 38-33 41-36 43-39.
    //   32-28: B 23x32 is Black's only capture (from 32 the jumps over 37 and 38 are blocked by
    //          41 and 43); White retakes 37x28 or 38x27, one for one: in.
    //   35-30: B 24x35 is forced, and a man on the board's edge cannot be jumped: nothing
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
  it("two for two is in; a capture Black may choose and keep is out", () => {
    // White 11 14 18, Black 17 22 27 (nothing to take now: 17 and 22 are each backed, 27 behind 22).
    //   14-9: Black has 17x6 (over 11) and 22x13x4 (over 18, then 9, ending on 4, which is not
    //         Black's far row): the most pieces must be taken, so 22x4, two men. White's 11 then
    //         takes 11x22x31 (over 17, through the emptied 22, over 27): two for two, in.
    //   14-10: Black chooses between 17x6 and 22x13 (one man each; from 13 nothing goes on, 9 is
    //          empty). After 17x6 nothing of White's touches a black man: out.
    //   18-12: 17x6 or 17x8, one man each; after 17x6 White has no capture: out.
    //   18-13: 17x6 is forced (22 has nothing to jump) and nothing retakes on 6: out.
    //   11-6, 11-7: 22x13 over 18 is forced; 13 touches 8, 9, 18, 19, none White's: out.
    expect(exchanges<International, u64>([11, 14, 18], [17, 22, 27])).toBe("14-9");
  });
});

// One 8×8 position, read under four rules. White 20 22 24 25 26 29 30 31, Black 10 14 15.
// White's moves: 20-16 22-17 22-18 24-19 25-21 26-23 31-27.
//   22-18: Black must take, B 14x23 or B 15x22, and neither goes on (30 stands behind 26, 29 and
//          31 behind 25 and 26). After 14x23, 26x19 retakes forwards. After 15x22, 26x17 retakes
//          one and 25x18x9 two (over 22, then 14): in, under every rule (where the most must be
//          taken, White takes two).
//   22-17: B 14x21 is forced; 21 is on the edge and nothing jumps it: a sacrifice, out.
//   24-19: B 15x24 is forced (it cannot go on: 27 and 28 are empty, and 20, for the men that
//          capture backwards, stands on the edge). The only man next to 24 is White's 20, in
//          front of it: 20x27 is a capture backwards, legal for russian and brazilian men, not
//          for english or italian men. In for russian and brazilian, out for english and italian.
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
  it("a capture that crowns is not a trade, even when a man is retaken", () => {
    // White 30 32, Black 23 26 (30x26 is blocked by 23, 31 is empty).
    //   32-27: B 23x32 is forced and crowns on 32. White retakes 30x23, over 26 into the emptied
    //          23: one man for one, but Black has a king for it, and a king on the far row
    //          cannot be jumped: out (russian: the new king stops on 32 too, nothing to take on).
    //   32-28, 30-25: no black man next to a white one: out.
    expect(exchanges<English, u32>([30, 32], [23, 26])).toBe("");
    expect(exchanges<Russian, u32>([30, 32], [23, 26])).toBe("");
  });
});

describe("exchanges by hand: frisian", () => {
  it("a recapture along a file", () => {
    // White 32 42 43, Black 23. 32-28: B 23x32 is forced (from 32 nothing goes on: 37, 38 and
    // 31, 33 are empty, and down the file, 42 has the edge behind it).
    // 32, 42 and 22 are one file (column 4, two rows apart): frisian's 42 takes 42x22 straight
    // up it, one for one: in. In international the same squares give no recapture: a sacrifice.
    // The other moves (32-27, 42-37, 42-38, 43-38, 43-39) leave no black man next to a white one
    // on any line: out.
    expect(exchanges<Frisian, u64>([32, 42, 43], [23])).toBe("32-28");
    expect(exchanges<International, u64>([32, 42, 43], [23])).toBe("");
  });
});

describe("exchanges: where there are none", () => {
  it("with kings on the board, with a capture pending, under optional capture, in antidraughts, on 12×12", () => {
    const white = setOf<International, u64>([32, 35, 37, 38, 41, 43]);
    const black = setOf<International, u64>([23, 24]);
    expect(exchangesOn<International, u64, White>(white, black, 0, LISTED, 5)).toBe(6, "the position above has one");
    const king = setOf<International, u64>([1]);
    expect(exchangesOn<International, u64, White>(white, black | king, king, LISTED, 5)).toBe(5, "a black king far off");
    // White to move with 23 next to 28: 28x19 is pending.
    const pending = white | setOf<International, u64>([28]);
    expect(exchangesOn<International, u64, White>(pending, black, 0, LISTED, 5)).toBe(5, "a capture to make");
    expect(exchangesOn<International, u64, White>(white, black, 0, OPTIONAL, 5)).toBe(5, "nothing is forced");
    setGameEnd(ENDING_ANTIDRAUGHTS);
    expect(exchangesOn<International, u64, White>(white, black, 0, LISTED, 5)).toBe(5, "antidraughts");
    setGameEnd(ENDING_STANDARD);
    // Canadian's sets take two words; the generator leaves its board alone (and compiles for it).
    expect(exchangesOn<Canadian, u64, White>(white, black, 0, LISTED, 5)).toBe(5, "12×12");
  });
});

// ---- random positions ------------------------------------------------------------------------

/** The definition again, from full legal listings: whether the move at `index` (side `C`, the opponent `O`) is an exchange; lists from `scratch`. */
function byDefinition<V, B, C, O>(us: B, them: B, index: i32, scratch: i32): bool {
  if (countOf(index) != 0 || (flagsOf(index) & (FLAG_KING | FLAG_PROMOTES)) != 0) return false;
  const ours = (us & ~bit<B>(fromOf(index))) | bit<B>(toOf(index));
  const replies = generateLegal<V, B, O>(them, ours, 0, LISTED, scratch);
  if (replies == scratch || countOf(scratch) == 0) return false;
  for (let j = scratch; j < replies; j++) {
    const crowned = (flagsOf(j) & FLAG_PROMOTES) != 0;
    const theirs = (them & ~bit<B>(fromOf(j))) | bit<B>(toOf(j));
    const answers = generateLegal<V, B, C>(ours & ~<B>capturedOf(j), theirs, crowned ? bit<B>(toOf(j)) : 0, LISTED, replies);
    let answered = false;
    for (let k = replies; k < answers; k++) {
      if (countOf(k) >= countOf(j) && (!crowned || has<B>(<B>capturedOf(k), toOf(j)))) answered = true;
    }
    if (!answered) return false;
  }
  return true;
}

/** Where the exchanges are listed, with records below that must stay as they were; where the checks list. */
const TOP: i32 = 3;
/** Moves of the last checkRandom answered by a capture that the definition leaves out. */
let refused = 0;
const LEGAL_AT: i32 = 1000;
const SCRATCH_AT: i32 = 2000;

/** Whether the opponent `O` must capture after side `C`'s move at `index`. */
function answeredByCapture<V, B, O>(us: B, them: B, index: i32): bool {
  const ours = (us & ~bit<B>(fromOf(index))) | bit<B>(toOf(index));
  const replies = generateLegal<V, B, O>(them, ours, 0, LISTED, SCRATCH_AT);
  return replies > SCRATCH_AT && countOf(SCRATCH_AT) > 0;
}

/** Checks side `C`'s exchanges in one position against the definition; returns how many there are. */
function checkPosition<V, B, C, O>(us: B, them: B): i32 {
  for (let i = 0; i < TOP; i++) store<u64>(moveAt(i), 0x5a5a5a5a5a5a5a5a);
  const end = exchangesOn<V, B, C>(us, them, 0, LISTED, TOP);
  for (let i = 0; i < TOP; i++) expect(load<u64>(moveAt(i))).toBe(0x5a5a5a5a5a5a5a5a, "the stack below top is left alone");
  const legal = generateLegal<V, B, C>(us, them, 0, LISTED, LEGAL_AT);
  if (legal > LEGAL_AT && countOf(LEGAL_AT) != 0) {
    expect(end).toBe(TOP, "none with a capture pending");
    return 0;
  }
  let at = TOP;
  for (let i = LEGAL_AT; i < legal; i++) {
    if (!byDefinition<V, B, C, O>(us, them, i, SCRATCH_AT)) {
      if (answeredByCapture<V, B, O>(us, them, i)) refused++;
      continue;
    }
    expect(at).toBeLessThan(end, "an exchange missing");
    if (at >= end) return 0;
    expect(memory.compare(moveAt(at), moveAt(i), MOVE_BYTES)).toBe(0, "the same record, in the order of the quiet moves");
    at++;
  }
  expect(end).toBe(at, "no move beyond the exchanges");
  // What the list promises, said directly: legal quiet moves of men, each answered by a capture.
  for (let i = TOP; i < end; i++) {
    expect(countOf(i)).toBe(0);
    expect(flagsOf(i) & FLAG_KING).toBe(0);
    expect(answeredByCapture<V, B, O>(us, them, i)).toBe(true, "the opponent must capture");
  }
  return end - TOP;
}

/** Random positions of men (none on its own far row), either side to move; asserts some exchanges were found. */
function checkRandom<V, B>(positions: i32): void {
  const squares = squaresOf<V, B>();
  let found = 0;
  refused = 0;
  for (let n = 0; n < positions; n++) {
    let white: B = 0;
    let black: B = 0;
    const density = 1 + <i32>(nextRandom() % 4);
    for (let square = 1; square <= squares; square++) {
      const b = bitOfSquare<V, B>(square);
      const roll = <i32>(nextRandom() % 10);
      if (roll < density && !has<B>(geometry<V>().promotionRow<B>(true), b)) white |= bit<B>(b);
      else if (roll >= 10 - density && !has<B>(geometry<V>().promotionRow<B>(false), b)) black |= bit<B>(b);
    }
    found += (nextRandom() & 1) != 0
      ? checkPosition<V, B, White, Black>(white, black)
      : checkPosition<V, B, Black, White>(black, white);
  }
  expect(found).toBeGreaterThan(0, "the positions held exchanges to check");
  expect(refused).toBeGreaterThan(0, "and moves answered by a capture that are not exchanges");
}

// 12×12 (canadian) is left out: the generator lists none there (see search/exchanges.ts).
describe("exchanges on random positions are the moves of the definition", () => {
  seedRandom(61);
  it("8×8, men capturing forwards only", () => {
    checkRandom<English, u32>(1000);
    checkRandom<Italian, u32>(1000);
    checkRandom<Spanish, u32>(1000);
    checkRandom<Czech, u32>(1000);
    checkRandom<Thai, u32>(1000);
  });
  it("8×8, men capturing backwards too", () => {
    checkRandom<Russian, u32>(1000);
    checkRandom<Brazilian, u32>(1000);
    checkRandom<Pool, u32>(1000);
  });
  it("10×10 and turkish's board", () => {
    checkRandom<International, u64>(1000);
    checkRandom<Killer, u64>(1000);
    checkRandom<Frisian, u64>(1000);
    checkRandom<Turkish, u64>(1000);
  });
});
