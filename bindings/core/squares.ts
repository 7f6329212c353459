// Square numbers, coordinates and algebraic names, derived from RULES.md section 2: rows
// r = 0 … N−1 from the top and columns c = 0 … N−1 from the left as White sees the board;
// squares numbered 1 … N²/2 row by row from the top; files a… from column 0, ranks from the
// bottom. Turkish plays all N² squares, numbered the same way (RULES-more-variants.md 4).

import { excerpt } from "./errors.js";
import type { VariantInfo } from "./variant.js";

export interface Coordinates {
  readonly row: number;
  readonly column: number;
}

/** Number of playable squares. */
export function squareCount(variant: VariantInfo): number {
  return variant.allSquares ? variant.size * variant.size : (variant.size * variant.size) / 2;
}

/** Row and column of square `square` (1-based). */
export function coordinates(variant: VariantInfo, square: number): Coordinates {
  if (variant.allSquares) return { row: Math.floor((square - 1) / variant.size), column: (square - 1) % variant.size };
  const half = variant.size / 2;
  const row = Math.floor((square - 1) / half);
  const k = (square - 1) % half;
  // Standard boards: (row + column) odd on playable squares; mirrored boards: even.
  const oddSum = variant.mirrored ? 0 : 1;
  const column = 2 * k + ((row + oddSum) % 2);
  return { row, column };
}

/** The square at (row, column), or undefined when that is off the board or a light square. */
export function squareAt(variant: VariantInfo, row: number, column: number): number | undefined {
  const n = variant.size;
  if (row < 0 || row >= n || column < 0 || column >= n) return undefined;
  if (variant.allSquares) return row * n + column + 1;
  const oddSum = variant.mirrored ? 0 : 1;
  if ((row + column) % 2 !== oddSum) return undefined;
  return row * (n / 2) + Math.floor(column / 2) + 1;
}

/** Algebraic name of a square, e.g. "c3". */
export function algebraicName(variant: VariantInfo, square: number): string {
  const { row, column } = coordinates(variant, square);
  return String.fromCharCode(97 + column) + String(variant.size - row);
}

/** The square named `name` ("c3"), or undefined when it is no playable square. */
export function squareOfName(variant: VariantInfo, name: string): number | undefined {
  const match = /^([a-z])(\d{1,2})$/.exec(name.toLowerCase());
  if (!match) return undefined;
  const column = match[1]!.charCodeAt(0) - 97;
  const rank = Number(match[2]);
  return squareAt(variant, variant.size - rank, column);
}

/**
 * Whether a leg of `dr` rows and `dc` columns runs along one line a piece may capture on: a
 * diagonal; in turkish a rank or a file; in frisian any of the three.
 */
export function alongCaptureLine(variant: VariantInfo, dr: number, dc: number): boolean {
  const diagonal = dr !== 0 && Math.abs(dr) === Math.abs(dc);
  const orthogonal = (dr === 0) !== (dc === 0);
  if (variant.allSquares) return orthogonal;
  return diagonal || (variant.frisian && orthogonal);
}

/** The row where men of `white` promote. */
export function promotionRow(variant: VariantInfo, white: boolean): number {
  return white ? 0 : variant.size - 1;
}

/**
 * The squares of the men of `white` in the start position: the first `men` squares of each
 * side, or in turkish the second and third rows from each player (the back rows empty).
 */
export function startSquares(variant: VariantInfo, white: boolean): number[] {
  const count = squareCount(variant);
  const skip = variant.allSquares ? variant.size : 0;
  const first = white ? count - skip - variant.men + 1 : skip + 1;
  return Array.from({ length: variant.men }, (_, k) => first + k);
}

/** Whether a man of `white` on `square` would stand on its own promotion row (a position no game reaches). */
export function onOwnPromotionRow(variant: VariantInfo, square: number, white: boolean): boolean {
  return coordinates(variant, square).row === promotionRow(variant, white);
}

/**
 * The square a text names, numeric (`12`) or algebraic (`c3`), or what is wrong with it: the
 * FEN and move readers wrap the problem in their own error.
 */
export function readSquare(variant: VariantInfo, text: string): { square: number } | { problem: string } {
  const count = squareCount(variant);
  if (/^\d+$/.test(text)) {
    const square = Number(text);
    if (text.length > 3 || square < 1 || square > count) return { problem: `square ${text} is off the board (squares are 1 to ${count})` };
    return { square };
  }
  if (/^[a-z]\d{1,2}$/i.test(text)) {
    const square = squareOfName(variant, text);
    if (square === undefined) return { problem: `${text} is not a playable square of the ${variant.size}×${variant.size} board` };
    return { square };
  }
  return { problem: `cannot read ${excerpt(text)} as a square` };
}
