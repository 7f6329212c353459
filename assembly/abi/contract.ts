// The contract between the core and its host: every number both sides must agree on, written
// once. The core imports these names; the binding reads bindings/core/contract.ts, which
// scripts/contract.mjs writes from this file (the build does it before tsc, and a test fails
// when the two differ). So this file stays plain: `export const NAME: i32 = value;` lines, each
// after a one-line `/** … */` comment, the value an integer or an expression of integers and
// names defined above it (+ - * << >> | & ~ and parentheses). The script refuses anything else.

// Variant ids: which rules a call plays. antidraughts and breakthrough play international's
// moves, frysk frisian's; the gaps (7, 21, 23) are no variant.

/** English (and american) checkers. */
export const VARIANT_ENGLISH: i32 = 0;
/** Italian draughts. */
export const VARIANT_ITALIAN: i32 = 1;
/** International draughts (and antidraughts, breakthrough). */
export const VARIANT_INTERNATIONAL: i32 = 2;
/** Brazilian draughts. */
export const VARIANT_BRAZILIAN: i32 = 3;
/** Russian draughts. */
export const VARIANT_RUSSIAN: i32 = 4;
/** Spanish draughts. */
export const VARIANT_SPANISH: i32 = 5;
/** Czech draughts. */
export const VARIANT_CZECH: i32 = 6;
/** Pool checkers. */
export const VARIANT_POOL: i32 = 16;
/** Thai draughts. */
export const VARIANT_THAI: i32 = 17;
/** Killer draughts. */
export const VARIANT_KILLER: i32 = 18;
/** Turkish draughts. */
export const VARIANT_TURKISH: i32 = 19;
/** Frisian draughts (and frysk). */
export const VARIANT_FRISIAN: i32 = 20;
/** Canadian draughts, on 12×12. */
export const VARIANT_CANADIAN: i32 = 22;
// How a game ends, for the search and the evaluation (antidraughts and breakthrough play
// international's moves: only their end differs, so it is a setting of those two calls).

/** The side without a move loses. */
export const ENDING_STANDARD: i32 = 0;
/** The side without a move wins (antidraughts). */
export const ENDING_ANTIDRAUGHTS: i32 = 1;
/** The first man to be crowned wins (breakthrough). */
export const ENDING_BREAKTHROUGH: i32 = 2;
/** Added to a variant id: the optional-capture house rule. */
export const OPTIONAL_CAPTURE: i32 = 8;
/** The bits of a variant id, optional capture included (perft's table tags its entries with them). */
export const VARIANT_ID_MASK: i32 = 0x1f;
/** Perft's table: set beside the variant id in its argument to count capture routes (keep). */
export const KEEP_ROUTES_BIT: i32 = 0x20;

// Operations the exports dispatch (index.ts).

/** Legal moves of the position in BOARD, to MOVES_OUT. */
export const OP_MOVES: i32 = 0;
/** Perft of the position in BOARD. */
export const OP_PERFT: i32 = 1;
/** Perft of each root move: moves to MOVES_OUT, counts to COUNTS_OUT. */
export const OP_DIVIDE: i32 = 2;
/** The Zobrist key of the position in BOARD. */
export const OP_KEY: i32 = 3;
/** The search state loaded from BOARD. */
export const OP_STATE_LOAD: i32 = 4;
/** The search state's moves, listed for make and written to MOVES_OUT. */
export const OP_STATE_MOVES: i32 = 5;
/** Plays a move of the search state's list. */
export const OP_STATE_MAKE: i32 = 6;
/** Takes back the search state's last move. */
export const OP_STATE_UNMAKE: i32 = 7;
/** The search state's position written to BOARD. */
export const OP_STATE_STORE: i32 = 8;
/** The search state's key recomputed from its pieces. */
export const OP_STATE_SCRATCH_KEY: i32 = 9;
/** The search of the position in BOARD. */
export const OP_SEARCH: i32 = 10;
/** The position in BOARD added to the search's game history. */
export const OP_HISTORY_PUSH: i32 = 11;
/** The static evaluation of the position in BOARD. */
export const OP_EVALUATE: i32 = 12;
/** The search state's moves counted, not written (index.ts stateMoveCount). */
export const OP_STATE_LIST: i32 = 13;
/** Perft of the position in BOARD through perft's table. */
export const OP_PERFT_TABLE: i32 = 14;
/** What training reads of the position in BOARD, to FEATURES_OUT. */
export const OP_FEATURES: i32 = 15;
/** The search's endgame database value of the position in BOARD, captures played out. */
export const OP_DATABASE_VALUE: i32 = 16;

// Errors: what error() answers after a call that failed (0: none).

/** BOARD holds a code that is no piece, a side that is neither, or a streak that names no king. */
export const ERROR_BAD_BOARD: i32 = -1;
/** The position has more moves than MOVES_OUT (or the move stack) holds; on 12×12 also a perft deeper than SEARCH_MAX_PLY. */
export const ERROR_TOO_MANY_MOVES: i32 = -2;
/** No such variant id, or one this core was built without. */
export const ERROR_UNKNOWN_VARIANT: i32 = -3;
/** Memory could not grow (the transposition table, an endgame database's work). */
export const ERROR_NO_MEMORY: i32 = -4;
/** Perft through the table before the table has a size. */
export const ERROR_NO_TABLE: i32 = -5;
/** The evaluation and the search do not play this (turkish, frisian, frysk, canadian: training features, endgame databases, other ends of the game). */
export const ERROR_NOT_SEARCHED: i32 = -6;

// BOARD: the position a call reads (and the search state's, stored back).

/** Bytes of BOARD: the side to move, squares 1 … 72, frisian's king streaks. */
export const BOARD_BYTES: i32 = 80;
/** Where BOARD holds the side to move: 0 White, 1 Black. */
export const BOARD_SIDE: i32 = 0;
/** Where BOARD holds frisian's king streaks (White's count and square, Black's): past square 72, the last of the largest board. */
export const BOARD_STREAKS: i32 = 73;
/** A square of BOARD: empty. */
export const PIECE_EMPTY: i32 = 0;
/** A square of BOARD: a white man. */
export const PIECE_WHITE_MAN: i32 = 1;
/** A square of BOARD: a white king. */
export const PIECE_WHITE_KING: i32 = 2;
/** A square of BOARD: a black man. */
export const PIECE_BLACK_MAN: i32 = 3;
/** A square of BOARD: a black king. */
export const PIECE_BLACK_KING: i32 = 4;

// MOVES_OUT: the moves a call lists, one record each, in square numbers.

/** Records MOVES_OUT holds (and COUNTS_OUT's u64 counts, one a record). */
export const MAX_OUT: i32 = 4096;
/** Bytes of a move record. */
export const RECORD_BYTES: i32 = 80;
/** A record's origin square. */
export const RECORD_FROM: i32 = 0;
/** A record's destination square. */
export const RECORD_TO: i32 = 1;
/** A record's number of captured pieces, n. */
export const RECORD_TAKEN: i32 = 2;
/** A record's flags (RECORD_KING, RECORD_PROMOTES). */
export const RECORD_FLAGS: i32 = 3;
/** A record's captured squares, n of them ascending (room for 32: a 12×12 king can take more than 20). */
export const RECORD_CAPTURED: i32 = 4;
/** A record's path: its origin, then each landing square (n + 1 squares; from and to for a step). */
export const RECORD_PATH: i32 = 36;
/** Flag: the piece that moved is a king. */
export const RECORD_KING: i32 = 1;
/** Flag: the man that moved is crowned. */
export const RECORD_PROMOTES: i32 = 2;

// SEARCH_OUT: what a search reports (search/output.ts). Its moves are records of
// SEARCH_MOVE_BYTES, laid out as MOVES_OUT's up to their captured squares, without a path.

/** SEARCH_OUT, i32: the number of lines that follow. */
export const SEARCH_LINES: i32 = 0;
/** SEARCH_OUT, i32: the iteration the lines come from. */
export const SEARCH_DEPTH: i32 = 4;
/** SEARCH_OUT, i32: the deepest ply reached. */
export const SEARCH_SELDEPTH: i32 = 8;
/** SEARCH_OUT, i32: per mille of the table written by this search. */
export const SEARCH_HASHFULL: i32 = 12;
/** SEARCH_OUT, i32: SEARCH_ITERATION or SEARCH_BEST. */
export const SEARCH_KIND: i32 = 16;
/** SEARCH_OUT, f64: the nodes searched. */
export const SEARCH_NODES: i32 = 24;
/** SEARCH_OUT, f64: the mean depth of the iteration's leaves (the plies at which its lines reached the horizon), as Hub's mean-depth. */
export const SEARCH_MEAN_DEPTH: i32 = 32;
/** SEARCH_OUT: where the lines begin. */
export const SEARCH_LINES_AT: i32 = 64;
/** A search's longest line, in plies. */
export const SEARCH_MAX_PLY: i32 = 128;
/** The most lines a search reports (multi-PV). */
export const SEARCH_MAX_LINES: i32 = 16;
/** The most earlier positions of the game a search takes. */
export const SEARCH_MAX_HISTORY: i32 = 1024;
/** Bytes of a move of a line. */
export const SEARCH_MOVE_BYTES: i32 = 24;
/** Bytes of a line: i32 score, i32 moves, then the moves. */
export const SEARCH_LINE_BYTES: i32 = 8 + SEARCH_MOVE_BYTES * SEARCH_MAX_PLY;
/** A report's kind: an iteration finished (or the final result). */
export const SEARCH_ITERATION: i32 = 0;
/** A report's kind: a new best root move in mid-iteration. */
export const SEARCH_BEST: i32 = 1;
/** A won game scores SEARCH_WIN − n, n the plies to its end. */
export const SEARCH_WIN: i32 = 30000;
/** Scores at or beyond this are wins (or, negated, losses) at a known distance. */
export const SEARCH_WIN_BOUND: i32 = SEARCH_WIN - 1000;
/** An endgame database's win (a known result, at no known distance): SEARCH_KNOWN_WIN plus the evaluation clamped to ±SEARCH_KNOWN_WIN_SPREAD. */
export const SEARCH_KNOWN_WIN: i32 = 20000;
/** How far a database win's score strays from SEARCH_KNOWN_WIN: it stays above every evaluation and below SEARCH_WIN_BOUND. */
export const SEARCH_KNOWN_WIN_SPREAD: i32 = 5000;

// Search features that `disabled` switches off (killers and deep reductions: on).

/** Aspiration windows. */
export const FEATURE_ASPIRATION: i32 = 1;
/** Late-move reductions. */
export const FEATURE_LMR: i32 = 2;
/** The shallow cut near the leaves. */
export const FEATURE_SHALLOW_CUT: i32 = 4;
/** The single-reply extension. */
export const FEATURE_SINGLE_REPLY: i32 = 8;
/** The history heuristic. */
export const FEATURE_HISTORY: i32 = 16;
/** The transposition table. */
export const FEATURE_TABLE: i32 = 32;
/** The threat ply. */
export const FEATURE_THREAT_PLY: i32 = 64;
/** Killer moves (this bit switches them on). */
export const FEATURE_KILLERS: i32 = 128;
/** The table at depth-1 nodes, the most numerous and the least worth a memory fetch. */
export const FEATURE_TABLE_AT_FRONTIER: i32 = 256;
// Off unless set, like the killers: at equal nodes they were not yet shown to win (+24 ± 44 Elo
// in international, +15 ± 27 in english). Without them: 1 ply from the fourth quiet move on, 2
// from the ninth at depth 6 or more.
/** Reductions that grow with the depth left and the move's rank, a log-log table (this bit switches them on). */
export const FEATURE_DEEP_REDUCTIONS: i32 = 512;
/** The static cut: a quiet position whose static score clears beta by a margin a ply, near the leaves. */
export const FEATURE_STATIC_CUT: i32 = 1024;
/** The singular extension: the table's move a ply deeper when every other move falls well short of it. */
export const FEATURE_SINGULAR: i32 = 2048;

// Endgame databases (egdb/operate.ts): the operations of the `egdb` export and their answers
// (besides these, ERROR_NO_MEMORY when memory cannot grow).

/** Solves a pair of slices. */
export const EGDB_SOLVE: i32 = 0;
/** A slice's size in positions. */
export const EGDB_SIZE: i32 = 1;
/** A table to load a slice into. */
export const EGDB_CLAIM: i32 = 2;
/** A one-ply check of a loaded slice. */
export const EGDB_CHECK: i32 = 3;
/** The slice and index of the position in BOARD. */
export const EGDB_LOCATE: i32 = 4;
/** The stored value of the position in BOARD. */
export const EGDB_VALUE: i32 = 5;
/** The address of slice abcd's values as its file holds them (captures pending left out), after solving its pair. */
export const EGDB_MASKED: i32 = 6;
/** Writes the values a file leaves out (positions with a capture pending) into loaded slice abcd. */
export const EGDB_FILL: i32 = 7;
/** The address of slice abcd's distances (a byte a position, egdb/generate.ts distancesOf), after solving its pair. */
export const EGDB_DISTANCES: i32 = 8;
/** In a distance byte: the mark of a loss, the plies in the bits below it (0 unmarked: a draw). */
export const EGDB_LOST_IN: i32 = 0x80;
/** The longest distance a byte holds (a longer one is written as this). */
export const EGDB_MAX_DISTANCE: i32 = 127;
/** The position in BOARD cannot be read, or has a man on its promotion row. */
export const EGDB_BAD_BOARD: i32 = -1;
/** A side of the position in BOARD has no piece, or more of one kind than a slice holds. */
export const EGDB_NO_SLICE: i32 = -2;
/** Not a variant with databases (this core, or this variant, has none). */
export const EGDB_NO_VARIANT: i32 = ERROR_UNKNOWN_VARIANT;
/** A slice that solving needs is not loaded. */
export const EGDB_MISSING_SLICE: i32 = -7;
/** The pair is too large for the work memory. */
export const EGDB_TOO_LARGE: i32 = -8;
/** The slice of the position in BOARD is not loaded. */
export const EGDB_NOT_LOADED: i32 = -9;
