// Why the search does not play a variant, in one sentence for every place that refuses it: the
// API's search, the command line's `play`, `hub` and `search`, and the page's opponent.

import { VariantName, variantInfo } from "../core/variant.js";

/**
 * Why the search does not play `variant`, or undefined when it does: canadian's 12×12 board,
 * whose sets take two words, is the one it does not read.
 */
export function whyNotSearched(variant: VariantName): string | undefined {
  const info = variantInfo(variant);
  if (info.searched) return undefined;
  return `its evaluation reads only the 8×8 and 10×10 boards, and ${info.name} is played on 12×12`;
}
