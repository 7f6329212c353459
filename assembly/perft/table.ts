// Perft with a table of subtree counts. Deep perft trees are full of transpositions (the same
// position reached by moves in another order), and a subtree's count depends only on the
// position, the depth left and the counting rules, so each is counted once and found again by
// its Zobrist key. The last plies are left to the plain perft (perft/perft.ts): their
// subtrees are cheaper to count than to look up.
//
// Entry layout (16 bytes, four to a 64-byte cluster, one cache line):
//   0  u64 key    the whole Zobrist key (pieces and side to move): a position that only
//                 shares the cluster is never taken for this one
//   8  u64 data   bits 0–6 depth left, bit 7 capture routes kept, bits 8–12 the variant id
//                 (optional capture included), bits 13–63 the count
//
// Two positions with one 64-bit key are rare, but a record count visits some 2^40 positions,
// and one such false hit would merge a wrong subtree unseen. The check mode gives each entry a
// second word, a hash of the whole position independent of the Zobrist keys (checkOf), in
// 32-byte entries, two to a cluster: a hit whose check differs is a false hit, counted
// (perftFalseHits) and counted again from the position, never merged. It is its own
// instantiation of the walk (K), so the plain walk compiles as it did without it.
//
// The table takes its own block of linear memory (memory/blocks.ts), so it never overlaps the
// search's table.

import { currentKeySeed, keyOf } from "../board/zobrist";
import { Black, White, isWhite } from "../board/side";
import { generateLegal } from "../movegen/legal";
import { moveAt } from "../movegen/movelist";
import { nextKey, nextKings, nextThem, nextUs } from "../position/make";
import { perft } from "./perft";
import { listingFor, openWalk, recordAt } from "../position/record";
import { claimBlock } from "../memory/blocks";

const CLUSTER_BYTES: usize = 64;
/** The walk's kind: entries of a key alone (Plain) or with a check beside it (Checked). */
@final @unmanaged class Plain {
  @inline get checked(): bool { return false; }
}
@final @unmanaged class Checked {
  @inline get checked(): bool { return true; }
}
// @ts-ignore: decorator
@inline function isChecked<K>(): bool {
  return changetype<K>(0).checked;
}
// @ts-ignore: decorator
@inline function entryBytes<K>(): usize {
  return isChecked<K>() ? 32 : 16;
}
// @ts-ignore: decorator
@inline function entries<K>(): i32 {
  return isChecked<K>() ? 2 : 4;
}
const TAG_BITS: u64 = 13;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;
const DEPTH_MASK: u64 = 0x7f;
/** Counts from 2^51 up are not stored (only subtrees near the root of huge runs reach them). */
const COUNT_LIMIT: u64 = 1 << (64 - TAG_BITS);
/** What a probe returns for a position not in the table: no count is this large. */
const MISSING: u64 = u64.MAX_VALUE;
/** Subtrees this shallow are counted by the plain perft, never looked up. */
const PLAIN_DEPTH: i32 = 2;

let base: usize = 0;
let capacity: usize = 0;
let clusterMask: u64 = 0;
let tableBytes: usize = 0;
/** Whether the entries are laid out for the check mode (a table is cleared when the mode changes). */
let checkedLayout = false;
/** Whether the next runs count in the check mode (setPerftCheck). */
let checkMode = false;
/** The check's seed, from the key seed: a run under another key seed has other checks too. */
let checkSeed: u64 = 0;
/** False hits found since the last tablePerft began. */
let falseHits: u64 = 0;

/** Sets the table to `bytes` (a power of two, at least one cluster) and clears it; false when memory cannot grow. */
export function resizePerftTable(bytes: usize): bool {
  if (bytes < CLUSTER_BYTES || (bytes & (bytes - 1)) != 0) return false;
  const start = claimBlock(base, capacity, bytes);
  if (start == 0) return false;
  // A new block is memory just grown, all zeros: clearing it would only touch every page.
  const fresh = start != base;
  if (fresh || bytes > capacity) capacity = bytes;
  base = start;
  tableBytes = bytes;
  clusterMask = <u64>(bytes / CLUSTER_BYTES) - 1;
  if (!fresh) clearPerftTable();
  return true;
}

export function clearPerftTable(): void {
  if (base != 0) memory.fill(base, 0, tableBytes);
}

export function perftTableReady(): bool {
  return base != 0;
}

@inline function clusterOf(key: u64): usize {
  return base + (<usize>(key & clusterMask) << 6);
}

/** Counts the next runs in the check mode (on) or not; the table is cleared before the first run in another mode. */
export function setPerftCheck(on: bool): void {
  checkMode = on;
}

/** False hits the check mode found in the last run: key and tag matched, the position did not. */
export function perftFalseHits(): u64 {
  return falseHits;
}

/** murmur3's 64-bit finalizer: a bijection whose every output bit depends on every input bit. */
@inline function mix(z: u64): u64 {
  z = (z ^ (z >> 33)) * 0xff51afd7ed558ccd;
  z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53;
  return z ^ (z >> 33);
}

/** The check of a position, side `C` to move: a hash of its sets, not of the Zobrist keys. */
@inline function checkOf<B, C>(us: B, them: B, kings: B): u64 {
  const h = mix(mix(mix(checkSeed ^ <u64>us) ^ <u64>them) ^ <u64>kings);
  return isWhite<C>() ? h : ~h;
}

/** The count stored for (key, tag), or MISSING; in the check mode also `check`. */
function probe<K>(key: u64, tag: u64, check: u64): u64 {
  const cluster = clusterOf(key);
  for (let i = 0; i < entries<K>(); i++) {
    const entry = cluster + <usize>i * entryBytes<K>();
    const data = load<u64>(entry, 8);
    if (load<u64>(entry) == key && (data & TAG_MASK) == tag) {
      if (!isChecked<K>() || load<u64>(entry, 16) == check) return data >> TAG_BITS;
      falseHits++;
      return MISSING;
    }
  }
  return MISSING;
}

/** Stores a count, over the cluster's shallowest entry (an empty one has depth 0). */
function save<K>(key: u64, tag: u64, check: u64, nodes: u64): void {
  if (nodes >= COUNT_LIMIT) return;
  const cluster = clusterOf(key);
  let victim = cluster;
  let shallowest = DEPTH_MASK + 1;
  for (let i = 0; i < entries<K>(); i++) {
    const entry = cluster + <usize>i * entryBytes<K>();
    const depth = load<u64>(entry, 8) & DEPTH_MASK;
    if (depth < shallowest) {
      shallowest = depth;
      victim = entry;
    }
  }
  store<u64>(victim, key);
  store<u64>(victim, (nodes << TAG_BITS) | tag, 8);
  if (isChecked<K>()) store<u64>(victim, check, 16);
}

/** The tag of every entry of one run: convention and variant (the depth is added per node). */
@inline function runTag(variantId: i32, keepRoutes: bool): u64 {
  return ((<u64>variantId & 0x1f) << 8) | (keepRoutes ? 0x80 : 0);
}

/** Perft of side `C` to move, through the table; `key` is the position's Zobrist key. */
function tablePerftOf<V, B, C, K>(us: B, them: B, kings: B, key: u64, depth: i32, top: i32, run: u64): u64 {
  if (depth <= PLAIN_DEPTH) return perft<V, B, C>(us, them, kings, depth, top);
  const tag = run | <u64>depth;
  const check = isChecked<K>() ? checkOf<B, C>(us, them, kings) : 0;
  const known = probe<K>(key, tag, check);
  if (known != MISSING) return known;
  const end = generateLegal<V, B, C>(us, them, kings, recordAt(depth), top);
  let nodes: u64 = 0;
  for (let i = top; i < end; i++) nodes += afterMove<V, B, C, K>(i, us, them, kings, key, depth - 1, end, run);
  save<K>(key, tag, check, nodes);
  return nodes;
}

/** Table perft of the position after move `index` of side `C`. */
@inline function afterMove<V, B, C, K>(index: i32, us: B, them: B, kings: B, key: u64, depth: i32, top: i32, run: u64): u64 {
  const move = moveAt(index);
  const next = nextKey<B>(move, isWhite<C>(), key, kings);
  return isWhite<C>()
    ? tablePerftOf<V, B, Black, K>(nextUs<B>(move, them), nextThem<B>(move, us), nextKings<B>(move, kings), next, depth, top, run)
    : tablePerftOf<V, B, White, K>(nextUs<B>(move, them), nextThem<B>(move, us), nextKings<B>(move, kings), next, depth, top, run);
}

/**
 * Perft of a position through the table (which must be set: see perftTableReady). The variant
 * id and the convention go into every entry, so one table serves runs of several variants.
 */
export function tablePerft<V, B>(white: bool, us: B, them: B, kings: B, depth: i32, variantId: i32, keepRoutes: bool): u64 {
  openWalk(depth, listingFor(!keepRoutes, false), 0, 0);
  const run = runTag(variantId, keepRoutes);
  const key = white ? keyOf<B>(us, them, kings, true) : keyOf<B>(them, us, kings, false);
  // The two modes lay their entries out differently: a table filled in one is read in the other only after clearing.
  if (checkMode != checkedLayout) {
    clearPerftTable();
    checkedLayout = checkMode;
  }
  falseHits = 0;
  if (!checkMode) {
    return white
      ? tablePerftOf<V, B, White, Plain>(us, them, kings, key, depth, 0, run)
      : tablePerftOf<V, B, Black, Plain>(us, them, kings, key, depth, 0, run);
  }
  checkSeed = mix(currentKeySeed() ^ 0x5851f42d4c957f2d);
  return white
    ? tablePerftOf<V, B, White, Checked>(us, them, kings, key, depth, 0, run)
    : tablePerftOf<V, B, Black, Checked>(us, them, kings, key, depth, 0, run);
}
