// Scores are in centi-men (100 = one man), from the side to move. A won game scores
// WIN - n, n being the plies from the root to the end of the game; a lost one -(WIN - n).

import { SEARCH_KNOWN_WIN, SEARCH_KNOWN_WIN_SPREAD, SEARCH_WIN, SEARCH_WIN_BOUND } from "../contract/contract";

export const WIN: i32 = SEARCH_WIN;
/** Scores at or beyond this are wins (or, negated, losses) at a known distance. */
export const WIN_BOUND: i32 = SEARCH_WIN_BOUND;
export const INFINITE: i32 = WIN + 1;
export const DRAW: i32 = 0;
/**
 * An endgame database's win: KNOWN_WIN plus the evaluation clamped to ±KNOWN_WIN_SPREAD, so
 * every database win outscores every evaluation and none reaches WIN_BOUND.
 */
export const KNOWN_WIN: i32 = SEARCH_KNOWN_WIN;
export const KNOWN_WIN_SPREAD: i32 = SEARCH_KNOWN_WIN_SPREAD;

@inline export function lossIn(ply: i32): i32 {
  return -(WIN - ply);
}

@inline export function isDecisive(score: i32): bool {
  return score >= WIN_BOUND || score <= -WIN_BOUND;
}
