// The book file (docs/books.md "Format"): a 32-byte header, then columns over the positions in
// the order of their keys: the keys, how many moves each has, the moves, their scores. A probe
// finds a position by binary search on its key, so a transposition needs no entry of its own
// and nothing is replayed when a file is opened.

import { DraughtsError } from "../core/errors.js";
import { VARIANTS, type VariantName } from "../core/variant.js";
import { crc32, hex } from "../eval/weights.js";

/** A book file that is damaged or foreign, or a book that cannot be used as asked. */
export class BookError extends DraughtsError {
  override name = "BookError";
}

const MAGIC = "BDBK";
export const FORMAT_VERSION = 1;
export const HEADER_BYTES = 32;
/** Flag bit: the book was built with optional capture. */
const OPTIONAL_CAPTURE = 1;
/** Most moves one position can hold (the count is a byte). */
export const MAX_BOOK_MOVES = 255;

/** One book move: its squares (and, for captures that share them, its place among those), and its score. */
export interface StoredMove {
  readonly from: number;
  readonly to: number;
  /** 0 unless several legal moves go from `from` to `to`: then its place among them, 0 to 3. */
  readonly alternative: number;
  /** Centi-men from the side to move after the book's analysis; WIN_SCORE - n for a win in n plies. */
  readonly score: number;
}

export interface BookContents {
  readonly variant: VariantName;
  readonly optionalCapture: boolean;
  /** The key of the variant's start position where the book was built: a core that keys positions otherwise cannot use it. */
  readonly startKey: bigint;
  /** Position keys and their moves, best first. */
  readonly entries: ReadonlyMap<bigint, readonly StoredMove[]>;
}

/** A book as read from its bytes: sorted keys, and each position's moves found by offset. */
export interface BookTable {
  readonly variant: VariantName;
  readonly optionalCapture: boolean;
  readonly startKey: bigint;
  readonly keys: BigUint64Array;
  /** positions + 1 offsets into the move columns. */
  readonly first: Uint32Array;
  readonly squares: Uint8Array;
  readonly scores: Int16Array;
}

/** The bytes of a book. */
export function encodeBook(book: BookContents): Uint8Array {
  const keys = [...book.entries.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const positions = keys.length;
  const moves = keys.reduce((n, k) => n + book.entries.get(k)!.length, 0);
  const bytes = new Uint8Array(HEADER_BYTES + 8 * positions + positions + 4 * moves);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setUint16(4, FORMAT_VERSION, true);
  bytes[6] = VARIANTS.indexOf(book.variant);
  bytes[7] = book.optionalCapture ? OPTIONAL_CAPTURE : 0;
  view.setUint32(8, positions, true);
  view.setUint32(12, moves, true);
  view.setBigUint64(16, book.startKey, true);
  const countsAt = HEADER_BYTES + 8 * positions;
  const squaresAt = countsAt + positions;
  const scoresAt = squaresAt + 2 * moves;
  let m = 0;
  keys.forEach((key, i) => {
    const list = book.entries.get(key)!;
    if (list.length === 0 || list.length > MAX_BOOK_MOVES) throw new BookError(`a book position holds 1 to ${MAX_BOOK_MOVES} moves, not ${list.length}`);
    view.setBigUint64(HEADER_BYTES + 8 * i, key, true);
    bytes[countsAt + i] = list.length;
    for (const move of list) {
      if (move.alternative < 0 || move.alternative > 3 || move.from > 63 || move.to > 255) throw new BookError(`move ${move.from}-${move.to} (alternative ${move.alternative}) does not fit the format`);
      bytes[squaresAt + 2 * m] = move.from | (move.alternative << 6);
      bytes[squaresAt + 2 * m + 1] = move.to;
      view.setInt16(scoresAt + 2 * m, Math.max(-32767, Math.min(32767, Math.round(move.score))), true);
      m++;
    }
  });
  view.setUint32(24, crc32(bytes.subarray(HEADER_BYTES)), true);
  return bytes;
}

/** Reads and checks a book file; BookError names what is wrong. `where` names the file in messages. */
export function readBookTable(bytes: Uint8Array, where = "book file"): BookTable {
  const refuse = (why: string): BookError => new BookError(`${where}: ${why}`);
  if (!(bytes instanceof Uint8Array)) throw new BookError(`${where}: a book is read from bytes (a Uint8Array), not ${typeof bytes}`);
  if (bytes.length < HEADER_BYTES) throw refuse(`${bytes.length} bytes, shorter than the ${HEADER_BYTES}-byte header`);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic !== MAGIC) throw refuse(`not a book file (magic ${JSON.stringify(magic)}, expected "${MAGIC}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== FORMAT_VERSION) throw refuse(`format version ${version}; this library reads version ${FORMAT_VERSION}`);
  const variant = VARIANTS[bytes[6]!];
  if (variant === undefined) throw refuse(`variant number ${bytes[6]} names no variant (0 to ${VARIANTS.length - 1})`);
  if ((bytes[7]! & ~OPTIONAL_CAPTURE) !== 0) throw refuse(`unknown flags ${bytes[7]}`);
  const positions = view.getUint32(8, true);
  const moves = view.getUint32(12, true);
  const size = HEADER_BYTES + 8 * positions + positions + 4 * moves;
  if (bytes.length < size) throw refuse(`truncated: ${bytes.length} bytes, its ${positions} positions and ${moves} moves need ${size}`);
  if (bytes.length > size) throw refuse(`${bytes.length - size} bytes past the ${positions} positions and ${moves} moves its header counts`);
  const expectedCrc = view.getUint32(24, true);
  const actualCrc = crc32(bytes.subarray(HEADER_BYTES));
  if (expectedCrc !== actualCrc) throw refuse(`damaged: its CRC-32 is ${hex(actualCrc)}, the header says ${hex(expectedCrc)}`);
  const keys = new BigUint64Array(positions);
  for (let i = 0; i < positions; i++) {
    keys[i] = view.getBigUint64(HEADER_BYTES + 8 * i, true);
    if (i > 0 && keys[i]! <= keys[i - 1]!) throw refuse(`its keys are not in ascending order at position ${i}`);
  }
  const countsAt = HEADER_BYTES + 8 * positions;
  const first = new Uint32Array(positions + 1);
  for (let i = 0; i < positions; i++) {
    const count = bytes[countsAt + i]!;
    if (count === 0) throw refuse(`position ${i} has no move`);
    first[i + 1] = first[i]! + count;
  }
  if (first[positions] !== moves) throw refuse(`its positions hold ${first[positions]} moves, the header says ${moves}`);
  const squaresAt = countsAt + positions;
  const squares = bytes.slice(squaresAt, squaresAt + 2 * moves);
  const scores = new Int16Array(moves);
  for (let m = 0; m < moves; m++) scores[m] = view.getInt16(squaresAt + 2 * moves + 2 * m, true);
  return { variant, optionalCapture: (bytes[7]! & OPTIONAL_CAPTURE) !== 0, startKey: view.getBigUint64(16, true), keys, first, squares, scores };
}
