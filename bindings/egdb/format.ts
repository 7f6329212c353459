// One slice's file (docs/endgame-databases.md "Files"): a header, a block index, the run codes'
// tables, and blocks of runs in those codes, so that a probe decodes one block.

import { DraughtsError } from "../core/errors.js";
import { crc32, hex } from "../eval/weights.js";
import {
  BitWriter, CODE_TABLE_BYTES, CONTEXTS, CodeReader, codeLengths, isPrefixCode, lengthOf, packLengths, rawBitsOf, runSymbol, symbolWriter, unpackLengths,
} from "./run-code.js";
import { MAX_GROUP, type Slice, sliceName } from "./slices.js";

/** A database file that is damaged, foreign, or not the one asked for; or a database that cannot do what was asked. */
export class EndgameDatabaseError extends DraughtsError {}

const MAGIC = "BDEG";
/** 3: runs in prefix codes (2: runs a byte each; 1 also stored positions with a capture pending). */
export const FORMAT_VERSION = 3;
export const INDEX_SCHEME = 1;
export const HEADER_BYTES = 32;
export const BLOCK_POSITIONS = 4096;

/** Value codes, two bits each (assembly/egdb/tables.ts). */
export const DRAW = 0;
export const WIN = 1;
export const LOSS = 2;
export const NO_POSITION = 3;

/** A slice file read and checked. */
export interface SliceFile {
  readonly variantId: number;
  readonly slice: Slice;
  readonly positions: number;
  /** blocks + 1 offsets into `data` (which opens with the three run codes' tables). */
  readonly offsets: Uint32Array;
  readonly data: Uint8Array;
}

/** The file of one slice whose values are `packed` (two bits a position, lowest first). */
export function encodeSlice(variantId: number, slice: Slice, packed: Uint8Array, positions: number): Uint8Array {
  const blocks = Math.ceil(positions / BLOCK_POSITIONS);
  const runs = (block: number): Run[] => runsOf(packed, block * BLOCK_POSITIONS, Math.min(BLOCK_POSITIONS, positions - block * BLOCK_POSITIONS));
  // Two passes over the runs, the codes' counts then the blocks: a six-piece slice has millions of runs.
  const counts = Array.from({ length: CONTEXTS }, () => new Array<number>(256).fill(0));
  for (let block = 0; block < blocks; block++) {
    for (const { after, symbol } of runs(block)) counts[after]![symbol]!++;
  }
  const lengths = counts.map(codeLengths);
  const writers = lengths.map(symbolWriter);
  const chunks: Uint8Array[] = lengths.map(packLengths);
  const offsets = new Uint32Array(blocks + 1);
  let length = TABLES_BYTES;
  offsets[0] = length;
  for (let block = 0; block < blocks; block++) {
    const first = block * BLOCK_POSITIONS;
    const count = Math.min(BLOCK_POSITIONS, positions - first);
    const raw = packed.subarray(first >> 2, (first + count + 3) >> 2);
    const writer = new BitWriter();
    for (const { after, symbol, bits, extra } of runs(block)) {
      writers[after]!(writer, symbol);
      writer.write(extra, bits);
    }
    const coded = writer.bytes;
    const chunk = coded.length < raw.length ? coded : raw;
    chunks.push(chunk);
    length += chunk.length;
    offsets[block + 1] = length;
  }
  const indexBytes = 2 * blocks;
  const bytes = new Uint8Array(HEADER_BYTES + indexBytes + length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint16(4, FORMAT_VERSION, true);
  bytes[6] = variantId;
  bytes[7] = INDEX_SCHEME;
  bytes.set([slice.a, slice.b, slice.c, slice.d], 8);
  view.setUint32(12, positions, true);
  view.setUint32(16, BLOCK_POSITIONS, true);
  view.setUint32(20, blocks, true);
  // The block index holds each block's length (at most its packed length, 1024 bytes); a reader adds them up.
  for (let i = 0; i < blocks; i++) view.setUint16(HEADER_BYTES + 2 * i, offsets[i + 1]! - offsets[i]!, true);
  let at = HEADER_BYTES + indexBytes;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  view.setUint32(24, crc32(bytes.subarray(HEADER_BYTES)), true);
  return bytes;
}

function valueOf(packed: Uint8Array, i: number): number {
  return (packed[i >> 2]! >> ((i & 3) << 1)) & 3;
}

/** A run's symbol and raw bits, and the value of the run before it (its code). */
type Run = ReturnType<typeof runSymbol> & { readonly after: number };

/** Runs of one block, "no position" read as the value before it so that it never breaks a run. */
function runsOf(packed: Uint8Array, first: number, count: number): Run[] {
  const out: Run[] = [];
  // The first run of a block goes after a draw.
  let previous = DRAW;
  let i = 0;
  while (i < count) {
    let value = valueOf(packed, first + i);
    if (value === NO_POSITION) value = previous;
    let length = 1;
    while (i + length < count) {
      const next = valueOf(packed, first + i + length);
      if (next !== value && next !== NO_POSITION) break;
      length++;
    }
    out.push({ ...runSymbol(value, length), after: previous });
    previous = value;
    i += length;
  }
  return out;
}

/** The file's code tables, one a context, at the start of its data. */
const TABLES_BYTES = CONTEXTS * CODE_TABLE_BYTES;

function tableOf(data: Uint8Array, context: number): Uint8Array {
  return unpackLengths(data.subarray(context * CODE_TABLE_BYTES, (context + 1) * CODE_TABLE_BYTES));
}

/** The readers of each file's codes, made at its first block. */
const readers = new WeakMap<SliceFile, CodeReader[]>();

/** The values of one block, one a byte ("no position" read as a neighbour's value). */
export function decodeBlock(file: SliceFile, block: number): Uint8Array {
  const count = Math.min(BLOCK_POSITIONS, file.positions - block * BLOCK_POSITIONS);
  const chunk = file.data.subarray(file.offsets[block]!, file.offsets[block + 1]!);
  const values = new Uint8Array(count);
  const damaged = (): EndgameDatabaseError => new EndgameDatabaseError(`slice ${sliceName(file.slice)}: block ${block} does not decode to ${count} values`);
  if (chunk.length === (count + 3) >> 2) {
    for (let i = 0; i < count; i++) values[i] = valueOf(chunk, i);
    return values;
  }
  let codes = readers.get(file);
  if (codes === undefined) {
    codes = Array.from({ length: CONTEXTS }, (_, context) => new CodeReader(tableOf(file.data, context)));
    readers.set(file, codes);
  }
  let reader = codes[DRAW]!;
  reader.start(chunk);
  let i = 0;
  while (i < count) {
    const symbol = reader.next();
    if (symbol === undefined || symbol >> 2 === 0 || (symbol & 3) === NO_POSITION) throw damaged();
    const extra = reader.bits(rawBitsOf(symbol >> 2));
    if (extra === undefined) throw damaged();
    const length = lengthOf(symbol >> 2, extra);
    if (i + length > count) throw damaged();
    values.fill(symbol & 3, i, i + length);
    i += length;
    reader = reader.switchTo(codes[symbol & 3]!);
  }
  return values;
}

/** What a file must be: the variant always, the slice and its size when known. */
export interface Expected {
  readonly variantId: number;
  readonly slice?: Slice;
  readonly positions?: number;
}

/** Reads and checks a slice file; EndgameDatabaseError names what is wrong. */
export function readSliceFile(bytes: Uint8Array, expected: Expected, where = "endgame database file"): SliceFile {
  const refuse = (why: string): EndgameDatabaseError => new EndgameDatabaseError(`${where}: ${why}`);
  if (bytes.length < HEADER_BYTES) throw refuse(`${bytes.length} bytes, shorter than the ${HEADER_BYTES}-byte header`);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) throw refuse(`not an endgame database file (magic ${JSON.stringify(magic)}, expected "${MAGIC}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== FORMAT_VERSION) throw refuse(`format version ${version}; this library reads version ${FORMAT_VERSION}`);
  if (bytes[7] !== INDEX_SCHEME) throw refuse(`index scheme ${bytes[7]}; this library reads scheme ${INDEX_SCHEME}`);
  const variantId = bytes[6]!;
  if (variantId !== expected.variantId) throw refuse(`a database of variant id ${variantId}, not of this variant (id ${expected.variantId})`);
  const slice = { a: bytes[8]!, b: bytes[9]!, c: bytes[10]!, d: bytes[11]! };
  if ([slice.a, slice.b, slice.c, slice.d].some((n) => n > MAX_GROUP) || slice.a + slice.b === 0 || slice.c + slice.d === 0) {
    throw refuse(`names no slice (${[slice.a, slice.b, slice.c, slice.d].join(", ")} pieces: each 0 to ${MAX_GROUP}, both sides on the board)`);
  }
  if (expected.slice !== undefined && sliceName(slice) !== sliceName(expected.slice)) {
    throw refuse(`holds slice ${sliceName(slice)}, not ${sliceName(expected.slice)}`);
  }
  const positions = view.getUint32(12, true);
  if (expected.positions !== undefined && positions !== expected.positions) {
    throw refuse(`slice ${sliceName(slice)} of ${positions} positions; its index has ${expected.positions}`);
  }
  if (view.getUint32(16, true) !== BLOCK_POSITIONS) throw refuse(`blocks of ${view.getUint32(16, true)} positions, not ${BLOCK_POSITIONS}`);
  const blocks = view.getUint32(20, true);
  if (blocks !== Math.ceil(positions / BLOCK_POSITIONS)) throw refuse(`${blocks} blocks for ${positions} positions`);
  const dataAt = HEADER_BYTES + 2 * blocks;
  if (bytes.length < dataAt + TABLES_BYTES) throw refuse(`truncated: ${bytes.length} bytes, its block index and code tables alone need ${dataAt + TABLES_BYTES}`);
  const expectedCrc = view.getUint32(24, true);
  const actualCrc = crc32(bytes.subarray(HEADER_BYTES));
  if (expectedCrc !== actualCrc) throw refuse(`damaged: its CRC-32 is ${hex(actualCrc)}, the header says ${hex(expectedCrc)}`);
  const offsets = new Uint32Array(blocks + 1);
  offsets[0] = TABLES_BYTES;
  for (let i = 0; i < blocks; i++) offsets[i + 1] = offsets[i]! + view.getUint16(HEADER_BYTES + 2 * i, true);
  const data = bytes.slice(dataAt);
  if (offsets[blocks] !== data.length) throw refuse(`its blocks take ${offsets[blocks]! - TABLES_BYTES} bytes by its block index, ${data.length - TABLES_BYTES} by its size`);
  for (let context = 0; context < CONTEXTS; context++) {
    if (!isPrefixCode(tableOf(data, context))) throw refuse(`the code of its runs after a ${["draw", "win", "loss"][context]} is no prefix code`);
  }
  return { variantId, slice, positions, offsets, data };
}

