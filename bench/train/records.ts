// Self-play records: one quiet position per record, with the game's result and the score of the
// search that chose the move there. Binary and compact (32 bytes a record), so that millions fit
// in memory at training time; the files are training data, never committed.
//
// File: "BDSP", u16 version, u16 variant id (the core's), then records:
//   u32 × 2 white pieces, u32 × 2 black pieces, u32 × 2 kings   (bit s-1 for square s, low word first)
//   u8 side to move (1 White, 0 Black), i8 result for White (1 win, 0 draw, -1 loss),
//   i16 search score for White (centi-men, clamped), u16 ply, u16 reserved.

import { readFileSync } from "node:fs";
import { DraughtsError } from "../../bindings/core/errors.js";

export const RECORD_BYTES = 32;
export const HEADER_BYTES = 8;
/** Where in a record its ply is (a game's plies rise: a ply no later than the one before starts a game). */
export const PLY_AT = 28;
const MAGIC = 0x50534442; // "BDSP" read as a little-endian u32
const VERSION = 1;
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

export function fileHeader(variantId: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(variantId, 6);
  return header;
}

function setBits(view: DataView, at: number, squares: readonly number[]): void {
  let low = 0;
  let high = 0;
  for (const s of squares) {
    if (s <= 32) low |= 1 << (s - 1);
    else high |= 1 << (s - 33);
  }
  view.setUint32(at, low >>> 0, true);
  view.setUint32(at + 4, high >>> 0, true);
}

function getBits(view: DataView, at: number): number[] {
  const squares: number[] = [];
  const low = view.getUint32(at, true);
  const high = view.getUint32(at + 4, true);
  for (let i = 0; i < 32; i++) if ((low >>> i) & 1) squares.push(i + 1);
  for (let i = 0; i < 32; i++) if ((high >>> i) & 1) squares.push(i + 33);
  return squares;
}

export function encodeRecord(record: PositionRecord): Buffer {
  const bytes = Buffer.alloc(RECORD_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, RECORD_BYTES);
  setBits(view, 0, record.white);
  setBits(view, 8, record.black);
  setBits(view, 16, record.kings);
  view.setUint8(24, record.whiteToMove ? 1 : 0);
  view.setInt8(25, record.result);
  view.setInt16(26, Math.max(-SCORE_CLAMP, Math.min(SCORE_CLAMP, Math.round(record.score))), true);
  view.setUint16(PLY_AT, Math.min(record.ply, 0xffff), true);
  return bytes;
}

export function decodeRecord(view: DataView, at: number): PositionRecord {
  return {
    white: getBits(view, at),
    black: getBits(view, at + 8),
    kings: getBits(view, at + 16),
    whiteToMove: view.getUint8(at + 24) === 1,
    result: view.getInt8(at + 25),
    score: view.getInt16(at + 26, true),
    ply: view.getUint16(at + PLY_AT, true),
  };
}

/** The records of a file, checked: its magic, version and variant, and a whole number of records. */
export function readRecords(file: string, variantId: number): { view: DataView; count: number } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new RecordFileError(`cannot read it (${(error as Error).message})`, file);
  }
  if (bytes.length < HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC) throw new RecordFileError("not a self-play record file (no BDSP header)", file);
  if (bytes.readUInt16LE(4) !== VERSION) throw new RecordFileError(`record version ${bytes.readUInt16LE(4)}, this build reads ${VERSION}`, file);
  if (bytes.readUInt16LE(6) !== variantId) throw new RecordFileError(`holds variant id ${bytes.readUInt16LE(6)}, not ${variantId}`, file);
  const body = bytes.length - HEADER_BYTES;
  if (body % RECORD_BYTES !== 0) throw new RecordFileError(`truncated: ${body} bytes of records is not a multiple of ${RECORD_BYTES}`, file);
  return { view: new DataView(bytes.buffer, bytes.byteOffset + HEADER_BYTES, body), count: body / RECORD_BYTES };
}
