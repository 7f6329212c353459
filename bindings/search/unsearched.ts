// Why the search does not play a variant, in one sentence for every place that refuses it: the
// API's search, the command line's `play`, `hub` and `search`, and the page's opponent.

import { VariantName, variantInfo } from "../core/variant.js";

/**
 * Why the search does not play `variant`, or undefined when it does. Its generator and
 * evaluation are the 8×8 and 10×10 diagonal ones: not turkish's orthogonal board, canadian's
 * 12×12 one, nor frisian's captures along ranks and files.
 */
export function whyNotSearched(variant: VariantName): string | undefined {
  const info = variantInfo(variant);
  if (info.searched) return undefined;
  const name = info.name;
  if (info.size === 12) return `its evaluation reads only the 8×8 and 10×10 boards, and ${name} is played on 12×12`;
  if (info.allSquares) return `its evaluation reads only the diagonal boards, and ${name} is played on all 64 squares along ranks and files`;
  return `it searches only diagonal captures, and ${name} also captures along ranks and files, with a limit on moves of one king`;
}
