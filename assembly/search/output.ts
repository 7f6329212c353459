// What a search tells the host, in SEARCH_OUT (its layout: SEARCH_* in contract/contract.ts): the
// lines of the last report, each move a record laid out as MOVES_OUT's without its path.

import { writeRecordHead } from "../buffers/records";
import {
  SEARCH_DEPTH, SEARCH_HASHFULL, SEARCH_KIND, SEARCH_LINES, SEARCH_LINES_AT, SEARCH_LINE_BYTES,
  SEARCH_MAX_LINES, SEARCH_MAX_PLY, SEARCH_MEAN_DEPTH, SEARCH_MOVE_BYTES, SEARCH_NODES, SEARCH_SELDEPTH, RECORD_CAPTURED,
} from "../contract/contract";
import { hashfull } from "./table";

export const SEARCH_OUT = memory.data(SEARCH_LINES_AT + SEARCH_LINE_BYTES * SEARCH_MAX_LINES);

/**
 * Fills SEARCH_OUT with a report of `kind`: `lines` lines of iteration `depth`, line l's score
 * at `scores` + 4l, its length at `lengths` + 4l and its moves (move-stack records) from
 * `moves` + 16 · SEARCH_MAX_PLY · l (root.ts keeps them so).
 */
export function writeOutput<V, B>(kind: i32, depth: i32, lines: i32, scores: usize, lengths: usize, moves: usize, nodes: u64, seldepth: i32, meanDepth: f64): void {
  store<i32>(SEARCH_OUT, lines, SEARCH_LINES);
  store<i32>(SEARCH_OUT, depth, SEARCH_DEPTH);
  store<i32>(SEARCH_OUT, seldepth, SEARCH_SELDEPTH);
  store<i32>(SEARCH_OUT, hashfull(), SEARCH_HASHFULL);
  store<i32>(SEARCH_OUT, kind, SEARCH_KIND);
  store<f64>(SEARCH_OUT, <f64>nodes, SEARCH_NODES);
  store<f64>(SEARCH_OUT, meanDepth, SEARCH_MEAN_DEPTH);
  for (let line = 0; line < lines; line++) {
    const out = SEARCH_OUT + <usize>(SEARCH_LINES_AT + line * SEARCH_LINE_BYTES);
    const length = load<i32>(lengths + (<usize>line << 2));
    store<i32>(out, load<i32>(scores + (<usize>line << 2)), 0);
    store<i32>(out, length, 4);
    for (let i = 0; i < length; i++) {
      const move = moves + <usize>((line * SEARCH_MAX_PLY + i) << 4);
      const at = out + 8 + <usize>(i * SEARCH_MOVE_BYTES);
      memory.fill(at, 0, SEARCH_MOVE_BYTES);
      writeRecordHead<V, B>(at, move, SEARCH_MOVE_BYTES - RECORD_CAPTURED);
    }
  }
}
