// The handlers of the game state's operations (dispatch.ts): the state (position/state.ts)
// loaded from BOARD, its moves listed, made and taken back, its key, and stored back to BOARD.

import { rules } from "../board/variants";
import { boardBlack, boardHigh, boardKings, boardStreakBlack, boardStreakWhite, boardWhite, boardWhiteToMove, writeBoard } from "../buffers/board";
import { writeMoves } from "../buffers/records";
import { ERROR_TOO_MANY_MOVES } from "../contract/contract";
import { failed } from "../contract/error";
import { R_HIGH } from "../board/record";
import { takeOverflow } from "../movegen/movelist";
import { listingFor } from "../position/record";
import {
  listStateMoves, makeMove, setState, stateBlack, stateKeyFromScratch, stateKings, stateListing, stateRecord, stateStreak, stateWhite,
  stateWhiteToMove, unmakeMove,
} from "../position/state";
import { legalOf } from "./board-ops";

/** OP_STATE_LOAD: the state set to the position read from BOARD. */
export function stateLoad<V, B>(): u64 {
  const frisian = rules<V>().frisian;
  setState<B>(<B>boardWhite, <B>boardBlack, <B>boardKings, boardWhiteToMove, boardHigh<V>(),
    frisian ? boardStreakWhite : 0, frisian ? boardStreakBlack : 0);
  return 0;
}

/**
 * OP_STATE_MOVES (`countOnly` false: written to MOVES_OUT too) and OP_STATE_LIST: the state's
 * moves, kept for stateMake; their number.
 */
export function stateMoves<V, B>(countOnly: bool): u64 {
  const white = stateWhiteToMove();
  const us = white ? stateWhite<B>() : stateBlack<B>();
  const them = white ? stateBlack<B>() : stateWhite<B>();
  // The state's record of its ply: its streaks and high words, routes merged and paths kept.
  const end = legalOf<V, B>(us, them, stateKings<B>(), stateListing(listingFor(true, true)), white, 0);
  const n = countOnly ? (takeOverflow() ? ERROR_TOO_MANY_MOVES : end) : writeMoves<V, B>(end, true);
  if (n < 0 || !listStateMoves(end)) {
    listStateMoves(0);
    return failed(n < 0 ? n : ERROR_TOO_MANY_MOVES);
  }
  return <u64>n;
}

/** OP_STATE_MAKE: plays move `index` of the last listing (position/state.ts makeMove's answer). */
export function stateMake<V, B>(index: i32): u64 {
  return <u64>makeMove<V, B>(index);
}

/** OP_STATE_UNMAKE: takes back the last move; 1, or 0 when there is none. */
export function stateUnmake<V, B>(): u64 {
  return unmakeMove<V, B>() ? 1 : 0;
}

/** OP_STATE_SCRATCH_KEY: the state's key recomputed from its pieces. */
export function stateScratchKey<V, B>(): u64 {
  return stateKeyFromScratch<V, B>();
}

/** OP_STATE_STORE: the state's position written to BOARD. */
export function stateStore<V, B>(): u64 {
  writeBoard<V, B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), stateWhiteToMove(), stateStreak(true), stateStreak(false), stateRecord() + R_HIGH);
  return 0;
}
