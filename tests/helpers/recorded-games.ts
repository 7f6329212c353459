// Recorded games: games played by people on public sites, kept beside the repository in
// ../shared/games (others' records, so never in the repository). The tests over them run where
// that folder exists; games.test.ts reports the one skip where it does not.

import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of recorded games (from dist/tests/helpers: up to the repository, then beside it). */
export const GAMES_DIR = fileURLToPath(new URL('../../../../shared/games/', import.meta.url));

/** The .pdn files of the recorded games, sorted, or undefined when the folder is not there. */
export function recordedGameFiles(): string[] | undefined {
  if (!existsSync(GAMES_DIR)) return undefined;
  return readdirSync(GAMES_DIR).filter((f) => f.endsWith('.pdn')).sort();
}

/** Why the recorded-games tests do not run here. */
export const NO_RECORDED_GAMES = `the recorded games are not here (${GAMES_DIR} does not exist; they are others' records, kept outside the repository)`;
