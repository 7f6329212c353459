// The line from the root, ply by ply: the keys of the game's earlier positions and of each ply
// (repetitions), where the last irreversible move was and whether a capture was made (the host's
// counting rules), frisian's king streaks and the evaluation's pattern windows, and what a
// child position carries besides its pieces (its key, streaks, windows, high words). Below the
// node search and the database scores, which both read it; it reads only the move codes.

import { ENDING_STANDARD, SEARCH_MAX_HISTORY as MAX_HISTORY, SEARCH_MAX_PLY as MAX_PLY } from "../contract/contract";
import { isWhite } from "../board/side";
import { rules } from "../board/variants";
import { patternFamilyOf } from "../eval/evaluate";
import { gameEnd } from "../eval/game-end";
import { staticEvaluation } from "../eval/static";
import { WINDOW_BYTES, patternsInUse, setWindows } from "../eval/patterns";
import { R_STREAKS, streaksAt } from "../board/record";
import { FLAG_KING, flagsOf } from "../movegen/movelist";
import { nextStreaks, nextWindows } from "../position/make";
import { highWordsOf, keyAfter } from "../position/high-words";
import { makeRecord, recordAt } from "../position/record";
import { isCapture } from "./order";

/** What the host's counting rules leave of the game at the root, in plies (0: no such rule). */
let noProgressLeft: i32 = 0;
let endgameLeft: i32 = 0;

/** Keys of the game's earlier positions (oldest first), then of each ply of the current line. */
const KEYS = memory.data(8 * (MAX_HISTORY + MAX_PLY + 1));
let historyCount: i32 = 0;
/** Per ply: the index in KEYS of the first position after the last irreversible move. */
const REVERSIBLE_FROM = memory.data(4 * (MAX_PLY + 1));
/** Per ply: whether a capture was made since the root. */
const CAPTURE_SEEN = memory.data(MAX_PLY + 1);
/**
 * Per ply: the learned evaluation's window indices (eval/patterns.ts), carried from move to
 * move instead of read off the bitboards at every evaluation; kept only while the variant's
 * patterns are in use, and only on 10×10, where gathering a window's men takes eight shifts.
 * On 8×8 the evaluation's own shorter way (patternSums8) is cheaper than the carrying, which
 * every node pays: measured in bench/RESULTS.md.
 */
const WINDOWS = memory.data(WINDOW_BYTES * (MAX_PLY + 1));
let carryWindows = false;

/** Whether the search carries the window indices (set by startLine for board B). */
@inline function carrying<V, B>(): bool {
  return rules<V>().tenByTen && carryWindows;
}

@inline function windowsAt(ply: i32): usize {
  return WINDOWS + <usize>(ply * WINDOW_BYTES);
}

/** The streaks' share of a position's key: 0 without any, else their bits mixed over the word. */
@inline export function streakKey(streaks: u64): u64 {
  if (streaks == 0) return 0;
  let x = streaks * 0x9e3779b97f4a7c15;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9;
  return x ^ (x >> 29);
}

/** What the child of `move` of side `C` at `ply` carries besides its pieces' low words: window indices, its record (streaks, high words). */
@inline export function makeChild<V, B, C>(move: usize, kings: B, ply: i32): void {
  if (carrying<V, B>()) nextWindows<B>(move, isWhite<C>(), kings, windowsAt(ply), windowsAt(ply + 1));
  makeRecord<V, C>(move, recordAt(ply), recordAt(ply + 1));
}

// ---- the game before the root -----------------------------------------------------------------

/** Forgets the game's earlier positions. */
export function clearHistory(): void {
  historyCount = 0;
}

/** Adds an earlier position of the game (they come oldest first); false when full. */
export function pushHistory(key: u64): bool {
  if (historyCount >= MAX_HISTORY) return false;
  store<u64>(KEYS + (<usize>historyCount << 3), key);
  historyCount++;
  return true;
}

// ---- the line ---------------------------------------------------------------------------------

/**
 * The line starts at the root (side `C` to move, `key` its key with the streaks' share, `streaks`
 * frisian's): no move made yet, the counting rules' plies left, the windows read off the men when
 * the variant's patterns carry them (only the ordinary end reads the patterns: the other ends
 * have evaluations of their own).
 */
export function startLine<V, B, C>(us: B, them: B, kings: B, key: u64, streaks: u64, noProgress: i32, endgame: i32): void {
  noProgressLeft = noProgress;
  endgameLeft = endgame;
  setKeyAt(0, key);
  store<i32>(REVERSIBLE_FROM, 0);
  store<u8>(CAPTURE_SEEN, 0);
  carryWindows = rules<V>().tenByTen && gameEnd == ENDING_STANDARD && patternsInUse(patternFamilyOf<V>());
  if (carryWindows) setWindows<B>(windowsAt(0), isWhite<C>() ? us & ~kings : them & ~kings, isWhite<C>() ? them & ~kings : us & ~kings);
  store<u64>(recordAt(0), streaks, R_STREAKS);
}

/** Keeps the key of the position at `ply`; returns its index in KEYS. */
@inline export function setKeyAt(ply: i32, key: u64): i32 {
  const at = historyCount + ply;
  store<u64>(KEYS + (<usize>at << 3), key);
  return at;
}

/** The table key of the position after side `C`'s `move` at `ply` (frisian: its streaks' share too). */
@inline export function childKey<V, B, C>(move: usize, key: u64, kings: B, ply: i32): u64 {
  const next = keyAfter<V, B>(move, isWhite<C>(), key, kings, recordAt(ply));
  if (!rules<V>().frisian) return next;
  const streaks = streaksAt(recordAt(ply));
  return next ^ streakKey(streaks) ^ streakKey(nextStreaks(move, streaks));
}

/** Whether move `index` is a capture or a man's move: no earlier position can come back after it. */
@inline export function irreversible<V>(index: i32): bool {
  return isCapture<V>(index) || (flagsOf(index) & FLAG_KING) == 0;
}

/** Bookkeeping of ply + 1 after move `index` at ply: reversibility and captures since the root. */
@inline export function enterChild<V>(index: i32, ply: i32): void {
  const capture = isCapture<V>(index);
  const from = irreversible<V>(index) ? historyCount + ply + 1 : load<i32>(REVERSIBLE_FROM + (<usize>ply << 2));
  store<i32>(REVERSIBLE_FROM + (<usize>(ply + 1) << 2), from);
  store<u8>(CAPTURE_SEEN + <usize>(ply + 1), capture || load<u8>(CAPTURE_SEEN + <usize>ply) != 0 ? 1 : 0);
}

// ---- draws ------------------------------------------------------------------------------------

/** Whether the position at KEYS[at] occurred before, since the last irreversible move. */
@inline export function repeats(at: i32, key: u64, ply: i32): bool {
  const from = load<i32>(REVERSIBLE_FROM + (<usize>ply << 2));
  for (let j = at - 4; j >= from; j -= 2) {
    if (load<u64>(KEYS + (<usize>j << 3)) == key) return true;
  }
  return false;
}

/** Whether a counting rule passed in by the host has drawn the game by `ply`. */
@inline export function drawnByCounters(ply: i32): bool {
  if (noProgressLeft > 0 && ply >= noProgressLeft && load<i32>(REVERSIBLE_FROM + (<usize>ply << 2)) == 0) return true;
  return endgameLeft > 0 && ply >= endgameLeft && load<u8>(CAPTURE_SEEN + <usize>ply) == 0;
}

/** Whether a capture at ply `at` comes before the counting rules running at `ply` since the root draw the game. */
@inline export function convertsInTime(ply: i32, at: i32): bool {
  if (noProgressLeft > 0 && at > noProgressLeft && load<i32>(REVERSIBLE_FROM + (<usize>ply << 2)) == 0) return false;
  return endgameLeft == 0 || at <= endgameLeft || load<u8>(CAPTURE_SEEN + <usize>ply) != 0;
}

// ---- the evaluation ---------------------------------------------------------------------------

/** The static score of the position of side `C` at `ply`, with the windows the line carries. */
@inline export function staticScore<V, B, C>(us: B, them: B, kings: B, ply: i32): i32 {
  return staticEvaluation<V, B>(us, them, kings, isWhite<C>(), carrying<V, B>() ? windowsAt(ply) : 0, highWordsOf<V>(recordAt(ply)));
}
