// The cores the package ships beside the full one: one per board family, each with only that
// family's rules, search and evaluation, in two files: the plain rules, and the optional-capture
// house rule. A page loads the one it plays (init({ variants })). The same list drives the
// build (scripts/build-steps.mjs FAMILIES), and a test holds the two together.

import type { VariantName } from "./variant.js";

export interface CoreFamily {
  /** The family's name, as its files are called: bitdraughts-NAME.wasm, bitdraughts-NAME-optional.wasm. */
  readonly name: string;
  readonly variants: readonly VariantName[];
}

/** The board families that have a core of their own. */
export const CORE_FAMILIES: readonly CoreFamily[] = Object.freeze([
  { name: "short-kings-8x8", variants: ["english", "italian"] },
  { name: "flying-kings-8x8", variants: ["brazilian", "russian", "spanish", "czech", "pool", "thai"] },
  { name: "ten-by-ten", variants: ["international", "killer", "antidraughts", "breakthrough"] },
  { name: "frisian", variants: ["frisian", "frysk"] },
  { name: "turkish", variants: ["turkish"] },
  { name: "canadian", variants: ["canadian"] },
] as const);

/** The file of the core that plays `variant` (with the optional-capture rule or without), e.g. bitdraughts-short-kings-8x8.wasm. */
export function coreFileOf(variant: VariantName, optionalCapture: boolean): string {
  const family = CORE_FAMILIES.find((f) => f.variants.includes(variant))!;
  return `bitdraughts-${family.name}${optionalCapture ? "-optional" : ""}.wasm`;
}
