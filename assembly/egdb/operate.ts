// The endgame databases' operations, per variant: the diagonal families on 8×8 and 10×10
// (turkish, frisian and canadian have no databases).

import { boardBlack, boardKings, boardWhite, boardWhiteToMove, readBoard } from "../abi/buffers";
import { Brazilian, Czech, English, International, Italian, Killer, Pool, Russian, Spanish, Thai, setOptionalCapture } from "../board/variants";
import {
  groupsFit, indexOf, keyOfSets, manSquares, rowOf, seeFromMover, seenFits, sliceKey, sliceSize, themKings, themMen, usKings, usMen,
} from "./index-scheme";
import { checkSlice, distancesOf, fillCaptures, maskedValues, solvePair } from "./generate";
import { claimTable, positionsOf, tableOf, valueAt } from "./tables";
import {
  EGDB_BAD_BOARD, EGDB_CHECK, EGDB_DISTANCES, EGDB_FILL, EGDB_LOCATE, EGDB_MASKED, EGDB_NO_SLICE, EGDB_NO_VARIANT, EGDB_NOT_LOADED, EGDB_SIZE, EGDB_SOLVE, EGDB_VALUE,
  VARIANT_BRAZILIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_INTERNATIONAL, VARIANT_ITALIAN, VARIANT_KILLER, VARIANT_POOL, VARIANT_RUSSIAN, VARIANT_SPANISH, VARIANT_THAI,
} from "../abi/contract";

/** The slice key of the position the last EGDB_LOCATE read. */
export let locatedKey: i32 = 0;

/** The position in BOARD: its index (and locatedKey), or EGDB_BAD_BOARD / EGDB_NO_SLICE. */
function locate<V, B>(): f64 {
  if (!readBoard<V, B>()) return <f64>EGDB_BAD_BOARD;
  const white = boardWhiteToMove;
  seeFromMover<B>(white, <B>(white ? boardWhite : boardBlack), <B>(white ? boardBlack : boardWhite), <B>boardKings);
  const promotionRow = (<u64>1 << <u64>rowOf<B>()) - 1;
  if ((usMen & promotionRow) != 0 || (themMen >> <u64>manSquares<B>()) != 0) return <f64>EGDB_BAD_BOARD;
  if ((usMen | usKings) == 0 || (themMen | themKings) == 0 || !seenFits()) return <f64>EGDB_NO_SLICE;
  locatedKey = keyOfSets(usMen, usKings, themMen, themKings);
  return <f64>indexOf<B>(usMen, usKings, themMen, themKings);
}

function run<V, B>(op: i32, a: i32, b: i32, c: i32, d: i32): f64 {
  if (op == EGDB_LOCATE || op == EGDB_VALUE) {
    const index = locate<V, B>();
    if (op == EGDB_LOCATE || index < 0) return index;
    const table = tableOf(locatedKey);
    return table == 0 ? <f64>EGDB_NOT_LOADED : <f64>valueAt(table, <u64>index);
  }
  if (!groupsFit(a, b, c, d)) return <f64>EGDB_NO_SLICE;
  if (op == EGDB_SOLVE) return <f64>solvePair<V, B>(a, b, c, d);
  if (op == EGDB_SIZE) return <f64>sliceSize<B>(a, b, c, d);
  if (op == EGDB_CHECK) return checkSlice<V, B>(a, b, c, d);
  if (op == EGDB_MASKED) return <f64>maskedValues<B>(a, b, c, d);
  if (op == EGDB_FILL) return fillCaptures<V, B>(a, b, c, d);
  if (op == EGDB_DISTANCES) return <f64>distancesOf<B>(a, b, c, d);
  // EGDB_CLAIM: a table to load a slice into (the one already there when its size fits).
  const key = sliceKey(a, b, c, d);
  const positions = sliceSize<B>(a, b, c, d);
  if (tableOf(key) != 0 && positionsOf(key) == positions) return <f64>tableOf(key);
  return <f64>claimTable(key, positions);
}

export function egdbOperate(variant: i32, op: i32, a: i32, b: i32, c: i32, d: i32): f64 {
  // The databases hold the plain rules: captures forced, whatever the last call played.
  setOptionalCapture(false);
  switch (variant) {
    case VARIANT_ENGLISH: return run<English, u32>(op, a, b, c, d);
    case VARIANT_ITALIAN: return run<Italian, u32>(op, a, b, c, d);
    case VARIANT_INTERNATIONAL: return run<International, u64>(op, a, b, c, d);
    case VARIANT_BRAZILIAN: return run<Brazilian, u32>(op, a, b, c, d);
    case VARIANT_RUSSIAN: return run<Russian, u32>(op, a, b, c, d);
    case VARIANT_SPANISH: return run<Spanish, u32>(op, a, b, c, d);
    case VARIANT_CZECH: return run<Czech, u32>(op, a, b, c, d);
    case VARIANT_POOL: return run<Pool, u32>(op, a, b, c, d);
    case VARIANT_THAI: return run<Thai, u32>(op, a, b, c, d);
    case VARIANT_KILLER: return run<Killer, u64>(op, a, b, c, d);
  }
  return <f64>EGDB_NO_VARIANT;
}
