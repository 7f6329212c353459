// Legal moves of a position: the captures the precedence rule allows, and the moves without
// capture when there is none (or always, under the optional-capture house rule). One generator
// serves the diagonal boards, turkish's and frisian's, on the geometry the variant's class extends.
// Every listing is handed the position's record (board/record.ts) beside its pieces' words:
// how its moves are listed (routes merged, paths kept, the optional-capture rule), frisian's
// king streaks (the king-move limit) and 12×12's high words. Canadian's parts take the low words
// like the others' and the high words from the record, then list through its own generator
// (canadian.ts).

import { anyCapture, countCanadian, generateCanadianQuiet, hasCanadianQuiet, knownCanadianCaptures } from "./canadian";
import { captureCount, capturers, generateCaptures } from "./captures";
import { countQuiet, generateQuiet, hasQuiet } from "./quiet";
import { restrictedKing } from "./king-streak";
import { kingsHighAt, optionalAt, ourHighAt, streaksAt, theirHighAt } from "../board/record";
import { geometry } from "../board/geometry";
import { rules } from "../board/variants";

/** Writes the legal moves of side `C` (its position's record at `at`) from `start` on; returns the end of the list. */
export function generateLegal<V, B, C>(us: B, them: B, kings: B, at: usize, start: i32): i32 {
  return legalFrom<V, B, C>(us, them, kings, at, capturersOn<V, B, C>(us, them, kings, at), start);
}

/** generateLegal with the pieces that can capture already found (capturersOn's). */
@inline export function legalFrom<V, B, C>(us: B, them: B, kings: B, at: usize, pieces: B, start: i32): i32 {
  const end = pieces != 0 ? capturesOn<V, B, C>(us, them, kings, at, pieces, start) : start;
  if (end != start && !optionalAt(at)) return end;
  return quietOn<V, B, C>(us, them, kings, at, end);
}

/** Number of legal moves. Quiet moves and single captures are only counted; longer captures are listed at `scratch` to merge routes. */
@inline export function countLegal<V, B, C>(us: B, them: B, kings: B, at: usize, scratch: i32): i32 {
  if (geometry<V>().highWords) return countCanadian<C>(<u64>us, ourHighAt<C>(at), <u64>them, theirHighAt<C>(at), <u64>kings, kingsHighAt(at), at, scratch);
  const captures = captureCountOn<V, B, C>(us, them, kings, at, scratch);
  if (captures != 0 && !optionalAt(at)) return captures;
  return captures + countQuietOn<V, B, C>(us, them, kings, at);
}

// The parts of a listing, each on the variant's board (the search also takes them one at a time:
// quiescence lists captures alone, or the quiet moves against a threat). The geometry is chosen
// once, by the type: a variant class extends its board's geometry (board/variants.ts), so the
// generators take the variant itself as `G`. The one other board is 12×12, whose two-word sets
// go to canadian.ts. Under the king-move limit (frisian) the king the limit holds stands, while
// quiet moves are listed, as a piece that does not move: counted with the other side. On 12×12 a
// capture is found by set tests but its pieces are not named: capturersOn says 1 or 0 there, and
// capturesOn (called only after it said 1) searches every piece.

/** The king of side to move `us` that may not make a quiet move now: the king-move limit's (frisian, from the record's streaks), else none. */
@inline function held<V, B>(us: B, kings: B, at: usize): B {
  return rules<V>().kingMoveLimit ? <B>restrictedKing(<u32>streaksAt(at), <u64>us, <u64>kings) : <B>0;
}

/** The pieces of side `C` that can capture (12×12: 1 when any can). */
@inline export function capturersOn<V, B, C>(us: B, them: B, kings: B, at: usize): B {
  return geometry<V>().highWords
    ? (anyCapture(<u64>us, ourHighAt<C>(at), <u64>them, theirHighAt<C>(at), <u64>kings, kingsHighAt(at)) ? <B>1 : <B>0)
    : capturers<V, B, C, V>(us, them, kings);
}

/** Writes the captures of `pieces` (capturersOn's) from `start` on; returns the end of the list. */
@inline export function capturesOn<V, B, C>(us: B, them: B, kings: B, at: usize, pieces: B, start: i32): i32 {
  return geometry<V>().highWords
    ? knownCanadianCaptures<C>(<u64>us, ourHighAt<C>(at), <u64>them, theirHighAt<C>(at), <u64>kings, kingsHighAt(at), at, start)
    : generateCaptures<V, B, C, V>(us, them, kings, at, pieces, start);
}

/** Number of captures (captures.ts captureCount). */
@inline function captureCountOn<V, B, C>(us: B, them: B, kings: B, at: usize, scratch: i32): i32 {
  return captureCount<V, B, C, V>(us, them, kings, at, scratch);
}

/** Writes the moves without capture from `start` on; returns the end of the list. */
@inline export function quietOn<V, B, C>(us: B, them: B, kings: B, at: usize, start: i32): i32 {
  const kept = held<V, B>(us, kings, at);
  return geometry<V>().highWords
    ? generateCanadianQuiet<C>(<u64>us, ourHighAt<C>(at), <u64>them, theirHighAt<C>(at), <u64>kings, kingsHighAt(at), start)
    : generateQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept, start);
}

/** Number of moves without capture. */
@inline function countQuietOn<V, B, C>(us: B, them: B, kings: B, at: usize): i32 {
  const kept = held<V, B>(us, kings, at);
  return countQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept);
}

/** Whether side `C` has a move without capture. */
@inline export function hasQuietOn<V, B, C>(us: B, them: B, kings: B, at: usize): bool {
  const kept = held<V, B>(us, kings, at);
  return geometry<V>().highWords
    ? hasCanadianQuiet<C>(<u64>us, ourHighAt<C>(at), <u64>them, theirHighAt<C>(at), <u64>kings, kingsHighAt(at))
    : hasQuiet<V, B, C, V>(us & ~kept, them | kept, kings & ~kept);
}
