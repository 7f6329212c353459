// Shared helpers for the hand-made rule tests: square names derived independently of the
// binding (straight from RULES.md section 2), and move sets written as short, order-free
// strings so a failing test shows a readable diff.
//
// Move key format (one string per move):
//   quiet move    "c3-d4"           or "22-18"
//   capture       "d4xb6 [c5]"      or "30x14 [18,26]"   (captured squares, ascending by number)
//   promotion     "... =K"          (the move ends with the man crowned)
// English, international and the further variants' keys use square numbers (their custom,
// and the hand reasoning's); the other variants and turkish use algebraic names, easier to
// check against a board diagram.

import assert from 'node:assert/strict';

import type { Move, Position, VariantName } from '../../bindings/index.js';

interface Geometry {
  readonly size: number;
  /** Italian and spanish: the bottom-right corner is playable, (r + c) even. */
  readonly mirrored: boolean;
  /** Turkish: every square is playable, numbered 1 … 64 row by row from the top (RULES-more-variants.md 4). */
  readonly allSquares: boolean;
}

function geometry(variant: VariantName): Geometry {
  return {
    // The 10×10 variants (RULES-more-variants.md 5, 6, 7 and 9), canadian's 12×12 (8); every other one is 8×8.
    size: variant === 'canadian' ? 12 : ['international', 'killer', 'antidraughts', 'breakthrough', 'frisian', 'frysk'].includes(variant) ? 10 : 8,
    mirrored: variant === 'italian' || variant === 'spanish',
    allSquares: variant === 'turkish',
  };
}

/** Row and column (as White sees the board, row 0 at the top) of square number `n`. */
export function coords(variant: VariantName, n: number): { r: number; c: number } {
  const { size, mirrored, allSquares } = geometry(variant);
  if (allSquares) return { r: Math.floor((n - 1) / size), c: (n - 1) % size };
  const half = size / 2;
  const r = Math.floor((n - 1) / half);
  const k = (n - 1) % half;
  // Playable: (r + c) odd on standard boards, even on mirrored ones.
  const c = mirrored ? 2 * k + (r % 2) : 2 * k + ((r + 1) % 2);
  return { r, c };
}

/** Square number at row r, column c, or undefined when off the board or a light square. */
export function squareAt(variant: VariantName, r: number, c: number): number | undefined {
  const { size, mirrored, allSquares } = geometry(variant);
  if (r < 0 || c < 0 || r >= size || c >= size) return undefined;
  if (allSquares) return r * size + c + 1;
  if ((r + c) % 2 !== (mirrored ? 0 : 1)) return undefined;
  return r * (size / 2) + Math.floor(c / 2) + 1;
}

/** Square number of an algebraic name ("c3": file c = column 2, rank 3 = row N − 3) or a number. */
export function sq(variant: VariantName, name: string | number): number {
  if (typeof name === 'number') return name;
  if (/^\d+$/.test(name)) return Number(name);
  const { size } = geometry(variant);
  const m = /^([a-l])(\d{1,2})$/.exec(name);
  if (!m) throw new Error(`test bug: bad square name ${name}`);
  const s = squareAt(variant, size - Number(m[2]), m[1]!.charCodeAt(0) - 97);
  if (s === undefined) throw new Error(`test bug: ${name} is not a playable square of ${variant}`);
  return s;
}

/** Algebraic name of square `n`. */
export function nameOf(variant: VariantName, n: number): string {
  const { size } = geometry(variant);
  const { r, c } = coords(variant, n);
  return String.fromCharCode(97 + c) + String(size - r);
}

function numeric(variant: VariantName): boolean {
  return variant !== 'italian' && variant !== 'spanish' && variant !== 'brazilian' && variant !== 'russian' && variant !== 'czech' && variant !== 'turkish';
}

function show(variant: VariantName, n: number): string {
  return numeric(variant) ? String(n) : nameOf(variant, n);
}

/** The canonical key of a move (see the header). */
export function key(variant: VariantName, from: number, to: number, captured: readonly number[], promotes: boolean): string {
  const caps = [...captured].sort((a, b) => a - b);
  let text = caps.length === 0
    ? `${show(variant, from)}-${show(variant, to)}`
    : `${show(variant, from)}x${show(variant, to)} [${caps.map((s) => show(variant, s)).join(',')}]`;
  if (promotes) text += ' =K';
  return text;
}

/** Normalises a hand-written key: names or numbers, captured squares in any order. */
export function spec(variant: VariantName, text: string): string {
  const m = /^\s*([a-l]?\d+)\s*([-x])\s*([a-l]?\d+)\s*(?:\[([^\]]*)\])?\s*(=K)?\s*$/.exec(text);
  if (!m) throw new Error(`test bug: bad move spec ${JSON.stringify(text)}`);
  const captured = m[4] ? m[4].split(',').map((s) => sq(variant, s.trim())) : [];
  if ((m[2] === 'x') !== captured.length > 0) throw new Error(`test bug: capture spec without captured squares: ${text}`);
  return key(variant, sq(variant, m[1]!), sq(variant, m[3]!), captured, m[5] !== undefined);
}

export function moveKey(variant: VariantName, m: Move): string {
  return key(variant, m.from, m.to, m.captured, m.promotes);
}

/** Sorted keys of a position's legal moves. */
export function keysOf(p: Position): string[] {
  return p.legalMoves().map((m) => moveKey(p.variant, m)).sort();
}

/** Asserts that the legal moves of `p` are exactly `expected` (hand-written keys). */
export function assertMoves(p: Position, expected: readonly string[], message?: string): void {
  const want = expected.map((e) => spec(p.variant, e)).sort();
  assert.equal(new Set(want).size, want.length, `test bug: duplicate expectation in ${JSON.stringify(expected)}`);
  const got = keysOf(p);
  assert.deepEqual(got, want, `${p.variant} ${p.toFen()}${p.optionalCapture ? ' (optional capture)' : ''}${message ? `: ${message}` : ''}`);
}
