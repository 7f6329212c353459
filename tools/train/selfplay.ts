// Self-play for training the evaluation: fast games of the engine against itself, writing every
// quiet position (no capture for the side to move) with the game's result and the search score.
//
//   npm run selfplay -- --variant english --games 2000 --seed 1 [--depth 6] [--weights W] [--out FILE]
//   npm run selfplay -- --variant english --games 1000 --seeds 11-18 [--jobs 2] [--dir DIR] …
//
// A seed is a chunk: with --seeds, each seed's games go to DIR/V-dD-sS.bin (data/selfplay by
// default), --jobs chunks at a time in child processes. A chunk is written to a .part file and
// renamed when its last game is in, so a file with the final name is whole, and the same command
// run again after a stop plays only the seeds whose file is missing: a work unit, as perft's are.
//
// Every game starts from a random balanced start (2–4 random plies from the start position, kept
// only when a shallow search scores it within half a man), and in its first plies a move is
// sometimes played at random, so that games differ and reach positions the engine would avoid.
// Everything random comes from --seed: the same command writes the same file, given the same
// evaluation: --weights names it (hand, learned = the package's files, or a weight file), so a
// later round of self-play with a new file can be made again from the file it played with.

import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngineSync } from "../../bindings/core/loader.js";
import { VARIANTS, VariantName, variantInfo } from "../../bindings/core/variant.js";
import { assertFamilyOf, parseWeights } from "../../bindings/eval/weights.js";
import { Game } from "../../bindings/game/game.js";
import { Searcher } from "../../bindings/search/searcher.js";
import { randomSource } from "../match/player.js";
import { REPO_ROOT } from "../match/openings.js";
import { PositionRecord, encodeRecord, fileHeader, playableSquares, recordLayout } from "./records.js";

export interface SelfplayOptions {
  readonly variant: VariantName;
  readonly games: number;
  readonly seed: number;
  /** Search depth for every move (default 6). */
  readonly depth?: number;
  /** Chance of a random move in each of the first RANDOM_PLIES plies (default 0.06). */
  readonly randomness?: number;
  /** The evaluation the games are played with (default "learned": the package's weight files). */
  readonly weights?: "learned" | "hand" | Uint8Array;
}

/** Plies after the start in which a random move may be played. */
const RANDOM_PLIES = 30;
/** A game still going after this many plies is scored a draw (a safety net, rarely reached). */
const MAX_PLIES = 400;

function randomStart(variant: VariantName, searcher: Searcher, random: () => number): Game {
  for (;;) {
    const game = new Game(variant, { repetition: "automatic" });
    const plies = 2 + Math.floor(random() * 3);
    for (let i = 0; i < plies && !game.isOver; i++) {
      const moves = game.legalMoves();
      game.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (game.isOver) continue;
    const check = searcher.search(game, { depth: 4 });
    if (Math.abs(check.score) <= 50 && check.win === null) return game;
  }
}

function squaresOf(game: Game): Pick<PositionRecord, "white" | "black" | "kings"> {
  const white: number[] = [];
  const black: number[] = [];
  const kings: number[] = [];
  for (const { square, piece } of game.position.pieces()) {
    (piece.color === "white" ? white : black).push(square);
    if (piece.role === "king") kings.push(square);
  }
  return { white, black, kings };
}

/** Plays the games and returns the records (already encoded), the positions of each game in order. */
export function* selfplay(options: SelfplayOptions): Generator<Buffer[]> {
  const depth = options.depth ?? 6;
  const randomness = options.randomness ?? 0.06;
  const random = randomSource(options.seed);
  const layout = recordLayout(playableSquares(options.variant));
  const engine = createEngineSync();
  const searcher = new Searcher({ engine, hash: 16, weights: options.weights ?? "learned" });
  for (let g = 0; g < options.games; g++) {
    searcher.newGame();
    const game = randomStart(options.variant, searcher, random);
    const start = game.ply;
    const seen: Omit<PositionRecord, "result">[] = [];
    while (!game.isOver && game.ply < MAX_PLIES) {
      const moves = game.legalMoves();
      const result = searcher.search(game, { depth });
      const quiet = !moves[0]!.isCapture;
      const white = game.turn === "white";
      if (quiet && result.win === null) seen.push({ ...squaresOf(game), whiteToMove: white, score: white ? result.score : -result.score, ply: game.ply });
      const wild = game.ply - start < RANDOM_PLIES && moves.length > 1 && random() < randomness;
      game.play(wild ? moves[Math.floor(random() * moves.length)]! : result.move);
    }
    const outcome = game.result;
    const forWhite = outcome.status === "win" ? (outcome.winner === "white" ? 1 : -1) : 0;
    yield seen.map((r) => encodeRecord({ ...r, result: forWhite }, layout));
  }
}

function usage(message: string): never {
  process.stderr.write(`selfplay: ${message}\nusage: npm run selfplay -- --variant V --games N (--seed S [--out FILE] | --seeds A-B|A,B,… [--jobs J] [--dir DIR]) [--depth D] [--randomness P] [--weights hand|learned|FILE]\n`);
  process.exit(2);
}

/** The seeds of --seeds: "11-18", "3,5,9" or a mix ("1-4,9"), in order, each once. */
export function parseSeeds(text: string): number[] {
  const seeds: number[] = [];
  for (const part of text.split(",")) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (range === null) throw new Error(`"${part}" is not a seed or a range A-B`);
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) throw new Error(`the range ${part} runs backwards`);
    if (to - from >= 100_000) throw new Error(`the range ${part} is too long`);
    for (let seed = from; seed <= to; seed++) if (!seeds.includes(seed)) seeds.push(seed);
  }
  return seeds;
}

/** A seed's file: the chunk mode's name in DIR and a single seed's default name are one. */
function chunkName(variant: VariantName, depth: number, seed: number): string {
  return `${variant}-d${depth}-s${seed}.bin`;
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min ${Math.round(seconds % 60)} s`;
}

/**
 * Plays the seeds whose file is missing in DIR, `jobs` at a time, each in a child process of
 * this script (--seed S --out FILE, the other options as given). Stops starting new chunks at
 * the first failure, and fails with its message once the running ones end.
 */
async function playChunks(seeds: readonly number[], jobs: number, dir: string, name: (seed: number) => string, passOn: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const todo = seeds.filter((seed) => !existsSync(resolve(dir, name(seed))));
  process.stderr.write(`${seeds.length} chunks, ${seeds.length - todo.length} already in ${dir}, ${todo.length} to play, ${Math.min(jobs, todo.length)} at a time\n`);
  const started = Date.now();
  let next = 0;
  let finished = 0;
  let failure: string | undefined;
  const worker = async (): Promise<void> => {
    while (next < todo.length && failure === undefined) {
      const seed = todo[next++]!;
      const out = resolve(dir, name(seed));
      const child = spawn(process.execPath, [process.argv[1]!, ...passOn, "--seed", String(seed), "--out", out], { stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
      const code = await new Promise<number | null>((done) => child.on("close", done));
      if (code !== 0) {
        failure ??= `seed ${seed} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" | ")}`;
        continue;
      }
      finished++;
      const elapsed = (Date.now() - started) / 1000;
      const eta = (elapsed / finished) * (todo.length - finished);
      process.stderr.write(`seed ${seed} done: ${finished}/${todo.length} chunks in ${clock(elapsed)}, about ${clock(eta)} left\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, todo.length) }, worker));
  if (failure !== undefined) {
    process.stderr.write(`selfplay: ${failure}\n`);
    process.exit(1);
  }
}

function integer(name: string, text: string | undefined, fallback: number | undefined, min: number): number {
  if (text === undefined) {
    if (fallback === undefined) usage(`--${name} is required`);
    return fallback;
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) usage(`--${name} must be an integer of at least ${min}, got ${JSON.stringify(text)}`);
  return value;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        variant: { type: "string" }, games: { type: "string" }, seed: { type: "string" }, depth: { type: "string" },
        randomness: { type: "string" }, weights: { type: "string" }, out: { type: "string" },
        seeds: { type: "string" }, jobs: { type: "string" }, dir: { type: "string" },
      },
    }));
  } catch (error) {
    usage((error as Error).message);
  }
  const variant = values.variant as VariantName | undefined;
  if (variant === undefined || !(VARIANTS as readonly string[]).includes(variant)) usage(`--variant must be one of ${VARIANTS.join(", ")}`);
  const games = integer("games", values.games, undefined, 1);
  const depth = integer("depth", values.depth, 6, 1);
  const randomness = values.randomness === undefined ? 0.06 : Number(values.randomness);
  if (!(randomness >= 0 && randomness <= 1)) usage(`--randomness must be from 0 to 1, got ${JSON.stringify(values.randomness)}`);
  let weights: SelfplayOptions["weights"] = "learned";
  if (values.weights === "hand" || values.weights === "learned") weights = values.weights;
  else if (values.weights !== undefined) {
    try {
      weights = readFileSync(values.weights);
      assertFamilyOf(variant, parseWeights(weights).family);
    } catch (error) {
      usage(`--weights ${JSON.stringify(values.weights)} cannot be used: ${(error as Error).message}`);
    }
  }
  if (values.seeds !== undefined) {
    if (values.seed !== undefined || values.out !== undefined) usage("--seeds names the chunks and their files: not with --seed or --out (use --dir)");
    let seeds: number[];
    try {
      seeds = parseSeeds(values.seeds);
    } catch (error) {
      usage(`--seeds: ${(error as Error).message}`);
    }
    const jobs = integer("jobs", values.jobs, 1, 1);
    const dir = resolve(values.dir ?? `${REPO_ROOT}data/selfplay`);
    // Every option but the chunking ones goes on to the children as given.
    const passOn = ["--variant", variant, "--games", String(games), "--depth", String(depth)];
    if (values.randomness !== undefined) passOn.push("--randomness", values.randomness);
    if (values.weights !== undefined) passOn.push("--weights", typeof weights === "string" ? weights : resolve(values.weights));
    await playChunks(seeds, jobs, dir, (seed) => chunkName(variant, depth, seed), passOn);
    return;
  }
  if (values.jobs !== undefined || values.dir !== undefined) usage("--jobs and --dir go with --seeds");
  const seed = integer("seed", values.seed, undefined, 0);
  const out = resolve(values.out ?? `${REPO_ROOT}data/selfplay/${chunkName(variant, depth, seed)}`);
  mkdirSync(dirname(out), { recursive: true });
  // Written under another name until the last game is in: a file with the final name is whole.
  const part = `${out}.part`;
  const stream = createWriteStream(part);
  const id = variantInfo(variant).id;
  stream.write(fileHeader(id, recordLayout(playableSquares(variant))));
  const started = Date.now();
  let positions = 0;
  let done = 0;
  for (const records of selfplay({ variant, games, seed, depth, randomness, weights })) {
    for (const r of records) if (!stream.write(r)) await new Promise<void>((go) => stream.once("drain", () => go()));
    positions += records.length;
    done++;
    if (done % 50 === 0 || done === games) {
      const s = (Date.now() - started) / 1000;
      process.stderr.write(`\r${done}/${games} games, ${positions} positions, ${s.toFixed(0)} s`);
    }
  }
  await new Promise<void>((end) => stream.end(end));
  renameSync(part, out);
  process.stderr.write(`\nwrote ${out}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) await main();
