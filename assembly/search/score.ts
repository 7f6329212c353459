// Scores are in centi-men (100 = one man), from the side to move. A won game scores
// WIN - n, n being the plies from the root to the end of the game; a lost one -(WIN - n).

export const WIN: i32 = 30000;
/** Scores at or beyond this are wins (or, negated, losses) at a known distance. */
export const WIN_BOUND: i32 = WIN - 1000;
export const INFINITE: i32 = WIN + 1;
export const DRAW: i32 = 0;

@inline export function lossIn(ply: i32): i32 {
  return -(WIN - ply);
}

@inline export function isDecisive(score: i32): bool {
  return score >= WIN_BOUND || score <= -WIN_BOUND;
}
