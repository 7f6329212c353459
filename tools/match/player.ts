// What the match loop asks of a player, and the simplest one: a seeded random mover, which
// exercises the loop and serves as a floor any engine must beat.

import type { Game } from "../../bindings/game/game.js";
import type { Move } from "../../bindings/core/notation.js";

/** What a player says about the move it chose, when it searched (for the summary). */
export interface MoveStats {
  readonly depth?: number;
  /** The mean depth of the search's leaves (Hub's `mean-depth`), where the player reports one. */
  readonly meanDepth?: number;
  readonly nodes?: number;
  readonly ms: number;
  /** Centi-men from the mover's side. */
  readonly score?: number;
  /** The move came from an opening book, not from a search. */
  readonly book?: boolean;
}

export interface PlayerMove {
  readonly move: Move;
  readonly stats: MoveStats;
}

export interface Player {
  /** Shown in the PDN's White/Black tags and in the summary. */
  readonly name: string;
  /**
   * A new game starts: forget tables and anything learnt in the last one. `game` is its 0-based
   * number in the match (the pair's index × 2, plus 1 when A has Black), the same whichever
   * worker plays it and whether the match was resumed, so a player that varies its moves can
   * seed them from it.
   */
  newGame(game: number): void;
  /** One of `game.legalMoves()` for the side to move; the game is ongoing. */
  move(game: Game): Promise<PlayerMove>;
  /** Free what the player holds (engines, tables, a child process). */
  dispose(): void | Promise<void>;
}

/** mulberry32: a small, well-mixed 32-bit generator; reproducible from its seed. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays a legal move picked uniformly at random. */
export class RandomPlayer implements Player {
  readonly name: string;
  readonly #seed: number;
  #next: () => number;

  constructor(seed = 1, name = "random") {
    this.name = name;
    this.#seed = seed;
    this.#next = randomSource(seed);
  }

  newGame(game: number): void {
    // Reseeded from the game's number, so each game gets different moves and replays the same
    // on any worker.
    this.#next = randomSource((this.#seed + game) >>> 0);
  }

  async move(game: Game): Promise<PlayerMove> {
    const moves = game.legalMoves();
    return { move: moves[Math.floor(this.#next() * moves.length)]!, stats: { ms: 0 } };
  }

  dispose(): void {
    // Nothing held; the next game reseeds anyway.
  }
}
