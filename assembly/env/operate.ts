// The environments' operations: each export (index.ts env*) names an environment, and the switch
// below picks its variant's compiled code once per call, never per game; the loops over the
// games run inside that call. Environments are made here too (their tables and start).

import { BOARD, BOARD_HIGH, boardBlack, boardHigh, boardKings, boardStreakBlack, boardStreakWhite, boardWhite, boardWhiteToMove, readBoard, writeBoard } from "../buffers/board";
import { writeMoves } from "../buffers/records";
import { EVERY_VARIANT, built } from "../contract/build";
import { clearError, failWith } from "../contract/error";
import { keyOf } from "../board/zobrist";
import { bitOfSquare, squaresOf } from "../board/squares";
import { Black, White } from "../board/side";
import { Brazilian, Canadian, Czech, English, Frisian, International, Italian, Killer, Pool, Russian, Spanish, Thai, Turkish, rules, setOptionalCapture } from "../board/variants";
import { generateLegal } from "../movegen/legal";
import { twoWords } from "../position/high-words";
import { countAt, fromAt, moveAt, pathAt, toAt, takeOverflow } from "../movegen/movelist";
import {
  BOARD_BYTES, BOARD_SIDE, BOARD_STREAKS, ENDING_BREAKTHROUGH, ENV_BUF_ACTIONS, ENV_BUF_DONE, ENV_BUF_LEGAL, ENV_BUF_MOVES,
  ENV_BUF_PLAYOUT, ENV_BUF_RESET, ENV_ENDING_MASK, ENV_FRYSK, ENV_MAX_COUNT, ENV_MAX_LEGAL, ENV_MAX_PLIES, ENV_MOVE_BYTES, ENV_NO_ACTION,
  ENV_PLANE_RULE_0, ENV_RESULT_BLACK, ENV_RESULT_DRAW, ENV_RESULT_WHITE, ENV_SYM_MIRROR, ENV_WRITE_MASK, ENV_WRITE_OBSERVATION, ERROR_BAD_BOARD,
  ERROR_ENV_ACTION, ERROR_ENV_ARGUMENT, ERROR_ENV_GAME_OVER, ERROR_ENV_NOTHING_TO_UNDO, ERROR_ENV_NO_GAME, ERROR_TOO_MANY_MOVES,
  ERROR_UNKNOWN_VARIANT, OPTIONAL_CAPTURE, PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING, PIECE_WHITE_MAN, RECORD_BYTES,
  VARIANT_BRAZILIAN, VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_FRISIAN, VARIANT_INTERNATIONAL, VARIANT_ITALIAN,
  VARIANT_KILLER, VARIANT_POOL, VARIANT_RUSSIAN, VARIANT_SPANISH, VARIANT_THAI, VARIANT_TURKISH,
} from "../contract/contract";
import {
  Env, HEAD_BYTES, H_BLACK, H_HIGH, H_KEY, H_KINGS, H_PLY, H_RESULT, H_STREAK_BLACK, H_STREAK_WHITE, H_WHITE, H_WHITE_TO_MOVE, TABLE_BITS, bufferOf,
  envAt, newEnv, routesOf, scratchSlot, slotOf, startSlot,
} from "./layout";
import { buildTables, directionsOf, distancesOf, sideOf } from "./tables";
import { readsMaterial, rulesOf } from "./draw";
import {
  clearRoutesOverflow, copySlot, openListings, isDone, judgeStart, legalInto, legsOf, observe, routesOverflowed, setReward, routeOf, slotRecord, stepRoute, stepSlot, undoSlot,
  writeOutputs,
} from "./game";

// The operations the switch dispatches (internal to the core: the exports are the interface).
const OP_CREATE: i32 = 0;
const OP_RESET: i32 = 1;
const OP_STEP: i32 = 2;
const OP_OBSERVE: i32 = 3;
const OP_MASK: i32 = 4;
const OP_UNDO: i32 = 5;
const OP_LOAD: i32 = 6;
const OP_STORE: i32 = 7;
const OP_MOVES: i32 = 8;
const OP_CANONICAL: i32 = 9;
const OP_PLAYOUT: i32 = 10;
const OP_PERFT: i32 = 11;
export const OP_WRITE: i32 = 12;

/** envPlayout's seed, for OP_PLAYOUT. */
let playoutSeed: f64 = 0;
export function setPlayoutSeed(seed: f64): void { playoutSeed = seed; }

// envCreate's arguments, for OP_CREATE.
let createFlags: i32 = 0;
let createCount: i32 = 0;
let createMaxPlies: i32 = 0;

/** A new environment (envCreate): its id, or an ERROR_* code. */
export function createEnv(variant: i32, flags: i32, count: i32, maxPlies: i32): i32 {
  clearError();
  if (count < 1 || count > ENV_MAX_COUNT || maxPlies < 1 || maxPlies > ENV_MAX_PLIES || (flags & ENV_ENDING_MASK) > ENDING_BREAKTHROUGH) return fail(ERROR_ENV_ARGUMENT);
  if ((flags & ENV_FRYSK) != 0 && (variant & ~OPTIONAL_CAPTURE) != VARIANT_FRISIAN) return fail(ERROR_ENV_ARGUMENT);
  createFlags = flags;
  createCount = count;
  createMaxPlies = maxPlies;
  return <i32>switchOn(variant, null, OP_CREATE, 0, 0);
}

/** Operation `op` on environment `env` (game `g`, argument `arg`): 0 or a result, or an ERROR_* code. */
export function envOperate(env: i32, op: i32, g: i32, arg: f64): f64 {
  clearError();
  const e = envAt(env);
  if (e == null) return fail(ERROR_ENV_NO_GAME);
  if (g < 0 || g >= e.count) return fail(ERROR_ENV_NO_GAME);
  return switchOn(e.variant, e, op, g, arg);
}

@inline function fail(code: i32): i32 {
  failWith(code);
  return code;
}

function switchOn(variant: i32, e: Env | null, op: i32, g: i32, arg: f64): f64 {
  // The environments run on the full core: a page's small core (a board, a search) stays as light as it was.
  if (BUILD_VARIANT != EVERY_VARIANT) return fail(ERROR_UNKNOWN_VARIANT);
  setOptionalCapture((variant & OPTIONAL_CAPTURE) != 0);
  openListings();
  switch (variant & ~OPTIONAL_CAPTURE) {
    case VARIANT_ENGLISH: if (built(VARIANT_ENGLISH)) return run<English, u32>(variant, e, op, g, arg); break;
    case VARIANT_ITALIAN: if (built(VARIANT_ITALIAN)) return run<Italian, u32>(variant, e, op, g, arg); break;
    case VARIANT_INTERNATIONAL: if (built(VARIANT_INTERNATIONAL)) return run<International, u64>(variant, e, op, g, arg); break;
    case VARIANT_BRAZILIAN: if (built(VARIANT_BRAZILIAN)) return run<Brazilian, u32>(variant, e, op, g, arg); break;
    case VARIANT_RUSSIAN: if (built(VARIANT_RUSSIAN)) return run<Russian, u32>(variant, e, op, g, arg); break;
    case VARIANT_SPANISH: if (built(VARIANT_SPANISH)) return run<Spanish, u32>(variant, e, op, g, arg); break;
    case VARIANT_CZECH: if (built(VARIANT_CZECH)) return run<Czech, u32>(variant, e, op, g, arg); break;
    case VARIANT_POOL: if (built(VARIANT_POOL)) return run<Pool, u32>(variant, e, op, g, arg); break;
    case VARIANT_THAI: if (built(VARIANT_THAI)) return run<Thai, u32>(variant, e, op, g, arg); break;
    case VARIANT_KILLER: if (built(VARIANT_KILLER)) return run<Killer, u64>(variant, e, op, g, arg); break;
    case VARIANT_TURKISH: if (built(VARIANT_TURKISH)) return run<Turkish, u64>(variant, e, op, g, arg); break;
    case VARIANT_FRISIAN: if (built(VARIANT_FRISIAN)) return run<Frisian, u64>(variant, e, op, g, arg); break;
    case VARIANT_CANADIAN: if (built(VARIANT_CANADIAN)) return run<Canadian, u64>(variant, e, op, g, arg); break;
  }
  return fail(ERROR_UNKNOWN_VARIANT);
}

function run<V, B>(variant: i32, maybe: Env | null, op: i32, g: i32, arg: f64): f64 {
  if (op == OP_CREATE) return create<V, B>(variant);
  const e = changetype<Env>(maybe);
  clearRoutesOverflow();
  let answer: f64 = 0;
  switch (op) {
    case OP_RESET: {
      const masks = bufferOf(e, ENV_BUF_RESET);
      for (let i = 0; i < e.count; i++) {
        if (arg != 0 && load<u8>(masks + <usize>i) == 0) continue;
        copySlot(e, slotOf(e, startSlot(e)), slotOf(e, i));
        setReward(e, i, 0);
        writeOutputs<V, B>(e, i);
      }
      break;
    }
    case OP_STEP: answer = stepAll<V, B>(e); break;
    case OP_OBSERVE: for (let i = 0; i < e.count; i++) observe<V, B>(e, i); break;
    case OP_MASK: {
      const flags = e.flags;
      e.flags |= ENV_WRITE_MASK;
      e.flags &= ~ENV_WRITE_OBSERVATION;
      for (let i = 0; i < e.count; i++) writeOutputs<V, B>(e, i);
      e.flags = flags;
      break;
    }
    case OP_WRITE: writeOutputs<V, B>(e, g); break;
    case OP_UNDO: {
      if (!undoSlot<V, B>(e, slotOf(e, g))) return fail(ERROR_ENV_NOTHING_TO_UNDO);
      setReward(e, g, 0);
      writeOutputs<V, B>(e, g);
      break;
    }
    case OP_LOAD: {
      if (!readBoard<V, B>()) return fail(ERROR_BAD_BOARD);
      loadBoard<V, B>(e, slotOf(e, g));
      setReward(e, g, 0);
      writeOutputs<V, B>(e, g);
      break;
    }
    case OP_STORE: storeSlot<V, B>(slotOf(e, g)); break;
    case OP_MOVES: answer = wholeMoves<V, B>(e, g); break;
    case OP_CANONICAL: answer = canonical<V, B>(e, g); break;
    case OP_PLAYOUT: playouts<V, B>(e, <i32>arg, playoutSeed); break;
    case OP_PERFT: {
      if (arg < 0 || arg > <f64>(PERFT_LEVELS / 2)) return fail(ERROR_ENV_ARGUMENT);
      answer = <f64>perftSlot<V, B>(e, g, <i32>arg, 0);
      break;
    }
  }
  if (routesOverflowed && answer >= 0) return fail(ERROR_TOO_MANY_MOVES);
  return answer;
}

/** Men a side at the start, and whether Black moves first, by variant (bindings/core/variant.ts). */
function menOf(variant: i32, frysk: bool): i32 {
  switch (variant) {
    case VARIANT_THAI: return 8;
    case VARIANT_TURKISH: return 16;
    case VARIANT_INTERNATIONAL:
    case VARIANT_KILLER: return 20;
    case VARIANT_FRISIAN: return frysk ? 5 : 20;
    case VARIANT_CANADIAN: return 30;
  }
  return 12;
}

function create<V, B>(variant: i32): i32 {
  const n = sideOf<V>();
  const squares = squaresOf<V, B>();
  const directions = directionsOf<V>();
  const distances = distancesOf<V>();
  const plain = variant & ~OPTIONAL_CAPTURE;
  const ending = createFlags & ENV_ENDING_MASK;
  const packed = rulesOf(plain, ending, createFlags);
  let rulesInPlay = 0;
  while (rulesInPlay < 6 && ((packed >> (<u64>rulesInPlay << 3)) & 0xff) != 0) rulesInPlay++;
  const e = newEnv(createCount, createMaxPlies, squares * directions * distances, ENV_PLANE_RULE_0 + rulesInPlay, n, n);
  if (e == null) return fail(-4);
  e.variant = variant;
  e.flags = createFlags;
  e.squares = squares;
  e.directions = directions;
  e.distances = distances;
  e.rules = rulesInPlay;
  e.ending = ending;
  e.material = readsMaterial(packed) ? 1 : 0;
  for (let k = 0; k < rulesInPlay; k++) store<i32>(changetype<usize>(e) + offsetof<Env>("rule0") + (<usize>k << 2), <i32>((packed >> (<u64>k << 3)) & 0xff));
  buildTables<V, B>(e);
  // The start: Black's men on the first squares, White's on the last (turkish: the second and third rows).
  const men = menOf(plain, (createFlags & ENV_FRYSK) != 0);
  const skip = rules<V>().orthogonal ? n : 0;
  memory.fill(BOARD, 0, BOARD_BYTES);
  for (let k = 0; k < men; k++) {
    store<u8>(BOARD + <usize>(skip + 1 + k), PIECE_BLACK_MAN);
    store<u8>(BOARD + <usize>(squares - skip - k), PIECE_WHITE_MAN);
  }
  store<u8>(BOARD + BOARD_SIDE, plain == VARIANT_ENGLISH || plain == VARIANT_POOL ? 1 : 0);
  readBoard<V, B>();
  loadBoard<V, B>(e, slotOf(e, startSlot(e)));
  for (let i = 0; i < e.count; i++) {
    copySlot(e, slotOf(e, startSlot(e)), slotOf(e, i));
    setReward(e, i, 0);
    writeOutputs<V, B>(e, i);
  }
  // The environment's id: its place among the descriptors.
  let id = 0;
  while (envAt(id) != e) id++;
  return id;
}

/** The position read from BOARD (readBoard's) as the start of `slot`'s game. */
function loadBoard<V, B>(e: Env, slot: usize): void {
  memory.fill(slot, 0, HEAD_BYTES);
  store<u64>(slot + H_WHITE, boardWhite);
  store<u64>(slot + H_BLACK, boardBlack);
  store<u64>(slot + H_KINGS, boardKings);
  if (twoWords<V>()) memory.copy(slot + H_HIGH, BOARD_HIGH, 24);
  store<u64>(slot + H_KEY, keyOf<B>(<B>boardWhite, <B>boardBlack, <B>boardKings, boardWhiteToMove, boardHigh<V>()));
  store<u32>(slot + H_STREAK_WHITE, boardStreakWhite);
  store<u32>(slot + H_STREAK_BLACK, boardStreakBlack);
  store<u8>(slot + H_WHITE_TO_MOVE, boardWhiteToMove ? 1 : 0);
  judgeStart<V, B>(e, slot);
}

/** The position at the start of `slot`'s turn, to BOARD. */
function storeSlot<V, B>(slot: usize): void {
  writeBoard<V, B>(<B>load<u64>(slot + H_WHITE), <B>load<u64>(slot + H_BLACK), <B>load<u64>(slot + H_KINGS), load<u8>(slot + H_WHITE_TO_MOVE) != 0,
    load<u32>(slot + H_STREAK_WHITE), load<u32>(slot + H_STREAK_BLACK), slot + H_HIGH);
}

/** The route each game's action picked, found while the actions are checked (stepAll's). */
const PICKS = memory.data(2 * ENV_MAX_COUNT);

/** One step of every game given an action: all checked before any is played. */
function stepAll<V, B>(e: Env): i32 {
  const actions = bufferOf(e, ENV_BUF_ACTIONS);
  // The done flags as the host reads them (written with the game's every change): dense, where the headers are a page apart.
  const done = bufferOf(e, ENV_BUF_DONE);
  // An action is legal when a route's next leg is it (the legal lists are those routes' actions):
  // the route found is the one the step plays.
  for (let i = 0; i < e.count; i++) {
    const a = load<i32>(actions + (<usize>i << 2));
    if (a == ENV_NO_ACTION) continue;
    let refused = load<u8>(done + <usize>i) != 0 ? ERROR_ENV_GAME_OVER : a < 0 || a >= e.actions ? ERROR_ENV_ACTION : 0;
    if (refused == 0) {
      const r = routeOf(slotOf(e, i), a);
      if (r < 0) refused = ERROR_ENV_ACTION;
      store<u16>(PICKS + (<usize>i << 1), <u16>r);
    }
    if (refused != 0) {
      e.failed = i;
      return fail(refused);
    }
  }
  let touched: u64 = 0;
  for (let i = 0; i < e.count; i++) {
    // The games' slots are apart: a game's header is read a game or two before it steps, so that
    // waiting for it overlaps the step before.
    if (i + 2 < e.count) touched ^= touchHeader(e, i + 2);
    const a = load<i32>(actions + (<usize>i << 2));
    if (a == ENV_NO_ACTION) {
      setReward(e, i, 0);
      continue;
    }
    setReward(e, i, stepRoute<V, B>(e, slotOf(e, i), a, <i32>load<u16>(PICKS + (<usize>i << 1))));
    writeOutputs<V, B>(e, i);
  }
  store<u64>(TOUCHED, touched);
  return 0;
}

/** Where stepAll leaves what it read ahead (kept, so that the reads are). */
const TOUCHED = memory.data(8);

/** A word of each line a step reads first in game `g`'s slot: the header, the routes' first records. */
@inline function touchHeader(e: Env, g: i32): u64 {
  const slot = slotOf(e, g);
  return load<u64>(slot) ^ load<u64>(slot, 64) ^ load<u64>(routesOf(slot));
}

/** The whole-move form of game `g`: MOVES_OUT's records and ENV_BUF_MOVES' action sequences. */
function wholeMoves<V, B>(e: Env, g: i32): i32 {
  const slot = slotOf(e, g);
  if (legsOf(slot) != 0) return fail(ERROR_ENV_ACTION);
  if (isDone(slot)) return 0;
  const white = load<u8>(slot + H_WHITE_TO_MOVE) != 0;
  const kings = <B>load<u64>(slot + H_KINGS);
  const us = <B>load<u64>(slot + (white ? H_WHITE : H_BLACK));
  const them = <B>load<u64>(slot + (white ? H_BLACK : H_WHITE));
  // Routes over the same pieces to the same square are one move here, as legalMoves lists them.
  const at = slotRecord<V>(slot, white, true);
  const end = white ? generateLegal<V, B, White>(us, them, kings, at, 0) : generateLegal<V, B, Black>(us, them, kings, at, 0);
  if (takeOverflow() || end > ENV_MAX_LEGAL) return fail(ERROR_TOO_MANY_MOVES);
  const written = writeMoves<V, B>(end, true);
  if (written < 0) return fail(written);
  const table = e.actionOf + (white ? 0 : 2 * <usize>(TABLE_BITS * TABLE_BITS));
  const out = bufferOf(e, ENV_BUF_MOVES);
  for (let i = 0; i < end; i++) {
    const move = moveAt(i);
    const at = out + <usize>i * <usize>ENV_MOVE_BYTES;
    const taken = countAt(move);
    store<i32>(at, taken == 0 ? 1 : taken);
    if (taken == 0) {
      store<i32>(at, <i32>load<u16>(table + (<usize>(fromAt(move) * TABLE_BITS + toAt(move)) << 1)), 4);
    } else {
      const path = pathAt(i);
      for (let k = 0; k < taken; k++) {
        const leg = <i32>load<u16>(table + (<usize>(<i32>load<u8>(path + <usize>k) * TABLE_BITS + <i32>load<u8>(path + <usize>k + 1)) << 1));
        store<i32>(at + 4 + (<usize>k << 2), leg);
      }
    }
  }
  return end;
}

/** The piece code of the other colour (the colour swap of the canonical form). */
@inline function swapColour(code: u8): u8 {
  if (code == PIECE_EMPTY) return code;
  return code <= <u8>PIECE_WHITE_KING ? code + 2 : code - 2;
}

/**
 * Game `g`'s position to BOARD from the side to move (Black's turned half a turn, colours
 * swapped), in turkish the smaller key of it and its mirror. Answers the symmetry applied.
 */
function canonical<V, B>(e: Env, g: i32): i32 {
  const slot = slotOf(e, g);
  storeSlot<V, B>(slot);
  const squares = squaresOf<V, B>();
  let applied = 0;
  if (load<u8>(slot + H_WHITE_TO_MOVE) == 0) {
    for (let s = 1; s <= squares >> 1; s++) {
      const a = load<u8>(BOARD + <usize>s);
      const b = load<u8>(BOARD + <usize>(squares + 1 - s));
      store<u8>(BOARD + <usize>s, swapColour(b));
      store<u8>(BOARD + <usize>(squares + 1 - s), swapColour(a));
    }
    store<u8>(BOARD + BOARD_SIDE, 0);
    if (rules<V>().frisian) {
      // The streaks change sides, their squares turned too.
      const wc = load<u8>(BOARD + BOARD_STREAKS);
      const ws = load<u8>(BOARD + BOARD_STREAKS + 1);
      const bc = load<u8>(BOARD + BOARD_STREAKS + 2);
      const bs = load<u8>(BOARD + BOARD_STREAKS + 3);
      store<u8>(BOARD + BOARD_STREAKS, bc);
      store<u8>(BOARD + BOARD_STREAKS + 1, bs == 0 ? 0 : <u8>(squares + 1 - bs));
      store<u8>(BOARD + BOARD_STREAKS + 2, wc);
      store<u8>(BOARD + BOARD_STREAKS + 3, ws == 0 ? 0 : <u8>(squares + 1 - ws));
    }
    applied |= 1;
  }
  if ((e.symmetries & ENV_SYM_MIRROR) != 0) {
    readBoard<V, B>();
    const plain = keyOf<B>(<B>boardWhite, <B>boardBlack, <B>boardKings, true, 0);
    mirrorBoard();
    readBoard<V, B>();
    const mirrored = keyOf<B>(<B>boardWhite, <B>boardBlack, <B>boardKings, true, 0);
    if (mirrored < plain) applied |= 2;
    else mirrorBoard();
  }
  return applied;
}

/** Turkish's left-right mirror of BOARD's 64 squares (row by row from the top). */
function mirrorBoard(): void {
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 4; column++) {
      const a = BOARD + <usize>(row * 8 + column + 1);
      const b = BOARD + <usize>(row * 8 + 7 - column + 1);
      const t = load<u8>(a);
      store<u8>(a, load<u8>(b));
      store<u8>(b, t);
    }
  }
}

/** xorshift64*: the playouts' random numbers. */
@inline function nextRandom(e: Env): u64 {
  let x = e.rng;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  e.rng = x;
  return x * 0x2545f4914f6cdd1d;
}

/** `count` random games from each unfinished game's state, on the scratch slot; tallies to ENV_BUF_PLAYOUT. */
function playouts<V, B>(e: Env, count: i32, seed: f64): void {
  e.rng = (<u64>seed) ^ 0x9e3779b97f4a7c15;
  if (e.rng == 0) e.rng = 1;
  const scratch = slotOf(e, scratchSlot(e));
  const row = bufferOf(e, ENV_BUF_LEGAL) + <usize>scratchSlot(e) * 4 * <usize>ENV_MAX_LEGAL;
  const tallies = bufferOf(e, ENV_BUF_PLAYOUT);
  for (let i = 0; i < e.count; i++) {
    const slot = slotOf(e, i);
    const at = tallies + (<usize>i << 4);
    memory.fill(at, 0, 16);
    if (isDone(slot)) continue;
    const white = load<u8>(slot + H_WHITE_TO_MOVE) != 0;
    let wins = 0;
    let draws = 0;
    let plies = 0;
    for (let c = 0; c < count; c++) {
      copySlot(e, slot, scratch);
      const start = <i32>load<u32>(scratch + H_PLY);
      while (!isDone(scratch)) {
        const n = legalInto(e, scratch, row, 0);
        const a = load<i32>(row + (<usize>((nextRandom(e) >> 33) % <u64>n) << 2));
        stepSlot<V, B>(e, scratch, a);
      }
      plies += <i32>load<u32>(scratch + H_PLY) - start;
      const result = <i32>load<u8>(scratch + H_RESULT);
      if (result == ENV_RESULT_DRAW) draws++;
      else if ((result == ENV_RESULT_WHITE) == white) wins++;
    }
    store<i32>(at, wins);
    store<i32>(at, draws, 4);
    store<i32>(at, count - wins - draws, 8);
    store<i32>(at, plies, 12);
  }
}

// Perft through the environment's own stepping: every leg stepped and taken back.
const PERFT_LEVELS: i32 = 256;
const PERFT_ROWS = memory.data(4 * ENV_MAX_LEGAL * PERFT_LEVELS);

function perftSlot<V, B>(e: Env, g: i32, depth: i32, level: i32): u64 {
  if (depth == 0) return 1;
  const slot = slotOf(e, g);
  const row = PERFT_ROWS + <usize>level * 4 * <usize>ENV_MAX_LEGAL;
  const n = legalInto(e, slot, row, 0);
  let nodes: u64 = 0;
  for (let i = 0; i < n; i++) {
    stepSlot<V, B>(e, slot, load<i32>(row + (<usize>i << 2)));
    const onward = legsOf(slot) == 0 ? depth - 1 : depth;
    // A capture has at most 31 legs: the levels hold a depth of 8 plies of them.
    nodes += level + 1 < PERFT_LEVELS ? perftSlot<V, B>(e, g, onward, level + 1) : 0;
    undoSlot<V, B>(e, slot);
  }
  return nodes;
}
