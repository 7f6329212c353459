// Legal moves of a position: the captures the precedence rule allows, and the moves without
// capture when there is none (or always, under the optional-capture house rule). One generator
// serves the diagonal boards, turkish's and frisian's, its geometry chosen here from the rules.
// Frisian's moves also depend on the king-move limit: the king it names is set here before a
// listing (`setRestrictedKing`). Canadian's sets take two words: its parts take the low words
// like the others' and read the high words from where `setHighWords` points, then list through
// its own generator (canadian.ts).

import { anyCapture, countCanadian, generateCanadianQuiet, hasCanadianQuiet, knownCanadianCaptures } from "./canadian";
import { captureCount, capturers, generateCaptures } from "./captures";
import { countQuiet, generateQuiet, hasQuiet } from "./quiet";
import { Diagonal } from "../board/geometry";
import { Lines } from "../board/lines";
import { Orthogonal } from "../board/orthogonal";
import { isWhite } from "../board/side";
import { optionalCapture, rules } from "../board/variants";

/** Frisian: the king of the side to move that may only capture (a one-bit set, or 0). */
let restrictedNow: u64 = 0;
export function setRestrictedKing(restricted: u64): void { restrictedNow = restricted; }

/** Canadian: the high words (bits 64 … of board-12x12.ts's sets) of the position listed: White's, Black's, the kings' (u64 each). */
let highWords: usize = 0;
export function setHighWords(at: usize): void { highWords = at; }
@inline function ourHigh<C>(): u64 { return load<u64>(highWords + (isWhite<C>() ? 0 : 8)); }
@inline function theirHigh<C>(): u64 { return load<u64>(highWords + (isWhite<C>() ? 8 : 0)); }
@inline function kingsHigh(): u64 { return load<u64>(highWords, 16); }

/** Writes the legal moves of side `C` from `start` on; returns the end of the list. */
export function generateLegal<V, B, C>(us: B, them: B, kings: B, start: i32): i32 {
  return legalFrom<V, B, C>(us, them, kings, capturersOn<V, B, C>(us, them, kings), start);
}

/** generateLegal with the pieces that can capture already found (capturersOn's). */
@inline export function legalFrom<V, B, C>(us: B, them: B, kings: B, pieces: B, start: i32): i32 {
  const end = pieces != 0 ? capturesOn<V, B, C>(us, them, kings, pieces, start) : start;
  if (end != start && !optionalCapture()) return end;
  return quietOn<V, B, C>(us, them, kings, end);
}

/** Number of legal moves. Quiet moves and single captures are only counted; longer captures are listed at `scratch` to merge routes. */
@inline export function countLegal<V, B, C>(us: B, them: B, kings: B, scratch: i32): i32 {
  if (rules<V>().twelveByTwelve) return countCanadian<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh(), scratch);
  const captures = captureCountOn<V, B, C>(us, them, kings, scratch);
  if (captures != 0 && !optionalCapture()) return captures;
  return captures + countQuietOn<V, B, C>(us, them, kings);
}

// The parts of a listing, each on the variant's board (the search also takes them one at a time:
// quiescence lists captures alone, or the quiet moves against a threat). In frisian the king the
// king-move limit holds stands, while quiet moves are listed, as a piece that does not move:
// counted with the other side. On 12×12 a capture is found by set tests but its pieces are not
// named: capturersOn says 1 or 0 there, and capturesOn (called only after it said 1) searches
// every piece.

/** The pieces of side `C` that can capture (12×12: 1 when any can). */
@inline export function capturersOn<V, B, C>(us: B, them: B, kings: B): B {
  if (rules<V>().twelveByTwelve) return anyCapture(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh()) ? <B>1 : <B>0;
  if (rules<V>().frisian) return capturers<V, B, C, Lines>(us, them, kings);
  return rules<V>().orthogonal ? capturers<V, B, C, Orthogonal>(us, them, kings) : capturers<V, B, C, Diagonal>(us, them, kings);
}

/** Writes the captures of `pieces` (capturersOn's) from `start` on; returns the end of the list. */
@inline export function capturesOn<V, B, C>(us: B, them: B, kings: B, pieces: B, start: i32): i32 {
  if (rules<V>().twelveByTwelve) return knownCanadianCaptures<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh(), start);
  if (rules<V>().frisian) return generateCaptures<V, B, C, Lines>(us, them, kings, pieces, start);
  return rules<V>().orthogonal ? generateCaptures<V, B, C, Orthogonal>(us, them, kings, pieces, start) : generateCaptures<V, B, C, Diagonal>(us, them, kings, pieces, start);
}

/** Number of captures (captures.ts captureCount). */
@inline function captureCountOn<V, B, C>(us: B, them: B, kings: B, scratch: i32): i32 {
  if (rules<V>().frisian) return captureCount<V, B, C, Lines>(us, them, kings, scratch);
  return rules<V>().orthogonal ? captureCount<V, B, C, Orthogonal>(us, them, kings, scratch) : captureCount<V, B, C, Diagonal>(us, them, kings, scratch);
}

/** Writes the moves without capture from `start` on; returns the end of the list. */
@inline export function quietOn<V, B, C>(us: B, them: B, kings: B, start: i32): i32 {
  if (rules<V>().twelveByTwelve) return generateCanadianQuiet<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh(), start);
  const held = <B>restrictedNow;
  if (rules<V>().frisian) return generateQuiet<V, B, C, Lines>(us & ~held, them | held, kings & ~held, start);
  return rules<V>().orthogonal ? generateQuiet<V, B, C, Orthogonal>(us, them, kings, start) : generateQuiet<V, B, C, Diagonal>(us, them, kings, start);
}

/** Number of moves without capture. */
@inline function countQuietOn<V, B, C>(us: B, them: B, kings: B): i32 {
  const held = <B>restrictedNow;
  if (rules<V>().frisian) return countQuiet<V, B, C, Lines>(us & ~held, them | held, kings & ~held);
  return rules<V>().orthogonal ? countQuiet<V, B, C, Orthogonal>(us, them, kings) : countQuiet<V, B, C, Diagonal>(us, them, kings);
}

/** Whether side `C` has a move without capture. */
@inline export function hasQuietOn<V, B, C>(us: B, them: B, kings: B): bool {
  if (rules<V>().twelveByTwelve) return hasCanadianQuiet<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh());
  const held = <B>restrictedNow;
  if (rules<V>().frisian) return hasQuiet<V, B, C, Lines>(us & ~held, them | held, kings & ~held);
  return rules<V>().orthogonal ? hasQuiet<V, B, C, Orthogonal>(us, them, kings) : hasQuiet<V, B, C, Diagonal>(us, them, kings);
}
