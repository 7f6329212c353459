// The handlers of the generator's operations on the position read from BOARD (dispatch.ts):
// its legal moves, perft (plain and through the table) and divide.

import { Black, White } from "../board/side";
import { rules } from "../board/variants";
import { BOARD_HIGH, boardKings, boardStreaks, boardThem, boardUs, boardWhiteToMove } from "../buffers/board";
import { COUNTS_OUT, writeMoves } from "../buffers/records";
import { ERROR_TOO_MANY_MOVES, KEEP_ROUTES_BIT, VARIANT_ID_MASK } from "../contract/contract";
import { failWith, failed } from "../contract/error";
import { setKeepPaths, setMergeRoutes } from "../movegen/captures";
import { restrictedKing } from "../movegen/king-streak";
import { generateLegal, setRestrictedKing } from "../movegen/legal";
import { takeOverflow } from "../movegen/movelist";
import { perft as perftOf, perftAfter } from "../perft/perft";
import { tablePerft } from "../perft/table";
import { MAX_HIGH_LEVEL, enterHigh, setHighWordsAt } from "../position/high-words";

/** The legal moves of a position, from `start` on the move stack; the stack's end. */
@inline export function legalOf<V, B>(us: B, them: B, kings: B, white: bool, start: i32): i32 {
  return white ? generateLegal<V, B, White>(us, them, kings, start) : generateLegal<V, B, Black>(us, them, kings, start);
}

/** The answer of a walk down the tree, the call failed if a move list overflowed on the way. */
export function walked(answer: u64): u64 {
  if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
  return answer;
}

/**
 * 12×12: the root's high words go to the slot of `depth`, where a walk of that depth starts
 * (position/high-words.ts); a listing alone reads them there too. False when deeper than the slots.
 */
function enterRoot<V>(depth: i32): bool {
  if (!rules<V>().twelveByTwelve) return true;
  if (depth > MAX_HIGH_LEVEL) return false;
  const level = max(depth, 0);
  setHighWordsAt(level, BOARD_HIGH);
  enterHigh<V>(level);
  return true;
}

/** Lists the moves to the move stack and to MOVES_OUT; their number, or the error when they cannot be written. */
function listToOut<V, B>(mergeRoutes: bool): i32 {
  setMergeRoutes(mergeRoutes);
  setKeepPaths(true);
  const us = boardUs<B>();
  // Frisian: the king at the end of its streak may not make a quiet move.
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(<u32>boardStreaks<V>(), <u64>us, boardKings));
  return writeMoves<V, B>(legalOf<V, B>(us, boardThem<B>(), <B>boardKings, boardWhiteToMove, 0), true);
}

/** OP_MOVES: the legal moves, to MOVES_OUT; their number. */
export function listMoves<V, B>(): u64 {
  enterRoot<V>(0);
  const n = listToOut<V, B>(true);
  return n < 0 ? failed(n) : <u64>n;
}

/** OP_PERFT: the leaves `depth` plies down, capture routes merged or kept. */
export function perft<V, B>(depth: i32, mergeRoutes: bool): u64 {
  if (!enterRoot<V>(depth)) return failed(ERROR_TOO_MANY_MOVES);
  setMergeRoutes(mergeRoutes);
  setKeepPaths(false);
  const us = boardUs<B>();
  const them = boardThem<B>();
  const kings = <B>boardKings;
  const streaks = boardStreaks<V>();
  return walked(boardWhiteToMove ? perftOf<V, B, White>(us, them, kings, depth, 0, streaks) : perftOf<V, B, Black>(us, them, kings, depth, 0, streaks));
}

/** OP_PERFT_TABLE: perft through perft's table; `arg` the variant id, with KEEP_ROUTES_BIT set to keep capture routes. */
export function perftThroughTable<V, B>(depth: i32, arg: i32): u64 {
  const merge = (arg & KEEP_ROUTES_BIT) == 0;
  // The table's keys hold no streaks and its entries one word: frisian and canadian count as plain perft.
  if (rules<V>().frisian || rules<V>().twelveByTwelve) return perft<V, B>(depth, merge);
  return walked(tablePerft<V, B>(boardWhiteToMove, boardUs<B>(), boardThem<B>(), <B>boardKings, depth, arg & VARIANT_ID_MASK, !merge));
}

/** OP_DIVIDE: the moves to MOVES_OUT and the perft below each to COUNTS_OUT; their number. */
export function divide<V, B>(depth: i32, mergeRoutes: bool): u64 {
  if (!enterRoot<V>(depth)) return failed(ERROR_TOO_MANY_MOVES);
  const n = listToOut<V, B>(mergeRoutes);
  if (n < 0) return failed(n);
  setKeepPaths(false);
  const white = boardWhiteToMove;
  const us = boardUs<B>();
  const them = boardThem<B>();
  const kings = <B>boardKings;
  const streaks = boardStreaks<V>();
  for (let i = 0; i < n; i++) {
    const below = white ? perftAfter<V, B, White>(i, us, them, kings, depth - 1, n, streaks) : perftAfter<V, B, Black>(i, us, them, kings, depth - 1, n, streaks);
    store<u64>(COUNTS_OUT + (<usize>i << 3), below);
  }
  return walked(<u64>n);
}
