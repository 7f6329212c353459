// The endgame databases' operations (the `egdb` export), per variant: the diagonal families on
// 8×8 and 10×10 (turkish, frisian and canadian have no databases). The variant is picked by the
// core's one variant table (board/variant-table.ts), as the exports' dispatch picks it.

import { forVariant } from "../board/variant-table";
import { setOptionalCapture } from "../board/variants";
import { boardKings, boardThem, boardUs, boardWhiteToMove, readBoard } from "../buffers/board";
import {
  groupsFit, indexOf, keyOfSets, manSquares, rowOf, seeFromMover, seenFits, sliceKey, sliceSize, themKings, themMen, usKings, usMen,
} from "./index-scheme";
import { checkSlice, distancesOf, fillCaptures, maskedValues, solvePair } from "./generate";
import { hasDatabases } from "./probe";
import { claimTable, positionsOf, tableOf, valueAt } from "./tables";
import {
  EGDB_BAD_BOARD, EGDB_CHECK, EGDB_DISTANCES, EGDB_FILL, EGDB_LOCATE, EGDB_MASKED, EGDB_NO_SLICE, EGDB_NO_VARIANT, EGDB_NOT_LOADED, EGDB_SIZE, EGDB_SOLVE, EGDB_VALUE,
} from "../contract/contract";

/** The slice key of the position the last EGDB_LOCATE read. */
export let locatedKey: i32 = 0;

/** The position in BOARD: its index (and locatedKey), or EGDB_BAD_BOARD / EGDB_NO_SLICE. */
function locate<V, B>(): f64 {
  if (!readBoard<V, B>()) return <f64>EGDB_BAD_BOARD;
  seeFromMover<B>(boardWhiteToMove, boardUs<B>(), boardThem<B>(), <B>boardKings);
  const promotionRow = (<u64>1 << <u64>rowOf<B>()) - 1;
  if ((usMen & promotionRow) != 0 || (themMen >> <u64>manSquares<B>()) != 0) return <f64>EGDB_BAD_BOARD;
  if ((usMen | usKings) == 0 || (themMen | themKings) == 0 || !seenFits()) return <f64>EGDB_NO_SLICE;
  locatedKey = keyOfSets(usMen, usKings, themMen, themKings);
  return <f64>indexOf<B>(usMen, usKings, themMen, themKings);
}

/** The operations of the `egdb` export on a slice (a, b, c, d) of a variant with databases. */
function operate<V, B>(op: i32, a: i32, b: i32, c: i32, d: i32): f64 {
  if (op == EGDB_LOCATE || op == EGDB_VALUE) return located<V, B>(op == EGDB_VALUE);
  if (!groupsFit(a, b, c, d)) return <f64>EGDB_NO_SLICE;
  switch (op) {
    case EGDB_SOLVE: return <f64>solvePair<V, B>(a, b, c, d);
    case EGDB_SIZE: return <f64>sliceSize<B>(a, b, c, d);
    case EGDB_CHECK: return checkSlice<V, B>(a, b, c, d);
    case EGDB_MASKED: return <f64>maskedValues<B>(a, b, c, d);
    case EGDB_FILL: return fillCaptures<V, B>(a, b, c, d);
    case EGDB_DISTANCES: return <f64>distancesOf<B>(a, b, c, d);
  }
  return claimed<B>(a, b, c, d);
}

/** EGDB_LOCATE: the index of the position in BOARD; EGDB_VALUE (`value`): its stored value. */
function located<V, B>(value: bool): f64 {
  const index = locate<V, B>();
  if (!value || index < 0) return index;
  const table = tableOf(locatedKey);
  return table == 0 ? <f64>EGDB_NOT_LOADED : <f64>valueAt(table, <u64>index);
}

/** EGDB_CLAIM: a table to load a slice into (the one already there when its size fits). */
function claimed<B>(a: i32, b: i32, c: i32, d: i32): f64 {
  const key = sliceKey(a, b, c, d);
  const positions = sliceSize<B>(a, b, c, d);
  if (tableOf(key) != 0 && positionsOf(key) == positions) return <f64>tableOf(key);
  return <f64>claimTable(key, positions);
}

/** A call of the `egdb` export, run with its variant's types (board/variant-table.ts). */
@final @unmanaged class EgdbCall {
  op: i32;
  a: i32;
  b: i32;
  c: i32;
  d: i32;
  run<V, B>(): f64 {
    if (!hasDatabases<V>()) return this.unknown();
    return operate<V, B>(this.op, this.a, this.b, this.c, this.d);
  }
  unknown(): f64 { return <f64>EGDB_NO_VARIANT; }
}
// The one call record, in static memory: the core allocates nothing.
const CALL = changetype<EgdbCall>(memory.data(offsetof<EgdbCall>()));

/** Operation `op` of the `egdb` export on slice (a, b, c, d) of variant `variant`. */
export function egdbOperate(variant: i32, op: i32, a: i32, b: i32, c: i32, d: i32): f64 {
  // The databases hold the plain rules: captures forced, whatever the last call played.
  setOptionalCapture(false);
  const call = CALL;
  call.op = op;
  call.a = a;
  call.b = b;
  call.c = c;
  call.d = d;
  // An id with the OPTIONAL_CAPTURE bit is in no row of the table: no databases.
  return forVariant<EgdbCall, f64>(variant, call);
}
