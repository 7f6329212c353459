// From what a caller hands a search (a Position, a Game or a SearchRequest) to what the core
// reads: the root, the earlier positions that can still repeat (each read by toCore,
// core/position.ts), and the plies left on the variant's draw counters. Also the way back: a search input as plain data for a worker.

import { SearchError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { isVariantName } from "../core/variant.js";
import { DrawCounter, drawRules, isIrreversible } from "../game/draw-rules.js";
import { Game } from "../game/game.js";
import type { SearchInput, SearchRequest } from "./types.js";
import { whyNotSearched } from "./unsearched.js";

/** A search's root with what the core needs to know of the game before it. */
export interface SearchRoot {
  readonly position: Position;
  /** Positions since the last capture or man move, oldest first, the root excluded. */
  readonly history: readonly Position[];
  readonly counters: readonly DrawCounter[];
}

/** The root of a search; a SearchRequest is replayed (NotationError, IllegalMoveError, FenError as the Game throws them). */
export function searchRoot(input: SearchInput): SearchRoot {
  const variant = typeof input === "object" && input !== null ? (input as { variant?: unknown }).variant : undefined;
  const why = typeof variant === "string" && isVariantName(variant) ? whyNotSearched(variant) : undefined;
  if (why !== undefined) throw new SearchError(`the search does not play ${variant}: ${why}`);
  if (input instanceof Position) {
    const rules = drawRules(input.variant);
    return { position: input, history: [], counters: rules.describe(rules.start(), input) };
  }
  const game = input instanceof Game ? input : gameOfRequest(input);
  const positions = game.positions;
  const moves = game.moves;
  let since = 0;
  for (let ply = moves.length; ply >= 1; ply--) {
    if (isIrreversible(positions[ply - 1]!, moves[ply - 1]!)) {
      since = ply;
      break;
    }
  }
  return { position: game.position, history: positions.slice(since, positions.length - 1), counters: game.counters };
}

/** Replays a request as a game; a draw reached on the way does not stop it. */
export function gameOfRequest(request: SearchRequest): Game {
  if (typeof request !== "object" || request === null || typeof request.fen !== "string") {
    throw new SearchError(`a search input must be a Position, a Game or a { variant, fen, moves } request, not ${describe(request)}`);
  }
  const moves = request.moves ?? [];
  if (!Array.isArray(moves)) throw new SearchError(`request.moves must be an array of move texts, not ${describe(moves)}`);
  const game = new Game(request.variant, { fen: request.fen, optionalCapture: request.optionalCapture ?? false, playAfterDraw: true });
  for (const move of moves) game.play(move);
  return game;
}

/** The input as plain data that a worker can rebuild (a request is copied, not checked: searchRoot checks it). */
export function toRequest(input: SearchInput): SearchRequest {
  if (input instanceof Position) {
    return { variant: input.variant, optionalCapture: input.optionalCapture, fen: input.toFen(), moves: [] };
  }
  if (input instanceof Game) {
    return { variant: input.variant, optionalCapture: input.position.optionalCapture, fen: input.start.toFen(), moves: input.moves.map((m) => m.notation) };
  }
  return { variant: input.variant, optionalCapture: input.optionalCapture ?? false, fen: input.fen, moves: [...(input.moves ?? [])] };
}

/** The plies left on the counters, as the core takes them: endgame counters only while their material holds. */
export function counterPlies(counters: readonly DrawCounter[]): { noProgressPlies?: number; endgamePlies?: number } {
  let noProgress: number | undefined;
  let endgame: number | undefined;
  for (const c of counters) {
    // At least 1: a counter at its limit (a game played on after a draw) draws after the next ply.
    const left = Math.max(1, c.limit - c.plies);
    if (c.rule.endsWith("-endgame")) {
      if (c.applies) endgame = Math.min(endgame ?? left, left);
    } else {
      noProgress = Math.min(noProgress ?? left, left);
    }
  }
  return { ...(noProgress === undefined ? {} : { noProgressPlies: noProgress }), ...(endgame === undefined ? {} : { endgamePlies: endgame }) };
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
