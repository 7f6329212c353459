// Evaluation weight files: the learned pattern weights and the hand-written terms of one
// family, as int16 little-endian, checked before anything reaches the core.
//
//   offset  size  field
//   0       4     "BDEW"
//   4       2     format version (1; 2 when the file has kings' windows)
//   6       2     family: 0 8×8 short kings, 1 8×8 flying kings, 2 10×10, then the families
//                 whose evaluation has terms only: 3 turkish, 4 canadian, 5 antidraughts, 6 breakthrough,
//                 7 frisian (and frysk; with the 10×10 family's patterns)
//   8       2     windows (9 on 8×8, 16 on 10×10, 0 for a family of terms only)
//   10      2     arrangements per window (6561; 0 with no windows)
//   12      2     hand-written terms (32)
//   14      2     king states per window (version 2: 144, the 8×8 families only; version 1: 0)
//   16      4     CRC-32 of everything after the header
//   20            hand-written terms, int16 each (centi-men)
//                 then per window and arrangement: opening, endgame weight, int16 (quarter centi-men)
//                 version 2: then per window and king state: opening, endgame weight, int16
//
// Kings' windows (version 2, 2026-12-08; assembly/eval/king-windows.ts): per 8×8 window, a
// weight for each count of own and enemy kings (0, 1, 2+) and men (0 … 3+) standing in it. A
// file without them is written as version 1, byte for byte as before, so older cores and
// libraries read it; a version 2 file needs a core that reads kings' windows.
//
// The file is refused whole (WeightsError, naming what is wrong) when any field or the checksum
// does not match; a refused file leaves the engine as it was.
//
// Windows: four rows by four columns, every second row and column: 9 on 8×8 and, since
// 2026-12-02, 16 on 10×10 (assembly/eval/patterns.ts). Before, 10×10 had 9 windows three rows
// and columns apart; such a file still reads here (an older core, a frozen baseline, plays
// it), and a core refuses a file whose windows are not its own (Engine.loadWeights).

import { DraughtsError } from "../core/errors.js";
import type { VariantName } from "../core/variant.js";

export class WeightsError extends DraughtsError {
  override name = "WeightsError";
}

export const WEIGHTS_MAGIC = "BDEW";
/** The newest format version (2: kings' windows); version 1 files are read and written too. */
export const WEIGHTS_VERSION = 2;
export const ARRANGEMENTS = 6561;
/** King states of an 8×8 window (assembly/eval/king-windows.ts): own and enemy kings 0 / 1 / 2+, own and enemy men 0 … 3+. */
export const KING_STATES = 144;
/** The families whose windows may have king states: the two 8×8 ones. */
const KING_FAMILIES: readonly number[] = [0, 1];
export const HAND_TERMS = 32;
export const HEADER_BYTES = 20;

/**
 * The families of evaluation weights, by index: the three board families that share an
 * evaluation of terms and patterns, then the evaluations of terms only, each a variant's own.
 */
export const FAMILY_NAMES = ["short-kings-8x8", "flying-kings-8x8", "ten-by-ten", "turkish", "canadian", "antidraughts", "breakthrough", "frisian"] as const;
/** The name of a family of evaluation weights (FAMILY_NAMES). */
export type FamilyName = (typeof FAMILY_NAMES)[number];

/**
 * The pattern windows of each family, by family index: 3 × 3 on 8×8, 4 × 4 on 10×10, none for
 * the families of terms only.
 */
export const FAMILY_WINDOWS: readonly number[] = Object.freeze([9, 9, 16, 0, 0, 0, 0, 0]);
/** The windows of 10×10 files written before 2026-12-02 (three rows and columns apart), read for older cores. */
export const EARLIER_TEN_BY_TEN_WINDOWS = 9;

/** The windows of a family's board (FAMILY_WINDOWS). */
export function windowsOf(family: number): number {
  const windows = FAMILY_WINDOWS[family];
  if (windows === undefined) throw new WeightsError(`no weight family ${family}; the families are 0 to ${FAMILY_NAMES.length - 1}`);
  return windows;
}

/** The bytes of a weight file with `windows` windows (and `kingStates` king states a window: 0 or KING_STATES). */
export function weightsFileBytes(windows: number, kingStates = 0): number {
  return HEADER_BYTES + 2 * HAND_TERMS + 4 * windows * (ARRANGEMENTS + kingStates);
}

/** Whether a family's windows may have king states (the 8×8 families). */
export function readsKingWindows(family: number): boolean {
  return KING_FAMILIES.includes(family);
}

// The core's familyOf: 10×10 boards, else flying kings or short kings; turkish, canadian and the
// two games that end otherwise have evaluations of their own (assembly/eval/hand.ts,
// game-end.ts); frisian and frysk read terms of their own and 10×10's patterns.
const FAMILY_OF: Readonly<Partial<Record<VariantName, number>>> = {
  english: 0, italian: 0, russian: 1, brazilian: 1, spanish: 1, czech: 1, pool: 1, thai: 1,
  international: 2, killer: 2, frisian: 7, frysk: 7, turkish: 3, canadian: 4, antidraughts: 5, breakthrough: 6,
};

/** The family index of a variant (the core's familyOf); throws WeightsError for a variant without a weight file. */
export function familyOf(variant: VariantName): number {
  const family = weightFamilyOf(variant);
  if (family === undefined) throw new WeightsError(`${variant} has no evaluation weights: its evaluation, if it has one, is written in the core`);
  return family;
}

/** The family index of a variant, or undefined when its evaluation reads no weight file. */
export function weightFamilyOf(variant: VariantName): number | undefined {
  return FAMILY_OF[variant];
}

/**
 * Throws WeightsError unless `family` (a weight file's) is the one `variant`'s evaluation reads:
 * the one check of the tools that take a weight file for a variant (selfplay, train, tune).
 */
export function assertFamilyOf(variant: VariantName, family: number): void {
  const own = familyOf(variant);
  if (family !== own) throw new WeightsError(`the weights are for ${FAMILY_NAMES[family] ?? `family ${family}`}, not for ${variant}'s ${FAMILY_NAMES[own]}`);
}

/** The family whose patterns frisian and frysk read (the core's patternFamilyOf): 10×10's. */
const BORROWED_PATTERNS: Readonly<Partial<Record<number, number>>> = { 7: 2 };

/**
 * Every family whose weights a variant's evaluation reads: its own, then the family it borrows
 * patterns from (frisian: 10×10's). Empty when it reads no weight file.
 */
export function weightFamiliesOf(variant: VariantName): readonly number[] {
  const family = FAMILY_OF[variant];
  if (family === undefined) return [];
  const patterns = BORROWED_PATTERNS[family];
  return patterns === undefined ? [family] : [family, patterns];
}

/** A weight file as read (parseWeights): its board family, the hand-written terms and the learned patterns. */
export interface EvalWeights {
  readonly family: number;
  /** The pattern windows the file has (its family's, FAMILY_WINDOWS, or an earlier 10×10 file's 9). */
  readonly windows: number;
  /** The hand-written terms, centi-men (assembly/eval/weights.ts order). */
  readonly hand: Int16Array;
  /** Per window and arrangement, the opening then the endgame weight (quarter centi-men). */
  readonly patterns: Int16Array;
  /**
   * Per window and king state (KING_STATES), the opening then the endgame weight (quarter
   * centi-men): the kings' windows of an 8×8 family. Absent from a file without them (version 1).
   */
  readonly kings?: Int16Array;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (the IEEE polynomial, as zip and PNG use). */
export function crc32(bytes: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Reads and checks a weight file. */
export function parseWeights(bytes: Uint8Array): EvalWeights {
  if (!(bytes instanceof Uint8Array)) throw new WeightsError(`a weight file must be a Uint8Array, not ${typeof bytes}`);
  if (bytes.length < HEADER_BYTES) throw new WeightsError(`a weight file has a ${HEADER_BYTES}-byte header, this one has ${bytes.length} bytes in all`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== WEIGHTS_MAGIC) throw new WeightsError(`not a weight file: it starts ${JSON.stringify(magic)}, not "${WEIGHTS_MAGIC}"`);
  const version = view.getUint16(4, true);
  if (version !== 1 && version !== WEIGHTS_VERSION) throw new WeightsError(`weight file version ${version}; this library reads versions 1 to ${WEIGHTS_VERSION}`);
  const family = view.getUint16(6, true);
  if (family >= FAMILY_NAMES.length) throw new WeightsError(`weight file for family ${family}; the families are 0 to ${FAMILY_NAMES.length - 1}`);
  const windows = view.getUint16(8, true);
  const arrangements = view.getUint16(10, true);
  const hand = view.getUint16(12, true);
  const known = windows === windowsOf(family) || (family === FAMILY_NAMES.indexOf("ten-by-ten") && windows === EARLIER_TEN_BY_TEN_WINDOWS);
  const perWindow = windowsOf(family) === 0 ? 0 : ARRANGEMENTS;
  if (!known || arrangements !== perWindow || hand !== HAND_TERMS) {
    throw new WeightsError(`weight file shape ${windows} windows × ${arrangements} arrangements and ${hand} terms; ${FAMILY_NAMES[family]} uses ${windowsOf(family)} × ${perWindow} and ${HAND_TERMS}`);
  }
  const kingStates = view.getUint16(14, true);
  if (version === 1 && kingStates !== 0) throw new WeightsError(`weight file version 1 with ${kingStates} king states a window: version 1 has none (field 14 must be 0)`);
  if (version === 2 && (kingStates !== KING_STATES || !readsKingWindows(family) || windows === 0)) {
    throw new WeightsError(`weight file version 2 with ${kingStates} king states a window for ${FAMILY_NAMES[family]}; version 2 holds ${KING_STATES} a window, for ${KING_FAMILIES.map((f) => FAMILY_NAMES[f]).join(" and ")} only`);
  }
  const fileBytes = weightsFileBytes(windows, kingStates);
  if (bytes.length !== fileBytes) {
    throw new WeightsError(`weight file is ${bytes.length} bytes, ${bytes.length < fileBytes ? "truncated: " : ""}it must be ${fileBytes}`);
  }
  const expected = view.getUint32(16, true);
  const actual = crc32(bytes.subarray(HEADER_BYTES));
  if (expected !== actual) throw new WeightsError(`weight file is corrupt: its checksum is ${hex(actual)}, the header says ${hex(expected)}`);
  // Copies, so that the caller's buffer can change afterwards.
  const handTerms = new Int16Array(HAND_TERMS);
  const patterns = new Int16Array(2 * windows * ARRANGEMENTS);
  for (let i = 0; i < HAND_TERMS; i++) handTerms[i] = view.getInt16(HEADER_BYTES + 2 * i, true);
  const at = HEADER_BYTES + 2 * HAND_TERMS;
  for (let i = 0; i < patterns.length; i++) patterns[i] = view.getInt16(at + 2 * i, true);
  if (kingStates === 0) return { family, windows, hand: handTerms, patterns };
  const kings = new Int16Array(2 * windows * kingStates);
  const kingsAt = at + 2 * patterns.length;
  for (let i = 0; i < kings.length; i++) kings[i] = view.getInt16(kingsAt + 2 * i, true);
  return { family, windows, hand: handTerms, patterns, kings };
}

/** A checksum as file tools print it: 0x and eight hex digits. */
export function hex(n: number): string {
  return `0x${n.toString(16).padStart(8, "0")}`;
}

/**
 * Writes a weight file, with its family's windows (FAMILY_WINDOWS): version 1 without kings'
 * windows (byte for byte as before they existed), version 2 with them.
 */
export function encodeWeights(weights: Omit<EvalWeights, "windows">): Uint8Array {
  const windows = windowsOf(weights.family);
  if (weights.hand.length !== HAND_TERMS || weights.patterns.length !== 2 * windows * ARRANGEMENTS) {
    throw new WeightsError(`${FAMILY_NAMES[weights.family]} weights must have ${HAND_TERMS} terms and ${2 * windows * ARRANGEMENTS} pattern weights (${windows} windows), not ${weights.hand.length} and ${weights.patterns.length}`);
  }
  const kings = weights.kings;
  if (kings !== undefined && (!readsKingWindows(weights.family) || kings.length !== 2 * windows * KING_STATES)) {
    throw new WeightsError(`${FAMILY_NAMES[weights.family]} ${readsKingWindows(weights.family) ? `kings' windows must have ${2 * windows * KING_STATES} weights, not ${kings.length}` : "has no kings' windows"}`);
  }
  const kingStates = kings === undefined ? 0 : KING_STATES;
  const bytes = new Uint8Array(weightsFileBytes(windows, kingStates));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = WEIGHTS_MAGIC.charCodeAt(i);
  view.setUint16(4, kings === undefined ? 1 : 2, true);
  view.setUint16(6, weights.family, true);
  view.setUint16(8, windows, true);
  view.setUint16(10, windows === 0 ? 0 : ARRANGEMENTS, true);
  view.setUint16(12, HAND_TERMS, true);
  view.setUint16(14, kingStates, true);
  for (let i = 0; i < HAND_TERMS; i++) view.setInt16(HEADER_BYTES + 2 * i, weights.hand[i]!, true);
  const at = HEADER_BYTES + 2 * HAND_TERMS;
  for (let i = 0; i < weights.patterns.length; i++) view.setInt16(at + 2 * i, weights.patterns[i]!, true);
  const kingsAt = at + 2 * weights.patterns.length;
  if (kings !== undefined) for (let i = 0; i < kings.length; i++) view.setInt16(kingsAt + 2 * i, kings[i]!, true);
  view.setUint32(16, crc32(bytes.subarray(HEADER_BYTES)), true);
  return bytes;
}
