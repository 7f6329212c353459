// The operations the exports dispatch (dispatch.ts), shared with the 12×12 board's (operate-12x12.ts):
// their codes are the contract's (contract.ts), which the binding's copy is made from.

export {
  ERROR_NOT_SEARCHED, OP_DATABASE_VALUE, OP_DIVIDE, OP_EVALUATE, OP_FEATURES, OP_HISTORY_PUSH, OP_KEY, OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_SEARCH,
  OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE, OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_STORE, OP_STATE_UNMAKE,
} from "./contract";
