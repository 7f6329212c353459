// Legal moves of a position: the captures the precedence rule allows, and the moves without
// capture when there is none (or always, under the optional-capture house rule). One generator
// serves the diagonal boards, turkish's and frisian's, on the geometry the variant's class extends.
// Frisian's moves also depend on the king-move limit: the king it names is set here before a
// listing (`setRestrictedKing`). Canadian's sets take two words: its parts take the low words
// like the others' and read the high words from where `setHighWords` points, then list through
// its own generator (canadian.ts).

import { anyCapture, countCanadian, generateCanadianQuiet, hasCanadianQuiet, knownCanadianCaptures } from "./canadian";
import { captureCount, capturers, generateCaptures } from "./captures";
import { countQuiet, generateQuiet, hasQuiet } from "./quiet";
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
// quiescence lists captures alone, or the quiet moves against a threat). The geometry is chosen
// once, by the type: a variant class extends its board's geometry (board/variants.ts), so the
// generators take the variant itself as `G`. The one other board is 12×12, whose two-word sets
// go to canadian.ts. Under the king-move limit (frisian) the king the limit holds stands, while
// quiet moves are listed, as a piece that does not move: counted with the other side. On 12×12 a
// capture is found by set tests but its pieces are not named: capturersOn says 1 or 0 there, and
// capturesOn (called only after it said 1) searches every piece.

/** The king that may not make a quiet move now: the king-move limit's (frisian), else none. */
@inline function held<V, B>(): B {
  return rules<V>().kingMoveLimit ? <B>restrictedNow : <B>0;
}

/** The pieces of side `C` that can capture (12×12: 1 when any can). */
@inline export function capturersOn<V, B, C>(us: B, them: B, kings: B): B {
  return rules<V>().twelveByTwelve
    ? (anyCapture(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh()) ? <B>1 : <B>0)
    : capturers<V, B, C, V>(us, them, kings);
}

/** Writes the captures of `pieces` (capturersOn's) from `start` on; returns the end of the list. */
@inline export function capturesOn<V, B, C>(us: B, them: B, kings: B, pieces: B, start: i32): i32 {
  return rules<V>().twelveByTwelve
    ? knownCanadianCaptures<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh(), start)
    : generateCaptures<V, B, C, V>(us, them, kings, pieces, start);
}

/** Number of captures (captures.ts captureCount). */
@inline function captureCountOn<V, B, C>(us: B, them: B, kings: B, scratch: i32): i32 {
  return captureCount<V, B, C, V>(us, them, kings, scratch);
}

/** Writes the moves without capture from `start` on; returns the end of the list. */
@inline export function quietOn<V, B, C>(us: B, them: B, kings: B, start: i32): i32 {
  const kept = held<V, B>();
  return rules<V>().twelveByTwelve
    ? generateCanadianQuiet<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh(), start)
    : generateQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept, start);
}

/** Number of moves without capture. */
@inline function countQuietOn<V, B, C>(us: B, them: B, kings: B): i32 {
  const kept = held<V, B>();
  return countQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept);
}

/** Whether side `C` has a move without capture. */
@inline export function hasQuietOn<V, B, C>(us: B, them: B, kings: B): bool {
  const kept = held<V, B>();
  return rules<V>().twelveByTwelve
    ? hasCanadianQuiet<C>(<u64>us, ourHigh<C>(), <u64>them, theirHigh<C>(), <u64>kings, kingsHigh())
    : hasQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept);
}
