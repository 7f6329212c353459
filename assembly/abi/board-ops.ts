// The handlers of the generator's operations on the position read from BOARD (dispatch.ts):
// its legal moves, perft (plain and through the table) and divide.

import { Black, White } from "../board/side";
import { rules } from "../board/variants";
import { boardHigh, boardKings, boardStreaks, boardThem, boardUs, boardWhiteToMove } from "../buffers/board";
import { COUNTS_OUT, writeMoves } from "../buffers/records";
import { ERROR_TOO_MANY_MOVES, KEEP_ROUTES_BIT, VARIANT_ID_MASK } from "../contract/contract";
import { failWith, failed } from "../contract/error";
import { generateLegal } from "../movegen/legal";
import { takeOverflow } from "../movegen/movelist";
import { perft as perftOf, perftAfter } from "../perft/perft";
import { tablePerft } from "../perft/table";
import { twoWords } from "../position/high-words";
import { MAX_RECORD_LEVEL, listingFor, openWalk, recordAt, writeRecord } from "../position/record";

/** The legal moves of a position (its record at `at`), from `start` on the move stack; the stack's end. */
@inline export function legalOf<V, B>(us: B, them: B, kings: B, at: usize, white: bool, start: i32): i32 {
  return white ? generateLegal<V, B, White>(us, them, kings, at, start) : generateLegal<V, B, Black>(us, them, kings, at, start);
}

/** The answer of a walk down the tree, the call failed if a move list overflowed on the way. */
export function walked(answer: u64): u64 {
  if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
  return answer;
}

/**
 * A walk from the position in BOARD opens at the record of `depth` (position/record.ts), with the
 * conventions `merge` and `keep`; false when deeper than the records.
 */
function enterRoot<V>(depth: i32, merge: bool, keep: bool): bool {
  if (depth > MAX_RECORD_LEVEL) return false;
  openWalk(max(depth, 0), listingFor(merge, keep), boardStreaks<V>(), boardHigh<V>());
  return true;
}

/** Lists the moves (the root's record at `depth`) to the move stack and to MOVES_OUT; their number, or the error when they cannot be written. */
function listToOut<V, B>(depth: i32): i32 {
  return writeMoves<V, B>(legalOf<V, B>(boardUs<B>(), boardThem<B>(), <B>boardKings, recordAt(max(depth, 0)), boardWhiteToMove, 0), true);
}

/** OP_MOVES: the legal moves, to MOVES_OUT; their number. */
export function listMoves<V, B>(): u64 {
  // A listing alone: the root's record is all it reads (no walk, so no other level's).
  writeRecord(recordAt(0), listingFor(true, true), boardStreaks<V>(), boardHigh<V>());
  const n = listToOut<V, B>(0);
  return n < 0 ? failed(n) : <u64>n;
}

/** OP_PERFT: the leaves `depth` plies down, capture routes merged or kept. */
export function perft<V, B>(depth: i32, mergeRoutes: bool): u64 {
  if (!enterRoot<V>(depth, mergeRoutes, false)) return failed(ERROR_TOO_MANY_MOVES);
  const us = boardUs<B>();
  const them = boardThem<B>();
  const kings = <B>boardKings;
  return walked(boardWhiteToMove ? perftOf<V, B, White>(us, them, kings, depth, 0) : perftOf<V, B, Black>(us, them, kings, depth, 0));
}

/** OP_PERFT_TABLE: perft through perft's table; `arg` the variant id, with KEEP_ROUTES_BIT set to keep capture routes. */
export function perftThroughTable<V, B>(depth: i32, arg: i32): u64 {
  const merge = (arg & KEEP_ROUTES_BIT) == 0;
  // The table's keys hold no streaks and its entries one word: frisian and canadian (high words) count as plain perft.
  if (rules<V>().frisian || twoWords<V>()) return perft<V, B>(depth, merge);
  if (depth > MAX_RECORD_LEVEL) return failed(ERROR_TOO_MANY_MOVES);
  return walked(tablePerft<V, B>(boardWhiteToMove, boardUs<B>(), boardThem<B>(), <B>boardKings, depth, arg & VARIANT_ID_MASK, !merge));
}

/** OP_DIVIDE: the moves to MOVES_OUT and the perft below each to COUNTS_OUT; their number. */
export function divide<V, B>(depth: i32, mergeRoutes: bool): u64 {
  if (!enterRoot<V>(depth, mergeRoutes, true)) return failed(ERROR_TOO_MANY_MOVES);
  const n = listToOut<V, B>(depth);
  if (n < 0) return failed(n);
  // The walks below keep no paths: perft's records say so from here on.
  enterRoot<V>(depth, mergeRoutes, false);
  const white = boardWhiteToMove;
  const us = boardUs<B>();
  const them = boardThem<B>();
  const kings = <B>boardKings;
  for (let i = 0; i < n; i++) {
    const below = white ? perftAfter<V, B, White>(i, us, them, kings, depth - 1, n) : perftAfter<V, B, Black>(i, us, them, kings, depth - 1, n);
    store<u64>(COUNTS_OUT + (<usize>i << 3), below);
  }
  return walked(<u64>n);
}
