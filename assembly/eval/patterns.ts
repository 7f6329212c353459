// Learned men patterns: the board is covered by overlapping windows of four rows by four
// columns (eight dark squares each), starting every second row and column: nine on 8×8 (at 0,
// 2, 4), sixteen on 10×10 (at 0, 2, 4, 6). Every arrangement of men in a window, 3^8 = 6561 of
// them (empty, own man, enemy man on each square), has a weight fitted from self-play (see
// tools/train). Kings count as empty squares here: the hand-written terms value them, and on
// 8×8 the kings' windows (king-windows.ts) weigh the kings and men of each window beside them.
//
// Each window is read twice, once from each side's view: White's view reads the window as it
// stands, Black's reads the window turned half a turn, with the colours swapped, and the two
// reads share one weight table. The pattern score is White's minus Black's, so a position and
// its colour-flipped mirror score exactly opposite, whatever the weights.
//
// A window's eight squares lie two to a row in four rows, and in both bit layouts the two squares
// of a row are neighbouring bits: a window's men are gathered into one byte by four shifts, and a
// byte-to-ternary table turns the White and Black bytes into the index (patternIndex, what
// training reads). The evaluation on 8×8 takes a shorter way to the same index (patternSums8).
//
// Weights are int16 in quarter centi-men, an opening and an endgame weight per arrangement,
// blended by the number of pieces on the board. A family without loaded weights has none: its
// evaluation is the hand-written one alone.
//
// The evaluation reads each window once: Black's view of window r reads the squares of White's
// view of window W - 1 - r (W windows lying symmetrically), so one arrangement of a window's men
// gives both views' weights. A second table, built from the weights when they are switched on
// (usePatterns), holds per window and arrangement White's weight minus Black's for that
// window's squares, opening and endgame packed in an i64: W reads instead of 2W; in an i32
// when the weights are small enough that W entries cannot spill (the shipped ones).

import { diagonalTen } from "../board/bitboard";
import { bitOfIndex, boardSize } from "../board/geometry";
import { claimBlock } from "../memory/blocks";
import { FAMILIES } from "./weights";
import { KING_WINDOW_BYTES } from "./king-windows";

/** The most windows of a board: 10×10's four rows of four. */
export const MAX_WINDOWS: i32 = 16;
/** 3^8 arrangements of a window. */
export const STATES: i32 = 6561;
/** Windows start every second row and column. */
const WINDOW_STEP: i32 = 2;
/** The weight family of the 10×10 board (weights.ts). */
const TEN_BY_TEN_FAMILY: i32 = 2;

/** Windows on a side of the board: 3 on 8×8, 4 on 10×10. */
@inline function windowsAcross<B>(): i32 {
  return (boardSize<B>() - 4) / WINDOW_STEP + 1;
}

/** The windows of a board: 9 on 8×8, 16 on 10×10. */
@inline export function windowCount<B>(): i32 {
  return windowsAcross<B>() * windowsAcross<B>();
}

/** The windows of a weight family's board. */
export function familyWindows(family: i32): i32 {
  return family == TEN_BY_TEN_FAMILY ? windowCount<u64>() : windowCount<u32>();
}

/** Bytes of a family's weights: an (opening, endgame) pair of i16 per window and arrangement. */
export function patternBytes(family: i32): i32 {
  return familyWindows(family) * STATES * 4;
}
/** Weights are in quarter centi-men. */
const WEIGHT_SHIFT: i32 = 2;

/** Per board (8×8, 10×10), view (White's, Black's), window and row: the shift of the row's two squares. */
const SHIFTS = memory.data(2 * 2 * MAX_WINDOWS * 4);
/** Byte to ternary digits: bit j gives 3^j (TERNARY) or 3^(7-j) (TERNARY_REVERSED), as u16. */
const TERNARY = memory.data(256 * 2);
const TERNARY_REVERSED = memory.data(256 * 2);
/** Two rows of a window, White's men in the low nibble, Black's in the high: their ternary digits' value, as u16. */
const ROW_PAIRS = memory.data(256 * 2);
/**
 * Per family: the address of its weights (0: none claimed yet), followed in the same block by
 * its combined table, and whether they are in use.
 */
const TABLES = memory.data(4 * FAMILIES);
const IN_USE = memory.data(FAMILIES);
/** Per family: whether its combined table is the compact one (i32 entries, see buildCombined). */
const COMPACT = memory.data(FAMILIES);
/** Per family: whether its kings' windows (king-windows.ts) are in use beside its patterns. */
const KINGS_IN_USE = memory.data(FAMILIES);

@inline function shiftAt<B>(view: i32, region: i32, row: i32): usize {
  return SHIFTS + <usize>((((diagonalTen<B>() ? 2 : 0) + view) * MAX_WINDOWS + region) * 4 + row);
}

/** The first row (`rows`) or column of window `region`: windows go along a row of windows, then down. */
@inline function windowStart<B>(region: i32, rows: bool): i32 {
  const across = windowsAcross<B>();
  return (rows ? region / across : region % across) * WINDOW_STEP;
}

function buildShifts<B>(): void {
  const n = boardSize<B>();
  const half = n >> 1;
  const windows = windowCount<B>();
  for (let view = 0; view < 2; view++) {
    for (let region = 0; region < windows; region++) {
      let top = windowStart<B>(region, true);
      let left = windowStart<B>(region, false);
      // Black's view of a window is the window turned half a turn on the board.
      if (view == 1) {
        top = n - 4 - top;
        left = n - 4 - left;
      }
      for (let i = 0; i < 4; i++) {
        const row = top + i;
        // Row `row` has its dark squares on columns 2k + offset (evaluate.ts's numbering).
        const offset = (row & 1) ^ 1;
        const k = (left - offset + 1) >> 1;
        store<u8>(shiftAt<B>(view, region, i), <u8>bitOfIndex<B>(row * half + k));
        // gather's 8×8 path relies on this: every row of a window 4 bits after the one above.
        if (!diagonalTen<B>()) assert(load<u8>(shiftAt<B>(view, region, i)) == load<u8>(shiftAt<B>(view, region, 0)) + 4 * i);
      }
    }
  }
  // The combined table and patternSums8 rely on these: Black's view of window r reads the
  // squares of White's view of window W - 1 - r, and on 8×8 window r starts at 8 × (r / 3) + r % 3.
  for (let region = 0; region < windows; region++) {
    for (let i = 0; i < 4; i++) assert(load<u8>(shiftAt<B>(1, region, i)) == load<u8>(shiftAt<B>(0, windows - 1 - region, i)));
    if (!diagonalTen<B>()) assert(load<u8>(shiftAt<B>(0, region, 0)) == 8 * (region / 3) + region % 3);
  }
}

function buildTernary(): void {
  for (let byte = 0; byte < 256; byte++) {
    let forward = 0;
    let reversed = 0;
    let power = 1;
    for (let j = 0; j < 8; j++) {
      if ((byte & (1 << j)) != 0) forward += power;
      if ((byte & (1 << (7 - j))) != 0) reversed += power;
      power *= 3;
    }
    store<u16>(TERNARY + (<usize>byte << 1), <u16>forward);
    store<u16>(TERNARY_REVERSED + (<usize>byte << 1), <u16>reversed);
  }
  for (let pair = 0; pair < 256; pair++) {
    store<u16>(ROW_PAIRS + (<usize>pair << 1), <u16>(ternary(pair & 15, false) + 2 * ternary(pair >> 4, false)));
  }
}

/**
 * The windows' indices carried from move to move (the search's, see position/make.ts's
 * nextWindows): window r's index, as White's view reads it, in the 16-bit lane r of four u64
 * (windows 0 to 3, 4 to 7, 8 to 11, 12 to 15; the fourth stays 0 on 8×8). Per board and bit, WINDOW_DIGITS holds what a White man on
 * that bit adds to each lane, its ternary digit in every window that holds the square; a Black
 * man adds twice that. A lane stays within 0 … 6560 whatever is added or taken away, since a
 * digit is only taken from a window that holds it and only added to one that lacks it: no lane
 * ever carries into the next, and four additions or subtractions move sixteen indices.
 */
export const WINDOW_BYTES: i32 = 32;
const WINDOW_DIGITS = memory.data(2 * 64 * WINDOW_BYTES);

@inline export function windowDigitsAt<B>(b: i32): usize {
  return WINDOW_DIGITS + <usize>(((diagonalTen<B>() ? 64 : 0) + b) * WINDOW_BYTES);
}

function buildWindowDigits<B>(): void {
  for (let region = 0; region < windowCount<B>(); region++) {
    const lane = windowDigitsAt<B>(0) + <usize>((region >> 2) << 3);
    const shift = <u64>((region & 3) << 4);
    // gather's byte: row i's two squares at bits 2i and 2i + 1, bit j worth 3^j.
    let power: u64 = 1;
    for (let i = 0; i < 4; i++) {
      const first = <i32>load<u8>(shiftAt<B>(0, region, i));
      for (let t = 0; t < 2; t++) {
        const at = lane + <usize>((first + t) * WINDOW_BYTES);
        store<u64>(at, load<u64>(at) + (power << shift));
        power *= 3;
      }
    }
  }
}

buildShifts<u32>();
buildShifts<u64>();
buildTernary();
buildWindowDigits<u32>();
buildWindowDigits<u64>();

/** Sets the windows' indices at `at` (WINDOW_BYTES) from the men, as patternIndex reads White's view. */
export function setWindows<B>(at: usize, whiteMen: B, blackMen: B): void {
  memory.fill(at, 0, <usize>WINDOW_BYTES);
  for (let region = 0; region < windowCount<B>(); region++) {
    const lane = at + <usize>((region >> 2) << 3);
    store<u64>(lane, load<u64>(lane) | (<u64>patternIndex<B>(whiteMen, blackMen, 0, region) << <u64>((region & 3) << 4)));
  }
}

/** Window `region`'s index among the windows' indices at `at`. */
@inline export function windowIndex(at: usize, region: i32): i32 {
  return <i32>((load<u64>(at + <usize>((region >> 2) << 3)) >> <u64>((region & 3) << 4)) & 0xffff);
}

/** The men of `men` in window `region` of `view`, as a byte: row i's two squares at bits 2i, 2i + 1. */
@inline function gather<B>(men: B, view: i32, region: i32): i32 {
  const at = shiftAt<B>(view, region, 0);
  if (!diagonalTen<B>()) {
    // 8×8: four bits a row and windows on even columns, so a window's rows lie 4 bits apart
    // from its first (buildShifts); one mask takes them, two folds pack them into a byte.
    let g = (<u32>men >> <u32>load<u8>(at)) & 0x3333;
    g = (g | (g >> 2)) & 0x0f0f;
    return <i32>((g | (g >> 4)) & 0xff);
  }
  const three = <B>3;
  const g = ((men >> <B>load<u8>(at)) & three)
    | (((men >> <B>load<u8>(at, 1)) & three) << <B>2)
    | (((men >> <B>load<u8>(at, 2)) & three) << <B>4)
    | (((men >> <B>load<u8>(at, 3)) & three) << <B>6);
  return <i32>g;
}

@inline function ternary(byte: i32, reversed: bool): i32 {
  return <i32>load<u16>((reversed ? TERNARY_REVERSED : TERNARY) + (<usize>byte << 1));
}

/** The arrangement index of `region` from `view` (0 White's, 1 Black's): own men digit 1, enemy men 2. */
@inline export function patternIndex<B>(whiteMen: B, blackMen: B, view: i32, region: i32): i32 {
  if (view == 0) return ternary(gather<B>(whiteMen, 0, region), false) + 2 * ternary(gather<B>(blackMen, 0, region), false);
  return ternary(gather<B>(blackMen, 1, region), true) + 2 * ternary(gather<B>(whiteMen, 1, region), true);
}

/** Address of a family's weights, claimed on first use; 0 when memory cannot grow. */
export function patternTable(family: i32): usize {
  const slot = TABLES + (<usize>family << 2);
  let table = <usize>load<u32>(slot);
  if (table == 0) {
    // The weights, then the combined table: an i64 per window and arrangement; on 8×8 then the
    // kings' windows' weights.
    const bytes = <usize>(patternBytes(family) * 3 + kingWindowBytes(family));
    table = claimBlock(0, 0, bytes);
    if (table == 0) return 0;
    memory.fill(table, 0, bytes);
    store<u32>(slot, <u32>table);
  }
  return table;
}

/** Bytes of a family's kings' windows' weights: the 8×8 families have them (king-windows.ts). */
export function kingWindowBytes(family: i32): i32 {
  return family == 0 || family == 1 ? KING_WINDOW_BYTES : 0;
}

/** Address of a family's kings' windows' weights, claimed with its patterns; 0 when it has none or memory cannot grow. */
export function kingWindowTable(family: i32): usize {
  if (kingWindowBytes(family) == 0) return 0;
  const table = patternTable(family);
  return table == 0 ? 0 : table + <usize>(patternBytes(family) * 3);
}

/** Turns a family's kings' windows on (after their weights were written) or off; false when it has none. */
export function useKingWindows(family: i32, on: bool): bool {
  if (on && (kingWindowBytes(family) == 0 || load<u32>(TABLES + (<usize>family << 2)) == 0)) return false;
  store<u8>(KINGS_IN_USE + <usize>family, on ? 1 : 0);
  return true;
}

/** Whether a family's kings' windows count (they count only while its patterns do). */
@inline export function kingWindowsInUse(family: i32): bool {
  return load<u8>(KINGS_IN_USE + <usize>family) != 0;
}

/** The kings' windows' weights of a family whose patterns were claimed (kingWindowTable without the checks). */
@inline export function kingWindowsOf(family: i32): usize {
  return <usize>load<u32>(TABLES + (<usize>family << 2)) + <usize>(patternBytes(family) * 3);
}

/** Turns a family's patterns on (after its weights were written: the combined table follows them) or off. */
export function usePatterns(family: i32, on: bool): bool {
  const table = <usize>load<u32>(TABLES + (<usize>family << 2));
  if (on && table == 0) return false;
  if (on) store<u8>(COMPACT + <usize>family, buildCombined(table, familyWindows(family)) ? 1 : 0);
  pausePatterns(family, !on);
  return true;
}

/** Stops or resumes a family's patterns as they are, nothing rebuilt (for a look at the hand-written terms alone). */
@inline export function pausePatterns(family: i32, paused: bool): void {
  store<u8>(IN_USE + <usize>family, paused ? 0 : 1);
}

@inline export function patternsInUse(family: i32): bool {
  return load<u8>(IN_USE + <usize>family) != 0;
}

/** The pieces at which the opening weights count fully: a full board. */
@inline export function fullBoard<B>(): i32 {
  return diagonalTen<B>() ? 40 : 24;
}

/** The combined table that follows the weights of `windows` windows at `table`. */
@inline function combinedOf(table: usize, windows: i32): usize {
  return table + <usize>(windows * STATES * 4);
}

/** A family's combined table, as the evaluation reads it on board B. */
@inline function combinedOfFamily<B>(family: i32): usize {
  return combinedOf(<usize>load<u32>(TABLES + (<usize>family << 2)), windowCount<B>());
}

/** Whether a family's combined table is the compact one (i32 entries). */
@inline export function combinedIsCompact(family: i32): bool {
  return load<u8>(COMPACT + <usize>family) != 0;
}

/**
 * A window's weights, opening and endgame, as one T that sums both exactly: E × 2^32 + O in an
 * i64, E × 2^16 + O in an i32 (the compact table).
 */
@inline function packed<T>(opening: i32, endgame: i32): T {
  return sizeof<T>() == 8 ? <T>((<i64>endgame << 32) + <i64>opening) : <T>((endgame << 16) + opening);
}

/** The entry of window `region` for arrangement `index` in a combined table of T. */
@inline function entryAt<T>(combined: usize, region: i32, index: usize): T {
  return load<T>(combined + <usize>(region * STATES * sizeof<T>()) + index * sizeof<T>());
}

/**
 * Per window r and arrangement i of its men (White's men digit 1, Black's digit 2, as White's
 * view reads it): White's weight for i in r minus Black's weight for the same men in window
 * W - 1 - r, whose index is the reversed reading with the colours swapped. Built as i64
 * entries, then packed into i32 entries in place when every sum of W entries fits 16 bits a
 * half (a table half the size, kinder to the cache): returns whether it was.
 */
function buildCombined(table: usize, windows: i32): bool {
  const combined = combinedOf(table, windows);
  let openingBound = 0;
  let endgameBound = 0;
  for (let region = 0; region < windows; region++) {
    let openingMost = 0;
    let endgameMost = 0;
    for (let white = 0; white < 256; white++) {
      for (let black = 0; black < 256; black++) {
        if ((white & black) != 0) continue;
        const own = ternary(white, false) + 2 * ternary(black, false);
        const other = ternary(black, true) + 2 * ternary(white, true);
        const a = load<i32>(table + <usize>(region * STATES * 4) + (<usize>own << 2));
        const b = load<i32>(table + <usize>((windows - 1 - region) * STATES * 4) + (<usize>other << 2));
        // Low half the opening weight, high half the endgame weight (both signed).
        const opening = <i32>(<i16>a) - <i32>(<i16>b);
        const endgame = (a >> 16) - (b >> 16);
        openingMost = max(openingMost, abs(opening));
        endgameMost = max(endgameMost, abs(endgame));
        store<i64>(combined + <usize>(region * STATES * 8) + (<usize>own << 3), packed<i64>(opening, endgame));
      }
    }
    openingBound += openingMost;
    endgameBound += endgameMost;
  }
  if (openingBound > <i32>i16.MAX_VALUE || endgameBound > <i32>i16.MAX_VALUE) return false;
  // Entry k moves from byte 8k to byte 4k: in increasing k it only overwrites entries already moved.
  for (let k = 0; k < windows * STATES; k++) {
    const entry = load<i64>(combined + (<usize>k << 3));
    store<i32>(combined + (<usize>k << 2), packed<i32>(<i32>entry, <i32>((entry - <i64><i32>entry) >> 32)));
  }
  return true;
}

/**
 * The pattern score from White's side, in centi-men: per window, the weight of White's view
 * minus the weight of Black's, the opening and endgame sums blended by `pieces`.
 */
export function patternScore<B>(family: i32, whiteMen: B, blackMen: B, pieces: i32): i32 {
  const combined = combinedOfFamily<B>(family);
  if (combinedIsCompact(family)) return blend<B, i32>(sumsOfMen<B, i32>(combined, whiteMen, blackMen), pieces);
  return blend<B, i64>(sumsOfMen<B, i64>(combined, whiteMen, blackMen), pieces);
}

@inline function sumsOfMen<B, T>(combined: usize, whiteMen: B, blackMen: B): T {
  return diagonalTen<B>() ? patternSums<B, T>(combined, whiteMen, blackMen) : patternSums8<T>(combined, <u32>whiteMen, <u32>blackMen);
}

/** The opening and endgame sums (packed in a T) blended by the pieces on the board, in centi-men. */
@inline function blend<B, T>(sums: T, pieces: i32): i32 {
  // The sum of the packed entries is E × 2^32 + O (E × 2^16 + O) with O within the low half's
  // range (buildCombined): O is the low half, signed.
  const opening = sizeof<T>() == 8 ? <i32>sums : <i32>(<i16>sums);
  const endgame = <i32>((sums - <T>opening) >> <T>(sizeof<T>() << 2));
  const full = fullBoard<B>();
  const phase = min(pieces, full);
  return (opening * phase + endgame * (full - phase)) / (full << WEIGHT_SHIFT);
}

/** The pattern score (as patternScore) from the windows' indices at `at` (setWindows, nextWindows). */
export function patternScoreOf<B>(family: i32, at: usize, pieces: i32): i32 {
  const combined = combinedOfFamily<B>(family);
  if (combinedIsCompact(family)) return blend<B, i32>(sumsOfWindows<B, i32>(combined, at), pieces);
  return blend<B, i64>(sumsOfWindows<B, i64>(combined, at), pieces);
}

@inline function sumsOfWindows<B, T>(combined: usize, at: usize): T {
  const a = load<u64>(at);
  const b = load<u64>(at, 8);
  const c = load<u64>(at, 16);
  const first = laneEntries<T>(combined, 0, a) + laneEntries<T>(combined, 4, b);
  if (!diagonalTen<B>()) return first + laneEntry<T>(combined, 8, c, 0);
  return first + laneEntries<T>(combined, 8, c) + laneEntries<T>(combined, 12, load<u64>(at, 24));
}

/** The packed entry of window `region`, its index in the lane at `shift` of `lanes`. */
@inline function laneEntry<T>(combined: usize, region: i32, lanes: u64, shift: i32): T {
  return entryAt<T>(combined, region, <usize>((lanes >> <u64>shift) & 0xffff));
}

/** The packed entries of the four windows from `first` whose indices fill `lanes`. */
@inline function laneEntries<T>(combined: usize, first: i32, lanes: u64): T {
  return laneEntry<T>(combined, first, lanes, 0) + laneEntry<T>(combined, first + 1, lanes, 16)
    + laneEntry<T>(combined, first + 2, lanes, 32) + laneEntry<T>(combined, first + 3, lanes, 48);
}

/** The packed sums over the windows, read through patternIndex (any board). */
function patternSums<B, T>(combined: usize, whiteMen: B, blackMen: B): T {
  let sums: T = 0;
  for (let region = 0; region < windowCount<B>(); region++) {
    sums += entryAt<T>(combined, region, <usize>patternIndex<B>(whiteMen, blackMen, 0, region));
  }
  return sums;
}

/**
 * One column of 8×8 windows, both sides at once: byte k holds the men of rows 2k and 2k + 1
 * (two squares each), White's in the low nibble and Black's in the high one, as ROW_PAIRS reads.
 */
@inline function columnPairs(whiteMen: u32, blackMen: u32, column: u32): u32 {
  const w = (whiteMen >> column) & 0x33333333;
  const b = (blackMen >> column) & 0x33333333;
  return ((w | (w >> 2)) & 0x0f0f0f0f) | (((b | (b >> 2)) & 0x0f0f0f0f) << 4);
}

/** The ternary value of the row pair in byte k of a column's pairs (columnPairs). */
@inline function rowPair(pairs: u32, k: i32): i32 {
  return <i32>load<u16>(ROW_PAIRS + (<usize>((pairs >> (<u32>k << 3)) & 0xff) << 1));
}


/**
 * The same sums on 8×8, a column of three windows at a time (window r at shift
 * 8 × (r / 3) + r % 3): the window of rows 2k to 2k + 3 has its first two rows' digits from
 * row pair k and its last two rows' from pair k + 1, worth 3^4 = 81 times more. The nine
 * windows are written out: no loop to keep, constant offsets.
 */
function patternSums8<T>(combined: usize, whiteMen: u32, blackMen: u32): T {
  const c0 = columnPairs(whiteMen, blackMen, 0);
  const c1 = columnPairs(whiteMen, blackMen, 1);
  const c2 = columnPairs(whiteMen, blackMen, 2);
  // pCK: column C's row pair K. Pairs 1 and 2 are shared by two windows each.
  const p01 = rowPair(c0, 1);
  const p02 = rowPair(c0, 2);
  const p11 = rowPair(c1, 1);
  const p12 = rowPair(c1, 2);
  const p21 = rowPair(c2, 1);
  const p22 = rowPair(c2, 2);
  return entryAt<T>(combined, 0, <usize>(rowPair(c0, 0) + 81 * p01))
    + entryAt<T>(combined, 1, <usize>(rowPair(c1, 0) + 81 * p11))
    + entryAt<T>(combined, 2, <usize>(rowPair(c2, 0) + 81 * p21))
    + entryAt<T>(combined, 3, <usize>(p01 + 81 * p02))
    + entryAt<T>(combined, 4, <usize>(p11 + 81 * p12))
    + entryAt<T>(combined, 5, <usize>(p21 + 81 * p22))
    + entryAt<T>(combined, 6, <usize>(p02 + 81 * rowPair(c0, 3)))
    + entryAt<T>(combined, 7, <usize>(p12 + 81 * rowPair(c1, 3)))
    + entryAt<T>(combined, 8, <usize>(p22 + 81 * rowPair(c2, 3)));
}
