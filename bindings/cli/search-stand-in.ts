// TEMPORARY STAND-IN, NOT THE SEARCH. A minimal synchronous `Searcher` with the signatures of
// SEARCH-CONTRACT.md section 2, so the search/play/analyse commands can be written and tested
// before bindings/search/ (branch search-binding) lands on main. It is a plain material-only
// alpha-beta over Position; it is deleted, and the commands import bindings/search/ instead,
// as soon as the real one is merged.

import type { Move } from "../core/notation.js";
import { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { Game } from "../game/game.js";

export type Level = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const LEVELS: ReadonlyArray<{ readonly level: Level; readonly name: string }> = [
  { level: 1, name: "beginner" }, { level: 2, name: "novice" }, { level: 3, name: "casual" }, { level: 4, name: "club" },
  { level: 5, name: "strong club" }, { level: 6, name: "expert" }, { level: 7, name: "full strength" },
];
export const WIN_SCORE = 30000;

export interface Clock { wtime: number; btime: number; winc?: number; binc?: number; movestogo?: number }
export interface SearchLimits {
  depth?: number; nodes?: number; movetime?: number; clock?: Clock;
  level?: Level; multipv?: number; seed?: number; disable?: number;
}
export interface SearchInfo {
  depth: number; seldepth: number; score: number; win: number | null;
  nodes: number; nps: number; hashfull: number; ms: number; pv: string[]; multipv: number;
}
export interface SearchResult {
  bestmove: string; ponder?: string; move: Move;
  score: number; win: number | null; depth: number; seldepth: number; nodes: number; ms: number;
  pv: string[]; lines: SearchInfo[];
}
export interface SearchRequest { variant: VariantName; optionalCapture?: boolean; fen: string; moves?: string[] }
export type SearchInput = Position | Game | SearchRequest;

interface Line { score: number; moves: Move[] }

export class Searcher {
  #stopped = false;
  #nodes = 0;
  #deadline = Infinity;
  #budget = Infinity;

  constructor(_options: { hash?: number } = {}) {}

  stop(): void {
    this.#stopped = true;
  }

  newGame(): void {}

  search(input: SearchInput, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): SearchResult {
    const root = rootOf(input);
    const rootMoves = root.legalMoves();
    if (rootMoves.length === 0) throw new Error("stand-in: the side to move has no legal move");
    const start = performance.now();
    this.#stopped = false;
    this.#nodes = 0;
    this.#deadline = limits.movetime !== undefined ? start + limits.movetime : Infinity;
    this.#budget = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : Infinity;
    const maxDepth = limits.depth ?? (limits.level !== undefined ? limits.level : limits.movetime !== undefined || limits.nodes !== undefined ? 64 : 4);
    const multipv = Math.min(limits.multipv ?? 1, rootMoves.length);
    let best: Array<Line & { depth: number }> = [];
    for (let depth = 1; depth <= maxDepth; depth++) {
      const lines: Line[] = [];
      for (const move of rootMoves) {
        const below = this.#negamax(root.play(move), depth - 1, -WIN_SCORE - 1, WIN_SCORE + 1, 1);
        if (below === undefined) break;
        lines.push({ score: -below.score, moves: [move, ...below.moves] });
      }
      if (lines.length < rootMoves.length) break;
      lines.sort((a, b) => b.score - a.score);
      best = lines.map((l) => ({ ...l, depth }));
      const ms = performance.now() - start;
      for (let i = 0; i < multipv; i++) onInfo?.(this.#info(best[i]!, i + 1, ms));
      if (this.#stopped || Math.abs(best[0]!.score) > WIN_SCORE - 100) break;
    }
    if (best.length === 0) best = [{ score: 0, moves: [rootMoves[0]!], depth: 0 }];
    const ms = performance.now() - start;
    const lines = best.slice(0, multipv).map((l, i) => this.#info(l, i + 1, ms));
    const top = best[0]!;
    return {
      bestmove: top.moves[0]!.notation, ...(top.moves[1] !== undefined && { ponder: top.moves[1].notation }), move: top.moves[0]!,
      score: top.score, win: winOf(top.score), depth: top.depth, seldepth: top.depth, nodes: this.#nodes, ms: Math.round(ms),
      pv: lines[0]!.pv, lines,
    };
  }

  #info(line: Line & { depth: number }, multipv: number, ms: number): SearchInfo {
    return {
      depth: line.depth, seldepth: line.depth, score: line.score, win: winOf(line.score), nodes: this.#nodes,
      nps: ms > 0 ? Math.round((this.#nodes * 1000) / ms) : 0, hashfull: 0, ms: Math.round(ms), pv: line.moves.map((m) => m.notation), multipv,
    };
  }

  #negamax(position: Position, depth: number, alpha: number, beta: number, ply: number): Line | undefined {
    this.#nodes++;
    if (this.#nodes >= this.#budget || ((this.#nodes & 255) === 0 && performance.now() > this.#deadline)) return undefined;
    const moves = position.legalMoves();
    if (moves.length === 0) return { score: -(WIN_SCORE - ply), moves: [] };
    if (depth <= 0 && !moves[0]!.isCapture) return { score: material(position), moves: [] };
    let best: Line = { score: -WIN_SCORE - 1, moves: [] };
    for (const move of moves) {
      const below = this.#negamax(position.play(move), depth - 1, -beta, -alpha, ply + 1);
      if (below === undefined) return undefined;
      if (-below.score > best.score) best = { score: -below.score, moves: [move, ...below.moves] };
      if (best.score > alpha) alpha = best.score;
      if (alpha >= beta) break;
    }
    return best;
  }
}

function winOf(score: number): number | null {
  if (score > WIN_SCORE - 1000) return WIN_SCORE - score;
  if (score < -(WIN_SCORE - 1000)) return -(WIN_SCORE + score);
  return null;
}

function material(position: Position): number {
  let score = 0;
  for (const { piece } of position.pieces()) score += (piece.role === "king" ? 300 : 100) * (piece.color === position.turn ? 1 : -1);
  return score;
}

function rootOf(input: SearchInput): Position {
  if (input instanceof Position) return input;
  if (input instanceof Game) return input.position;
  let position = Position.fromFen(input.variant, input.fen, { optionalCapture: input.optionalCapture ?? false });
  for (const move of input.moves ?? []) position = position.play(move);
  return position;
}
