// Oracle: public surface. A plain, independent reference implementation of RULES.md, used
// only by the tests to cross-check the bitboard engine. It shares no code with assembly/ or
// bindings/.

import { Position } from './board.js';
import { parseFen, writeFen } from './fen.js';
import {
  OracleMove,
  legalMoves,
  legalRoutes,
  playMove,
  rulesOf,
  startPosition,
} from './rules.js';

export type { OracleMove } from './rules.js';
export type { Position, Piece, Color, VariantName } from './board.js';
export { parseFen, writeFen } from './fen.js';
export { VARIANT_NAMES, algebraicName, squareFromAlgebraic, coordsOf, squareAt } from './board.js';
export { rulesOf, legalMoves, legalRoutes, playMove, startPosition } from './rules.js';
export type { VariantRules, GenerateOptions } from './rules.js';

export interface OracleMoveOptions {
  /** House rule: every non-capturing move is legal too (default false). */
  optionalCapture?: boolean;
}

export interface OraclePerftOptions extends OracleMoveOptions {
  /**
   * 'drop': count moves (origin, destination, captured set), RULES.md 4.2;
   * 'keep': count capture routes. Default: 'keep' for english, 'drop' otherwise.
   */
  duplicates?: 'keep' | 'drop';
}

/** The legal moves, one per (origin, destination, captured set), sorted. */
export function oracleMoves(variant: string, fen: string, opts: OracleMoveOptions = {}): OracleMove[] {
  const rules = rulesOf(variant);
  return legalMoves(rules, parseFen(variant, fen), opts);
}

/** Every legal capture route ("keep" convention), or the quiet moves when there is no capture. */
export function oracleRoutes(variant: string, fen: string, opts: OracleMoveOptions = {}): OracleMove[] {
  const rules = rulesOf(variant);
  return legalRoutes(rules, parseFen(variant, fen), opts);
}

export function oracleStartFen(variant: string): string {
  return writeFen(startPosition(rulesOf(variant)));
}

/** The FEN of the position after the move (which should be one of oracleMoves' results). */
export function oraclePlay(variant: string, fen: string, move: OracleMove): string {
  return writeFen(playMove(parseFen(variant, fen), move));
}

export function defaultDuplicates(variant: string): 'keep' | 'drop' {
  return rulesOf(variant).name === 'english' ? 'keep' : 'drop';
}

/** Number of leaf nodes of the legal-move tree of the given depth. */
export function oraclePerft(
  variant: string,
  fen: string | null,
  depth: number,
  opts: OraclePerftOptions = {},
): bigint {
  const rules = rulesOf(variant);
  const root = fen === null ? startPosition(rules) : parseFen(variant, fen);
  const duplicates = opts.duplicates ?? defaultDuplicates(variant);
  const generate = duplicates === 'keep' ? legalRoutes : legalMoves;
  const genOpts = { optionalCapture: opts.optionalCapture ?? false };

  function perft(pos: Position, d: number): bigint {
    if (d === 0) return 1n;
    const moves = generate(rules, pos, genOpts);
    if (d === 1) return BigInt(moves.length);
    let total = 0n;
    for (const m of moves) total += perft(playMove(pos, m), d - 1);
    return total;
  }

  if (!Number.isInteger(depth) || depth < 0) throw new Error(`bad perft depth ${depth}`);
  return perft(root, depth);
}
