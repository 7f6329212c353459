/**
 * The board component: a framework-free draughts board for pages (docs/board.md).
 *
 * @module bitdraughts/board
 */

// bitdraughts/board: draws any variant's board from a position, takes moves by click, drag and
// keys; pair it with "bitdraughts" or "bitdraughts/lean" for the positions and moves.

export { Board } from "../ui/board-element.js";
export type { BoardConfig, BoardMove, BoardPosition, DrawShape, MoveMeta } from "../ui/board-element.js";
