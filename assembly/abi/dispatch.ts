// The exports' dispatch: every call names a variant, and the switch below picks that variant's
// compiled generator once per call, never per node; the operation then runs on the position
// in BOARD (buffers.ts) or on the game state (position/state.ts).
// Variant ids, op codes and error codes: contract.ts.

import { BOARD_HIGH, COUNTS_OUT, boardBlack, boardKings, boardStreakBlack, boardStreakWhite, boardWhite, boardWhiteToMove, readBoard, writeBoard, writeMoves } from "./buffers";
import { streaksOf } from "../position/make";
import { restrictedKing } from "../movegen/king-streak";
import { setKeepPaths, setMergeRoutes } from "../movegen/captures";
import { generateLegal, setHighWords, setRestrictedKing } from "../movegen/legal";
import { takeOverflow } from "../movegen/movelist";
import { perft as perftOf, perftAfter } from "../perft/perft";
import { tablePerft } from "../perft/table";
import { Black, White } from "../board/side";
import { STATE_HIGH, listStateMoves, makeMove, setState, setStateStreaks, stateBlack, stateStreak, stateKeyFromScratch, stateKings, stateWhite, stateWhiteToMove, unmakeMove } from "../position/state";
import { keyOf } from "../board/zobrist";
import { writeFeatures } from "../eval/evaluate";
import { gameEnd } from "../eval/game-end";
import { prepareStaticEvaluation, staticEvaluation } from "../eval/static";
import { MAX_WINDOWS } from "../eval/patterns";
import { databaseValue } from "../search/endings";
import { pushHistory } from "../search/line";
import { think } from "../search/root";
import { MAX_HIGH_LEVEL, enterHigh, setHighWordsAt } from "../position/high-words";
import { resizeTable, tableReady } from "../search/table";
import { Brazilian, Canadian, Czech, English, Frisian, International, Italian, Killer, Pool, Russian, Spanish, Thai, Turkish, rules, setOptionalCapture } from "../board/variants";
import { clearError, failWith } from "./error";

import {
  ENDING_STANDARD, ERROR_BAD_BOARD, ERROR_NOT_SEARCHED, ERROR_NO_MEMORY, ERROR_TOO_MANY_MOVES, ERROR_UNKNOWN_VARIANT, KEEP_ROUTES_BIT,
  OPTIONAL_CAPTURE, OP_DATABASE_VALUE, OP_DIVIDE, OP_EVALUATE, OP_FEATURES, OP_HISTORY_PUSH, OP_KEY, OP_MOVES, OP_PERFT, OP_PERFT_TABLE, OP_SEARCH,
  OP_STATE_LIST, OP_STATE_LOAD, OP_STATE_MAKE, OP_STATE_MOVES, OP_STATE_SCRATCH_KEY, OP_STATE_STORE, OP_STATE_UNMAKE, VARIANT_BRAZILIAN,
  VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_FRISIAN, VARIANT_ID_MASK, VARIANT_INTERNATIONAL, VARIANT_ITALIAN, VARIANT_KILLER,
  VARIANT_POOL, VARIANT_RUSSIAN, VARIANT_SPANISH, VARIANT_THAI, VARIANT_TURKISH,
} from "./contract";

const DEFAULT_TABLE_MIB: i32 = 32;
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

/** Sets the next search's limits (index.ts `search`). */
export function setSearchLimits(nodes: u64, lines: i32, noProgress: i32, endgame: i32, disabled: i32): void {
  searchNodes = nodes;
  searchLines = lines;
  searchNoProgress = noProgress;
  searchEndgame = endgame;
  searchDisabled = disabled;
}


/** Where evalFeatures writes what training reads. */
export const FEATURES_OUT = memory.data(4 * (4 + 2 * MAX_WINDOWS));

@inline function legalOf<V, B>(us: B, them: B, kings: B, white: bool, start: i32): i32 {
  return white ? generateLegal<V, B, White>(us, them, kings, start) : generateLegal<V, B, Black>(us, them, kings, start);
}

function operate<V, B>(op: i32, depth: i32, arg: i32): u64 {
  clearError();
  const twelve = rules<V>().twelveByTwelve;
  if ((op >= OP_STATE_MOVES && op <= OP_STATE_SCRATCH_KEY) || op == OP_STATE_LIST) {
    const white = stateWhiteToMove();
    // 12×12: the listing reads the state's high words.
    if (twelve) setHighWords(STATE_HIGH);
    const us = white ? stateWhite<B>() : stateBlack<B>();
    const them = white ? stateBlack<B>() : stateWhite<B>();
    if (op == OP_STATE_MOVES || op == OP_STATE_LIST) {
      restrictStateMover<V, B>(white, us, stateKings<B>());
      setMergeRoutes(true);
      setKeepPaths(true);
      const end = legalOf<V, B>(us, them, stateKings<B>(), white, 0);
      const n = op == OP_STATE_LIST ? listedOrOverflow(end) : writeMoves<V, B>(end, true);
      if (n < 0 || !listStateMoves(end)) {
        failWith(n < 0 ? n : ERROR_TOO_MANY_MOVES);
        listStateMoves(0);
        return 0;
      }
      return <u64>n;
    }
    if (op == OP_STATE_MAKE) return <u64>makeMove<B>(arg, rules<V>().frisian, twelve);
    if (op == OP_STATE_UNMAKE) return unmakeMove<B>(rules<V>().frisian, twelve) ? 1 : 0;
    if (op == OP_STATE_SCRATCH_KEY) return stateKeyFromScratch<B>(twelve);
    writeBoard<V, B>(stateWhite<B>(), stateBlack<B>(), stateKings<B>(), white, stateStreak(true), stateStreak(false), STATE_HIGH);
    return 0;
  }
  if (!readBoard<V, B>()) {
    failWith(ERROR_BAD_BOARD);
    return 0;
  }
  const white = boardWhiteToMove;
  const us = <B>(white ? boardWhite : boardBlack);
  const them = <B>(white ? boardBlack : boardWhite);
  const kings = <B>boardKings;
  // 12×12: the high words read from BOARD (the sets above are the low words).
  const high = twelve ? BOARD_HIGH : 0;
  if (op == OP_KEY) return keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white, high);
  if (op == OP_HISTORY_PUSH) return pushHistory(keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white, high)) ? 1 : 0;
  if (op == OP_EVALUATE || op == OP_FEATURES || op == OP_SEARCH || op == OP_DATABASE_VALUE) {
    // Turkish, frisian and canadian have no training features, no endgame databases and no other ends.
    if ((rules<V>().orthogonal || rules<V>().frisian || twelve) && (op == OP_FEATURES || op == OP_DATABASE_VALUE || gameEnd != ENDING_STANDARD)) {
      failWith(ERROR_NOT_SEARCHED);
      return 0;
    } else {
      return searchOp<V, B>(op, depth, white, us, them, kings);
    }
  }
  if (op == OP_STATE_LOAD) {
    setState<B>(<B>boardWhite, <B>boardBlack, kings, white, high);
    if (rules<V>().frisian) setStateStreaks(boardStreakWhite, boardStreakBlack);
    return 0;
  }
  // Frisian's moves depend on both sides' king streaks, carried down the tree with the pieces.
  const streaks = streaksRead<V>(white);
  // 12×12: the root's high words go to the slot of its depth, where perft's walk starts
  // (position/high-words.ts); a listing alone reads them there too.
  if (twelve) {
    if (depth > MAX_HIGH_LEVEL) {
      failWith(ERROR_TOO_MANY_MOVES);
      return 0;
    }
    const level = max(depth, 0);
    setHighWordsAt(level, BOARD_HIGH);
    enterHigh<V>(level);
  }
  // Perft's table keys hold no streaks and its entries one word: frisian and canadian count through the table as plain perft.
  if (op == OP_PERFT_TABLE && !rules<V>().frisian && !twelve) {
    // arg: the variant id, and KEEP_ROUTES_BIT set to keep capture routes.
    const nodes = tablePerft<V, B>(white, us, them, kings, depth, arg & VARIANT_ID_MASK, (arg & KEEP_ROUTES_BIT) != 0);
    if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
    return nodes;
  }
  if (op == OP_PERFT || op == OP_PERFT_TABLE) {
    setMergeRoutes(op == OP_PERFT ? arg == 0 : (arg & KEEP_ROUTES_BIT) == 0);
    setKeepPaths(false);
    const nodes = white ? perftOf<V, B, White>(us, them, kings, depth, 0, streaks) : perftOf<V, B, Black>(us, them, kings, depth, 0, streaks);
    if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
    return nodes;
  }
  setMergeRoutes(op == OP_MOVES || arg == 0);
  setKeepPaths(true);
  if (rules<V>().frisian) setRestrictedKing(restrictedKing(<u32>streaks, <u64>us, <u64>kings));
  const end = legalOf<V, B>(us, them, kings, white, 0);
  const n = writeMoves<V, B>(end, true);
  if (n < 0) {
    failWith(n);
    return 0;
  }
  if (op == OP_DIVIDE) {
    setKeepPaths(false);
    for (let i = 0; i < end; i++) {
      store<u64>(COUNTS_OUT + (<usize>i << 3), dividedAfter<V, B>(i, white, us, them, kings, depth - 1, end, streaks));
    }
    if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
  }
  return <u64>n;
}

/** Divide's count below root move `index` of the position read from BOARD. */
@inline function dividedAfter<V, B>(index: i32, white: bool, us: B, them: B, kings: B, depth: i32, end: i32, streaks: u64): u64 {
  return white ? perftAfter<V, B, White>(index, us, them, kings, depth, end, streaks) : perftAfter<V, B, Black>(index, us, them, kings, depth, end, streaks);
}

/** Frisian's king streaks of the position read from BOARD, the side to move's first (0 elsewhere). */
@inline function streaksRead<V>(white: bool): u64 {
  return rules<V>().frisian ? streaksOf(white ? boardStreakWhite : boardStreakBlack, white ? boardStreakBlack : boardStreakWhite) : 0;
}

/** The evaluation and the search of the position read from BOARD. */
function searchOp<V, B>(op: i32, depth: i32, white: bool, us: B, them: B, kings: B): u64 {
  if (op == OP_EVALUATE) {
    prepareStaticEvaluation<V, B>();
    return <u64><i64>staticEvaluation<V, B>(us, them, kings, white, 0, BOARD_HIGH);
  }
  if (op == OP_FEATURES) {
    writeFeatures<V, B>(<B>boardWhite, <B>boardBlack, kings, FEATURES_OUT);
    return 0;
  }
  if (op == OP_DATABASE_VALUE) {
    setMergeRoutes(true);
    setKeepPaths(false);
    return <u64><i64>databaseValue<V, B>(white, us, them, kings);
  }
  // 12×12: the root's high words at ply 0.
  const twelve = rules<V>().twelveByTwelve;
  if (twelve) setHighWordsAt(0, BOARD_HIGH);
  return searchPosition<V, B>(depth, white, us, them, kings, keyOf<B>(<B>boardWhite, <B>boardBlack, kings, white, twelve ? BOARD_HIGH : 0), streaksRead<V>(white));
}

/** The search of a position (`key` its key, `streaks` frisian's), to `depth` and within the limits set before. */
function searchPosition<V, B>(depth: i32, white: bool, us: B, them: B, kings: B, key: u64, streaks: u64): u64 {
  if (!tableReady() && !resizeTable(DEFAULT_TABLE_MIB)) {
    failWith(ERROR_NO_MEMORY);
    return 0;
  }
  setMergeRoutes(true);
  setKeepPaths(false);
  const lines = white
    ? think<V, B, White>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame, streaks)
    : think<V, B, Black>(us, them, kings, key, depth, searchNodes, searchLines, searchDisabled, searchNoProgress, searchEndgame, streaks);
  if (takeOverflow()) failWith(ERROR_TOO_MANY_MOVES);
  return <u64>lines;
}

// Which variants this core plays: BUILD_VARIANT (an integer constant asc is given with `--use`,
// scripts/build-steps.mjs CORE_BUILDS) is 255 for the full core, else the one variant id a page's
// core plays. built(id) folds to a constant, so a variant's core compiles no other variant's
// generator, search or evaluation: the ids it leaves out answer ERROR_UNKNOWN_VARIANT. The
// optional-capture rule is not compiled in: the dispatch sets it for the call
// (board/variants.ts optionalCapture), so one compiled variant serves both rules.
export const EVERY_VARIANT: i32 = 255;

/** Whether this core plays the variant id `id`, with the optional-capture rule or without it. */
@inline export function built(id: i32): bool {
  return BUILD_VARIANT == EVERY_VARIANT || (id & ~OPTIONAL_CAPTURE) == BUILD_VARIANT;
}

export function dispatch(variant: i32, op: i32, depth: i32, arg: i32): u64 {
  setOptionalCapture((variant & OPTIONAL_CAPTURE) != 0);
  switch (variant & ~OPTIONAL_CAPTURE) {
    case VARIANT_ENGLISH: if (built(VARIANT_ENGLISH)) return operate<English, u32>(op, depth, arg); break;
    case VARIANT_ITALIAN: if (built(VARIANT_ITALIAN)) return operate<Italian, u32>(op, depth, arg); break;
    case VARIANT_INTERNATIONAL: if (built(VARIANT_INTERNATIONAL)) return operate<International, u64>(op, depth, arg); break;
    case VARIANT_BRAZILIAN: if (built(VARIANT_BRAZILIAN)) return operate<Brazilian, u32>(op, depth, arg); break;
    case VARIANT_RUSSIAN: if (built(VARIANT_RUSSIAN)) return operate<Russian, u32>(op, depth, arg); break;
    case VARIANT_SPANISH: if (built(VARIANT_SPANISH)) return operate<Spanish, u32>(op, depth, arg); break;
    case VARIANT_CZECH: if (built(VARIANT_CZECH)) return operate<Czech, u32>(op, depth, arg); break;
    case VARIANT_POOL: if (built(VARIANT_POOL)) return operate<Pool, u32>(op, depth, arg); break;
    case VARIANT_THAI: if (built(VARIANT_THAI)) return operate<Thai, u32>(op, depth, arg); break;
    case VARIANT_KILLER: if (built(VARIANT_KILLER)) return operate<Killer, u64>(op, depth, arg); break;
    case VARIANT_TURKISH: if (built(VARIANT_TURKISH)) return operate<Turkish, u64>(op, depth, arg); break;
    case VARIANT_FRISIAN: if (built(VARIANT_FRISIAN)) return operate<Frisian, u64>(op, depth, arg); break;
    case VARIANT_CANADIAN: if (built(VARIANT_CANADIAN)) return operate<Canadian, u64>(op, depth, arg); break;
  }
  failWith(ERROR_UNKNOWN_VARIANT);
  return 0;
}

function listedOrOverflow(end: i32): i32 {
  return takeOverflow() ? ERROR_TOO_MANY_MOVES : end;
}
