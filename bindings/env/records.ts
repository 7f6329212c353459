// Self-play records (docs/env.md "Self-play records"): one record a decision of a game played
// over an environment, with the position, the capture in progress, the search's visit
// distribution (or only the action chosen) and the game's result for the side to move. The
// format succeeds tools/train/records.ts's BDSP (positions and results for the evaluation's
// weights), adding what a policy learns from; it is the same in every host (python/ reads and
// writes it too). Little-endian throughout.
//
// File: header of 16 bytes: "BDSR", u16 version (1), u16 core variant id, u16 squares N,
// u16 actions A, u32 0. Then records, each a multiple of 4 bytes:
//   0  u16 size of the record in bytes      2  u16 ply (whole moves played before it)
//   4  u8  side to move (0 White, 1 Black)  5  u8  legs of the capture in progress (L)
//   6  i8  result for the side to move (1 won, 0 draw, -1 lost)
//   7  u8  flags: 1 the last record of its game
//   8  i32 the action chosen                12 u16 policy entries (K)   14 u16 0
//   16 N bytes: square 1 … N's piece (PIECE_* codes: 0 empty, 1 white man, 2 white king, 3 black man, 4 black king)
//   16+N  4 bytes: frisian's king streaks as BOARD holds them (0 elsewhere)
//   20+N  L × u16: the actions of the capture in progress
//   then, at a multiple of 4: K × u16 actions (padded to 4 bytes), K × f32 their probabilities

import { DraughtsError } from "../core/errors.js";

const MAGIC = 0x52534442; // "BDSR" read as a little-endian u32
/** Bytes of a record file's header. */
export const RECORD_HEADER_BYTES = 16;
/** The format's version. */
export const RECORD_VERSION = 1;

/** A record file that cannot be read: says where and why. */
export class RecordError extends DraughtsError {
  override name = "RecordError";
}

/** What a record file holds before its records. */
export interface RecordHeader {
  /** The core's variant id (OPTIONAL_CAPTURE added for that house rule). */
  readonly variantId: number;
  readonly squares: number;
  readonly actions: number;
}

/** One decision of a self-play game. */
export interface SelfPlayRecord {
  readonly ply: number;
  readonly toMove: 0 | 1;
  /** Square 1 … N's piece code at index 0 … N−1. */
  readonly squares: Uint8Array;
  /** Frisian's king streaks (White's count and square, Black's); zeros elsewhere. */
  readonly streaks?: readonly number[];
  /** The actions of the capture in progress, played before this decision. */
  readonly legs: readonly number[];
  readonly action: number;
  /** The visit distribution: actions and their probabilities (empty when only the action is kept). */
  readonly policy: { readonly actions: readonly number[]; readonly probabilities: readonly number[] };
  /** The game's result for the side to move: 1 won, 0 draw, −1 lost. */
  readonly result: -1 | 0 | 1;
  /** Whether this is the last record of its game. */
  readonly last: boolean;
}

function recordBytes(squares: number, legs: number, entries: number): number {
  const head = 20 + squares + 2 * legs;
  const policyAt = (head + 3) & ~3;
  return policyAt + ((2 * entries + 3) & ~3) + 4 * entries;
}

/** Writes a record file: the header, then each record. */
export function writeRecords(header: RecordHeader, records: Iterable<SelfPlayRecord>): Uint8Array {
  const list = Array.from(records);
  let total = RECORD_HEADER_BYTES;
  for (const r of list) total += recordBytes(header.squares, r.legs.length, r.policy.actions.length);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint16(4, RECORD_VERSION, true);
  view.setUint16(6, header.variantId, true);
  view.setUint16(8, header.squares, true);
  view.setUint16(10, header.actions, true);
  let at = RECORD_HEADER_BYTES;
  for (const r of list) {
    const k = r.policy.actions.length;
    if (r.squares.length !== header.squares) throw new RecordError(`a record has ${r.squares.length} squares, the file ${header.squares}`);
    if (r.policy.probabilities.length !== k) throw new RecordError("a record's policy has as many probabilities as actions");
    const size = recordBytes(header.squares, r.legs.length, k);
    view.setUint16(at, size, true);
    view.setUint16(at + 2, r.ply, true);
    view.setUint8(at + 4, r.toMove);
    view.setUint8(at + 5, r.legs.length);
    view.setInt8(at + 6, r.result);
    view.setUint8(at + 7, r.last ? 1 : 0);
    view.setInt32(at + 8, r.action, true);
    view.setUint16(at + 12, k, true);
    bytes.set(r.squares, at + 16);
    if (r.streaks !== undefined) bytes.set(r.streaks.slice(0, 4), at + 16 + header.squares);
    r.legs.forEach((leg, i) => view.setUint16(at + 20 + header.squares + 2 * i, leg, true));
    const policyAt = at + ((20 + header.squares + 2 * r.legs.length + 3) & ~3);
    const probabilitiesAt = policyAt + ((2 * k + 3) & ~3);
    for (let i = 0; i < k; i++) {
      view.setUint16(policyAt + 2 * i, r.policy.actions[i]!, true);
      view.setFloat32(probabilitiesAt + 4 * i, r.policy.probabilities[i]!, true);
    }
    at += size;
  }
  return bytes;
}

/** Reads a record file; throws RecordError naming the byte where it goes wrong. */
export function readRecords(bytes: Uint8Array): { header: RecordHeader; records: SelfPlayRecord[] } {
  if (bytes.length < RECORD_HEADER_BYTES) throw new RecordError(`a record file has a ${RECORD_HEADER_BYTES}-byte header; this one has ${bytes.length} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new RecordError("not a self-play record file (no BDSR at its start)");
  const version = view.getUint16(4, true);
  if (version !== RECORD_VERSION) throw new RecordError(`record version ${version} is not known (this reader reads ${RECORD_VERSION})`);
  const header: RecordHeader = { variantId: view.getUint16(6, true), squares: view.getUint16(8, true), actions: view.getUint16(10, true) };
  const n = header.squares;
  const records: SelfPlayRecord[] = [];
  let at = RECORD_HEADER_BYTES;
  while (at < bytes.length) {
    if (at + 20 + n > bytes.length) throw new RecordError(`byte ${at}: a record is cut short`);
    const size = view.getUint16(at, true);
    const legs = view.getUint8(at + 5);
    const k = view.getUint16(at + 12, true);
    if (size !== recordBytes(n, legs, k) || at + size > bytes.length) throw new RecordError(`byte ${at}: the record's size ${size} does not match its contents or the file`);
    const result = view.getInt8(at + 6);
    const toMove = view.getUint8(at + 4);
    if ((result !== -1 && result !== 0 && result !== 1) || (toMove !== 0 && toMove !== 1)) throw new RecordError(`byte ${at}: a result of ${result} or a side to move of ${toMove}`);
    const policyAt = at + ((20 + n + 2 * legs + 3) & ~3);
    const probabilitiesAt = policyAt + ((2 * k + 3) & ~3);
    records.push({
      ply: view.getUint16(at + 2, true),
      toMove,
      squares: bytes.slice(at + 16, at + 16 + n),
      streaks: Array.from(bytes.subarray(at + 16 + n, at + 20 + n)),
      legs: Array.from({ length: legs }, (_, i) => view.getUint16(at + 20 + n + 2 * i, true)),
      action: view.getInt32(at + 8, true),
      policy: {
        actions: Array.from({ length: k }, (_, i) => view.getUint16(policyAt + 2 * i, true)),
        probabilities: Array.from({ length: k }, (_, i) => view.getFloat32(probabilitiesAt + 4 * i, true)),
      },
      result: result as -1 | 0 | 1,
      last: (view.getUint8(at + 7) & 1) !== 0,
    });
    at += size;
  }
  return { header, records };
}
