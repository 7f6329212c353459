// Legal moves of a position: the captures the precedence rule allows, and the moves without
// capture when there is none (or always, under the optional-capture house rule). One generator
// serves the diagonal boards, turkish's and frisian's, its geometry chosen here from the rules.
// Frisian's moves also depend on the king-move limit: the king it names is set here before a
// listing (`setRestrictedKing`).

import { captureCount, capturers, generateCaptures } from "./captures";
import { countQuiet, generateQuiet } from "./quiet";
import { Diagonal } from "../board/geometry";
import { Lines } from "../board/lines";
import { Orthogonal } from "../board/orthogonal";
import { rules } from "../board/variants";

/** Frisian: the king of the side to move that may only capture (a one-bit set, or 0). */
let restrictedNow: u64 = 0;
export function setRestrictedKing(restricted: u64): void { restrictedNow = restricted; }

/** Writes the legal moves of side `C` from `start` on; returns the end of the list. */
export function generateLegal<V, B, C>(us: B, them: B, kings: B, start: i32): i32 {
  if (rules<V>().frisian) return legalOn<V, B, C, Lines>(us, them, kings, start);
  return rules<V>().orthogonal ? legalOn<V, B, C, Orthogonal>(us, them, kings, start) : legalOn<V, B, C, Diagonal>(us, them, kings, start);
}

@inline function legalOn<V, B, C, G>(us: B, them: B, kings: B, start: i32): i32 {
  const pieces = capturers<V, B, C, G>(us, them, kings);
  const end = pieces != 0 ? generateCaptures<V, B, C, G>(us, them, kings, pieces, start) : start;
  if (end != start && !rules<V>().optionalCapture) return end;
  if (rules<V>().frisian) {
    // The restricted king stands as a piece that does not move: counted with the other side.
    const restricted = <B>restrictedNow;
    return generateQuiet<V, B, C, G>(us & ~restricted, them | restricted, kings & ~restricted, end);
  }
  return generateQuiet<V, B, C, G>(us, them, kings, end);
}

/** Number of legal moves. Quiet moves and single captures are only counted; longer captures are listed at `scratch` to merge routes. */
@inline export function countLegal<V, B, C>(us: B, them: B, kings: B, scratch: i32): i32 {
  if (rules<V>().frisian) return countOn<V, B, C, Lines>(us, them, kings, scratch);
  return rules<V>().orthogonal ? countOn<V, B, C, Orthogonal>(us, them, kings, scratch) : countOn<V, B, C, Diagonal>(us, them, kings, scratch);
}

@inline function countOn<V, B, C, G>(us: B, them: B, kings: B, scratch: i32): i32 {
  const captures = captureCount<V, B, C, G>(us, them, kings, scratch);
  if (captures != 0 && !rules<V>().optionalCapture) return captures;
  if (rules<V>().frisian) {
    const restricted = <B>restrictedNow;
    return captures + countQuiet<V, B, C, G>(us & ~restricted, them | restricted, kings & ~restricted);
  }
  return captures + countQuiet<V, B, C, G>(us, them, kings);
}
