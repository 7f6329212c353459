// The variant's tables an environment reads: where each bit of the board is on the H × W planes
// and which playable square it is, both as the side to move sees the board (frame 0 White's,
// frame 1 Black's, turned half a turn); the action of every leg between two squares; and the
// long diagonal that russian's and spanish's counting rules look at. Built once per environment.

import { bitLo, bitHi } from "../board/board-12x12";
import { bitOfSquare, squaresOf } from "../board/squares";
import { rules } from "../board/variants";
import { ENV_SYM_MIRROR } from "../contract/contract";
import { Env, TABLE_BITS } from "./layout";

/** Squares a side of the board. */
@inline export function sideOf<V>(): i32 {
  return rules<V>().twelveByTwelve ? 12 : rules<V>().tenByTen ? 10 : 8;
}
/** Directions of the action index: eight lines in frisian, four elsewhere. */
@inline export function directionsOf<V>(): i32 { return rules<V>().frisian ? 8 : 4; }
/** Distances of the action index: a step or a jump for short kings, the board's length for flying ones. */
@inline export function distancesOf<V>(): i32 { return rules<V>().flyingKings ? sideOf<V>() - 1 : 2; }

/** Row and column (White's view, row 0 at the top) of square `s`, as bindings/core/squares.ts `coordinates`. */
@inline function cellOfSquare<V>(s: i32): i32 {
  const n = sideOf<V>();
  if (rules<V>().orthogonal) return s - 1;
  const half = n >> 1;
  const row = (s - 1) / half;
  const k = (s - 1) % half;
  const column = 2 * k + ((row + (rules<V>().mirrored ? 0 : 1)) & 1);
  return row * n + column;
}

/** The direction of a leg of `dr` rows and `dc` columns as the action index numbers it, or -1. */
@inline function directionOf<V>(dr: i32, dc: i32): i32 {
  const diagonal = dr != 0 && abs(dr) == abs(dc);
  const orthogonal = (dr == 0) != (dc == 0);
  const straight = dr < 0 ? 0 : dr > 0 ? 1 : dc < 0 ? 2 : 3;
  if (rules<V>().orthogonal) return orthogonal ? straight : -1;
  if (diagonal) return (dr < 0 ? 0 : 2) + (dc < 0 ? 0 : 1);
  return rules<V>().frisian && orthogonal ? 4 + straight : -1;
}

export function buildTables<V, B>(e: Env): void {
  const n = sideOf<V>();
  const cells = n * n;
  const squares = squaresOf<V, B>();
  const perSquare = e.directions * e.distances;
  memory.fill(e.cellOf, 0xff, 2 * 2 * <usize>TABLE_BITS);
  memory.fill(e.indexOf, 0xff, 2 * <usize>TABLE_BITS);
  memory.fill(e.actionOf, 0xff, 2 * 2 * <usize>(TABLE_BITS * TABLE_BITS));
  memory.fill(e.bitOf, 0xff, 2 * <usize>cells);
  memory.fill(e.seen, 0, <usize>e.actions);
  e.longLo = 0;
  e.longHi = 0;
  for (let s = 1; s <= squares; s++) {
    const b = bitOfSquare<V, B>(s);
    const cell = cellOfSquare<V>(s);
    store<u16>(e.cellOf + (<usize>b << 1), <u16>cell);
    store<u16>(e.cellOf + (<usize>(TABLE_BITS + b) << 1), <u16>(cells - 1 - cell));
    store<u8>(e.indexOf + <usize>b, <u8>(s - 1));
    store<u8>(e.indexOf + <usize>(TABLE_BITS + b), <u8>(squares - s));
    store<i16>(e.bitOf + (<usize>cell << 1), <i16>b);
    const row = cell / n;
    const column = cell % n;
    // The long diagonal: a1–h8 on the standard boards, from the top-left corner on the mirrored ones.
    if (rules<V>().mirrored ? row == column : row + column == n - 1) {
      e.longLo |= bitLo(b);
      e.longHi |= bitHi(b);
    }
  }
  for (let frame = 0; frame < 2; frame++) {
    for (let s = 1; s <= squares; s++) {
      const from = bitOfSquare<V, B>(s);
      const a = <i32>load<u16>(e.cellOf + (<usize>(frame * TABLE_BITS + from) << 1));
      const index = <i32>load<u8>(e.indexOf + <usize>(frame * TABLE_BITS + from));
      for (let t = 1; t <= squares; t++) {
        if (t == s) continue;
        const to = bitOfSquare<V, B>(t);
        const c = <i32>load<u16>(e.cellOf + (<usize>(frame * TABLE_BITS + to) << 1));
        const dr = c / n - a / n;
        const dc = c % n - a % n;
        const direction = directionOf<V>(dr, dc);
        const distance = max(abs(dr), abs(dc));
        if (direction < 0 || distance > e.distances) continue;
        const action = index * perSquare + direction * e.distances + distance - 1;
        store<u16>(e.actionOf + (<usize>((frame * TABLE_BITS + from) * TABLE_BITS + to) << 1), <u16>action);
      }
    }
  }
  e.symmetries = rules<V>().orthogonal ? ENV_SYM_MIRROR : 0;
}
