// Captures of kings: short kings that jump a neighbour (english, italian), flying kings that
// take a piece at any distance and land on any empty square beyond it, and thai's kings that
// land right behind the piece they take. Each explorer tries to go on capturing from a square
// and records the sequence (capture-route.ts) where it cannot; the lines come from the geometry
// `G`, as in captures.ts.

import { bit, has, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, OFF_BOARD, SE, SW, geometry, opposite } from "../board/geometry";
import { rules } from "../board/variants";
import { landOn, merging, orderAfter, record, searchCrowned, searchEmpty, searchKings, searchThem } from "./capture-route";

// ---- short kings (english, italian) ------------------------------------------------------

export function exploreShortKing<V, B, G>(square: i32, captured: B, taken: i32, order: u32): bool {
  let found = false;
  if (shortKingJump<V, B, G>(NW, square, captured, taken, order)) found = true;
  if (shortKingJump<V, B, G>(NE, square, captured, taken, order)) found = true;
  if (shortKingJump<V, B, G>(SW, square, captured, taken, order)) found = true;
  if (shortKingJump<V, B, G>(SE, square, captured, taken, order)) found = true;
  return found;
}

@inline function shortKingJump<V, B, G>(direction: i32, square: i32, captured: B, taken: i32, order: u32): bool {
  const over = geometry<G>().neighbour<B>(direction, square);
  if (over == OFF_BOARD || !has<B>(<B>searchThem & ~captured, over)) return false;
  const land = geometry<G>().neighbour<B>(direction, over);
  if (land == OFF_BOARD || !has<B>(<B>searchEmpty, land)) return false;
  const nowCaptured = captured | bit<B>(over);
  const nowOrder = orderAfter<V, B>(order, taken, over);
  landOn(taken + 1, land);
  if (!exploreShortKing<V, B, G>(land, nowCaptured, taken + 1, nowOrder)) {
    record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, false);
  }
  return true;
}

// ---- flying kings ------------------------------------------------------------------------

/**
 * Captures of a flying king standing on `square`, having arrived moving in `arrival` (-1 at
 * the start). It never turns straight back: the piece it just took blocks that way. It goes on
 * straight ahead only from the farthest landing square (`straightOn`): from the nearer ones it
 * would take the same next piece by the same route, only passing where it did not stop.
 */
export function exploreFlying<V, B, G>(square: i32, captured: B, taken: i32, order: u32, arrival: i32, straightOn: bool): bool {
  let found = false;
  for (let direction = 0; direction < geometry<G>().directions; direction++) {
    if (direction == opposite(arrival) || (direction == arrival && !straightOn)) continue;
    if (flyingJump<V, B, G>(direction, square, captured, taken, order)) found = true;
  }
  return found;
}

@inline function flyingJump<V, B, G>(direction: i32, square: i32, captured: B, taken: i32, order: u32): bool {
  // Turkish: the pieces taken are gone, their squares empty to slide over and land on.
  const empty = rules<V>().removedAtOnce ? <B>searchEmpty | captured : <B>searchEmpty;
  const line = geometry<G>().ray<B>(direction, square);
  const blockers = line & ~empty;
  if (blockers == 0) return false;
  const target = geometry<G>().nearest<B>(direction, blockers);
  if (!has<B>(<B>searchThem & ~captured, target)) return false;
  const beyond = geometry<G>().ray<B>(direction, target);
  const stops = beyond & ~empty;
  let landings = beyond;
  if (stops != 0) {
    const stop = geometry<G>().nearest<B>(direction, stops);
    landings &= ~(geometry<G>().ray<B>(direction, stop) | bit<B>(stop));
  }
  if (landings == 0) return false;
  const nowCaptured = captured | bit<B>(target);
  const nowOrder = orderAfter<V, B>(order, taken, target);
  const last = geometry<G>().farthest<B>(direction, landings);
  // Landing rule (RULES.md 4.4): where some landing squares let the capture go on, the king
  // must take one of those; only when none does may it stop on any of them.
  let goesOn = false;
  let rest = landings;
  while (rest != 0) {
    const land = lowest<B>(rest);
    rest = withoutLowest<B>(rest);
    landOn(taken + 1, land);
    // Turkish's published `keep` table (kish, RULES-more-variants.md 11) counts the routes that
    // stop on different squares between two captures on one line as different routes.
    const straightOn = land == last || (rules<V>().removedAtOnce && !merging);
    if (exploreFlying<V, B, G>(land, nowCaptured, taken + 1, nowOrder, direction, straightOn)) goesOn = true;
  }
  if (!goesOn) {
    // Killer: a king whose last capture takes a king halts on the square right behind it.
    if (rules<V>().haltBehindKing && has<B>(<B>searchKings, target)) {
      record<V, B, G>(geometry<G>().nearest<B>(direction, landings), nowCaptured, taken + 1, nowOrder, searchCrowned);
      return true;
    }
    rest = landings;
    while (rest != 0) {
      const land = lowest<B>(rest);
      rest = withoutLowest<B>(rest);
      record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, searchCrowned);
    }
  }
  return true;
}

// ---- kings that land right behind (thai) -------------------------------------------------

/**
 * Captures of a king that slides to the piece it takes and lands on the square right behind it
 * (thai), standing on `square` after arriving in `arrival` (-1 at the start). With `removedAtOnce`
 * the pieces it took are gone: their squares are empty to slide over and land on, and a jump
 * straight back is refused by rule rather than by a piece in the way.
 */
export function exploreLandBehind<V, B, G>(square: i32, captured: B, taken: i32, order: u32, arrival: i32): bool {
  let found = false;
  for (let direction = 0; direction < 4; direction++) {
    if (direction == opposite(arrival)) continue;
    if (landBehindJump<V, B, G>(direction, square, captured, taken, order)) found = true;
  }
  return found;
}

@inline function landBehindJump<V, B, G>(direction: i32, square: i32, captured: B, taken: i32, order: u32): bool {
  const empty = rules<V>().removedAtOnce ? <B>searchEmpty | captured : <B>searchEmpty;
  const blockers = geometry<G>().ray<B>(direction, square) & ~empty;
  if (blockers == 0) return false;
  const target = geometry<G>().nearest<B>(direction, blockers);
  if (!has<B>(<B>searchThem & ~captured, target)) return false;
  const land = geometry<G>().neighbour<B>(direction, target);
  if (land == OFF_BOARD || !has<B>(empty, land)) return false;
  const nowCaptured = captured | bit<B>(target);
  const nowOrder = orderAfter<V, B>(order, taken, target);
  landOn(taken + 1, land);
  if (!exploreLandBehind<V, B, G>(land, nowCaptured, taken + 1, nowOrder, direction)) {
    record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, false);
  }
  return true;
}

// ---- the kings that have a capture -------------------------------------------------------

/** Whether the flying king on `king` has a first capture in `direction`. */
@inline function flyingKingCanCapture<B, G>(king: i32, direction: i32, them: B, empty: B): bool {
  const blockers = geometry<G>().ray<B>(direction, king) & ~empty;
  if (blockers == 0) return false;
  const target = geometry<G>().nearest<B>(direction, blockers);
  const beyond = geometry<G>().neighbour<B>(direction, target);
  return has<B>(them, target) && beyond != OFF_BOARD && has<B>(empty, beyond);
}

/** The flying kings of `ours` that have a first capture over `them`. */
@inline export function flyingCapturers<B, G>(ours: B, them: B, empty: B): B {
  if (geometry<G>().directions > 4) return lineCapturers<B, G>(ours, them, empty);
  let found: B = 0;
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    if (flyingKingCanCapture<B, G>(king, NW, them, empty) || flyingKingCanCapture<B, G>(king, NE, them, empty)
      || flyingKingCanCapture<B, G>(king, SW, them, empty) || flyingKingCanCapture<B, G>(king, SE, them, empty)) {
      found |= bit<B>(king);
    }
  }
  return found;
}

/**
 * Frisian: the kings of `ours` with a first capture along any of the eight lines. A called loop:
 * eight unrolled lines in each of its callers cost more bytes than they save time.
 */
function lineCapturers<B, G>(ours: B, them: B, empty: B): B {
  let found: B = 0;
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    for (let direction = 0; direction < 8; direction++) {
      if (flyingKingCanCapture<B, G>(king, direction, them, empty)) {
        found |= bit<B>(king);
        break;
      }
    }
  }
  return found;
}
