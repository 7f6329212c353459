// Which evaluation scores a position: a game that ends otherwise has its own (game-end.ts), so
// has turkish's board (turkish.ts), the others read their family's tables and patterns
// (evaluate.ts). One choice for the search's leaves and for the host's evaluation.

import { ENDING_STANDARD } from "../abi/contract";
import { rules } from "../board/variants";
import { evaluatePrepared } from "./evaluate";
import { gameEnd, otherEndScore } from "./game-end";
import { turkishScore } from "./turkish";

/**
 * The static score from the side to move (`us`, White when `white`), the family's tables
 * prepared (prepareEvaluation). `windows`: the pattern windows' indices the search carries, or 0
 * to read them off the men.
 */
@inline export function staticEvaluation<V, B>(us: B, them: B, kings: B, white: bool, windows: usize = 0): i32 {
  if (gameEnd != ENDING_STANDARD) return otherEndScore<B>(us, them, kings, white);
  if (rules<V>().orthogonal) return turkishScore<B>(us, them, kings, white);
  return white ? evaluatePrepared<V, B>(us, them, kings, true, windows) : evaluatePrepared<V, B>(them, us, kings, false, windows);
}
