// A worker thread that plays game pairs for a match run with --concurrency above 1: it builds
// its own two players (own engines, own tables) and answers each { opening, index } with the
// pair's records, or with the error that stopped it.

import { parentPort, workerData } from "node:worker_threads";
import { GameSettings, playPair } from "./match.js";
import type { Opening } from "./openings.js";
import { createPlayer } from "./players.js";
import type { PlayerSpec } from "./spec.js";

interface Setup {
  readonly settings: GameSettings;
  readonly a: PlayerSpec;
  readonly b: PlayerSpec;
}

const setup = workerData as Setup;
const a = await createPlayer(setup.a, setup.settings.variant, "--a");
const b = await createPlayer(setup.b, setup.settings.variant, "--b");

parentPort!.on("message", (task: { opening: Opening; index: number }) => {
  playPair(setup.settings, task.opening, task.index, a, b).then(
    (pair) => parentPort!.postMessage({ pair }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
