// The endgame databases' index (docs/endgame-databases.md): a position seen from the side to
// move, its men and kings ranked as combinations. Positions here are four sets in "index space":
// bit i is square index i (0 … N-1, row by row from the top), on both boards, as a u64.

import { diagonalTen } from "../board/bitboard";
import { boardSize, squareCount } from "../board/geometry";

const MAX_N: i32 = 64;
/** Pieces of one kind and side a slice may hold. */
export const MAX_GROUP: i32 = 7;
const BINOMIAL = memory.data(8 * (MAX_N + 1) * (MAX_GROUP + 1));

@inline export function choose(n: i32, k: i32): u64 {
  return load<u64>(BINOMIAL + (<usize>(n * (MAX_GROUP + 1) + k) << 3));
}

function buildBinomials(): void {
  for (let n = 0; n <= MAX_N; n++) {
    for (let k = 0; k <= MAX_GROUP; k++) {
      let value: u64 = 0;
      if (k == 0) value = 1;
      else if (n > 0) value = choose(n - 1, k - 1) + choose(n - 1, k);
      store<u64>(BINOMIAL + (<usize>(n * (MAX_GROUP + 1) + k) << 3), value);
    }
  }
}
buildBinomials();

/** Squares of the board (32 or 50). */
@inline export function squaresOn<B>(): i32 { return squareCount<B>(); }
/** Squares of a row (4 or 5): the promotion row the side to move never has a man on. */
@inline export function rowOf<B>(): i32 { return boardSize<B>() >> 1; }
/** Squares a man can stand on. */
@inline export function manSquares<B>(): i32 { return squaresOn<B>() - rowOf<B>(); }
@inline export function everySquare<B>(): u64 { return (<u64>1 << <u64>squaresOn<B>()) - 1; }

// 10×10 bitboards have a ghost bit after every tenth square (geometry.ts): index space drops them.
const TEN: u64 = 0x3ff;

/** A bitboard of the board `B` as an index-space set. */
@inline export function toIndexSet<B>(set: B): u64 {
  const s = <u64>set;
  if (!diagonalTen<B>()) return s;
  return (s & TEN) | ((s >> 1) & (TEN << 10)) | ((s >> 2) & (TEN << 20)) | ((s >> 3) & (TEN << 30)) | ((s >> 4) & (TEN << 40));
}

/** An index-space set as a bitboard of the board `B`. */
@inline export function toBits<B>(x: u64): B {
  if (!diagonalTen<B>()) return <B>x;
  return <B>((x & TEN) | ((x & (TEN << 10)) << 1) | ((x & (TEN << 20)) << 2) | ((x & (TEN << 30)) << 3) | ((x & (TEN << 40)) << 4));
}

/** The set turned by half a turn (index i to N-1-i): the other side's view of the board. */
@inline export function turned<B>(x: u64): u64 {
  x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1);
  x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0f) | ((x & 0x0f0f0f0f0f0f0f0f) << 4);
  return bswap<u64>(x) >> <u64>(64 - squaresOn<B>());
}

/** Rank of a set of positions 0, 1, … among the sets of its size (the combinatorial number system). */
@inline function rankOf(positions: u64): u64 {
  let rank: u64 = 0;
  let i = 1;
  while (positions != 0) {
    rank += choose(<i32>ctz(positions), i++);
    positions &= positions - 1;
  }
  return rank;
}

/** Rank of `set` with every square counted among those `occupied` leaves free. */
@inline function rankAmongFree(set: u64, occupied: u64): u64 {
  let rank: u64 = 0;
  let i = 1;
  while (set != 0) {
    const square = <i32>ctz(set);
    const place = square - <i32>popcnt(occupied & ((<u64>1 << <u64>square) - 1));
    rank += choose(place, i++);
    set &= set - 1;
  }
  return rank;
}

/** The `k` positions (below `n`) of rank `rank`. */
function unrank(rank: u64, k: i32, n: i32): u64 {
  let positions: u64 = 0;
  let p = n - 1;
  for (let i = k; i >= 1; i--) {
    // The last position is the rank that is left: C(p, 1) = p.
    if (i == 1) return positions | (<u64>1 << rank);
    while (choose(p, i) > rank) p--;
    rank -= choose(p, i);
    positions |= <u64>1 << <u64>p;
    p--;
  }
  return positions;
}

/** The next set of as many positions in rank order (Gosper's step: the next larger number of as many bits). */
@inline export function nextSet(x: u64): u64 {
  if (x == 0) return 0;
  const low = x & (~x + 1);
  const r = x + low;
  return (((r ^ x) >> 2) >> ctz(low)) | r;
}

/** The first set of `k` positions: 0 … k-1. */
@inline export function firstSet(k: i32): u64 {
  return (<u64>1 << <u64>k) - 1;
}

/** The squares of `free` at the places `positions` names (the j-th free square for bit j). */
export function placeOn(positions: u64, free: u64): u64 {
  let out: u64 = 0;
  while (positions != 0) {
    const low = free & (~free + 1);
    if ((positions & 1) != 0) out |= low;
    positions >>= 1;
    free ^= low;
  }
  return out;
}

/** Positions in slice `abcd` (men and kings to move, men and kings not to move). */
export function sliceSize<B>(a: i32, b: i32, c: i32, d: i32): u64 {
  const n = squaresOn<B>();
  const m = manSquares<B>();
  return choose(m, a) * choose(m, c) * choose(n - a - c, b) * choose(n - a - c - b, d);
}

/** Index of a position seen from the side to move, in the slice its piece counts name. */
export function indexOf<B>(usMen: u64, usKings: u64, themMen: u64, themKings: u64): u64 {
  const n = squaresOn<B>();
  const a = <i32>popcnt(usMen);
  const b = <i32>popcnt(usKings);
  const c = <i32>popcnt(themMen);
  const men = usMen | themMen;
  const m1 = rankOf(usMen >> <u64>rowOf<B>());
  const m2 = rankOf(themMen);
  const k1 = rankAmongFree(usKings, men);
  const k2 = rankAmongFree(themKings, men | usKings);
  const d = <i32>popcnt(themKings);
  return ((m1 * choose(manSquares<B>(), c) + m2) * choose(n - a - c, b) + k1) * choose(n - a - c - b, d) + k2;
}

// The position decoded last (index space, from the side to move).
export let usMen: u64 = 0;
export let usKings: u64 = 0;
export let themMen: u64 = 0;
export let themKings: u64 = 0;

/** Decodes `index` of slice `abcd` into usMen … themKings; false when it names no position (two men on one square). */
export function decode<B>(a: i32, b: i32, c: i32, d: i32, index: u64): bool {
  const n = squaresOn<B>();
  const m = manSquares<B>();
  const freeKings = choose(n - a - c - b, d);
  const ourKings = choose(n - a - c, b);
  const theirMen = choose(m, c);
  const k2 = index % freeKings;
  index /= freeKings;
  const k1 = index % ourKings;
  index /= ourKings;
  const m2 = index % theirMen;
  const m1 = index / theirMen;
  usMen = unrank(m1, a, m) << <u64>rowOf<B>();
  themMen = unrank(m2, c, m);
  if ((usMen & themMen) != 0) return false;
  let free = everySquare<B>() & ~(usMen | themMen);
  usKings = placeOn(unrank(k1, b, n - a - c), free);
  free &= ~usKings;
  themKings = placeOn(unrank(k2, d, n - a - c - b), free);
  return true;
}

/**
 * Sets usMen … themKings to a position seen from its side to move (`white` or not) of `mover`
 * against `other`: slices are seen from the side to move moving up, so Black's board is turned
 * half a turn.
 */
export function seeFromMover<B>(white: bool, mover: B, other: B, kings: B): void {
  let u = toIndexSet<B>(mover);
  let t = toIndexSet<B>(other);
  let k = toIndexSet<B>(kings);
  if (!white) {
    u = turned<B>(u);
    t = turned<B>(t);
    k = turned<B>(k);
  }
  usMen = u & ~k;
  usKings = u & k;
  themMen = t & ~k;
  themKings = t & k;
}

/** Whether each count is one a slice may hold (0 … MAX_GROUP). */
@inline export function groupsFit(a: i32, b: i32, c: i32, d: i32): bool {
  return <u32>a <= <u32>MAX_GROUP && <u32>b <= <u32>MAX_GROUP && <u32>c <= <u32>MAX_GROUP && <u32>d <= <u32>MAX_GROUP;
}

/** Whether the position seen last (usMen …) has no group larger than a slice holds. */
@inline export function seenFits(): bool {
  return groupsFit(<i32>popcnt(usMen), <i32>popcnt(usKings), <i32>popcnt(themMen), <i32>popcnt(themKings));
}

/** A slice's key: its four counts, three bits each. */
@inline export function sliceKey(a: i32, b: i32, c: i32, d: i32): i32 {
  return a | (b << 3) | (c << 6) | (d << 9);
}

/** The key of the slice a position of these sets lies in. */
@inline export function keyOfSets(usMen: u64, usKings: u64, themMen: u64, themKings: u64): i32 {
  return sliceKey(<i32>popcnt(usMen), <i32>popcnt(usKings), <i32>popcnt(themMen), <i32>popcnt(themKings));
}
