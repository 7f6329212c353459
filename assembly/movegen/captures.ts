// Capture generation: every complete capture sequence of the side to move, filtered by the
// variant's precedence rule as it is found, written to the move stack; and the number of them,
// as perft's last ply and the search's counts want it.
//
// Each explorer tries to go on capturing from a square and returns whether it could; the
// caller records the sequence as a complete move only when it could not (an incomplete
// sequence is not a move, RULES.md 4.3). Captured pieces stay on the board until the move is
// over (4.5): they remain in the enemy set, so they are never empty and never prey again
// (except where a variant removes them at once: see king-captures.ts). The parts:
//   man-captures.ts    a man's sequences, and the jumps of all the men at once by set shifts
//   king-captures.ts   short kings, flying kings, thai's kings that land right behind
//   capture-route.ts   the search's state, the precedence rule (majority and the others) and
//                      the record of a sequence, which drops a route repeating a listed move
//   capture-count.ts   counting where every capture is a single jump, or a forward man's route
//
// The board's lines come from the geometry `G` (board/geometry.ts `Diagonal`, turkish's
// `Orthogonal`, frisian's `Lines`), folded at compile time like the rules `V`. Directions are
// named for the diagonal boards; on turkish's board the same numbers 0 … 3 are up, left, right
// and down; frisian's adds the ranks and files as 4 … 7, searched only where `G` has them.

import { lowest, withoutLowest } from "../board/bitboard";
import { Diagonal, NE, NW, SE, SW, geometry } from "../board/geometry";
import { keepingAt, mergingAt } from "../board/record";
import { Precedence, rules } from "../board/variants";
import { beginSearch, listEnd, setByKing, startSearch, unlisted } from "./capture-route";
import { exploreFlying, exploreLandBehind, exploreShortKing, flyingCapturers } from "./king-captures";
import { countMenCaptures, exploreMan, jumpersToward, menCaptures, menMayCapture } from "./man-captures";
import { CountCaptures, menRoutes, singleCaptures } from "./capture-count";


/**
 * Writes every legal capture of the side to move (`C`, owning `us`) from `start` on; returns
 * the end of the list (== start when there is none). `pieces` are the pieces to search from:
 * the side's `capturers`, or any set holding them; the record at `at` says whether routes are
 * merged (the drop convention, RULES.md 4.2) and paths kept.
 */
export function generateCaptures<V, B, C, G = Diagonal>(us: B, them: B, kings: B, at: usize, pieces: B, start: i32): i32 {
  searchCaptures<V, B, C, G>(us, them, kings, at, pieces, start, false);
  return listEnd;
}

/**
 * The number of legal captures, as `generateCaptures` would list them; the list at `start`
 * holds only those that had to be written (to merge routes).
 */
export function countCaptures<V, B, C, G = Diagonal>(us: B, them: B, kings: B, at: usize, pieces: B, start: i32): i32 {
  searchCaptures<V, B, C, G>(us, them, kings, at, pieces, start, true);
  return listEnd - start + unlisted;
}

/** Whether a count of the men's captures takes countMenCaptures: men that capture backwards, on the diagonal boards. */
@inline function menCountedBySets<V, G>(): bool {
  return rules<V>().menCaptureBackward && !rules<V>().orthogonal && geometry<G>().directions == 4;
}

function searchCaptures<V, B, C, G>(us: B, them: B, kings: B, at: usize, pieces: B, start: i32, countOnly: bool): void {
  beginSearch(start, <u64>them, <u64>kings, countOnly, mergingAt(at), keepingAt(at));
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  const men = pieces & ~kings;
  setByKing(false);
  // Men that capture backwards or sideways (turkish) are searched one by one (see menCaptures),
  // but for a count on the diagonal boards (see countMenCaptures). The search comes first here
  // so that the compiler meets exploreMan before countMenCaptures: met from inside the jump that
  // countMenCaptures inlines, exploreMan could not inline that jump into itself.
  if (rules<V>().orthogonal || (rules<V>().menCaptureBackward && !(menCountedBySets<V, G>() && countOnly))) {
    let rest = men;
    while (rest != 0) {
      const man = lowest<B>(rest);
      rest = withoutLowest<B>(rest);
      startSearch<B>(man, empty);
      exploreMan<V, B, C, G>(man, 0, 0, 0);
    }
  } else if (menCountedBySets<V, G>()) {
    countMenCaptures<V, B, C, G>(men, empty);
  } else {
    menCaptures<V, B, C, G>(men, empty, countOnly);
  }
  let ours = pieces & kings;
  setByKing(true);
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    startSearch<B>(king, empty);
    if (rules<V>().kingLandsBehind) exploreLandBehind<V, B, G>(king, 0, 0, 0, -1);
    else if (rules<V>().flyingKings) exploreFlying<V, B, G>(king, 0, 0, 0, -1, true);
    else exploreShortKing<V, B, G>(king, 0, 0, 0);
  }
}

/**
 * The pieces of the side to move (`C`, owning `us`) that have a first capture: a set test
 * that lets most positions skip the capture search altogether.
 */
@inline export function capturers<V, B, C, G = Diagonal>(us: B, them: B, kings: B): B {
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  const men = us & ~kings;
  const prey = rules<V>().menCaptureKings ? them : them & ~kings;
  let found: B = 0;
  if (menMayCapture<V, C, G>(NW)) found |= jumpersToward<B, G>(men, prey, empty, NW);
  if (menMayCapture<V, C, G>(NE)) found |= jumpersToward<B, G>(men, prey, empty, NE);
  if (menMayCapture<V, C, G>(SW)) found |= jumpersToward<B, G>(men, prey, empty, SW);
  if (menMayCapture<V, C, G>(SE)) found |= jumpersToward<B, G>(men, prey, empty, SE);
  if (geometry<G>().directions > 4) {
    found |= jumpersToward<B, G>(men, prey, empty, 4) | jumpersToward<B, G>(men, prey, empty, 5)
      | jumpersToward<B, G>(men, prey, empty, 6) | jumpersToward<B, G>(men, prey, empty, 7);
  }
  const ours = us & kings;
  if (ours == 0) return found;
  if (!rules<V>().flyingKings) {
    return found | (ours & (jumpersToward<B, G>(ours, them, empty, NW) | jumpersToward<B, G>(ours, them, empty, NE)
      | jumpersToward<B, G>(ours, them, empty, SW) | jumpersToward<B, G>(ours, them, empty, SE)));
  }
  return found | flyingCapturers<B, G>(ours, them, empty);
}

/** The number of legal captures of side `C` (owning `us`), as `countCaptures` finds them; 0 when there is none. */
@inline export function captureCount<V, B, C, G = Diagonal>(us: B, them: B, kings: B, at: usize, scratch: i32): i32 {
  // Frisian: its ranks, files and value rule are beyond the set shortcuts; every capture is searched.
  if (geometry<G>().directions > 4) {
    const capturing = capturers<V, B, C, G>(us, them, kings);
    return capturing != 0 ? countCaptures<V, B, C, G>(us, them, kings, at, capturing, scratch) : 0;
  }
  const singles = singleCaptures<V, B, C, CountCaptures, G>(us, them, kings, scratch);
  if (singles >= 0) return <i32>(singles >> 1);
  const pieces = capturers<V, B, C, G>(us, them, kings);
  const precedence = rules<V>().precedence;
  if (!rules<V>().menCaptureBackward && (precedence == Precedence.Free || precedence == Precedence.Czech) && (pieces & kings) == 0
    && !rules<V>().orthogonal) {
    return menRoutes<V, B, C>(us, them, kings);
  }
  return countCaptures<V, B, C, G>(us, them, kings, at, pieces, scratch);
}
