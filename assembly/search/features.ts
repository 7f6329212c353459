// The search's features (FEATURE_* in abi/contract.ts) that the host switches off for one search:
// a leaf, read by the ordering, the node search and the root alike.

/** The features switched off in the search in progress (killers and deep reductions: on). */
let disabled: i32 = 0;

/** Sets the features the next search leaves out (think). */
export function disableFeatures(features: i32): void {
  disabled = features;
}

@inline export function enabled(feature: i32): bool {
  return (disabled & feature) == 0;
}

/** Whether an opt-in feature (its bit switches it on: killers, deep and early reductions, …) is on. */
@inline export function chosen(feature: i32): bool {
  return (disabled & feature) != 0;
}
