// The root: iterative deepening with aspiration windows, several lines (multi-PV: each line
// the best of the root moves the earlier ones left), the lines sorted and committed when an
// iteration completes, and the reports to the host. On top of the search's files: it drives the
// node search (search.ts) and reads the ordering, the line and the endings.
//
// The host drives time: `hostReport` is called after each iteration and on a new best root move,
// with SEARCH_OUT filled (output.ts), and may stop the search (so may search.ts's `hostPoll`).

import {
  FEATURE_ASPIRATION, FEATURE_EARLY_REDUCTIONS, FEATURE_LMR, FEATURE_TABLE, SEARCH_BEST, SEARCH_ITERATION, SEARCH_MAX_LINES as MAX_LINES, SEARCH_MAX_PLY as MAX_PLY,
} from "../contract/contract";
import { isWhite } from "../board/side";
import { rules } from "../board/variants";
import { prepareStaticEvaluation } from "../eval/static";
import { generateLegal } from "../movegen/legal";
import { recordAt } from "../position/record";
import { MAX_MOVES } from "../movegen/movelist";
import { rootEndings } from "./endings";
import { chosen, disableFeatures, enabled } from "./features";
import { enterChild, startLine, streakKey } from "./line";
import { ORDER, encodeMove, isQuiet, pickNext, scoreMoves } from "./order";
import { writeOutput } from "./output";
import { INFINITE, WIN, isDecisive } from "./score";
import {
  allowStop, childSearch, enterRoot, maxNodes, meanLeafDepth, nodes, pvAt, pvLength, seldepth, startIteration, startSearch,
  stopOnRequest, stopped, updatePv,
} from "./search";
import { NO_MOVE, ageTable, entryMove, probe } from "./table";

// @ts-ignore: decorator
@external("env", "searchReport") declare function hostReport(kind: i32): i32;

const ASPIRATION_DELTA: i32 = 30;

export let completedDepth: i32 = 0;
/** The last complete iteration's mean leaf depth. */
let completedMeanDepth: f64 = 0;

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

// ---- the root ---------------------------------------------------------------------------------

/** The best of the root moves not yet taken by an earlier line, within [alpha, beta]. */
function searchRoot<V, B, C>(us: B, them: B, kings: B, key: u64, depth: i32, alpha: i32, beta: i32, line: i32): i32 {
  enterRoot(key, rootCount);
  let best = -INFINITE;
  let searched = 0;
  rootBest = -1;
  const previousBest = line == 0 && rootCount > 0 ? encodeMove<V>(0) : NO_MOVE;
  for (let i = 0; i < rootCount; i++) {
    if (load<u8>(ROOT_TAKEN + <usize>i) != 0) continue;
    enterChild<V>(i, 0);
    let score: i32;
    if (searched == 0) {
      score = childSearch<V, B, C>(i, us, them, kings, 0, depth - 1, alpha, beta, true);
    } else {
      const reduction = rootReduction<V>(i, searched, depth);
      score = childSearch<V, B, C>(i, us, them, kings, 0, depth - 1 - reduction, alpha, alpha + 1, false);
      if (score > alpha && reduction > 0 && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, 0, depth - 1, alpha, alpha + 1, false);
      }
      if (score > alpha && score < beta && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, 0, depth - 1, alpha, beta, true);
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
          if (hostReport(SEARCH_BEST) != 0) stopOnRequest();
        }
        if (score >= beta) break;
      }
    }
  }
  return best;
}

/**
 * The root's reduction of move `i`, the `searched`-th it searches (with the early reductions,
 * FEATURE_EARLY_REDUCTIONS): a ply for a quiet move from the fourth on, at depth 3 or more; as
 * below the root, a move that beats alpha is searched again at full depth.
 */
@inline function rootReduction<V>(i: i32, searched: i32, depth: i32): i32 {
  return chosen(FEATURE_EARLY_REDUCTIONS) && enabled(FEATURE_LMR) && searched >= 3 && depth >= 3 && isQuiet<V>(i) ? 1 : 0;
}

// ---- the lines and the reports ----------------------------------------------------------------

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

// ---- iterative deepening ----------------------------------------------------------------------

/**
 * Iterative deepening from the root position (side `C` to move). Fills LINE_* with the lines
 * of the deepest complete iteration and returns their number (0 when the side has no move).
 */
export function think<V, B, C>(us: B, them: B, kings: B, key: u64, maxDepth: i32, nodeBudget: u64, lines: i32, features: i32, noProgress: i32, endgame: i32, streaks: u64 = 0): i32 {
  startSearch(nodeBudget);
  completedDepth = 0;
  completedMeanDepth = 0;
  disableFeatures<V>(features);
  lineCount = 0;
  reportFromNext = false;
  // Frisian: the root's streaks go into its key as into every other node's (the game's earlier
  // positions, pushed by the host, keep their keys without them).
  if (rules<V>().frisian) key ^= streakKey(streaks);
  startLine<V, B, C>(us, them, kings, key, streaks, noProgress, endgame);
  ageTable();
  prepareStaticEvaluation<V, B>();
  rootCount = generateLegal<V, B, C>(us, them, kings, recordAt(0), 0);
  rootCount = rootEndings<V, B, C>(us, them, kings, rootCount);
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
    startIteration(depth);
    newBest = false;
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
    allowStop();
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
