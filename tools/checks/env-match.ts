// Random-policy games through bitdraughts/env, each replayed move by move in a Game
// (bindings/game/game.ts, repetition "automatic": the env's draw rules): every game must end
// by the same rule, with the same winner, on the same ply, and every position's key must agree.
//
//   node dist/tools/checks/env-match.js                          10 000 games of every variant
//   node dist/tools/checks/env-match.js --games 200 --variant english --seed 3
//
// Exits non-zero on a disagreement, printing the first few. tests/env.test.ts runs a few games
// of every variant through the same function.

import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createEnvs } from "../../bindings/entries/env.js";
import { Game } from "../../bindings/entries/game.js";
import { VARIANTS, type Move, type VariantName } from "../../bindings/index.js";
import { xorshift32 } from "../../tests/helpers/xorshift.js";

/** What a match of random games found. */
export interface MatchReport {
  readonly variant: VariantName;
  readonly games: number;
  /** Games per end, as the env names it ("max-plies": cut, Game still going). */
  readonly ends: Readonly<Record<string, number>>;
  /** Whole moves played, all games. */
  readonly plies: number;
  /** Disagreements between the env and Game, described. */
  readonly mismatches: readonly string[];
}


/** Plays `games` random games of `variant` through the env, `batch` at a time, and replays each in a Game. */
export async function randomMatch(variant: VariantName, games: number, seed = 1, batch = 256, maxPlies = 600): Promise<MatchReport> {
  const ends: Record<string, number> = {};
  const mismatches: string[] = [];
  const next = xorshift32(seed);
  let plies = 0;
  for (let first = 0; first < games; first += batch) {
    const count = Math.min(batch, games - first);
    const envs = await createEnvs({ variant, count, maxPlies, seed });
    const replays = Array.from({ length: count }, () => new Game(variant, { repetition: "automatic" }));
    const actions = new Int32Array(count);
    const note = (g: number, what: string): void => {
      if (mismatches.length < 20) mismatches.push(`${variant} game ${first + g} ply ${replays[g]!.ply}: ${what}`);
    };
    for (;;) {
      let live = 0;
      for (let g = 0; g < count; g++) {
        const legal = envs.legalActions(g);
        if (envs.done[g] !== 0 || legal.length === 0) {
          actions[g] = -1;
          continue;
        }
        actions[g] = legal[next() % legal.length]!;
        live++;
      }
      if (live === 0) break;
      const before = Array.from(envs.plies);
      envs.step(actions);
      for (let g = 0; g < count; g++) {
        if (actions[g] === -1 || envs.plies[g] === before[g]) continue;
        // A whole move was made: find it among Game's legal moves by the position it leads to.
        const game = replays[g]!;
        const key = envs.key[g]!;
        const moves = game.position.legalMoves();
        const played: Move | undefined = moves.find((m) => game.position.play(m).key() === key);
        if (played === undefined) {
          note(g, `no legal move of ${game.position.toFen()} leads to the env's key`);
          envs.done[g] = 1;
          continue;
        }
        game.play(played);
        plies++;
        const result = envs.result(g);
        const over = envs.done[g] !== 0;
        if (!over && game.isOver) note(g, `Game ended (${game.result.reason}) but the env goes on`);
        if (over) {
          ends[result.reason!] = (ends[result.reason!] ?? 0) + 1;
          if (result.reason === "max-plies") {
            if (game.isOver) note(g, `Game ended (${game.result.reason}) on the ply the env was cut`);
          } else if (!game.isOver) {
            note(g, `the env ended (${result.reason}) but Game goes on`);
          } else if (game.result.reason !== result.reason || game.result.winner !== result.winner) {
            note(g, `the env ended by ${result.reason} (${result.winner ?? "draw"}), Game by ${game.result.reason} (${game.result.winner ?? "draw"})`);
          }
        }
      }
    }
    envs.dispose();
  }
  return { variant, games, ends, plies, mismatches };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { games: { type: "string", default: "10000" }, variant: { type: "string", multiple: true }, seed: { type: "string", default: "1" } },
  });
  const variants = (values.variant?.length ? values.variant : VARIANTS) as VariantName[];
  let failed = false;
  for (const variant of variants) {
    const started = Date.now();
    const report = await randomMatch(variant, Number(values.games), Number(values.seed));
    const ends = Object.entries(report.ends).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ");
    console.log(`${variant}: ${report.games} games, ${report.plies} moves, ${report.mismatches.length === 0 ? "every game ended as Game says" : `${report.mismatches.length} MISMATCHES`} (${ends}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const m of report.mismatches.slice(0, 5)) console.log(`  ${m}`);
    if (report.mismatches.length > 0) failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
