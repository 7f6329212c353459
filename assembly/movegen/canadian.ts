// Moves of canadian draughts (RULES-more-variants.md 8): international's rules on the 12×12
// board of board/board-12x12.ts, whose sets are two u64 words (`lo`, `hi`). Men step forwards and
// capture both ways, kings fly; captured pieces stay on the board until the move is over (they
// remain enemies, never empty, never prey again); the most pieces must be taken, a king counting
// as a man; a man passing the far row mid-capture goes on as a man and is crowned only where the
// move ends.
//
// Moves without capture and the test for any capture at all are set shifts on both words; the
// capture search walks the neighbour table square by square. The move records, the drop
// convention and the paths are the diagonal generators' (movelist.ts; whether routes are merged
// and paths kept, the position's record says: board/record.ts), the high word of a captured set
// in the move record's last four bytes.

import { NE, NW, SE, SW, BOTTOM_ROW_HI, SQUARES_12, SQUARES_HI, SQUARES_LO, TOP_ROW_LO, bitHi, bitLo, has2, neighbour12, shiftOf, stepHi, stepLo } from "../board/board-12x12";
import { OFF_BOARD, isUp, opposite } from "../board/geometry";
import { isWhite } from "../board/side";
import { keepingAt, mergingAt, optionalAt } from "../board/record";
import { FLAG_KING, FLAG_PROMOTES, MAX_MOVES, PATH_BYTES, PATHS_KEPT, holdsCapture12, noteOverflow, pathAt, pushQuiet, setCapturedHigh, writeMove } from "./movelist";

@inline function crowningLo<C>(): u64 {
  return isWhite<C>() ? TOP_ROW_LO : 0;
}

@inline function crowningHi<C>(): u64 {
  return isWhite<C>() ? 0 : BOTTOM_ROW_HI;
}

@inline function forwardLeft<C>(): i32 {
  return isWhite<C>() ? NW : SW;
}

@inline function forwardRight<C>(): i32 {
  return isWhite<C>() ? NE : SE;
}

// ---- the capture search in progress ---------------------------------------------------------

// Empty squares at the start of the move, the mover's square included.
let emptyLo: u64 = 0;
let emptyHi: u64 = 0;
// The enemy pieces, captured ones included (they stay until the move is over).
let enemyLo: u64 = 0;
let enemyHi: u64 = 0;
let moverFrom: i32 = 0;
let moverIsKing: bool = false;
let moverCrownLo: u64 = 0;
let moverCrownHi: u64 = 0;
let listStart: i32 = 0;
let listEnd: i32 = 0;
/** Pieces taken by the longest capture found so far (the majority rule). */
let mostTaken: i32 = 0;
/** This search's conventions, from the position's record: merge routes, keep paths. */
let merging: bool = true;
let keeping: bool = false;

/**
 * Squares of the route being explored: [0] the start, [n] the landing after the n-th capture.
 * A set-up may hold far more than 30 enemy pieces, so room for one capture per square.
 */
const ROUTE = memory.data(SQUARES_12 + 1);

@inline function isEmpty(b: i32): bool {
  return has2(emptyLo, emptyHi, b);
}

function record(to: i32, capturedLo: u64, capturedHi: u64, taken: i32): void {
  if (taken < mostTaken) return;
  if (taken > mostTaken) {
    mostTaken = taken;
    listEnd = listStart;
  }
  // One or two captures cannot reach the same square over the same pieces by two routes.
  if (merging && taken > 2 && holdsCapture12(listStart, listEnd, moverFrom, to, capturedLo, capturedHi)) return;
  if (listEnd >= MAX_MOVES) {
    noteOverflow();
    return;
  }
  const promotes = !moverIsKing && has2(moverCrownLo, moverCrownHi, to);
  const flags = (moverIsKing ? FLAG_KING : 0) | (promotes ? FLAG_PROMOTES : 0);
  writeMove(listEnd, moverFrom, to, capturedLo, <u8>flags, taken);
  setCapturedHigh(listEnd, capturedHi);
  // A path longer than a record's room is not kept (buffers/records.ts writeMoves refuses such a move).
  if (keeping && listEnd < PATHS_KEPT && taken < PATH_BYTES) {
    store<u8>(ROUTE + taken, <u8>to);
    memory.copy(pathAt(listEnd), ROUTE, taken + 1);
  }
  listEnd++;
}

/** Captures of a man on `square`, backwards too. */
function exploreMan(square: i32, capturedLo: u64, capturedHi: u64, taken: i32): bool {
  let found = false;
  for (let direction = 0; direction < 4; direction++) {
    if (manJump(direction, square, capturedLo, capturedHi, taken)) found = true;
  }
  return found;
}

@inline function manJump(direction: i32, square: i32, capturedLo: u64, capturedHi: u64, taken: i32): bool {
  const over = neighbour12(direction, square);
  if (over == OFF_BOARD || !has2(enemyLo & ~capturedLo, enemyHi & ~capturedHi, over)) return false;
  const land = neighbour12(direction, over);
  if (land == OFF_BOARD || !isEmpty(land)) return false;
  const nowLo = capturedLo | bitLo(over);
  const nowHi = capturedHi | bitHi(over);
  store<u8>(ROUTE + taken + 1, <u8>land);
  // Pass promotion: the far row mid-capture changes nothing; record() crowns where it ends.
  if (!exploreMan(land, nowLo, nowHi, taken + 1)) record(land, nowLo, nowHi, taken + 1);
  return true;
}

/**
 * Captures of a flying king on `square`, having arrived moving in `arrival` (-1 at the start).
 * It never turns straight back (the piece it just took blocks that way), and goes on straight
 * ahead only from the farthest landing square: from a nearer one it would take the same next
 * piece by the same route, only stopping where it passed (RULES.md 4.2, both conventions).
 */
function exploreKing(square: i32, capturedLo: u64, capturedHi: u64, taken: i32, arrival: i32, straightOn: bool): bool {
  let found = false;
  for (let direction = 0; direction < 4; direction++) {
    if (direction == opposite(arrival) || (direction == arrival && !straightOn)) continue;
    if (kingJump(direction, square, capturedLo, capturedHi, taken)) found = true;
  }
  return found;
}

function kingJump(direction: i32, square: i32, capturedLo: u64, capturedHi: u64, taken: i32): bool {
  let target = neighbour12(direction, square);
  while (target != OFF_BOARD && isEmpty(target)) target = neighbour12(direction, target);
  if (target == OFF_BOARD || !has2(enemyLo & ~capturedLo, enemyHi & ~capturedHi, target)) return false;
  const first = neighbour12(direction, target);
  if (first == OFF_BOARD || !isEmpty(first)) return false;
  const nowLo = capturedLo | bitLo(target);
  const nowHi = capturedHi | bitHi(target);
  // Landing rule (RULES.md 4.4): where some landing squares let the capture go on, only those
  // are played; only when none does may the king stop on any of them.
  let goesOn = false;
  let land = first;
  while (land != OFF_BOARD && isEmpty(land)) {
    const next = neighbour12(direction, land);
    const last = next == OFF_BOARD || !isEmpty(next);
    store<u8>(ROUTE + taken + 1, <u8>land);
    if (exploreKing(land, nowLo, nowHi, taken + 1, direction, last)) goesOn = true;
    land = next;
  }
  if (!goesOn) {
    land = first;
    while (land != OFF_BOARD && isEmpty(land)) {
      store<u8>(ROUTE + taken + 1, <u8>land);
      record(land, nowLo, nowHi, taken + 1);
      land = neighbour12(direction, land);
    }
  }
  return true;
}

/** Whether the king on `king` has a first capture in `direction`. */
@inline function kingCanCapture(king: i32, direction: i32, themLo: u64, themHi: u64): bool {
  let target = neighbour12(direction, king);
  while (target != OFF_BOARD && isEmpty(target)) target = neighbour12(direction, target);
  if (target == OFF_BOARD || !has2(themLo, themHi, target)) return false;
  const beyond = neighbour12(direction, target);
  return beyond != OFF_BOARD && isEmpty(beyond);
}

/**
 * The men of (`menLo`, `menHi`) with a first jump in `direction` over the empty squares
 * (`emptyLo`, `emptyHi`), its low word when `high` is false, else its high word: set steps on
 * both words, the enemies with an empty square behind them seen from the side the man comes from.
 */
@inline function jumpersToward(menLo: u64, menHi: u64, themLo: u64, themHi: u64, direction: i32, high: bool): u64 {
  const back = opposite(direction);
  const preyLo = themLo & stepLo(emptyLo, emptyHi, back);
  const preyHi = themHi & stepHi(emptyLo, emptyHi, back);
  return high ? menHi & stepHi(preyLo, preyHi, back) : menLo & stepLo(preyLo, preyHi, back);
}

/** Whether any man of (`menLo`, `menHi`) has a first jump in `direction`. */
@inline function menJumpToward(menLo: u64, menHi: u64, themLo: u64, themHi: u64, direction: i32): bool {
  return (jumpersToward(menLo, menHi, themLo, themHi, direction, false) | jumpersToward(menLo, menHi, themLo, themHi, direction, true)) != 0;
}

/** Whether the side owning `us` has any capture; sets the capture search's empty squares. */
export function anyCapture(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64): bool {
  emptyLo = ~(usLo | themLo) & SQUARES_LO;
  emptyHi = ~(usHi | themHi) & SQUARES_HI;
  const menLo = usLo & ~kingsLo;
  const menHi = usHi & ~kingsHi;
  if (menJumpToward(menLo, menHi, themLo, themHi, NW) || menJumpToward(menLo, menHi, themLo, themHi, NE)
    || menJumpToward(menLo, menHi, themLo, themHi, SW) || menJumpToward(menLo, menHi, themLo, themHi, SE)) return true;
  let lo = usLo & kingsLo;
  let hi = usHi & kingsHi;
  while (lo != 0 || hi != 0) {
    const king = lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(hi);
    if (lo != 0) lo &= lo - 1;
    else hi &= hi - 1;
    if (kingCanCapture(king, NW, themLo, themHi) || kingCanCapture(king, NE, themLo, themHi)
      || kingCanCapture(king, SW, themLo, themHi) || kingCanCapture(king, SE, themLo, themHi)) return true;
  }
  return false;
}

/** Searches the captures of the piece on `from`. */
@inline function searchFrom(from: i32, king: bool, emptyAtStartLo: u64, emptyAtStartHi: u64): void {
  emptyLo = emptyAtStartLo | bitLo(from);
  emptyHi = emptyAtStartHi | bitHi(from);
  moverFrom = from;
  moverIsKing = king;
  store<u8>(ROUTE, <u8>from);
  if (king) exploreKing(from, 0, 0, 0, -1, true);
  else exploreMan(from, 0, 0, 0);
}

/** Writes the legal captures of side `C` from `start` on (none when it has none); returns the end of the list. */
export function generateCanadianCaptures<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: usize, start: i32): i32 {
  if (!anyCapture(usLo, usHi, themLo, themHi, kingsLo, kingsHi)) return start;
  return searchCaptures<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, at, start);
}

/**
 * generateCanadianCaptures when anyCapture has already said yes for this position (the search
 * asks it first): the capture search alone, from the empty squares of the position.
 */
export function knownCanadianCaptures<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: usize, start: i32): i32 {
  emptyLo = ~(usLo | themLo) & SQUARES_LO;
  emptyHi = ~(usHi | themHi) & SQUARES_HI;
  return searchCaptures<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, at, start);
}

/** The capture search of every piece of side `C`, emptyLo and emptyHi set to the position's empty squares. */
function searchCaptures<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: usize, start: i32): i32 {
  merging = mergingAt(at);
  keeping = keepingAt(at);
  listStart = start;
  listEnd = start;
  mostTaken = 0;
  enemyLo = themLo;
  enemyHi = themHi;
  moverCrownLo = crowningLo<C>();
  moverCrownHi = crowningHi<C>();
  const startLo = emptyLo;
  const startHi = emptyHi;
  // Only the men with a first jump and the kings start a search: most men have none.
  let lo = usLo & kingsLo;
  let hi = usHi & kingsHi;
  const menLo = usLo & ~kingsLo;
  const menHi = usHi & ~kingsHi;
  for (let direction = 0; direction < 4; direction++) {
    lo |= jumpersToward(menLo, menHi, themLo, themHi, direction, false);
    hi |= jumpersToward(menLo, menHi, themLo, themHi, direction, true);
  }
  while (lo != 0) {
    const from = <i32>ctz(lo);
    lo &= lo - 1;
    searchFrom(from, ((kingsLo >> <u64>from) & 1) != 0, startLo, startHi);
  }
  while (hi != 0) {
    const from = <i32>ctz(hi);
    hi &= hi - 1;
    searchFrom(64 + from, ((kingsHi >> <u64>from) & 1) != 0, startLo, startHi);
  }
  return listEnd;
}

// ---- moves without capture ------------------------------------------------------------------

/**
 * pushQuiet, the record's high captured word cleared too: the diagonal boards never write it,
 * so a slot last used by a capture on rows 10-11 would otherwise still name its pieces.
 */
@inline function push(at: i32, from: i32, to: i32, flags: u8): i32 {
  const next = pushQuiet(at, from, to, flags);
  if (next != at) setCapturedHigh(at, 0);
  return next;
}

/** Pushes a step to every square of (`lo`, `hi`) from `delta` bits back; returns the new end. */
@inline function pushSteps(lo: u64, hi: u64, delta: i32, crownLo: u64, crownHi: u64, at: i32): i32 {
  while (lo != 0) {
    const to = <i32>ctz(lo);
    lo &= lo - 1;
    at = push(at, to - delta, to, ((crownLo >> <u64>to) & 1) != 0 ? FLAG_PROMOTES : 0);
  }
  while (hi != 0) {
    const to = <i32>ctz(hi);
    hi &= hi - 1;
    at = push(at, 64 + to - delta, 64 + to, ((crownHi >> <u64>to) & 1) != 0 ? FLAG_PROMOTES : 0);
  }
  return at;
}

/** The signed bit offset of one step in `direction`. */
@inline function deltaOf(direction: i32): i32 {
  return isUp(direction) ? -shiftOf(direction) : shiftOf(direction);
}

/**
 * The moves of the kings of (`lo`, `hi`) sliding over the empty squares (`eLo`, `eHi`), pushed
 * from `at` on, or only counted onto `at` when `countOnly`; returns the new end or count.
 */
@inline function kingSlides(lo: u64, hi: u64, eLo: u64, eHi: u64, at: i32, countOnly: bool): i32 {
  while (lo != 0 || hi != 0) {
    const king = lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(hi);
    if (lo != 0) lo &= lo - 1;
    else hi &= hi - 1;
    for (let direction = 0; direction < 4; direction++) {
      let to = neighbour12(direction, king);
      while (to != OFF_BOARD && has2(eLo, eHi, to)) {
        at = countOnly ? at + 1 : push(at, king, to, FLAG_KING);
        to = neighbour12(direction, to);
      }
    }
  }
  return at;
}

/** The moves without capture of side `C`, pushed from `at` on, or only counted onto `at` when `countOnly`. */
@inline function quietMoves<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: i32, countOnly: bool): i32 {
  const eLo = ~(usLo | themLo) & SQUARES_LO;
  const eHi = ~(usHi | themHi) & SQUARES_HI;
  const menLo = usLo & ~kingsLo;
  const menHi = usHi & ~kingsHi;
  for (let side = 0; side < 2; side++) {
    const direction = side == 0 ? forwardLeft<C>() : forwardRight<C>();
    const toLo = stepLo(menLo, menHi, direction) & eLo;
    const toHi = stepHi(menLo, menHi, direction) & eHi;
    at = countOnly
      ? at + <i32>popcnt(toLo) + <i32>popcnt(toHi)
      : pushSteps(toLo, toHi, deltaOf(direction), crowningLo<C>(), crowningHi<C>(), at);
  }
  return kingSlides(usLo & kingsLo, usHi & kingsHi, eLo, eHi, at, countOnly);
}

/** Writes the moves without capture of side `C` from `at` on; returns the end of the list. */
export function generateCanadianQuiet<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: i32): i32 {
  return quietMoves<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, at, false);
}

/** Whether side `C` has a move without capture: a man's step forwards or a king's first step, as set shifts. */
export function hasCanadianQuiet<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64): bool {
  const eLo = ~(usLo | themLo) & SQUARES_LO;
  const eHi = ~(usHi | themHi) & SQUARES_HI;
  const ourKingsLo = usLo & kingsLo;
  const ourKingsHi = usHi & kingsHi;
  for (let direction = 0; direction < 4; direction++) {
    const forward = direction == forwardLeft<C>() || direction == forwardRight<C>();
    // Forwards any piece steps (men and kings); backwards only a king (a slide starts with a step).
    const lo = forward ? usLo : ourKingsLo;
    const hi = forward ? usHi : ourKingsHi;
    if ((stepLo(lo, hi, direction) & eLo) != 0 || (stepHi(lo, hi, direction) & eHi) != 0) return true;
  }
  return false;
}

// ---- legal moves ----------------------------------------------------------------------------

/** Number of legal moves of side `C`; captures are listed at `scratch` (to merge routes), the rest only counted. */
export function countCanadian<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, at: usize, scratch: i32): i32 {
  const captures = generateCanadianCaptures<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, at, scratch) - scratch;
  if (captures != 0 && !optionalAt(at)) return captures;
  return quietMoves<C>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, captures, true);
}
