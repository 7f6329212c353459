// A small seeded generator (xorshift32) for the specs' random positions: the same sequence on
// every run, so a failure replays.

let state: u32 = 1;

/** Starts the sequence again from `seed` (not 0). */
export function seedRandom(seed: u32): void {
  state = seed;
}

/** The next number of the sequence. */
export function nextRandom(): u32 {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}
