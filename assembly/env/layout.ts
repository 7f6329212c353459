// Where an environment keeps its games (docs/env.md "The core interface"). An environment is a
// descriptor in static memory and one block claimed at its creation: the buffers the host reads
// and writes, the variant's tables, and a slot a game. A slot is the game's header (its position
// at the start of the turn, its status and counters, the legs of the capture in progress), its
// capture routes (every legal leg sequence, kept routes and not merged, so that either route of
// two over the same pieces can be stepped), and its history, a header copy a ply, which undo and
// repetition read. Two slots past the host's games: a scratch game for playouts and the start.

import { claimBlock } from "../memory/blocks";
import {
  ENV_BUF_ACTIONS, ENV_BUF_COUNTERS, ENV_BUF_DONE, ENV_BUF_KEY, ENV_BUF_LEGAL, ENV_BUF_LEGAL_COUNT, ENV_BUF_LEGS, ENV_BUF_MASK, ENV_BUF_MOVES,
  ENV_BUF_OBSERVATION, ENV_BUF_PLAYOUT, ENV_BUF_PLY, ENV_BUF_REASON, ENV_BUF_RESET, ENV_BUF_RESULT, ENV_BUF_REWARD, ENV_BUF_TO_MOVE, ENV_COUNTERS,
  ENV_MAX_LEGAL, ENV_MOVE_BYTES,
} from "../contract/contract";

/** Copies `bytes` (a multiple of 8) a word at a time: the small copies of a step stay inline, where memory.copy is a call. */
@inline export function copyWords(to: usize, from: usize, bytes: usize): void {
  for (let i: usize = 0; i < bytes; i += 8) store<u64>(to + i, load<u64>(from + i));
}

/** Fills `bytes` with the byte `value`, a word at a time (10×10's planes of 100 cells end in a half word). */
@inline export function fillWords(to: usize, value: u8, bytes: usize): void {
  const word = <u64>value * 0x0101010101010101;
  const whole = bytes & ~(<usize>7);
  for (let i: usize = 0; i < whole; i += 8) store<u64>(to + i, word);
  for (let i = whole; i < bytes; i++) store<u8>(to + i, value);
}

/** The most environments a core holds at once. */
export const MAX_ENVS: i32 = 256;
/** Bits a table row covers: the 12×12 board's bits go up to 77. */
export const TABLE_BITS: i32 = 80;

// A game's header. Its first RECORD_BYTES (RECORD_BYTES_12 on 12×12) are what the history keeps a
// ply: the position, its key, the counters and what undo needs to go back to it.
export const H_WHITE: usize = 0;
export const H_BLACK: usize = 8;
export const H_KINGS: usize = 16;
export const H_KEY: usize = 24;
/** u16 × ENV_COUNTERS: the counting rules' plies, then the repetitions. */
export const H_COUNTERS: usize = 32;
/** Frisian: White's and Black's king streaks (movegen/king-streak.ts). */
export const H_STREAK_WHITE: usize = 48;
export const H_STREAK_BLACK: usize = 52;
/** The ply of the first position repetition compares: the one after the last capture or man move. */
export const H_SINCE: usize = 56;
/** The route (its index in the full listing of the turn before) whose move led to this position: undo replays it. */
export const H_CHOSEN: usize = 60;
export const H_WHITE_TO_MOVE: usize = 62;
/** 12×12: the high words, White's, Black's, the kings' (position/high-words.ts's slot layout). */
export const H_HIGH: usize = 64;
/** The bytes of a history entry: the header up to the high words, or past them on 12×12. */
export const RECORD_BYTES: usize = 64;
export const RECORD_BYTES_12: usize = 88;
export const H_PLY: usize = 88;
export const H_LEGS: usize = 92;
export const H_ROUTES: usize = 96;
export const H_DONE: usize = 100;
export const H_RESULT: usize = 101;
export const H_REASON: usize = 102;
/** u8: whether the routes were filtered this turn (then ORIGINS says where each came from; else its index does). */
export const H_FILTERED: usize = 103;
/** u16 a leg: the actions of the capture in progress. */
export const H_LEG_ACTIONS: usize = 104;
export const HEAD_BYTES: usize = 192;

/** A route: a move record of movegen/movelist.ts, and its path (origin, landings) as bits. */
export const ROUTE_BYTES: usize = 16;
export const PATH_BYTES_KEPT: usize = 32;

@unmanaged export class Env {
  variant: i32 = 0;
  flags: i32 = 0;
  count: i32 = 0;
  maxPlies: i32 = 0;
  actions: i32 = 0;
  planes: i32 = 0;
  height: i32 = 0;
  width: i32 = 0;
  squares: i32 = 0;
  directions: i32 = 0;
  distances: i32 = 0;
  rules: i32 = 0;
  ending: i32 = 0;
  symmetries: i32 = 0;
  failed: i32 = 0;
  /** Whether a counting rule in play reads the material (else the counters need only the move). */
  material: i32 = 0;
  slotBytes: usize = 0;
  /** The bytes of a history entry (RECORD_BYTES, or RECORD_BYTES_12 on 12×12). */
  recordBytes: usize = 0;
  games: usize = 0;
  /** cellOf: u16 × 2 frames × TABLE_BITS; indexOf: u8 × 2 × TABLE_BITS; actionOf: u16 × 2 × TABLE_BITS²; bitOf: i16 a cell. */
  cellOf: usize = 0;
  indexOf: usize = 0;
  actionOf: usize = 0;
  bitOf: usize = 0;
  seen: usize = 0;
  buffers: usize = 0;
  rule0: i32 = 0;
  rule1: i32 = 0;
  rule2: i32 = 0;
  rule3: i32 = 0;
  rule4: i32 = 0;
  rule5: i32 = 0;
  /** The block claimed for the environment, kept for the next one when it is freed. */
  block: usize = 0;
  blockBytes: usize = 0;
  /** 1 once freed (envFree): its descriptor and block wait for another environment. */
  freed: i32 = 0;
  longLo: u64 = 0;
  longHi: u64 = 0;
  rng: u64 = 0;
}

const DESC_BYTES: i32 = 256;
const DESCS = memory.data(DESC_BYTES * MAX_ENVS);
let envsMade: i32 = 0;

/** The environment `id`, or null when there is none. */
export function envAt(id: i32): Env | null {
  if (id < 0 || id >= envsMade) return null;
  const e = changetype<Env>(DESCS + <usize>(id * DESC_BYTES));
  return e.freed != 0 ? null : e;
}

/** Frees environment `id`: its id and its memory go to the next environment that fits. */
export function freeEnv(id: i32): bool {
  const e = envAt(id);
  if (e == null) return false;
  e.freed = 1;
  return true;
}

/** The bytes of each buffer a game: the row envBuffer's entries are apart. */
export function rowBytes(e: Env, which: i32): usize {
  switch (which) {
    case ENV_BUF_ACTIONS: return 4;
    case ENV_BUF_RESET: return 1;
    case ENV_BUF_MASK: return <usize>e.actions;
    case ENV_BUF_LEGAL: return 4 * <usize>ENV_MAX_LEGAL;
    case ENV_BUF_LEGAL_COUNT: return 4;
    case ENV_BUF_OBSERVATION: return <usize>(e.planes * e.height * e.width);
    case ENV_BUF_REWARD: return 4;
    case ENV_BUF_DONE: return 1;
    case ENV_BUF_TO_MOVE: return 1;
    case ENV_BUF_KEY: return 8;
    case ENV_BUF_RESULT: return 1;
    case ENV_BUF_REASON: return 1;
    case ENV_BUF_PLY: return 4;
    case ENV_BUF_LEGS: return 4;
    case ENV_BUF_COUNTERS: return 2 * <usize>ENV_COUNTERS;
    case ENV_BUF_PLAYOUT: return 16;
  }
  return 0;
}

/** The buffers: ENV_BUF_ACTIONS … ENV_BUF_PLAYOUT, each for every slot, then ENV_BUF_MOVES. */
export const BUFFERS: i32 = ENV_BUF_PLAYOUT + 1;

/** Where buffer `which` begins. */
@inline export function bufferOf(e: Env, which: i32): usize {
  return load<usize>(e.buffers + (<usize>which << 2));
}

/** Slot `g`'s header. */
@inline export function slotOf(e: Env, g: i32): usize {
  return e.games + <usize>g * e.slotBytes;
}
// A slot, hot parts first: the header, the routes' next legs' actions and the routes' records (a
// step reads these with the header, most often in the header's page), their origins (read once
// a capture's routes are filtered), their paths, then the history, an entry a ply (its key is the
// one repetition compares).
/** u16 a route: the action of its next leg (the routes' legal actions, with repeats). */
@inline export function actsOf(slot: usize): usize { return slot + HEAD_BYTES; }
@inline export function routesOf(slot: usize): usize { return actsOf(slot) + 2 * <usize>ENV_MAX_LEGAL; }
/** u16 a route: its index in the turn's listing (once filtered). */
@inline export function originsOf(slot: usize): usize { return routesOf(slot) + ROUTE_BYTES * <usize>ENV_MAX_LEGAL; }
@inline export function pathsOf(slot: usize): usize { return originsOf(slot) + 2 * <usize>ENV_MAX_LEGAL; }
/** The history's entry for the position after `ply` moves. */
@inline export function historyOf(e: Env, slot: usize, ply: i32): usize {
  return pathsOf(slot) + PATH_BYTES_KEPT * <usize>ENV_MAX_LEGAL + <usize>ply * e.recordBytes;
}

/** The scratch slot (playouts) and the start slot (resets): past the host's games. */
@inline export function scratchSlot(e: Env): i32 { return e.count; }
@inline export function startSlot(e: Env): i32 { return e.count + 1; }

/**
 * A new environment's descriptor with its block: `tableBytes` of tables, the buffers for
 * `count` + 2 slots and the slots themselves. null when memory cannot grow or no descriptor is left.
 */
export function newEnv(count: i32, maxPlies: i32, actions: i32, planes: i32, height: i32, width: i32): Env | null {
  // A freed environment's descriptor, with its block when the block is large enough.
  let reuse = -1;
  for (let id = 0; id < envsMade; id++) {
    const old = changetype<Env>(DESCS + <usize>(id * DESC_BYTES));
    if (old.freed == 0) continue;
    if (reuse < 0) reuse = id;
    if (old.blockBytes >= sizeOf(count, maxPlies, actions, height * width)) {
      reuse = id;
      break;
    }
  }
  if (reuse < 0 && envsMade >= MAX_ENVS) return null;
  const e = changetype<Env>(DESCS + <usize>((reuse >= 0 ? reuse : envsMade) * DESC_BYTES));
  const heldBlock = reuse >= 0 ? e.block : 0;
  const heldBytes = reuse >= 0 ? e.blockBytes : 0;
  memory.fill(changetype<usize>(e), 0, DESC_BYTES);
  e.count = count;
  e.maxPlies = maxPlies;
  e.actions = actions;
  e.planes = planes;
  e.height = height;
  e.width = width;
  const slots = <usize>(count + 2);
  const bytes = sizeOf(count, maxPlies, actions, height * width);
  const block = claimBlock(heldBlock, heldBytes, bytes);
  if (block == 0) {
    // Nothing claimed: a reused descriptor stays freed with its old block.
    if (reuse >= 0) {
      e.block = heldBlock;
      e.blockBytes = heldBytes;
      e.freed = 1;
    }
    return null;
  }
  e.block = block;
  e.blockBytes = heldBytes >= bytes ? heldBytes : bytes;
  e.recordBytes = recordBytesOf(height);
  e.slotBytes = slotBytesOf(maxPlies, e.recordBytes);
  let at = (block + 15) & ~15;
  e.buffers = at;
  at += 4 * <usize>BUFFERS + 16;
  at = (at + 15) & ~15;
  for (let which = 0; which < BUFFERS; which++) {
    store<usize>(e.buffers + (<usize>which << 2), at);
    at += (rowBytes(e, which) * slots + 15) & ~15;
  }
  e.cellOf = at;
  e.indexOf = e.cellOf + 2 * 2 * <usize>TABLE_BITS;
  e.actionOf = e.indexOf + 2 * <usize>TABLE_BITS;
  e.bitOf = e.actionOf + 2 * 2 * <usize>(TABLE_BITS * TABLE_BITS);
  e.seen = e.bitOf + 2 * <usize>(height * width);
  // The seen bits are u64 words: room for actions rounded up to 64.
  at = (e.seen + <usize>(actions + 64) + 15) & ~15;
  store<usize>(e.buffers + (<usize>ENV_BUF_MOVES << 2), at);
  at += <usize>ENV_MAX_LEGAL * <usize>ENV_MOVE_BYTES;
  // Slots on cache lines: a header is three lines, not four.
  e.games = (at + 63) & ~63;
  if (reuse < 0) envsMade++;
  return e;
}

@inline function recordBytesOf(height: i32): usize { return height == 12 ? RECORD_BYTES_12 : RECORD_BYTES; }

@inline function slotBytesOf(maxPlies: i32, recordBytes: usize): usize {
  return (HEAD_BYTES + (4 + ROUTE_BYTES + PATH_BYTES_KEPT) * <usize>ENV_MAX_LEGAL + recordBytes * <usize>(maxPlies + 1) + 63) & ~(<usize>63);
}

/** The bytes of an environment's block: its buffers, tables and slots. */
function sizeOf(count: i32, maxPlies: i32, actions: i32, cells: i32): usize {
  const slots = <usize>(count + 2);
  const tableBytes: usize = <usize>(6 * TABLE_BITS + 4 * TABLE_BITS * TABLE_BITS + actions + 64 + 2 * cells);
  let bytes: usize = <usize>(4 * BUFFERS + ENV_MAX_LEGAL * ENV_MOVE_BYTES) + ((tableBytes + 15) & ~15);
  for (let which = 0; which < BUFFERS; which++) bytes += (rowBytesOf(which, actions, cells) * slots + 15) & ~15;
  return bytes + slotBytesOf(maxPlies, recordBytesOf(cells == 144 ? 12 : 0)) * slots + 256;
}

/** What rowBytes answers, before the descriptor is filled in. */
function rowBytesOf(which: i32, actions: i32, cells: i32): usize {
  if (which == ENV_BUF_MASK) return <usize>actions;
  // The most planes: ENV_PLANE_RULE_0 and six counting rules.
  if (which == ENV_BUF_OBSERVATION) return <usize>(14 * cells);
  return rowBytes(changetype<Env>(0), which);
}
