// Which evaluation scores a position: a game that ends otherwise has its own (game-end.ts),
// turkish's board and canadian's the hand evaluation over their tables (hand.ts), the others read
// their family's tables and patterns (evaluate.ts). One choice for the search's leaves and for
// the host's evaluation.

import { ENDING_STANDARD } from "../contract/contract";
import { highWordAt } from "../board/record";
import { evaluatePrepared, prepareEvaluation } from "./evaluate";
import { gameEnd, otherEndScore } from "./game-end";
import { handEvaluated, handScore, prepareHandEvaluation } from "./hand";

/** Builds the tables staticEvaluation reads for `V` (hand.ts's on the boards it covers, evaluate.ts's on the others). */
export function prepareStaticEvaluation<V, B>(): void {
  if (handEvaluated<V>()) prepareHandEvaluation<V>();
  else prepareEvaluation<V, B>();
}

/**
 * The static score from the side to move (`us`, White when `white`), the family's tables
 * prepared (prepareStaticEvaluation). `windows`: the pattern windows' indices the search carries, or 0
 * to read them off the men. `high`: where the sets' high words are on a board that has them
 * (White's, Black's, the kings', a u64 each, as board/record.ts R_HIGH; `us`, `them` and `kings`
 * are the low words). The hand-evaluated boards play the standard end only (abi/search-ops.ts).
 */
@inline export function staticEvaluation<V, B>(us: B, them: B, kings: B, white: bool, windows: usize = 0, high: usize = 0): i32 {
  if (handEvaluated<V>()) {
    const ours: usize = white ? 0 : 8;
    const theirs: usize = white ? 8 : 0;
    return handScore<V>(<u64>us, highWordAt<V>(high, ours), <u64>them, highWordAt<V>(high, theirs), <u64>kings, highWordAt<V>(high, 16), white);
  }
  if (gameEnd != ENDING_STANDARD) return otherEndScore<B>(us, them, kings, white);
  return white ? evaluatePrepared<V, B>(us, them, kings, true, windows) : evaluatePrepared<V, B>(them, us, kings, false, windows);
}
