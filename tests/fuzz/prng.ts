// A small seeded pseudo-random generator, so that every fuzz run can be replayed from its seed.
//
// sfc32 (Chris Doty-Humphrey's "small fast chaotic" generator, 128 bits of state), seeded
// through splitmix32 from a 32-bit seed and a label: one seed gives independent streams for
// each variant and each kind of test, and adding a variant does not shift the others.

/** splitmix32: a good mixing function from one 32-bit word to another. */
function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a hash of a label, to derive a stream from (seed, label). */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** A stream determined by `seed` (an integer; its low 32 bits are used) and `label`. */
  constructor(seed: number, label = '') {
    let x = (Math.trunc(seed) ^ hashLabel(label)) >>> 0;
    x = splitmix32(x);
    this.#a = x;
    x = splitmix32(x);
    this.#b = x;
    x = splitmix32(x);
    this.#c = x;
    x = splitmix32(x);
    this.#d = x | 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** A uniform number in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    if (!(n >= 1)) throw new RangeError(`Rng.int needs n >= 1, got ${n}`);
    return Math.floor(this.float() * n);
  }

  /** A uniform integer in [lo, hi] (both included). */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick from an empty list');
    return items[this.int(items.length)];
  }

  /** Picks one of the entries with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let x = this.float() * total;
    for (const [item, w] of entries) {
      x -= w;
      if (x < 0) return item;
    }
    return entries[entries.length - 1][0];
  }

  /** Shuffles the array in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }

  /** A new independent stream derived from this one and a label. */
  fork(label: string): Rng {
    return new Rng(this.next(), label);
  }
}
