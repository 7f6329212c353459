// The databases' index as docs/endgame-databases.md "Index" writes it down, written again here
// from that text (not from assembly/egdb/index-scheme.ts), so that a test can read a slice's
// values straight from its decoded file.

/** A position seen from its side to move (which moves up the board), as square numbers 1 … N. */
export interface MoverView {
  readonly usMen: readonly number[];
  readonly usKings: readonly number[];
  readonly themMen: readonly number[];
  readonly themKings: readonly number[];
}

const binomials: number[][] = [];
export function choose(n: number, k: number): number {
  if (k < 0 || n < k) return 0;
  binomials[n] ??= [];
  let value = binomials[n]![k];
  if (value === undefined) {
    value = k === 0 || k === n ? 1 : choose(n - 1, k - 1) + choose(n - 1, k);
    binomials[n]![k] = value;
  }
  return value;
}

/** Σ C(pᵢ, i) over the ascending places p₁ < … < p_k. */
function rank(places: number[]): number {
  places.sort((x, y) => x - y);
  let sum = 0;
  places.forEach((place, i) => {
    sum += choose(place, i + 1);
  });
  return sum;
}

/** Places of `squares` (indices 0 … N−1) among the squares not in `taken`. */
function placesAmongFree(squares: readonly number[], taken: readonly number[]): number[] {
  return squares.map((square) => square - taken.filter((t) => t < square).length);
}

/** The slice `abcd` and index of a position on a board of `squares` squares in rows of `row`. */
export function databaseIndex(squares: number, row: number, view: MoverView): { slice: string; index: number } {
  const n = squares;
  const m = squares - row;
  const usMen = view.usMen.map((s) => s - 1);
  const themMen = view.themMen.map((s) => s - 1);
  const usKings = view.usKings.map((s) => s - 1);
  const themKings = view.themKings.map((s) => s - 1);
  const [a, b, c, d] = [usMen.length, usKings.length, themMen.length, themKings.length];
  const m1 = rank(usMen.map((s) => s - row));
  const m2 = rank(themMen.slice());
  const men = [...usMen, ...themMen];
  const k1 = rank(placesAmongFree(usKings, men));
  const k2 = rank(placesAmongFree(themKings, [...men, ...usKings]));
  const index = ((m1 * choose(m, c) + m2) * choose(n - a - c, b) + k1) * choose(n - a - c - b, d) + k2;
  return { slice: `${a}${b}${c}${d}`, index };
}

/** Positions of a slice's index (some are no position: two men on one square). */
export function indexSize(squares: number, row: number, a: number, b: number, c: number, d: number): number {
  const m = squares - row;
  return choose(m, a) * choose(m, c) * choose(squares - a - c, b) * choose(squares - a - c - b, d);
}
