// The search benchmarks' middle-game positions (bench/search-speed.ts, bench/depth.ts): for the
// variants with real games in ../shared/games (read at run time with readPdn), plies 20, 24, ...,
// 40 of every game, skipping those where the game is already over; for the others, the ends of
// seeded random playouts of 20 to 40 plies from the start.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game, readPdn, variantInfo } from '../bindings/index.js';
import type { Position, VariantName } from '../bindings/index.js';
import { randomSource } from '../tools/match/player.js';

/** The plies of a game that are benchmarked: the middle game. */
export const FIRST_PLY = 20;
export const LAST_PLY = 40;
export const PLY_STEP = 4;
/** Random playouts for the variants without real games. */
const PLAYOUTS = 24;
export const DEFAULT_SEED = 20261130;

export interface BenchPosition {
  readonly position: Position;
  /** Where it comes from: "game 3, ply 24" or "playout 5, ply 31". */
  readonly label: string;
}

export interface PositionSet {
  readonly positions: BenchPosition[];
  /** How the positions were chosen, for the output. */
  readonly source: string;
}

/** Plies FIRST_PLY..LAST_PLY (every PLY_STEP) of every game of the variant's PDN file. */
function gamePositions(variant: VariantName, file: string): PositionSet {
  const entries = readPdn(fs.readFileSync(file, 'utf8'), { variant, continueOnError: true });
  const positions: BenchPosition[] = [];
  let unreadable = 0;
  for (const entry of entries) {
    if (entry.error !== undefined || entry.game === undefined) {
      unreadable++;
      continue;
    }
    // Replayed move by move so the game's end (a win or a draw rule) is known at each ply.
    const replay = new Game(variant, { fen: entry.game.start.toFen(), playAfterDraw: true });
    const moves = entry.game.moves;
    for (let ply = 0; ply <= Math.min(LAST_PLY, moves.length); ply++) {
      if (ply >= FIRST_PLY && (ply - FIRST_PLY) % PLY_STEP === 0 && !replay.isOver) {
        positions.push({ position: replay.position, label: `game ${entry.number}, ply ${ply}` });
      }
      if (ply < moves.length) replay.play(moves[ply]!);
    }
  }
  const skipped = unreadable > 0 ? `; ${unreadable} unreadable game(s) skipped` : '';
  return {
    positions,
    source: `plies ${FIRST_PLY}-${LAST_PLY} (every ${PLY_STEP}th) of the ${entries.length} games of ${path.basename(file)}, games over skipped${skipped}`,
  };
}

/** The ends of PLAYOUTS seeded random playouts of FIRST_PLY..LAST_PLY plies; one that ends the game is played again. */
function playoutPositions(variant: VariantName, seed: number): PositionSet {
  const next = randomSource(seed + variantInfo(variant).id);
  const positions: BenchPosition[] = [];
  let attempts = 0;
  while (positions.length < PLAYOUTS && attempts < PLAYOUTS * 20) {
    attempts++;
    const length = FIRST_PLY + Math.floor(next() * (LAST_PLY - FIRST_PLY + 1));
    const game = new Game(variant);
    while (game.ply < length && !game.isOver) {
      const moves = game.legalMoves();
      game.play(moves[Math.floor(next() * moves.length)]!);
    }
    if (!game.isOver) positions.push({ position: game.position, label: `playout ${positions.length + 1}, ply ${length}` });
  }
  return { positions, source: `no real games: the ends of ${positions.length} random playouts of ${FIRST_PLY}-${LAST_PLY} plies from the start (seed ${seed})` };
}

/**
 * The middle-game positions of `variant`: from its games in `gamesDir` (<variant>.pdn) where
 * there are some, else from seeded random playouts.
 */
export function positionsOf(variant: VariantName, gamesDir: string, seed: number): PositionSet {
  const file = path.join(gamesDir, `${variant}.pdn`);
  return fs.existsSync(file) ? gamePositions(variant, file) : playoutPositions(variant, seed);
}

/** The folder of real games beside the package: ../shared/games. */
export const DEFAULT_GAMES_DIR = path.resolve(fileURLToPath(new URL('../../', import.meta.url)), '..', 'shared', 'games');
