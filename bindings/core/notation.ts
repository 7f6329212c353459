// Move text (RULES.md section 6): `32-28` for a step, `28x19` for a capture, the landing
// squares in between (`28x17x26`) when origin and destination alone fit several legal moves.
// Readers also take `:` as the capture separator and algebraic squares (`c3-d4`, `c3:e5:g3`).

import { NotationError, excerpt } from "./errors.js";
import { algebraicName, alongCaptureLine, coordinates, readSquare, squareAt } from "./squares.js";
import type { VariantInfo } from "./variant.js";

/** A legal move, as positions list it. */
export interface Move {
  /** Square the piece starts on. */
  readonly from: number;
  /** Square it ends on (the same as `from` after a capture round a loop). */
  readonly to: number;
  /** Squares the piece stands on: `from`, each landing square, `to`. */
  readonly path: readonly number[];
  /** Captured squares, ascending. */
  readonly captured: readonly number[];
  readonly isCapture: boolean;
  /** A man that ends the move crowned. */
  readonly promotes: boolean;
  /** Shortest text that names this move among the position's legal moves. */
  readonly notation: string;
}

/** Move text read into squares. */
export interface MoveText {
  readonly squares: number[];
  /** True for `x` or `:`, false for `-`. */
  readonly capture: boolean;
}

const MAX_TEXT = 200;

/** Reads move text into its squares; throws NotationError saying which part is wrong. */
export function readMoveText(variant: VariantInfo, text: string): MoveText {
  if (typeof text !== "string") throw new NotationError("move text must be a string", String(text));
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new NotationError("the move text is empty", text);
  if (trimmed.length > MAX_TEXT) throw new NotationError(`the move text is too long (${trimmed.length} characters)`, text);
  const parts = trimmed.split(/([-xX:×])/);
  const squares: number[] = [];
  let separator: string | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 1) {
      const kind = part === "-" ? "-" : "x";
      if (separator !== undefined && separator !== kind) {
        throw new NotationError(`the move text mixes '-' and '${part}' separators`, text);
      }
      separator = kind;
      continue;
    }
    squares.push(squareOfPart(variant, part, text));
  }
  if (squares.length < 2) throw new NotationError(`a move needs two squares, like 32-28 or 28x19: ${excerpt(text)}`, text);
  return { squares, capture: separator === "x" };
}

function squareOfPart(variant: VariantInfo, part: string, text: string): number {
  if (part.length === 0) throw new NotationError(`missing square in ${excerpt(text)}`, text);
  const read = readSquare(variant, part);
  if ("problem" in read) throw new NotationError(read.problem.startsWith("cannot read") && part !== text ? `${read.problem} in ${excerpt(text)}` : read.problem, text);
  return read.square;
}

/** Writes a square in the variant's customary style. */
export function squareText(variant: VariantInfo, square: number, algebraic: boolean): string {
  return algebraic ? algebraicName(variant, square) : String(square);
}

/** Text of a move: origin and destination, or the whole path when `full`. */
export function moveText(variant: VariantInfo, move: Pick<Move, "path" | "from" | "to" | "isCapture">, full: boolean, algebraic: boolean): string {
  const squares = full && move.isCapture ? move.path : [move.from, move.to];
  return squares.map((s) => squareText(variant, s, algebraic)).join(move.isCapture ? "x" : "-");
}

/**
 * The pieces a route captures, walking the squares of `path` on the board `pieceAt` (piece
 * codes) for the side `white`; undefined when some leg is not on a capture line (a diagonal;
 * turkish: a rank or file; frisian: any of them) over exactly one enemy piece. Used to accept a route written differently from the one
 * the core listed. In turkish a captured piece leaves the board at once, so a later leg may
 * cross its square.
 */
export function capturesAlong(variant: VariantInfo, path: readonly number[], pieceAt: (square: number) => number, white: boolean): number[] | undefined {
  const captured: number[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = coordinates(variant, path[i]!);
    const b = coordinates(variant, path[i + 1]!);
    const dr = Math.sign(b.row - a.row);
    const dc = Math.sign(b.column - a.column);
    if (!alongCaptureLine(variant, b.row - a.row, b.column - a.column)) return undefined;
    let found: number | undefined;
    for (let r = a.row + dr, c = a.column + dc; r !== b.row || c !== b.column; r += dr, c += dc) {
      const square = squareAt(variant, r, c);
      // A frisian rank or file passes light squares between the playable ones.
      if (square === undefined) continue;
      const gone = square === path[0] || (variant.allSquares && captured.includes(square));
      const code = gone ? 0 : pieceAt(square);
      if (code === 0) continue;
      const enemy = white ? code >= 3 : code <= 2;
      if (!enemy || found !== undefined || captured.includes(square)) return undefined;
      found = square;
    }
    if (found === undefined) return undefined;
    captured.push(found);
  }
  return captured.sort((x, y) => x - y);
}
