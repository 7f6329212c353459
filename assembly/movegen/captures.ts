// Capture generation: every complete capture sequence of the side to move, filtered by the
// variant's precedence rule as it is found, written to the move stack.
//
// Each explorer tries to go on capturing from a square and returns whether it could; the
// caller records the sequence as a complete move only when it could not (an incomplete
// sequence is not a move, RULES.md 4.3). Captured pieces stay on the board until the move is
// over (4.5): they remain in the enemy set, so they are never empty and never prey again
// (except where a variant removes them at once: see exploreLandBehind and flyingJump).
//
// The board's lines come from the geometry `G` (board/geometry.ts `Diagonal`, turkish's
// `Orthogonal`, frisian's `Lines`), folded at compile time like the rules `V`. Directions are
// named for the diagonal boards; on turkish's board the same numbers 0 … 3 are up, left, right
// and down; frisian's adds the ranks and files as 4 … 7, searched only where `G` has them.

import { bit, count, has, lowest, withoutLowest } from "../board/bitboard";
import { Diagonal, NE, NW, OFF_BOARD, SE, SW, allSquares, geometry, neighbour, opposite, stepBit } from "../board/geometry";
import { FLAG_KING, FLAG_PROMOTES, MAX_MOVES, PATHS_KEPT, holdsCapture, noteOverflow, pathAt, writeMove } from "./movelist";
import { Precedence, Promotion, rules } from "../board/variants";
import { forwardLeft, forwardRight, isWhite, notBackward } from "../board/side";

/** Drop convention (RULES.md 4.2): routes with the same from, to and captured set are one move. */
export let mergeRoutes: bool = true;
/** Keep the landing squares of each move (for the API; perft does not need them). */
export let keepPaths: bool = false;
export function setMergeRoutes(merge: bool): void { mergeRoutes = merge; }
export function setKeepPaths(keep: bool): void { keepPaths = keep; }

// The search in progress. Bitboards are held as u64 and narrowed to the board's type on use.
let searchEmpty: u64 = 0; // empty squares, the moving piece's start square included
let searchThem: u64 = 0; // every enemy piece, captured ones included
let searchKings: u64 = 0;
let searchFrom: i32 = 0;
let searchByKing: bool = false; // the capturing piece was a king when the move began
let searchCrowned: bool = false; // a russian man crowned on the way, now capturing as a king
let listStart: i32 = 0;
let listEnd: i32 = 0;
let bestScore: u32 = 0;
/** Legal captures counted without a record (when only counting). */
let unlisted: i32 = 0;
/** Only counting: a capture is recorded only to merge its routes with another's. */
let counting: bool = false;

/** Squares of the route being explored: [0] the start, [n] the landing after the n-th capture. */
const ROUTE = memory.data(32);

/**
 * The precedence rule as one number: a capture is legal when no other has a higher score.
 * `order` has bit (15 - j) set when the j-th captured piece (from 0) is a king, so that among
 * sequences taking as many kings, the one meeting its kings first scores higher.
 */
@inline function captureScore<V>(count: i32, kingsTaken: i32, order: u32, byKing: bool): u32 {
  const precedence = rules<V>().precedence;
  if (precedence == Precedence.Majority) return <u32>count;
  if (precedence == Precedence.Spanish) return (<u32>count << 8) | <u32>kingsTaken;
  if (precedence == Precedence.Italian) {
    return (<u32>count << 24) | (<u32>byKing << 20) | (<u32>kingsTaken << 16) | order;
  }
  if (precedence == Precedence.Czech) return <u32>byKing;
  if (precedence == Precedence.Value) {
    // Men + 2 × kings first; then fewer kings (a king weighs a little less than two men); then by a king.
    return (((<u32>(count + kingsTaken) << 5) | <u32>(31 - kingsTaken)) << 1) | <u32>byKing;
  }
  return 0;
}

@inline function orderAfter<V, B>(order: u32, taken: i32, square: i32): u32 {
  if (rules<V>().precedence != Precedence.Italian) return 0;
  return has<B>(<B>searchKings, square) ? order | (<u32>0x8000 >> <u32>taken) : order;
}

/** Whether a capture of `score` is legal so far; a higher score than all before voids them. */
@inline function admit(score: u32): bool {
  if (score < bestScore) return false;
  if (score > bestScore) {
    bestScore = score;
    listEnd = listStart;
    unlisted = 0;
  }
  return true;
}

/**
 * The most captures that no two routes can make onto the same square over the same pieces:
 * two on the four diagonals, one along eight lines (two pieces taken in either order).
 */
@inline function singleRouted<G>(): i32 {
  return geometry<G>().directions > 4 ? 1 : 2;
}

function record<V, B, G>(to: i32, captured: B, taken: i32, order: u32, promotes: bool): void {
  const score = captureScore<V>(taken, count<B>(captured & <B>searchKings), order, searchByKing);
  if (!admit(score)) return;
  // Counting needs no record where no other route can repeat this move.
  if (counting && (taken <= singleRouted<G>() || !mergeRoutes)) {
    unlisted++;
    return;
  }
  if (mergeRoutes && taken > singleRouted<G>() && holdsCapture(listStart, listEnd, searchFrom, to, <u64>captured)) return;
  if (listEnd >= MAX_MOVES) {
    noteOverflow();
    return;
  }
  const flags = (searchByKing ? FLAG_KING : 0) | (promotes ? FLAG_PROMOTES : 0);
  writeMove(listEnd, searchFrom, to, <u64>captured, <u8>flags, taken);
  if (keepPaths && listEnd < PATHS_KEPT) {
    store<u8>(ROUTE + taken, <u8>to);
    memory.copy(pathAt(listEnd), ROUTE, taken + 1);
  }
  listEnd++;
}

// ---- men ------------------------------------------------------------------------------

@inline function menMayCapture<V, C, G>(direction: i32): bool {
  return rules<V>().menCaptureBackward || notBackward<C, G>(direction);
}

/** Prey of a man: every enemy piece not yet captured, less the kings in italian. */
@inline function manPrey<V, B>(captured: B): B {
  const them = <B>searchThem & ~captured;
  return rules<V>().menCaptureKings ? them : them & ~<B>searchKings;
}

function exploreMan<V, B, C, G>(square: i32, captured: B, taken: i32, order: u32): bool {
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
  store<u8>(ROUTE + taken + 1, <u8>land);
  if (has<B>(geometry<G>().promotionRow<B>(isWhite<C>()), land)) {
    const promotion = rules<V>().promotion;
    if (promotion == Promotion.Stop) {
      record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, true);
    } else if (promotion == Promotion.FlyOn) {
      searchCrowned = true;
      const more = exploreFlying<V, B, G>(land, nowCaptured, taken + 1, nowOrder, direction, true);
      searchCrowned = false;
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

// ---- short kings (english, italian) ---------------------------------------------------------

function exploreShortKing<V, B, G>(square: i32, captured: B, taken: i32, order: u32): bool {
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
  store<u8>(ROUTE + taken + 1, <u8>land);
  if (!exploreShortKing<V, B, G>(land, nowCaptured, taken + 1, nowOrder)) {
    record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, false);
  }
  return true;
}

// ---- flying kings ---------------------------------------------------------------------------

/**
 * Captures of a flying king standing on `square`, having arrived moving in `arrival` (-1 at
 * the start). It never turns straight back: the piece it just took blocks that way. It goes on
 * straight ahead only from the farthest landing square (`straightOn`): from the nearer ones it
 * would take the same next piece by the same route, only passing where it did not stop.
 */
function exploreFlying<V, B, G>(square: i32, captured: B, taken: i32, order: u32, arrival: i32, straightOn: bool): bool {
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
    store<u8>(ROUTE + taken + 1, <u8>land);
    // Turkish's published `keep` table (kish, RULES-more-variants.md 11) counts the routes that
    // stop on different squares between two captures on one line as different routes.
    const straightOn = land == last || (rules<V>().removedAtOnce && !mergeRoutes);
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

// ---- kings that land right behind (thai) -----------------------------------------------------

/**
 * Captures of a king that slides to the piece it takes and lands on the square right behind it
 * (thai), standing on `square` after arriving in `arrival` (-1 at the start). With `removedAtOnce`
 * the pieces it took are gone: their squares are empty to slide over and land on, and a jump
 * straight back is refused by rule rather than by a piece in the way.
 */
function exploreLandBehind<V, B, G>(square: i32, captured: B, taken: i32, order: u32, arrival: i32): bool {
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
  store<u8>(ROUTE + taken + 1, <u8>land);
  if (!exploreLandBehind<V, B, G>(land, nowCaptured, taken + 1, nowOrder, direction)) {
    record<V, B, G>(land, nowCaptured, taken + 1, nowOrder, false);
  }
  return true;
}

// ---- the whole side -------------------------------------------------------------------------

/** Pieces of `pieces` with a first jump in `direction` over `prey` onto an empty square. */
@inline function jumpersToward<B, G>(pieces: B, prey: B, empty: B, direction: i32): B {
  const back = opposite(direction);
  return pieces & geometry<G>().step<B>(prey & geometry<G>().step<B>(empty, back), back);
}

/** Whether the flying king on `king` has a first capture in `direction`. */
@inline function flyingKingCanCapture<B, G>(king: i32, direction: i32, them: B, empty: B): bool {
  const blockers = geometry<G>().ray<B>(direction, king) & ~empty;
  if (blockers == 0) return false;
  const target = geometry<G>().nearest<B>(direction, blockers);
  const beyond = geometry<G>().neighbour<B>(direction, target);
  return has<B>(them, target) && beyond != OFF_BOARD && has<B>(empty, beyond);
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

/** The flying kings of `ours` that have a first capture over `them`. */
@inline function flyingCapturers<B, G>(ours: B, them: B, empty: B): B {
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
@inline function menCaptures<V, B, C, G>(men: B, empty: B, countOnly: bool): void {
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

/** The squares two steps on from `set` in `direction`: where its jumps would land. */
@inline function landingsOf<B, G>(set: B, direction: i32): B {
  return geometry<G>().step<B>(geometry<G>().step<B>(set, direction), direction);
}

/** The squares two steps back from `landings` in `direction`: where those jumps began. */
@inline function jumpersBack<B, G>(landings: B, direction: i32): B {
  const back = opposite(direction);
  return geometry<G>().step<B>(geometry<G>().step<B>(landings, back), back);
}

/** Starts the search of the piece on `from`: its square is empty while it moves. */
@inline function startSearch<B>(from: i32, empty: B): void {
  searchEmpty = <u64>(empty | bit<B>(from));
  searchFrom = from;
  store<u8>(ROUTE, <u8>from);
}

/**
 * Counts the complete single captures ending on `landings`, made moving in `direction`,
 * without listing them: those over a man score alike, and so do those over a king.
 */
@inline function countSingles<V, B, G>(landings: B, direction: i32): void {
  if (landings == 0) return;
  const overKing = landings & geometry<G>().step<B>(<B>searchKings, direction);
  if (overKing != 0 && admit(captureScore<V>(1, 1, orderAfter<V, B>(0, 0, geometry<G>().neighbour<B>(opposite(direction), lowest<B>(overKing))), false))) {
    unlisted += count<B>(overKing);
  }
  const overMan = landings & ~overKing;
  if (overMan != 0 && admit(captureScore<V>(1, 0, 0, false))) unlisted += count<B>(overMan);
}

/** Records the complete single captures ending on `landings`, each made moving away from `back`. */
@inline function singleJumps<V, B, C, G>(landings: B, back: i32): void {
  while (landings != 0) {
    const land = lowest<B>(landings);
    landings = withoutLowest<B>(landings);
    const over = geometry<G>().neighbour<B>(back, land);
    const from = geometry<G>().neighbour<B>(back, over);
    searchFrom = from;
    store<u8>(ROUTE, <u8>from);
    record<V, B, G>(land, bit<B>(over), 1, orderAfter<V, B>(0, 0, over), has<B>(geometry<G>().promotionRow<B>(isWhite<C>()), land));
  }
}

/**
 * Writes every legal capture of the side to move (`C`, owning `us`) from `start` on; returns
 * the end of the list (== start when there is none). `pieces` are the pieces to search from:
 * the side's `capturers`, or any set holding them.
 */
export function generateCaptures<V, B, C, G = Diagonal>(us: B, them: B, kings: B, pieces: B, start: i32): i32 {
  searchCaptures<V, B, C, G>(us, them, kings, pieces, start, false);
  return listEnd;
}

/**
 * The number of legal captures, as `generateCaptures` would list them; the list at `start`
 * holds only those that had to be written (to merge routes).
 */
export function countCaptures<V, B, C, G = Diagonal>(us: B, them: B, kings: B, pieces: B, start: i32): i32 {
  searchCaptures<V, B, C, G>(us, them, kings, pieces, start, true);
  return listEnd - start + unlisted;
}

function searchCaptures<V, B, C, G>(us: B, them: B, kings: B, pieces: B, start: i32, countOnly: bool): void {
  listStart = start;
  listEnd = start;
  bestScore = 0;
  unlisted = 0;
  counting = countOnly;
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  searchThem = <u64>them;
  searchKings = <u64>kings;
  const men = pieces & ~kings;
  searchByKing = false;
  // Men that capture backwards or sideways (turkish) are searched one by one (see menCaptures).
  if (rules<V>().menCaptureBackward || rules<V>().orthogonal) {
    let rest = men;
    while (rest != 0) {
      const man = lowest<B>(rest);
      rest = withoutLowest<B>(rest);
      startSearch<B>(man, empty);
      exploreMan<V, B, C, G>(man, 0, 0, 0);
    }
  } else {
    menCaptures<V, B, C, G>(men, empty, countOnly);
  }
  let ours = pieces & kings;
  searchByKing = true;
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    startSearch<B>(king, empty);
    if (rules<V>().kingLandsBehind) exploreLandBehind<V, B, G>(king, 0, 0, 0, -1);
    else if (rules<V>().flyingKings) exploreFlying<V, B, G>(king, 0, 0, 0, -1, true);
    else exploreShortKing<V, B, G>(king, 0, 0, 0);
  }
}

// ---- counting at the frontier ---------------------------------------------------------------

/** Landing squares of the single jumps of `pieces` in `direction` over `prey`. */
@inline function landingsToward<B, G>(pieces: B, prey: B, empty: B, direction: i32): B {
  return geometry<G>().step<B>(geometry<G>().step<B>(pieces, direction) & prey, direction) & empty;
}

/** Squares of `squares` from which a man of side `C` has a jump over `prey` onto `empty`. */
@inline function manJumpsFrom<V, B, C, G>(squares: B, prey: B, empty: B): B {
  let from: B = 0;
  if (menMayCapture<V, C, G>(NW)) from |= jumpersToward<B, G>(squares, prey, empty, NW);
  if (menMayCapture<V, C, G>(NE)) from |= jumpersToward<B, G>(squares, prey, empty, NE);
  if (menMayCapture<V, C, G>(SW)) from |= jumpersToward<B, G>(squares, prey, empty, SW);
  if (menMayCapture<V, C, G>(SE)) from |= jumpersToward<B, G>(squares, prey, empty, SE);
  return from;
}

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

/** The number of legal captures of side `C` (owning `us`), as `countCaptures` finds them; 0 when there is none. */
@inline export function captureCount<V, B, C, G = Diagonal>(us: B, them: B, kings: B, scratch: i32): i32 {
  // Frisian: its ranks, files and value rule are beyond the set shortcuts; every capture is searched.
  if (geometry<G>().directions > 4) {
    const capturing = capturers<V, B, C, G>(us, them, kings);
    return capturing != 0 ? countCaptures<V, B, C, G>(us, them, kings, capturing, scratch) : 0;
  }
  const singles = singleCaptures<V, B, C, CountCaptures, G>(us, them, kings, scratch);
  if (singles >= 0) return <i32>(singles >> 1);
  const pieces = capturers<V, B, C, G>(us, them, kings);
  const precedence = rules<V>().precedence;
  if (!rules<V>().menCaptureBackward && (precedence == Precedence.Free || precedence == Precedence.Czech) && (pieces & kings) == 0
    && !rules<V>().orthogonal) {
    return menRoutes<V, B, C>(us, them, kings);
  }
  return countCaptures<V, B, C, G>(us, them, kings, pieces, scratch);
}

/**
 * The number of capture routes of forward-only men, where all captures tie (english, and
 * czech when no king can capture). Such a man never meets a piece it took nor its start
 * square again, both being behind it, so the board it jumps on does not change, and no two
 * of its routes take the same pieces: a route is a move in either convention.
 */
function menRoutes<V, B, C>(us: B, them: B, kings: B): i32 {
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
