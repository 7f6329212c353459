// The module's exports. Every call names a variant; the switch below picks that variant's
// compiled generator once per call, never per node.
//
// Variant ids: 0 english, 1 italian, 2 international, 3 brazilian, 4 russian, 5 spanish,
// 6 czech, 16 pool, 17 thai, 18 killer, 19 turkish, 20 frisian, 22 canadian; add
// OPTIONAL_CAPTURE (8) for the optional-capture house rule. (antidraughts and breakthrough play
// international's moves under id 2, frysk frisian's under id 20.) Turkish, frisian and canadian
// have moves, perft and the state's make and unmake, but no evaluation or search. Frisian's moves
// depend on the king streaks (movegen/king-streak.ts) that BOARD carries beside the pieces
// (boundary.ts); canadian's 12×12 board is served by operate-large.ts.

import { BOARD, COUNTS_OUT, ERROR_BAD_BOARD, ERROR_TOO_MANY_MOVES, MOVES_OUT, boardBlack, boardKings, boardStreakBlack, boardStreakWhite, boardWhite, boardWhiteToMove, readBoard, writeBoard, writeMoves } from "./boundary";
import { streaksOf } from "./position/make";
import { restrictedKing } from "./movegen/king-streak";
import { setKeepPaths, setMergeRoutes } from "./movegen/captures";
import { generateLegal, setRestrictedKing } from "./movegen/legal";
import { clearOverflow, overflowed } from "./movegen/movelist";
import { perft as perftOf, perftAfter } from "./perft";
import { clearPerftTable, perftTableReady, resizePerftTable, tablePerft } from "./perft-table";
import { Black, White } from "./board/side";
import { listStateMoves, makeMove, setState, setStateStreaks, stateBlack, stateStreak, stateKeyFromScratch, stateKey as currentKey, stateKings, stateWhite, stateWhiteToMove, unmakeMove } from "./state";
import { keyOf } from "./board/zobrist";
import { evaluate, writeFeatures } from "./eval/evaluate";
import { PATTERN_BYTES, patternTable, usePatterns } from "./eval/patterns";
import { weightsOf } from "./eval/weights";
import { SEARCH_OUT } from "./search/output";
import { clearHistory, clearOrdering, databaseValue, pushHistory, think, useDatabase } from "./search/search";
import { attachSlice, attachedVariant, detachAll } from "./egdb/probe";
import { clearTable, resizeTable, tableReady, tableSizeMiB } from "./search/table";
import { Brazilian, Canadian, Czech, English, Frisian, International, Italian, Killer, OptionalCapture, Pool, Russian, Spanish, Thai, Turkish, rules } from "./board/variants";
import { largeError, operateLarge } from "./operate-large";

export const OPTIONAL_CAPTURE: i32 = 8;
/** Variant ids (optional capture included) fit in five bits; perft's table tags its entries with them. */
const VARIANT_ID_MASK: i32 = 0x1f;
const KEEP_ROUTES_BIT: i32 = 0x20;

const DEFAULT_TABLE_MIB: i32 = 32;
const ERROR_NO_MEMORY: i32 = -4;
import { ERROR_NOT_SEARCHED } from "./ops";
/** Frisian's king streaks: the state's for its side to move (a search walks them with it). */
@inline function restrictStateMover<V, B>(white: bool, us: B, kings: B): void {
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(stateStreak(white), <u64>us, <u64>kings));
}

// A search's limits, set by `search` before it dispatches.
let searchNodes: u64 = 0;
let searchLines: i32 = 1;
let searchDisabled: i32 = 0;
let searchNoProgress: i32 = 0;
let searchEndgame: i32 = 0;

import {
  OP_DATABASE_VALUE, OP_DIVIDE, OP_EVALUATE, OP_FEATURES, OP_HISTORY_PUSH, OP_KEY, OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_SEARCH,
  OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE, OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_STORE, OP_STATE_UNMAKE,
} from "./ops";

let lastError: i32 = 0;

@inline function legalOf<V, B>(us: B, them: B, kings: B, white: bool, start: i32): i32 {
  return white ? generateLegal<V, B, White>(us, them, kings, start) : generateLegal<V, B, Black>(us, them, kings, start);
}

function operate<V, B>(op: i32, depth: i32, arg: i32): u64 {
  lastError = 0;
  if ((op >= OP_STATE_MOVES && op <= OP_STATE_SCRATCH_KEY) || op == OP_STATE_LIST) {
    const white = stateWhiteToMove();
    const us = white ? stateWhite<B>() : stateBlack<B>();
    const them = white ? stateBlack<B>() : stateWhite<B>();
    if (op == OP_STATE_MOVES || op == OP_STATE_LIST) {
      restrictStateMover<V, B>(white, us, stateKings<B>());
      setMergeRoutes(true);
      setKeepPaths(true);
      const end = legalOf<V, B>(us, them, stateKings<B>(), white, 0);
      const n = op == OP_STATE_LIST ? listedOrOverflow(end) : writeMoves<V, B>(end, true);
      if (n < 0 || !listStateMoves(end)) {
        lastError = n < 0 ? n : ERROR_TOO_MANY_MOVES;
        listStateMoves(0);
        return 0;
      }
      return <u64>n;
    }
    if (op == OP_STATE_MAKE) return <u64>makeMove<B>(arg, rules<V>().frisian);
    if (op == OP_STATE_UNMAKE) return unmakeMove<B>(rules<V>().frisian) ? 1 : 0;
    if (op == OP_STATE_SCRATCH_KEY) return stateKeyFromScratch<B>();
    writeBoard<V, B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), white, stateStreak(true), stateStreak(false));
    return 0;
  }
  if (!readBoard<V, B>()) {
    lastError = ERROR_BAD_BOARD;
    return 0;
  }
  const white = boardWhiteToMove;
  const us = <B>(white ? boardWhite : boardBlack);
  const them = <B>(white ? boardBlack : boardWhite);
  const kings = <B>boardKings;
  if (op == OP_KEY) return keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white);
  if (op == OP_HISTORY_PUSH) return pushHistory(keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white)) ? 1 : 0;
  if (op == OP_EVALUATE || op == OP_FEATURES || op == OP_SEARCH || op == OP_DATABASE_VALUE) {
    // The evaluation and the search read the diagonal boards' geometry and moves: turkish and
    // frisian are refused (and, the test being constant, they are not compiled for them at all).
    if (rules<V>().orthogonal || rules<V>().frisian) {
      lastError = ERROR_NOT_SEARCHED;
      return 0;
    } else {
      return searchOp<V, B>(op, depth, white, us, them, kings);
    }
  }
  if (op == OP_STATE_LOAD) {
    setState<B>(<B>boardWhite, <B>boardBlack, kings, white);
    if (rules<V>().frisian) setStateStreaks(boardStreakWhite, boardStreakBlack);
    return 0;
  }
  // Frisian's moves depend on both sides' king streaks, carried down the tree with the pieces.
  const streaks = rules<V>().frisian ? streaksOf(white ? boardStreakWhite : boardStreakBlack, white ? boardStreakBlack : boardStreakWhite) : 0;
  // Perft's table keys hold no streaks: frisian counts through the table as plain perft.
  if (op == OP_PERFT_TABLE && !rules<V>().frisian) {
    // arg: the variant id, and KEEP_ROUTES_BIT set to keep capture routes.
    const nodes = tablePerft<V, B>(white, us, them, kings, depth, arg & VARIANT_ID_MASK, (arg & KEEP_ROUTES_BIT) != 0);
    if (overflowed) {
      clearOverflow();
      lastError = ERROR_TOO_MANY_MOVES;
    }
    return nodes;
  }
  if (op == OP_PERFT || op == OP_PERFT_TABLE) {
    setMergeRoutes(op == OP_PERFT ? arg == 0 : (arg & KEEP_ROUTES_BIT) == 0);
    setKeepPaths(false);
    const nodes = white ? perftOf<V, B, White>(us, them, kings, depth, 0, streaks) : perftOf<V, B, Black>(us, them, kings, depth, 0, streaks);
    if (overflowed) {
      clearOverflow();
      lastError = ERROR_TOO_MANY_MOVES;
    }
    return nodes;
  }
  setMergeRoutes(op == OP_MOVES || arg == 0);
  setKeepPaths(true);
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(<u32>streaks, <u64>us, <u64>kings));
  const end = legalOf<V, B>(us, them, kings, white, 0);
  const n = writeMoves<V, B>(end, true);
  if (n < 0) {
    lastError = n;
    return 0;
  }
  if (op == OP_DIVIDE) {
    setKeepPaths(false);
    for (let i = 0; i < end; i++) {
      store<u64>(COUNTS_OUT + (<usize>i << 3), dividedAfter<V, B>(i, white, us, them, kings, depth - 1, end, streaks));
    }
    if (overflowed) {
      clearOverflow();
      lastError = -2;
    }
  }
  return <u64>n;
}

/** Divide's count below root move `index` of the position read from BOARD. */
@inline function dividedAfter<V, B>(index: i32, white: bool, us: B, them: B, kings: B, depth: i32, end: i32, streaks: u64): u64 {
  return white ? perftAfter<V, B, White>(index, us, them, kings, depth, end, streaks) : perftAfter<V, B, Black>(index, us, them, kings, depth, end, streaks);
}

/** The evaluation and the search of the position read from BOARD. */
function searchOp<V, B>(op: i32, depth: i32, white: bool, us: B, them: B, kings: B): u64 {
  if (op == OP_EVALUATE) return <u64><i64>evaluate<V, B>(<B>boardWhite, <B>boardBlack, kings, white);
  if (op == OP_FEATURES) {
    writeFeatures<V, B>(<B>boardWhite, <B>boardBlack, kings, FEATURES_OUT);
    return 0;
  }
  if (op == OP_DATABASE_VALUE) {
    setMergeRoutes(true);
    setKeepPaths(false);
    return <u64><i64>databaseValue<V, B>(white, us, them, kings);
  }
  if (!tableReady() && !resizeTable(DEFAULT_TABLE_MIB)) {
    lastError = ERROR_NO_MEMORY;
    return 0;
  }
  setMergeRoutes(true);
  setKeepPaths(false);
  const key = keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white);
  const lines = white
    ? think<V, B, White>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame)
    : think<V, B, Black>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame);
  if (overflowed) {
    clearOverflow();
    lastError = ERROR_TOO_MANY_MOVES;
  }
  return <u64>lines;
}

/** The result of an operation on the 12×12 board, its error carried over. */
@inline function large(result: u64): u64 {
  lastError = largeError;
  return result;
}

// Which variants this core plays: BUILD_VARIANT (an integer constant asc is given with `--use`,
// scripts/build-steps.mjs CORE_BUILDS) is 255 for the full core, else the one variant id a page's
// core plays, with its optional-capture rule when BUILD_OPTIONAL is 1 and without it when 0.
// built(id) folds to a constant, so a variant's core compiles no other variant's generator,
// search or evaluation: the ids it leaves out answer -3 (unknown variant).
const EVERY_VARIANT: i32 = 255;
@inline function built(id: i32): bool {
  if (BUILD_VARIANT == EVERY_VARIANT) return true;
  return (id & ~OPTIONAL_CAPTURE) == BUILD_VARIANT && ((id & OPTIONAL_CAPTURE) != 0) == (BUILD_OPTIONAL != 0);
}

function dispatch(variant: i32, op: i32, depth: i32, arg: i32): u64 {
  switch (variant) {
    case 0: if (built(0)) return operate<English, u32>(op, depth, arg); break;
    case 1: if (built(1)) return operate<Italian, u32>(op, depth, arg); break;
    case 2: if (built(2)) return operate<International, u64>(op, depth, arg); break;
    case 3: if (built(3)) return operate<Brazilian, u32>(op, depth, arg); break;
    case 4: if (built(4)) return operate<Russian, u32>(op, depth, arg); break;
    case 5: if (built(5)) return operate<Spanish, u32>(op, depth, arg); break;
    case 6: if (built(6)) return operate<Czech, u32>(op, depth, arg); break;
    case 8: if (built(8)) return operate<OptionalCapture<English>, u32>(op, depth, arg); break;
    case 9: if (built(9)) return operate<OptionalCapture<Italian>, u32>(op, depth, arg); break;
    case 10: if (built(10)) return operate<OptionalCapture<International>, u64>(op, depth, arg); break;
    case 11: if (built(11)) return operate<OptionalCapture<Brazilian>, u32>(op, depth, arg); break;
    case 12: if (built(12)) return operate<OptionalCapture<Russian>, u32>(op, depth, arg); break;
    case 13: if (built(13)) return operate<OptionalCapture<Spanish>, u32>(op, depth, arg); break;
    case 14: if (built(14)) return operate<OptionalCapture<Czech>, u32>(op, depth, arg); break;
    case 16: if (built(16)) return operate<Pool, u32>(op, depth, arg); break;
    case 17: if (built(17)) return operate<Thai, u32>(op, depth, arg); break;
    case 18: if (built(18)) return operate<Killer, u64>(op, depth, arg); break;
    case 19: if (built(19)) return operate<Turkish, u64>(op, depth, arg); break;
    case 20: if (built(20)) return operate<Frisian, u64>(op, depth, arg); break;
    case 24: if (built(24)) return operate<OptionalCapture<Pool>, u32>(op, depth, arg); break;
    case 25: if (built(25)) return operate<OptionalCapture<Thai>, u32>(op, depth, arg); break;
    case 26: if (built(26)) return operate<OptionalCapture<Killer>, u64>(op, depth, arg); break;
    case 27: if (built(27)) return operate<OptionalCapture<Turkish>, u64>(op, depth, arg); break;
    case 28: if (built(28)) return operate<OptionalCapture<Frisian>, u64>(op, depth, arg); break;
    case 22: if (built(22)) return large(operateLarge<Canadian>(op, depth, arg)); break;
    case 30: if (built(30)) return large(operateLarge<OptionalCapture<Canadian>>(op, depth, arg)); break;
  }
  lastError = -3;
  return 0;
}

/** Address of the BOARD buffer (see boundary.ts). */
export function boardBuffer(): usize { return BOARD; }
/** Address of the MOVES_OUT buffer. */
export function movesBuffer(): usize { return MOVES_OUT; }
/** Address of the COUNTS_OUT buffer. */
export function countsBuffer(): usize { return COUNTS_OUT; }
/** 0, or why the last call failed: -1 bad board, -2 too many moves, -3 unknown variant, -4 no memory for the table, -5 no perft table, -6 no search for this variant. */
export function error(): i32 { return lastError; }

/** Whether this core plays variant id `variant` (a variant's own core plays only that one). */
export function plays(variant: i32): bool {
  const plain = variant & ~OPTIONAL_CAPTURE;
  if (variant < 0 || variant > 30 || plain == 7 || plain == 21 || plain == 23) return false;
  return BUILD_VARIANT == EVERY_VARIANT || ((variant & ~OPTIONAL_CAPTURE) == BUILD_VARIANT && ((variant & OPTIONAL_CAPTURE) != 0) == (BUILD_OPTIONAL != 0));
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
 * draws (0: none). `disabled`: features switched off (search.ts FEATURE_*). Returns the number
 * of lines in SEARCH_OUT (0: the side to move has no move).
 */
export function search(variant: i32, depth: i32, nodes: f64, lines: i32, noProgress: i32, endgame: i32, disabled: i32): i32 {
  searchNodes = nodes > 0 ? <u64>nodes : 0;
  searchLines = max(1, lines);
  searchNoProgress = noProgress;
  searchEndgame = endgame;
  searchDisabled = disabled;
  // The database is built with captures compulsory: an optional-capture id never matches it.
  useDatabase(variant == attachedVariant);
  return <i32>dispatch(variant, OP_SEARCH, max(1, min(depth, 120)), 0);
}

/** Sets the table's size in MiB (a power of two) and clears it; false when memory cannot grow. */
export function searchHash(mib: i32): bool { return resizeTable(mib); }
/** The table's size in MiB; 0 before the first searchHash or search. */
export function searchHashSize(): i32 { return tableSizeMiB(); }
/** Clears the table and the move-ordering history: a new game. */
export function searchClear(): void {
  clearTable();
  clearOrdering();
}
/** The static evaluation of the position in BOARD, from the side to move, in centi-men. */
export function evaluatePosition(variant: i32): i32 { return <i32><i64>dispatch(variant, OP_EVALUATE, 0, 0); }
/** Address of a weight family's table (eval/weights.ts): 0 8×8 short kings, 1 8×8 flying, 2 10×10. */
export function evalWeights(family: i32): usize { return weightsOf(family); }
/** Address of a family's pattern weights (eval/patterns.ts), claimed on first call; 0 when memory cannot grow. */
export function evalPatterns(family: i32): usize { return patternTable(family); }
/** Bytes of a family's pattern weights. */
export function evalPatternBytes(): i32 { return PATTERN_BYTES; }
/** Uses (or stops using) a family's pattern weights; false when they were never claimed. Call it again after writing new weights: the evaluation reads tables built from them here. */
export function evalUsePatterns(family: i32, on: bool): bool { return usePatterns(family, on); }
const FEATURES_OUT = memory.data(4 * 32);
/** What training reads of the position in BOARD (eval/evaluate.ts writeFeatures); returns the address of FEATURES_OUT. */
export function evalFeatures(variant: i32): usize {
  dispatch(variant, OP_FEATURES, 0, 0);
  return FEATURES_OUT;
}

// The search state's moves listed as stateMoves lists them (same order, same indices for
// stateMake), without writing them to MOVES_OUT: for hosts that walk a tree by move index and
// read a move only when they need it.
export function stateMoveCount(variant: i32): i32 { return <i32>dispatch(variant, OP_STATE_LIST, 0, 0); }
function listedOrOverflow(end: i32): i32 {
  if (!overflowed) return end;
  clearOverflow();
  return ERROR_TOO_MANY_MOVES;
}

// Perft through a table of subtree counts (perft-table.ts).

/** Sets perft's table to `bytes` (a power of two, 64 or more) and clears it; false when it cannot. */
export function perftHash(bytes: f64): bool { return bytes <= 2147483648 && resizePerftTable(<usize><u64>bytes); }
/** Empties perft's table. */
export function perftHashClear(): void { clearPerftTable(); }
/** Perft of the position in BOARD through the table; error -5 when no table is set. */
export function perftTable(variant: i32, depth: i32, keepRoutes: bool): u64 {
  if (!perftTableReady()) {
    lastError = ERROR_NO_TABLE;
    return 0;
  }
  return dispatch(variant, OP_PERFT_TABLE, depth, (variant & VARIANT_ID_MASK) | (keepRoutes ? KEEP_ROUTES_BIT : 0));
}
const ERROR_NO_TABLE: i32 = -5;

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
  if (BUILD_VARIANT != EVERY_VARIANT) return -3;
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
 * The attached database's value of the position in BOARD for its side to move, its pending
 * captures played out: 0 draw, 1 win, 2 loss, -1 not in the database (or of another variant).
 */
export function egdbSearchValue(variant: i32): i32 {
  if (variant != attachedVariant) return -1;
  return <i32><i64>dispatch(variant, OP_DATABASE_VALUE, 0, 0);
}
/** The search stops probing: every attached slice is forgotten. */
export function egdbDetach(): void { detachAll(); }
