// The finished slices of one database, two bits a position (docs/endgame-databases.md "Values"),
// each in a block of linear memory of its own (memory/blocks.ts), found by slice key.

import { EGDB_LOST_IN, EGDB_MAX_DISTANCE } from "../contract/contract";
import { claimBlock } from "../memory/blocks";

export const DRAW: u8 = 0;
export const WIN: u8 = 1;
export const LOSS: u8 = 2;
export const NO_POSITION: u8 = 3;

// A king ending's distances (generate.ts distancesOf, probe.ts probeDistance), a byte a position:
// 0 a draw, a win in d plies d, a loss in d plies LOST_IN | d. The binding reads them too.
/** The mark of a loss. */
export const LOST_IN: u8 = <u8>EGDB_LOST_IN;
/** The longest distance a byte holds (a longer one is written as this). */
export const MAX_DISTANCE: u8 = <u8>EGDB_MAX_DISTANCE;

const KEYS: i32 = 1 << 12;
/** Per key: the table's address (0: none) as u32, then its positions as u64 (12 bytes used of 16). */
const REGISTRY = memory.data(16 * KEYS);

@inline export function tableOf(key: i32): usize {
  return <usize>load<u32>(REGISTRY + (<usize>key << 4));
}

@inline export function positionsOf(key: i32): u64 {
  return load<u64>(REGISTRY + (<usize>key << 4), 8);
}

/** Claims a table of `positions` for slice `key` (every value "no position"); 0 when memory cannot grow. */
export function claimTable(key: i32, positions: u64): usize {
  const bytes = <usize>((positions + 3) >> 2);
  const at = claimBlock(0, 0, bytes == 0 ? 1 : bytes);
  if (at == 0) return 0;
  memory.fill(at, 0xff, bytes);
  store<u32>(REGISTRY + (<usize>key << 4), <u32>at);
  store<u64>(REGISTRY + (<usize>key << 4), positions, 8);
  return at;
}

@inline export function valueAt(table: usize, index: u64): u8 {
  return (load<u8>(table + <usize>(index >> 2)) >> <u8>((index & 3) << 1)) & 3;
}

@inline export function setValueAt(table: usize, index: u64, value: u8): void {
  const at = table + <usize>(index >> 2);
  const shift = <u8>((index & 3) << 1);
  store<u8>(at, (load<u8>(at) & ~(<u8>3 << shift)) | (value << shift));
}
