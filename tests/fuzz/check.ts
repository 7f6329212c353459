// The differential check of one position: the engine (bindings + wasm core) against the
// oracle (tests/oracle), on everything issue 3 lists:
//
//   - the full legal move set: origin, destination, captured set, promotion (RULES.md 4.2),
//     and that each listed path is a route the rules allow for that move;
//   - perft in both conventions ('keep' routes and 'drop' moves) to depth 1 always and to
//     depth 2 or 3 within a work budget (the oracle is the slow side);
//   - the position after every legal move (FEN);
//   - the core's search state: its move list, make of every move with the incrementally kept
//     Zobrist key against the key recomputed from scratch and the key of the same position
//     loaded afresh, and unmake back to the bit-identical position and key.
//
// Any disagreement throws a Mismatch carrying the one-line reproducer.

import { Engine, Position, variantInfo } from '../../bindings/index.js';
import type { Move, VariantName } from '../../bindings/index.js';
import { RawBoard, RawMove } from '../../bindings/core/raw.js';
import { coreVariantId } from '../../bindings/core/variant.js';
import { Position as OraclePosition, coordsOf } from '../oracle/board.js';
import { OracleMove, VariantRules, legalRoutes, parseFen, playMove, rulesOf, writeFen } from '../oracle/index.js';
import { allCaptureRoutes, applyPrecedence } from '../oracle/rules.js';
import { CheckName, Mismatch, listLabel, moveLabel } from './mismatch.js';


export interface Budget {
  /** Oracle perft to depth 3 when the engine's depth-2 count is at most this (0: never). */
  readonly depth3: number;
  /** Otherwise to depth 2 when the position has at most this many moves (0: never). */
  readonly depth2: number;
}

export interface Stats {
  positions: number;
  moves: number;
  children: number;
  perft2: number;
  perft3: number;
  makeUnmake: number;
  // How often the rules that differ between variants decided something (coverage):
  /** Positions with a capture. */
  captures: number;
  /** Positions where the precedence rules (RULES.md 4.1) ruled out some complete capture. */
  precedence: number;
  /** Positions with a move of several routes ('keep' count above 'drop'). */
  routes: number;
  /** Positions with a legal capture of four pieces or more. */
  long: number;
  /** Positions with a legal capture where a man reaches the far row and captures on. */
  crowning: number;
  /** Positions with a legal capture that ends where it started. */
  loop: number;
}

export function emptyStats(): Stats {
  return { positions: 0, moves: 0, children: 0, perft2: 0, perft3: 0, makeUnmake: 0, captures: 0, precedence: 0, routes: 0, long: 0, crowning: 0, loop: 0 };
}

export function addStats(into: Stats, from: Stats): void {
  for (const k of Object.keys(into) as (keyof Stats)[]) into[k] += from[k];
}

/** Everything the checks need: the variant, the rule option and two independent cores. */
export class Checker {
  readonly variant: VariantName;
  readonly optionalCapture: boolean;
  readonly rules: VariantRules;
  /** The core behind the Position objects. */
  readonly engine: Engine;
  /** A second core whose search state (make/unmake) follows the positions checked. */
  readonly state: Engine;
  readonly id: number;
  readonly squareCount: number;
  readonly stats: Stats = emptyStats();
  /** The position being checked, for reports of a crash. */
  current = '?';

  constructor(variant: VariantName, optionalCapture: boolean, engine: Engine, state: Engine) {
    this.variant = variant;
    this.optionalCapture = optionalCapture;
    this.rules = rulesOf(variant);
    this.engine = engine;
    this.state = state;
    this.id = coreVariantId(variantInfo(variant), optionalCapture);
    this.squareCount = this.rules.geometry.squareCount;
  }

  fail(check: CheckName, fen: string, engine: string, oracle: string, detail?: string): never {
    throw new Mismatch({ check, variant: this.variant, optionalCapture: this.optionalCapture, fen, engine, oracle, detail });
  }

  /** The engine's Position for a FEN; a refusal of a legal set-up is a mismatch. */
  enginePosition(fen: string): Position {
    try {
      return Position.fromFen(this.variant, fen, { optionalCapture: this.optionalCapture, engine: this.engine });
    } catch (e) {
      this.fail('setup', fen, `refused: ${(e as Error).message}`, 'a legal set-up');
    }
  }

  /** Piece codes by square (1-based), as the core writes them, of an oracle position. */
  codesOf(pos: OraclePosition): Uint8Array {
    const codes = new Uint8Array(this.squareCount + 1);
    const g = pos.geometry;
    for (let s = 1; s <= g.squareCount; s++) {
      const { r, c } = coordsOf(g, s);
      const p = pos.cells[r][c];
      if (p) codes[s] = p.color === 'W' ? (p.king ? 2 : 1) : p.king ? 4 : 3;
    }
    return codes;
  }

  /** An oracle position as the core reads it: piece codes and (frisian) the king streaks. */
  rawOf(pos: OraclePosition): RawBoard {
    const board = { whiteToMove: pos.sideToMove === 'W', squares: this.codesOf(pos) };
    const k = pos.kingMoves;
    return k === undefined ? board : { ...board, streaks: [k.W.count, k.W.square, k.B.count, k.B.square] };
  }

  /** Whether the core's board carries the oracle position's king streaks (none outside frisian). */
  sameStreaks(board: RawBoard, pos: OraclePosition): boolean {
    const want = this.rawOf(pos).streaks ?? [0, 0, 0, 0];
    return (board.streaks ?? [0, 0, 0, 0]).every((b, i) => b === want[i]);
  }

  /** A raw board as text, for messages: `W:` then the codes of squares 1 … n. */
  boardText(board: RawBoard): string {
    return `${board.whiteToMove ? 'W' : 'B'}:${Array.from(board.squares.subarray(1, this.squareCount + 1)).join('')}`;
  }

  /** The oracle's view of a raw board, as a FEN. */
  rawFen(board: RawBoard): string {
    const list = (man: number, king: number): string => {
      const out: string[] = [];
      for (let s = 1; s <= this.squareCount; s++) {
        if (board.squares[s] === man) out.push(String(s));
        else if (board.squares[s] === king) out.push(`K${s}`);
      }
      return out.join(',');
    };
    return `${board.whiteToMove ? 'W' : 'B'}:W${list(1, 2)}:B${list(3, 4)}`;
  }

  sameBoard(board: RawBoard, whiteToMove: boolean, codes: Uint8Array): boolean {
    if (board.whiteToMove !== whiteToMove) return false;
    for (let s = 1; s <= this.squareCount; s++) if ((board.squares[s] ?? 0) !== codes[s]) return false;
    // Nothing beyond the board either.
    for (let s = this.squareCount + 1; s < board.squares.length; s++) if (board.squares[s] !== 0) return false;
    return true;
  }
}

export function keyOfMove(m: { from: number; to: number; captured: readonly number[] }): string {
  return `${m.from}-${m.to}x${m.captured.join(',')}`;
}

/** The oracle's legal moves of a position with, for each, how many routes ('keep') it has. */
export interface OracleNode {
  readonly pos: OraclePosition;
  readonly fen: string;
  /** One representative per move (origin, destination, captured set), by move key. */
  readonly moves: Map<string, OracleMove>;
  readonly routeCount: Map<string, number>;
  readonly routes: OracleMove[];
}

export function oracleNode(ch: Checker, pos: OraclePosition): OracleNode {
  const routes = legalRoutes(ch.rules, pos, { optionalCapture: ch.optionalCapture });
  const moves = new Map<string, OracleMove>();
  const routeCount = new Map<string, number>();
  for (const r of routes) {
    const k = keyOfMove(r);
    if (!moves.has(k)) moves.set(k, r);
    routeCount.set(k, (routeCount.get(k) ?? 0) + 1);
  }
  return { pos, fen: writeFen(pos), moves, routeCount, routes };
}

/** Oracle perft in both conventions in one walk: keep = Σ routes(m)·keep(child), drop = Σ drop(child). */
export function oraclePerftBoth(ch: Checker, node: OracleNode, depth: number): { keep: bigint; drop: bigint } {
  if (depth === 0) return { keep: 1n, drop: 1n };
  if (depth === 1) return { keep: BigInt(node.routes.length), drop: BigInt(node.moves.size) };
  let keep = 0n;
  let drop = 0n;
  for (const [k, m] of node.moves) {
    const child = oracleNode(ch, playMove(node.pos, m));
    const below = oraclePerftBoth(ch, child, depth - 1);
    keep += BigInt(node.routeCount.get(k) ?? 0) * below.keep;
    drop += below.drop;
  }
  return { keep, drop };
}

/** What the check of one position leaves for the caller (a playout picks its next move here). */
export interface CheckedPosition {
  readonly engine: Position;
  readonly moves: readonly Move[];
  readonly oracle: OracleNode;
  /** For each engine move, by move key: the child's FEN (canonical, as the engine writes it). */
  readonly childFen: Map<string, string>;
  /** The search state's move list, in core order (stateMake takes these indices). */
  readonly stateMoves: readonly RawMove[];
}

export interface CheckOptions {
  /** The search state already holds this position (a playout); otherwise it is loaded. */
  readonly stateLoaded?: boolean;
  /** Perft budget; default: depth 1 only. */
  readonly budget?: Budget;
}

function engineMoveLabels(moves: readonly { from: number; to: number; captured: readonly number[]; promotes: boolean }[]): string {
  return listLabel(moves.map((m) => moveLabel(m)));
}

function oracleMoveLabels(node: OracleNode): string {
  return listLabel([...node.moves.values()].map((m) => moveLabel(m)));
}

/**
 * Canonical FEN of a FEN the engine wrote, through the oracle's reader and writer; one the
 * oracle cannot read (a man on its own promotion row, say) compares unequal to everything.
 */
function canonical(variant: string, fen: string): string {
  try {
    return writeFen(parseFen(variant, fen));
  } catch (e) {
    return `unreadable: ${(e as Error).message}`;
  }
}

/** Checks one position in every way listed at the top of this file. */
export function checkPosition(ch: Checker, fen: string, options: CheckOptions = {}): CheckedPosition {
  ch.current = fen;
  const opos = parseFen(ch.variant, fen);
  const oracle = oracleNode(ch, opos);
  const epos = ch.enginePosition(fen);
  const codes = ch.codesOf(opos);
  const whiteToMove = opos.sideToMove === 'W';
  ch.stats.positions++;

  // The engine reads the set-up as the oracle does, and writes it back canonically.
  const efen = epos.toFen();
  if (canonical(ch.variant, efen) !== oracle.fen) ch.fail('setup', fen, efen, oracle.fen, 'FEN read back');

  // 1. The legal move sets, RULES.md 3, 4 and 4.2.
  const moves = epos.legalMoves();
  const engineKeys = new Map<string, Move>();
  for (const m of moves) {
    const k = keyOfMove(m);
    if (engineKeys.has(k)) ch.fail('duplicates', fen, engineMoveLabels(moves), oracleMoveLabels(oracle), `${moveLabel(m)} listed twice`);
    engineKeys.set(k, m);
  }
  let same = engineKeys.size === oracle.moves.size;
  if (same) {
    for (const [k, m] of engineKeys) {
      const o = oracle.moves.get(k);
      if (!o || o.promotes !== m.promotes || m.isCapture !== m.captured.length > 0) {
        same = false;
        break;
      }
    }
  }
  if (!same) {
    const eOnly = moves.filter((m) => { const o = oracle.moves.get(keyOfMove(m)); return !o || o.promotes !== m.promotes; }).map((m) => moveLabel(m));
    const oOnly = [...oracle.moves.values()].filter((o) => { const m = engineKeys.get(keyOfMove(o)); return !m || o.promotes !== m.promotes; }).map((m) => moveLabel(m));
    ch.fail('moves', fen, engineMoveLabels(moves), oracleMoveLabels(oracle), `engine only: ${eOnly.join(' ') || '-'}; oracle only: ${oOnly.join(' ') || '-'}`);
  }
  ch.stats.moves += moves.length;

  // 2. Every path is one of the routes the rules allow for its move (the path must survive
  //    the precedence rules, RULES.md 4.2: italian's earliest-king rule depends on the order).
  if (moves.some((m) => m.isCapture)) {
    const all = allCaptureRoutes(ch.rules, opos);
    const legal = applyPrecedence(ch.rules, all);
    const far = opos.sideToMove === 'W' ? 0 : opos.geometry.size - 1;
    ch.stats.captures++;
    if (legal.length < all.length) ch.stats.precedence++;
    if (oracle.routes.length > oracle.moves.size) ch.stats.routes++;
    if (legal.some((r) => r.jumps.length >= 4)) ch.stats.long++;
    if (legal.some((r) => r.from === r.jumps[r.jumps.length - 1].landing)) ch.stats.loop++;
    if (legal.some((r) => !r.byKing && r.jumps.slice(0, -1).some((j) => coordsOf(opos.geometry, j.landing).r === far))) ch.stats.crowning++;
    const legalPaths = new Set(legal.map((r) => [r.from, ...r.jumps.map((j) => j.landing)].join('x')));
    for (const m of moves) {
      if (!m.isCapture) continue;
      const ok = m.path.length === m.captured.length + 1 && m.path[0] === m.from && m.path[m.path.length - 1] === m.to && legalPaths.has(m.path.join('x'));
      if (!ok) {
        const routes = [...oracle.routes].filter((r) => keyOfMove(r) === keyOfMove(m)).map((r) => moveLabel(r, true));
        ch.fail('path', fen, moveLabel(m, true), listLabel(routes), `path ${m.path.join('x')} of ${moveLabel(m)} is not a legal route`);
      }
    }
  }

  // 3. Notation: each move's own text reads back to that move.
  for (const m of moves) {
    let back: Move | undefined;
    let error = '';
    try {
      back = epos.parseMove(m.notation);
    } catch (e) {
      error = `${(e as Error).name}: ${(e as Error).message}`;
    }
    if (!back || keyOfMove(back) !== keyOfMove(m)) {
      ch.fail('notation', fen, `${m.notation} -> ${back ? moveLabel(back) : error}`, moveLabel(m), 'a move\'s notation must name it');
    }
  }

  // 4. Perft to depth 1 in both conventions (the core counts the last ply its own way).
  const keep1 = epos.perft(1, { duplicates: 'keep' });
  const drop1 = epos.perft(1, { duplicates: 'drop' });
  if (keep1 !== BigInt(oracle.routes.length) || drop1 !== BigInt(oracle.moves.size)) {
    ch.fail('perft', fen, `depth 1 keep=${keep1} drop=${drop1}`, `keep=${oracle.routes.length} drop=${oracle.moves.size} routes=${listLabel(oracle.routes.map((r) => moveLabel(r, true)))}`, `engine moves ${engineMoveLabels(moves)}`);
  }

  // 5. The search state: load (or check the state the caller walked here), list, make each
  //    move, compare board and keys, unmake.
  const st = ch.state;
  if (!options.stateLoaded) st.stateLoad(ch.id, ch.rawOf(opos));
  const board0 = st.stateBoard(ch.id);
  const key0 = st.stateKey();
  const scratch0 = epos.key();
  if (!ch.sameBoard(board0, whiteToMove, codes)) ch.fail('state', fen, ch.rawFen(board0), oracle.fen, 'search state board');
  if (!ch.sameStreaks(board0, opos)) ch.fail('state', fen, `streaks ${board0.streaks}`, oracle.fen, 'search state king streaks');
  if (key0 !== st.stateKeyRecomputed(ch.id) || key0 !== scratch0) {
    ch.fail('key', fen, `incremental=${key0.toString(16)} recomputed=${st.stateKeyRecomputed(ch.id).toString(16)}`, `position key=${scratch0.toString(16)}`, 'key of the search state');
  }
  const stateMoves = st.stateMoves(ch.id);
  const stateKeys = new Map<string, number>();
  stateMoves.forEach((m, i) => stateKeys.set(keyOfMove(m), i));
  if (stateKeys.size !== stateMoves.length || stateKeys.size !== engineKeys.size || stateMoves.some((m) => engineKeys.get(keyOfMove(m))?.promotes !== m.promotes)) {
    ch.fail('state', fen, `stateMoves=${engineMoveLabels(stateMoves)}`, `${oracleMoveLabels(oracle)}`, `legalMoves=${engineMoveLabels(moves)}`);
  }

  // 6. Every move: the position after it (engine Position.play vs oracle), the search state
  //    after make (board, incremental key vs recomputed vs fresh), and unmake.
  const childFen = new Map<string, string>();
  for (const m of moves) {
    const k = keyOfMove(m);
    const om = oracle.moves.get(k)!;
    const opChild = playMove(opos, om);
    const oChildFen = writeFen(opChild);
    const eChild = epos.play(m);
    const eChildFen = eChild.toFen();
    if (canonical(ch.variant, eChildFen) !== oChildFen) ch.fail('fen', fen, `${moveLabel(m)} -> ${eChildFen}`, `${moveLabel(om)} -> ${oChildFen}`);
    childFen.set(k, eChildFen);
    ch.stats.children++;

    const i = stateKeys.get(k)!;
    st.stateMake(ch.id, i);
    const after = st.stateBoard(ch.id);
    const childCodes = ch.codesOf(opChild);
    if (!ch.sameBoard(after, !whiteToMove, childCodes)) {
      ch.fail('state', fen, `make ${moveLabel(stateMoves[i])} -> ${ch.rawFen(after)}`, `${moveLabel(om)} -> ${oChildFen}`);
    }
    if (!ch.sameStreaks(after, opChild)) {
      ch.fail('state', fen, `make ${moveLabel(stateMoves[i])} -> streaks ${after.streaks}`, `${moveLabel(om)} -> ${oChildFen}`, 'king streaks after make');
    }
    const incremental = st.stateKey();
    const recomputed = st.stateKeyRecomputed(ch.id);
    const fresh = eChild.key();
    if (incremental !== recomputed || incremental !== fresh) {
      ch.fail('key', fen, `after ${moveLabel(m)}: incremental=${incremental.toString(16)} recomputed=${recomputed.toString(16)} fresh=${fresh.toString(16)}`, oChildFen, 'incremental key after make');
    }
    if (!st.stateUnmake(ch.id)) ch.fail('unmake', fen, `unmake after ${moveLabel(m)} returned false`, 'true');
    const back = st.stateBoard(ch.id);
    const backKey = st.stateKey();
    if (!ch.sameBoard(back, whiteToMove, codes) || backKey !== key0) {
      ch.fail('unmake', fen, `after make/unmake of ${moveLabel(m)}: ${ch.rawFen(back)} key=${backKey.toString(16)}`, `${oracle.fen} key=${key0.toString(16)}`);
    }
    ch.stats.makeUnmake++;
  }

  // 7. Deeper perft within the budget, both conventions; a difference is traced down the tree
  //    to the position where it starts.
  const budget = options.budget;
  if (budget && moves.length > 0) {
    let depth = 1;
    if (budget.depth3 > 0 && epos.perft(2, { duplicates: 'drop' }) <= BigInt(budget.depth3)) depth = 3;
    else if (budget.depth2 > 0 && moves.length <= budget.depth2) depth = 2;
    if (depth > 1) {
      comparePerft(ch, oracle, epos, depth);
      if (depth === 3) ch.stats.perft3++;
      else ch.stats.perft2++;
    }
  }

  return { engine: epos, moves, oracle, childFen, stateMoves };
}

/** Compares perft at `depth` in both conventions; on a difference, finds where it starts. */
export function comparePerft(ch: Checker, node: OracleNode, epos: Position, depth: number): void {
  const expected = oraclePerftBoth(ch, node, depth);
  for (const duplicates of ['keep', 'drop'] as const) {
    const got = epos.perft(depth, { duplicates });
    if (got !== expected[duplicates]) tracePerft(ch, node, epos, depth, duplicates, got, expected[duplicates]);
  }
}

function tracePerft(ch: Checker, node: OracleNode, epos: Position, depth: number, duplicates: 'keep' | 'drop', got: bigint, want: bigint): never {
  // A child whose own count differs explains it: check that child thoroughly (its move list
  // may already differ) and go on down.
  for (const m of node.moves.values()) {
    const childPos = playMove(node.pos, m);
    const childFen = writeFen(childPos);
    const child = oracleNode(ch, childPos);
    const eChild = ch.enginePosition(childFen);
    const want1 = oraclePerftBoth(ch, child, depth - 1)[duplicates];
    const got1 = eChild.perft(depth - 1, { duplicates });
    if (want1 !== got1) {
      checkPosition(ch, childFen); // throws when the child's moves, paths or depth-1 counts differ
      tracePerft(ch, child, eChild, depth - 1, duplicates, got1, want1);
    }
  }
  // Every child agrees, so the engine's count at this node disagrees with its own subtrees.
  ch.fail('perft', node.fen, `perft(${depth}, ${duplicates})=${got}`, `${want}`, `every child agrees; moves ${oracleMoveLabels(node)}`);
}
