// Move ordering: a move's 16-bit code (for the table and the killers), the scores that put the
// likeliest cut first (the table's move, captures, promotions, killers, history), picking the
// next best, and what a cut-off teaches the history and the killers. A leaf of the search: the
// node search and the root use it, it uses neither.

import { FEATURE_FULL_HISTORY, FEATURE_HISTORY, FEATURE_KILLERS, SEARCH_MAX_PLY as MAX_PLY } from "../contract/contract";
import { geometry } from "../board/geometry";
import { FLAG_PROMOTES, MAX_MOVES, capturedOf, countOf, flagsOf, fromOf, moveAt, toOf } from "../movegen/movelist";
import { capturedHighOf } from "../position/high-words";
import { chosen, enabled } from "./features";

/** Move-ordering scores, parallel to the move stack. */
export const ORDER = memory.data(4 * MAX_MOVES);
/**
 * History of quiet moves (of every move, captures too, with FEATURE_FULL_HISTORY) by side, from and to bit: the board's
 * `setBits` a side (64 on the boards of one word), HISTORY_BITS at most (12×12's bits go up to 76).
 */
const HISTORY_BITS: i32 = 80;
const HISTORY = memory.data(4 * 2 * HISTORY_BITS * HISTORY_BITS);
const KILLERS = memory.data(2 * 2 * (MAX_PLY + 1));

/** Forgets what move ordering learned (a new game). */
export function clearOrdering(): void {
  memory.fill(HISTORY, 0, 4 * 2 * HISTORY_BITS * HISTORY_BITS);
  memory.fill(KILLERS, 0xff, 2 * 2 * (MAX_PLY + 1));
}

clearOrdering();

// ---- moves ------------------------------------------------------------------------------------

/**
 * A move in 16 bits, for the table and the killers: from, to, and a trace of the captured set.
 * From and to take 6 bits each on the boards of one word, 7 on 12×12 (bits up to 76), whose
 * captured set has a high word too (none on the other boards).
 */
@inline export function encodeMove<V>(index: i32): u16 {
  const captured = capturedOf(index) ^ (capturedHighOf<V>(moveAt(index)) << 5);
  const folded = <u32>(captured ^ (captured >> 16) ^ (captured >> 32) ^ (captured >> 48));
  return <u16>(fromTo<V>(index) | ((folded & traceMask<V>()) << (2 * squareBits<V>())));
}

/** The bits of a square's bit number on the variant's board: 6 below 64, 7 on 12×12. */
@inline function squareBits<V>(): u32 {
  return 32 - clz<u32>(<u32>geometry<V>().setBits - 1);
}

/** The bits of encodeMove's trace of the captured set, above from and to. */
@inline function traceMask<V>(): u32 {
  return (1 << (16 - 2 * squareBits<V>())) - 1;
}

/** The from and to of move `index`, as encodeMove's low bits. */
@inline function fromTo<V>(index: i32): u32 {
  return <u32>fromOf(index) | (<u32>toOf(index) << squareBits<V>());
}

/** Whether move `index` captures (12×12: its pieces may all be on the high word). */
@inline export function isCapture<V>(index: i32): bool {
  return (capturedOf(index) | capturedHighOf<V>(moveAt(index))) != 0;
}

/** Whether move `index` neither captures nor crowns: the moves the reductions may take depth from. */
@inline export function isQuiet<V>(index: i32): bool {
  return !isCapture<V>(index) && (flagsOf(index) & FLAG_PROMOTES) == 0;
}

// ---- ordering ---------------------------------------------------------------------------------

@inline function historyAt<V>(white: bool, index: i32): usize {
  const bits: i32 = geometry<V>().setBits;
  const row: i32 = (white ? bits : 0) + fromOf(index);
  return HISTORY + (<usize>(row * bits + toOf(index)) << 2);
}

@inline function killerAt(ply: i32, slot: i32): usize {
  return KILLERS + (<usize>(ply * 2 + slot) << 1);
}

/**
 * Scores the moves [top, end) for ordering: the table's move, captures, promotions, killers,
 * history. Returns the first of the best-scored, the one pickNext would bring to the top.
 */
export function scoreMoves<V>(top: i32, end: i32, tableMove: u16, white: bool, ply: i32): i32 {
  const useHistory = enabled(FEATURE_HISTORY);
  const useKillers = !enabled(FEATURE_KILLERS);
  const captureHistory = useHistory && chosen(FEATURE_FULL_HISTORY);
  // From and to first: the trace of the captured set only matters when they are the table move's.
  const tableFromTo = <u32>tableMove & ((1 << (2 * squareBits<V>())) - 1);
  let best = top;
  let bestScore = i32.MIN_VALUE;
  for (let i = top; i < end; i++) {
    let score: i32;
    if (fromTo<V>(i) == tableFromTo && encodeMove<V>(i) == tableMove) score = 1 << 30;
    else if (isCapture<V>(i)) {
      // Captures before quiet moves, the larger first; among equal ones (every capture, under
      // the majority rule) the history's order rather than the generator's. History lies
      // within ±2^14 (addHistory), so it never outweighs a piece more.
      score = (1 << 24) + (countOf(i) << 15);
      if (captureHistory) score += load<i32>(historyAt<V>(white, i)) + (1 << 14);
    }
    else {
      score = 0;
      if ((flagsOf(i) & FLAG_PROMOTES) != 0) score += 1 << 22;
      if (useKillers) {
        const code = encodeMove<V>(i);
        if (code == load<u16>(killerAt(ply, 0))) score += 1 << 21;
        else if (code == load<u16>(killerAt(ply, 1))) score += 1 << 20;
      }
      if (useHistory) score += load<i32>(historyAt<V>(white, i));
    }
    store<i32>(ORDER + (<usize>i << 2), score);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** Brings the best-scored of the moves [i, end) to i. */
@inline export function pickNext(i: i32, end: i32): void {
  let best = i;
  let bestScore = load<i32>(ORDER + (<usize>i << 2));
  for (let j = i + 1; j < end; j++) {
    const score = load<i32>(ORDER + (<usize>j << 2));
    if (score > bestScore) {
      bestScore = score;
      best = j;
    }
  }
  if (best != i) swapMoves(i, best);
}

@inline export function swapMoves(a: i32, b: i32): void {
  const pa = moveAt(a);
  const pb = moveAt(b);
  const a0 = load<u64>(pa);
  const a1 = load<u64>(pa, 8);
  store<u64>(pa, load<u64>(pb));
  store<u64>(pa, load<u64>(pb, 8), 8);
  store<u64>(pb, a0);
  store<u64>(pb, a1, 8);
  const sa = load<i32>(ORDER + (<usize>a << 2));
  store<i32>(ORDER + (<usize>a << 2), load<i32>(ORDER + (<usize>b << 2)));
  store<i32>(ORDER + (<usize>b << 2), sa);
}

// ---- cut-offs ---------------------------------------------------------------------------------

/** History with gravity: a bonus (or malus) moves the value toward ±2^14 and never past it. */
@inline function addHistory(at: usize, bonus: i32): void {
  const value = load<i32>(at);
  store<i32>(at, value + bonus - value * abs(bonus) / 16384);
}

/**
 * A quiet move `cut` that cut off at `ply`: its history rises by the depth's square, the quiet
 * moves tried before it [top, cut) fall as much, and it becomes the ply's first killer.
 */
export function rememberCutoff<V>(top: i32, cut: i32, depth: i32, white: bool, ply: i32): void {
  // A capture teaches the history only with FEATURE_FULL_HISTORY, and never the killers.
  const capture = isCapture<V>(cut);
  if (capture && !chosen(FEATURE_FULL_HISTORY)) return;
  rememberBest<V>(top, cut, depth, white);
  if (capture) return;
  const code = encodeMove<V>(cut);
  if (load<u16>(killerAt(ply, 0)) != code) {
    store<u16>(killerAt(ply, 1), load<u16>(killerAt(ply, 0)));
    store<u16>(killerAt(ply, 0), code);
  }
}

/**
 * Move `best`, which raised alpha at a node (a cut-off; with FEATURE_FULL_HISTORY also a capture,
 * or the best move of a node on the principal variation), gains the depth's square in the
 * history, and the moves of its kind tried before it [top, best) lose as much (a capture is only
 * ever ranked against captures, a quiet move against quiet moves).
 */
export function rememberBest<V>(top: i32, best: i32, depth: i32, white: bool): void {
  if (!enabled(FEATURE_HISTORY)) return;
  const bonus = min(depth * depth, 400);
  const capture = isCapture<V>(best);
  addHistory(historyAt<V>(white, best), bonus);
  for (let i = top; i < best; i++) if (isCapture<V>(i) == capture) addHistory(historyAt<V>(white, i), -bonus);
}
