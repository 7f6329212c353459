// The rapid-draughts package's alpha-beta computer (english only) as a match player.
//
// Its board: three 32-bit masks (light, dark, king); its 1-D square index is our square number
// minus one (index 0..11 hold Dark's men at the start, Dark moves first: Dark is our Black).
// Each move, the position is handed over fresh from our Game and its answer is matched to one of
// our legal moves by origin, destination and captured squares.
//
// Its engine keeps two counters and calls the game drawn after 40 plies without a capture;
// the rule book's english draw is 40 moves each (RULES.md 5). The counters are handed over at
// zero, so its search does not see that draw early, and our Game alone judges every draw.

import type { Game } from "../../bindings/game/game.js";
import type { Move } from "../../bindings/core/notation.js";
import type { Position } from "../../bindings/core/position.js";
import { DraughtsError } from "../../bindings/core/errors.js";
import type { Player, PlayerMove } from "./player.js";

// rapid-draughts' english.d.ts re-exports './english/index' without an extension, which NodeNext
// resolution cannot follow, so the few types used here are declared here.
export interface RapidMove {
  readonly origin: number;
  readonly destination: number;
  readonly captures: readonly number[];
}
interface RapidData {
  player: "light" | "dark";
  board: { light: number; dark: number; king: number };
  stats: { sinceCapture: number; sinceNonKingAdvance: number };
}
export interface RapidGame {
  readonly moves: RapidMove[];
  readonly player: "light" | "dark";
  readonly status: string;
  readonly board: ReadonlyArray<{ readonly position?: number; readonly piece?: unknown }>;
  move(move: RapidMove): void;
}
type RapidComputer = (game: RapidGame) => Promise<RapidMove>;
interface RapidEnglishModule {
  EnglishDraughts: { setup(data?: Partial<RapidData>): RapidGame };
  EnglishDraughtsComputerFactory: { alphaBeta(options: { maxDepth?: number; quiescence?: boolean }): RapidComputer; random(): RapidComputer };
}

const rapid = (await import("rapid-draughts/english")) as unknown as RapidEnglishModule;

/** The bit of each rapid-draughts 1-D square (index = our square - 1). */
const BIT_OF_INDEX: readonly number[] = (() => {
  // Ask the package itself, through its public board view: one piece on one bit at a time,
  // and where its 1-D board shows it (rather than copying its internal table).
  const bits: number[] = [];
  for (let bit = 0; bit < 32; bit++) {
    const mask = 2 ** bit;
    const board = rapid.EnglishDraughts.setup({ player: "dark", board: { light: mask, dark: 0, king: 0 }, stats: { sinceCapture: 0, sinceNonKingAdvance: 0 } }).board;
    const square = board.find((s) => s.piece !== undefined);
    if (square?.position !== undefined) bits[square.position] = mask;
  }
  if (bits.filter((b) => b !== undefined).length !== 32) throw new DraughtsError("rapid-draughts' board does not have 32 squares: has its layout changed?");
  return bits;
})();

/** A rapid-draughts game in the same position as `position` (english). */
export function rapidGameOf(position: Position): RapidGame {
  if (position.variant !== "english") throw new DraughtsError(`rapid-draughts plays english only, not ${position.variant}`);
  const board = { light: 0, dark: 0, king: 0 };
  for (const { square, piece } of position.pieces()) {
    const bit = BIT_OF_INDEX[square - 1]!;
    if (piece.color === "white") board.light |= bit;
    else board.dark |= bit;
    if (piece.role === "king") board.king |= bit;
  }
  return rapid.EnglishDraughts.setup({
    player: position.turn === "black" ? "dark" : "light",
    board,
    stats: { sinceCapture: 0, sinceNonKingAdvance: 0 },
  });
}

/** Our legal move that is rapid-draughts' `move`; throws if there is none (the two disagree on the rules). */
export function ourMove(position: Position, move: RapidMove): Move {
  const from = move.origin + 1;
  const to = move.destination + 1;
  const captured = move.captures.map((i) => i + 1).sort((a, b) => a - b);
  const found = position.legalMoves().find(
    (m) => m.from === from && m.to === to && m.captured.length === captured.length && m.captured.every((s, i) => s === captured[i]),
  );
  if (found === undefined) {
    throw new DraughtsError(`rapid-draughts played ${from}-${to} capturing [${captured.join(",")}], which is not legal in ${position.toFen()}`);
  }
  return found;
}

/** rapid-draughts' alpha-beta at a fixed depth (its `maxDepth`, with its capture quiescence). */
export class RapidPlayer implements Player {
  readonly name: string;
  readonly #computer: RapidComputer;

  constructor(readonly depth: number, name = `rapid-draughts depth ${depth}`) {
    this.name = name;
    this.#computer = rapid.EnglishDraughtsComputerFactory.alphaBeta({ maxDepth: depth });
  }

  newGame(): void {
    // It keeps nothing between moves.
  }

  async move(game: Game): Promise<PlayerMove> {
    const started = performance.now();
    const position = game.position;
    const answer = await this.#computer(rapidGameOf(position));
    return { move: ourMove(position, answer), stats: { depth: this.depth, ms: performance.now() - started } };
  }

  dispose(): void {}
}
