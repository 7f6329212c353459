// Oracle: PDN FEN reader and writer (RULES.md section 6).
//
//   W:W31-50:B1-20      side to move, then the two colours' piece lists, in either order
//   B:WK4,28:B         'K' before a king; a colour may have an empty list or be left out
//   W:Wh6:Bg7,c5,d2     squares may be numeric or algebraic
//   ...:H0:F2           extra fields after the colour lists are ignored
//   ...:+0+346          frisian: the king-move field, Black's count and square then White's
//                       (White's king on 46 has made three moves without capture in a row)
//
// The writer emits the canonical form: White's list first, ascending squares, and every run
// of two or more consecutive men written as a range "a-b"; kings are written one by one ("K12").

import {
  Color,
  Geometry,
  Piece,
  Position,
  coordsOf,
  emptyCells,
  parseSquare,
  promotionRow,
} from './board.js';
import { rulesOf } from './rules.js';
import type { KingMoves } from './board.js';

export function parseFen(variant: string, fen: string): Position {
  const g = rulesOf(variant).geometry;
  if (typeof fen !== 'string') throw new Error('FEN must be a string');
  let text = fen.replace(/\s+/g, '');
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.length === 0) throw new Error('empty FEN');

  const fields = text.split(':');
  const side = fields[0].toUpperCase();
  if (side !== 'W' && side !== 'B') {
    throw new Error(`FEN "${fen}": side to move must be W or B, got "${fields[0]}"`);
  }

  const cells = emptyCells(g);
  const seen = new Set<Color>();
  const frisian = rulesOf(variant).kingMoveLimit;
  let kingMoves: Record<Color, KingMoves> | undefined = frisian ? { W: { count: 0, square: 0 }, B: { count: 0, square: 0 } } : undefined;
  for (let i = 1; i < fields.length; i++) {
    const field = fields[i];
    const head = field.charAt(0).toUpperCase();
    if (head === '+' && frisian) {
      const m = /^\+(\d)(\d*)\+(\d)(\d*)$/.exec(field);
      if (!m) throw new Error(`FEN "${fen}": bad king-move field "${field}"`);
      kingMoves = { B: { count: Number(m[1]), square: Number(m[2] || 0) }, W: { count: Number(m[3]), square: Number(m[4] || 0) } };
      continue;
    }
    if (head !== 'W' && head !== 'B') {
      // An extra field such as "H0" or "F2": ignored, but only after the colour lists.
      for (let j = i + 1; j < fields.length; j++) {
        const h = fields[j].charAt(0).toUpperCase();
        if (h === 'W' || h === 'B') throw new Error(`FEN "${fen}": unexpected field "${field}"`);
      }
      break;
    }
    const color = head as Color;
    if (seen.has(color)) throw new Error(`FEN "${fen}": colour ${color} is listed twice`);
    seen.add(color);
    const list = field.slice(1);
    if (list.length === 0) continue;
    for (const token of list.split(',')) {
      placeToken(g, cells, color, token, fen);
    }
  }
  return { geometry: g, sideToMove: side, cells, ...(kingMoves === undefined ? {} : { kingMoves }) };
}

function placeToken(g: Geometry, cells: (Piece | null)[][], color: Color, token: string, fen: string): void {
  if (token.length === 0) throw new Error(`FEN "${fen}": empty square in a piece list`);
  let king = false;
  let body = token;
  if (body.charAt(0).toUpperCase() === 'K') {
    king = true;
    body = body.slice(1);
  }
  const squares: number[] = [];
  const range = /^(\d+)-(\d+)$/.exec(body);
  if (range) {
    const a = parseSquare(g, range[1]);
    const b = parseSquare(g, range[2]);
    if (a > b) throw new Error(`FEN "${fen}": range "${token}" runs backwards`);
    for (let s = a; s <= b; s++) squares.push(s);
  } else {
    try {
      squares.push(parseSquare(g, body));
    } catch (e) {
      throw new Error(`FEN "${fen}": bad square "${token}": ${(e as Error).message}`);
    }
  }
  for (const s of squares) {
    const { r, c } = coordsOf(g, s);
    if (cells[r][c] !== null) throw new Error(`FEN "${fen}": two pieces on square ${s}`);
    if (!king && r === promotionRow(g, color)) {
      throw new Error(`FEN "${fen}": a ${color === 'W' ? 'white' : 'black'} man on its promotion row (square ${s})`);
    }
    cells[r][c] = { color, king };
  }
}

function writeList(p: Position, color: Color): string {
  const g = p.geometry;
  const parts: string[] = [];
  let s = 1;
  while (s <= g.squareCount) {
    const { r, c } = coordsOf(g, s);
    const piece = p.cells[r][c];
    if (piece === null || piece.color !== color) {
      s++;
      continue;
    }
    if (piece.king) {
      parts.push(`K${s}`);
      s++;
      continue;
    }
    // A run of consecutive men of this colour.
    let end = s;
    while (end + 1 <= g.squareCount) {
      const q = coordsOf(g, end + 1);
      const next = p.cells[q.r][q.c];
      if (next === null || next.color !== color || next.king) break;
      end++;
    }
    parts.push(end > s ? `${s}-${end}` : `${s}`);
    s = end + 1;
  }
  return color + parts.join(',');
}

export function writeFen(p: Position): string {
  const k = p.kingMoves;
  const field = k !== undefined && (k.W.count > 0 || k.B.count > 0)
    ? `:+${k.B.count}${k.B.count > 0 ? k.B.square : ''}+${k.W.count}${k.W.count > 0 ? k.W.square : ''}`
    : '';
  return `${p.sideToMove}:${writeList(p, 'W')}:${writeList(p, 'B')}${field}`;
}
