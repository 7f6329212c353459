// The transposition table: what earlier searches learned about a position, found again by its
// Zobrist key. Clusters of four 16-byte entries fill one 64-byte cache line, so a probe costs
// one memory fetch.
//
// Entry layout:
//   0  u64 key     the whole key: a different position is never taken for this one
//   8  u16 move    the best or refuting move (encodeMove), NO_MOVE when none
//  10  i16 score   ply-relative for wins and losses (see toTable/fromTable)
//  12  i8  depth
//  13  u8  bound   BOUND_UPPER, BOUND_LOWER or BOUND_EXACT
//  14  u8  age     the search that wrote it
//  15  u8  unused
//
// The table lives above the module's own memory, in a block of its own (memory/blocks.ts); the
// runtime's heap is below it and the core allocates nothing at run time.

import { WIN_BOUND } from "./score";
import { claimBlock } from "../memory/blocks";

export const BOUND_UPPER: u8 = 1;
export const BOUND_LOWER: u8 = 2;
export const BOUND_EXACT: u8 = 3;
export const NO_MOVE: u16 = 0xffff;

const ENTRY_BYTES: usize = 16;
const CLUSTER_BYTES: usize = 64;
const ENTRIES: i32 = 4;

let base: usize = 0;
/** Bytes of the block at `base`: the table may be smaller after a resize down. */
let capacity: usize = 0;
let clusterMask: u64 = 0;
let age: u8 = 0;
let sizeMiB: i32 = 0;

/** Whether a table has been allocated. */
export function tableReady(): bool {
  return base != 0;
}

export function tableSizeMiB(): i32 {
  return sizeMiB;
}

/**
 * Sets the table to `mib` MiB (a power of two) and clears it; false when memory cannot grow.
 * Memory that was grown for it is zero already and is not written: its pages are first touched
 * by whatever clears or fills the table next, once, rather than twice.
 */
export function resizeTable(mib: i32): bool {
  const bytes = <usize>mib << 20;
  const end = <usize>memory.size() << 16;
  const start = claimBlock(base, capacity, bytes);
  if (start == 0) return false;
  if (start != base || bytes > capacity) capacity = bytes;
  base = start;
  clusterMask = <u64>(bytes / CLUSTER_BYTES) - 1;
  sizeMiB = mib;
  // Only the part below the old end of memory can hold old entries.
  if (start < end) memory.fill(start, 0, min(bytes, end - start));
  age = 0;
  return true;
}

export function clearTable(): void {
  if (base == 0) return;
  memory.fill(base, 0, <usize>sizeMiB << 20);
  age = 0;
}

/** A new search: entries of earlier searches become the first to be replaced. */
export function ageTable(): void {
  age = (age + 1) & 0x3f;
}

@inline function clusterOf(key: u64): usize {
  return base + (<usize>(key & clusterMask) << 6);
}

/**
 * Reads the first word of `key`'s cluster and returns it. WebAssembly has no prefetch, but reads
 * that do not depend on each other are fetched from memory side by side: touching several
 * clusters in a row pays the memory's latency about once for all of them.
 */
@inline export function touchCluster(key: u64): u64 {
  return load<u64>(clusterOf(key));
}

/** The entry holding `key`, or 0. */
export function probe(key: u64): usize {
  const cluster = clusterOf(key);
  for (let i = 0; i < ENTRIES; i++) {
    const entry = cluster + <usize>i * ENTRY_BYTES;
    if (load<u64>(entry) == key) return entry;
  }
  return 0;
}

@inline export function entryMove(entry: usize): u16 { return load<u16>(entry, 8); }
@inline export function entryScore(entry: usize, ply: i32): i32 { return fromTable(<i32>load<i16>(entry, 10), ply); }
@inline export function entryDepth(entry: usize): i32 { return <i32>load<i8>(entry, 12); }
@inline export function entryBound(entry: usize): u8 { return load<u8>(entry, 13); }

/**
 * Stores a result. The entry already holding the key is updated unless it is deeper: then it
 * stays (as the current search's), since a shallow result of the same position says less. The
 * shallow cut searches its own position three plies shallower first, and a search repeated from
 * the same root starts at depth 1: either would write over the deep entry the moment it was
 * about to pay off. Otherwise the victim is an entry from an older search if there is one, else
 * the shallowest.
 */
export function save(key: u64, move: u16, score: i32, depth: i32, bound: u8, ply: i32): void {
  const cluster = clusterOf(key);
  let victim: usize = 0;
  let victimWorth: i32 = i32.MAX_VALUE;
  for (let i = 0; i < ENTRIES; i++) {
    const entry = cluster + <usize>i * ENTRY_BYTES;
    if (load<u64>(entry) == key) {
      if (depth < entryDepth(entry)) {
        store<u8>(entry, age, 14);
        return;
      }
      // Keep the known move when this result has none.
      if (move == NO_MOVE) move = load<u16>(entry, 8);
      victim = entry;
      break;
    }
    // Older searches first (worth below any depth), then the shallowest.
    const worth = (load<u8>(entry, 14) == age ? 256 : 0) + <i32>load<i8>(entry, 12) + 128;
    if (worth < victimWorth) {
      victimWorth = worth;
      victim = entry;
    }
  }
  store<u64>(victim, key);
  store<u16>(victim, move, 8);
  store<i16>(victim, <i16>toTable(score, ply), 10);
  store<i8>(victim, <i8>max(-128, min(127, depth)), 12);
  store<u8>(victim, bound, 13);
  store<u8>(victim, age, 14);
}

/** Per mille of the first thousand entries written by the current search. */
export function hashfull(): i32 {
  if (base == 0) return 0;
  let used = 0;
  for (let i: usize = 0; i < 1000; i++) {
    const entry = base + i * ENTRY_BYTES;
    if (load<u64>(entry) != 0 && load<u8>(entry, 14) == age) used++;
  }
  return used;
}

// Win and loss scores count plies from the root; the table keeps them counted from the entry's
// own position, so the same position reached at another depth reads the right distance.
@inline function toTable(score: i32, ply: i32): i32 {
  if (score >= WIN_BOUND) return score + ply;
  if (score <= -WIN_BOUND) return score - ply;
  return score;
}

@inline function fromTable(score: i32, ply: i32): i32 {
  if (score >= WIN_BOUND) return score - ply;
  if (score <= -WIN_BOUND) return score + ply;
  return score;
}
