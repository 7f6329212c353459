// Which evaluation scores a position: a game that ends otherwise has its own (game-end.ts),
// turkish's board and canadian's the hand evaluation over their tables (hand.ts), the others read
// their family's tables and patterns (evaluate.ts). One choice for the search's leaves and for
// the host's evaluation.

import { ENDING_STANDARD } from "../contract/contract";
import { rules } from "../board/variants";
import { evaluatePrepared, prepareEvaluation } from "./evaluate";
import { gameEnd, otherEndScore } from "./game-end";
import { handScore, prepareHandEvaluation } from "./hand";

/** Builds the tables staticEvaluation reads for `V` (evaluate.ts's; turkish's and canadian's hand.ts's). */
export function prepareStaticEvaluation<V, B>(): void {
  if (rules<V>().twelveByTwelve || rules<V>().orthogonal) prepareHandEvaluation<V>();
  if (!rules<V>().twelveByTwelve) prepareEvaluation<V, B>();
}

/**
 * The static score from the side to move (`us`, White when `white`), the family's tables
 * prepared (prepareStaticEvaluation). `windows`: the pattern windows' indices the search carries, or 0
 * to read them off the men. `high`: on 12×12, where the sets' high words are (White's, Black's,
 * the kings', a u64 each; `us`, `them` and `kings` are the low words).
 */
@inline export function staticEvaluation<V, B>(us: B, them: B, kings: B, white: bool, windows: usize = 0, high: usize = 0): i32 {
  if (rules<V>().twelveByTwelve) {
    const ours: usize = white ? 0 : 8;
    const theirs: usize = white ? 8 : 0;
    return handScore<V>(<u64>us, load<u64>(high + ours), <u64>them, load<u64>(high + theirs), <u64>kings, load<u64>(high, 16), white);
  }
  if (gameEnd != ENDING_STANDARD) return otherEndScore<B>(us, them, kings, white);
  if (rules<V>().orthogonal) return handScore<V>(<u64>us, 0, <u64>them, 0, <u64>kings, 0, white);
  return white ? evaluatePrepared<V, B>(us, them, kings, true, windows) : evaluatePrepared<V, B>(them, us, kings, false, windows);
}
