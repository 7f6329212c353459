// The exports' dispatch: every call names a variant and an operation. The variant table
// (board/variant-table.ts) picks that variant's compiled code once per call, never per node;
// `operate` then hands the operation to its handler, one small function each: the game
// state's (state-ops.ts), the generator's on the position in BOARD (board-ops.ts), and the
// evaluation's and the search's (search-ops.ts).
// Variant ids, op codes and error codes: contract/contract.ts.

import { setOptionalCapture } from "../board/variants";
import { forVariant } from "../board/variant-table";
import { boardKey, readBoard } from "../buffers/board";
import { clearError, failed } from "../contract/error";
import {
  ERROR_BAD_BOARD, ERROR_UNKNOWN_VARIANT, OPTIONAL_CAPTURE, OP_DATABASE_VALUE, OP_DIVIDE, OP_EVALUATE, OP_FEATURES, OP_HISTORY_PUSH, OP_KEY,
  OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_SEARCH, OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE, OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_STORE,
  OP_STATE_UNMAKE,
} from "../contract/contract";
import { divide, listMoves, perft, perftThroughTable } from "./board-ops";
import { stateLoad, stateMake, stateMoves, stateScratchKey, stateStore, stateUnmake } from "./state-ops";
import { databaseValueOf, evaluate, features, historyPush, search } from "./search-ops";

/** Runs operation `op` of the exports on variant `variant` (its OPTIONAL_CAPTURE bit plays the house rule). */
export function dispatch(variant: i32, op: i32, depth: i32, arg: i32): u64 {
  setOptionalCapture((variant & OPTIONAL_CAPTURE) != 0);
  const call = CALL;
  call.op = op;
  call.depth = depth;
  call.arg = arg;
  return forVariant<CoreCall, u64>(variant & ~OPTIONAL_CAPTURE, call);
}

/** A call of the exports, run with its variant's types (board/variant-table.ts). */
@final @unmanaged class CoreCall {
  op: i32;
  depth: i32;
  arg: i32;
  run<V, B>(): u64 { return operate<V, B>(this.op, this.depth, this.arg); }
  unknown(): u64 { return failed(ERROR_UNKNOWN_VARIANT); }
}
// The one call record, in static memory: the core allocates nothing.
const CALL = changetype<CoreCall>(memory.data(offsetof<CoreCall>()));

/** Operation `op` with the variant's types: one handler an op code. */
function operate<V, B>(op: i32, depth: i32, arg: i32): u64 {
  clearError();
  // The game state's operations read the state, not BOARD.
  switch (op) {
    case OP_STATE_MOVES: return stateMoves<V, B>(false);
    case OP_STATE_LIST: return stateMoves<V, B>(true);
    case OP_STATE_MAKE: return stateMake<V, B>(arg);
    case OP_STATE_UNMAKE: return stateUnmake<V, B>();
    case OP_STATE_STORE: return stateStore<V, B>();
    case OP_STATE_SCRATCH_KEY: return stateScratchKey<V, B>();
  }
  if (!readBoard<V, B>()) return failed(ERROR_BAD_BOARD);
  switch (op) {
    case OP_STATE_LOAD: return stateLoad<V, B>();
    case OP_MOVES: return listMoves<V, B>();
    case OP_PERFT: return perft<V, B>(depth, arg == 0);
    case OP_PERFT_TABLE: return perftThroughTable<V, B>(depth, arg);
    case OP_DIVIDE: return divide<V, B>(depth, arg == 0);
    case OP_KEY: return boardKey<V, B>();
    case OP_HISTORY_PUSH: return historyPush<V, B>();
    case OP_EVALUATE: return evaluate<V, B>();
    case OP_FEATURES: return features<V, B>();
    case OP_DATABASE_VALUE: return databaseValueOf<V, B>();
    case OP_SEARCH: return search<V, B>(depth);
  }
  return 0;
}
