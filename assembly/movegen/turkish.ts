// Moves of turkish draughts (RULES-more-variants.md 4) on the full 64-square board of
// board/orthogonal.ts. Men step and capture forwards and sideways, kings slide and capture
// along ranks and files at any distance. Unlike the diagonal generators (captures.ts), a
// captured piece leaves the board the moment it is jumped: its square is empty for the rest of
// the move, to cross and to land on, so the search keeps the empty set as `baseEmpty | captured`
// and a king's only limit on turning is the rule that no jump turns straight back. The most
// pieces must be taken (a king counting as a man); a man that reaches the far row mid-capture
// goes on as a man (only sideways is left to it there) and is crowned where the move ends.
//
// The move records, the drop convention and the paths are those of the diagonal generators
// (movelist.ts, captures.ts's `mergeRoutes` and `keepPaths`); `keep` counts every route, as the
// published table does (see exploreKing).

import { bit, count, has, lowest, withoutLowest } from "../board/bitboard";
import {
  BOTTOM_ROW_64, DOWN, LEFT, OFF_BOARD_64, RIGHT, TOP_ROW_64, UP, farthest64, nearest64, neighbour64,
  ray64, slide64, step64,
} from "../board/orthogonal";
import { opposite } from "../board/geometry";
import { isWhite } from "../board/side";
import { rules } from "../board/variants";
import { keepPaths, mergeRoutes } from "./captures";
import { FLAG_KING, FLAG_PROMOTES, holdsCapture, pushCapture, pushQuiet as push } from "./movelist";

/** The forward direction of side `C`: White moves up the board, Black down. */
@inline function forward<C>(): i32 {
  return isWhite<C>() ? UP : DOWN;
}

@inline function crowningRow<C>(): u64 {
  return isWhite<C>() ? TOP_ROW_64 : BOTTOM_ROW_64;
}

// ---- the capture search in progress ---------------------------------------------------------

let baseEmpty: u64 = 0; // empty squares at the start of the move, the mover's square included
let enemies: u64 = 0; // the enemy pieces at the start of the move
let moverFrom: i32 = 0;
let moverIsKing: bool = false;
let moverCrowning: u64 = 0;
let listStart: i32 = 0;
let listEnd: i32 = 0;
/** Pieces taken by the longest capture found so far (the majority rule). */
let mostTaken: i32 = 0;

/** Squares of the route being explored: [0] the start, [n] the landing after the n-th capture. */
const ROUTE = memory.data(32);

function record(to: i32, captured: u64, taken: i32): void {
  if (taken < mostTaken) return;
  if (taken > mostTaken) {
    mostTaken = taken;
    listEnd = listStart;
  }
  // A single jump has one route; longer ones may reach the same square over the same pieces.
  if (mergeRoutes && taken > 1 && holdsCapture(listStart, listEnd, moverFrom, to, captured)) return;
  // A man on the far row when the move ends is crowned; it cannot leave that row once there.
  const crowned = !moverIsKing && has<u64>(moverCrowning, to);
  if (pushCapture(listEnd, moverFrom, to, captured, moverIsKing, crowned, taken, ROUTE, keepPaths)) listEnd++;
}

/**
 * Captures of a man on `square`. A man never turns straight back: its jumps are to adjacent
 * pieces, and the one it just took is gone, so the reverse jump has nothing to take.
 */
function exploreMan<C>(square: i32, captured: u64, taken: i32): bool {
  let found = false;
  if (manJump<C>(forward<C>(), square, captured, taken)) found = true;
  if (manJump<C>(LEFT, square, captured, taken)) found = true;
  if (manJump<C>(RIGHT, square, captured, taken)) found = true;
  return found;
}

@inline function manJump<C>(direction: i32, square: i32, captured: u64, taken: i32): bool {
  const over = neighbour64(direction, square);
  if (over == OFF_BOARD_64 || !has<u64>(enemies & ~captured, over)) return false;
  const land = neighbour64(direction, over);
  if (land == OFF_BOARD_64 || !has<u64>(baseEmpty | captured, land)) return false;
  const nowCaptured = captured | bit<u64>(over);
  store<u8>(ROUTE + taken + 1, <u8>land);
  if (!exploreMan<C>(land, nowCaptured, taken + 1)) record(land, nowCaptured, taken + 1);
  return true;
}

/**
 * Captures of a king on `square`, having arrived moving in `arrival` (-1 at the start): never
 * straight back. Straight on it goes from every landing square when every route is kept:
 * turkish's published `keep` table (kish, RULES-more-variants.md 11) tells apart the routes
 * that stop on different squares between two captures on one line. When routes are merged,
 * only the farthest landing square goes straight on (`straightOn`): from a nearer one the king
 * would make the same move, only stopping short.
 */
function exploreKing(square: i32, captured: u64, taken: i32, arrival: i32, straightOn: bool): bool {
  let found = false;
  for (let direction = 0; direction < 4; direction++) {
    if (direction == opposite(arrival) || (direction == arrival && !straightOn)) continue;
    if (kingJump(direction, square, captured, taken)) found = true;
  }
  return found;
}

@inline function kingJump(direction: i32, square: i32, captured: u64, taken: i32): bool {
  const empty = baseEmpty | captured;
  const blockers = ray64(direction, square) & ~empty;
  if (blockers == 0) return false;
  // Captured pieces are off the board (in `empty`), so the first piece met is one still there.
  const target = nearest64(direction, blockers);
  if (!has<u64>(enemies, target)) return false;
  const beyond = ray64(direction, target);
  const stops = beyond & ~empty;
  let landings = beyond;
  if (stops != 0) {
    const stop = nearest64(direction, stops);
    landings &= ~(ray64(direction, stop) | bit<u64>(stop));
  }
  if (landings == 0) return false;
  const nowCaptured = captured | bit<u64>(target);
  const last = farthest64(direction, landings);
  // Where some landing squares let the capture go on, only those are played (the majority
  // rule demands it; the recorded ones would be voided by the longer ones anyway).
  let goesOn = false;
  let rest = landings;
  while (rest != 0) {
    const land = lowest<u64>(rest);
    rest = withoutLowest<u64>(rest);
    store<u8>(ROUTE + taken + 1, <u8>land);
    if (exploreKing(land, nowCaptured, taken + 1, direction, land == last || !mergeRoutes)) goesOn = true;
  }
  if (!goesOn) {
    rest = landings;
    while (rest != 0) {
      const land = lowest<u64>(rest);
      rest = withoutLowest<u64>(rest);
      store<u8>(ROUTE + taken + 1, <u8>land);
      record(land, nowCaptured, taken + 1);
    }
  }
  return true;
}

/** Whether the king on `king` has a first capture in `direction`. */
@inline function kingCanCapture(king: i32, direction: i32, them: u64, empty: u64): bool {
  const blockers = ray64(direction, king) & ~empty;
  if (blockers == 0) return false;
  const target = nearest64(direction, blockers);
  const beyond = neighbour64(direction, target);
  return has<u64>(them, target) && beyond != OFF_BOARD_64 && has<u64>(empty, beyond);
}

/** Pieces of `pieces` with a first jump in `direction` over `them` onto an empty square. */
@inline function jumpersToward(pieces: u64, them: u64, empty: u64, direction: i32): u64 {
  const back = opposite(direction);
  return pieces & step64(them & step64(empty, back), back);
}

/** The pieces of side `C` (owning `us`) that have a first capture. */
@inline export function turkishCapturers<C>(us: u64, them: u64, kings: u64): u64 {
  const empty = ~(us | them);
  const men = us & ~kings;
  let found = jumpersToward(men, them, empty, forward<C>()) | jumpersToward(men, them, empty, LEFT)
    | jumpersToward(men, them, empty, RIGHT);
  let ours = us & kings;
  while (ours != 0) {
    const king = lowest<u64>(ours);
    ours = withoutLowest<u64>(ours);
    if (kingCanCapture(king, UP, them, empty) || kingCanCapture(king, LEFT, them, empty)
      || kingCanCapture(king, RIGHT, them, empty) || kingCanCapture(king, DOWN, them, empty)) {
      found |= bit<u64>(king);
    }
  }
  return found;
}

/** Writes the legal captures of `pieces` (side `C`) from `start` on; returns the end of the list. */
function generateTurkishCaptures<C>(us: u64, them: u64, kings: u64, pieces: u64, start: i32): i32 {
  listStart = start;
  listEnd = start;
  mostTaken = 0;
  enemies = them;
  moverCrowning = crowningRow<C>();
  const empty = ~(us | them);
  let rest = pieces;
  while (rest != 0) {
    const from = lowest<u64>(rest);
    rest = withoutLowest<u64>(rest);
    baseEmpty = empty | bit<u64>(from);
    moverFrom = from;
    moverIsKing = has<u64>(kings, from);
    store<u8>(ROUTE, <u8>from);
    if (moverIsKing) exploreKing(from, 0, 0, -1, true);
    else exploreMan<C>(from, 0, 0);
  }
  return listEnd;
}

// ---- moves without capture ------------------------------------------------------------------

@inline function stepsToward(men: u64, empty: u64, direction: i32, crowning: u64, at: i32): i32 {
  let targets = step64(men, direction) & empty;
  const back = opposite(direction);
  while (targets != 0) {
    const to = lowest<u64>(targets);
    targets = withoutLowest<u64>(targets);
    at = push(at, neighbour64(back, to), to, has<u64>(crowning, to) ? FLAG_PROMOTES : 0);
  }
  return at;
}

@inline function rookTargets(king: i32, empty: u64): u64 {
  return slide64(king, UP, empty) | slide64(king, LEFT, empty) | slide64(king, RIGHT, empty) | slide64(king, DOWN, empty);
}

function generateTurkishQuiet<C>(us: u64, them: u64, kings: u64, start: i32): i32 {
  const empty = ~(us | them);
  const men = us & ~kings;
  const crowning = crowningRow<C>();
  let at = stepsToward(men, empty, forward<C>(), crowning, start);
  at = stepsToward(men, empty, LEFT, crowning, at);
  at = stepsToward(men, empty, RIGHT, crowning, at);
  let ours = us & kings;
  while (ours != 0) {
    const king = lowest<u64>(ours);
    ours = withoutLowest<u64>(ours);
    let targets = rookTargets(king, empty);
    while (targets != 0) {
      at = push(at, king, lowest<u64>(targets), FLAG_KING);
      targets = withoutLowest<u64>(targets);
    }
  }
  return at;
}

@inline function countTurkishQuiet<C>(us: u64, them: u64, kings: u64): i32 {
  const empty = ~(us | them);
  const men = us & ~kings;
  let total = count<u64>(step64(men, forward<C>()) & empty) + count<u64>(step64(men, LEFT) & empty)
    + count<u64>(step64(men, RIGHT) & empty);
  let ours = us & kings;
  while (ours != 0) {
    total += count<u64>(rookTargets(lowest<u64>(ours), empty));
    ours = withoutLowest<u64>(ours);
  }
  return total;
}

// ---- legal moves ----------------------------------------------------------------------------

/** Writes the legal moves of side `C` from `start` on; returns the end of the list. */
export function generateTurkish<V, C>(us: u64, them: u64, kings: u64, start: i32): i32 {
  const pieces = turkishCapturers<C>(us, them, kings);
  const end = pieces != 0 ? generateTurkishCaptures<C>(us, them, kings, pieces, start) : start;
  if (end != start && !rules<V>().optionalCapture) return end;
  return generateTurkishQuiet<C>(us, them, kings, end);
}

/** Number of legal moves of side `C`; captures are listed at `scratch` (to merge routes), the rest only counted. */
export function countTurkish<V, C>(us: u64, them: u64, kings: u64, scratch: i32): i32 {
  const pieces = turkishCapturers<C>(us, them, kings);
  const captures = pieces != 0 ? generateTurkishCaptures<C>(us, them, kings, pieces, scratch) - scratch : 0;
  if (captures != 0 && !rules<V>().optionalCapture) return captures;
  return captures + countTurkishQuiet<C>(us, them, kings);
}
