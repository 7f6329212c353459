// Why the search does not play a variant, in one sentence for every place that refuses it: the
// API's search, the command line's `play`, `hub` and `search`, and the page's opponent.

import { VariantName, variantInfo } from "../core/variant.js";

/**
 * Why the search does not play `variant`, or undefined when it does. It plays all sixteen today
 * (`VariantInfo.searched`); the reason stays for a variant added to the rules before its search.
 */
export function whyNotSearched(variant: VariantName): string | undefined {
  const info = variantInfo(variant);
  if (info.searched) return undefined;
  return `the core has no evaluation of ${info.name}'s board yet`;
}
