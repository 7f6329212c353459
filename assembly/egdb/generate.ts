// The retrograde generator (docs/endgame-databases.md "Generation"): one pair of slices, `abcd`
// and `cdab`, solved from the finished slices its captures and promotions lead to.
//
// Work memory, two bytes a position of the pair (the first slice, then the second when the pair
// is two slices): the statuses, then as many counts of the moves left inside the pair not yet
// known to lose. Statuses side by side let a round skip eight undecided positions at a time.
// Once a position is won or lost its count is not needed: the byte holds its distance instead,
// the plies to the move that leaves the pair (distancesOf).

import { bit, has, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, OFF_BOARD, allSquares, neighbour } from "../board/geometry";
import { White } from "../board/side";
import { claimBlock } from "../memory/blocks";
import { generateLegal } from "../movegen/legal";
import { capturedOf, flagsOf, FLAG_PROMOTES, moveAt } from "../movegen/movelist";
import { nextKings, nextThem, nextUs } from "../position/make";
import { kingTargets } from "../movegen/quiet";
import { capturers } from "../movegen/captures";
import { LIST_MERGE, RECORD_BYTES } from "../board/record";
import { writeRecord } from "../position/record";
import {
  choose, decode, everySquare, firstSet, indexOf, keyOfSets, manSquares, nextSet, placeOn, rowOf, sliceKey, sliceSize, squaresOn,
  themKings as decodedThemKings, themMen as decodedThemMen, toBits, toIndexSet, turned, usKings as decodedUsKings, usMen as decodedUsMen,
} from "./index-scheme";
import { DRAW, LOSS, LOST_IN, MAX_DISTANCE, NO_POSITION, WIN, claimTable, setValueAt, tableOf, valueAt } from "./tables";
import { EGDB_MISSING_SLICE, EGDB_TOO_LARGE, ERROR_NO_MEMORY } from "../contract/contract";

// Statuses in work memory: the low two bits are the value so far.
const OPEN: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;
const DRAWN: u8 = 3;
/** A move leaving the pair draws: the position is at least a draw. */
const DRAW_EXIT: u8 = 4;
const NONE: u8 = 8;
/** Decided in the last round, its predecessors not yet visited (one bit per round parity: FRESH << parity). */
const FRESH: u8 = 16;
/** A capture is pending: decided at the first visit, and left out of the slice's file. */
const CAPTURE: u8 = 64;


let work: usize = 0;
let workHeld: usize = 0;
let firstCount: u64 = 0;
/** From a position's status to its count: the pair's positions. */
let countsAt: usize = 0;

// The position at hand, seen from its side to move (index space).
let usMen: u64 = 0;
let usKings: u64 = 0;
let themMen: u64 = 0;
let themKings: u64 = 0;

@inline function decodeAt<B>(a: i32, b: i32, c: i32, d: i32, index: u64): bool {
  const found = decode<B>(a, b, c, d, index);
  usMen = decodedUsMen;
  usKings = decodedUsKings;
  themMen = decodedThemMen;
  themKings = decodedThemKings;
  return found;
}
let paired: bool = false;
/** A move led to a slice that is not loaded. */
let missing: bool = false;
/** Positions decided in the round being run. */
let decided: u64 = 0;

@inline function entry(second: bool, index: u64): usize {
  return work + <usize>(second ? firstCount + index : index);
}

/** Value, for its side to move, of a position seen from that side; a side with no piece has lost. */
function valueOfSets<B>(um: u64, uk: u64, tm: u64, tk: u64): u8 {
  if ((um | uk) == 0) return LOSS;
  const table = tableOf(keyOfSets(um, uk, tm, tk));
  if (table == 0) {
    missing = true;
    return DRAW;
  }
  return valueAt(table, indexOf<B>(um, uk, tm, tk));
}

/** Value, for the side then to move, of the position after a move: `us` has just moved. */
@inline function valueAfter<B>(us: B, them: B, kings: B): u8 {
  const mover = toIndexSet<B>(us);
  const other = toIndexSet<B>(them);
  const k = toIndexSet<B>(kings);
  return valueOfSets<B>(turned<B>(other & ~k), turned<B>(other & k), turned<B>(mover & ~k), turned<B>(mover & k));
}

/** Moves within the pair that `exits` counted, and all its moves. */
let inside: i32 = 0;
let moves: i32 = 0;
/** Whether the position `exits` looked at has a capture pending (captures are compulsory: its moves all capture). */
let capturing: bool = false;
/** The record the generator's listings are handed (board/record.ts): the databases' plain rules, routes merged, captures forced. */
const RECORD = memory.data(RECORD_BYTES);

/**
 * Moves of the position at hand (usMen …): the value its moves leaving the pair decide (WON,
 * DRAWN when one draws and none wins, else OPEN) and, in `inside`, its moves within the pair;
 * every move is looked up when `withInside` is false.
 */
function exits<V, B>(withInside: bool): u8 {
  const us = toBits<B>(usMen | usKings);
  const them = toBits<B>(themMen | themKings);
  const kings = toBits<B>(usKings | themKings);
  const end = generateLegal<V, B, White>(us, them, kings, RECORD, 0);
  moves = end;
  inside = 0;
  capturing = end > 0 && capturedOf(0) != 0;
  let result = OPEN;
  for (let m = 0; m < end; m++) {
    const captured = <B>capturedOf(m);
    const flags = flagsOf(m);
    if (withInside && captured == 0 && (flags & FLAG_PROMOTES) == 0) {
      inside++;
      continue;
    }
    const move = moveAt(m);
    const value = valueAfter<B>(nextThem<B>(move, us), nextUs<B>(move, them), nextKings<B>(move, kings));
    if (value == LOSS) return WON;
    if (value == DRAW) result = DRAWN;
  }
  return result;
}

/** First visit of the position at hand, index `index` of one slice of the pair. */
@inline function settle<V, B>(second: bool, index: u64): void {
  const at = entry(second, index);
  const found = exits<V, B>(true);
  let status: u8 = found == WON ? WON : found == DRAWN ? DRAW_EXIT : OPEN;
  if (found != WON && inside == 0) status = found == DRAWN ? DRAWN : LOST;
  // Decided here, the count byte is a distance: a win leaves the pair at once, and so does a loss
  // with moves (they all leave it), one ply; a loss with no move is over, 0 plies. Rounds go by
  // distance: the first tells the predecessors of the losses of 0 plies, the second those of
  // every position of 1 ply, these and the first round's wins alike.
  let count = <u8>inside;
  if (status == WON || status == LOST) {
    decided++;
    count = found == WON || moves > 0 ? 1 : 0;
    status |= FRESH << count;
  }
  if (capturing) status |= CAPTURE;
  store<u8>(at, status);
  store<u8>(at + countsAt, count);
}

/**
 * First visit of every position of one slice of the pair, in index order: each of the four sets
 * steps to the next in rank order (the index's digits), so no index is decoded.
 */
function visit<V, B>(second: bool, a: i32, b: i32, c: i32, d: i32): void {
  const n = squaresOn<B>();
  const m = manSquares<B>();
  const ourMen = choose(m, a);
  const theirMen = choose(m, c);
  const ourKings = choose(n - a - c, b);
  const theirKings = choose(n - a - c - b, d);
  const kingsPart = ourKings * theirKings;
  let index: u64 = 0;
  let m1 = firstSet(a);
  for (let i: u64 = 0; i < ourMen; i++, m1 = nextSet(m1)) {
    const um = m1 << <u64>rowOf<B>();
    let m2 = firstSet(c);
    for (let j: u64 = 0; j < theirMen; j++, m2 = nextSet(m2)) {
      if ((um & m2) != 0) {
        memory.fill(entry(second, index), NONE, <usize>kingsPart);
        index += kingsPart;
        continue;
      }
      const free = everySquare<B>() & ~(um | m2);
      let k1 = firstSet(b);
      for (let k: u64 = 0; k < ourKings; k++, k1 = nextSet(k1)) {
        const uk = placeOn(k1, free);
        const left = free & ~uk;
        let k2 = firstSet(d);
        for (let l: u64 = 0; l < theirKings; l++, k2 = nextSet(k2)) {
          usMen = um;
          themMen = m2;
          usKings = uk;
          themKings = placeOn(k2, left);
          settle<V, B>(second, index++);
        }
      }
    }
  }
}

/**
 * The decoded position's predecessor `at` learns that its move here reaches `value` (for the side
 * then to move) in `distance` plies from the predecessor. A win is decided by its first losing
 * move, which comes in the earliest round; a loss by its last move to a win, in the latest.
 */
@inline function tell(at: usize, value: u8, fresh: u8, distance: u8): void {
  const status = load<u8>(at);
  if ((status & 3) != OPEN) return;
  if (value == LOST) {
    store<u8>(at, WON | fresh);
    store<u8>(at + countsAt, distance);
    decided++;
    return;
  }
  const left = load<u8>(at + countsAt) - 1;
  store<u8>(at + countsAt, left);
  if (left != 0) return;
  if ((status & DRAW_EXIT) != 0) {
    store<u8>(at, DRAWN);
  } else {
    store<u8>(at, LOST | fresh);
    store<u8>(at + countsAt, distance);
    decided++;
  }
}

/**
 * Every position of the other slice of the pair from which the side not to move in the decoded
 * position reached it by a move without capture or promotion: a man one step back, a king back
 * along a line. Predecessors are seen from their side to move, so the board is turned.
 */
function predecessors<V, B>(second: bool, value: u8, fresh: u8, distance: u8): void {
  const them = toBits<B>(themMen | themKings);
  const empty = ~(toBits<B>(usMen | usKings) | them) & allSquares<B>();
  const otherMen = turned<B>(usMen);
  const otherKings = turned<B>(usKings);
  const into = paired ? !second : second;
  let men = toBits<B>(themMen);
  while (men != 0) {
    const square = lowest<B>(men);
    men = withoutLowest<B>(men);
    const here = toIndexSet<B>(bit<B>(square));
    for (let direction = NW; direction <= NE; direction++) {
      const back = neighbour<B>(direction, square);
      if (back == OFF_BOARD || !has<B>(empty, back)) continue;
      const moved = (themMen & ~here) | toIndexSet<B>(bit<B>(back));
      tell(entry(into, indexOf<B>(turned<B>(moved), turned<B>(themKings), otherMen, otherKings)), value, fresh, distance);
    }
  }
  let kings = toBits<B>(themKings);
  while (kings != 0) {
    const square = lowest<B>(kings);
    kings = withoutLowest<B>(kings);
    const here = toIndexSet<B>(bit<B>(square));
    let backs = kingTargets<V, B>(square, empty);
    while (backs != 0) {
      const back = lowest<B>(backs);
      backs = withoutLowest<B>(backs);
      const moved = (themKings & ~here) | toIndexSet<B>(bit<B>(back));
      tell(entry(into, indexOf<B>(turned<B>(themMen), turned<B>(moved), otherMen, otherKings)), value, fresh, distance);
    }
  }
}

/** One round: the positions decided in the last one tell their predecessors. */
function round<V, B>(second: bool, a: i32, b: i32, c: i32, d: i32, count: u64, parity: i32): void {
  const now = FRESH << <u8>parity;
  const next = FRESH << <u8>(parity ^ 1);
  const eight = <u64>now * 0x0101010101010101;
  const base = entry(second, 0);
  let i: u64 = 0;
  while (i < count) {
    if (i + 8 <= count && (load<u64>(base + <usize>i) & eight) == 0) {
      i += 8;
      continue;
    }
    const at = base + <usize>i;
    const status = load<u8>(at);
    if ((status & now) != 0) {
      store<u8>(at, status & ~now);
      decodeAt<B>(a, b, c, d, i);
      // A predecessor is a ply further; a distance stops growing at MAX_DISTANCE.
      const distance = load<u8>(at + countsAt);
      predecessors<V, B>(second, status & 3, next, distance < MAX_DISTANCE ? distance + 1 : MAX_DISTANCE);
    }
    i++;
  }
}

/** Writes one slice of the pair to its table. */
function finish(second: bool, key: i32, count: u64): bool {
  const table = claimTable(key, count);
  if (table == 0) return false;
  for (let i: u64 = 0; i < count; i++) {
    const status = load<u8>(entry(second, i));
    const value = (status & NONE) != 0 ? NO_POSITION : (status & 3) == WON ? WIN : (status & 3) == LOST ? LOSS : DRAW;
    setValueAt(table, i, value);
  }
  return true;
}

/**
 * Solves slices `abcd` and `cdab`, the slices their captures and promotions lead to being loaded;
 * returns the number of rounds, or an error (EGDB_MISSING_SLICE, ERROR_NO_MEMORY, EGDB_TOO_LARGE).
 */
export function solvePair<V, B>(a: i32, b: i32, c: i32, d: i32): i32 {
  writeRecord(RECORD, LIST_MERGE, 0, 0);
  paired = a != c || b != d;
  solvedKeys[0] = -1;
  solvedKeys[1] = -1;
  firstCount = sliceSize<B>(a, b, c, d);
  const secondCount = paired ? sliceSize<B>(c, d, a, b) : 0;
  const positions = firstCount + secondCount;
  if (positions >= (<u64>1 << 30)) return EGDB_TOO_LARGE;
  const bytes = <usize>(positions << 1);
  countsAt = <usize>positions;
  const at = claimBlock(work, workHeld, bytes);
  if (at == 0) return ERROR_NO_MEMORY;
  if (at != work || bytes > workHeld) workHeld = bytes;
  work = at;
  memory.fill(work, 0, bytes);
  missing = false;
  decided = 0;
  visit<V, B>(false, a, b, c, d);
  if (paired) visit<V, B>(true, c, d, a, b);
  if (missing) return EGDB_MISSING_SLICE;
  let rounds = 0;
  // The first two rounds run whatever the first finds: the second starts from the visit's too.
  while (decided != 0 || rounds < 2) {
    decided = 0;
    round<V, B>(false, a, b, c, d, firstCount, rounds & 1);
    if (paired) round<V, B>(true, c, d, a, b, secondCount, rounds & 1);
    rounds++;
  }
  if (!finish(false, sliceKey(a, b, c, d), firstCount)) return ERROR_NO_MEMORY;
  if (paired && !finish(true, sliceKey(c, d, a, b), secondCount)) return ERROR_NO_MEMORY;
  solvedKeys[0] = sliceKey(a, b, c, d);
  solvedKeys[1] = paired ? sliceKey(c, d, a, b) : -1;
  return rounds;
}

/** The slice keys of the pair solved last (first, second; -1: none). */
const solvedKeys: StaticArray<i32> = [-1, -1];
let masked: usize = 0;
let maskedHeld: usize = 0;

/**
 * The values of slice `abcd` of the pair solved last, as its file holds them: positions with a
 * capture pending written as "no position" (a probe plays the captures out instead), in a
 * scratch table (two bits a position) valid until the next call; 0 when memory cannot grow or
 * the slice is not of that pair.
 */
export function maskedValues<B>(a: i32, b: i32, c: i32, d: i32): usize {
  const key = sliceKey(a, b, c, d);
  const table = tableOf(key);
  const count = sliceSize<B>(a, b, c, d);
  const bytes = <usize>((count + 3) >> 2);
  if (table == 0 || !scratchFor(key, bytes)) return 0;
  memory.copy(masked, table, bytes);
  for (let i: u64 = 0; i < count; i++) {
    if ((load<u8>(entry(scratchSecond, i)) & CAPTURE) != 0) setValueAt(masked, i, NO_POSITION);
  }
  return masked;
}

/**
 * The distances of slice `abcd` of the pair solved last, a byte a position in a scratch table
 * valid until the next call: 0 a draw (or no position), a win in d plies d (1 … MAX_DISTANCE), a
 * loss in d plies LOST_IN | d (0: no move left). The plies are to the move that leaves the pair
 * (a capture or a promotion): the shortest a win can force, the longest a loss can hold out
 * (round r of solvePair decides the positions of r + 1 plies).
 * 0 when memory cannot grow or the slice is not of that pair.
 */
export function distancesOf<B>(a: i32, b: i32, c: i32, d: i32): usize {
  const count = sliceSize<B>(a, b, c, d);
  if (!scratchFor(sliceKey(a, b, c, d), <usize>count)) return 0;
  for (let i: u64 = 0; i < count; i++) {
    const at = entry(scratchSecond, i);
    const value = load<u8>(at) & 3;
    const distance = load<u8>(at + countsAt);
    store<u8>(masked + <usize>i, (load<u8>(at) & NONE) != 0 ? 0 : value == WON ? distance : value == LOST ? LOST_IN | distance : 0);
  }
  return masked;
}

/** Which slice of the pair solved last the scratch table is for (scratchFor). */
let scratchSecond = false;

/** The scratch table grown to `bytes` for slice `key` of the pair solved last; false when it is not of that pair or memory cannot grow. */
function scratchFor(key: i32, bytes: usize): bool {
  if (key != solvedKeys[0] && key != solvedKeys[1]) return false;
  // The pair's first slice sits first in work memory, the second after it.
  scratchSecond = key != solvedKeys[0];
  const at = claimBlock(masked, maskedHeld, bytes == 0 ? 1 : bytes);
  if (at == 0) return false;
  if (at != masked || bytes > maskedHeld) maskedHeld = bytes;
  masked = at;
  return true;
}

/**
 * Writes the value of every position of the loaded slice `abcd` that has a capture pending,
 * from the loaded slices its captures lead to: a file leaves these out. Returns the positions
 * filled, or -1 when a slice its captures lead to is not loaded, or the slice itself.
 */
export function fillCaptures<V, B>(a: i32, b: i32, c: i32, d: i32): f64 {
  return onePly<V, B>(a, b, c, d, true);
}

/**
 * Positions of the loaded slice `abcd` whose value is not what their moves give one ply on
 * (a win has a move to a loss, a loss only moves to wins or none, a draw neither); -1 when a
 * slice its moves lead to is not loaded, or the slice itself.
 */
export function checkSlice<V, B>(a: i32, b: i32, c: i32, d: i32): f64 {
  return onePly<V, B>(a, b, c, d, false);
}

/** Every position of a loaded slice against its moves one ply on: filled in (captures only) or checked. */
function onePly<V, B>(a: i32, b: i32, c: i32, d: i32, fill: bool): f64 {
  writeRecord(RECORD, LIST_MERGE, 0, 0);
  const table = tableOf(sliceKey(a, b, c, d));
  if (table == 0) return -1;
  const count = sliceSize<B>(a, b, c, d);
  missing = false;
  let counted: f64 = 0;
  for (let i: u64 = 0; i < count; i++) {
    if (!decodeAt<B>(a, b, c, d, i)) continue;
    // Every move of a capture leaves the slice: exits looks each one up.
    if (fill && capturers<V, B, White>(toBits<B>(usMen | usKings), toBits<B>(themMen | themKings), toBits<B>(usKings | themKings)) == 0) continue;
    const found = exits<V, B>(false);
    const value = found == WON ? WIN : found == DRAWN ? DRAW : LOSS;
    if (fill) setValueAt(table, i, value);
    else if (valueAt(table, i) == value) continue;
    counted++;
  }
  return missing ? -1 : counted;
}
