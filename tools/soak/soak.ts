// `npm run soak -- [--games N] [--variants a,b,…] [--ms 20] [--seed S] [--chunk I/K] [--out FILE]`
//
// Long match series through one long-lived Hub engine process per variant (issue 65, part 3):
// the engine plays both sides at --ms a move, each game from a short random opening the seed
// decides; every move it sends is checked against the rules (Game), every line it writes is
// read. Afterwards, per variant: illegal moves (0), error lines (0), games not ended by a rule
// Game names (0), and the engine's resident memory after game 100 against its peak at the end
// (growth below 5 %).
//
// For a batch system: game g of a variant belongs to chunk g mod K, so K machines each run
// `--chunk I/K` with the same seed and games; each game is one JSON line of --out, appended as
// it ends, and a run started again skips the games already there (resumable). The summary is
// computed from the lines, so `--summary FILE…` merges the chunks' files.

import { appendFileSync, existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { Game, VARIANTS, variantInfo, type VariantName } from "../../bindings/index.js";
import { HubClient } from "../../bindings/protocols/hub-client.js";
import { Rng } from "../../tests/fuzz/prng.js";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "20" },
    variants: { type: "string" },
    ms: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    chunk: { type: "string", default: "0/1" },
    out: { type: "string", default: "soak.jsonl" },
    summary: { type: "boolean", default: false },
  },
  allowPositionals: true,
});

/** Plies after which a game counts as not ended by any rule (every variant's draw rules end one far sooner). */
const MAX_PLIES = 600;
/** Random plies before the engine plays, so that games differ. */
const OPENING_PLIES = 4;
/** Memory is compared from this game on (the table and the core's pages are warm by then). */
const WARM_GAMES = 100;

interface GameLine {
  readonly variant: VariantName;
  readonly game: number;
  readonly plies: number;
  readonly result: string;
  readonly reason: string | null;
  readonly illegal: number;
  readonly errors: number;
  readonly rssKiB: number;
  readonly ms: number;
  readonly error?: string;
}

const CLI = fileURLToPath(new URL("../../bindings/cli/main.js", import.meta.url));

/** Resident memory of this process's child that runs `hub` (Linux /proc), KiB. */
function childRss(): number {
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      continue;
    }
    for (const pid of children) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        if (cmdline.includes("\0hub\0")) return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        // gone meanwhile
      }
    }
  }
  return 0;
}

async function playGame(client: HubClient, variant: VariantName, index: number, seed: number, ms: number): Promise<GameLine> {
  const rng = new Rng(seed, `soak ${variant} ${index}`);
  const game = new Game(variant, { repetition: "automatic" });
  const start = performance.now();
  let illegal = 0;
  let errors = 0;
  let error: string | undefined;
  client.newGame();
  try {
    while (!game.isOver && game.ply < MAX_PLIES) {
      const moves = game.legalMoves();
      if (game.ply < OPENING_PLIES) {
        game.play(moves[rng.int(moves.length)]!);
        continue;
      }
      // HubClient refuses an `error` line or a move that is not legal here with EngineError.
      const answer = await client.play(game, { movetime: ms });
      game.play(answer.move);
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    if (/illegal|not legal|bad move/i.test(error)) illegal++;
    else errors++;
  }
  const result = game.result;
  return {
    variant,
    game: index,
    plies: game.ply,
    result: result.status === "win" ? `${result.winner} wins` : result.status,
    reason: result.status === "ongoing" ? null : (result.reason ?? null),
    illegal,
    errors,
    rssKiB: childRss(),
    ms: Math.round(performance.now() - start),
    ...(error === undefined ? {} : { error }),
  };
}

function readLines(files: readonly string[]): GameLine[] {
  return files.filter(existsSync).flatMap((f) => readFileSync(f, "utf8").split("\n").filter((l) => l.endsWith("}")).map((l) => JSON.parse(l) as GameLine));
}

/** Per variant: games, faults, and memory growth after the warm-up. */
function summary(lines: readonly GameLine[]): Array<Record<string, unknown>> {
  const byVariant = new Map<VariantName, GameLine[]>();
  for (const line of lines) byVariant.set(line.variant, [...(byVariant.get(line.variant) ?? []), line]);
  return [...byVariant].map(([variant, games]) => {
    games.sort((a, b) => a.game - b.game);
    const warm = games.filter((g) => g.game >= WARM_GAMES);
    const base = warm[0]?.rssKiB;
    const peak = Math.max(...warm.map((g) => g.rssKiB));
    return {
      variant,
      games: games.length,
      illegal: games.reduce((n, g) => n + g.illegal, 0),
      errors: games.reduce((n, g) => n + g.errors, 0),
      unended: games.filter((g) => g.reason === null).length,
      plies: games.reduce((n, g) => n + g.plies, 0),
      rssFirstKiB: games[0]?.rssKiB,
      rssAtWarmKiB: base ?? null,
      rssPeakAfterWarmKiB: base === undefined ? null : peak,
      growthAfterWarm: base === undefined ? null : `${(((peak - base) / base) * 100).toFixed(1)} %`,
      reasons: Object.fromEntries([...new Set(games.map((g) => g.reason))].map((r) => [String(r), games.filter((g) => g.reason === r).length])),
    };
  });
}

if (values.summary) {
  for (const row of summary(readLines(process.argv.slice(2).filter((a) => !a.startsWith("--"))))) console.log(JSON.stringify(row));
  process.exit(0);
}

const games = Number(values.games);
const ms = Number(values.ms);
const seed = Number(values.seed);
const [chunk, chunks] = values.chunk!.split("/").map(Number) as [number, number];
if (!(Number.isInteger(games) && games > 0 && ms > 0 && Number.isInteger(chunk) && Number.isInteger(chunks) && chunk >= 0 && chunk < chunks)) {
  console.error("usage: soak [--games N] [--variants a,b] [--ms 20] [--seed S] [--chunk I/K] [--out FILE]");
  process.exit(2);
}
const variants = (values.variants?.split(",") ?? VARIANTS.filter((v) => variantInfo(v).searched)) as VariantName[];
for (const v of variants) variantInfo(v);
const done = new Set(readLines([values.out!]).map((l) => `${l.variant}:${l.game}`));
for (const variant of variants) {
  const todo = [...Array(games).keys()].filter((g) => g % chunks === chunk && !done.has(`${variant}:${g}`));
  if (todo.length === 0) continue;
  const client = await HubClient.start({ command: [process.execPath, CLI, "hub", "--variant", variant], variant });
  try {
    for (const g of todo) {
      const line = await playGame(client, variant, g, seed, ms);
      appendFileSync(values.out!, `${JSON.stringify(line)}\n`);
      if (line.error !== undefined) console.error(`${variant} game ${g}: ${line.error}`);
    }
  } finally {
    await client.quit();
  }
  console.error(`${variant}: ${todo.length} games`);
}
for (const row of summary(readLines([values.out!]))) console.log(JSON.stringify(row));
