// Oracle: board geometry and the mailbox position (RULES.md section 2).
//
// This is a deliberately plain reference model used only by the tests. The board is a
// rows x columns array; a square is addressed by (row, column) or by its number. Nothing here
// is shared with assembly/ or bindings/.
//
//   rows    r = 0 .. N-1, top to bottom, as seen by White (who sits at the bottom)
//   columns c = 0 .. N-1, left to right, as seen by White
//   playable squares: (r + c) odd in the standard orientation, (r + c) even in the mirrored
//   one (italian, spanish)
//   numbering: 1 .. N*N/2, row by row from the top row, left to right within a row
//   turkish (RULES-more-variants.md 4): every square is playable, numbered 1 .. 64 the same way
//   canadian (RULES-more-variants.md 8): N = 12, standard orientation, 1 .. 72
//   algebraic name: file letter 'a' + c, rank N - r

export type Color = 'W' | 'B';

export type VariantName =
  | 'english'
  | 'italian'
  | 'international'
  | 'brazilian'
  | 'russian'
  | 'spanish'
  | 'czech'
  | 'pool'
  | 'thai'
  | 'killer'
  | 'antidraughts'
  | 'breakthrough'
  | 'turkish'
  | 'frisian'
  | 'frysk'
  | 'canadian';

export const VARIANT_NAMES: readonly VariantName[] = [
  'english',
  'italian',
  'international',
  'brazilian',
  'russian',
  'spanish',
  'czech',
  'pool',
  'thai',
  'killer',
  'antidraughts',
  'breakthrough',
  'turkish',
  'frisian',
  'frysk',
  'canadian',
];

export interface Piece {
  color: Color;
  king: boolean;
}

export interface Geometry {
  /** N: 8, 10 or 12. */
  size: number;
  /** true for italian and spanish: the playable squares are those with (r + c) even. */
  mirrored: boolean;
  /** true for turkish: every square of the board is playable. */
  allSquares: boolean;
  /** Number of playable squares, N * N / 2 (N * N in turkish). */
  squareCount: number;
  /** number -> coordinates; index 0 is unused. */
  coords: { r: number; c: number }[];
  /** [r][c] -> number, 0 for a square that is not playable. */
  numbers: number[][];
}

export interface Position {
  geometry: Geometry;
  sideToMove: Color;
  /** cells[r][c]: the piece standing there, or null. Unplayable squares are always null. */
  cells: (Piece | null)[][];
  /**
   * Frisian and frysk (RULES-more-variants.md 5): per colour, how many moves without capture in
   * a row its last moves made with one king, and the square that king stands on now. Left out
   * in the other variants.
   */
  kingMoves?: Record<Color, KingMoves>;
}

export interface KingMoves {
  count: number;
  /** 0 when count is 0. */
  square: number;
}

export function opponent(color: Color): Color {
  return color === 'W' ? 'B' : 'W';
}

export function isPlayable(size: number, mirrored: boolean, r: number, c: number, allSquares = false): boolean {
  if (r < 0 || r >= size || c < 0 || c >= size) return false;
  if (allSquares) return true;
  const odd = (r + c) % 2 === 1;
  return mirrored ? !odd : odd;
}

/** Builds the numbering by walking the board row by row, left to right, counting dark squares. */
export function makeGeometry(size: number, mirrored: boolean, allSquares = false): Geometry {
  const coords: { r: number; c: number }[] = [{ r: -1, c: -1 }];
  const numbers: number[][] = [];
  let next = 1;
  for (let r = 0; r < size; r++) {
    const row: number[] = [];
    for (let c = 0; c < size; c++) {
      if (isPlayable(size, mirrored, r, c, allSquares)) {
        row.push(next);
        coords.push({ r, c });
        next++;
      } else {
        row.push(0);
      }
    }
    numbers.push(row);
  }
  return { size, mirrored, allSquares, squareCount: next - 1, coords, numbers };
}

const geometryCache = new Map<string, Geometry>();

export function geometryFor(size: number, mirrored: boolean, allSquares = false): Geometry {
  const key = `${size}/${mirrored}/${allSquares}`;
  let g = geometryCache.get(key);
  if (!g) {
    g = makeGeometry(size, mirrored, allSquares);
    geometryCache.set(key, g);
  }
  return g;
}

export function onBoard(g: Geometry, r: number, c: number): boolean {
  return r >= 0 && r < g.size && c >= 0 && c < g.size;
}

/** The number of the playable square at (r, c); throws if there is none. */
export function squareAt(g: Geometry, r: number, c: number): number {
  if (!onBoard(g, r, c) || g.numbers[r][c] === 0) {
    throw new Error(`(${r}, ${c}) is not a playable square`);
  }
  return g.numbers[r][c];
}

export function coordsOf(g: Geometry, square: number): { r: number; c: number } {
  if (!Number.isInteger(square) || square < 1 || square > g.squareCount) {
    throw new Error(`square ${square} is off the board (1..${g.squareCount})`);
  }
  return g.coords[square];
}

export function algebraicName(g: Geometry, square: number): string {
  const { r, c } = coordsOf(g, square);
  return String.fromCharCode('a'.charCodeAt(0) + c) + String(g.size - r);
}

/** Parses an algebraic square name like "c3" and returns its number. */
export function squareFromAlgebraic(g: Geometry, name: string): number {
  const m = /^([a-z])(\d{1,2})$/.exec(name.trim().toLowerCase());
  if (!m) throw new Error(`"${name}" is not an algebraic square name`);
  const c = m[1].charCodeAt(0) - 'a'.charCodeAt(0);
  const rank = Number(m[2]);
  const r = g.size - rank;
  if (!onBoard(g, r, c)) throw new Error(`square "${name}" is off the ${g.size}x${g.size} board`);
  if (g.numbers[r][c] === 0) throw new Error(`square "${name}" is not a playable square`);
  return g.numbers[r][c];
}

/** Accepts a square written as a number ("12", "08") or algebraically ("c3"). */
export function parseSquare(g: Geometry, text: string): number {
  const t = text.trim();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    coordsOf(g, n); // validates
    return n;
  }
  return squareFromAlgebraic(g, t);
}

/** The row on which a man of this colour promotes: row 0 for White, row N-1 for Black. */
export function promotionRow(g: Geometry, color: Color): number {
  return color === 'W' ? 0 : g.size - 1;
}

/** The direction "forward" for a man of this colour, as a row step. */
export function forwardRowStep(color: Color): number {
  return color === 'W' ? -1 : 1;
}

export function emptyCells(g: Geometry): (Piece | null)[][] {
  const cells: (Piece | null)[][] = [];
  for (let r = 0; r < g.size; r++) {
    const row: (Piece | null)[] = [];
    for (let c = 0; c < g.size; c++) row.push(null);
    cells.push(row);
  }
  return cells;
}

export function copyPosition(p: Position): Position {
  return {
    geometry: p.geometry,
    sideToMove: p.sideToMove,
    // Piece objects are never modified in place (a promoted piece is a new object), so
    // the copy may share them.
    cells: p.cells.map((row) => row.slice()),
    ...(p.kingMoves === undefined ? {} : { kingMoves: { W: { ...p.kingMoves.W }, B: { ...p.kingMoves.B } } }),
  };
}

export function pieceOn(p: Position, square: number): Piece | null {
  const { r, c } = coordsOf(p.geometry, square);
  return p.cells[r][c];
}
