// The walks' records (board/record.ts): one a level, the search's ply or perft's remaining
// depth, and the make from one record to the next. A walk opens by writing its listing
// conventions into every record (they are the same all the way down, so a make never copies
// them) and the root's own fields into the root's; a make then writes what the move changes
// (frisian's streaks, 12×12's high words), from the parent's record to the child's. The pieces'
// low words go by value in registers beside them (copy-make).

import { SEARCH_MAX_PLY as MAX_LEVEL } from "../contract/contract";
import { HIGH_BYTES, LIST_KEEP, LIST_MERGE, LIST_OPTIONAL, RECORD_BYTES, R_HIGH, R_LISTING, R_STREAKS, streaksAt } from "../board/record";
import { optionalCapture, rules } from "../board/variants";
import { nextStreaks } from "./make";
import { makeHigh, twoWords } from "./high-words";

const RECORDS = memory.data(RECORD_BYTES * (MAX_LEVEL + 1));

/** The deepest level a walk may use (perft's depth, the search's ply). */
export const MAX_RECORD_LEVEL: i32 = MAX_LEVEL;

/** The record of `level` of the walk in progress. */
@inline export function recordAt(level: i32): usize {
  return RECORDS + <usize>(level * RECORD_BYTES);
}

/** A position's listing conventions for the call in progress: routes merged (`merge`), paths kept (`keep`), the call's optional-capture rule. */
export function listingFor(merge: bool, keep: bool): u32 {
  return (merge ? LIST_MERGE : 0) | (keep ? LIST_KEEP : 0) | (optionalCapture() ? LIST_OPTIONAL : 0);
}

/** Fills the record at `at`: listing conventions `listing`, frisian's `streaks`, 12×12's high words from `high` (HIGH_BYTES laid out as R_HIGH's; 0: none). */
export function writeRecord(at: usize, listing: u32, streaks: u64, high: usize): void {
  store<u32>(at, listing, R_LISTING);
  store<u64>(at, streaks, R_STREAKS);
  if (high != 0) memory.copy(at + R_HIGH, high, HIGH_BYTES);
  else memory.fill(at + R_HIGH, 0, HIGH_BYTES);
}

/** A walk opens, its root at `root`: every record gets the conventions `listing`, the root's the root position's fields (writeRecord's). */
export function openWalk(root: i32, listing: u32, streaks: u64, high: usize): void {
  for (let level = 0; level <= MAX_LEVEL; level++) store<u32>(recordAt(level), listing, R_LISTING);
  writeRecord(recordAt(root), listing, streaks, high);
}

/** The record after side `C`'s `move`, from the record `at` to `next` (`next` may be `at`): what the move changes besides the pieces' low words. */
@inline export function makeRecord<V, C>(move: usize, at: usize, next: usize): void {
  if (rules<V>().frisian) store<u64>(next, nextStreaks(move, streaksAt(at)), R_STREAKS);
  if (twoWords<V>()) makeHigh<C>(move, at + R_HIGH, next + R_HIGH);
}
