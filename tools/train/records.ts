// Self-play records: one quiet position per record, with the game's result and the score of the
// search that chose the move there. Binary and compact (32 bytes a record), so that millions fit
// in memory at training time; the files are training data, never committed.
//
// File: "BDSP", u16 version, u16 variant id (the core's), then records:
//   u32 × 2 white pieces, u32 × 2 black pieces, u32 × 2 kings   (bit s-1 for square s, low word first)
//   u8 side to move (1 White, 0 Black), i8 result for White (1 win, 0 draw, -1 loss),
//   i16 search score for White (centi-men, clamped), u16 ply, u16 reserved.
// Version 2 is the same with four u32 per set (56 bytes a record), for canadian's 72 squares;
// every board of 64 squares or fewer is written as version 1.

import { readFileSync } from "node:fs";
import { DraughtsError } from "../../bindings/core/errors.js";
import { VariantName, variantInfo } from "../../bindings/core/variant.js";

/** Bytes of a record of version 1 (boards of at most 64 squares). */
export const RECORD_BYTES = 32;
export const HEADER_BYTES = 8;
const MAGIC = 0x50534442; // "BDSP" read as a little-endian u32

/** Where a record's fields are: version 1 holds a set of pieces in two u32, version 2 in four. */
export interface RecordLayout {
  readonly version: 1 | 2;
  /** Bytes of one set of pieces (8 or 16). */
  readonly setBytes: number;
  /** Bytes of a record. */
  readonly bytes: number;
  /** Bytes that say which position it is: the three sets and the side to move. */
  readonly positionBytes: number;
  /** Where its ply is (a game's plies rise: a ply no later than the one before starts a game). */
  readonly plyAt: number;
}

function layoutOf(version: 1 | 2): RecordLayout {
  const setBytes = version === 1 ? 8 : 16;
  return { version, setBytes, bytes: 3 * setBytes + 8, positionBytes: 3 * setBytes + 1, plyAt: 3 * setBytes + 4 };
}

/** The playable squares of a variant's board: all of them on turkish's, half on the others. */
export function playableSquares(variant: VariantName): number {
  const info = variantInfo(variant);
  return info.allSquares ? info.size * info.size : (info.size * info.size) / 2;
}

/** The layout of a board of `squares` playable squares: version 2 above 64 (canadian). */
export function recordLayout(squares: number): RecordLayout {
  return layoutOf(squares > 64 ? 2 : 1);
}

const NARROW = layoutOf(1);
/** Search scores are clamped to this, so that win scores fit an i16. */
export const SCORE_CLAMP = 3000;

export class RecordFileError extends DraughtsError {
  override name = "RecordFileError";
  constructor(message: string, readonly file: string) {
    super(`${file}: ${message}`);
  }
}

export interface PositionRecord {
  /** Square numbers (1-based) of each kind of piece. */
  readonly white: readonly number[];
  readonly black: readonly number[];
  readonly kings: readonly number[];
  readonly whiteToMove: boolean;
  /** 1 White won, 0 draw, -1 Black won. */
  readonly result: number;
  /** The search's score from White's side, centi-men. */
  readonly score: number;
  readonly ply: number;
}

export function fileHeader(variantId: number, layout: RecordLayout = NARROW): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt16LE(layout.version, 4);
  header.writeUInt16LE(variantId, 6);
  return header;
}

/** Writes a set of squares as `bytes / 4` u32 words, bit s-1 for square s, low word first. */
function setBits(view: DataView, at: number, squares: readonly number[], bytes: number): void {
  const words = new Uint32Array(bytes >> 2);
  for (const s of squares) {
    if (s < 1 || s > 8 * bytes) throw new RangeError(`square ${s} does not fit a record of ${8 * bytes} squares`);
    words[(s - 1) >> 5]! |= 1 << ((s - 1) & 31);
  }
  words.forEach((word, i) => view.setUint32(at + 4 * i, word, true));
}

function getBits(view: DataView, at: number, bytes: number): number[] {
  const squares: number[] = [];
  for (let w = 0; w < bytes >> 2; w++) {
    const word = view.getUint32(at + 4 * w, true);
    for (let i = 0; i < 32; i++) if ((word >>> i) & 1) squares.push(32 * w + i + 1);
  }
  return squares;
}

export function encodeRecord(record: PositionRecord, layout: RecordLayout = NARROW): Buffer {
  const bytes = Buffer.alloc(layout.bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, layout.bytes);
  const set = layout.setBytes;
  setBits(view, 0, record.white, set);
  setBits(view, set, record.black, set);
  setBits(view, 2 * set, record.kings, set);
  view.setUint8(3 * set, record.whiteToMove ? 1 : 0);
  view.setInt8(3 * set + 1, record.result);
  view.setInt16(3 * set + 2, Math.max(-SCORE_CLAMP, Math.min(SCORE_CLAMP, Math.round(record.score))), true);
  view.setUint16(layout.plyAt, Math.min(record.ply, 0xffff), true);
  return bytes;
}

export function decodeRecord(view: DataView, at: number, layout: RecordLayout = NARROW): PositionRecord {
  const set = layout.setBytes;
  return {
    white: getBits(view, at, set),
    black: getBits(view, at + set, set),
    kings: getBits(view, at + 2 * set, set),
    whiteToMove: view.getUint8(at + 3 * set) === 1,
    result: view.getInt8(at + 3 * set + 1),
    score: view.getInt16(at + 3 * set + 2, true),
    ply: view.getUint16(at + layout.plyAt, true),
  };
}

/** The records of a file, checked: its magic, version and variant, and a whole number of records. */
export function readRecords(file: string, variantId: number): { view: DataView; count: number; layout: RecordLayout } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new RecordFileError(`cannot read it (${(error as Error).message})`, file);
  }
  if (bytes.length < HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC) throw new RecordFileError("not a self-play record file (no BDSP header)", file);
  const version = bytes.readUInt16LE(4);
  if (version !== 1 && version !== 2) throw new RecordFileError(`record version ${version}, this build reads 1 and 2`, file);
  if (bytes.readUInt16LE(6) !== variantId) throw new RecordFileError(`holds variant id ${bytes.readUInt16LE(6)}, not ${variantId}`, file);
  const layout = layoutOf(version);
  const body = bytes.length - HEADER_BYTES;
  if (body % layout.bytes !== 0) throw new RecordFileError(`truncated: ${body} bytes of records is not a multiple of ${layout.bytes}`, file);
  return { view: new DataView(bytes.buffer, bytes.byteOffset + HEADER_BYTES, body), count: body / layout.bytes, layout };
}
