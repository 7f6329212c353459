// The search's endgame database: slice files held in linear memory as the host wrote them (their
// block index, then their blocks of coded runs: docs/endgame-databases.md "Files"), probed one
// block at a time through a cache of decoded blocks. One variant's database is attached at a
// time; the search probes it only when it searches that variant.

import { geometry } from "../board/geometry";
import { claimBlock } from "../memory/blocks";
import { groupsFit, indexOf, keyOfSets, seeFromMover, seenFits, sliceKey, themKings, themMen, usKings, usMen } from "./index-scheme";
import { DRAW, LOSS, WIN } from "./tables";

/** Not in an attached slice. */
export const UNKNOWN: i32 = -1;

/**
 * Whether variant `V` has endgame databases: those on the one-word diagonal tables' boards
 * (geometry.ts `Diagonal`), which the index scheme reads; turkish's board, frisian's lines and
 * canadian's two words have none.
 */
@inline export function hasDatabases<V>(): bool {
  return geometry<V>().diagonalTables;
}
const BLOCK_POSITIONS: i32 = 4096;
const BLOCK_SHIFT: u64 = 12;

const KEYS: i32 = 1 << 12;
/** Per slice key: its block index's address (u32, 0: not attached), its data's (u32), its positions (u64). */
const FILES = memory.data(16 * KEYS);

/** Decoded blocks, a byte a value, direct-mapped by slice and block. */
const CACHE_SLOTS: i32 = 512;
const CACHE_TAGS = memory.data(8 * CACHE_SLOTS);
let cache: usize = 0;

/** The variant id whose database is attached (-1: none), and its largest piece count. */
export let attachedVariant: i32 = -1;
export let attachedPieces: i32 = 0;

/**
 * Per slice key of a king ending (kings only on the board): its distances' address (u32, 0: not
 * attached) and positions (u64), a byte a position as egdb/generate.ts distancesOf writes them.
 */
const DISTANCES = memory.data(16 * KEYS);
/** The most pieces of an attached king ending (0: none). */
export let distancePieces: i32 = 0;

/** Forgets every attached slice and king ending (their memory is not given back: linear memory never shrinks). */
export function detachAll(): void {
  attachedVariant = -1;
  attachedPieces = 0;
  distancePieces = 0;
  memory.fill(FILES, 0, 16 * KEYS);
  memory.fill(DISTANCES, 0, 16 * KEYS);
  memory.fill(CACHE_TAGS, 0xff, 8 * CACHE_SLOTS);
}

detachAll();

/**
 * Room for one slice file's block index (`blocks` + 1 u32 offsets) and `dataBytes` of blocks, for
 * the host to write into; the slice `abcd` of `positions` is attached from then on. Attaching a
 * slice of another variant first detaches the database held. 0 when memory cannot grow.
 */
export function attachSlice(variant: i32, a: i32, b: i32, c: i32, d: i32, positions: u64, blocks: i32, dataBytes: u32): usize {
  if (!groupsFit(a, b, c, d)) return 0;
  if (<u64>blocks != (positions + <u64>(BLOCK_POSITIONS - 1)) >> BLOCK_SHIFT) return 0;
  if (cache == 0) {
    cache = claimBlock(0, 0, <usize>(CACHE_SLOTS * BLOCK_POSITIONS));
    if (cache == 0) return 0;
  }
  if (variant != attachedVariant) detachAll();
  const indexBytes = <usize>(blocks + 1) << 2;
  // The slice's codes, read from its tables at its first decoded block, go before its block index.
  const codes = claimBlock(0, 0, CODES_BYTES + indexBytes + <usize>dataBytes);
  if (codes == 0) return 0;
  store<u32>(codes, 0);
  const at = codes + CODES_BYTES;
  const key = sliceKey(a, b, c, d);
  const entry = FILES + (<usize>key << 4);
  store<u32>(entry, <u32>at);
  store<u32>(entry, <u32>(at + indexBytes), 4);
  store<u64>(entry, positions, 8);
  // A slice attached again may hold other values: its blocks leave the cache.
  memory.fill(CACHE_TAGS, 0xff, 8 * CACHE_SLOTS);
  attachedVariant = variant;
  attachedPieces = max(attachedPieces, a + b + c + d);
  return at;
}

/**
 * Room for the distances of king ending `0b0d` (`positions` bytes), for the host to write into;
 * the search of `variant` reads them from then on. Another variant's database is detached first.
 * 0 when the slice has a man or memory cannot grow.
 */
export function attachDistances(variant: i32, a: i32, b: i32, c: i32, d: i32, positions: u64): usize {
  if (a != 0 || c != 0 || !groupsFit(a, b, c, d)) return 0;
  if (variant != attachedVariant) detachAll();
  const at = claimBlock(0, 0, positions == 0 ? 1 : <usize>positions);
  if (at == 0) return 0;
  const entry = DISTANCES + (<usize>sliceKey(a, b, c, d) << 4);
  store<u32>(entry, <u32>at);
  store<u64>(entry, positions, 8);
  attachedVariant = variant;
  distancePieces = max(distancePieces, b + d);
  return at;
}

/**
 * The distance byte (egdb/generate.ts distancesOf) of a king ending for its side to move
 * (`white` or not), or UNKNOWN when its slice's distances are not attached. As probeValue, the
 * position must have no capture pending.
 */
export function probeDistance<B>(us: B, them: B, kings: B, white: bool): i32 {
  seeFromMover<B>(white, us, them, kings);
  const index = attachedIndex<B>(DISTANCES);
  return index == NOT_ATTACHED ? UNKNOWN : <i32>load<u8>(<usize>load<u32>(seenEntry) + <usize>index);
}

/** attachedIndex's answer when the seen position's slice is not attached. */
const NOT_ATTACHED: u64 = u64.MAX_VALUE;
/** The slice key and the registry entry of the position attachedIndex looked up last. */
let seenKey: i32 = 0;
let seenEntry: usize = 0;

/**
 * The index of the position seen from its mover (seeFromMover) in its slice, whose entry in
 * `registry` (FILES or DISTANCES: an address, 0 when not attached, and the positions at byte 8)
 * it leaves in seenEntry, its key in seenKey; NOT_ATTACHED when the slice is not attached or
 * does not hold the index.
 */
@inline function attachedIndex<B>(registry: usize): u64 {
  if (!seenFits()) return NOT_ATTACHED;
  seenKey = keyOfSets(usMen, usKings, themMen, themKings);
  seenEntry = registry + (<usize>seenKey << 4);
  if (load<u32>(seenEntry) == 0) return NOT_ATTACHED;
  const index = indexOf<B>(usMen, usKings, themMen, themKings);
  return index < load<u64>(seenEntry, 8) ? index : NOT_ATTACHED;
}

/**
 * Value (tables.ts DRAW, WIN, LOSS) of a position for its side to move (`white` or not), read
 * from the attached slices; UNKNOWN when its slice is not attached. The position must have no
 * capture pending for the side to move: files leave those out (their runs hold some neighbour's
 * value), and the search plays such captures out first (search/endings.ts resolvedValue).
 */
export function probeValue<B>(us: B, them: B, kings: B, white: bool): i32 {
  seeFromMover<B>(white, us, them, kings);
  if ((usMen | usKings) == 0) return <i32>LOSS;
  if ((themMen | themKings) == 0) return <i32>WIN;
  const index = attachedIndex<B>(FILES);
  if (index == NOT_ATTACHED) return UNKNOWN;
  const block = <i32>(index >> BLOCK_SHIFT);
  const values = decodedBlock(seenKey, block, <usize>load<u32>(seenEntry), <usize>load<u32>(seenEntry, 4), load<u64>(seenEntry, 8));
  return <i32>load<u8>(values + <usize>(index & <u64>(BLOCK_POSITIONS - 1)));
}

/** The cache slot holding block `block` of slice `key`, decoded there when it is not. */
function decodedBlock(key: i32, block: i32, offsets: usize, data: usize, positions: u64): usize {
  const tag = (<u64>key << 32) | <u64>block;
  // A multiplicative hash spreads neighbouring blocks of several slices over the slots.
  const slot = <i32>((tag * 0x9e3779b97f4a7c15) >> 55) & (CACHE_SLOTS - 1);
  const values = cache + (<usize>slot << 12);
  const tagAt = CACHE_TAGS + (<usize>slot << 3);
  if (load<u64>(tagAt) == tag) return values;
  store<u64>(tagAt, tag);
  const count = <i32>min(<u64>BLOCK_POSITIONS, positions - (<u64>block << BLOCK_SHIFT));
  const from = data + <usize>load<u32>(offsets + (<usize>block << 2));
  const to = data + <usize>load<u32>(offsets + (<usize>(block + 1) << 2));
  decodeRuns(offsets - CODES_BYTES, data, from, to, values, count);
  return values;
}

/**
 * A slice's run codes, one a context (the value of the run before), read once from its tables:
 * a word that says whether they are read, then per code its number of codes of each length
 * (i32) and its symbols in code order.
 */
const CONTEXTS: i32 = 3;
const TABLE_BYTES: usize = 128;
const LONGEST_CODE: i32 = 15;
const COUNTS_BYTES: usize = 4 * <usize>(LONGEST_CODE + 1);
const CODE_BYTES: usize = COUNTS_BYTES + 256;
const CODES_BYTES: usize = 4 + <usize>CONTEXTS * CODE_BYTES;
const CODE_STARTS = memory.data(4 * (LONGEST_CODE + 1));

@inline function codeLength(table: usize, symbol: i32): i32 {
  return <i32>(load<u8>(table + <usize>(symbol >> 1)) >> <u8>((symbol & 1) << 2)) & 15;
}

/** Reads one code's table of lengths (four bits a symbol) into its counts and symbols. */
function readCode(table: usize, counts: usize, symbols: usize): void {
  memory.fill(counts, 0, COUNTS_BYTES);
  for (let symbol = 0; symbol < 256; symbol++) {
    const at = counts + (<usize>codeLength(table, symbol) << 2);
    store<i32>(at, load<i32>(at) + 1);
  }
  // A counting sort by length, symbols in order within a length: where each length's symbols start.
  let start = 0;
  for (let length = 1; length <= LONGEST_CODE; length++) {
    store<i32>(CODE_STARTS + (<usize>length << 2), start);
    start += load<i32>(counts + (<usize>length << 2));
  }
  for (let symbol = 0; symbol < 256; symbol++) {
    const length = codeLength(table, symbol);
    if (length == 0) continue;
    const at = CODE_STARTS + (<usize>length << 2);
    const place = load<i32>(at);
    store<u8>(symbols + <usize>place, <u8>symbol);
    store<i32>(at, place + 1);
  }
}

let bitsAt: usize = 0;
let bitsEnd: usize = 0;
let bit: usize = 0;

/** `count` raw bits of the block read as a number (0 past its end). */
function rawBits(count: i32): i32 {
  let value = 0;
  for (let i = 0; i < count; i++, bit++) {
    const at = bitsAt + (bit >> 3);
    value = (value << 1) | (at < bitsEnd ? <i32>(load<u8>(at) >> <u8>(7 - (bit & 7))) & 1 : 0);
  }
  return value;
}

/** The next run symbol of the block read in the code at `counts` (its symbols after), or -1 past its end or on a code no symbol has. */
function nextSymbol(counts: usize): i32 {
  let code = 0;
  let first = 0;
  let index = 0;
  for (let length = 1; length <= LONGEST_CODE; length++) {
    const at = bitsAt + (bit >> 3);
    if (at >= bitsEnd) return -1;
    code |= <i32>(load<u8>(at) >> <u8>(7 - (bit & 7))) & 1;
    bit++;
    const count = load<i32>(counts + (<usize>length << 2));
    if (code - first < count) return <i32>load<u8>(counts + COUNTS_BYTES + <usize>(index + code - first));
    index += count;
    first = (first + count) << 1;
    code <<= 1;
  }
  return -1;
}

/** Run lengths with a length code of their own; longer runs share one a power of two (bindings/egdb/run-code.ts). */
const EXACT_LENGTHS: i32 = 32;

/**
 * A block's values, a byte each, at `values`: packed two bits a value when the block is as long
 * as that, else runs in the slice's prefix codes (their tables open the data at `tables`; a run
 * is read in the code of the value before it, a draw for the first): a symbol
 * `value | lengthCode << 2`, the length itself up to 32, else 2^k + 1 + k raw bits for the code
 * 28 + k. The host checked the file's CRC; a run past the block's end is cut short all the same.
 */
function decodeRuns(codes: usize, tables: usize, from: usize, to: usize, values: usize, count: i32): void {
  if (to - from == <usize>((count + 3) >> 2)) {
    for (let i = 0; i < count; i++) {
      store<u8>(values + <usize>i, (load<u8>(from + <usize>(i >> 2)) >> <u8>((i & 3) << 1)) & 3);
    }
    return;
  }
  if (load<u32>(codes) == 0) {
    for (let context = 0; context < CONTEXTS; context++) {
      const code = codes + 4 + <usize>context * CODE_BYTES;
      readCode(tables + <usize>context * TABLE_BYTES, code, code + COUNTS_BYTES);
    }
    store<u32>(codes, 1);
  }
  bitsAt = from;
  bitsEnd = to;
  bit = 0;
  let i = 0;
  let context = <i32>DRAW;
  while (i < count) {
    const symbol = nextSymbol(codes + 4 + <usize>context * CODE_BYTES);
    if (symbol <= 3 || (symbol & 3) == 3) break;
    context = symbol & 3;
    const code = symbol >> 2;
    let length = code;
    if (code > EXACT_LENGTHS) {
      const raw = code - EXACT_LENGTHS + 4;
      length = (1 << raw) + 1 + rawBits(raw);
    }
    length = min(length, count - i);
    memory.fill(values + <usize>i, <u8>(symbol & 3), <usize>length);
    i += length;
  }
}

/** Value codes, for the search's use. */
export const VALUE_DRAW: i32 = <i32>DRAW;
export const VALUE_WIN: i32 = <i32>WIN;
export const VALUE_LOSS: i32 = <i32>LOSS;
