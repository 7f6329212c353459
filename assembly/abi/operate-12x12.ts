// The exports' operations on the 12×12 board (canadian), as dispatch.ts's `operate` does them on
// the others: moves, perft and divide, the key, the search state, the evaluation and the game's
// earlier positions for the search (the search itself is dispatch.ts's, where its limits are).
// Training features and endgame databases are refused (ERROR_NOT_SEARCHED), as are the games
// that end otherwise. Perft through the table is plain perft here: the table's entries hold
// one-word boards.

import { COUNTS_OUT } from "./buffers";
import { clearError, failWith } from "./error";
import { ENDING_STANDARD, ERROR_BAD_BOARD, ERROR_TOO_MANY_MOVES, KEEP_ROUTES_BIT } from "./contract";
import { board12BlackHi, board12BlackLo, board12KingsHi, board12KingsLo, board12WhiteHi, board12WhiteLo, board12WhiteToMove, board12Key, readBoard12, writeBoard12, writeMoves12 } from "./buffers-12x12";
import { Black, White } from "../board/side";
import { canadianScore, prepareCanadianEvaluation } from "../eval/canadian";
import { gameEnd } from "../eval/game-end";
import { pushHistory } from "../search/search";
import { generateCanadian } from "../movegen/canadian";
import { setKeepPaths, setMergeRoutes } from "../movegen/captures";
import { takeOverflow } from "../movegen/movelist";
import {
  ERROR_NOT_SEARCHED, OP_DIVIDE, OP_EVALUATE, OP_HISTORY_PUSH, OP_KEY, OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE,
  OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_UNMAKE,
} from "./ops";
import { perft, perftAfter } from "../perft/perft";
import { MAX_HIGH_LEVEL, setHighWordsAt } from "../position/high-words";
import { STATE, listStateMoves, stateWhiteToMove } from "../position/state";
import { stateKeyFromScratch12, makeMove12, setState12, stateBlackHigh, stateKingsHigh, stateWhiteHigh, unmakeMove12 } from "../position/state-12x12";

/** Legal moves of the side to move; returns the end of the list written from 0. */
@inline function legal<V>(white: bool, usLo: u64, usHi: u64, themLo: u64, themHi: u64, kingsLo: u64, kingsHi: u64): i32 {
  return white
    ? generateCanadian<White>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, 0)
    : generateCanadian<Black>(usLo, usHi, themLo, themHi, kingsLo, kingsHi, 0);
}

/** The search state's moves: listed for make (and, for OP_STATE_MOVES, written to MOVES_OUT). */
function stateOp<V>(op: i32, arg: i32): u64 {
  const white = stateWhiteToMove();
  const wLo = load<u64>(STATE, 0);
  const bLo = load<u64>(STATE, 8);
  const kLo = load<u64>(STATE, 16);
  const wHi = stateWhiteHigh();
  const bHi = stateBlackHigh();
  const kHi = stateKingsHigh();
  if (op == OP_STATE_MOVES || op == OP_STATE_LIST) {
    setMergeRoutes(true);
    setKeepPaths(true);
    const end = white ? legal<V>(true, wLo, wHi, bLo, bHi, kLo, kHi) : legal<V>(false, bLo, bHi, wLo, wHi, kLo, kHi);
    let n = end;
    if (op == OP_STATE_MOVES) n = writeMoves12(end, true);
    else if (takeOverflow()) n = ERROR_TOO_MANY_MOVES;
    if (n < 0 || !listStateMoves(end)) {
      failWith(n < 0 ? n : ERROR_TOO_MANY_MOVES);
      listStateMoves(0);
      return 0;
    }
    return <u64>n;
  }
  if (op == OP_STATE_MAKE) return <u64>makeMove12(arg);
  if (op == OP_STATE_UNMAKE) return unmakeMove12() ? 1 : 0;
  if (op == OP_STATE_SCRATCH_KEY) return stateKeyFromScratch12();
  writeBoard12(wLo, wHi, bLo, bHi, kLo, kHi, white);
  return 0;
}

export function operate12<V>(op: i32, depth: i32, arg: i32): u64 {
  clearError();
  if ((op >= OP_STATE_MOVES && op <= OP_STATE_SCRATCH_KEY) || op == OP_STATE_LIST) return stateOp<V>(op, arg);
  if (!readBoard12()) {
    failWith(ERROR_BAD_BOARD);
    return 0;
  }
  const white = board12WhiteToMove;
  const usLo = white ? board12WhiteLo : board12BlackLo;
  const usHi = white ? board12WhiteHi : board12BlackHi;
  const themLo = white ? board12BlackLo : board12WhiteLo;
  const themHi = white ? board12BlackHi : board12WhiteHi;
  const kingsLo = board12KingsLo;
  const kingsHi = board12KingsHi;
  if (op == OP_KEY) return board12Key();
  if (op == OP_HISTORY_PUSH) return pushHistory(board12Key()) ? 1 : 0;
  if (op == OP_EVALUATE && gameEnd == ENDING_STANDARD) {
    prepareCanadianEvaluation();
    return <u64><i64>canadianScore(usLo, usHi, themLo, themHi, kingsLo, kingsHi, white);
  }
  if (op == OP_STATE_LOAD) {
    setState12(board12WhiteLo, board12WhiteHi, board12BlackLo, board12BlackHi, kingsLo, kingsHi, white);
    return 0;
  }
  if (op != OP_MOVES && op != OP_PERFT && op != OP_DIVIDE && op != OP_PERFT_TABLE) {
    failWith(ERROR_NOT_SEARCHED);
    return 0;
  }
  // OP_PERFT_TABLE's arg carries the variant id and KEEP_ROUTES_BIT; the others' arg is keep.
  const keep = op == OP_PERFT_TABLE ? (arg & KEEP_ROUTES_BIT) != 0 : arg != 0;
  setMergeRoutes(op == OP_MOVES || !keep);
  setKeepPaths(op == OP_MOVES || op == OP_DIVIDE);
  // Perft's high words go down the tree a slot per depth left (position/high-words.ts).
  if (depth > MAX_HIGH_LEVEL) {
    failWith(ERROR_TOO_MANY_MOVES);
    return 0;
  }
  if (depth > 0) setHighWordsAt(depth, board12WhiteHi, board12BlackHi, kingsHi);
  if (op == OP_PERFT || op == OP_PERFT_TABLE) {
    const nodes = white
      ? perft<V, u64, White>(usLo, themLo, kingsLo, depth, 0)
      : perft<V, u64, Black>(usLo, themLo, kingsLo, depth, 0);
    if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
    return nodes;
  }
  const end = legal<V>(white, usLo, usHi, themLo, themHi, kingsLo, kingsHi);
  const n = writeMoves12(end, true);
  if (n < 0) {
    failWith(n);
    return 0;
  }
  if (op == OP_DIVIDE) {
    setKeepPaths(false);
    for (let i = 0; i < end; i++) {
      const nodes = white
        ? perftAfter<V, u64, White>(i, usLo, themLo, kingsLo, depth - 1, end)
        : perftAfter<V, u64, Black>(i, usLo, themLo, kingsLo, depth - 1, end);
      store<u64>(COUNTS_OUT + (<usize>i << 3), nodes);
    }
    if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
  }
  return <u64>n;
}
