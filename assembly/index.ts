// The module's exports, and nothing else: each names a variant and goes through the dispatch
// (abi/dispatch.ts), which picks that variant's compiled generator once per call.
//
// Variant ids, op codes, error codes and the buffers' layout: contract/contract.ts (the binding's copy
// is made from it); OPTIONAL_CAPTURE added to an id plays the optional-capture house rule.
// (antidraughts and breakthrough play international's moves, frysk frisian's.) Turkish, frisian and canadian
// have no training features and no endgame databases. Frisian's moves depend on the king streaks
// (movegen/king-streak.ts) that BOARD carries beside the pieces (buffers/board.ts).

import { SEARCH_OUT } from "./search/output";
import { BOARD } from "./buffers/board";
import { COUNTS_OUT, MOVES_OUT } from "./buffers/records";
import { dispatch } from "./abi/dispatch";
import { FEATURES_OUT, setSearchLimits } from "./abi/search-ops";
import { EVERY_VARIANT, built } from "./contract/build";
import { failWith, lastErrorCode } from "./contract/error";
import {
  EGDB_NO_VARIANT, ENDING_STANDARD, ERROR_NOT_SEARCHED, ERROR_NO_TABLE, KEEP_ROUTES_BIT, OPTIONAL_CAPTURE, VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_FRISIAN,
  VARIANT_ID_MASK, OP_DATABASE_VALUE, OP_DIVIDE, OP_EVALUATE, OP_FEATURES, OP_HISTORY_PUSH, OP_KEY, OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_SEARCH,
  OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE, OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_STORE, OP_STATE_UNMAKE,
} from "./contract/contract";
import { stateKey as currentKey } from "./position/state";
import { kingWindowBytes, kingWindowTable, patternBytes, patternTable, useKingWindows, usePatterns } from "./eval/patterns";
import { FAMILIES, weightsOf } from "./eval/weights";
import { setGameEnd } from "./eval/game-end";
import { useDatabase } from "./search/endings";
import { clearHistory } from "./search/line";
import { clearOrdering } from "./search/order";
import { attachDistances, attachSlice, attachedVariant, detachAll } from "./egdb/probe";
import { clearTable, resizeTable, tableSizeMiB } from "./search/table";
import { clearPerftTable, perftFalseHits as falseHitsOfRun, perftTableReady, resizePerftTable, setPerftCheck } from "./perft/table";
import { drawKeys } from "./board/zobrist";

/** Address of the BOARD buffer (see buffers/board.ts). */
export function boardBuffer(): usize { return BOARD; }
/** Address of the MOVES_OUT buffer. */
export function movesBuffer(): usize { return MOVES_OUT; }
/** Address of the COUNTS_OUT buffer. */
export function countsBuffer(): usize { return COUNTS_OUT; }
/** 0, or why the last call failed: an ERROR_* code of contract/contract.ts. */
export function error(): i32 { return lastErrorCode(); }

/** Whether this core plays variant id `variant` (a variant's own core plays only that one). */
export function plays(variant: i32): bool {
  const plain = variant & ~OPTIONAL_CAPTURE;
  // The ids run from VARIANT_ENGLISH to VARIANT_CZECH, VARIANT_POOL to VARIANT_FRISIAN, then VARIANT_CANADIAN: the three gaps are no variant.
  if (variant < 0 || variant > VARIANT_ID_MASK || plain == VARIANT_CZECH + 1 || plain == VARIANT_FRISIAN + 1 || plain == VARIANT_CANADIAN + 1) return false;
  return built(variant);
}

/** Legal moves of the position in BOARD, to MOVES_OUT; returns their number. */
export function legalMoves(variant: i32): i32 { return <i32>dispatch(variant, OP_MOVES, 0, 0); }

/** Perft of the position in BOARD. `keepRoutes`: count capture routes (keep) instead of moves (drop). */
export function perft(variant: i32, depth: i32, keepRoutes: bool): u64 {
  return dispatch(variant, OP_PERFT, depth, keepRoutes ? 1 : 0);
}

/** Perft of each root move (moves to MOVES_OUT, counts to COUNTS_OUT); returns the number of root moves. */
export function perftDivide(variant: i32, depth: i32, keepRoutes: bool): i32 {
  return <i32>dispatch(variant, OP_DIVIDE, depth, keepRoutes ? 1 : 0);
}

/** The Zobrist key of the position in BOARD. */
export function zobristKey(variant: i32): u64 { return dispatch(variant, OP_KEY, 0, 0); }

// The search state: load from BOARD, list moves, make, unmake, store back to BOARD.
export function stateLoad(variant: i32): void { dispatch(variant, OP_STATE_LOAD, 0, 0); }
export function stateMoves(variant: i32): i32 { return <i32>dispatch(variant, OP_STATE_MOVES, 0, 0); }
/** Plays move `index` of the last stateMoves list: 0 made, 1 no such move, 2 undo stack full. */
export function stateMake(variant: i32, index: i32): i32 { return <i32>dispatch(variant, OP_STATE_MAKE, 0, index); }
export function stateUnmake(variant: i32): bool { return dispatch(variant, OP_STATE_UNMAKE, 0, 0) != 0; }
export function stateStore(variant: i32): void { dispatch(variant, OP_STATE_STORE, 0, 0); }
export function stateKey(): u64 { return currentKey(); }
export function stateKeyRecomputed(variant: i32): u64 { return dispatch(variant, OP_STATE_SCRATCH_KEY, 0, 0); }

// The search (assembly/search): history, limits, the table, and the output in SEARCH_OUT.

/** Address of the SEARCH_OUT buffer (see search/output.ts). */
export function searchBuffer(): usize { return SEARCH_OUT; }
/** Forgets the game's earlier positions. */
export function searchHistoryClear(): void { clearHistory(); }
/** Adds the position in BOARD as an earlier position of the game (oldest first); false when full or unreadable. */
export function searchHistoryPush(variant: i32): bool { return dispatch(variant, OP_HISTORY_PUSH, 0, 0) != 0; }

/**
 * Searches the position in BOARD: iterative deepening to `depth`, at most `nodes` nodes (0: no
 * limit), `lines` best root moves. `noProgress`/`endgame`: plies left before a counting rule
 * draws (0: none). `disabled`: features switched off (FEATURE_*). `ending`: how the game ends
 * (ENDING_*; an unknown one fails with ERROR_NOT_SEARCHED). Returns the number of lines in
 * SEARCH_OUT (0: the side to move has no move).
 */
export function search(variant: i32, depth: i32, nodes: f64, lines: i32, noProgress: i32, endgame: i32, disabled: i32, ending: i32): i32 {
  if (!endingKnown(ending)) return 0;
  // The table's scores hold for one variant and one end: a position of another has the same key.
  const searched = variant | (ending << 8);
  if (searched != lastSearched) {
    clearTable();
    lastSearched = searched;
  }
  setSearchLimits(nodes > 0 ? <u64>nodes : 0, max(1, lines), noProgress, endgame, disabled);
  // The database is built with captures compulsory and the ordinary end: an optional-capture id never matches it.
  useDatabase(variant == attachedVariant && ending == ENDING_STANDARD);
  return <i32>dispatch(variant, OP_SEARCH, max(1, min(depth, 120)), 0);
}
/** The variant and end of the last search (variant | ending << 8), -1 before the first. */
let lastSearched: i32 = -1;

/** Sets the table's size in MiB (a power of two) and clears it; false when memory cannot grow. */
export function searchHash(mib: i32): bool { return resizeTable(mib); }
/** The table's size in MiB; 0 before the first searchHash or search. */
export function searchHashSize(): i32 { return tableSizeMiB(); }
/** Clears the table and the move-ordering history: a new game. */
export function searchClear(): void {
  clearTable();
  clearOrdering();
}
/** The static evaluation of the position in BOARD, from the side to move, in centi-men, for the game's end `ending` (ENDING_*). */
export function evaluatePosition(variant: i32, ending: i32): i32 {
  if (!endingKnown(ending)) return 0;
  return <i32><i64>dispatch(variant, OP_EVALUATE, 0, 0);
}
/** Sets the end the next search or evaluation plays for; an unknown one fails with ERROR_NOT_SEARCHED. */
function endingKnown(ending: i32): bool {
  if (setGameEnd(ending)) return true;
  failWith(ERROR_NOT_SEARCHED);
  return false;
}
/** Address of a weight family's table (eval/weights.ts): 0 8×8 short kings, 1 8×8 flying, 2 10×10, 3 turkish, 4 canadian, 5 antidraughts, 6 breakthrough. */
export function evalWeights(family: i32): usize { return weightsOf(family); }
/** How many weight families this core holds (eval/weights.ts). */
export function evalFamilies(): i32 { return FAMILIES; }
/** Address of a family's pattern weights (eval/patterns.ts), claimed on first call; 0 when memory cannot grow. */
export function evalPatterns(family: i32): usize { return patternTable(family); }
/** Bytes of a family's pattern weights (9 windows on 8×8, 16 on 10×10). */
export function evalPatternBytes(family: i32): i32 { return patternBytes(family); }
/** Uses (or stops using) a family's pattern weights; false when they were never claimed. Call it again after writing new weights: the evaluation reads tables built from them here. */
export function evalUsePatterns(family: i32, on: bool): bool { return usePatterns(family, on); }
/** Address of an 8×8 family's kings' windows' weights (eval/king-windows.ts), claimed with its patterns; 0 for another family or when memory cannot grow. */
export function evalKingWindows(family: i32): usize { return kingWindowTable(family); }
/** Bytes of a family's kings' windows' weights (0: it has none). */
export function evalKingWindowBytes(family: i32): i32 { return kingWindowBytes(family); }
/** Uses (or stops using) a family's kings' windows, beside its patterns; false when it has none. */
export function evalUseKingWindows(family: i32, on: bool): bool { return useKingWindows(family, on); }
/** What training reads of the position in BOARD (eval/evaluate.ts writeFeatures); returns the address of FEATURES_OUT. */
export function evalFeatures(variant: i32): usize {
  dispatch(variant, OP_FEATURES, 0, 0);
  return FEATURES_OUT;
}

// The search state's moves listed as stateMoves lists them (same order, same indices for
// stateMake), without writing them to MOVES_OUT: for hosts that walk a tree by move index and
// read a move only when they need it.
export function stateMoveCount(variant: i32): i32 { return <i32>dispatch(variant, OP_STATE_LIST, 0, 0); }
// Perft through a table of subtree counts (perft/table.ts).

/** Sets perft's table to `bytes` (a power of two, 64 or more) and clears it; false when it cannot. */
export function perftHash(bytes: f64): bool { return bytes <= 2147483648 && resizePerftTable(<usize><u64>bytes); }
/** Empties perft's table. */
export function perftHashClear(): void { clearPerftTable(); }
/**
 * Draws the Zobrist keys from `seed` (0: the default keys), cut to their low `bits` bits (64:
 * whole; fewer only in tests of the check mode), and empties the tables keyed by the old ones.
 */
export function perftKeySeed(seed: u64, bits: i32): void {
  drawKeys(seed, bits);
  clearPerftTable();
  clearTable();
  clearHistory();
}
/** Counts the next perftTable runs with a check beside each entry (perft/table.ts), or not. */
export function perftCheck(on: bool): void { setPerftCheck(on); }
/** False hits the check mode found (and did not merge) in the last perftTable run. */
export function perftFalseHits(): u64 { return falseHitsOfRun(); }
/** Perft of the position in BOARD through the table; error -5 when no table is set. */
export function perftTable(variant: i32, depth: i32, keepRoutes: bool): u64 {
  if (!perftTableReady()) {
    failWith(ERROR_NO_TABLE);
    return 0;
  }
  return dispatch(variant, OP_PERFT_TABLE, depth, (variant & VARIANT_ID_MASK) | (keepRoutes ? KEEP_ROUTES_BIT : 0));
}

// Endgame databases (assembly/egdb, docs/endgame-databases.md).
import { egdbOperate, locatedKey } from "./egdb/operate";
import { tableOf } from "./egdb/tables";

/**
 * An endgame database operation on slice `abcd` of a variant (egdb/operate.ts EGDB_*): solve a
 * pair of slices (returns the rounds, or -4 no memory, -7 a slice it needs is not loaded, -8 too
 * large), a slice's size, a table to load it into, a one-ply check of a loaded slice, the index
 * of the position in BOARD, its stored value. -3: no databases for this variant.
 */
export function egdb(variant: i32, op: i32, a: i32, b: i32, c: i32, d: i32): f64 {
  // The databases are built and read through the full core: a variant's core has none.
  if (BUILD_VARIANT != EVERY_VARIANT) return EGDB_NO_VARIANT;
  return egdbOperate(variant, op, a, b, c, d);
}
/** The slice key (a | b << 3 | c << 6 | d << 9) of the position the last locate read. */
export function egdbLocatedSlice(): i32 { return locatedKey; }
/** Address of the loaded table of slice `key` (0: none). */
export function egdbTable(key: i32): usize { return tableOf(key); }

/**
 * Room for one slice file's block index (`blocks` + 1 u32 offsets, as in the file) followed by
 * its `dataBytes` of blocks, for the host to copy in: the search of `variant` probes slice
 * `abcd` from then on. Attaching a slice of another variant detaches the database held first.
 * 0 when the slice is not one or memory cannot grow.
 */
export function egdbAttach(variant: i32, a: i32, b: i32, c: i32, d: i32, positions: f64, blocks: i32, dataBytes: u32): usize {
  return attachSlice(variant, a, b, c, d, <u64>positions, blocks, dataBytes);
}
/**
 * Room for the distances of king ending `0b0d` (`positions` bytes, the egdb op's distances as
 * written for the slice), for the host to copy in: the search of `variant` reads them from then
 * on. 0 when the slice has a man or memory cannot grow.
 */
export function egdbAttachDistances(variant: i32, a: i32, b: i32, c: i32, d: i32, positions: f64): usize {
  return attachDistances(variant, a, b, c, d, <u64>positions);
}
/**
 * The attached database's value of the position in BOARD for its side to move, its pending
 * captures played out: 0 draw, 1 win, 2 loss, -1 not in the database (or of another variant).
 */
export function egdbSearchValue(variant: i32): i32 {
  if (variant != attachedVariant) return -1;
  return <i32><i64>dispatch(variant, OP_DATABASE_VALUE, 0, 0);
}
/** The search stops probing: every attached slice is forgotten. */
export function egdbDetach(): void { detachAll(); }

// The batched game environments (assembly/env, docs/env.md "The core interface").
import { createEnv, envOperate, setPlayoutSeed } from "./env/operate";
import { envAt, freeEnv, bufferOf as envBufferOf, rowBytes as envRowBytes } from "./env/layout";
import { ruleAt as envRuleAt } from "./env/game";
import {
  ENV_BUF_MOVES, ENV_INFO_ACTIONS, ENV_INFO_COUNT, ENV_INFO_DIRECTIONS, ENV_INFO_DISTANCES, ENV_INFO_FLAGS, ENV_INFO_HEIGHT, ENV_INFO_MAX_PLIES,
  ENV_INFO_PLANES, ENV_INFO_RULES, ENV_INFO_RULE_0, ENV_INFO_SQUARES, ENV_INFO_SYMMETRIES, ENV_INFO_VARIANT, ENV_INFO_WIDTH, ENV_WRITE_MASK,
  ENV_WRITE_OBSERVATION, ERROR_ENV_NO_GAME,
} from "./contract/contract";

/** A new environment of `count` games (docs/env.md): its id, or an ERROR_* code. */
export function envCreate(variant: i32, flags: i32, count: i32, maxPlies: i32): i32 { return createEnv(variant, flags, count, maxPlies); }
/** Frees environment `env`: its id and memory go to the next envCreate that fits in them. 0, or ERROR_ENV_NO_GAME. */
export function envFree(env: i32): i32 { return freeEnv(env) ? 0 : ERROR_ENV_NO_GAME; }
/** A figure of environment `env` (ENV_INFO_*), or ERROR_ENV_NO_GAME. */
export function envInfo(env: i32, field: i32): i32 {
  const e = envAt(env);
  if (e == null) return ERROR_ENV_NO_GAME;
  switch (field) {
    case ENV_INFO_COUNT: return e.count;
    case ENV_INFO_ACTIONS: return e.actions;
    case ENV_INFO_PLANES: return e.planes;
    case ENV_INFO_HEIGHT: return e.height;
    case ENV_INFO_WIDTH: return e.width;
    case ENV_INFO_SQUARES: return e.squares;
    case ENV_INFO_DIRECTIONS: return e.directions;
    case ENV_INFO_DISTANCES: return e.distances;
    case ENV_INFO_RULES: return e.rules;
    case ENV_INFO_MAX_PLIES: return e.maxPlies;
    case ENV_INFO_VARIANT: return e.variant;
    case ENV_INFO_FLAGS: return e.flags;
    case ENV_INFO_SYMMETRIES: return e.symmetries;
  }
  if (field >= ENV_INFO_RULE_0 && field < ENV_INFO_RULE_0 + e.rules) return envRuleAt(e, field - ENV_INFO_RULE_0);
  return ERROR_ENV_NO_GAME;
}
/** Where buffer `which` (ENV_BUF_*) of environment `env` begins; 0 when there is none. */
export function envBuffer(env: i32, which: i32): usize {
  const e = envAt(env);
  if (e == null || which < 0 || (which != ENV_BUF_MOVES && envRowBytes(e, which) == 0)) return 0;
  return envBufferOf(e, which);
}
/** Which of ENV_WRITE_MASK and ENV_WRITE_OBSERVATION steps and resets write from now on. */
export function envSetOutputs(env: i32, flags: i32): i32 {
  const e = envAt(env);
  if (e == null) return ERROR_ENV_NO_GAME;
  e.flags = (e.flags & ~(ENV_WRITE_MASK | ENV_WRITE_OBSERVATION)) | (flags & (ENV_WRITE_MASK | ENV_WRITE_OBSERVATION));
  return 0;
}
/** Every game (`masked` 0) or those marked in ENV_BUF_RESET back to the start. */
export function envReset(env: i32, masked: i32): i32 { return <i32>envOperate(env, 1, 0, masked); }
/** One step of every game given an action in ENV_BUF_ACTIONS; 0, or an ERROR_* code and nothing changed. */
export function envStep(env: i32): i32 { return <i32>envOperate(env, 2, 0, 0); }
/** The game the last refused envStep named. */
export function envFailedGame(env: i32): i32 {
  const e = envAt(env);
  return e == null ? ERROR_ENV_NO_GAME : e.failed;
}
/** Writes every game's observation planes. */
export function envObserve(env: i32): i32 { return <i32>envOperate(env, 3, 0, 0); }
/** Writes every game's dense mask. */
export function envWriteMask(env: i32): i32 { return <i32>envOperate(env, 4, 0, 0); }
/** Takes back game `game`'s last step. */
export function envUndo(env: i32, game: i32): i32 { return <i32>envOperate(env, 5, game, 0); }
/** The position in BOARD as game `game`'s start. */
export function envLoad(env: i32, game: i32): i32 { return <i32>envOperate(env, 6, game, 0); }
/** Game `game`'s position at the start of its turn, to BOARD. */
export function envStore(env: i32, game: i32): i32 { return <i32>envOperate(env, 7, game, 0); }
/** Game `game`'s legal moves in the whole-move form; their number. */
export function envMoves(env: i32, game: i32): i32 { return <i32>envOperate(env, 8, game, 0); }
/** Game `game`'s canonical form to BOARD; the symmetry applied (bit 0 colours, bit 1 mirror). */
export function envCanonical(env: i32, game: i32): i32 { return <i32>envOperate(env, 9, game, 0); }
/** `count` random playouts from each unfinished game; tallies to ENV_BUF_PLAYOUT. */
export function envPlayout(env: i32, count: i32, seed: f64): i32 {
  if (count < 0) return ERROR_ENV_NO_GAME;
  setPlayoutSeed(seed);
  return <i32>envOperate(env, 10, 0, count);
}
/** Perft of game `game` through the environment's stepping, `depth` whole moves (every leg stepped). */
export function envPerft(env: i32, game: i32, depth: i32): f64 { return envOperate(env, 11, game, depth); }
/** Game `from` of `fromEnv` copied over game `to` of `toEnv` (same variant, flags and maxPlies). */
export function envCopyGame(toEnv: i32, to: i32, fromEnv: i32, from: i32): i32 { return envCopy(toEnv, to, fromEnv, from); }
import { copyGame as envCopy } from "./env/copy";
