// Why the search does not play a variant, in one sentence for every place that refuses it: the
// API's search, the command line's `play`, `hub` and `search`, and the page's opponent.

import { VariantName, variantInfo } from "../core/variant.js";

/**
 * Why the search does not play `variant`, or undefined when it does: canadian's 12×12 board,
 * and frisian's king-move limit, which its moves depend on and the search does not carry.
 */
export function whyNotSearched(variant: VariantName): string | undefined {
  const info = variantInfo(variant);
  if (info.searched) return undefined;
  const name = info.name;
  if (info.size === 12) return `its evaluation reads only the 8×8 and 10×10 boards, and ${name} is played on 12×12`;
  return `it searches only diagonal captures, and ${name} also captures along ranks and files, with a limit on moves of one king`;
}
