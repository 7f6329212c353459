// The search: iterative deepening over a fail-soft principal-variation search with aspiration
// windows, a transposition table, late-move reductions, a shallow-search cut, a static cut, the
// single-reply and singular extensions and history ordering, ending in a quiescence search that
// never evaluates a position with a capture pending. Generic over the variant, the bitboard and
// the side to move, like the move generator; positions are passed by value (copy-make), moves
// live on the move stack, and nothing allocates.
//
// The host drives time: `hostPoll` is called every POLL_NODES nodes and returns non-zero to stop;
// `hostReport` is called after each iteration and on a new best root move, with SEARCH_OUT
// filled (output.ts), and may also stop the search.

import {
  ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENDING_STANDARD, FEATURE_ASPIRATION,
  FEATURE_DEEP_REDUCTIONS, FEATURE_HISTORY, FEATURE_KILLERS, FEATURE_LMR, FEATURE_SHALLOW_CUT,
  FEATURE_SINGLE_REPLY, FEATURE_SINGULAR, FEATURE_STATIC_CUT, FEATURE_TABLE, FEATURE_TABLE_AT_FRONTIER, FEATURE_THREAT_PLY, SEARCH_BEST,
  SEARCH_ITERATION, SEARCH_MAX_HISTORY as MAX_HISTORY, SEARCH_MAX_LINES as MAX_LINES,
  SEARCH_MAX_PLY as MAX_PLY,
} from "../contract/contract";
import { isTenByTen } from "../board/bitboard";
import { Black, White, isWhite } from "../board/side";
import { optionalCapture, rules } from "../board/variants";
import { UNKNOWN, VALUE_DRAW, VALUE_LOSS, VALUE_WIN, attachedPieces, distancePieces, probeDistance, probeValue } from "../egdb/probe";
import { LOST_IN, MAX_DISTANCE } from "../egdb/tables";
import { patternFamilyOf } from "../eval/evaluate";
import { gameEnd } from "../eval/game-end";
import { prepareStaticEvaluation, staticEvaluation } from "../eval/static";
import { WINDOW_BYTES, patternsInUse, setWindows } from "../eval/patterns";
import { restrictedKing } from "../movegen/king-streak";
import { capturesOn, capturersOn, generateLegal, hasQuietOn, legalFrom, quietOn, setRestrictedKing } from "../movegen/legal";
import { FLAG_KING, FLAG_PROMOTES, MAX_MOVES, capturedHighOf, capturedOf, countOf, flagsOf, fromOf, moveAt, toOf } from "../movegen/movelist";
import { nextKey, nextKey12, nextStreaks, nextUs, nextWindows } from "../position/make";
import { enterHigh, highAt, kingsAfter, makeHigh, themAfter } from "../position/high-words";
import { writeOutput } from "./output";
import { DRAW, INFINITE, KNOWN_WIN, KNOWN_WIN_SPREAD, WIN, isDecisive, lossIn } from "./score";
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, ageTable, entryBound, entryDepth, entryMove, entryScore, probe, save, touchCluster } from "./table";

// @ts-ignore: decorator
@external("env", "searchPoll") declare function hostPoll(nodes: f64): i32;
// @ts-ignore: decorator
@external("env", "searchReport") declare function hostReport(kind: i32): i32;

const POLL_NODES: i32 = 1024;
const ASPIRATION_DELTA: i32 = 30;
const SHALLOW_CUT_MARGIN: i32 = 80;
const SHALLOW_CUT_DEPTH: i32 = 5;
const STATIC_CUT_DEPTH: i32 = 3;
const STATIC_CUT_MARGIN: i32 = 50;
// The singular extension: from this depth, against the table's score less this much a ply.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_MARGIN: i32 = 2;

// ---- the search's state ------------------------------------------------------------------------

export let nodes: u64 = 0;
export let seldepth: i32 = 0;
export let completedDepth: i32 = 0;
/** The iteration in progress's leaves (nodes where the depth ran out) and their plies summed: the mean depth Hub reports. */
let leaves: u64 = 0;
let leafPlies: u64 = 0;
/** The last complete iteration's mean leaf depth. */
let completedMeanDepth: f64 = 0;
let maxNodes: u64 = 0;
let stopped = false;
let canStop = false;
let pollCountdown: i32 = POLL_NODES;
let disabled: i32 = 0;
let noProgressLeft: i32 = 0;
let endgameLeft: i32 = 0;
let rootDepth: i32 = 0;
/** Pieces on the board at most for the endgame database to be probed (0: no database; canadian -1). */
let probeLimit: i32 = 0;
/** Pieces on the board at most for a king ending's distances to be probed (0: none attached). */
let distanceLimit: i32 = 0;
let rootPieces: i32 = 0;

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

/** Whether the search carries the window indices (set by think for board B). */
@inline function carrying<V, B>(): bool {
  return isTenByTen<B>() && !rules<V>().twelveByTwelve && carryWindows;
}

@inline function windowsAt(ply: i32): usize {
  return WINDOWS + <usize>(ply * WINDOW_BYTES);
}

/**
 * Frisian: per ply, both sides' king streaks (position/make.ts streaksOf, the side to move's in
 * the low word). Its moves depend on them (the king-move limit), so they go down the tree with
 * the pieces and into the table's key; the other variants never touch them.
 */
const STREAKS = memory.data(8 * (MAX_PLY + 1));

@inline function streaksAt(ply: i32): u64 {
  return load<u64>(STREAKS + (<usize>ply << 3));
}

/** The streaks' share of a position's key: 0 without any, else their bits mixed over the word. */
@inline function streakKey(streaks: u64): u64 {
  if (streaks == 0) return 0;
  let x = streaks * 0x9e3779b97f4a7c15;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9;
  return x ^ (x >> 29);
}

/**
 * Before the side to move at `ply` lists its moves: frisian names its king that may only
 * capture; canadian points the listing at the ply's high words again.
 */
@inline function listingAt<V, B>(ply: i32, us: B, kings: B): void {
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(<u32>streaksAt(ply), <u64>us, <u64>kings));
  enterHigh<V>(ply);
}

/** What the child of `move` of side `C` at `ply` carries besides its pieces' low words: window indices, streaks, high words. */
@inline function makeChild<V, B, C>(move: usize, kings: B, ply: i32): void {
  if (carrying<V, B>()) nextWindows<B>(move, isWhite<C>(), kings, windowsAt(ply), windowsAt(ply + 1));
  if (rules<V>().frisian) store<u64>(STREAKS + (<usize>(ply + 1) << 3), nextStreaks(move, streaksAt(ply)));
  if (rules<V>().twelveByTwelve) makeHigh<C>(move, highAt(ply), highAt(ply + 1));
}

/**
 * Late-move reductions by depth left (row) and the move's rank among its siblings (column, 0 the
 * first): round(ln depth · ln rank / LMR_DIVISOR). A quiet move late in a well-ordered list
 * rarely beats the ones before it, and the deeper the node the more a ply of it costs; a move
 * that does beat alpha is searched again at full depth.
 */
const LMR = memory.data(64 * 64);
const LMR_DIVISOR: f64 = 2.0;
for (let depth = 1; depth < 64; depth++) {
  for (let rank = 1; rank < 64; rank++) {
    store<u8>(LMR + <usize>(depth * 64 + rank), <u8>Math.round(Math.log(<f64>depth) * Math.log(<f64>rank) / LMR_DIVISOR));
  }
}

/** Move-ordering scores, parallel to the move stack. */
const ORDER = memory.data(4 * MAX_MOVES);
/**
 * History of quiet moves by side, from and to bit: 64 bits a side on the boards of one word,
 * HISTORY_BITS on 12×12 (its bits go up to 76).
 */
const HISTORY_BITS: i32 = 80;
const HISTORY = memory.data(4 * 2 * HISTORY_BITS * HISTORY_BITS);
const KILLERS = memory.data(2 * 2 * (MAX_PLY + 1));

/** Triangular principal-variation table: the line from ply p is at row p (move records). */
const PV = memory.data(16 * MAX_PLY * MAX_PLY);
const PV_LENGTH = memory.data(4 * (MAX_PLY + 1));

// Root moves are the move stack's records [0, rootCount).
let rootCount: i32 = 0;
const ROOT_SCORE = memory.data(4 * MAX_MOVES);
const ROOT_TAKEN = memory.data(MAX_MOVES);
let rootBest: i32 = -1;
/**
 * The iteration in progress has found a root move better than the last iteration's best, and
 * searched it to the full window: NEXT_* line 0 holds it, and it was the last move reported. A
 * search stopped now plays it.
 */
let newBest = false;

/** The finished lines of the last complete iteration: score, length and moves. */
export const LINE_SCORE = memory.data(4 * MAX_LINES);
export const LINE_LENGTH = memory.data(4 * MAX_LINES);
export const LINE_MOVES = memory.data(16 * MAX_PLY * MAX_LINES);
export let lineCount: i32 = 0;
// The lines of the iteration in progress, committed when it completes.
const NEXT_SCORE = memory.data(4 * MAX_LINES);
const NEXT_LENGTH = memory.data(4 * MAX_LINES);
const NEXT_MOVES = memory.data(16 * MAX_PLY * MAX_LINES);
/** The root move (its index on the move stack) of each line of the iteration in progress. */
const NEXT_ROOT = memory.data(4 * MAX_LINES);
/** One line's moves, while two lines change places. */
const SWAP_MOVES = memory.data(16 * MAX_PLY);

@inline function enabled(feature: i32): bool {
  return (disabled & feature) == 0;
}

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

/** Forgets what move ordering learned (a new game). */
export function clearOrdering(): void {
  memory.fill(HISTORY, 0, 4 * 2 * HISTORY_BITS * HISTORY_BITS);
  memory.fill(KILLERS, 0xff, 2 * 2 * (MAX_PLY + 1));
}

clearOrdering();

// ---- moves -----------------------------------------------------------------------------------

/**
 * A move in 16 bits, for the table and the killers: from, to, and a trace of the captured set.
 * From and to take 6 bits each on the boards of one word, 7 on 12×12 (bits up to 76).
 */
@inline function encodeMove<V>(index: i32): u16 {
  let captured = capturedOf(index);
  if (rules<V>().twelveByTwelve) captured ^= capturedHighOf(index) << 5;
  const folded = <u32>(captured ^ (captured >> 16) ^ (captured >> 32) ^ (captured >> 48));
  return <u16>(fromTo<V>(index) | ((folded & traceMask<V>()) << (2 * squareBits<V>())));
}

@inline function squareBits<V>(): u32 {
  return rules<V>().twelveByTwelve ? 7 : 6;
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
@inline function isCapture<V>(index: i32): bool {
  return rules<V>().twelveByTwelve ? countOf(index) != 0 : capturedOf(index) != 0;
}

/** What touchChildren read, kept so that the reads are not optimised away. */
let touched: u64 = 0;

/**
 * Touches the table clusters of the children of moves [top, end) in one go, before any child
 * is searched: their fetches from memory overlap, and each child's probe then finds its
 * cluster in the cache (see touchCluster).
 */
function touchChildren<V, B, C>(top: i32, end: i32, kings: B, key: u64, ply: i32): void {
  let sum: u64 = 0;
  for (let i = top; i < end; i++) sum ^= touchCluster(childKey<V, B, C>(moveAt(i), key, kings, ply));
  touched ^= sum;
}

/** The table key of the position after side `C`'s `move` at `ply` (frisian: its streaks' share too). */
@inline function childKey<V, B, C>(move: usize, key: u64, kings: B, ply: i32): u64 {
  if (rules<V>().twelveByTwelve) return nextKey12(move, isWhite<C>(), key, <u64>kings, load<u64>(highAt(ply), 16));
  const next = nextKey<B>(move, isWhite<C>(), key, kings);
  if (!rules<V>().frisian) return next;
  const streaks = streaksAt(ply);
  return next ^ streakKey(streaks) ^ streakKey(nextStreaks(move, streaks));
}

/** Whether move `index` is a capture or a man's move: no earlier position can come back after it. */
@inline function irreversible<V>(index: i32): bool {
  return isCapture<V>(index) || (flagsOf(index) & FLAG_KING) == 0;
}

/** Bookkeeping of ply + 1 after move `index` at ply: reversibility and captures since the root. */
@inline function enterChild<V>(index: i32, ply: i32): void {
  const capture = isCapture<V>(index);
  const from = irreversible<V>(index) ? historyCount + ply + 1 : load<i32>(REVERSIBLE_FROM + (<usize>ply << 2));
  store<i32>(REVERSIBLE_FROM + (<usize>(ply + 1) << 2), from);
  store<u8>(CAPTURE_SEEN + <usize>(ply + 1), capture || load<u8>(CAPTURE_SEEN + <usize>ply) != 0 ? 1 : 0);
}

@inline function historyAt<V>(white: bool, index: i32): usize {
  const bits: i32 = rules<V>().twelveByTwelve ? HISTORY_BITS : 64;
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
function scoreMoves<V>(top: i32, end: i32, tableMove: u16, white: bool, ply: i32): i32 {
  const useHistory = enabled(FEATURE_HISTORY);
  const useKillers = !enabled(FEATURE_KILLERS);
  // From and to first: the trace of the captured set only matters when they are the table move's.
  const tableFromTo = <u32>tableMove & ((1 << (2 * squareBits<V>())) - 1);
  let best = top;
  let bestScore = i32.MIN_VALUE;
  for (let i = top; i < end; i++) {
    let score: i32;
    if (fromTo<V>(i) == tableFromTo && encodeMove<V>(i) == tableMove) score = 1 << 30;
    else if (isCapture<V>(i)) score = (1 << 24) + (countOf(i) << 8);
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
@inline function pickNext(i: i32, end: i32): void {
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

@inline function swapMoves(a: i32, b: i32): void {
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

/** Plies a quiet move of rank `rank` (≥ 3) is reduced by at `depth` (≥ 3); the child keeps a ply. */
@inline function lateReduction(depth: i32, rank: i32, pvNode: bool): i32 {
  if (enabled(FEATURE_DEEP_REDUCTIONS)) return rank >= 8 && depth >= 6 ? 2 : 1; // the bit is clear: off
  let r = <i32>load<u8>(LMR + <usize>(min(depth, 63) * 64 + min(rank, 63)));
  if (pvNode) r--;
  return max(1, min(r, depth - 2));
}

/** History with gravity: a bonus (or malus) moves the value toward ±2^14 and never past it. */
@inline function addHistory(at: usize, bonus: i32): void {
  const value = load<i32>(at);
  store<i32>(at, value + bonus - value * abs(bonus) / 16384);
}

function rememberCutoff<V>(top: i32, cut: i32, depth: i32, white: bool, ply: i32): void {
  if (isCapture<V>(cut)) return;
  const bonus = min(depth * depth, 400);
  if (enabled(FEATURE_HISTORY)) {
    addHistory(historyAt<V>(white, cut), bonus);
    for (let i = top; i < cut; i++) if (!isCapture<V>(i)) addHistory(historyAt<V>(white, i), -bonus);
  }
  const code = encodeMove<V>(cut);
  if (load<u16>(killerAt(ply, 0)) != code) {
    store<u16>(killerAt(ply, 1), load<u16>(killerAt(ply, 0)));
    store<u16>(killerAt(ply, 0), code);
  }
}

// ---- the principal variation ------------------------------------------------------------------

@inline function pvAt(ply: i32, i: i32): usize {
  return PV + <usize>((ply * MAX_PLY + i) << 4);
}

@inline function pvLength(ply: i32): i32 {
  return load<i32>(PV_LENGTH + (<usize>ply << 2));
}

@inline function setPvLength(ply: i32, length: i32): void {
  store<i32>(PV_LENGTH + (<usize>ply << 2), length);
}

/** The line from `ply` becomes move `index` followed by the line from ply + 1. */
function updatePv(ply: i32, index: i32): void {
  memory.copy(pvAt(ply, 0), moveAt(index), 16);
  const rest = ply + 1 < MAX_PLY ? pvLength(ply + 1) : 0;
  if (rest > 0) memory.copy(pvAt(ply, 1), pvAt(ply + 1, 0), <usize>(rest << 4));
  setPvLength(ply, rest + 1);
}

// ---- draws -----------------------------------------------------------------------------------

/** Whether the position at KEYS[at] occurred before, since the last irreversible move. */
@inline function repeats(at: i32, key: u64, ply: i32): bool {
  const from = load<i32>(REVERSIBLE_FROM + (<usize>ply << 2));
  for (let j = at - 4; j >= from; j -= 2) {
    if (load<u64>(KEYS + (<usize>j << 3)) == key) return true;
  }
  return false;
}

/** Whether a counting rule passed in by the host has drawn the game by `ply`. */
@inline function drawnByCounters(ply: i32): bool {
  if (noProgressLeft > 0 && ply >= noProgressLeft && load<i32>(REVERSIBLE_FROM + (<usize>ply << 2)) == 0) return true;
  return endgameLeft > 0 && ply >= endgameLeft && load<u8>(CAPTURE_SEEN + <usize>ply) == 0;
}

@inline function pollHost(): void {
  pollCountdown = POLL_NODES;
  if (!canStop) return;
  if ((maxNodes != 0 && nodes >= maxNodes) || hostPoll(<f64>nodes) != 0) stopped = true;
}

// ---- the endgame database ---------------------------------------------------------------------

/** Not a score: the database does not decide the position. */
const NO_SCORE: i32 = i32.MIN_VALUE;

/** Probes the attached endgame database in the searches that follow (when `on` and one is attached). */
export function useDatabase(on: bool): void {
  probeLimit = on ? attachedPieces : 0;
  distanceLimit = on ? distancePieces : 0;
}

@inline function piecesOf<B>(us: B, them: B): i32 {
  return <i32>popcnt(<u64>(us | them));
}

/**
 * The database's score of a position of side `C` with no capture pending, or NO_SCORE. A draw
 * is exact. A win is KNOWN_WIN plus the evaluation (clamped), less the distance from the root:
 * among won positions the search still prefers the ones the evaluation likes, reached soonest,
 * so it makes progress (promotes, exchanges, hunts) instead of shuffling. When the root itself
 * is in the database, wins and losses with as many pieces as the root are left to the search,
 * which then plays the root's ending on toward the captures that decide it; the database cuts
 * the draws there, and everything once a capture has been made.
 */
function databaseScore<V, B, C>(us: B, them: B, kings: B, pieces: i32, ply: i32): i32 {
  const value = probeValue<B>(us, them, kings, isWhite<C>());
  if (value == UNKNOWN) return NO_SCORE;
  if (value == VALUE_DRAW) return DRAW;
  if (pieces >= rootPieces) return NO_SCORE;
  const spread = min(KNOWN_WIN_SPREAD, max(-KNOWN_WIN_SPREAD, staticScore<V, B, C>(us, them, kings, ply)));
  return value == VALUE_WIN ? KNOWN_WIN + spread - ply : -KNOWN_WIN + spread + ply;
}

/**
 * A king ending's score from its distance (egdb/probe.ts probeDistance), or NO_SCORE when its
 * distances are not attached. A win in d plies scores above every database win and below every
 * win at a known end, less the plies to the capture that converts it, so the search heads
 * straight for it; when a counting rule passed in by the host would draw the game before that
 * capture, it is a draw (a loss too: the defender holds out). After a capture in the tree the
 * counters start again, which the host's counts do not say: no rule is applied there.
 */
function kingEndingScore<B, C>(us: B, them: B, kings: B, ply: i32): i32 {
  const code = probeDistance<B>(us, them, kings, isWhite<C>());
  if (code == UNKNOWN) return NO_SCORE;
  if (code == 0) return DRAW;
  const distance = code & ~(<i32>LOST_IN);
  const lost = (code & <i32>LOST_IN) != 0;
  if (lost && distance == 0) return lossIn(ply);
  if (!convertsInTime(ply, ply + distance)) return DRAW;
  const score = KNOWN_WIN + KNOWN_WIN_SPREAD + <i32>MAX_DISTANCE - ply - distance;
  return lost ? -score : score;
}

/** Whether a capture at ply `at` comes before the counting rules running at `ply` since the root draw the game. */
@inline function convertsInTime(ply: i32, at: i32): bool {
  if (noProgressLeft > 0 && at > noProgressLeft && load<i32>(REVERSIBLE_FROM + (<usize>ply << 2)) == 0) return false;
  return endgameLeft == 0 || at <= endgameLeft || load<u8>(CAPTURE_SEEN + <usize>ply) != 0;
}

/** Whether a position of `pieces` may be in the database or a king ending attached. */
@inline function withinEndings(pieces: i32): bool {
  return pieces <= probeLimit || pieces <= distanceLimit;
}

/**
 * The score of a position of side `C` with no capture pending from what is attached: a king
 * ending's distance, else the database's value; NO_SCORE when neither knows it. A side with no
 * piece left is not asked about: the game is over, and the search scores it as it scores every
 * end (the database's loss would rank it above a king ending lost at a distance).
 */
@inline function endingScore<V, B, C>(us: B, them: B, kings: B, pieces: i32, ply: i32): i32 {
  if (us == 0 || them == 0) return NO_SCORE;
  if (pieces <= distanceLimit && (us | them) == kings) {
    const score = kingEndingScore<B, C>(us, them, kings, ply);
    if (score != NO_SCORE) return score;
  }
  if (pieces > probeLimit) return NO_SCORE;
  const score = databaseScore<V, B, C>(us, them, kings, pieces, ply);
  return score != NO_SCORE && score != DRAW && drawnByCounters(ply) ? DRAW : score;
}

/**
 * The database's value of a position of side `C`, its pending captures played out (the moves
 * go on the move stack from `top`); UNKNOWN when a position on the way is not in it.
 */
function resolvedValue<V, B, C>(us: B, them: B, kings: B, top: i32): i32 {
  const pieces = capturersOn<V, B, C>(us, them, kings);
  if (pieces == 0) return probeValue<B>(us, them, kings, isWhite<C>());
  const end = capturesOn<V, B, C>(us, them, kings, pieces, top);
  let best = VALUE_LOSS;
  let unknown = false;
  for (let i = top; i < end; i++) {
    const child = valueAfter<V, B, C>(moveAt(i), us, them, kings, end);
    if (child == VALUE_LOSS) return VALUE_WIN;
    if (child == UNKNOWN) unknown = true;
    else if (child == VALUE_DRAW) best = VALUE_DRAW;
  }
  return unknown ? UNKNOWN : best;
}

/** resolvedValue of the position after side `C`'s `move`, for the side to move there. */
@inline function valueAfter<V, B, C>(move: usize, us: B, them: B, kings: B, top: i32): i32 {
  const childUs = nextUs<B>(move, them);
  const childThem = themAfter<B>(move, us, rules<V>().twelveByTwelve);
  const childKings = kingsAfter<B>(move, kings, rules<V>().twelveByTwelve);
  return isWhite<C>()
    ? resolvedValue<V, B, Black>(childUs, childThem, childKings, top)
    : resolvedValue<V, B, White>(childUs, childThem, childKings, top);
}

/** The database's value of a position (`white` to move or not), captures played out; UNKNOWN when not in it. */
export function databaseValue<V, B>(white: bool, us: B, them: B, kings: B): i32 {
  return white ? resolvedValue<V, B, White>(us, them, kings, 0) : resolvedValue<V, B, Black>(us, them, kings, 0);
}

/** A value's rank for the side it belongs to: loss 0, draw 1, win 2. */
@inline function valueRank(value: i32): i32 {
  return value == VALUE_WIN ? 2 : value == VALUE_DRAW ? 1 : 0;
}

/**
 * Keeps the root moves that hold the root's database value (a win stays a win, a draw is not
 * thrown away); the others leave the root list. Nothing changes when the root or a move's
 * position is not in the database.
 */
function keepDatabaseResult<V, B, C>(us: B, them: B, kings: B): void {
  const root = resolvedValue<V, B, C>(us, them, kings, rootCount);
  if (root == UNKNOWN) return;
  let kept = 0;
  for (let i = 0; i < rootCount; i++) {
    const child = valueAfter<V, B, C>(moveAt(i), us, them, kings, rootCount);
    if (child != UNKNOWN && 2 - valueRank(child) < valueRank(root)) continue;
    if (kept != i) memory.copy(moveAt(kept), moveAt(i), 16);
    kept++;
  }
  if (kept > 0) rootCount = kept;
}

// ---- the search ------------------------------------------------------------------------------

/** A node's bookkeeping, the same in the search and in quiescence: true when the search must stop. */
@inline function enterNode<V>(ply: i32): bool {
  enterHigh<V>(ply);
  nodes++;
  if (--pollCountdown <= 0) pollHost();
  if (stopped) return true;
  if (ply > seldepth) seldepth = ply;
  setPvLength(ply, 0);
  return false;
}

@inline function staticScore<V, B, C>(us: B, them: B, kings: B, ply: i32): i32 {
  return staticEvaluation<V, B>(us, them, kings, isWhite<C>(), carrying<V, B>() ? windowsAt(ply) : 0, highAt(ply));
}

/** The score of a side to move that has no move: lost, except in antidraughts, where it has won. */
@inline function noMoveScore(ply: i32): i32 {
  return gameEnd == ENDING_ANTIDRAUGHTS ? WIN - ply : lossIn(ply);
}

/** Breakthrough: the side that just moved has crowned a man, and so has won. */
@inline function brokeThrough<B>(them: B, kings: B): bool {
  return gameEnd == ENDING_BREAKTHROUGH && (them & kings) != 0;
}

/** Whether the opponent of side `C` could capture, were it to move. */
@inline function threatenedBy<V, B, C>(us: B, them: B, kings: B): bool {
  return (isWhite<C>() ? capturersOn<V, B, Black>(them, us, kings) : capturersOn<V, B, White>(them, us, kings)) != 0;
}

/**
 * Quiescence: captures are compulsory, so a position with one pending is searched through
 * every capture and never evaluated (no stand-pat, except under the optional-capture rule). A
 * quiet position where the opponent threatens a capture gets `threats` more full-width plies.
 */
function quiesce<V, B, C>(us: B, them: B, kings: B, alpha: i32, beta: i32, ply: i32, top: i32, threats: i32): i32 {
  if (enterNode<V>(ply)) return 0;
  if (brokeThrough<B>(them, kings)) return lossIn(ply);
  if (ply >= MAX_PLY - 1) return staticScore<V, B, C>(us, them, kings, ply);
  const pieces = capturersOn<V, B, C>(us, them, kings);
  if (pieces != 0) {
    let best = -INFINITE;
    if (optionalCapture()) {
      best = staticScore<V, B, C>(us, them, kings, ply);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    const end = capturesOn<V, B, C>(us, them, kings, pieces, top);
    return quiesceMoves<V, B, C>(us, them, kings, best, alpha, beta, ply, top, end, threats);
  }
  const onBoard = piecesOf<B>(us, them);
  if (withinEndings(onBoard)) {
    const score = endingScore<V, B, C>(us, them, kings, onBoard, ply);
    if (score != NO_SCORE) return score;
  }
  listingAt<V, B>(ply, us, kings);
  if (threats > 0 && enabled(FEATURE_THREAT_PLY)) {
    if (threatenedBy<V, B, C>(us, them, kings)) {
      const end = quietOn<V, B, C>(us, them, kings, top);
      if (end == top) return noMoveScore(ply);
      return quiesceMoves<V, B, C>(us, them, kings, -INFINITE, alpha, beta, ply, top, end, threats - 1);
    }
  }
  if (!hasQuietOn<V, B, C>(us, them, kings)) return noMoveScore(ply);
  return staticScore<V, B, C>(us, them, kings, ply);
}

/**
 * The best of `best` and the moves [top, end) of side `C`, each answered by the opponent's
 * quiescence with `threats` threat plies left; a cutoff at beta ends the loop.
 */
@inline function quiesceMoves<V, B, C>(us: B, them: B, kings: B, best: i32, alpha: i32, beta: i32, ply: i32, top: i32, end: i32, threats: i32): i32 {
  if (best > alpha) alpha = best;
  for (let i = top; i < end; i++) {
    const move = moveAt(i);
    const childUs = nextUs<B>(move, them);
    const childThem = themAfter<B>(move, us, rules<V>().twelveByTwelve);
    const childKings = kingsAfter<B>(move, kings, rules<V>().twelveByTwelve);
    makeChild<V, B, C>(move, kings, ply);
    const score = isWhite<C>()
      ? -quiesce<V, B, Black>(childUs, childThem, childKings, -beta, -alpha, ply + 1, end, threats)
      : -quiesce<V, B, White>(childUs, childThem, childKings, -beta, -alpha, ply + 1, end, threats);
    if (stopped) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
  }
  return best;
}

/**
 * The score, from side `C`'s point of view, of the position after its move `index`, searched
 * to `depth`. A leaf reached by an irreversible move cannot repeat an earlier position, so it
 * goes straight to quiescence and needs no key (quiescence never looks positions up); its slot
 * of KEYS is left as it was, since only its descendants' repetition tests would read it, and
 * quiescence makes none.
 */
function childSearch<V, B, C>(index: i32, us: B, them: B, kings: B, key: u64, depth: i32, alpha: i32, beta: i32, ply: i32, top: i32, pvNode: bool): i32 {
  const move = moveAt(index);
  const childUs = nextUs<B>(move, them);
  const childThem = themAfter<B>(move, us, rules<V>().twelveByTwelve);
  const childKings = kingsAfter<B>(move, kings, rules<V>().twelveByTwelve);
  makeChild<V, B, C>(move, kings, ply);
  if (depth <= 0 && irreversible<V>(index)) {
    reachLeaf(ply + 1);
    return isWhite<C>()
      ? -quiesce<V, B, Black>(childUs, childThem, childKings, -beta, -alpha, ply + 1, top, 1)
      : -quiesce<V, B, White>(childUs, childThem, childKings, -beta, -alpha, ply + 1, top, 1);
  }
  const next = childKey<V, B, C>(move, key, kings, ply);
  return isWhite<C>()
    ? -search<V, B, Black>(childUs, childThem, childKings, next, depth, -beta, -alpha, ply + 1, top, pvNode)
    : -search<V, B, White>(childUs, childThem, childKings, next, depth, -beta, -alpha, ply + 1, top, pvNode);
}

/** A line reached the horizon at `ply` (mean-depth's count). */
@inline function reachLeaf(ply: i32): void {
  leaves++;
  leafPlies += <u64>ply;
}

/** Extensions stop at twice the iteration's depth, so a line of forced replies cannot run away. */
@inline function roomToExtend(ply: i32): bool {
  return ply < 2 * rootDepth;
}

/**
 * Whether the table's move, first of [top, end), is singular: every other move, searched to half
 * the depth, fails below `target` (the table's score less a margin). Such a move (the one
 * defence, the one shot that holds) is searched a ply deeper, so the reductions below it do not
 * hide how it ends.
 */
function singular<V, B, C>(us: B, them: B, kings: B, key: u64, depth: i32, target: i32, ply: i32, top: i32, end: i32): bool {
  for (let i = top + 1; i < end; i++) {
    enterChild<V>(i, ply);
    const score = childSearch<V, B, C>(i, us, them, kings, key, depth / 2 - 1, target - 1, target, ply, end, false);
    if (stopped || score >= target) return false;
  }
  return true;
}

function search<V, B, C>(us: B, them: B, kings: B, key: u64, depth: i32, alpha: i32, beta: i32, ply: i32, top: i32, pvNode: bool): i32 {
  const at = historyCount + ply;
  store<u64>(KEYS + (<usize>at << 3), key);
  if (ply > 0 && repeats(at, key, ply)) {
    setPvLength(ply, 0);
    return DRAW;
  }
  if (depth <= 0) {
    reachLeaf(ply);
    return quiesce<V, B, C>(us, them, kings, alpha, beta, ply, top, 1);
  }
  if (enterNode<V>(ply)) return 0;
  if (brokeThrough<B>(them, kings)) return lossIn(ply);
  if (ply >= MAX_PLY - 1) return staticScore<V, B, C>(us, them, kings, ply);
  const onBoard = piecesOf<B>(us, them);
  if (withinEndings(onBoard) && capturersOn<V, B, C>(us, them, kings) == 0) {
    const score = endingScore<V, B, C>(us, them, kings, onBoard, ply);
    if (score != NO_SCORE) return score;
  }

  // Win/loss-distance pruning: no line from here ends sooner than the next ply (in antidraughts
  // this one: a side without a move has won).
  alpha = max(alpha, lossIn(ply));
  beta = min(beta, WIN - ply - (gameEnd == ENDING_ANTIDRAUGHTS ? 0 : 1));
  if (alpha >= beta) return alpha;

  let tableMove = NO_MOVE;
  // The table's score and depth when its entry is a lower bound or exact (the singular extension's
  // measure); depth -1 when there is none.
  let tableScore = 0;
  let tableDepth = -1;
  const useTable = enabled(FEATURE_TABLE) && (depth > 1 || enabled(FEATURE_TABLE_AT_FRONTIER));
  if (useTable) {
    const entry = probe(key);
    if (entry != 0) {
      tableMove = entryMove(entry);
      const score = entryScore(entry, ply);
      const bound = entryBound(entry);
      const stored = entryDepth(entry);
      if (bound != BOUND_UPPER) {
        tableScore = score;
        tableDepth = stored;
      }
      if (!pvNode && stored >= depth) {
        if (bound == BOUND_EXACT || (bound == BOUND_LOWER && score >= beta) || (bound == BOUND_UPPER && score <= alpha)) return score;
      }
    }
  }

  // The pieces that can capture, found once for the cut and for the listing below.
  const capturers = capturersOn<V, B, C>(us, them, kings);

  // Static cut: near the leaves, a quiet position (no capture pending for either side) whose
  // static score clears beta by half a man a ply is not searched further. Shots start from
  // captures or threats, which are excluded; other endings' scores are not material, so it
  // stays with the standard game.
  if (!pvNode && depth <= STATIC_CUT_DEPTH && gameEnd == ENDING_STANDARD && enabled(FEATURE_STATIC_CUT) && !isDecisive(beta)
    && capturers == 0 && !threatenedBy<V, B, C>(us, them, kings)) {
    const stand = staticScore<V, B, C>(us, them, kings, ply);
    if (stand - STATIC_CUT_MARGIN * depth >= beta) return stand;
  }

  // Same-position shallow-search cut: a reduced search that clears beta by a margin is trusted.
  if (!pvNode && depth >= SHALLOW_CUT_DEPTH && enabled(FEATURE_SHALLOW_CUT) && !isDecisive(beta)) {
    const target = beta + SHALLOW_CUT_MARGIN;
    const score = search<V, B, C>(us, them, kings, key, depth - 3, target - 1, target, ply, top, false);
    if (stopped) return 0;
    if (score >= target) return score;
  }

  listingAt<V, B>(ply, us, kings);
  const end = legalFrom<V, B, C>(us, them, kings, capturers, top);
  if (end == top) return noMoveScore(ply);
  if (ply > 0 && drawnByCounters(ply)) return DRAW;
  if (end - top == 1 && enabled(FEATURE_SINGLE_REPLY) && roomToExtend(ply)) depth++;

  const white = isWhite<C>();
  // The children probe the table when they have depth left (depth > 1 here).
  if (enabled(FEATURE_TABLE) && (depth > 2 || (depth == 2 && enabled(FEATURE_TABLE_AT_FRONTIER)))) touchChildren<V, B, C>(top, end, kings, key, ply);
  const first = scoreMoves<V>(top, end, tableMove, white, ply);
  const alphaBefore = alpha;
  let best = -INFINITE;
  let bestIndex = -1;
  for (let i = top; i < end; i++) {
    // The first pick is known from the scoring; the cutoff usually comes before the second.
    if (i > top) pickNext(i, end);
    else if (first != top) swapMoves(top, first);
    enterChild<V>(i, ply);
    let score: i32;
    if (i == top) {
      let extension = 0;
      if (depth >= SINGULAR_DEPTH && tableDepth >= depth - 3 && !isDecisive(tableScore) && end - top > 1 && roomToExtend(ply)
        && enabled(FEATURE_SINGULAR) && encodeMove<V>(top) == tableMove) {
        if (singular<V, B, C>(us, them, kings, key, depth, tableScore - SINGULAR_MARGIN * depth, ply, top, end)) extension = 1;
        if (stopped) return 0;
        enterChild<V>(i, ply);
      }
      score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1 + extension, alpha, beta, ply, end, pvNode);
    } else {
      let reduction = 0;
      const quiet = !isCapture<V>(i) && (flagsOf(i) & FLAG_PROMOTES) == 0;
      if (quiet && depth >= 3 && i - top >= 3 && enabled(FEATURE_LMR)) reduction = lateReduction(depth, i - top, pvNode);
      score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1 - reduction, alpha, alpha + 1, ply, end, false);
      if (score > alpha && reduction > 0 && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1, alpha, alpha + 1, ply, end, false);
      }
      if (score > alpha && score < beta && pvNode && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1, alpha, beta, ply, end, true);
      }
    }
    if (stopped) return 0;
    if (score > best) {
      best = score;
      bestIndex = i;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, i);
        if (score >= beta) {
          rememberCutoff<V>(top, i, depth, white, ply);
          break;
        }
      }
    }
  }
  if (useTable) {
    const bound = best >= beta ? BOUND_LOWER : best > alphaBefore ? BOUND_EXACT : BOUND_UPPER;
    save(key, bound == BOUND_UPPER ? NO_MOVE : encodeMove<V>(bestIndex), best, depth, bound, ply);
  }
  return best;
}

// ---- the root --------------------------------------------------------------------------------

/** The best of the root moves not yet taken by an earlier line, within [alpha, beta]. */
function searchRoot<V, B, C>(us: B, them: B, kings: B, key: u64, depth: i32, alpha: i32, beta: i32, line: i32): i32 {
  nodes++;
  setPvLength(0, 0);
  let best = -INFINITE;
  let searched = 0;
  rootBest = -1;
  const previousBest = line == 0 && rootCount > 0 ? encodeMove<V>(0) : NO_MOVE;
  for (let i = 0; i < rootCount; i++) {
    if (load<u8>(ROOT_TAKEN + <usize>i) != 0) continue;
    enterChild<V>(i, 0);
    let score: i32;
    if (searched == 0) {
      score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1, alpha, beta, 0, rootCount, true);
    } else {
      score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1, alpha, alpha + 1, 0, rootCount, false);
      if (score > alpha && score < beta && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, key, depth - 1, alpha, beta, 0, rootCount, true);
      }
    }
    if (stopped) return best;
    searched++;
    store<i32>(ROOT_SCORE + (<usize>i << 2), score);
    if (score > best) {
      best = score;
      rootBest = i;
      if (score > alpha) {
        alpha = score;
        updatePv(0, i);
        // A new best move is reported, and so is the last iteration's move taking its place back.
        const code = encodeMove<V>(i);
        if (line == 0 && depth > 1 && (code != previousBest || newBest)) {
          newBest = code != previousBest;
          writeBestSoFar(score, depth);
          report<V, B>(SEARCH_BEST);
          if (hostReport(SEARCH_BEST) != 0) stopped = canStop;
        }
        if (score >= beta) break;
      }
    }
  }
  return best;
}

/** A new best root move in the middle of an iteration, reported as line 0 alone. */
function writeBestSoFar(score: i32, depth: i32): void {
  store<i32>(NEXT_SCORE, score);
  const length = pvLength(0);
  store<i32>(NEXT_LENGTH, length);
  memory.copy(NEXT_MOVES, pvAt(0, 0), <usize>(length << 4));
  reportDepth = depth;
  reportLines = 1;
  reportFromNext = true;
}

/** The first `lines` lines of the iteration in progress become the reported ones. */
function commitLines(lines: i32): void {
  memory.copy(LINE_SCORE, NEXT_SCORE, <usize>(lines << 2));
  memory.copy(LINE_LENGTH, NEXT_LENGTH, <usize>(lines << 2));
  memory.copy(LINE_MOVES, NEXT_MOVES, <usize>((lines * MAX_PLY) << 4));
}

/** What the last report (or the end) shows: the committed lines, or line 0 in progress. */
let reportDepth: i32 = 0;
let reportLines: i32 = 0;
let reportFromNext: bool = false;

/** Fills SEARCH_OUT (output.ts) with the report's lines, for the host. */
function report<V, B>(kind: i32): void {
  const next = reportFromNext;
  writeOutput<V, B>(kind, reportDepth, reportLines, next ? NEXT_SCORE : LINE_SCORE, next ? NEXT_LENGTH : LINE_LENGTH, next ? NEXT_MOVES : LINE_MOVES, nodes, seldepth, next ? meanLeafDepth() : completedMeanDepth);
}

/** The mean ply of the iteration's leaves so far (its depth while none is reached). */
function meanLeafDepth(): f64 {
  return leaves == 0 ? <f64>rootDepth : <f64>leafPlies / <f64>leaves;
}

/**
 * Puts the iteration's lines best first. Each line is the best of the moves the earlier lines
 * left, searched with a full window, so its score is exact at this depth; but a move that
 * failed low under an earlier line's null window (reduced, or cut by the table) may score
 * higher once it leads a later line. Sorting by score (stably) keeps line 1 the best move the
 * iteration saw, which is the move the engine plays, and renumbers the lines' root moves.
 */
function sortLines(lines: i32): void {
  for (let i = 1; i < lines; i++) {
    for (let j = i; j > 0 && lineScore(j) > lineScore(j - 1); j--) swapLines(j - 1, j);
  }
  for (let line = 0; line < lines; line++) {
    store<u8>(ROOT_TAKEN + <usize>load<i32>(NEXT_ROOT + (<usize>line << 2)), <u8>(line + 1));
  }
}

@inline function lineScore(line: i32): i32 {
  return load<i32>(NEXT_SCORE + (<usize>line << 2));
}

/** Lines a and b of the iteration in progress change places: score, length, moves, root move. */
function swapLines(a: i32, b: i32): void {
  swapWords(NEXT_SCORE, a, b);
  swapWords(NEXT_LENGTH, a, b);
  swapWords(NEXT_ROOT, a, b);
  const bytes = <usize>MAX_PLY << 4;
  const movesA = NEXT_MOVES + <usize>a * bytes;
  const movesB = NEXT_MOVES + <usize>b * bytes;
  memory.copy(SWAP_MOVES, movesA, bytes);
  memory.copy(movesA, movesB, bytes);
  memory.copy(movesB, SWAP_MOVES, bytes);
}

@inline function swapWords(table: usize, a: i32, b: i32): void {
  const at = table + (<usize>a << 2);
  const bt = table + (<usize>b << 2);
  const value = load<i32>(at);
  store<i32>(at, load<i32>(bt));
  store<i32>(bt, value);
}

/** Sorts the root moves: this iteration's lines first, in order, then the rest by score. */
function orderRoot(lines: i32): void {
  for (let i = 0; i < rootCount; i++) {
    if (load<u8>(ROOT_TAKEN + <usize>i) != 0) {
      store<i32>(ORDER + (<usize>i << 2), (1 << 30) - load<u8>(ROOT_TAKEN + <usize>i));
    } else {
      store<i32>(ORDER + (<usize>i << 2), load<i32>(ROOT_SCORE + (<usize>i << 2)));
    }
  }
  // ROOT_SCORE stays behind when the records move; the next iteration rewrites it.
  for (let i = 0; i < rootCount; i++) pickNext(i, rootCount);
  for (let i = 0; i < rootCount; i++) store<u8>(ROOT_TAKEN + <usize>i, 0);
}

/**
 * Iterative deepening from the root position (side `C` to move). Fills LINE_* with the lines
 * of the deepest complete iteration and returns their number (0 when the side has no move).
 */
export function think<V, B, C>(us: B, them: B, kings: B, key: u64, maxDepth: i32, nodeBudget: u64, lines: i32, features: i32, noProgress: i32, endgame: i32, streaks: u64 = 0): i32 {
  nodes = 0;
  seldepth = 0;
  completedDepth = 0;
  completedMeanDepth = 0;
  maxNodes = nodeBudget;
  stopped = false;
  canStop = false;
  pollCountdown = POLL_NODES;
  disabled = features;
  noProgressLeft = noProgress;
  endgameLeft = endgame;
  lineCount = 0;
  reportFromNext = false;
  // Frisian: the root's streaks go into its key as into every other node's (the game's earlier
  // positions, pushed by the host, keep their keys without them).
  if (rules<V>().frisian) key ^= streakKey(streaks);
  store<u64>(KEYS + (<usize>historyCount << 3), key);
  store<i32>(REVERSIBLE_FROM, 0);
  store<u8>(CAPTURE_SEEN, 0);
  ageTable();
  prepareStaticEvaluation<V, B>();
  // Canadian has no endgame database (the probes read one-word boards): below every count, even
  // 0, which is what the low words count when every piece stands on rows 10 and 11.
  if (rules<V>().twelveByTwelve) {
    probeLimit = -1;
    distanceLimit = -1;
  }
  // Only the ordinary end reads the patterns (the other ends have evaluations of their own).
  carryWindows = isTenByTen<B>() && !rules<V>().orthogonal && !rules<V>().twelveByTwelve && gameEnd == ENDING_STANDARD && patternsInUse(patternFamilyOf<V>());
  if (carryWindows) setWindows<B>(windowsAt(0), isWhite<C>() ? us & ~kings : them & ~kings, isWhite<C>() ? them & ~kings : us & ~kings);

  store<u64>(STREAKS, streaks);
  listingAt<V, B>(0, us, kings);
  rootCount = generateLegal<V, B, C>(us, them, kings, 0);
  rootPieces = piecesOf<B>(us, them);
  if (rootPieces <= probeLimit && rootCount > 1) keepDatabaseResult<V, B, C>(us, them, kings);
  if (rootCount == 0) {
    reportDepth = 0;
    reportLines = 0;
    report<V, B>(SEARCH_ITERATION);
    return 0;
  }
  lines = min(lines, min(rootCount, MAX_LINES));
  memory.fill(ROOT_TAKEN, 0, <usize>rootCount);
  for (let i = 0; i < rootCount; i++) store<i32>(ROOT_SCORE + (<usize>i << 2), 0);
  const entry = enabled(FEATURE_TABLE) ? probe(key) : 0;
  scoreMoves<V>(0, rootCount, entry != 0 ? entryMove(entry) : NO_MOVE, isWhite<C>(), 0);
  for (let i = 0; i < rootCount; i++) pickNext(i, rootCount);

  let previous = 0;
  for (let depth = 1; depth <= maxDepth; depth++) {
    rootDepth = depth;
    newBest = false;
    leaves = 0;
    leafPlies = 0;
    let line = 0;
    for (; line < lines; line++) {
      let score: i32;
      if (line == 0 && depth >= 4 && enabled(FEATURE_ASPIRATION) && !isDecisive(previous)) {
        let delta = ASPIRATION_DELTA;
        let alpha = previous - delta;
        let beta = previous + delta;
        while (true) {
          score = searchRoot<V, B, C>(us, them, kings, key, depth, alpha, beta, 0);
          if (stopped) break;
          if (score <= alpha) alpha = max(-INFINITE, alpha - delta);
          else if (score >= beta) beta = min(INFINITE, beta + delta);
          else break;
          delta *= 2;
          if (delta > 1000) {
            alpha = -INFINITE;
            beta = INFINITE;
          }
        }
      } else {
        score = searchRoot<V, B, C>(us, them, kings, key, depth, -INFINITE, INFINITE, line);
      }
      if (stopped || rootBest < 0) break;
      store<i32>(NEXT_SCORE + (<usize>line << 2), score);
      const length = pvLength(0);
      store<i32>(NEXT_LENGTH + (<usize>line << 2), length);
      memory.copy(NEXT_MOVES + <usize>((line * MAX_PLY) << 4), pvAt(0, 0), <usize>(length << 4));
      store<i32>(NEXT_ROOT + (<usize>line << 2), rootBest);
      store<u8>(ROOT_TAKEN + <usize>rootBest, <u8>(line + 1));
    }
    if (stopped) break;
    sortLines(lines);
    commitLines(lines);
    lineCount = lines;
    completedDepth = depth;
    completedMeanDepth = meanLeafDepth();
    canStop = true;
    orderRoot(lines);
    previous = load<i32>(LINE_SCORE);
    reportDepth = depth;
    reportLines = lines;
    reportFromNext = false;
    report<V, B>(SEARCH_ITERATION);
    if (hostReport(SEARCH_ITERATION) != 0) break;
    if (maxNodes != 0 && nodes >= maxNodes) break;
    // A win or loss found at a distance the search has already looked past cannot change.
    if (isDecisive(previous) && WIN - abs(previous) < depth) break;
  }
  // Stopped in mid-iteration after the last iteration's move was refuted or beaten: the better
  // move is played. With several lines the report stays the last complete iteration's, whose
  // scores are comparable with one another.
  if (stopped && newBest && lineCount == 1) commitLines(1);
  reportDepth = completedDepth;
  reportLines = lineCount;
  reportFromNext = false;
  report<V, B>(SEARCH_ITERATION);
  return lineCount;
}
