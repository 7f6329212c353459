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
/** The position has more moves than MOVES_OUT (or the move stack) holds; also a perft deeper than SEARCH_MAX_PLY (the walks' records). */
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

// Search features that `disabled` switches off (the opt-in ones below the singular extension, and
// killers and deep reductions: on, where the family does not use them by default: FEATURES_*).

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
// The selectivity package (opt-in while it is measured): reductions from the second quiet move
// at nodes off the principal variation, and a verification search in place of the depth − 3 cut.
/** Reductions from the 2nd quiet move off the principal variation (2 plies later in the list), from the 4th on it, and at the root (this bit switches them on). */
export const FEATURE_EARLY_REDUCTIONS: i32 = 4096;
/** A verification search of the node at about 40 % of its depth, with a margin growing with depth, in place of the shallow cut (this bit switches it on). */
export const FEATURE_VERIFY_CUT: i32 = 8192;
/** History over every move, captures included, taught at every node that raises alpha (this bit switches it on). */
export const FEATURE_FULL_HISTORY: i32 = 16384;
/** Reversible reductions: off the principal variation, a line whose static score lies far outside the window is reduced, and given its depth back where it returns inside (this bit switches them on). */
export const FEATURE_REVERSIBLE: i32 = 32768;
/** Exchanges in quiescence: at a quiet node without kings, the man moves that offer a trade the opponent must take and that is won back at once, once a line (this bit switches them on). */
export const FEATURE_EXCHANGES: i32 = 65536;
/** Table cut-offs on the principal variation too, where the entry is exact and at least as deep (this bit switches them on). */
export const FEATURE_PV_TABLE_CUT: i32 = 131072;
/** With the early reductions, steeper ones late in the list: a third ply off the principal variation and a second on it, from the seventh quiet move at depth 6 or more (this bit switches them on). */
export const FEATURE_STEEP_REDUCTIONS: i32 = 262144;
/** The opt-in features: those whose bit switches them on (the search reads them with `chosen`, the others with `enabled`). */
export const FEATURES_OPT_IN: i32 = FEATURE_KILLERS | FEATURE_DEEP_REDUCTIONS | FEATURE_EARLY_REDUCTIONS | FEATURE_VERIFY_CUT | FEATURE_FULL_HISTORY | FEATURE_REVERSIBLE | FEATURE_EXCHANGES | FEATURE_PV_TABLE_CUT | FEATURE_STEEP_REDUCTIONS;
// A family's defaults: opt-in features its search uses unless the host's bit switches them off
// (in such a family the bit toggles them, as it does every other feature).
/** The 10×10 diagonal board's standard game (international, killer): the early reductions, the verification cut and the exchanges in quiescence. */
export const FEATURES_TEN_BY_TEN: i32 = FEATURE_EARLY_REDUCTIONS | FEATURE_VERIFY_CUT | FEATURE_EXCHANGES;

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

// The batched game environments (assembly/env, docs/env.md "The core interface"): envCreate's
// flags, the buffers envBuffer answers for, the figures envInfo answers, the ends of a game and
// the counting rules a game can end by, and the environments' own errors.

/** envCreate's flags: the end of the game, an ENDING_* value, in the two low bits. */
export const ENV_ENDING_MASK: i32 = 3;
/** envCreate's flags: frysk's start (five men a side on the back rows) instead of the variant's own. */
export const ENV_FRYSK: i32 = 4;
/** envCreate's flags: the variant's counting rules (RULES.md 5.5, 5.6) end games in a draw. */
export const ENV_DRAW_COUNTING: i32 = 8;
/** envCreate's flags: the third occurrence of a position ends the game in a draw. */
export const ENV_DRAW_REPETITION: i32 = 16;
/** envCreate's flags: brazilian counts by the russian set instead of the CBD's. */
export const ENV_DRAW_RUSSIAN_SET: i32 = 32;
/** envCreate's and envSetOutputs' flags: every step and reset writes the dense mask. */
export const ENV_WRITE_MASK: i32 = 64;
/** envCreate's and envSetOutputs' flags: every step and reset writes the observation planes. */
export const ENV_WRITE_OBSERVATION: i32 = 128;
/** The most games an environment holds. */
export const ENV_MAX_COUNT: i32 = 65536;
/** The longest game an environment keeps (maxPlies at most this). */
export const ENV_MAX_PLIES: i32 = 10000;
/** The most capture routes (and so legal actions) a game's position may have. */
export const ENV_MAX_LEGAL: i32 = 512;
/** The most legs of a capture: an action sequence of the whole-move form holds its count and this many actions. */
export const ENV_MAX_LEGS: i32 = 31;
/** Bytes of one move of the whole-move form (ENV_BUF_MOVES): i32 legs, then ENV_MAX_LEGS i32 actions. */
export const ENV_MOVE_BYTES: i32 = 4 * (1 + ENV_MAX_LEGS);
/** An action that leaves its game as it is (step): for a finished game, or one not stepped now. */
export const ENV_NO_ACTION: i32 = -1;

/** envBuffer: i32 a game, the host's actions for the next step (ENV_NO_ACTION: not stepped). */
export const ENV_BUF_ACTIONS: i32 = 0;
/** envBuffer: u8 a game, the host's reset mask (nonzero: reset that game) for envReset(env, 1). */
export const ENV_BUF_RESET: i32 = 1;
/** envBuffer: u8, count × actions: 1 where the action is legal (written when ENV_WRITE_MASK is set, or by envWriteMask). */
export const ENV_BUF_MASK: i32 = 2;
/** envBuffer: i32, count × ENV_MAX_LEGAL: each game's legal actions, ascending, the first legalCount of its row. */
export const ENV_BUF_LEGAL: i32 = 3;
/** envBuffer: i32 a game, how many legal actions its row of ENV_BUF_LEGAL holds (0 once the game is over). */
export const ENV_BUF_LEGAL_COUNT: i32 = 4;
/** envBuffer: u8, count × planes × height × width: the observation planes (envObserve, or each step with ENV_WRITE_OBSERVATION). */
export const ENV_BUF_OBSERVATION: i32 = 5;
/** envBuffer: f32 a game, the last step's reward for the side that made it: 1 win, -1 loss, else 0. */
export const ENV_BUF_REWARD: i32 = 6;
/** envBuffer: u8 a game, 1 once its game is over (won, drawn, or cut at maxPlies). */
export const ENV_BUF_DONE: i32 = 7;
/** envBuffer: u8 a game, the side to move: 0 White, 1 Black. */
export const ENV_BUF_TO_MOVE: i32 = 8;
/** envBuffer: u64 a game, the Zobrist key of its position at the start of the turn (OP_KEY's). */
export const ENV_BUF_KEY: i32 = 9;
/** envBuffer: u8 a game, ENV_RESULT_*. */
export const ENV_BUF_RESULT: i32 = 10;
/** envBuffer: u8 a game, ENV_END_* (0 while it goes on). */
export const ENV_BUF_REASON: i32 = 11;
/** envBuffer: i32 a game, the plies (whole moves) played since its start. */
export const ENV_BUF_PLY: i32 = 12;
/** envBuffer: i32 a game, the legs of the capture in progress played so far (0 at a turn's start). */
export const ENV_BUF_LEGS: i32 = 13;
/** envBuffer: u16, count × ENV_COUNTERS: the counting rules' plies in envInfo(ENV_INFO_RULE_0 …) order, then the repetitions of the position. */
export const ENV_BUF_COUNTERS: i32 = 14;
/** envBuffer: ENV_MOVE_BYTES a move: the whole-move form that envMoves writes. */
export const ENV_BUF_MOVES: i32 = 15;
/** envBuffer: i32, count × 4: envPlayout's tallies per game: wins, draws, losses of the side to move, and plies played. */
export const ENV_BUF_PLAYOUT: i32 = 16;
/** Counters a game keeps in ENV_BUF_COUNTERS: six counting rules at most (russian), then the repetitions. */
export const ENV_COUNTERS: i32 = 8;
/** ENV_BUF_COUNTERS: where a game's repetitions of its position are. */
export const ENV_COUNTER_REPETITIONS: i32 = 7;

/** envInfo: the games. */
export const ENV_INFO_COUNT: i32 = 0;
/** envInfo: the size of the action index. */
export const ENV_INFO_ACTIONS: i32 = 1;
/** envInfo: observation planes a game. */
export const ENV_INFO_PLANES: i32 = 2;
/** envInfo: rows of a plane. */
export const ENV_INFO_HEIGHT: i32 = 3;
/** envInfo: columns of a plane. */
export const ENV_INFO_WIDTH: i32 = 4;
/** envInfo: playable squares (an action's first factor). */
export const ENV_INFO_SQUARES: i32 = 5;
/** envInfo: directions (an action's second factor). */
export const ENV_INFO_DIRECTIONS: i32 = 6;
/** envInfo: distances (an action's third factor). */
export const ENV_INFO_DISTANCES: i32 = 7;
/** envInfo: the counting rules in play (0 … 6). */
export const ENV_INFO_RULES: i32 = 8;
/** envInfo: maxPlies. */
export const ENV_INFO_MAX_PLIES: i32 = 9;
/** envInfo: the core variant id. */
export const ENV_INFO_VARIANT: i32 = 10;
/** envInfo: the flags the environment was made with (outputs as envSetOutputs left them). */
export const ENV_INFO_FLAGS: i32 = 11;
/** envInfo: the valid board symmetries (ENV_SYM_* bits). */
export const ENV_INFO_SYMMETRIES: i32 = 12;
/** envInfo: the first counting rule's id (ENV_RULE_*); the next ones follow, ENV_INFO_RULE_0 + k. */
export const ENV_INFO_RULE_0: i32 = 16;

/** Observation plane: the side to move's men. */
export const ENV_PLANE_OWN_MEN: i32 = 0;
/** Observation plane: the side to move's kings. */
export const ENV_PLANE_OWN_KINGS: i32 = 1;
/** Observation plane: the opponent's men. */
export const ENV_PLANE_THEIR_MEN: i32 = 2;
/** Observation plane: the opponent's kings. */
export const ENV_PLANE_THEIR_KINGS: i32 = 3;
/** Observation plane: 1 on the square of the piece whose capture is in progress. */
export const ENV_PLANE_CAPTURER: i32 = 4;
/** Observation plane: 1 on each piece the capture in progress has taken so far. */
export const ENV_PLANE_TAKEN: i32 = 5;
/** Observation plane: the position's repetitions (1, 2), on every cell. */
export const ENV_PLANE_REPETITIONS: i32 = 6;
/** Observation plane: frisian's king streaks, the count (1 … 3) on the square of each side's king it holds. */
export const ENV_PLANE_STREAKS: i32 = 7;
/** Observation plane: the first counting rule's plies (capped at 255) on every cell; one plane a rule in play. */
export const ENV_PLANE_RULE_0: i32 = 8;

/** envInfo(ENV_INFO_SYMMETRIES): the left-right mirror keeps the rules (turkish). */
export const ENV_SYM_MIRROR: i32 = 1;

/** ENV_BUF_RESULT: the game goes on. */
export const ENV_RESULT_ONGOING: i32 = 0;
/** ENV_BUF_RESULT: White won. */
export const ENV_RESULT_WHITE: i32 = 1;
/** ENV_BUF_RESULT: Black won. */
export const ENV_RESULT_BLACK: i32 = 2;
/** ENV_BUF_RESULT: a draw, or a game cut at maxPlies. */
export const ENV_RESULT_DRAW: i32 = 3;

/** ENV_BUF_REASON: the side to move has no legal move. */
export const ENV_END_NO_MOVES: i32 = 1;
/** ENV_BUF_REASON: breakthrough's first king. */
export const ENV_END_BREAKTHROUGH: i32 = 2;
/** ENV_BUF_REASON: the third occurrence of the position. */
export const ENV_END_REPETITION: i32 = 3;
/** ENV_BUF_REASON: maxPlies played (a cut, not a result of the rules). */
export const ENV_END_MAX_PLIES: i32 = 4;
/** ENV_BUF_REASON: a counting rule, ENV_END_RULE + its ENV_RULE_* id. */
export const ENV_END_RULE: i32 = 16;

// The counting rules (bindings/game/draw-rules.ts names them; the limits are in plies).

/** 25-move-kings (50): kings only, no capture (international, killer, canadian). */
export const ENV_RULE_25_MOVE_KINGS: i32 = 1;
/** 16-move-endgame (32): a lone king against three pieces with a king. */
export const ENV_RULE_16_MOVE_ENDGAME: i32 = 2;
/** 5-move-endgame (10): a lone king against one or two pieces with a king. */
export const ENV_RULE_5_MOVE_ENDGAME: i32 = 3;
/** 15-move-kings (30): kings only, both sides having kings (russian). */
export const ENV_RULE_15_MOVE_KINGS: i32 = 4;
/** 15-move-endgame (30): a lone king against three or more kings (russian). */
export const ENV_RULE_15_MOVE_ENDGAME: i32 = 5;
/** long-diagonal-endgame (10): a lone king on the long diagonal against three pieces with a king (russian). */
export const ENV_RULE_LONG_DIAGONAL: i32 = 6;
/** 30-move-endgame (60): both sides with kings, four or five pieces, no capture or promotion (russian). */
export const ENV_RULE_30_MOVE_ENDGAME: i32 = 7;
/** 60-move-endgame (120): as the 30-move one with six or seven pieces (russian). */
export const ENV_RULE_60_MOVE_ENDGAME: i32 = 8;
/** 20-move-kings (40): kings only, both sides having kings (brazilian, CBD). */
export const ENV_RULE_20_MOVE_KINGS: i32 = 9;
/** 5-move-endgame (10): the CBD's endings (brazilian). */
export const ENV_RULE_BRAZILIAN_5: i32 = 10;
/** 40-move (80): no capture and no man move (english). */
export const ENV_RULE_40_MOVE_KINGS: i32 = 11;
/** 40-move (80): no capture and no promotion (italian). */
export const ENV_RULE_40_MOVE: i32 = 12;
/** 20-move (40): no capture and no promotion (spanish). */
export const ENV_RULE_20_MOVE: i32 = 13;
/** 12-move-endgame (24): three kings, one on the long diagonal, against a lone king (spanish). */
export const ENV_RULE_12_MOVE_ENDGAME: i32 = 14;
/** 15-move (30): no capture and no man move (czech). */
export const ENV_RULE_15_MOVE: i32 = 15;
/** 7-move-endgame (14): two kings against one, nothing else (frisian). */
export const ENV_RULE_7_MOVE_ENDGAME: i32 = 16;
/** 2-move-endgame (4): one king against one (frisian). */
export const ENV_RULE_2_MOVE_ENDGAME: i32 = 17;

/** An action out of range or not legal in its game (envFailedGame names the game). */
export const ERROR_ENV_ACTION: i32 = -10;
/** An action for a game that is over (envFailedGame names the game). */
export const ERROR_ENV_GAME_OVER: i32 = -11;
/** No such environment, or a game index out of range, or envCopyGame between environments of other rules. */
export const ERROR_ENV_NO_GAME: i32 = -12;
/** A count, maxPlies or flags envCreate cannot take. */
export const ERROR_ENV_ARGUMENT: i32 = -13;
/** undo at a game's first position. */
export const ERROR_ENV_NOTHING_TO_UNDO: i32 = -14;
