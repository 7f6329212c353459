// A game of an environment, generic over the variant: its capture routes listed, one leg stepped,
// a whole move made with its key, counters, repetitions and end, the last step taken back, and
// what the host reads of it written to the buffers. Nothing here allocates; a step is one
// filtering of the routes, and after a whole move one make and one generation.

import { bit, count } from "../board/bitboard";
import { Black, White } from "../board/side";
import { rules } from "../board/variants";
import { RECORD_BYTES } from "../board/record";
import { generateLegal } from "../movegen/legal";
import { FLAG_KING, FLAG_PROMOTES, capturedAt, countAt, flagsAt, fromAt, moveAt, pathAt, takeOverflow, toAt } from "../movegen/movelist";
import { streakAfter, streakCount, streakSquare } from "../movegen/king-streak";
import { nextKey, nextKey12, nextUs, streaksOf } from "../position/make";
import { listingFor, writeRecord } from "../position/record";
import { kingsAfter, makeHighWords, themAfter, twoWords } from "../position/high-words";
import {
  ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH, ENV_BUF_COUNTERS, ENV_BUF_DONE, ENV_BUF_KEY, ENV_BUF_LEGAL, ENV_BUF_LEGAL_COUNT, ENV_BUF_LEGS,
  ENV_BUF_MASK, ENV_BUF_OBSERVATION, ENV_BUF_PLY, ENV_BUF_REASON, ENV_BUF_RESULT, ENV_BUF_REWARD, ENV_BUF_TO_MOVE, ENV_COUNTERS,
  ENV_COUNTER_REPETITIONS, ENV_DRAW_COUNTING, ENV_DRAW_REPETITION, ENV_END_BREAKTHROUGH, ENV_END_MAX_PLIES, ENV_END_NO_MOVES,
  ENV_END_REPETITION, ENV_END_RULE, ENV_MAX_LEGAL, ENV_PLANE_CAPTURER, ENV_PLANE_OWN_KINGS, ENV_PLANE_OWN_MEN, ENV_PLANE_REPETITIONS,
  ENV_PLANE_RULE_0, ENV_PLANE_STREAKS, ENV_PLANE_TAKEN, ENV_PLANE_THEIR_KINGS, ENV_PLANE_THEIR_MEN, ENV_RESULT_BLACK, ENV_RESULT_DRAW,
  ENV_RESULT_WHITE, ENV_WRITE_MASK, ENV_WRITE_OBSERVATION,
} from "../contract/contract";
import {
  Env, HEAD_BYTES, H_BLACK, H_CHOSEN, H_COUNTERS, H_DONE, H_HIGH, H_KEY, H_KINGS, H_LEGS, H_LEG_ACTIONS, H_PLY, H_REASON,
  H_RESULT, H_ROUTES, H_SINCE, H_STREAK_BLACK, H_STREAK_WHITE, H_WHITE, H_WHITE_TO_MOVE, PATH_BYTES_KEPT, ROUTE_BYTES, TABLE_BITS,
  H_FILTERED, actsOf, copyWords, fillWords, bufferOf, historyOf, originsOf, pathsOf, routesOf, slotOf,
} from "./layout";
import { AFTER, BEFORE, ruleLimit, ruleNext, setStanding } from "./draw";

/** Set when a position had more routes than a game keeps (ENV_MAX_LEGAL): the caller reports it. */
export let routesOverflowed: bool = false;
export function clearRoutesOverflow(): void { routesOverflowed = false; }

@inline function whiteToMove(slot: usize): bool { return load<u8>(slot + H_WHITE_TO_MOVE) != 0; }
@inline export function legsOf(slot: usize): i32 { return <i32>load<u32>(slot + H_LEGS); }
@inline export function routeCount(slot: usize): i32 { return <i32>load<u32>(slot + H_ROUTES); }
@inline export function isDone(slot: usize): bool { return load<u8>(slot + H_DONE) != 0; }
@inline function routeAt(slot: usize, r: i32): usize { return routesOf(slot) + <usize>r * ROUTE_BYTES; }
/** Legs of a route: one for a quiet move, one a piece taken for a capture. */
@inline export function legsOfRoute(route: usize): i32 { const n = countAt(route); return n == 0 ? 1 : n; }

/** The table of legs' actions for the side to move of `slot`. */
@inline function actionTable(e: Env, slot: usize): usize {
  return e.actionOf + (whiteToMove(slot) ? 0 : 2 * <usize>(TABLE_BITS * TABLE_BITS));
}

/** The action of leg `k` of route `r`. */
@inline function legAction(table: usize, slot: usize, r: i32, k: i32): i32 {
  const route = routeAt(slot, r);
  let a: i32, b: i32;
  if (countAt(route) == 0) {
    a = fromAt(route);
    b = toAt(route);
  } else {
    const path = pathsOf(slot) + <usize>r * PATH_BYTES_KEPT;
    a = <i32>load<u8>(path + <usize>k);
    b = <i32>load<u8>(path + <usize>k + 1);
  }
  return <i32>load<u16>(table + (<usize>(a * TABLE_BITS + b) << 1));
}

/** The records a listing of a slot's position is handed (board/record.ts): the routes' (kept apart) and the whole moves' (merged). */
const SLOT_RECORD = memory.data(RECORD_BYTES);
const MERGED_RECORD = memory.data(RECORD_BYTES);

/**
 * Writes both records' listing conventions for the call in progress (its optional-capture rule):
 * a listing of a variant with neither streaks nor high words then hands them as they are.
 */
export function openListings(): void {
  writeRecord(SLOT_RECORD, listingFor(false, true), 0, 0);
  writeRecord(MERGED_RECORD, listingFor(true, true), 0, 0);
}

/**
 * The position record of `slot`'s position (`white` to move), paths kept, routes merged or not:
 * frisian's streaks and 12×12's high words written from the slot (position/record.ts listingFor).
 */
export function slotRecord<V>(slot: usize, white: bool, merge: bool): usize {
  const at = merge ? MERGED_RECORD : SLOT_RECORD;
  if (rules<V>().frisian) {
    const ours = load<u32>(slot + (white ? H_STREAK_WHITE : H_STREAK_BLACK));
    const theirs = load<u32>(slot + (white ? H_STREAK_BLACK : H_STREAK_WHITE));
    writeRecord(at, listingFor(merge, true), streaksOf(ours, theirs), 0);
  } else if (twoWords<V>()) {
    writeRecord(at, listingFor(merge, true), 0, slot + H_HIGH);
  }
  return at;
}

/** Lists the routes of the position at the start of `slot`'s turn; returns their number. */
export function listRoutes<V, B>(e: Env, slot: usize): i32 {
  const white = whiteToMove(slot);
  const kings = <B>load<u64>(slot + H_KINGS);
  const us = <B>load<u64>(slot + (white ? H_WHITE : H_BLACK));
  const them = <B>load<u64>(slot + (white ? H_BLACK : H_WHITE));
  // Each route its own move, its landings kept: the environments step routes leg by leg.
  const at = slotRecord<V>(slot, white, false);
  let end = white ? generateLegal<V, B, White>(us, them, kings, at, 0) : generateLegal<V, B, Black>(us, them, kings, at, 0);
  if (takeOverflow() || end > ENV_MAX_LEGAL) {
    routesOverflowed = true;
    end = min(end, ENV_MAX_LEGAL);
  }
  copyWords(routesOf(slot), moveAt(0), <usize>end * ROUTE_BYTES);
  // Captures come first in a list: their paths; a quiet move's legs are in its record.
  if (end > 0 && countAt(moveAt(0)) != 0) copyWords(pathsOf(slot), pathAt(0), <usize>end * PATH_BYTES_KEPT);
  store<u32>(slot + H_ROUTES, end);
  store<u32>(slot + H_LEGS, 0);
  store<u8>(slot + H_FILTERED, 0);
  const table = actionTable(e, slot);
  const acts = actsOf(slot);
  if (end > 0 && countAt(moveAt(0)) == 0) {
    // No capture (they come first): each route's one leg is its from and to.
    for (let r = 0; r < end; r++) {
      const move = moveAt(r);
      store<u16>(acts + (<usize>r << 1), load<u16>(table + (<usize>(fromAt(move) * TABLE_BITS + toAt(move)) << 1)));
    }
  } else {
    for (let r = 0; r < end; r++) store<u16>(acts + (<usize>r << 1), <u16>legAction(table, slot, r, 0));
  }
  return end;
}

/** Keeps the routes whose leg `k` is `action`, and lists their next legs' actions; returns how many are left. */
function keepRoutes(table: usize, slot: usize, k: i32, action: i32): i32 {
  const n = routeCount(slot);
  const origins = originsOf(slot);
  const acts = actsOf(slot);
  if (load<u8>(slot + H_FILTERED) == 0) {
    for (let r = 0; r < n; r++) store<u16>(origins + (<usize>r << 1), <u16>r);
    store<u8>(slot + H_FILTERED, 1);
  }
  let m = 0;
  for (let r = 0; r < n; r++) {
    if (<i32>load<u16>(acts + (<usize>r << 1)) != action) continue;
    if (m != r) {
      copyWords(routeAt(slot, m), routeAt(slot, r), ROUTE_BYTES);
      copyWords(pathsOf(slot) + <usize>m * PATH_BYTES_KEPT, pathsOf(slot) + <usize>r * PATH_BYTES_KEPT, PATH_BYTES_KEPT);
      store<u16>(origins + (<usize>m << 1), load<u16>(origins + (<usize>r << 1)));
    }
    m++;
  }
  for (let r = 0; r < m; r++) {
    store<u16>(acts + (<usize>r << 1), legsOfRoute(routeAt(slot, r)) > k + 1 ? <u16>legAction(table, slot, r, k + 1) : 0xffff);
  }
  store<u32>(slot + H_ROUTES, m);
  return m;
}

/** Writes the actions of the bits of `bits` (actions `base` …) at `row` from `c` on, and in the mask; returns the new count. */
@inline function readBits(bits: u64, base: i32, row: usize, c: i32, mask: usize): i32 {
  while (bits != 0) {
    const a = base + <i32>ctz(bits);
    bits &= bits - 1;
    store<i32>(row + (<usize>c << 2), a);
    c++;
    if (mask != 0) store<u8>(mask + <usize>a, 1);
  }
  return c;
}

/** The legal actions of `slot` written ascending at `row`; returns their number. `mask`: a row of the dense mask to write too (0: none). */
export function legalInto(e: Env, slot: usize, row: usize, mask: usize): i32 {
  if (mask != 0) fillWords(mask, 0, <usize>e.actions);
  if (isDone(slot)) return 0;
  const n = routeCount(slot);
  const acts = actsOf(slot);
  // A bit an action in the seen words, read back in order (routes that share their legs so far
  // repeat an action), and a bit a word that holds one: no branch depends on the actions but the
  // reading back's (a sort's comparisons would mispredict).
  const seen = e.seen;
  let words: u64 = 0;
  for (let r = 0; r < n; r++) {
    const a = <usize>load<u16>(acts + (<usize>r << 1));
    const word = seen + ((a >> 6) << 3);
    store<u64>(word, load<u64>(word) | ((<u64>1) << (<u64>a & 63)));
    words |= (<u64>1) << <u64>(a >> 6);
  }
  let c = 0;
  while (words != 0) {
    const w = <i32>ctz(words);
    words &= words - 1;
    const at = seen + (<usize>w << 3);
    c = readBits(load<u64>(at), w << 6, row, c, mask);
    store<u64>(at, 0);
  }
  return c;
}

/** The first route of `slot` whose next leg is `action`, or −1 when no route's is (the action is not legal). */
export function routeOf(slot: usize, action: i32): i32 {
  const n = routeCount(slot);
  const acts = actsOf(slot);
  for (let r = 0; r < n; r++) if (<i32>load<u16>(acts + (<usize>r << 1)) == action) return r;
  return -1;
}

/**
 * One leg of `slot`'s game: `action` must be legal (the caller checked). Makes the move when the
 * leg completes it; returns the reward of the side that stepped.
 */
export function stepSlot<V, B>(e: Env, slot: usize, action: i32): f32 {
  return stepRoute<V, B>(e, slot, action, routeOf(slot, action));
}

/** stepSlot with the first route `r` whose next leg is `action` already found (routeOf's). */
export function stepRoute<V, B>(e: Env, slot: usize, action: i32, r: i32): f32 {
  const table = actionTable(e, slot);
  const k = legsOf(slot);
  store<u16>(slot + H_LEG_ACTIONS + (<usize>k << 1), <u16>action);
  // A quiet move or a single capture is the common case: its one route is made without filtering.
  if (k == 0 && legsOfRoute(routeAt(slot, r)) == 1) return makeRoute<V, B>(e, slot, r);
  keepRoutes(table, slot, k, action);
  store<u32>(slot + H_LEGS, k + 1);
  // Routes that share their legs so far share the capture's state, so the first one tells.
  if (legsOfRoute(routeAt(slot, 0)) == k + 1) return makeRoute<V, B>(e, slot, 0);
  return 0;
}

/** The material of a position, for the counting rules. */
@inline function standingOf<V>(e: Env, at: i32, white: u64, black: u64, kings: u64, high: usize): void {
  let wm = count<u64>(white & ~kings);
  let wk = count<u64>(white & kings);
  let bm = count<u64>(black & ~kings);
  let bk = count<u64>(black & kings);
  let wd = count<u64>(white & kings & e.longLo);
  let bd = count<u64>(black & kings & e.longLo);
  if (twoWords<V>()) {
    const wh = load<u64>(high);
    const bh = load<u64>(high, 8);
    const kh = load<u64>(high, 16);
    wm += count<u64>(wh & ~kh);
    wk += count<u64>(wh & kh);
    bm += count<u64>(bh & ~kh);
    bk += count<u64>(bh & kh);
    wd += count<u64>(wh & kh & e.longHi);
    bd += count<u64>(bh & kh & e.longHi);
  }
  setStanding(at, wm, wk, bm, bk, wd, bd);
}

/** Makes route `r` of `slot`, the turn's whole move, and judges the position after it. */
function makeRoute<V, B>(e: Env, slot: usize, r: i32): f32 {
  const twelve = twoWords<V>();
  const move = routeAt(slot, r);
  const white = whiteToMove(slot);
  const ply = <i32>load<u32>(slot + H_PLY);
  const counting = (e.flags & ENV_DRAW_COUNTING) != 0 && e.rules > 0;
  const material = counting && e.material != 0;
  const whiteSet = load<u64>(slot + H_WHITE);
  const blackSet = load<u64>(slot + H_BLACK);
  const kingsSet = load<u64>(slot + H_KINGS);
  if (material) standingOf<V>(e, BEFORE, whiteSet, blackSet, kingsSet, slot + H_HIGH);
  // The position after keeps which route led to it (undo replays it), in its history entry too.
  const entry = historyOf(e, slot, ply);
  store<u16>(slot + H_CHOSEN, load<u8>(slot + H_FILTERED) != 0 ? load<u16>(originsOf(slot) + (<usize>r << 1)) : <u16>r);

  const us = <B>(white ? whiteSet : blackSet);
  const them = <B>(white ? blackSet : whiteSet);
  const kings = <B>kingsSet;
  const flags = flagsAt(move);
  const taken = countAt(move);
  let key: u64;
  if (twelve) {
    key = nextKey12(move, white, load<u64>(slot + H_KEY), kingsSet, load<u64>(slot + H_HIGH, 16));
    makeHighWords(move, white, slot + H_HIGH, slot + H_HIGH);
  } else {
    key = nextKey<B>(move, white, load<u64>(slot + H_KEY), kings);
  }
  const mover = themAfter<V, B>(move, us);
  const other = nextUs<B>(move, them);
  const nextKings = kingsAfter<V, B>(move, kings);
  store<u64>(slot + H_WHITE, <u64>(white ? mover : other));
  store<u64>(slot + H_BLACK, <u64>(white ? other : mover));
  store<u64>(slot + H_KINGS, <u64>nextKings);
  store<u64>(slot + H_KEY, key);
  if (rules<V>().frisian) {
    const at = slot + (white ? H_STREAK_WHITE : H_STREAK_BLACK);
    store<u32>(at, streakAfter(load<u32>(at), fromAt(move), toAt(move), flags, taken));
  }
  store<u8>(slot + H_WHITE_TO_MOVE, white ? 0 : 1);
  const next = ply + 1;
  store<u32>(slot + H_PLY, next);
  // No earlier position comes back after a capture or a man move.
  const irreversible = taken != 0 || (flags & FLAG_KING) == 0;
  const since = irreversible ? next : <i32>load<u32>(slot + H_SINCE);
  store<u32>(slot + H_SINCE, since);
  let reached = 0;
  if (counting) {
    if (material) standingOf<V>(e, AFTER, load<u64>(slot + H_WHITE), load<u64>(slot + H_BLACK), <u64>nextKings, slot + H_HIGH);
    for (let i = 0; i < e.rules; i++) {
      const rule = ruleAt(e, i);
      const at = slot + H_COUNTERS + (<usize>i << 1);
      const c = min(ruleNext(rule, <i32>load<u16>(at), taken != 0, (flags & FLAG_KING) != 0, (flags & FLAG_PROMOTES) != 0), 0xffff);
      store<u16>(at, <u16>c);
      if (reached == 0 && c >= ruleLimit(rule)) reached = rule;
    }
  }
  // The side to move is in the key: only every other position since can be this one again.
  let repetitions = 1;
  const stride = e.recordBytes << 1;
  let earlier = entry - e.recordBytes;
  for (let j = next - 2; j >= since; j -= 2) {
    if (load<u64>(earlier + H_KEY) == key) repetitions++;
    earlier -= stride;
  }
  store<u16>(slot + H_COUNTERS + (<usize>ENV_COUNTER_REPETITIONS << 1), <u16>min(repetitions, 0xffff));
  copyWords(entry + e.recordBytes, slot, e.recordBytes);
  const moves = listRoutes<V, B>(e, slot);

  // The end, in Game's order (bindings/game/game.ts #judge): breakthrough, no move, repetition, the counters; then maxPlies.
  let winner = -1;
  let reason = 0;
  if (e.ending == ENDING_BREAKTHROUGH && (flags & FLAG_PROMOTES) != 0) {
    winner = white ? 0 : 1;
    reason = ENV_END_BREAKTHROUGH;
  } else if (moves == 0) {
    const moverWins = e.ending != ENDING_ANTIDRAUGHTS;
    winner = white == moverWins ? 0 : 1;
    reason = ENV_END_NO_MOVES;
  } else if (repetitions >= 3 && (e.flags & ENV_DRAW_REPETITION) != 0) {
    reason = ENV_END_REPETITION;
  } else if (reached != 0) {
    reason = ENV_END_RULE + reached;
  } else if (next >= e.maxPlies) {
    reason = ENV_END_MAX_PLIES;
  }
  if (reason == 0) return 0;
  store<u8>(slot + H_DONE, 1);
  store<u8>(slot + H_REASON, <u8>reason);
  store<u8>(slot + H_RESULT, <u8>(winner == 0 ? ENV_RESULT_WHITE : winner == 1 ? ENV_RESULT_BLACK : ENV_RESULT_DRAW));
  if (winner < 0) return 0;
  return (winner == 0) == white ? 1 : -1;
}

/** The k-th counting rule in play. */
@inline export function ruleAt(e: Env, k: i32): i32 {
  return load<i32>(changetype<usize>(e) + offsetof<Env>("rule0") + (<usize>k << 2));
}

/** The game's status after its position was set (load, reset's start): judged as after a move, but for the move's own ends. */
export function judgeStart<V, B>(e: Env, slot: usize): void {
  store<u8>(slot + H_DONE, 0);
  store<u8>(slot + H_RESULT, 0);
  store<u8>(slot + H_REASON, 0);
  store<u32>(slot + H_PLY, 0);
  store<u32>(slot + H_SINCE, 0);
  memory.fill(slot + H_COUNTERS, 0, 2 * <usize>ENV_COUNTERS);
  store<u16>(slot + H_COUNTERS + (<usize>ENV_COUNTER_REPETITIONS << 1), 1);
  copyWords(historyOf(e, slot, 0), slot, e.recordBytes);
  if (listRoutes<V, B>(e, slot) == 0) {
    const white = whiteToMove(slot);
    const sideToMoveWins = e.ending == ENDING_ANTIDRAUGHTS;
    store<u8>(slot + H_DONE, 1);
    store<u8>(slot + H_REASON, ENV_END_NO_MOVES);
    store<u8>(slot + H_RESULT, <u8>(white == sideToMoveWins ? ENV_RESULT_WHITE : ENV_RESULT_BLACK));
  }
}

/** Takes back the last step of `slot`'s game: a leg of the capture in progress, else the last move's last leg. False at the first position. */
export function undoSlot<V, B>(e: Env, slot: usize): bool {
  let legs = legsOf(slot);
  if (legs == 0) {
    const ply = <i32>load<u32>(slot + H_PLY);
    if (ply == 0) return false;
    const before = historyOf(e, slot, ply - 1);
    const chosen = <i32>load<u16>(slot + H_CHOSEN);
    copyWords(slot, before, e.recordBytes);
    store<u32>(slot + H_PLY, ply - 1);
    store<u8>(slot + H_DONE, 0);
    store<u8>(slot + H_RESULT, 0);
    store<u8>(slot + H_REASON, 0);
    listRoutes<V, B>(e, slot);
    legs = legsOfRoute(routeAt(slot, chosen));
    const table = actionTable(e, slot);
    for (let k = 0; k < legs - 1; k++) store<u16>(slot + H_LEG_ACTIONS + (<usize>k << 1), <u16>legAction(table, slot, chosen, k));
  } else {
    listRoutes<V, B>(e, slot);
  }
  // Replay the legs of the capture in progress but the last.
  const table = actionTable(e, slot);
  for (let k = 0; k < legs - 1; k++) keepRoutes(table, slot, k, <i32>load<u16>(slot + H_LEG_ACTIONS + (<usize>k << 1)));
  store<u32>(slot + H_LEGS, legs - 1);
  return true;
}

/** Copies the game of `from` over `to` (its routes and history too). */
export function copySlot(e: Env, from: usize, to: usize): void {
  const n = <usize>routeCount(from);
  copyWords(to, from, HEAD_BYTES);
  copyWords(actsOf(to), actsOf(from), ((n << 1) + 7) & ~7);
  copyWords(originsOf(to), originsOf(from), ((n << 1) + 7) & ~7);
  copyWords(routesOf(to), routesOf(from), n * ROUTE_BYTES);
  if (n > 0 && countAt(routesOf(from)) != 0) copyWords(pathsOf(to), pathsOf(from), n * PATH_BYTES_KEPT);
  const plies = <usize>(load<u32>(from + H_PLY) + 1);
  copyWords(historyOf(e, to, 0), historyOf(e, from, 0), plies * e.recordBytes);
}

/** Writes what the host reads of game `g` (the reward only by a step). */
export function writeOutputs<V, B>(e: Env, g: i32): void {
  const slot = slotOf(e, g);
  const G = <usize>g;
  const mask = (e.flags & ENV_WRITE_MASK) != 0 ? bufferOf(e, ENV_BUF_MASK) + G * <usize>e.actions : 0;
  const n = legalInto(e, slot, bufferOf(e, ENV_BUF_LEGAL) + G * 4 * <usize>ENV_MAX_LEGAL, mask);
  store<i32>(bufferOf(e, ENV_BUF_LEGAL_COUNT) + (G << 2), n);
  store<u8>(bufferOf(e, ENV_BUF_TO_MOVE) + G, whiteToMove(slot) ? 0 : 1);
  store<u64>(bufferOf(e, ENV_BUF_KEY) + (G << 3), load<u64>(slot + H_KEY));
  store<u8>(bufferOf(e, ENV_BUF_DONE) + G, load<u8>(slot + H_DONE));
  store<u8>(bufferOf(e, ENV_BUF_RESULT) + G, load<u8>(slot + H_RESULT));
  store<u8>(bufferOf(e, ENV_BUF_REASON) + G, load<u8>(slot + H_REASON));
  store<i32>(bufferOf(e, ENV_BUF_PLY) + (G << 2), <i32>load<u32>(slot + H_PLY));
  store<i32>(bufferOf(e, ENV_BUF_LEGS) + (G << 2), legsOf(slot));
  const counters = bufferOf(e, ENV_BUF_COUNTERS) + G * 2 * <usize>ENV_COUNTERS;
  store<u64>(counters, load<u64>(slot + H_COUNTERS));
  store<u64>(counters, load<u64>(slot + H_COUNTERS, 8), 8);
  if ((e.flags & ENV_WRITE_OBSERVATION) != 0) observe<V, B>(e, g);
}

/** Sets the reward of game `g`. */
@inline export function setReward(e: Env, g: i32, reward: f32): void {
  store<f32>(bufferOf(e, ENV_BUF_REWARD) + (<usize>g << 2), reward);
}

/** Ones on the plane at `plane` for every bit of `set` (12×12: its low word, `high` its high word), in `frame`. */
@inline function mark(e: Env, plane: usize, frame: usize, set: u64, high: u64): void {
  const cells = e.cellOf + frame;
  while (set != 0) {
    store<u8>(plane + <usize>load<u16>(cells + (<usize>ctz(set) << 1)), 1);
    set &= set - 1;
  }
  while (high != 0) {
    store<u8>(plane + <usize>load<u16>(cells + (<usize>(64 + <i32>ctz(high)) << 1)), 1);
    high &= high - 1;
  }
}

/** Writes game `g`'s observation planes (docs/env.md "The observation"). */
export function observe<V, B>(e: Env, g: i32): void {
  const slot = slotOf(e, g);
  const cells = <usize>(e.height * e.width);
  const base = bufferOf(e, ENV_BUF_OBSERVATION) + <usize>g * <usize>e.planes * cells;
  fillWords(base, 0, <usize>ENV_PLANE_RULE_0 * cells);
  const white = whiteToMove(slot);
  const frame: usize = white ? 0 : 2 * <usize>TABLE_BITS;
  const twelve = twoWords<V>();
  let us = load<u64>(slot + (white ? H_WHITE : H_BLACK));
  const them = load<u64>(slot + (white ? H_BLACK : H_WHITE));
  let kings = load<u64>(slot + H_KINGS);
  let usHigh: u64 = 0;
  let themHigh: u64 = 0;
  let kingsHigh: u64 = 0;
  if (twelve) {
    usHigh = load<u64>(slot + H_HIGH + (white ? 0 : 8));
    themHigh = load<u64>(slot + H_HIGH + (white ? 8 : 0));
    kingsHigh = load<u64>(slot + H_HIGH, 16);
  }
  const legs = legsOf(slot);
  if (legs > 0) {
    // The capture in progress: its piece where it stands now, the pieces taken so far.
    const route = routeAt(slot, 0);
    const path = pathsOf(slot);
    const from = fromAt(route);
    const now = <i32>load<u8>(path + <usize>legs);
    const king = (flagsAt(route) & FLAG_KING) != 0;
    if (twelve) {
      us = (us & ~bitLo64(from)) | bitLo64(now);
      usHigh = (usHigh & ~bitHi64(from)) | bitHi64(now);
      if (king) {
        kings = (kings & ~bitLo64(from)) | bitLo64(now);
        kingsHigh = (kingsHigh & ~bitHi64(from)) | bitHi64(now);
      }
    } else {
      us = (us & ~bitLo64(from)) | bitLo64(now);
      if (king) kings = (kings & ~bitLo64(from)) | bitLo64(now);
    }
    mark(e, base + <usize>ENV_PLANE_CAPTURER * cells, frame, bitLo64(now), bitHi64(now));
    markTaken<V>(e, base + <usize>ENV_PLANE_TAKEN * cells, frame, slot, legs, them, themHigh);
  }
  mark(e, base + <usize>ENV_PLANE_OWN_MEN * cells, frame, us & ~kings, usHigh & ~kingsHigh);
  mark(e, base + <usize>ENV_PLANE_OWN_KINGS * cells, frame, us & kings, usHigh & kingsHigh);
  mark(e, base + <usize>ENV_PLANE_THEIR_MEN * cells, frame, them & ~kings, themHigh & ~kingsHigh);
  mark(e, base + <usize>ENV_PLANE_THEIR_KINGS * cells, frame, them & kings, themHigh & kingsHigh);
  fillWords(base + <usize>ENV_PLANE_REPETITIONS * cells, <u8>load<u16>(slot + H_COUNTERS + (<usize>ENV_COUNTER_REPETITIONS << 1)), cells);
  if (rules<V>().frisian) {
    const streaks = base + <usize>ENV_PLANE_STREAKS * cells;
    for (let side = 0; side < 2; side++) {
      const streak = load<u32>(slot + (side == 0 ? H_STREAK_WHITE : H_STREAK_BLACK));
      if (streakCount(streak) != 0) store<u8>(streaks + <usize>load<u16>(e.cellOf + frame + (<usize>streakSquare(streak) << 1)), <u8>streakCount(streak));
    }
  }
  for (let i = 0; i < e.rules; i++) {
    fillWords(base + <usize>(ENV_PLANE_RULE_0 + i) * cells, <u8>min(<i32>load<u16>(slot + H_COUNTERS + (<usize>i << 1)), 255), cells);
  }
}

@inline function bitLo64(b: i32): u64 { return b < 64 ? (<u64>1) << <u64>b : 0; }
@inline function bitHi64(b: i32): u64 { return b >= 64 ? (<u64>1) << <u64>(b - 64) : 0; }

/** The pieces the first `legs` legs of the capture in progress took: on each leg's line, the one piece of `them` not taken before. */
function markTaken<V>(e: Env, plane: usize, frame: usize, slot: usize, legs: i32, them: u64, themHigh: u64): void {
  const n = e.height;
  const path = pathsOf(slot);
  let takenLo: u64 = 0;
  let takenHi: u64 = 0;
  for (let k = 0; k < legs; k++) {
    const a = <i32>load<u16>(e.cellOf + (<usize>load<u8>(path + <usize>k) << 1));
    const b = <i32>load<u16>(e.cellOf + (<usize>load<u8>(path + <usize>k + 1) << 1));
    const dr = (b / n > a / n ? 1 : 0) - (b / n < a / n ? 1 : 0);
    const dc = (b % n > a % n ? 1 : 0) - (b % n < a % n ? 1 : 0);
    let cell = a + dr * n + dc;
    while (cell != b) {
      const at = <i32>load<i16>(e.bitOf + (<usize>cell << 1));
      if (at >= 0 && ((them & ~takenLo & bitLo64(at)) != 0 || (themHigh & ~takenHi & bitHi64(at)) != 0)) {
        takenLo |= bitLo64(at);
        takenHi |= bitHi64(at);
        break;
      }
      cell += dr * n + dc;
    }
  }
  mark(e, plane, frame, takenLo, takenHi);
}
