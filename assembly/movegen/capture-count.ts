// Counting at the frontier: the number of legal captures found with set operations where every
// capture is a single jump (`singleCaptures`, which perft's last plies also walk with a visitor
// of their own), and the routes of forward-only men counted without a record (`menRoutes`).
// captures.ts `captureCount` chooses between them and the search.

import { count, has, lowest, withoutLowest } from "../board/bitboard";
import { Diagonal, NE, NW, OFF_BOARD, SE, SW, allSquares, geometry, neighbour } from "../board/geometry";
import { Precedence, Promotion, rules } from "../board/variants";
import { forwardLeft, forwardRight, isWhite } from "../board/side";
import { flyingCapturers } from "./king-captures";
import { jumpersToward, landingsToward, manJumpsFrom, menMayCapture } from "./man-captures";

/**
 * The legal captures of side `C` (owning `us`) where every one is a single jump by a man or a
 * short king, found with set operations: a piece that lands where it has no further jump has
 * made a complete capture, and, all captures being single, they tie under every precedence
 * rule but those that prefer kings, applied here too. (From its landing square a jumper can
 * only go back over the piece it took, onto its start square, and both still stand in these
 * sets: no jump is seen there.) Each set of landing squares of the legal captures, with its
 * direction, goes to `A.visit`, which returns a number (a count, or a perft below them).
 *
 * Returns -1 when a search is needed (a jump that goes on, a russian man crowned on the way,
 * a flying king with a capture); else the sum of the visits times two, plus one when there
 * was any capture (a sum can be 0 although captures exist).
 */
@inline export function singleCaptures<V, B, C, A, G = Diagonal>(us: B, them: B, kings: B, top: i32): i64 {
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  const men = us & ~kings;
  const prey = rules<V>().menCaptureKings ? them : them & ~kings;
  const manNW: B = menMayCapture<V, C, G>(NW) ? landingsToward<B, G>(men, prey, empty, NW) : 0;
  const manNE: B = menMayCapture<V, C, G>(NE) ? landingsToward<B, G>(men, prey, empty, NE) : 0;
  const manSW: B = menMayCapture<V, C, G>(SW) ? landingsToward<B, G>(men, prey, empty, SW) : 0;
  const manSE: B = menMayCapture<V, C, G>(SE) ? landingsToward<B, G>(men, prey, empty, SE) : 0;
  const manLandings = manNW | manNE | manSW | manSE;
  const ours = us & kings;
  let kingNW: B = 0;
  let kingNE: B = 0;
  let kingSW: B = 0;
  let kingSE: B = 0;
  if (ours != 0) {
    if (rules<V>().flyingKings) {
      if (flyingCapturers<B, G>(ours, them, empty) != 0) return -1;
    } else {
      kingNW = landingsToward<B, G>(ours, them, empty, NW);
      kingNE = landingsToward<B, G>(ours, them, empty, NE);
      kingSW = landingsToward<B, G>(ours, them, empty, SW);
      kingSE = landingsToward<B, G>(ours, them, empty, SE);
    }
  }
  const kingLandings = kingNW | kingNE | kingSW | kingSE;
  if ((manLandings | kingLandings) == 0) return 0;
  const crowning = geometry<G>().promotionRow<B>(isWhite<C>());
  let goesOn = manJumpsFrom<V, B, C, G>(manLandings, prey, empty);
  if (rules<V>().promotion == Promotion.Stop) goesOn &= ~crowning;
  if (rules<V>().promotion == Promotion.FlyOn) goesOn |= manLandings & crowning;
  if (kingLandings != 0) {
    goesOn |= jumpersToward<B, G>(kingLandings, them, empty, NW) | jumpersToward<B, G>(kingLandings, them, empty, NE)
      | jumpersToward<B, G>(kingLandings, them, empty, SW) | jumpersToward<B, G>(kingLandings, them, empty, SE);
  }
  if (goesOn != 0) return -1;
  const visitor = changetype<A>(0);
  const precedence = rules<V>().precedence;
  // Italian: a king's capture before a man's. Italian and spanish: then the capture of a king
  // before that of a man (italian men take no king; spanish kings fly, so none is here).
  const kingsFirst = precedence == Precedence.Italian && kingLandings != 0;
  let firstNW = kingsFirst ? kingNW : manNW;
  let firstNE = kingsFirst ? kingNE : manNE;
  let firstSW = kingsFirst ? kingSW : manSW;
  let firstSE = kingsFirst ? kingSE : manSE;
  if (precedence == Precedence.Italian || precedence == Precedence.Spanish) {
    const theirKings = them & kings;
    const overNW = firstNW & geometry<G>().step<B>(theirKings, NW);
    const overNE = firstNE & geometry<G>().step<B>(theirKings, NE);
    const overSW = firstSW & geometry<G>().step<B>(theirKings, SW);
    const overSE = firstSE & geometry<G>().step<B>(theirKings, SE);
    if ((overNW | overNE | overSW | overSE) != 0) {
      firstNW = overNW;
      firstNE = overNE;
      firstSW = overSW;
      firstSE = overSE;
    }
  }
  let sum = visitor.visit<V, B, C>(firstNW, NW, kingsFirst, us, them, kings, top) + visitor.visit<V, B, C>(firstNE, NE, kingsFirst, us, them, kings, top)
    + visitor.visit<V, B, C>(firstSW, SW, kingsFirst, us, them, kings, top) + visitor.visit<V, B, C>(firstSE, SE, kingsFirst, us, them, kings, top);
  if (!kingsFirst && kingLandings != 0) {
    sum += visitor.visit<V, B, C>(kingNW, NW, true, us, them, kings, top) + visitor.visit<V, B, C>(kingNE, NE, true, us, them, kings, top)
      + visitor.visit<V, B, C>(kingSW, SW, true, us, them, kings, top) + visitor.visit<V, B, C>(kingSE, SE, true, us, them, kings, top);
  }
  return (<i64>sum << 1) | 1;
}

/** The visitor of `singleCaptures` that counts the captures. */
@final @unmanaged export class CountCaptures {
  @inline visit<V, B, C>(landings: B, direction: i32, byKing: bool, us: B, them: B, kings: B, top: i32): u64 {
    return <u64>count<B>(landings);
  }
}

/**
 * The number of capture routes of forward-only men, where all captures tie (english, and
 * czech when no king can capture). Such a man never meets a piece it took nor its start
 * square again, both being behind it, so the board it jumps on does not change, and no two
 * of its routes take the same pieces: a route is a move in either convention.
 */
export function menRoutes<V, B, C>(us: B, them: B, kings: B): i32 {
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  const prey = rules<V>().menCaptureKings ? them : them & ~kings;
  let routes = 0;
  let landings = landingsToward<B, Diagonal>(men, prey, empty, forwardLeft<C>());
  while (landings != 0) {
    routes += routesAfter<V, B, C>(lowest<B>(landings), prey, empty);
    landings = withoutLowest<B>(landings);
  }
  landings = landingsToward<B, Diagonal>(men, prey, empty, forwardRight<C>());
  while (landings != 0) {
    routes += routesAfter<V, B, C>(lowest<B>(landings), prey, empty);
    landings = withoutLowest<B>(landings);
  }
  return routes;
}

/**
 * The routes of a forward-only man that has just landed on `square`: 1 when it cannot jump
 * on. (On the far row it is crowned and stops; no forward jump is left there anyway.)
 */
function routesAfter<V, B, C>(square: i32, prey: B, empty: B): i32 {
  const routes = routesToward<V, B, C>(forwardLeft<C>(), square, prey, empty) + routesToward<V, B, C>(forwardRight<C>(), square, prey, empty);
  return routes != 0 ? routes : 1;
}

@inline function routesToward<V, B, C>(direction: i32, square: i32, prey: B, empty: B): i32 {
  const over = neighbour<B>(direction, square);
  if (over == OFF_BOARD || !has<B>(prey, over)) return 0;
  const land = neighbour<B>(direction, over);
  if (land == OFF_BOARD || !has<B>(empty, land)) return 0;
  return routesAfter<V, B, C>(land, prey, empty);
}
