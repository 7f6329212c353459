// The small cores the package ships beside the full one: one per variant, with only its rules,
// search and evaluation, under either capture rule (captures forced, or the optional-capture
// house rule: the core reads it from the variant id at each call). A page loads the one it plays (init({ variants })); antidraughts and breakthrough share
// international's core (they play its moves), frysk frisian's. The same list drives the build
// (scripts/build-steps.mjs CORES), and a test holds the two together.

import type { VariantName } from "./variant.js";

/** One small core: its name (its file is bitdraughts-NAME.wasm) and the variants it plays. */
export interface VariantCore {
  readonly name: string;
  readonly variants: readonly VariantName[];
}

/** The small cores, one per variant id. */
export const VARIANT_CORES: readonly VariantCore[] = Object.freeze([
  { name: "english", variants: ["english"] },
  { name: "italian", variants: ["italian"] },
  { name: "international", variants: ["international",  "antidraughts",  "breakthrough"] },
  { name: "brazilian", variants: ["brazilian"] },
  { name: "russian", variants: ["russian"] },
  { name: "spanish", variants: ["spanish"] },
  { name: "czech", variants: ["czech"] },
  { name: "pool", variants: ["pool"] },
  { name: "thai", variants: ["thai"] },
  { name: "killer", variants: ["killer"] },
  { name: "turkish", variants: ["turkish"] },
  { name: "frisian", variants: ["frisian",  "frysk"] },
  { name: "canadian", variants: ["canadian"] },
] as const);

/** The file of the small core that plays `variant` (captures forced or optional alike), e.g. bitdraughts-english.wasm. */
export function coreFileOf(variant: VariantName): string {
  const core = VARIANT_CORES.find((c) => c.variants.includes(variant))!;
  return `bitdraughts-${core.name}.wasm`;
}
