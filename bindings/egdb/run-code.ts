// The code of a slice file's runs (docs/endgame-databases.md "Files"). A run is a symbol, `value |
// lengthCode << 2`, and for long runs some raw bits more: lengths 1 … 32 have a length code each,
// longer ones share a code per power of two (33 … 64, 65 … 128, …, 2049 … 4096) and their raw
// bits say which. The symbols are written in one canonical Huffman code a slice, its 256 code
// lengths (0 … 15, 0: symbol not used) stored in the file, codes and raw bits read most
// significant bit first. A few symbols dominate a slice (short wins and losses of the lengths its
// index makes common), which the code turns into a few bits each. A slice has three codes, one
// for the runs after a run of each value (the first run of a block goes after a draw): a run
// never follows one of its own value, and the lengths of wins, draws and losses differ.

/** Run lengths with a length code of their own. */
export const EXACT_LENGTHS = 32;

/** A run's symbol and the raw bits after it: how many, and their value. */
export function runSymbol(value: number, length: number): { symbol: number; bits: number; extra: number } {
  if (length <= EXACT_LENGTHS) return { symbol: value | (length << 2), bits: 0, extra: 0 };
  // length − 1 has `bits` + 1 binary digits: its leading one is in the length code, the rest raw.
  const bits = 31 - Math.clz32(length - 1);
  return { symbol: value | ((EXACT_LENGTHS + bits - 4) << 2), bits, extra: length - 1 - 2 ** bits };
}

/** Raw bits after a run of length code `code` (symbol >> 2). */
export function rawBitsOf(code: number): number {
  return code <= EXACT_LENGTHS ? 0 : code - EXACT_LENGTHS + 4;
}

/** A run's length from its length code and raw bits. */
export function lengthOf(code: number, extra: number): number {
  return code <= EXACT_LENGTHS ? code : 2 ** rawBitsOf(code) + 1 + extra;
}

/** Longest code: the lengths fit four bits each. */
export const LONGEST_CODE = 15;
/** The code lengths of the 256 symbols, four bits each, lowest first. */
export const CODE_TABLE_BYTES = 128;
/** Codes a slice: one for the runs after a draw, a win, a loss. */
export const CONTEXTS = 3;

/** Code lengths (≤ LONGEST_CODE) of a Huffman code for bytes seen `counts` times; 0 for bytes never seen. */
export function codeLengths(counts: readonly number[]): Uint8Array {
  let weights = counts.slice();
  for (;;) {
    const lengths = huffmanLengths(weights);
    if (lengths.every((length) => length <= LONGEST_CODE)) return lengths;
    // Flatter weights give shorter longest codes; halving keeps every used byte in the code.
    weights = weights.map((w) => (w === 0 ? 0 : Math.ceil(w / 2)));
  }
}

function huffmanLengths(weights: readonly number[]): Uint8Array {
  const lengths = new Uint8Array(256);
  // Each tree holds its weight and its leaves; merging the two lightest deepens their leaves by one.
  let trees = weights.flatMap((weight, byte) => (weight > 0 ? [{ weight, leaves: [byte] }] : []));
  if (trees.length === 1) lengths[trees[0]!.leaves[0]!] = 1;
  while (trees.length > 1) {
    trees.sort((x, y) => x.weight - y.weight);
    const [x, y] = trees as [(typeof trees)[0], (typeof trees)[0]];
    for (const leaf of [...x.leaves, ...y.leaves]) lengths[leaf]!++;
    trees = [{ weight: x.weight + y.weight, leaves: [...x.leaves, ...y.leaves] }, ...trees.slice(2)];
  }
  return lengths;
}

/** The table as the file holds it. */
export function packLengths(lengths: Uint8Array): Uint8Array {
  const table = new Uint8Array(CODE_TABLE_BYTES);
  for (let byte = 0; byte < 256; byte++) table[byte >> 1]! |= lengths[byte]! << ((byte & 1) << 2);
  return table;
}

export function unpackLengths(table: Uint8Array): Uint8Array {
  const lengths = new Uint8Array(256);
  for (let byte = 0; byte < 256; byte++) lengths[byte] = (table[byte >> 1]! >> ((byte & 1) << 2)) & 15;
  return lengths;
}

/** Whether the lengths make a prefix code (no more codes of a length than it has room for). */
export function isPrefixCode(lengths: Uint8Array): boolean {
  let room = 1;
  for (let length = 1; length <= LONGEST_CODE; length++) {
    room = room * 2 - lengths.filter((l) => l === length).length;
    if (room < 0) return false;
  }
  return true;
}

/** The canonical codes of the lengths: shorter codes first, bytes in order within a length. */
function canonicalCodes(lengths: Uint8Array): Uint32Array {
  const codes = new Uint32Array(256);
  let code = 0;
  for (let length = 1; length <= LONGEST_CODE; length++) {
    for (let byte = 0; byte < 256; byte++) if (lengths[byte] === length) codes[byte] = code++;
    code <<= 1;
  }
  return codes;
}

/** Writes codes and raw bits, most significant bit first, the last byte padded with zeros. */
export class BitWriter {
  readonly #bytes: number[] = [];
  #at = 0;

  write(value: number, bits: number): void {
    for (let bit = bits - 1; bit >= 0; bit--, this.#at++) {
      if ((this.#at & 7) === 0) this.#bytes.push(0);
      if (Math.floor(value / 2 ** bit) & 1) this.#bytes[this.#bytes.length - 1]! |= 0x80 >> (this.#at & 7);
    }
  }

  get bytes(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
}

/** The canonical code of each symbol, for a BitWriter. */
export function symbolWriter(lengths: Uint8Array): (writer: BitWriter, symbol: number) => void {
  const codes = canonicalCodes(lengths);
  return (writer, symbol) => writer.write(codes[symbol]!, lengths[symbol]!);
}

/** `bytes` in the code. */
export function encodeBytes(bytes: Uint8Array, lengths: Uint8Array): Uint8Array {
  const writer = new BitWriter();
  const write = symbolWriter(lengths);
  for (const byte of bytes) write(writer, byte);
  return writer.bytes;
}

/** Reads bytes of the code from `bits` one at a time; undefined past the end or on a code no byte has. */
export class CodeReader {
  readonly #counts = new Uint16Array(LONGEST_CODE + 1);
  /** Bytes in code order (by length, then by value). */
  readonly #bytes: number[] = [];
  #bits: Uint8Array = new Uint8Array(0);
  #at = 0;

  constructor(lengths: Uint8Array) {
    for (let length = 1; length <= LONGEST_CODE; length++) {
      for (let byte = 0; byte < 256; byte++) {
        if (lengths[byte] !== length) continue;
        this.#counts[length]!++;
        this.#bytes.push(byte);
      }
    }
  }

  start(bits: Uint8Array): void {
    this.#bits = bits;
    this.#at = 0;
  }

  /** `other`, reading on from where this reader is: the next run's code. */
  switchTo(other: CodeReader): CodeReader {
    if (other !== this) {
      other.#bits = this.#bits;
      other.#at = this.#at;
    }
    return other;
  }

  /** `count` raw bits as a number, or undefined past the end. */
  bits(count: number): number | undefined {
    if (this.#at + count > this.#bits.length << 3) return undefined;
    let value = 0;
    for (let i = 0; i < count; i++, this.#at++) value = value * 2 + ((this.#bits[this.#at >> 3]! >> (7 - (this.#at & 7))) & 1);
    return value;
  }

  next(): number | undefined {
    // Canonical decoding: the codes of each length are consecutive numbers after the shorter ones'.
    let code = 0;
    let first = 0;
    let index = 0;
    for (let length = 1; length <= LONGEST_CODE; length++) {
      if (this.#at >= this.#bits.length << 3) return undefined;
      code |= (this.#bits[this.#at >> 3]! >> (7 - (this.#at & 7))) & 1;
      this.#at++;
      const count = this.#counts[length]!;
      if (code - first < count) return this.#bytes[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    return undefined;
  }
}
