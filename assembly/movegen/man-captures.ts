// Captures of men: the search of one man's sequences square by square (`exploreMan`), and the
// set operations that find the jumps of all the men at once (`menCaptures`, and the helpers that
// captures.ts and capture-count.ts share). A russian man crowned on the way goes on as a flying
// king (king-captures.ts). Each complete sequence is recorded through capture-route.ts.

import { bit, count, has, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, OFF_BOARD, SE, SW, geometry, opposite, stepBit } from "../board/geometry";
import { Promotion, rules } from "../board/variants";
import { isWhite, notBackward } from "../board/side";
import { addUnlisted, admit, captureScore, landOn, orderAfter, record, searchEmpty, searchKings, searchThem, setCrowned, startRoute, startSearch } from "./capture-route";
import { exploreFlying } from "./king-captures";

// ---- one man, square by square -----------------------------------------------------------

@inline export function menMayCapture<V, C, G>(direction: i32): bool {
  return rules<V>().menCaptureBackward || notBackward<C, G>(direction);
}

/** Prey of a man: every enemy piece not yet captured, less the kings in italian. */
@inline export function manPrey<V, B>(captured: B): B {
  const them = <B>searchThem & ~captured;
  return rules<V>().menCaptureKings ? them : them & ~<B>searchKings;
}

export function exploreMan<V, B, C, G>(square: i32, captured: B, taken: i32, order: u32): bool {
  let found = false;
  if (geometry<G>().directions > 4) {
    // Frisian: men capture along all eight lines, backwards too (a loop: eight copies would not pay).
    for (let direction = 0; direction < 8; direction++) {
      if (manJump<V, B, C, G>(direction, square, captured, taken, order)) found = true;
    }
    return found;
  }
  if (!rules<V>().orthogonal) {
    // The diagonal boards: the four jumps found with set shifts, and the squares passed from
    // the layout's steps (geometry.ts), without the neighbour table. Most men that have jumped
    // cannot jump on: one test sends them back.
    const from = bit<B>(square);
    const prey = manPrey<V, B>(captured);
    const empty = <B>searchEmpty;
    const toNW: B = menMayCapture<V, C, G>(NW) ? landingsToward<B, G>(from, prey, empty, NW) : 0;
    const toNE: B = menMayCapture<V, C, G>(NE) ? landingsToward<B, G>(from, prey, empty, NE) : 0;
    const toSW: B = menMayCapture<V, C, G>(SW) ? landingsToward<B, G>(from, prey, empty, SW) : 0;
    const toSE: B = menMayCapture<V, C, G>(SE) ? landingsToward<B, G>(from, prey, empty, SE) : 0;
    if ((toNW | toNE | toSW | toSE) == 0) return false;
    if (toNW != 0) manJumpOver<V, B, C, G>(NW, stepBit<B>(square, NW), stepBit<B>(stepBit<B>(square, NW), NW), captured, taken, order);
    if (toNE != 0) manJumpOver<V, B, C, G>(NE, stepBit<B>(square, NE), stepBit<B>(stepBit<B>(square, NE), NE), captured, taken, order);
    if (toSW != 0) manJumpOver<V, B, C, G>(SW, stepBit<B>(square, SW), stepBit<B>(stepBit<B>(square, SW), SW), captured, taken, order);
    if (toSE != 0) manJumpOver<V, B, C, G>(SE, stepBit<B>(square, SE), stepBit<B>(stepBit<B>(square, SE), SE), captured, taken, order);
    return true;
  }
  if (menMayCapture<V, C, G>(NW) && manJump<V, B, C, G>(NW, square, captured, taken, order)) found = true;
  if (menMayCapture<V, C, G>(NE) && manJump<V, B, C, G>(NE, square, captured, taken, order)) found = true;
  if (menMayCapture<V, C, G>(SW) && manJump<V, B, C, G>(SW, square, captured, taken, order)) found = true;
  if (menMayCapture<V, C, G>(SE) && manJump<V, B, C, G>(SE, square, captured, taken, order)) found = true;
  return found;
}

@inline function manJump<V, B, C, G>(direction: i32, square: i32, captured: B, taken: i32, order: u32): bool {
  const over = geometry<G>().neighbour<B>(direction, square);
  if (over == OFF_BOARD || !has<B>(manPrey<V, B>(captured), over)) return false;
  const land = geometry<G>().neighbour<B>(direction, over);
  if (land == OFF_BOARD || !has<B>(<B>searchEmpty, land)) return false;
  manJumpOver<V, B, C, G>(direction, over, land, captured, taken, order);
  return true;
}

/** The man's jump in `direction` over `over` onto `land`, both checked; the sequences it goes on to. */
@inline function manJumpOver<V, B, C, G>(direction: i32, over: i32, land: i32, captured: B, taken: i32, order: u32): void {
  const nowCaptured = captured | bit<B>(over);
  const nowOrder = orderAfter<V, B>(order, taken, over);
  landOn(taken + 1, land);
  if (has<B>(geometry<G>().promotionRow<B>(isWhite<C>()), land)) {
    const promotion = rules<V>().promotion;
    if (promotion == Promotion.Stop) {
      record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, true);
    } else if (promotion == Promotion.FlyOn) {
      setCrowned(true);
      const more = exploreFlying<V, B, G>(land, nowCaptured, taken + 1, nowOrder, direction, true);
      setCrowned(false);
      if (!more) record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, true);
    } else if (!exploreMan<V, B, C, G>(land, nowCaptured, taken + 1, nowOrder)) {
      record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, true);
    }
    return;
  }
  if (!exploreMan<V, B, C, G>(land, nowCaptured, taken + 1, nowOrder)) {
    record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, false);
  }
}

// ---- all the men at once -----------------------------------------------------------------

/** Landing squares of the single jumps of `pieces` in `direction` over `prey`. */
@inline export function landingsToward<B, G>(pieces: B, prey: B, empty: B, direction: i32): B {
  // 8×8: two steps cost less than one (landingsOf); a step passes & through.
  if (sizeof<B>() == 4) return landingsOf<B, G>(pieces, direction) & geometry<G>().step<B>(prey, direction) & empty;
  return geometry<G>().step<B>(geometry<G>().step<B>(pieces, direction) & prey, direction) & empty;
}

/** Pieces of `pieces` with a first jump in `direction` over `prey` onto an empty square. */
@inline export function jumpersToward<B, G>(pieces: B, prey: B, empty: B, direction: i32): B {
  const back = opposite(direction);
  if (sizeof<B>() == 4) return pieces & geometry<G>().step<B>(prey, back) & landingsOf<B, G>(empty, back);
  return pieces & geometry<G>().step<B>(prey & geometry<G>().step<B>(empty, back), back);
}

/** Squares of `squares` from which a man of side `C` has a jump over `prey` onto `empty`. */
@inline export function manJumpsFrom<V, B, C, G>(squares: B, prey: B, empty: B): B {
  let from: B = 0;
  if (menMayCapture<V, C, G>(NW)) from |= jumpersToward<B, G>(squares, prey, empty, NW);
  if (menMayCapture<V, C, G>(NE)) from |= jumpersToward<B, G>(squares, prey, empty, NE);
  if (menMayCapture<V, C, G>(SW)) from |= jumpersToward<B, G>(squares, prey, empty, SW);
  if (menMayCapture<V, C, G>(SE)) from |= jumpersToward<B, G>(squares, prey, empty, SE);
  return from;
}

/** The squares two steps on from `set` in `direction`: where its jumps would land. */
@inline function landingsOf<B, G>(set: B, direction: i32): B {
  if (sizeof<B>() == 4) {
    // The 8×8 board (the only one on 32 bits; geometry.ts's layout, four squares a row): two
    // steps keep the row's parity, so they are one shift, 7 or 9 bits, for every square but
    // those of the edge column they would leave by (k = 0 going left, k = 3 going right).
    if (direction == NW) return (set & <B>0xeeeeeeee) >> 9;
    if (direction == NE) return (set & <B>0x77777777) >> 7;
    if (direction == SW) return (set & <B>0xeeeeeeee) << 7;
    return (set & <B>0x77777777) << 9;
  }
  return geometry<G>().step<B>(geometry<G>().step<B>(set, direction), direction);
}

/** The squares two steps back from `landings` in `direction`: where those jumps began. */
@inline function jumpersBack<B, G>(landings: B, direction: i32): B {
  return landingsOf<B, G>(landings, opposite(direction));
}

/**
 * The captures of men. A man that lands where it has no further jump has made a complete
 * single capture: those are found for all men at once with set shifts, and only the men with
 * a jump that goes on are searched square by square. (From its landing square a man can go
 * back only over the piece it took, onto its start square, and both still stand in these
 * sets, so no jump is seen there; a russian man crowned on landing is always searched.)
 * Only for men that capture forwards alone: men that capture backwards mostly go on when they
 * capture at all (measured: the shortcut cost them 6 % of perft's instructions), and so do
 * turkish's, which capture sideways (its perft ran 15 % faster without the shortcut).
 */
@inline export function menCaptures<V, B, C, G>(men: B, empty: B, countOnly: bool): void {
  const prey = manPrey<V, B>(0);
  const landNW: B = menMayCapture<V, C, G>(NW) ? landingsToward<B, G>(men, prey, empty, NW) : 0;
  const landNE: B = menMayCapture<V, C, G>(NE) ? landingsToward<B, G>(men, prey, empty, NE) : 0;
  const landSW: B = menMayCapture<V, C, G>(SW) ? landingsToward<B, G>(men, prey, empty, SW) : 0;
  const landSE: B = menMayCapture<V, C, G>(SE) ? landingsToward<B, G>(men, prey, empty, SE) : 0;
  const landings = landNW | landNE | landSW | landSE;
  let onward = manJumpsFrom<V, B, C, G>(landings, prey, empty);
  if (rules<V>().promotion == Promotion.FlyOn) onward |= landings & geometry<G>().promotionRow<B>(isWhite<C>());
  let searched = jumpersBack<B, G>(landNW & onward, NW) | jumpersBack<B, G>(landNE & onward, NE)
    | jumpersBack<B, G>(landSW & onward, SW) | jumpersBack<B, G>(landSE & onward, SE);
  const singlesNW = landNW & ~onward & ~landingsOf<B, G>(searched, NW);
  const singlesNE = landNE & ~onward & ~landingsOf<B, G>(searched, NE);
  const singlesSW = landSW & ~onward & ~landingsOf<B, G>(searched, SW);
  const singlesSE = landSE & ~onward & ~landingsOf<B, G>(searched, SE);
  if (countOnly) {
    countSingles<V, B, G>(singlesNW, NW);
    countSingles<V, B, G>(singlesNE, NE);
    countSingles<V, B, G>(singlesSW, SW);
    countSingles<V, B, G>(singlesSE, SE);
  } else {
    singleJumps<V, B, C, G>(singlesNW, SE);
    singleJumps<V, B, C, G>(singlesNE, SW);
    singleJumps<V, B, C, G>(singlesSW, NE);
    singleJumps<V, B, C, G>(singlesSE, NW);
  }
  while (searched != 0) {
    const man = lowest<B>(searched);
    searched = withoutLowest<B>(searched);
    startSearch<B>(man, empty);
    exploreMan<V, B, C, G>(man, 0, 0, 0);
  }
}

/**
 * The captures of men that capture backwards, counted (perft's last ply, where singleCaptures
 * found a jump that goes on or a king's capture): the single captures that end at once are
 * counted by sets, and each jump that goes on is followed from its landing square. So no man is
 * searched for single captures alone, nor are a man's first jumps found twice, as they were when
 * each man was searched from its square (measured: perft 3–6 % faster in brazilian, pool and
 * international).
 */
@inline export function countMenCaptures<V, B, C, G>(men: B, empty: B): void {
  const prey = manPrey<V, B>(0);
  const landNW = landingsToward<B, G>(men, prey, empty, NW);
  const landNE = landingsToward<B, G>(men, prey, empty, NE);
  const landSW = landingsToward<B, G>(men, prey, empty, SW);
  const landSE = landingsToward<B, G>(men, prey, empty, SE);
  const landings = landNW | landNE | landSW | landSE;
  let onward = manJumpsFrom<V, B, C, G>(landings, prey, empty);
  if (rules<V>().promotion == Promotion.FlyOn) onward |= landings & geometry<G>().promotionRow<B>(isWhite<C>());
  countSingles<V, B, G>(landNW & ~onward, NW);
  countSingles<V, B, G>(landNE & ~onward, NE);
  countSingles<V, B, G>(landSW & ~onward, SW);
  countSingles<V, B, G>(landSE & ~onward, SE);
  jumpsOn<V, B, C, G>(landNW & onward, NW, empty);
  jumpsOn<V, B, C, G>(landNE & onward, NE, empty);
  jumpsOn<V, B, C, G>(landSW & onward, SW, empty);
  jumpsOn<V, B, C, G>(landSE & onward, SE, empty);
}

/** The sequences that go on from the jumps in `direction` landing on `landings`, each by the man two squares back. */
@inline function jumpsOn<V, B, C, G>(landings: B, direction: i32, empty: B): void {
  const back = opposite(direction);
  while (landings != 0) {
    const land = lowest<B>(landings);
    landings = withoutLowest<B>(landings);
    const over = stepBit<B>(land, back);
    startSearch<B>(stepBit<B>(over, back), empty);
    manJumpOver<V, B, C, G>(direction, over, land, 0, 0, 0);
  }
}

/**
 * Counts the complete single captures ending on `landings`, made moving in `direction`,
 * without listing them: those over a man score alike, and so do those over a king.
 */
@inline function countSingles<V, B, G>(landings: B, direction: i32): void {
  if (landings == 0) return;
  const overKing = landings & geometry<G>().step<B>(<B>searchKings, direction);
  if (overKing != 0 && admit(captureScore<V>(1, 1, orderAfter<V, B>(0, 0, geometry<G>().neighbour<B>(opposite(direction), lowest<B>(overKing))), false))) {
    addUnlisted(count<B>(overKing));
  }
  const overMan = landings & ~overKing;
  if (overMan != 0 && admit(captureScore<V>(1, 0, 0, false))) addUnlisted(count<B>(overMan));
}

/** Records the complete single captures ending on `landings`, each made moving away from `back`. */
@inline function singleJumps<V, B, C, G>(landings: B, back: i32): void {
  while (landings != 0) {
    const land = lowest<B>(landings);
    landings = withoutLowest<B>(landings);
    const over = geometry<G>().neighbour<B>(back, land);
    const from = geometry<G>().neighbour<B>(back, over);
    startRoute(from);
    record<V, B, G>(land, bit<B>(over), 1, orderAfter<V, B>(0, 0, over), has<B>(geometry<G>().promotionRow<B>(isWhite<C>()), land));
  }
}
