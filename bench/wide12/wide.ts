// A measured prototype (issue 64, item 3): the one generic generator's capture search and quiet
// moves (movegen/captures.ts, man-captures.ts, king-captures.ts, capture-route.ts, quiet.ts) run
// with canadian's rules over a two-word set type, `Wide`, whose operations (step, ray, nearest,
// has, count, lowest) act on both words of a 12×12 set. AssemblyScript has no 128-bit scalar
// and no value type but v128 (whose operators it does not define, and which needs SIMD), so a
// `B` of two words is a reference: each set operation writes its result into an arena that
// every listing releases when it ends (the stub runtime frees nothing). Measured against
// movegen/canadian.ts by bench/wide12/run.mjs; not part of any core.

import { NE, NW, SE, SW, SQUARES_HI, SQUARES_LO, TOP_ROW_LO, BOTTOM_ROW_HI, neighbour12, shiftOf } from "../../assembly/board/board-12x12";
import { OFF_BOARD, isUp, opposite } from "../../assembly/board/geometry";
import { isWhite } from "../../assembly/board/side";
import { FLAG_KING, FLAG_PROMOTES, MAX_MOVES, holdsCapture12, noteOverflow, setCapturedHigh, writeMove } from "../../assembly/movegen/movelist";

// ---- the two-word set ---------------------------------------------------------------------

const ARENA = memory.data(16 << 20);
let top: usize = ARENA;

@final @unmanaged export class Wide {
  lo: u64;
  hi: u64;
  @inline @operator("&") static and(a: Wide, b: Wide): Wide { return wide(a.lo & b.lo, a.hi & b.hi); }
  @inline @operator("|") static or(a: Wide, b: Wide): Wide { return wide(a.lo | b.lo, a.hi | b.hi); }
  @inline @operator.prefix("~") static not(a: Wide): Wide { return wide(~a.lo & SQUARES_LO, ~a.hi & SQUARES_HI); }
}

@inline export function wide(lo: u64, hi: u64): Wide {
  const w = changetype<Wide>(top);
  top += 16;
  w.lo = lo;
  w.hi = hi;
  return w;
}

@inline function none(s: Wide): bool { return (s.lo | s.hi) == 0; }
@inline function bit(b: i32): Wide { return b < 64 ? wide((<u64>1) << <u64>b, 0) : wide(0, (<u64>1) << <u64>(b - 64)); }
@inline function has(s: Wide, b: i32): bool { return b < 64 ? ((s.lo >> <u64>b) & 1) != 0 : ((s.hi >> <u64>(b - 64)) & 1) != 0; }
@inline function lowest(s: Wide): i32 { return s.lo != 0 ? <i32>ctz(s.lo) : 64 + <i32>ctz(s.hi); }
@inline function withoutLowest(s: Wide): Wide { return s.lo != 0 ? wide(s.lo & (s.lo - 1), s.hi) : wide(0, s.hi & (s.hi - 1)); }
@inline function count(s: Wide): i32 { return <i32>popcnt(s.lo) + <i32>popcnt(s.hi); }

/** Every square of `s` one step in `direction` (the two words' carry). */
@inline function step(s: Wide, direction: i32): Wide {
  const k = <u64>shiftOf(direction);
  return isUp(direction)
    ? wide(((s.lo >> k) | (s.hi << (64 - k))) & SQUARES_LO, (s.hi >> k) & SQUARES_HI)
    : wide((s.lo << k) & SQUARES_LO, ((s.hi << k) | (s.lo >> (64 - k))) & SQUARES_HI);
}

const STRIDE: i32 = 128;
const RAYS = memory.data(4 * STRIDE * 16);

@inline function ray(direction: i32, b: i32): Wide {
  return changetype<Wide>(RAYS + (<usize>(direction * STRIDE + b) << 4));
}

/** The nearest square of `s` along `direction`; `s` ⊂ a ray. */
@inline function nearest(direction: i32, s: Wide): i32 {
  if (isUp(direction)) return s.hi != 0 ? 127 - <i32>clz(s.hi) : 63 - <i32>clz(s.lo);
  return lowest(s);
}

@inline function farthest(direction: i32, s: Wide): i32 {
  if (isUp(direction)) return lowest(s);
  return s.hi != 0 ? 127 - <i32>clz(s.hi) : 63 - <i32>clz(s.lo);
}

function buildRays(): void {
  for (let direction = 0; direction < 4; direction++) {
    for (let b = 0; b < STRIDE; b++) {
      let lo: u64 = 0;
      let hi: u64 = 0;
      let at = b < 77 ? neighbour12(direction, b) : OFF_BOARD;
      while (at != OFF_BOARD) {
        if (at < 64) lo |= (<u64>1) << <u64>at;
        else hi |= (<u64>1) << <u64>(at - 64);
        at = neighbour12(direction, at);
      }
      const w = changetype<Wide>(RAYS + (<usize>(direction * STRIDE + b) << 4));
      w.lo = lo;
      w.hi = hi;
    }
  }
}
buildRays();

@inline function promotionRow<C>(): Wide { return isWhite<C>() ? wide(TOP_ROW_LO, 0) : wide(0, BOTTOM_ROW_HI); }

// ---- capture-route.ts: the search in progress and its record -------------------------------

let searchEmpty: Wide = changetype<Wide>(0);
let searchThem: Wide = changetype<Wide>(0);
let searchFrom: i32 = 0;
let searchByKing: bool = false;
let listStart: i32 = 0;
let listEnd: i32 = 0;
let bestScore: u32 = 0;
let merging: bool = true;

@inline function record(to: i32, captured: Wide, taken: i32, promotes: bool): void {
  const score = <u32>taken;
  if (score < bestScore) return;
  if (score > bestScore) {
    bestScore = score;
    listEnd = listStart;
  }
  if (merging && taken > 2 && holdsCapture12(listStart, listEnd, searchFrom, to, captured.lo, captured.hi)) return;
  if (listEnd >= MAX_MOVES) {
    noteOverflow();
    return;
  }
  const flags = (searchByKing ? FLAG_KING : 0) | (promotes ? FLAG_PROMOTES : 0);
  writeMove(listEnd, searchFrom, to, captured.lo, <u8>flags, taken);
  setCapturedHigh(listEnd, captured.hi);
  listEnd++;
}

// ---- man-captures.ts ----------------------------------------------------------------------

@inline function landingsToward(pieces: Wide, prey: Wide, empty: Wide, direction: i32): Wide {
  return step(step(pieces, direction) & prey, direction) & empty;
}

@inline function jumpersToward(pieces: Wide, prey: Wide, empty: Wide, direction: i32): Wide {
  const back = opposite(direction);
  return pieces & step(prey & step(empty, back), back);
}

function exploreMan<C>(square: i32, captured: Wide, taken: i32): bool {
  const from = bit(square);
  const prey = searchThem & ~captured;
  const empty = searchEmpty;
  const toNW = landingsToward(from, prey, empty, NW);
  const toNE = landingsToward(from, prey, empty, NE);
  const toSW = landingsToward(from, prey, empty, SW);
  const toSE = landingsToward(from, prey, empty, SE);
  if (none(toNW | toNE | toSW | toSE)) return false;
  if (!none(toNW)) manJumpOver<C>(NW, square, captured, taken);
  if (!none(toNE)) manJumpOver<C>(NE, square, captured, taken);
  if (!none(toSW)) manJumpOver<C>(SW, square, captured, taken);
  if (!none(toSE)) manJumpOver<C>(SE, square, captured, taken);
  return true;
}

@inline function manJumpOver<C>(direction: i32, square: i32, captured: Wide, taken: i32): void {
  const over = neighbour12(direction, square);
  const land = neighbour12(direction, over);
  const nowCaptured = captured | bit(over);
  // Promotion at the end: the far row mid-capture changes nothing.
  if (!exploreMan<C>(land, nowCaptured, taken + 1)) record(land, nowCaptured, taken + 1, has(promotionRow<C>(), land));
}

// ---- king-captures.ts: flying kings ---------------------------------------------------------

function exploreFlying(square: i32, captured: Wide, taken: i32, arrival: i32, straightOn: bool): bool {
  let found = false;
  for (let direction = 0; direction < 4; direction++) {
    if (direction == opposite(arrival) || (direction == arrival && !straightOn)) continue;
    if (flyingJump(direction, square, captured, taken)) found = true;
  }
  return found;
}

@inline function flyingJump(direction: i32, square: i32, captured: Wide, taken: i32): bool {
  const empty = searchEmpty;
  const line = ray(direction, square);
  const blockers = line & ~empty;
  if (none(blockers)) return false;
  const target = nearest(direction, blockers);
  if (!has(searchThem & ~captured, target)) return false;
  const beyond = ray(direction, target);
  const stops = beyond & ~empty;
  let landings = beyond;
  if (!none(stops)) {
    const stop = nearest(direction, stops);
    landings = landings & ~(ray(direction, stop) | bit(stop));
  }
  if (none(landings)) return false;
  const nowCaptured = captured | bit(target);
  const last = farthest(direction, landings);
  let goesOn = false;
  let rest = landings;
  while (!none(rest)) {
    const land = lowest(rest);
    rest = withoutLowest(rest);
    if (exploreFlying(land, nowCaptured, taken + 1, direction, land == last)) goesOn = true;
  }
  if (!goesOn) {
    rest = landings;
    while (!none(rest)) {
      const land = lowest(rest);
      rest = withoutLowest(rest);
      record(land, nowCaptured, taken + 1, false);
    }
  }
  return true;
}

@inline function flyingKingCanCapture(king: i32, direction: i32, them: Wide, empty: Wide): bool {
  const blockers = ray(direction, king) & ~empty;
  if (none(blockers)) return false;
  const target = nearest(direction, blockers);
  const beyond = neighbour12(direction, target);
  return has(them, target) && beyond != OFF_BOARD && has(empty, beyond);
}

// ---- captures.ts ------------------------------------------------------------------------------

/** The pieces of side `C` with a first capture (captures.ts capturers). */
function capturers<C>(us: Wide, them: Wide, kings: Wide): Wide {
  const empty = ~(us | them);
  const men = us & ~kings;
  let found = jumpersToward(men, them, empty, NW) | jumpersToward(men, them, empty, NE)
    | jumpersToward(men, them, empty, SW) | jumpersToward(men, them, empty, SE);
  let ours = us & kings;
  while (!none(ours)) {
    const king = lowest(ours);
    ours = withoutLowest(ours);
    if (flyingKingCanCapture(king, NW, them, empty) || flyingKingCanCapture(king, NE, them, empty)
      || flyingKingCanCapture(king, SW, them, empty) || flyingKingCanCapture(king, SE, them, empty)) found = found | bit(king);
  }
  return found;
}

function generateCaptures<C>(us: Wide, them: Wide, kings: Wide, pieces: Wide, start: i32): i32 {
  listStart = start;
  listEnd = start;
  bestScore = 0;
  searchThem = them;
  const empty = ~(us | them);
  let men = pieces & ~kings;
  searchByKing = false;
  while (!none(men)) {
    const man = lowest(men);
    men = withoutLowest(men);
    searchEmpty = empty | bit(man);
    searchFrom = man;
    exploreMan<C>(man, wide(0, 0), 0);
  }
  let ours = pieces & kings;
  searchByKing = true;
  while (!none(ours)) {
    const king = lowest(ours);
    ours = withoutLowest(ours);
    searchEmpty = empty | bit(king);
    searchFrom = king;
    exploreFlying(king, wide(0, 0), 0, -1, true);
  }
  return listEnd;
}

// ---- quiet.ts ---------------------------------------------------------------------------------

@inline function slide(square: i32, direction: i32, empty: Wide): Wide {
  const line = ray(direction, square);
  const blockers = line & ~empty;
  if (none(blockers)) return line;
  const stop = nearest(direction, blockers);
  return line & ~(ray(direction, stop) | bit(stop));
}

@inline function kingTargets(square: i32, empty: Wide): Wide {
  return slide(square, NW, empty) | slide(square, NE, empty) | slide(square, SW, empty) | slide(square, SE, empty);
}

@inline function forward<C>(direction: i32): bool {
  return isWhite<C>() ? isUp(direction) : !isUp(direction);
}

@inline function push(at: i32, from: i32, to: i32, flags: u8): i32 {
  if (at >= MAX_MOVES) {
    noteOverflow();
    return at;
  }
  writeMove(at, from, to, 0, flags, 0);
  setCapturedHigh(at, 0);
  return at + 1;
}

@inline function stepsToward(targets: Wide, direction: i32, promotion: Wide, at: i32): i32 {
  const back = opposite(direction);
  while (!none(targets)) {
    const to = lowest(targets);
    targets = withoutLowest(targets);
    at = push(at, neighbour12(back, to), to, has(promotion, to) ? FLAG_PROMOTES : 0);
  }
  return at;
}

function generateQuiet<C>(us: Wide, them: Wide, kings: Wide, start: i32): i32 {
  const empty = ~(us | them);
  const men = us & ~kings;
  const crowning = promotionRow<C>();
  let at = start;
  if (forward<C>(NW)) at = stepsToward(step(men, NW) & empty, NW, crowning, at);
  if (forward<C>(NE)) at = stepsToward(step(men, NE) & empty, NE, crowning, at);
  if (forward<C>(SW)) at = stepsToward(step(men, SW) & empty, SW, crowning, at);
  if (forward<C>(SE)) at = stepsToward(step(men, SE) & empty, SE, crowning, at);
  let ours = us & kings;
  while (!none(ours)) {
    const king = lowest(ours);
    ours = withoutLowest(ours);
    let targets = kingTargets(king, empty);
    while (!none(targets)) {
      at = push(at, king, lowest(targets), FLAG_KING);
      targets = withoutLowest(targets);
    }
  }
  return at;
}

function countQuiet<C>(us: Wide, them: Wide, kings: Wide): i32 {
  const empty = ~(us | them);
  const men = us & ~kings;
  let total = 0;
  if (forward<C>(NW)) total += count(step(men, NW) & empty);
  if (forward<C>(NE)) total += count(step(men, NE) & empty);
  if (forward<C>(SW)) total += count(step(men, SW) & empty);
  if (forward<C>(SE)) total += count(step(men, SE) & empty);
  let ours = us & kings;
  while (!none(ours)) {
    total += count(kingTargets(lowest(ours), empty));
    ours = withoutLowest(ours);
  }
  return total;
}

// ---- legal.ts -----------------------------------------------------------------------------

/** The legal moves of side `C` (canadian's two words) from `start` on; the arena released after. */
export function wideLegal<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, merge: bool, start: i32): i32 {
  const mark = top;
  merging = merge;
  const us = wide(usLo, usHi);
  const them = wide(themLo, themHi);
  const kings = wide(kingsLo, kingsHi);
  const pieces = capturers<C>(us, them, kings);
  let end = start;
  if (!none(pieces)) end = generateCaptures<C>(us, them, kings, pieces, start);
  if (end == start) end = generateQuiet<C>(us, them, kings, start);
  top = mark;
  return end;
}

/** Number of legal moves: captures listed (to merge routes), quiet moves counted. */
export function wideCount<C>(usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64, merge: bool, scratch: i32): i32 {
  const mark = top;
  merging = merge;
  const us = wide(usLo, usHi);
  const them = wide(themLo, themHi);
  const kings = wide(kingsLo, kingsHi);
  const pieces = capturers<C>(us, them, kings);
  let n = 0;
  if (!none(pieces)) n = generateCaptures<C>(us, them, kings, pieces, scratch) - scratch;
  if (n == 0) n = countQuiet<C>(us, them, kings);
  top = mark;
  return n;
}
