// Moves of frisian draughts (RULES-more-variants.md 5) on the 10×10 board, along the eight
// lines of board/lines.ts. Men and kings capture along the diagonals, the ranks and the files,
// men backwards too, kings at any distance; captured pieces stay on the board until the move
// is over (the Turkish strike rule), so they block and are never taken twice. The capture that
// must be played is the one of highest value (a man 1, a king a little less than 2), then, among
// equal values, one made by a king. Moves without capture are international's: men step
// forwards, kings slide along the diagonals, except the king that may not move quietly again
// (the king-move limit, see king-streak.ts), which the caller names in `restricted`.
//
// The move records and the drop/keep conventions are those of the other generators
// (movelist.ts; captures.ts's `mergeRoutes` and `keepPaths`): a flying king goes straight on
// only from its farthest landing square, as the published `keep` tables count routes.

import { bit, has, lowest, withoutLowest } from "../board/bitboard";
import { OFF_BOARD, opposite, promotionRow } from "../board/geometry";
import { LINES, farthestOnLine, lineRay, nearestOnLine, nextOnLine, stepLine } from "../board/lines";
import { isWhite } from "../board/side";
import { International, rules } from "../board/variants";
import { keepPaths, mergeRoutes } from "./captures";
import { holdsCapture, pushCapture } from "./movelist";
import { countQuiet, generateQuiet } from "./quiet";

// ---- the capture search in progress ---------------------------------------------------------

let baseEmpty: u64 = 0; // empty squares at the start of the move, the mover's square included
let enemies: u64 = 0; // every enemy piece, captured ones included (they stay until the move ends)
let enemyKings: u64 = 0;
let moverFrom: i32 = 0;
let moverIsKing: bool = false;
let moverCrowning: u64 = 0;
let listStart: i32 = 0;
let listEnd: i32 = 0;
let bestScore: u32 = 0;

/** Squares of the route being explored: [0] the start, [n] the landing after the n-th capture (n ≤ 20). */
const ROUTE = memory.data(32);

/**
 * The value rule as one number, higher wins: first men + 2 × kings taken, then fewer kings
 * (a king weighs a little less than two men), then a capture made by a king.
 */
@inline function frisianScore(taken: i32, kingsTaken: i32, byKing: bool): u32 {
  const value = <u32>(taken + kingsTaken);
  return (((value << 5) | <u32>(31 - kingsTaken)) << 1) | (byKing ? 1 : 0);
}

function record(to: i32, captured: u64, taken: i32, kingsTaken: i32): void {
  const score = frisianScore(taken, kingsTaken, moverIsKing);
  if (score < bestScore) return;
  if (score > bestScore) {
    bestScore = score;
    listEnd = listStart;
  }
  // Along eight lines two pieces can already be taken in either order onto the same square.
  if (mergeRoutes && taken > 1 && holdsCapture(listStart, listEnd, moverFrom, to, captured)) return;
  // Promotion "pass": a man is crowned only where its move ends.
  const crowned = !moverIsKing && has<u64>(moverCrowning, to);
  if (pushCapture(listEnd, moverFrom, to, captured, moverIsKing, crowned, taken, ROUTE, keepPaths)) listEnd++;
}

/** Captures of a man on `square`, in all eight directions (a jump back meets the piece just taken). */
function exploreMan(square: i32, captured: u64, taken: i32, kingsTaken: i32): bool {
  let found = false;
  for (let direction = 0; direction < LINES; direction++) {
    if (manJump(direction, square, captured, taken, kingsTaken)) found = true;
  }
  return found;
}

@inline function manJump(direction: i32, square: i32, captured: u64, taken: i32, kingsTaken: i32): bool {
  const over = nextOnLine(direction, square);
  if (over == OFF_BOARD || !has<u64>(enemies & ~captured, over)) return false;
  const land = nextOnLine(direction, over);
  if (land == OFF_BOARD || !has<u64>(baseEmpty, land)) return false;
  const nowCaptured = captured | bit<u64>(over);
  const nowKings = kingsTaken + (has<u64>(enemyKings, over) ? 1 : 0);
  store<u8>(ROUTE + taken + 1, <u8>land);
  if (!exploreMan(land, nowCaptured, taken + 1, nowKings)) record(land, nowCaptured, taken + 1, nowKings);
  return true;
}

/**
 * Captures of a king on `square`, having arrived moving in `arrival` (-1 at the start). It goes
 * on straight ahead only from the farthest landing square (`straightOn`): from a nearer one it
 * would take the same next piece by the same route, only passing where it did not stop.
 */
function exploreKing(square: i32, captured: u64, taken: i32, kingsTaken: i32, arrival: i32, straightOn: bool): bool {
  let found = false;
  for (let direction = 0; direction < LINES; direction++) {
    if (direction == opposite(arrival) || (direction == arrival && !straightOn)) continue;
    if (kingJump(direction, square, captured, taken, kingsTaken)) found = true;
  }
  return found;
}

@inline function kingJump(direction: i32, square: i32, captured: u64, taken: i32, kingsTaken: i32): bool {
  const line = lineRay(direction, square);
  const blockers = line & ~baseEmpty;
  if (blockers == 0) return false;
  const target = nearestOnLine(direction, blockers);
  if (!has<u64>(enemies & ~captured, target)) return false;
  const beyond = lineRay(direction, target);
  const stops = beyond & ~baseEmpty;
  let landings = beyond;
  if (stops != 0) {
    const stop = nearestOnLine(direction, stops);
    landings &= ~(lineRay(direction, stop) | bit<u64>(stop));
  }
  if (landings == 0) return false;
  const nowCaptured = captured | bit<u64>(target);
  const nowKings = kingsTaken + (has<u64>(enemyKings, target) ? 1 : 0);
  const last = farthestOnLine(direction, landings);
  // Landing rule (RULES.md 4.4): where some landing squares let the capture go on, only those
  // are played (the value rule would void the others anyway).
  let goesOn = false;
  let rest = landings;
  while (rest != 0) {
    const land = lowest<u64>(rest);
    rest = withoutLowest<u64>(rest);
    store<u8>(ROUTE + taken + 1, <u8>land);
    if (exploreKing(land, nowCaptured, taken + 1, nowKings, direction, land == last)) goesOn = true;
  }
  if (!goesOn) {
    rest = landings;
    while (rest != 0) {
      const land = lowest<u64>(rest);
      rest = withoutLowest<u64>(rest);
      store<u8>(ROUTE + taken + 1, <u8>land);
      record(land, nowCaptured, taken + 1, nowKings);
    }
  }
  return true;
}

/** Whether the king on `king` has a first capture in `direction`. */
@inline function kingCanCapture(king: i32, direction: i32, them: u64, empty: u64): bool {
  const blockers = lineRay(direction, king) & ~empty;
  if (blockers == 0) return false;
  const target = nearestOnLine(direction, blockers);
  const beyond = nextOnLine(direction, target);
  return has<u64>(them, target) && beyond != OFF_BOARD && has<u64>(empty, beyond);
}

/** The pieces of `us` that have a first capture: a set test that lets most positions skip the search. */
@inline function frisianCapturers(us: u64, them: u64, kings: u64, empty: u64): u64 {
  const men = us & ~kings;
  let found: u64 = 0;
  for (let direction = 0; direction < LINES; direction++) {
    const back = opposite(direction);
    found |= men & stepLine(them & stepLine(empty, back), back);
  }
  let ours = us & kings;
  while (ours != 0) {
    const king = lowest<u64>(ours);
    ours = withoutLowest<u64>(ours);
    for (let direction = 0; direction < LINES; direction++) {
      if (kingCanCapture(king, direction, them, empty)) {
        found |= bit<u64>(king);
        break;
      }
    }
  }
  return found;
}

/** Writes the legal captures of `pieces` from `start` on; returns the end of the list. */
function generateFrisianCaptures(us: u64, them: u64, kings: u64, pieces: u64, crowning: u64, start: i32): i32 {
  listStart = start;
  listEnd = start;
  bestScore = 0;
  enemies = them;
  enemyKings = them & kings;
  moverCrowning = crowning;
  const empty = ~(us | them);
  let rest = pieces;
  while (rest != 0) {
    const from = lowest<u64>(rest);
    rest = withoutLowest<u64>(rest);
    baseEmpty = empty | bit<u64>(from);
    moverFrom = from;
    moverIsKing = has<u64>(kings, from);
    store<u8>(ROUTE, <u8>from);
    if (moverIsKing) exploreKing(from, 0, 0, 0, -1, true);
    else exploreMan(from, 0, 0, 0);
  }
  return listEnd;
}

// ---- legal moves ----------------------------------------------------------------------------

/**
 * Writes the legal moves of side `C` from `start` on; returns the end of the list. `restricted`
 * is the king (a one-bit set, or 0) that may only capture this turn.
 */
export function generateFrisian<V, C>(us: u64, them: u64, kings: u64, restricted: u64, start: i32): i32 {
  const empty = ~(us | them) & SQUARES_10;
  const pieces = frisianCapturers(us, them, kings, empty);
  const end = pieces != 0 ? generateFrisianCaptures(us, them, kings, pieces, promotionRow<u64>(isWhite<C>()), start) : start;
  if (end != start && !rules<V>().optionalCapture) return end;
  // The restricted king stands as a piece that does not move: counted with the other side.
  return generateQuiet<International, u64, C>(us & ~restricted, them | restricted, kings & ~restricted, end);
}

/** Number of legal moves of side `C`; captures are listed at `scratch` (to merge routes), the rest only counted. */
export function countFrisian<V, C>(us: u64, them: u64, kings: u64, restricted: u64, scratch: i32): i32 {
  const empty = ~(us | them) & SQUARES_10;
  const pieces = frisianCapturers(us, them, kings, empty);
  const captures = pieces != 0 ? generateFrisianCaptures(us, them, kings, pieces, promotionRow<u64>(isWhite<C>()), scratch) - scratch : 0;
  if (captures != 0 && !rules<V>().optionalCapture) return captures;
  return captures + countQuiet<International, u64, C>(us & ~restricted, them | restricted, kings & ~restricted);
}

const SQUARES_10: u64 = 0x003ff7feffdffbff;
