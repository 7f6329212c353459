// Reductions: how much shallower a move or a line is searched than its depth says. Scan's
// reduce(): late quiet moves of a well-ordered list (the early, steep and log-log schedules), and
// the reversible reductions of a lopsided line. Each is a feature bit (contract.ts), so that the
// node search asks one question and a match can switch any of them off.

import { FEATURE_DEEP_REDUCTIONS, FEATURE_EARLY_REDUCTIONS, FEATURE_LMR, FEATURE_STEEP_REDUCTIONS } from "../contract/contract";
import { chosen, enabled } from "./features";
import { staticScore } from "./line";
import { isQuiet } from "./order";
import { isDecisive } from "./score";

// Reversible reductions (FEATURE_REVERSIBLE): from this depth, a line whose static score lies this
// far outside the window loses these plies until it comes back inside.
const REVERSIBLE_DEPTH: i32 = 4;
const REVERSIBLE_MARGIN: i32 = 120;
const REVERSIBLE_PLIES: i32 = 2;

/**
 * The late-move reduction of move `i` of [top, ...) at `depth`: none for a capture or a
 * promotion; with the early reductions (FEATURE_EARLY_REDUCTIONS) earlyReduction's plies, else
 * none for the first three moves and lateReduction's plies for the others.
 */
@inline export function reduce<V>(i: i32, top: i32, depth: i32, pvNode: bool): i32 {
  if (!enabled(FEATURE_LMR) || !isQuiet<V>(i)) return 0;
  if (chosen(FEATURE_EARLY_REDUCTIONS)) return earlyReduction(i - top, depth, pvNode) + steepening(i - top, depth);
  return depth >= 3 && i - top >= 3 ? lateReduction(depth, i - top, pvNode) : 0;
}

/**
 * The early reductions of a quiet move of rank `rank` (0 the first) at `depth`: off the
 * principal variation a ply from the second move and two from the fifth (at depth 4 or more),
 * on it a ply from the fourth. In draughts most quiet moves of a well-ordered list fail low; a
 * move that does beat alpha is searched again at full depth.
 */
@inline export function earlyReduction(rank: i32, depth: i32, pvNode: bool): i32 {
  if (depth < 2) return 0;
  if (pvNode) return rank >= 3 ? 1 : 0;
  if (rank < 1) return 0;
  return rank >= 4 && depth >= 4 ? 2 : 1;
}

/**
 * The steep reductions' extra ply (FEATURE_STEEP_REDUCTIONS), on top of the early ones: from the
 * seventh quiet move at depth 6 or more. Late in a long list of a deep node a move that beats the
 * first six is rare enough to look at a ply shallower still.
 */
@inline function steepening(rank: i32, depth: i32): i32 {
  return chosen(FEATURE_STEEP_REDUCTIONS) && rank >= 6 && depth >= 6 ? 1 : 0;
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

/** Plies a quiet move of rank `rank` (≥ 3) is reduced by at `depth` (≥ 3); the child keeps a ply. */
@inline function lateReduction(depth: i32, rank: i32, pvNode: bool): i32 {
  if (enabled(FEATURE_DEEP_REDUCTIONS)) return rank >= 8 && depth >= 6 ? 2 : 1; // the bit is clear: off
  let r = <i32>load<u8>(LMR + <usize>(min(depth, 63) * 64 + min(rank, 63)));
  if (pvNode) r--;
  return max(1, min(r, depth - 2));
}

/**
 * Reversible reductions: the plies a quiet node's line owes after this node. A line that owes
 * nothing and whose static score lies REVERSIBLE_MARGIN outside [alpha, beta] starts owing
 * REVERSIBLE_PLIES (the node is searched that much shallower); a line that owes and whose static
 * score is back near the window pays nothing more (the node gets the plies back). A lopsided
 * line is looked at less deeply only while it stays lopsided.
 */
export function owedAfter<V, B, C>(us: B, them: B, kings: B, ply: i32, depth: i32, alpha: i32, beta: i32, owed: i32): i32 {
  const stand = staticScore<V, B, C>(us, them, kings, ply);
  const outside = stand - REVERSIBLE_MARGIN >= beta || stand + REVERSIBLE_MARGIN <= alpha;
  if (owed == 0) return outside && depth >= REVERSIBLE_DEPTH && !isDecisive(alpha) && !isDecisive(beta) ? REVERSIBLE_PLIES : 0;
  return outside ? owed : 0;
}
