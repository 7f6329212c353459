// The capture under search and its record: the state a side's capture search shares between
// its explorers (man-captures.ts, king-captures.ts), the precedence rule as one score (the
// majority rule and the others, RULES.md 4.1), and the record of a complete sequence, which drops
// a route that repeats a move already listed (the drop convention, RULES.md 4.2).
//
// Only this module writes the state; the explorers read it, and the side's search
// (captures.ts) sets it up through `beginSearch`, `startSearch` and the setters below.

import { bit, count, has } from "../board/bitboard";
import { geometry } from "../board/geometry";
import { FLAG_KING, FLAG_PROMOTES, MAX_MOVES, PATHS_KEPT, holdsCapture, noteOverflow, pathAt, writeMove } from "./movelist";
import { Precedence, rules } from "../board/variants";

// The search in progress. Bitboards are held as u64 and narrowed to the board's type on use.
export let searchEmpty: u64 = 0; // empty squares, the moving piece's start square included
export let searchThem: u64 = 0; // every enemy piece, captured ones included
export let searchKings: u64 = 0;
let searchFrom: i32 = 0;
let searchByKing: bool = false; // the capturing piece was a king when the move began
export let searchCrowned: bool = false; // a russian man crowned on the way, now capturing as a king
let listStart: i32 = 0;
export let listEnd: i32 = 0;
let bestScore: u32 = 0;
/** Legal captures counted without a record (when only counting). */
export let unlisted: i32 = 0;
/** Only counting: a capture is recorded only to merge its routes with another's. */
let counting: bool = false;
/** This search's conventions, from the position's record (board/record.ts): merge routes, keep paths. */
export let merging: bool = true;
let keeping: bool = false;

/** Squares of the route being explored: [0] the start, [n] the landing after the n-th capture. */
const ROUTE = memory.data(32);

/**
 * The precedence rule as one number: a capture is legal when no other has a higher score.
 * `order` has bit (15 - j) set when the j-th captured piece (from 0) is a king, so that among
 * sequences taking as many kings, the one meeting its kings first scores higher.
 */
@inline export function captureScore<V>(count: i32, kingsTaken: i32, order: u32, byKing: bool): u32 {
  const precedence = rules<V>().precedence;
  if (precedence == Precedence.Majority) return <u32>count;
  if (precedence == Precedence.Spanish) return (<u32>count << 8) | <u32>kingsTaken;
  if (precedence == Precedence.Italian) {
    return (<u32>count << 24) | (<u32>byKing << 20) | (<u32>kingsTaken << 16) | order;
  }
  if (precedence == Precedence.Czech) return <u32>byKing;
  if (precedence == Precedence.Value) {
    // Men + 2 × kings first; then fewer kings (a king weighs a little less than two men); then by a king.
    return (((<u32>(count + kingsTaken) << 5) | <u32>(31 - kingsTaken)) << 1) | <u32>byKing;
  }
  return 0;
}

@inline export function orderAfter<V, B>(order: u32, taken: i32, square: i32): u32 {
  if (rules<V>().precedence != Precedence.Italian) return 0;
  return has<B>(<B>searchKings, square) ? order | (<u32>0x8000 >> <u32>taken) : order;
}

/** Whether a capture of `score` is legal so far; a higher score than all before voids them. */
@inline export function admit(score: u32): bool {
  if (score < bestScore) return false;
  if (score > bestScore) {
    bestScore = score;
    listEnd = listStart;
    unlisted = 0;
  }
  return true;
}

/**
 * The most captures that no two routes can make onto the same square over the same pieces:
 * two on the four diagonals, one along eight lines (two pieces taken in either order).
 */
@inline export function singleRouted<G>(): i32 {
  return geometry<G>().directions > 4 ? 1 : 2;
}

/** Records a complete sequence: the score and a count in place, the listing called (it is rarer). */
@inline export function record<V, B, G>(to: i32, captured: B, taken: i32, order: u32, promotes: bool): void {
  const score = captureScore<V>(taken, count<B>(captured & <B>searchKings), order, searchByKing);
  if (!admit(score)) return;
  // Counting needs no record where no other route can repeat this move.
  if (counting && (taken <= singleRouted<G>() || !merging)) {
    unlisted++;
    return;
  }
  listCapture<B, G>(to, captured, taken, promotes);
}

/** Lists a sequence that `record` admitted, unless another route made the same move. */
function listCapture<B, G>(to: i32, captured: B, taken: i32, promotes: bool): void {
  if (merging && taken > singleRouted<G>() && holdsCapture(listStart, listEnd, searchFrom, to, <u64>captured)) return;
  if (listEnd >= MAX_MOVES) {
    noteOverflow();
    return;
  }
  const flags = (searchByKing ? FLAG_KING : 0) | (promotes ? FLAG_PROMOTES : 0);
  writeMove(listEnd, searchFrom, to, <u64>captured, <u8>flags, taken);
  if (keeping && listEnd < PATHS_KEPT) {
    store<u8>(ROUTE + taken, <u8>to);
    memory.copy(pathAt(listEnd), ROUTE, taken + 1);
  }
  listEnd++;
}

/** Starts the search of the piece on `from`: its square is empty while it moves. */
@inline export function startSearch<B>(from: i32, empty: B): void {
  searchEmpty = <u64>(empty | bit<B>(from));
  startRoute(from);
}

/** A single capture's route (`singleJumps`): it starts on `from`. */
@inline export function startRoute(from: i32): void {
  searchFrom = from;
  store<u8>(ROUTE, <u8>from);
}

/** The landing square after the `taken`-th capture of the route under search. */
@inline export function landOn(taken: i32, land: i32): void {
  store<u8>(ROUTE + taken, <u8>land);
}

/** A side's search begins: its list at `start`, the pieces on the board, and the conventions. */
@inline export function beginSearch(start: i32, them: u64, kings: u64, countOnly: bool, merge: bool, keep: bool): void {
  listStart = start;
  listEnd = start;
  bestScore = 0;
  unlisted = 0;
  counting = countOnly;
  merging = merge;
  keeping = keep;
  searchThem = them;
  searchKings = kings;
}

/** Whether the pieces searched from now on are kings (the men are searched first). */
@inline export function setByKing(byKing: bool): void {
  searchByKing = byKing;
}

/** A russian man crowned on the way goes on capturing as a king (or no longer, `false`). */
@inline export function setCrowned(crowned: bool): void {
  searchCrowned = crowned;
}

/** Captures counted without a record (countSingles). */
@inline export function addUnlisted(captures: i32): void {
  unlisted += captures;
}
