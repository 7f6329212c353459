// Which variants this core plays: BUILD_VARIANT (an integer constant asc is given with `--use`,
// scripts/build-steps.mjs CORE_BUILDS) is EVERY_VARIANT for the full core, else the one variant
// id a page's core plays. built(id) folds to a constant, so a variant's core compiles no other
// variant's generator, search or evaluation (board/variant-table.ts leaves them out): the ids
// it leaves out answer ERROR_UNKNOWN_VARIANT. The optional-capture rule is not compiled in: the
// dispatch sets it for the call (board/variants.ts optionalCapture), so one compiled variant
// serves both rules.

import { OPTIONAL_CAPTURE } from "./contract";

/** BUILD_VARIANT of the full core, which plays every variant. */
export const EVERY_VARIANT: i32 = 255;

/** Whether this core plays the variant id `id`, with the optional-capture rule or without it. */
@inline export function built(id: i32): bool {
  return BUILD_VARIANT == EVERY_VARIANT || (id & ~OPTIONAL_CAPTURE) == BUILD_VARIANT;
}
