// Perft on the 12×12 board through the one dispatch: the high words of its sets take a slot of
// position/high-words.ts per depth left, so a depth the slots cannot hold is refused by name
// (ERROR_TOO_MANY_MOVES) and leaves the core as it was; depths of 0 and below write no slot.
// The counts are published (dctl, board_large.cpp: 11, 121, 1222 from the start).

import { BOARD } from "../buffers/board";
import { COUNTS_OUT } from "../buffers/records";
import { dispatch } from "../abi/dispatch";
import { lastErrorCode } from "../contract/error";
import { BOARD_BYTES, ERROR_TOO_MANY_MOVES, OP_DIVIDE, OP_PERFT, PIECE_BLACK_MAN, PIECE_WHITE_MAN, SEARCH_MAX_PLY, VARIANT_CANADIAN } from "../contract/contract";

/** Canadian's start in BOARD: Black's 30 men on squares 1 … 30, White's on 43 … 72, White to move. */
function startPosition(): void {
  memory.fill(BOARD, 0, BOARD_BYTES);
  for (let square = 1; square <= 30; square++) store<u8>(BOARD + square, <u8>PIECE_BLACK_MAN);
  for (let square = 43; square <= 72; square++) store<u8>(BOARD + square, <u8>PIECE_WHITE_MAN);
}

describe("12×12 perft through the one dispatch", () => {
  it("counts the published numbers from the start", () => {
    startPosition();
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, 1, 0)).toBe(11);
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, 2, 0)).toBe(121);
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, 3, 0)).toBe(1222);
    expect(lastErrorCode()).toBe(0);
  });
  it("refuses a depth deeper than its slots, and the next call counts as before", () => {
    startPosition();
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, SEARCH_MAX_PLY + 1, 0)).toBe(0);
    expect(lastErrorCode()).toBe(ERROR_TOO_MANY_MOVES);
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, 3, 0)).toBe(1222);
    expect(lastErrorCode()).toBe(0);
  });
  it("depth 0 and below count the position itself; divide at 0 counts each move once", () => {
    startPosition();
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, 0, 0)).toBe(1);
    expect(dispatch(VARIANT_CANADIAN, OP_PERFT, -5, 0)).toBe(1);
    expect(dispatch(VARIANT_CANADIAN, OP_DIVIDE, 0, 0)).toBe(11);
    for (let i = 0; i < 11; i++) expect(load<u64>(COUNTS_OUT + (<usize>i << 3))).toBe(1);
    expect(dispatch(VARIANT_CANADIAN, OP_DIVIDE, 2, 0)).toBe(11);
    let total: u64 = 0;
    for (let i = 0; i < 11; i++) total += load<u64>(COUNTS_OUT + (<usize>i << 3));
    expect(total).toBe(121);
  });
});
