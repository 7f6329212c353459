// Random legal set-ups for the differential fuzzer (issue 3, part 2): 1–12 (8×8) or 1–20
// (10×10) pieces a side, men and kings, men never on their own promotion row, either side to
// move. The mix is weighted towards kings and dense captures, where the variants' rules
// differ most: long multi-jumps, flying-king landing choices, promotion during a capture.

import { Color, Piece, Position, emptyCells } from '../oracle/board.js';
import { rulesOf, writeFen } from '../oracle/index.js';
import { Rng } from './prng.js';

export type PositionKind = 'uniform' | 'kings' | 'few' | 'lattice' | 'crowning' | 'mixed-lattice';

export const POSITION_KINDS: readonly (readonly [PositionKind, number])[] = [
  ['uniform', 15],
  ['kings', 20],
  ['few', 15],
  ['lattice', 25],
  ['mixed-lattice', 10],
  ['crowning', 15],
];

export interface RandomPosition {
  readonly fen: string;
  readonly kind: PositionKind;
}

interface Board {
  readonly size: number;
  readonly squareCount: number;
  readonly coords: readonly { r: number; c: number }[];
  readonly cells: (Piece | null)[][];
  readonly count: Record<Color, number>;
  readonly max: number;
}

function other(color: Color): Color {
  return color === 'W' ? 'B' : 'W';
}

function promotionRow(size: number, color: Color): number {
  return color === 'W' ? 0 : size - 1;
}

/**
 * Puts a piece on an empty square if the side has room for it. A man drawn on its own
 * promotion row is made a king instead (that also tilts the mix towards kings).
 */
function place(board: Board, square: number, color: Color, king: boolean): boolean {
  if (board.count[color] >= board.max) return false;
  const { r, c } = board.coords[square];
  if (board.cells[r][c] !== null) return false;
  const crowned = king || r === promotionRow(board.size, color);
  board.cells[r][c] = { color, king: crowned };
  board.count[color]++;
  return true;
}

function emptySquares(board: Board, filter: (r: number, c: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let s = 1; s <= board.squareCount; s++) {
    const { r, c } = board.coords[s];
    if (board.cells[r][c] === null && filter(r, c)) out.push(s);
  }
  return out;
}

/** Scatters `n` pieces of `color` over the empty squares that pass `filter`. */
function scatter(rng: Rng, board: Board, color: Color, n: number, kingChance: number, filter?: (r: number, c: number) => boolean): void {
  const squares = rng.shuffle(emptySquares(board, filter));
  let placed = 0;
  for (const s of squares) {
    if (placed >= n) break;
    if (place(board, s, color, rng.chance(kingChance))) placed++;
  }
}

/** A king share for the position: tilted towards kings, sometimes none or all. */
function kingShare(rng: Rng): number {
  return rng.weighted<number>([
    [0, 2],
    [0.15, 2],
    [0.35, 2],
    [0.6, 2],
    [0.85, 1],
    [1, 1],
  ]);
}

/**
 * Generates one random legal position of `variant`. Every side has at least one piece, at
 * most the number it starts with, and no man stands on its own promotion row.
 */
export function randomPosition(rng: Rng, variant: string, kind: PositionKind = rng.weighted(POSITION_KINDS)): RandomPosition {
  const rules = rulesOf(variant);
  const g = rules.geometry;
  const max = rules.menPerSide;
  const board: Board = {
    size: g.size,
    squareCount: g.squareCount,
    coords: g.coords,
    cells: emptyCells(g),
    count: { W: 0, B: 0 },
    max,
  };
  let toMove: Color = rng.chance(0.5) ? 'W' : 'B';

  switch (kind) {
    case 'uniform': {
      // Any number of pieces anywhere, any king share.
      const share = rng.float();
      scatter(rng, board, 'W', rng.range(1, max), share);
      scatter(rng, board, 'B', rng.range(1, max), share);
      break;
    }
    case 'kings': {
      // Mostly kings on a half-empty board: flying-king slides, landing choices, long routes.
      scatter(rng, board, 'W', rng.range(1, Math.ceil(max / 2)), rng.range(6, 10) / 10);
      scatter(rng, board, 'B', rng.range(1, Math.ceil(max / 2)), rng.range(6, 10) / 10);
      break;
    }
    case 'few': {
      // Endgames: one to four pieces a side.
      const share = kingShare(rng);
      scatter(rng, board, 'W', rng.range(1, 4), share);
      scatter(rng, board, 'B', rng.range(1, 4), share);
      break;
    }
    case 'lattice':
    case 'mixed-lattice': {
      // Dense captures: the side to move stands on rows of one parity and the enemy on rows of
      // the other, the rows in between mostly empty, so jumps chain in every direction. The
      // mixed form adds some pieces anywhere (blockers, pieces of both sides on both parities).
      const parity = rng.int(2);
      const enemy = other(toMove);
      const density = rng.range(3, 8) / 10;
      const targets = emptySquares(board, (r) => r % 2 !== parity).length;
      scatter(rng, board, enemy, Math.max(1, Math.round(targets * density)), kingShare(rng), (r) => r % 2 !== parity);
      scatter(rng, board, toMove, rng.range(1, 4), kingShare(rng), (r) => r % 2 === parity);
      if (kind === 'mixed-lattice') {
        scatter(rng, board, toMove, rng.range(0, 4), kingShare(rng));
        scatter(rng, board, enemy, rng.range(0, 3), kingShare(rng));
      }
      if (rng.chance(0.15)) toMove = enemy; // the other side to move, now and then
      break;
    }
    case 'crowning': {
      // Men two or three rows from their promotion row with enemy pieces in front of them:
      // promotion during a capture (ends the move, continues as a man or as a king).
      for (const color of ['W', 'B'] as const) {
        const far = promotionRow(g.size, color);
        const near = (r: number): boolean => Math.abs(r - far) >= 1 && Math.abs(r - far) <= 4;
        scatter(rng, board, color, rng.range(1, 4), 0, near);
        scatter(rng, board, other(color), rng.range(1, 5), kingShare(rng), (r) => Math.abs(r - far) >= 1 && Math.abs(r - far) <= 3);
      }
      break;
    }
  }
  // Both sides need at least one piece.
  for (const color of ['W', 'B'] as const) {
    if (board.count[color] === 0) scatter(rng, board, color, 1, kingShare(rng));
  }
  const pos: Position = { geometry: g, sideToMove: toMove, cells: board.cells };
  if (rules.kingMoveLimit) pos.kingMoves = { W: randomStreak(rng, board, 'W'), B: randomStreak(rng, board, 'B') };
  return { fen: writeFen(pos), kind };
}

/**
 * Frisian: a king streak for `color` (RULES-more-variants.md 5), half the time on one of its
 * kings, often at the limit of three, so that the limit and its exemptions are exercised.
 */
function randomStreak(rng: Rng, board: Board, color: Color): { count: number; square: number } {
  const kings: number[] = [];
  for (let s = 1; s <= board.squareCount; s++) {
    const { r, c } = board.coords[s];
    const p = board.cells[r][c];
    if (p !== null && p.color === color && p.king) kings.push(s);
  }
  if (kings.length === 0 || !rng.chance(0.5)) return { count: 0, square: 0 };
  return { count: rng.chance(0.5) ? 3 : rng.range(1, 2), square: rng.pick(kings) };
}
