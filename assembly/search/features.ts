// The search's features (FEATURE_* in contract/contract.ts) that the host switches off for one
// search, and the opt-in ones a family uses by default: read by the ordering, the node search and
// the root alike.

import { ENDING_STANDARD, FEATURES_TEN_BY_TEN } from "../contract/contract";
import { rules } from "../board/variants";
import { gameEnd } from "../eval/game-end";

/** The features switched off in the search in progress (killers and deep reductions: on). */
let disabled: i32 = 0;

/**
 * Sets the features the next search of variant V leaves out (think): the host's bits, each
 * toggling its feature from V's default (on, but for the opt-in ones that V does not use by
 * default).
 */
export function disableFeatures<V>(features: i32): void {
  disabled = features ^ chosenByDefault<V>();
}

/** The opt-in features V's search uses unless told otherwise (FEATURES_* in the contract). */
@inline export function chosenByDefault<V>(): i32 {
  return rules<V>().tenByTen && !rules<V>().frisian && gameEnd == ENDING_STANDARD ? FEATURES_TEN_BY_TEN : 0;
}

@inline export function enabled(feature: i32): bool {
  return (disabled & feature) == 0;
}

/** Whether an opt-in feature (its bit switches it on: killers, deep and early reductions, …) is on. */
@inline export function chosen(feature: i32): bool {
  return (disabled & feature) != 0;
}
