// xorshift32: a cheap seeded generator for random policies in the environments' tests and
// benchmarks (the same games every run, and on every machine).

/** A generator of unsigned 32-bit numbers from `seed` (0 is taken as 1: xorshift has no zero state). */
export function xorshift32(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}
