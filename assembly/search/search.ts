// The node search: a fail-soft principal-variation search with a transposition table, a
// shallow-search cut, a static cut, the single-reply and singular extensions (extend) and
// late-move reductions (reduce), ending in a quiescence search that never evaluates a position
// with a capture pending. Generic over the variant, the bitboard and the side to move, like the
// move generator; positions are passed by value (copy-make), moves live on the move stack, and
// nothing allocates.
//
// Below the root (root.ts), over the ordering (order.ts), the endings' scores (endings.ts) and
// the line (line.ts). The host drives time: `hostPoll` is called every POLL_NODES nodes and
// returns non-zero to stop.

import {
  ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENDING_STANDARD, FEATURE_EXCHANGES, FEATURE_PV_TABLE_CUT,
  FEATURE_SHALLOW_CUT, FEATURE_SINGLE_REPLY, FEATURE_SINGULAR, FEATURE_STATIC_CUT, FEATURE_TABLE, FEATURE_TABLE_AT_FRONTIER,
  FEATURE_FULL_HISTORY, FEATURE_REVERSIBLE, FEATURE_THREAT_PLY, FEATURE_VERIFY_CUT,
  SEARCH_MAX_PLY as MAX_PLY,
} from "../contract/contract";
import { Black, White, isWhite } from "../board/side";
import { optionalAt } from "../board/record";
import { rules } from "../board/variants";
import { gameEnd } from "../eval/game-end";
import { capturesOn, capturersOn, hasQuietOn, legalFrom, quietOn } from "../movegen/legal";
import { moveAt } from "../movegen/movelist";
import { nextUs } from "../position/make";
import { kingsAfter, themAfter } from "../position/high-words";
import { recordAt } from "../position/record";
import { NO_SCORE, endingScore, piecesOf, withinEndings } from "./endings";
import { exchangesOn } from "./exchanges";
import { chosen, enabled } from "./features";
import { owedAfter, reduce } from "./reductions";
import { childKey, drawnByCounters, enterChild, irreversible, makeChild, repeats, setKeyAt, staticScore } from "./line";
import { encodeMove, pickNext, rememberBest, rememberCutoff, scoreMoves, swapMoves } from "./order";
import { DRAW, INFINITE, WIN, isDecisive, lossIn } from "./score";
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, entryBound, entryDepth, entryMove, entryScore, probe, save, touchCluster } from "./table";

// @ts-ignore: decorator
@external("env", "searchPoll") declare function hostPoll(nodes: f64): i32;

const POLL_NODES: i32 = 1024;
const SHALLOW_CUT_MARGIN: i32 = 80;
const SHALLOW_CUT_DEPTH: i32 = 5;
const STATIC_CUT_DEPTH: i32 = 3;
const STATIC_CUT_MARGIN: i32 = 50;
// The singular extension: from this depth, against the table's score less this much a ply.
const SINGULAR_DEPTH: i32 = 6;
const SINGULAR_MARGIN: i32 = 2;
// The verification cut (FEATURE_VERIFY_CUT): from this depth, a search of the node at 2/5 of its
// depth against beta plus VERIFY_BASE and VERIFY_STEP a ply.
const VERIFY_DEPTH: i32 = 4;
const VERIFY_BASE: i32 = 30;
const VERIFY_STEP: i32 = 8;

// ---- the search's state -----------------------------------------------------------------------

export let nodes: u64 = 0;
export let seldepth: i32 = 0;
/** The iteration in progress's leaves (nodes where the depth ran out) and their plies summed: the mean depth Hub reports. */
let leaves: u64 = 0;
let leafPlies: u64 = 0;
export let maxNodes: u64 = 0;
export let stopped = false;
let canStop = false;
let pollCountdown: i32 = POLL_NODES;
/** The depth of the iteration in progress. */
let rootDepth: i32 = 0;
/** A verification search is in progress: the nodes below it make none of their own. */
let verifying = false;

/** A search starts: no node yet, `nodeBudget` nodes at most (0: no limit), not to be stopped before its first iteration. */
export function startSearch(nodeBudget: u64): void {
  nodes = 0;
  seldepth = 0;
  maxNodes = nodeBudget;
  stopped = false;
  canStop = false;
  pollCountdown = POLL_NODES;
  verifying = false;
}

/** An iteration to `depth` starts: no leaf reached yet. */
export function startIteration(depth: i32): void {
  rootDepth = depth;
  leaves = 0;
  leafPlies = 0;
}

/** An iteration is complete: from now on the host may stop the search. */
export function allowStop(): void {
  canStop = true;
}

/** The host asked to stop: the search stops, once it has an iteration to show. */
export function stopOnRequest(): void {
  stopped = canStop;
}

/** The mean ply of the iteration's leaves so far (its depth while none is reached). */
export function meanLeafDepth(): f64 {
  return leaves == 0 ? <f64>rootDepth : <f64>leafPlies / <f64>leaves;
}

// ---- the node record -------------------------------------------------------------------------

/**
 * A node of the search, one slot a ply: what its parent hands it (its key, where its moves go
 * on the move stack, whether it is on the principal variation) and what its extensions read
 * (where its moves end, the table's move, and the table's score and depth when its entry is a
 * lower bound or exact, depth -1 when there is none), and the plies its line owes (a reversible
 * reduction not yet given back). The position, the depth and the window
 * travel as arguments: they change within the node. The shallow-search cut searches the same
 * ply again, so a node writes its own part only once that is done, just before its moves.
 */
@unmanaged class Node {
  key: u64;
  top: i32;
  end: i32;
  tableScore: i32;
  tableDepth: i32;
  tableMove: u16;
  pvNode: bool;
  owed: u8;
}

/** A slot's bytes, as a shift: 32 (the fields take 28). */
const NODE_SHIFT: usize = 5;
const NODES = memory.data(<i32>(MAX_PLY + 1) << <i32>NODE_SHIFT);

@inline function nodeAt(ply: i32): Node {
  return changetype<Node>(NODES + (<usize>ply << NODE_SHIFT));
}

// ---- the principal variation ------------------------------------------------------------------

/** Triangular principal-variation table: the line from ply p is at row p (move records). */
const PV = memory.data(16 * MAX_PLY * MAX_PLY);
const PV_LENGTH = memory.data(4 * (MAX_PLY + 1));

@inline export function pvAt(ply: i32, i: i32): usize {
  return PV + <usize>((ply * MAX_PLY + i) << 4);
}

@inline export function pvLength(ply: i32): i32 {
  return load<i32>(PV_LENGTH + (<usize>ply << 2));
}

@inline function setPvLength(ply: i32, length: i32): void {
  store<i32>(PV_LENGTH + (<usize>ply << 2), length);
}

/** The line from `ply` becomes move `index` followed by the line from ply + 1. */
export function updatePv(ply: i32, index: i32): void {
  memory.copy(pvAt(ply, 0), moveAt(index), 16);
  const rest = ply + 1 < MAX_PLY ? pvLength(ply + 1) : 0;
  if (rest > 0) memory.copy(pvAt(ply, 1), pvAt(ply + 1, 0), <usize>(rest << 4));
  setPvLength(ply, rest + 1);
}

// ---- nodes ------------------------------------------------------------------------------------

@inline function pollHost(): void {
  pollCountdown = POLL_NODES;
  if (!canStop) return;
  if ((maxNodes != 0 && nodes >= maxNodes) || hostPoll(<f64>nodes) != 0) stopped = true;
}

/** A node's bookkeeping, the same in the search and in quiescence: true when the search must stop. */
@inline function enterNode<V>(ply: i32): bool {
  nodes++;
  if (--pollCountdown <= 0) pollHost();
  if (stopped) return true;
  if (ply > seldepth) seldepth = ply;
  setPvLength(ply, 0);
  return false;
}

/** The root's bookkeeping (root.ts): a node, its line empty, its key and its moves [0, end) in its record. */
export function enterRoot(key: u64, end: i32): void {
  nodes++;
  setPvLength(0, 0);
  const root = nodeAt(0);
  root.key = key;
  root.end = end;
  root.owed = 0;
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
@inline function threatenedBy<V, B, C>(us: B, them: B, kings: B, ply: i32): bool {
  return (isWhite<C>() ? capturersOn<V, B, Black>(them, us, kings, recordAt(ply)) : capturersOn<V, B, White>(them, us, kings, recordAt(ply))) != 0;
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

// ---- quiescence -------------------------------------------------------------------------------

/**
 * Quiescence: captures are compulsory, so a position with one pending is searched through
 * every capture and never evaluated (no stand-pat, except under the optional-capture rule). A
 * quiet position where the opponent threatens a capture gets `threats` more full-width plies;
 * with FEATURE_EXCHANGES, one without kings searches its exchanges beside standing pat.
 */
function quiesce<V, B, C>(us: B, them: B, kings: B, alpha: i32, beta: i32, ply: i32, top: i32, threats: i32): i32 {
  if (enterNode<V>(ply)) return 0;
  if (brokeThrough<B>(them, kings)) return lossIn(ply);
  if (ply >= MAX_PLY - 1) return staticScore<V, B, C>(us, them, kings, ply);
  const pieces = capturersOn<V, B, C>(us, them, kings, recordAt(ply));
  if (pieces != 0) {
    let best = -INFINITE;
    if (optionalAt(recordAt(ply))) {
      best = staticScore<V, B, C>(us, them, kings, ply);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    const end = capturesOn<V, B, C>(us, them, kings, recordAt(ply), pieces, top);
    return quiesceMoves<V, B, C>(us, them, kings, best, alpha, beta, ply, top, end, threats);
  }
  const onBoard = piecesOf<B>(us, them);
  if (withinEndings(onBoard)) {
    const score = endingScore<V, B, C>(us, them, kings, onBoard, ply);
    if (score != NO_SCORE) return score;
  }
  if (threats > 0 && enabled(FEATURE_THREAT_PLY)) {
    if (threatenedBy<V, B, C>(us, them, kings, ply)) {
      const end = quietOn<V, B, C>(us, them, kings, recordAt(ply), top);
      if (end == top) return noMoveScore(ply);
      return quiesceMoves<V, B, C>(us, them, kings, -INFINITE, alpha, beta, ply, top, end, threats - 1);
    }
  }
  if (!hasQuietOn<V, B, C>(us, them, kings, recordAt(ply))) return noMoveScore(ply);
  const stand = staticScore<V, B, C>(us, them, kings, ply);
  // Exchanges (FEATURE_EXCHANGES): a trade the opponent must take and that is won back at once
  // changes the count of men before the position is quiet; searched beside standing pat, once a
  // line (they spend the threat ply). Standing pat at beta needs none, so they are listed only
  // below it: most leaves of a null window stop here.
  if (stand < beta && threats > 0 && kings == 0 && chosen(FEATURE_EXCHANGES)) {
    const end = exchangesOn<V, B, C>(us, them, kings, recordAt(ply), top);
    if (end != top) return quiesceMoves<V, B, C>(us, them, kings, stand, alpha, beta, ply, top, end, threats - 1);
  }
  return stand;
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
    const childThem = themAfter<V, B>(move, us);
    const childKings = kingsAfter<V, B>(move, kings);
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
 * The score, from side `C`'s point of view, of the position after its move `index` at `ply`,
 * searched to `depth` (the child's record filled from the node's: its key, its moves after the
 * node's). A leaf reached by an irreversible move cannot repeat an earlier position, so it
 * goes straight to quiescence and needs no key (quiescence never looks positions up); its slot
 * of KEYS is left as it was, since only its descendants' repetition tests would read it, and
 * quiescence makes none.
 */
export function childSearch<V, B, C>(index: i32, us: B, them: B, kings: B, ply: i32, depth: i32, alpha: i32, beta: i32, pvNode: bool): i32 {
  const parent = nodeAt(ply);
  const top = parent.end;
  const move = moveAt(index);
  const childUs = nextUs<B>(move, them);
  const childThem = themAfter<V, B>(move, us);
  const childKings = kingsAfter<V, B>(move, kings);
  makeChild<V, B, C>(move, kings, ply);
  if (depth <= 0 && irreversible<V>(index)) {
    reachLeaf(ply + 1);
    return isWhite<C>()
      ? -quiesce<V, B, Black>(childUs, childThem, childKings, -beta, -alpha, ply + 1, top, 1)
      : -quiesce<V, B, White>(childUs, childThem, childKings, -beta, -alpha, ply + 1, top, 1);
  }
  const child = nodeAt(ply + 1);
  child.key = childKey<V, B, C>(move, parent.key, kings, ply);
  child.top = top;
  child.pvNode = pvNode;
  child.owed = parent.owed;
  return isWhite<C>()
    ? -search<V, B, Black>(childUs, childThem, childKings, ply + 1, depth, -beta, -alpha)
    : -search<V, B, White>(childUs, childThem, childKings, ply + 1, depth, -beta, -alpha);
}

/** A line reached the horizon at `ply` (mean-depth's count). */
@inline function reachLeaf(ply: i32): void {
  leaves++;
  leafPlies += <u64>ply;
}

// ---- extensions and reductions ----------------------------------------------------------------

/** Extensions stop at twice the iteration's depth, so a line of forced replies cannot run away. */
@inline function roomToExtend(ply: i32): bool {
  return ply < 2 * rootDepth;
}

/** The node's own extension, before its moves: a ply for a single reply (a forced move costs nothing to follow). */
@inline function extendNode(moves: i32, ply: i32): i32 {
  return moves == 1 && enabled(FEATURE_SINGLE_REPLY) && roomToExtend(ply) ? 1 : 0;
}

/**
 * The first move's extension, read off the node's record: a ply when the first move is the
 * table's, the table's score is a lower bound or exact from nearly this depth, and the move is
 * singular.
 * After the test the first move's bookkeeping is made again (the test's siblings overwrote it);
 * when the test was stopped the extension does not matter (the caller stops).
 */
@inline function extend<V, B, C>(us: B, them: B, kings: B, ply: i32, depth: i32): i32 {
  const node = nodeAt(ply);
  const top = node.top;
  if (depth < SINGULAR_DEPTH || node.tableDepth < depth - 3 || isDecisive(node.tableScore) || node.end - top <= 1 || !roomToExtend(ply)
    || !enabled(FEATURE_SINGULAR) || encodeMove<V>(top) != node.tableMove) return 0;
  const extension = singular<V, B, C>(us, them, kings, ply, depth, node.tableScore - SINGULAR_MARGIN * depth) ? 1 : 0;
  if (!stopped) enterChild<V>(top, ply);
  return extension;
}

/**
 * Whether the table's move, first of the node's moves, is singular: every other move, searched
 * to half the depth, fails below `target` (the table's score less a margin). Such a move (the
 * one defence, the one shot that holds) is searched a ply deeper, so the reductions below it do
 * not hide how it ends.
 */
function singular<V, B, C>(us: B, them: B, kings: B, ply: i32, depth: i32, target: i32): bool {
  const node = nodeAt(ply);
  const end = node.end;
  for (let i = node.top + 1; i < end; i++) {
    enterChild<V>(i, ply);
    const score = childSearch<V, B, C>(i, us, them, kings, ply, depth / 2 - 1, target - 1, target, false);
    if (stopped || score >= target) return false;
  }
  return true;
}

// ---- the node search --------------------------------------------------------------------------

/**
 * The score of the position of side `C` at `ply`, searched to `depth` within [alpha, beta]. Its
 * record (nodeAt(ply)) holds its key, where its moves go on the move stack, and whether it is
 * on the principal variation (searched with the full window: nothing is cut, the line is kept).
 */
function search<V, B, C>(us: B, them: B, kings: B, ply: i32, depth: i32, alpha: i32, beta: i32): i32 {
  const node = nodeAt(ply);
  const key = node.key;
  const top = node.top;
  const pvNode = node.pvNode;
  let owed: i32 = node.owed;
  const at = setKeyAt(ply, key);
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
  if (withinEndings(onBoard) && capturersOn<V, B, C>(us, them, kings, recordAt(ply)) == 0) {
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
      // On the principal variation an exact entry at least as deep is the score this search
      // would find (FEATURE_PV_TABLE_CUT); the line stops here.
      if (pvNode && ply > 0 && bound == BOUND_EXACT && stored >= depth && chosen(FEATURE_PV_TABLE_CUT)) {
        setPvLength(ply, 0);
        return score;
      }
    }
  }

  // The pieces that can capture, found once for the cut and for the listing below.
  const capturers = capturersOn<V, B, C>(us, them, kings, recordAt(ply));

  // Static cut: near the leaves, a quiet position (no capture pending for either side) whose
  // static score clears beta by half a man a ply is not searched further. Shots start from
  // captures or threats, which are excluded; other endings' scores are not material, so it
  // stays with the standard game.
  if (!pvNode && depth <= STATIC_CUT_DEPTH && gameEnd == ENDING_STANDARD && enabled(FEATURE_STATIC_CUT) && !isDecisive(beta)
    && capturers == 0 && !threatenedBy<V, B, C>(us, them, kings, ply)) {
    const stand = staticScore<V, B, C>(us, them, kings, ply);
    if (stand - STATIC_CUT_MARGIN * depth >= beta) return stand;
  }

  // Verification cut: a search of the same node at 2/5 of the depth that clears beta by a
  // margin growing with the depth is trusted, less the margin; the nodes below it make no
  // verification of their own. It takes the place of the shallow cut.
  if (chosen(FEATURE_VERIFY_CUT)) {
    if (!pvNode && depth >= VERIFY_DEPTH && !verifying && !isDecisive(beta)) {
      const margin = VERIFY_BASE + VERIFY_STEP * depth;
      const target = beta + margin;
      verifying = true;
      const score = search<V, B, C>(us, them, kings, ply, depth * 2 / 5, target - 1, target);
      verifying = false;
      if (stopped) return 0;
      if (score >= target) return score - margin;
    }
  } else if (!pvNode && depth >= SHALLOW_CUT_DEPTH && enabled(FEATURE_SHALLOW_CUT) && !isDecisive(beta)) {
    // Same-position shallow-search cut: a reduced search that clears beta by a margin is trusted.
    const target = beta + SHALLOW_CUT_MARGIN;
    const score = search<V, B, C>(us, them, kings, ply, depth - 3, target - 1, target);
    if (stopped) return 0;
    if (score >= target) return score;
  }

  if (chosen(FEATURE_REVERSIBLE) && !pvNode && capturers == 0 && gameEnd == ENDING_STANDARD) {
    const owing = owed;
    owed = owedAfter<V, B, C>(us, them, kings, ply, depth, alpha, beta, owed);
    depth += owing - owed;
  }

  const end = legalFrom<V, B, C>(us, them, kings, recordAt(ply), capturers, top);
  if (end == top) return noMoveScore(ply);
  if (ply > 0 && drawnByCounters(ply)) return DRAW;
  depth += extendNode(end - top, ply);
  node.end = end;
  node.owed = <u8>owed;
  node.tableMove = tableMove;
  node.tableScore = tableScore;
  node.tableDepth = tableDepth;

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
      const extension = extend<V, B, C>(us, them, kings, ply, depth);
      if (stopped) return 0;
      score = childSearch<V, B, C>(i, us, them, kings, ply, depth - 1 + extension, alpha, beta, pvNode);
    } else {
      const reduction = reduce<V>(i, top, depth, pvNode);
      score = childSearch<V, B, C>(i, us, them, kings, ply, depth - 1 - reduction, alpha, alpha + 1, false);
      if (score > alpha && reduction > 0 && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, ply, depth - 1, alpha, alpha + 1, false);
      }
      if (score > alpha && score < beta && pvNode && !stopped) {
        score = childSearch<V, B, C>(i, us, them, kings, ply, depth - 1, alpha, beta, true);
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
  // The best move of a node that raised alpha without a cut-off teaches the history too.
  if (bestIndex >= 0 && best > alphaBefore && best < beta && chosen(FEATURE_FULL_HISTORY)) rememberBest<V>(top, bestIndex, depth, white);
  if (useTable) {
    const bound = best >= beta ? BOUND_LOWER : best > alphaBefore ? BOUND_EXACT : BOUND_UPPER;
    save(key, bound == BOUND_UPPER ? NO_MOVE : encodeMove<V>(bestIndex), best, depth, bound, ply);
  }
  return best;
}
