// The operations the exports dispatch (dispatch.ts), shared with the 12×12 board's (operate-12x12.ts).

export const OP_MOVES: i32 = 0;
export const OP_PERFT: i32 = 1;
export const OP_DIVIDE: i32 = 2;
export const OP_KEY: i32 = 3;
export const OP_STATE_LOAD: i32 = 4;
export const OP_STATE_MOVES: i32 = 5;
export const OP_STATE_MAKE: i32 = 6;
export const OP_STATE_UNMAKE: i32 = 7;
export const OP_STATE_STORE: i32 = 8;
export const OP_STATE_SCRATCH_KEY: i32 = 9;
export const OP_SEARCH: i32 = 10;
export const OP_HISTORY_PUSH: i32 = 11;
export const OP_EVALUATE: i32 = 12;
/** The state's moves counted, not written (index.ts stateMoveCount). */
export const OP_STATE_LIST: i32 = 13;
export const OP_PERFT_TABLE: i32 = 14;
export const OP_FEATURES: i32 = 15;
/** The search's endgame database value of the position in BOARD, captures played out (index.ts egdbSearchValue). */
export const OP_DATABASE_VALUE: i32 = 16;

/** The evaluation and the search do not play this variant (turkish, frisian, frysk, canadian). */
export const ERROR_NOT_SEARCHED: i32 = -6;
