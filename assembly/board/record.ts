// A position's record: what a listing reads of a position besides its pieces' words, in one
// fixed layout in linear memory. The walks (perft, the search) pass the pieces' words in
// registers, copy-make, which the measurements keep as the faster way (docs/architecture.md);
// everything else a position carries is here, one record a ply, and a listing reads it from
// the record it is handed, never from a global set before it. The game state, the
// environments and the database generator hand their own records to the same listing.

import { geometry } from "./geometry";
import { isWhite } from "./side";

/** The bytes of a record (a multiple of 8: every u64 field stays aligned). */
export const RECORD_BYTES: i32 = 40;
/** 12×12: the high words (bits 64 … of board-12x12.ts's sets) of White's pieces (+0), Black's (+8), the kings' (+16). */
export const R_HIGH: i32 = 0;
/** The bytes of the high words, laid out as at R_HIGH (BOARD_HIGH and the environments' slots share it). */
export const HIGH_BYTES: i32 = 24;
/** Frisian: both sides' king streaks, the side to move's in the low word (position/make.ts streaksOf). */
export const R_STREAKS: i32 = 24;
/** How the position's moves are listed (LIST_*): the walk's, the same in every record of one walk. */
export const R_LISTING: i32 = 32;

/** Routes with the same from, to and captured set are one move (RULES.md 4.2, the drop convention). */
export const LIST_MERGE: u32 = 1;
/** Each capture's landing squares are kept (for the API; perft and the search do not need them). */
export const LIST_KEEP: u32 = 2;
/** The optional-capture house rule: a capture may be declined. */
export const LIST_OPTIONAL: u32 = 4;

/** The high word of side `C`'s pieces. */
@inline export function ourHighAt<C>(at: usize): u64 { return load<u64>(at + (isWhite<C>() ? 0 : 8), R_HIGH); }
/** The high word of the opponent's pieces of side `C`. */
@inline export function theirHighAt<C>(at: usize): u64 { return load<u64>(at + (isWhite<C>() ? 8 : 0), R_HIGH); }
/** The high word of the kings. */
@inline export function kingsHighAt(at: usize): u64 { return load<u64>(at, R_HIGH + 16); }
/** The high word at `offset` of the words at `high` (laid out as at R_HIGH) where variant `V`'s sets have them (its geometry's `highWords`), else 0 (and `high` unread). */
@inline export function highWordAt<V>(high: usize, offset: usize): u64 { return geometry<V>().highWords ? load<u64>(high + offset) : 0; }
/** Frisian's king streaks (the side to move's in the low word). */
@inline export function streaksAt(at: usize): u64 { return load<u64>(at, R_STREAKS); }
/** Whether the listing merges capture routes (LIST_MERGE). */
@inline export function mergingAt(at: usize): bool { return (load<u32>(at, R_LISTING) & LIST_MERGE) != 0; }
/** Whether the listing keeps capture paths (LIST_KEEP). */
@inline export function keepingAt(at: usize): bool { return (load<u32>(at, R_LISTING) & LIST_KEEP) != 0; }
/** Whether a capture may be declined (LIST_OPTIONAL). */
@inline export function optionalAt(at: usize): bool { return (load<u32>(at, R_LISTING) & LIST_OPTIONAL) != 0; }
