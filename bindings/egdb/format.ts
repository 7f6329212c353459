// One slice's file (docs/endgame-databases.md "Files"): a header, a block index, and blocks of
// run-length coded values, so that a probe decodes one block.

import { DraughtsError } from "../core/errors.js";
import { crc32, hex } from "../eval/weights.js";
import { MAX_GROUP, type Slice, sliceName } from "./slices.js";

/** A database file that is damaged, foreign, or not the one asked for; or a database that cannot do what was asked. */
export class EndgameDatabaseError extends DraughtsError {}

const MAGIC = "BDEG";
/** 2: positions with a capture pending hold no value (version 1 stored them). */
export const FORMAT_VERSION = 2;
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
  /** blocks + 1 offsets into `data`. */
  readonly offsets: Uint32Array;
  readonly data: Uint8Array;
}

/** The file of one slice whose values are `packed` (two bits a position, lowest first). */
export function encodeSlice(variantId: number, slice: Slice, packed: Uint8Array, positions: number): Uint8Array {
  const blocks = Math.ceil(positions / BLOCK_POSITIONS);
  const chunks: Uint8Array[] = [];
  const offsets = new Uint32Array(blocks + 1);
  let length = 0;
  for (let block = 0; block < blocks; block++) {
    const first = block * BLOCK_POSITIONS;
    const count = Math.min(BLOCK_POSITIONS, positions - first);
    const raw = packed.subarray(first >> 2, (first + count + 3) >> 2);
    const runs = encodeRuns(packed, first, count);
    const chunk = runs.length < raw.length ? runs : raw;
    chunks.push(chunk);
    length += chunk.length;
    offsets[block + 1] = length;
  }
  const indexBytes = 4 * (blocks + 1);
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
  for (let i = 0; i <= blocks; i++) view.setUint32(HEADER_BYTES + 4 * i, offsets[i]!, true);
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

/** Runs of one block: `value | length << 2` (length 1 … 63), or `value` then the length in LEB128. */
function encodeRuns(packed: Uint8Array, first: number, count: number): Uint8Array {
  const out: number[] = [];
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
    if (length < 64) out.push(value | (length << 2));
    else {
      out.push(value);
      for (let rest = length; ; rest >>>= 7) {
        if (rest < 0x80) {
          out.push(rest);
          break;
        }
        out.push((rest & 0x7f) | 0x80);
      }
    }
    previous = value;
    i += length;
  }
  return Uint8Array.from(out);
}

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
  let i = 0;
  let at = 0;
  while (at < chunk.length) {
    const byte = chunk[at++]!;
    let length = byte >> 2;
    if (length === 0) {
      for (let shift = 0; ; shift += 7) {
        if (at >= chunk.length || shift > 28) throw damaged();
        const next = chunk[at++]!;
        length += (next & 0x7f) * 2 ** shift;
        if (next < 0x80) break;
      }
    }
    if (i + length > count) throw damaged();
    values.fill(byte & 3, i, i + length);
    i += length;
  }
  if (i !== count) throw damaged();
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
  const dataAt = HEADER_BYTES + 4 * (blocks + 1);
  if (bytes.length < dataAt) throw refuse(`truncated: ${bytes.length} bytes, its block index alone needs ${dataAt}`);
  const expectedCrc = view.getUint32(24, true);
  const actualCrc = crc32(bytes.subarray(HEADER_BYTES));
  if (expectedCrc !== actualCrc) throw refuse(`damaged: its CRC-32 is ${hex(actualCrc)}, the header says ${hex(expectedCrc)}`);
  const offsets = new Uint32Array(blocks + 1);
  for (let i = 0; i <= blocks; i++) offsets[i] = view.getUint32(HEADER_BYTES + 4 * i, true);
  const data = bytes.slice(dataAt);
  for (let i = 0; i < blocks; i++) {
    if (offsets[i]! > offsets[i + 1]! || offsets[i + 1]! > data.length) throw refuse(`block ${i} lies outside the file`);
  }
  return { variantId, slice, positions, offsets, data };
}

