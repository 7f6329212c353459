// What a board component needs from a position, ready-made: where each square is drawn, the
// legal destinations by origin (the Map<from, to[]> that chessground-style boards take), the
// route choices of a capture whose destination does not name it, and the squares a played move
// passed and took, for animation. Plain data in square numbers; names as the position writes them.

import type { Move } from "../core/notation.js";
import type { Position } from "../core/position.js";
import { algebraicName, alongCaptureLine, coordinates, squareCount } from "../core/squares.js";
import { variantInfo, type VariantInfo, type VariantName } from "../core/variant.js";

/** A playable square as a board draws it: row 0 is the top row, column 0 the left column. */
export interface BoardSquare {
  readonly square: number;
  readonly row: number;
  readonly column: number;
  /** Its algebraic name ("c3"), for boards that key squares by name. */
  readonly name: string;
}

/** Where a variant's squares stand on the screen grid (boardLayout), for drawing a board. */
export interface BoardLayout {
  /** Squares per side: 8, 10 or 12. */
  readonly size: number;
  /** Italian and spanish: the bottom-right corner is playable (RULES.md 2). */
  readonly mirrored: boolean;
  /** Turkish: every square is playable (and pieces move along ranks and files). */
  readonly allSquares: boolean;
  /** Every playable square, 1 first. */
  readonly squares: readonly BoardSquare[];
}

/**
 * Where the squares of `variant` are drawn, in the variant's own orientation with White at the
 * bottom, or Black at the bottom when `flipped` (the board turned round: row and column both
 * reversed, so a mirrored board stays mirrored).
 */
export function boardLayout(variant: VariantName, flipped = false): BoardLayout {
  const info = variantInfo(variant);
  const last = info.size - 1;
  const squares: BoardSquare[] = [];
  for (let square = 1; square <= squareCount(info); square++) {
    const { row, column } = coordinates(info, square);
    squares.push(Object.freeze({
      square,
      row: flipped ? last - row : row,
      column: flipped ? last - column : column,
      name: algebraicName(info, square),
    }));
  }
  return Object.freeze({ size: info.size, mirrored: info.mirrored, allSquares: info.allSquares, squares: Object.freeze(squares) });
}

/** The legal destinations of each piece that can move: origin → destinations, ascending. */
export function destinations(position: Position): Map<number, number[]> {
  const dests = new Map<number, number[]>();
  for (const move of position.legalMoves()) {
    const list = dests.get(move.from);
    if (list === undefined) dests.set(move.from, [move.to]);
    else if (!list.includes(move.to)) list.push(move.to);
  }
  for (const list of dests.values()) list.sort((a, b) => a - b);
  return dests;
}

/**
 * True when the side to move must capture: a capture is among the legal moves and the
 * optional-capture rule is off (then every legal move is a capture).
 */
export function captureRequired(position: Position): boolean {
  return !position.optionalCapture && position.legalMoves().some((m) => m.isCapture);
}

/** The legal moves from `from` to `to`: none (not legal), one, or several routes to choose among. */
export function movesBetween(position: Position, from: number, to: number): Move[] {
  return position.legalMoves().filter((m) => m.from === from && m.to === to);
}

/** The squares of a move as a board animates it. */
export interface MoveTrail {
  readonly from: number;
  readonly to: number;
  /** The squares it lands on between origin and destination, in order (a capture's turns). */
  readonly passed: readonly number[];
  /** The squares whose pieces it takes, in the order they are jumped. */
  readonly taken: readonly number[];
  readonly promotes: boolean;
}

/** The squares `move`, a move of a `variant` position, passed and took, in the order they are played. */
export function moveTrail(variant: VariantName, move: Move): MoveTrail {
  const info = variantInfo(variant);
  const path = move.path;
  const passed = path.slice(1, -1);
  // The piece jumped on each leg is the captured one lying between its two landing squares.
  const taken: number[] = [];
  const remaining = new Set(move.captured);
  for (let i = 0; i + 1 < path.length && remaining.size > 0; i++) {
    const jumped = [...remaining].find((s) => between(info, path[i]!, path[i + 1]!, s));
    if (jumped !== undefined) {
      taken.push(jumped);
      remaining.delete(jumped);
    }
  }
  taken.push(...remaining);
  return Object.freeze({ from: move.from, to: move.to, passed: Object.freeze(passed), taken: Object.freeze(taken), promotes: move.promotes });
}

/** One route of a capture whose origin and destination fit several moves. */
export interface RouteChoice {
  readonly move: Move;
  readonly trail: MoveTrail;
  /** The pieces this route takes and not every other one does: what to show the player. */
  readonly distinct: readonly number[];
}

/** The legal moves from `from` to `to`, each with what sets it apart: several when the player must pick a route. */
export function routeChoices(position: Position, from: number, to: number): RouteChoice[] {
  const moves = movesBetween(position, from, to);
  const common = moves.length === 0 ? [] : moves[0]!.captured.filter((s) => moves.every((m) => m.captured.includes(s)));
  return moves.map((move) => Object.freeze({
    move,
    trail: moveTrail(position.variant, move),
    distinct: Object.freeze(move.captured.filter((s) => !common.includes(s))),
  }));
}

/**
 * Whether square `s` lies strictly between `a` and `b` on one line of the move's board: a
 * diagonal, in turkish a rank or a file, in frisian any of them.
 */
function between(info: VariantInfo, a: number, b: number, s: number): boolean {
  const p = coordinates(info, a);
  const q = coordinates(info, b);
  const r = coordinates(info, s);
  const dr = q.row - p.row;
  const dc = q.column - p.column;
  if (!alongCaptureLine(info, dr, dc)) return false;
  const length = Math.max(Math.abs(dr), Math.abs(dc));
  const k = dr !== 0 ? (r.row - p.row) / Math.sign(dr) : (r.column - p.column) / Math.sign(dc);
  return k > 0 && k < length && r.row - p.row === k * Math.sign(dr) && r.column - p.column === k * Math.sign(dc);
}
