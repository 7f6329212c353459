// The handlers of the evaluation's and the search's operations on the position read from BOARD
// (dispatch.ts), and the limits the next search runs within.

import { geometry } from "../board/geometry";
import { BOARD_HIGH, boardBlack, boardHigh, boardKey, boardKings, boardStreaks, boardThem, boardUs, boardWhite, boardWhiteToMove } from "../buffers/board";
import { ENDING_STANDARD, ERROR_NOT_SEARCHED, ERROR_NO_MEMORY } from "../contract/contract";
import { failed } from "../contract/error";
import { writeFeatures } from "../eval/evaluate";
import { gameEnd } from "../eval/game-end";
import { MAX_WINDOWS } from "../eval/patterns";
import { prepareStaticEvaluation, staticEvaluation } from "../eval/static";
import { Black, White } from "../board/side";
import { listingFor, openWalk, recordAt } from "../position/record";
import { databaseValue } from "../search/endings";
import { pushHistory } from "../search/line";
import { think } from "../search/root";
import { resizeTable, tableReady } from "../search/table";
import { walked } from "./board-ops";

/** The table's size when a search starts before the host gave one. */
const DEFAULT_TABLE_MIB: i32 = 32;

/** Where OP_FEATURES writes what training reads. */
export const FEATURES_OUT = memory.data(4 * (4 + 4 * MAX_WINDOWS));

// A search's limits, set by `search` (index.ts) before it dispatches.
let searchNodes: u64 = 0;
let searchLines: i32 = 1;
let searchDisabled: i32 = 0;
let searchNoProgress: i32 = 0;
let searchEndgame: i32 = 0;

/** Sets the next search's limits (index.ts `search`). */
export function setSearchLimits(nodes: u64, lines: i32, noProgress: i32, endgame: i32, disabled: i32): void {
  searchNodes = nodes;
  searchLines = lines;
  searchNoProgress = noProgress;
  searchEndgame = endgame;
  searchDisabled = disabled;
}

/**
 * Whether the evaluation and the search play this variant's position. Those on the one-word
 * diagonal tables' boards (geometry.ts `Diagonal`) always; turkish, frisian and canadian (their
 * own boards and lines) have no training features (`learned`: the call needs them, or the
 * endgame databases built from the same families), no databases and no other ends of the game.
 */
function searched<V>(learned: bool): bool {
  return geometry<V>().diagonalTables || (!learned && gameEnd == ENDING_STANDARD);
}

/** OP_HISTORY_PUSH: the position added to the game's earlier positions; 1, or 0 when they are full. */
export function historyPush<V, B>(): u64 {
  return pushHistory(boardKey<V, B>()) ? 1 : 0;
}

/** OP_EVALUATE: the static evaluation, from the side to move, in centi-men. */
export function evaluate<V, B>(): u64 {
  if (!searched<V>(false)) return failed(ERROR_NOT_SEARCHED);
  prepareStaticEvaluation<V, B>();
  return <u64><i64>staticEvaluation<V, B>(boardUs<B>(), boardThem<B>(), <B>boardKings, boardWhiteToMove, 0, BOARD_HIGH);
}

/** OP_FEATURES: what training reads, to FEATURES_OUT. */
export function features<V, B>(): u64 {
  if (!searched<V>(true)) return failed(ERROR_NOT_SEARCHED);
  writeFeatures<V, B>(<B>boardWhite, <B>boardBlack, <B>boardKings, FEATURES_OUT);
  return 0;
}

/** OP_DATABASE_VALUE: the attached database's value, the pending captures played out. */
export function databaseValueOf<V, B>(): u64 {
  if (!searched<V>(true)) return failed(ERROR_NOT_SEARCHED);
  openWalk(0, listingFor(true, false), boardStreaks<V>(), 0);
  return <u64><i64>databaseValue<V, B>(boardWhiteToMove, boardUs<B>(), boardThem<B>(), <B>boardKings, recordAt(0));
}

/** OP_SEARCH: the search to `depth`, within the limits set before; the number of lines in SEARCH_OUT. */
export function search<V, B>(depth: i32): u64 {
  if (!searched<V>(false)) return failed(ERROR_NOT_SEARCHED);
  if (!tableReady() && !resizeTable(DEFAULT_TABLE_MIB)) return failed(ERROR_NO_MEMORY);
  // The root's record at ply 0: its streaks, 12×12's high words; routes merged, no paths.
  openWalk(0, listingFor(true, false), boardStreaks<V>(), boardHigh<V>());
  const us = boardUs<B>();
  const them = boardThem<B>();
  const kings = <B>boardKings;
  const key = boardKey<V, B>();
  const streaks = boardStreaks<V>();
  const lines = boardWhiteToMove
    ? think<V, B, White>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame, streaks)
    : think<V, B, Black>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame, streaks);
  return walked(<u64>lines);
}
