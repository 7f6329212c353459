// What a search tells the host, in SEARCH_OUT, in the variant's square numbers:
//   0  i32 lines     number of lines that follow (multi-PV; 1 for a new best move mid-iteration)
//   4  i32 depth     the iteration the lines come from
//   8  i32 seldepth
//  12  i32 hashfull  per mille of the table written by this search
//  16  i32 kind      0 an iteration finished (or the final result), 1 a new best root move
//  24  f64 nodes
//  64  the lines, LINE_BYTES each: i32 score, i32 moves, then MOVE_OUT_BYTES a move:
//      [0] from square, [1] to square, [2] pieces captured n, [3] flags (1 king, 2 promotes),
//      [4 … 4+n) captured squares, ascending.

import { writeCapturedSquares } from "../abi/buffers";
import { squareOfBit } from "../board/squares";
import { MAX_LINES, MAX_PLY, nodes, reportDepth, reportLines, reportedLength, reportedMove, reportedScore, seldepth } from "./search";
import { hashfull } from "./table";

export const MOVE_OUT_BYTES: i32 = 24;
export const LINE_BYTES: i32 = 8 + MOVE_OUT_BYTES * MAX_PLY;
export const SEARCH_OUT = memory.data(64 + LINE_BYTES * MAX_LINES);

export function writeOutput<V, B>(kind: i32): void {
  store<i32>(SEARCH_OUT, reportLines, 0);
  store<i32>(SEARCH_OUT, reportDepth, 4);
  store<i32>(SEARCH_OUT, seldepth, 8);
  store<i32>(SEARCH_OUT, hashfull(), 12);
  store<i32>(SEARCH_OUT, kind, 16);
  store<f64>(SEARCH_OUT, <f64>nodes, 24);
  for (let line = 0; line < reportLines; line++) {
    const out = SEARCH_OUT + 64 + <usize>(line * LINE_BYTES);
    const length = reportedLength(line);
    store<i32>(out, reportedScore(line), 0);
    store<i32>(out, length, 4);
    for (let i = 0; i < length; i++) {
      const move = reportedMove(line, i);
      const at = out + 8 + <usize>(i * MOVE_OUT_BYTES);
      memory.fill(at, 0, MOVE_OUT_BYTES);
      store<u8>(at, <u8>squareOfBit<V, B>(<i32>load<u8>(move, 8)), 0);
      store<u8>(at, <u8>squareOfBit<V, B>(<i32>load<u8>(move, 9)), 1);
      store<u8>(at, load<u8>(move, 11), 2);
      store<u8>(at, load<u8>(move, 10), 3);
      writeCapturedSquares<V, B>(at + 4, <B>load<u64>(move));
    }
  }
}
