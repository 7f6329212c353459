// Search depth at a fixed time a move: the median depth reached on the search bench's
// middle-game positions (bench/middle-game.ts), counting searched positions only, per variant
// and board family, for one or more cores side by side.
//
//   npm run bench:depth                                   300 ms, one variant per family, 48 positions each
//   npm run bench:depth -- --movetime 300 --variant english,international
//   npm run bench:depth -- --wasm bench/baselines/8577212.wasm --wasm build/bitdraughts.wasm
//   npm run bench:depth -- --positions 12 --json
//
// Each position is searched alone (no game history), as a match player searches it (a
// Searcher on an engine of its own, the table cleared first; a core built by
// scripts/baseline.mjs plays its commit's weights, as wasm= does in a match), for --movetime
// of wall time; each core searches a position in turn, so a change of load hits them alike.
// A position with one legal move is not searched and not counted (a forced move is no search,
// tools/match/depth.ts), only reported. The depth is the one the search reports with its move
// (as in its Hub info line: the last iteration finished, or the one in progress where it had
// already found a new best move); the mean depth is the mean ply of that iteration's leaves
// (Hub's `mean-depth`). Depth at a time depends on the machine and its load: compare cores side by
// side in one run, and say the load.

import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DraughtsError } from '../bindings/core/errors.js';
import { Game, VARIANTS, isVariantName, variantInfo } from '../bindings/index.js';
import type { VariantName } from '../bindings/index.js';
import { FAMILY_NAMES, weightFamilyOf } from '../bindings/eval/weights.js';
import { DepthFigures, figuresOf, median } from '../tools/match/depth.js';
import { EnginePlayer } from '../tools/match/engine-player.js';
import type { EngineSpec } from '../tools/match/spec.js';
import { commandOptions, strictFlags } from '../tools/match/command-line.js';
import { BenchPosition, DEFAULT_GAMES_DIR, DEFAULT_SEED, positionsOf } from './middle-game.js';

/** An option of the depth benchmark that cannot be used; names the option and its value. */
export class DepthBenchError extends DraughtsError {
  override name = 'DepthBenchError';
  constructor(message: string, readonly option: string, readonly value: string) {
    super(`${option} ${JSON.stringify(value)}: ${message}`);
  }
}

export const DEFAULT_MOVETIME = 300;
export const DEFAULT_POSITIONS = 48;

/** The family a variant's evaluation belongs to, by name; "own" for a variant whose evaluation reads no weight file. */
export function familyName(variant: VariantName): string {
  const family = weightFamilyOf(variant);
  return family === undefined ? 'own' : FAMILY_NAMES[family]!;
}

/** The first searched variant of each family, in VARIANTS order: the default selection. */
export const DEFAULT_VARIANTS: readonly VariantName[] = VARIANTS.filter(
  (v, i) => variantInfo(v).searched && VARIANTS.findIndex((w) => variantInfo(w).searched && familyName(w) === familyName(v)) === i,
);

export interface DepthBenchOptions {
  readonly movetime: number;
  readonly variants: readonly VariantName[];
  /** Positions per variant, spread evenly over its set. */
  readonly positions: number;
  /** Core builds side by side; empty: the package's own. */
  readonly wasm: readonly string[];
  readonly hash?: number;
  readonly gamesDir: string;
  readonly seed: number;
  readonly json: boolean;
}

export const USAGE = `usage: node dist/bench/depth.js [options]
  --movetime MS       wall time a position (default ${DEFAULT_MOVETIME})
  --variant V[,V...]  these variants (repeatable; default one a family: ${DEFAULT_VARIANTS.join(', ')})
  --positions N       positions a variant, spread evenly over its middle-game set (default ${DEFAULT_POSITIONS})
  --wasm FILE         search with this core; repeat to compare cores side by side
  --hash MIB          transposition table of each engine (default the searcher's)
  --games DIR         the folder of real games (default ../shared/games beside the package)
  --seed N            seed of the random playouts of variants without games (default ${DEFAULT_SEED})
  --json              one JSON object instead of the table`;

function whole(option: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) throw new DepthBenchError(`expected a whole number from ${min} to ${max}`, option, text);
  return n;
}

/** The options of a command line, or "help"; throws DepthBenchError naming the first bad one. */
export function parseDepthArgs(argv: readonly string[]): DepthBenchOptions | 'help' {
  const values = strictFlags(argv, {
    movetime: { type: 'string' }, variant: { type: 'string', multiple: true }, positions: { type: 'string' },
    wasm: { type: 'string', multiple: true }, hash: { type: 'string' }, games: { type: 'string' }, seed: { type: 'string' },
    json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  }, (message) => new DepthBenchError(message, 'arguments', argv.join(' ')));
  if (values.help) return 'help';
  const variants: VariantName[] = [];
  for (const name of (values.variant ?? []).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase())) {
    if (!isVariantName(name)) throw new DepthBenchError(`unknown variant (${VARIANTS.join(', ')})`, '--variant', name);
    if (!variantInfo(name).searched) throw new DepthBenchError('the search does not play it', '--variant', name);
    if (!variants.includes(name)) variants.push(name);
  }
  const wasm = (values.wasm ?? []).map((file) => {
    if (!existsSync(file)) throw new DepthBenchError('no such file', '--wasm', file);
    return path.resolve(file);
  });
  const games = values.games === undefined ? DEFAULT_GAMES_DIR : path.resolve(values.games);
  if (values.games !== undefined && !existsSync(games)) throw new DepthBenchError('no such folder', '--games', values.games);
  return {
    movetime: values.movetime === undefined ? DEFAULT_MOVETIME : whole('--movetime', values.movetime, 1, 600_000),
    variants: variants.length > 0 ? variants : DEFAULT_VARIANTS,
    positions: values.positions === undefined ? DEFAULT_POSITIONS : whole('--positions', values.positions, 1, 100_000),
    wasm,
    ...(values.hash !== undefined ? { hash: whole('--hash', values.hash, 1, 4096) } : {}),
    gamesDir: games,
    seed: values.seed === undefined ? DEFAULT_SEED : whole('--seed', values.seed, 0, 2 ** 32 - 1),
    json: values.json ?? false,
  };
}

/** `count` of `items` spread evenly over them, in order (all of them when there are no more). */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/** One core's searches of one variant's positions. */
export interface DepthRow extends DepthFigures {
  readonly variant: VariantName;
  readonly family: string;
  readonly core: string;
  /** Positions with one legal move, left out. */
  readonly forced: number;
  /** Median over the searched positions of nodes over the search's wall time. */
  readonly medianNps: number;
  /** Why this core did not search the variant (an older core refuses variants searched since). */
  readonly refused?: string;
}

interface Sample {
  readonly depth: number;
  readonly meanDepth?: number;
  readonly nps: number;
}

function rowOf(variant: VariantName, core: string, forced: number, samples: readonly Sample[], refused?: string): DepthRow {
  const meanDepths = samples.flatMap((s) => (s.meanDepth === undefined ? [] : [s.meanDepth]));
  return {
    variant, family: familyName(variant), core, forced,
    ...figuresOf(samples.map((s) => s.depth), meanDepths),
    medianNps: median(samples.map((s) => s.nps)),
    ...(refused !== undefined ? { refused } : {}),
  };
}

/** A player of `core` (undefined: the package's) for `variant`, or why it cannot be made. */
function playerOf(o: DepthBenchOptions, core: string | undefined, variant: VariantName): EnginePlayer | string {
  const spec: EngineSpec = {
    kind: 'engine', text: `movetime=${o.movetime}`, movetime: o.movetime, disable: [], enable: [],
    ...(o.hash !== undefined ? { hash: o.hash } : {}), ...(core !== undefined ? { wasm: core } : {}),
  };
  try {
    return new EnginePlayer(spec, variant, core ?? 'package');
  } catch (error) {
    if (!(error instanceof DraughtsError)) throw error;
    return error.message;
  }
}

/** Every selected variant's positions searched by each core in turn; a row per variant and core. */
export async function runDepthBench(o: DepthBenchOptions, log: (line: string) => void = () => {}): Promise<DepthRow[]> {
  const cores = o.wasm.length === 0 ? [undefined] : o.wasm;
  const labels = cores.map((c) => (c === undefined ? 'package' : path.basename(c)));
  const rows: DepthRow[] = [];
  for (const variant of o.variants) {
    const set = positionsOf(variant, o.gamesDir, o.seed);
    const chosen = spread(set.positions, o.positions);
    const searched: BenchPosition[] = chosen.filter((p) => p.position.legalMoves().length > 1);
    log(`${variant}: ${searched.length} positions searched, ${chosen.length - searched.length} forced left out (${set.source}), ${cores.length} core(s) at ${o.movetime} ms`);
    const players = cores.map((core) => playerOf(o, core, variant));
    const samples: Sample[][] = cores.map(() => []);
    // Not counted: lets V8 tier each core up before the first measured search.
    for (const player of players) if (typeof player !== 'string' && searched[0] !== undefined) await searchOnce(player, searched[0], 0);
    for (const [i, p] of searched.entries()) {
      for (const [k, player] of players.entries()) if (typeof player !== 'string') samples[k]!.push(await searchOnce(player, p, i + 1));
    }
    players.forEach((player, k) => rows.push(rowOf(variant, labels[k]!, chosen.length - searched.length, samples[k]!, typeof player === 'string' ? player : undefined)));
  }
  return rows;
}

async function searchOnce(player: EnginePlayer, p: BenchPosition, number: number): Promise<Sample> {
  player.newGame(number); // the table cleared: every position costs the same whatever ran before
  const { stats } = await player.move(new Game(p.position.variant, { fen: p.position.toFen() }));
  return { depth: stats.depth ?? 0, ...(stats.meanDepth !== undefined ? { meanDepth: stats.meanDepth } : {}), nps: ((stats.nodes ?? 0) * 1000) / Math.max(stats.ms, 0.001) };
}

const fixed = (x: number, digits: number): string => (Number.isNaN(x) ? '-' : x.toFixed(digits));

/** The rows as a Markdown table. */
export function depthTable(rows: readonly DepthRow[]): string[] {
  const lines = ['| Variant | Family | Core | Searched | Forced (left out) | Median depth | Mean depth | Mean mean-depth | Median nodes/s |', '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const cells = r.refused !== undefined
      ? [r.variant, r.family, r.core, '-', String(r.forced), `refused: ${r.refused}`, '', '', '']
      : [r.variant, r.family, r.core, String(r.moves), String(r.forced), fixed(r.median, 1), fixed(r.mean, 2), fixed(r.meanDepth, 2), `${fixed(r.medianNps / 1e6, 2)} M`];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines;
}

async function main(): Promise<void> {
  const o = commandOptions(parseDepthArgs, USAGE);
  if (o === undefined) return;
  const date = new Date();
  const rows = await runDepthBench(o, o.json ? () => {} : (line) => process.stderr.write(`  ${line}\n`));
  const load = os.loadavg();
  if (o.json) {
    const plain = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && Number.isNaN(v) ? null : v])));
    process.stdout.write(`${JSON.stringify({ date: date.toISOString(), node: process.version, cpu: os.cpus()[0]?.model?.trim() ?? 'unknown CPU', loadavg: load, movetime: o.movetime, positions: o.positions, rows: plain })}\n`);
    return;
  }
  const lines = [
    `bitdraughts search depth at ${o.movetime} ms a position (wall time), middle-game positions, searched positions only`,
    `date ${date.toISOString()}, Node ${process.version}, ${os.cpus()[0]?.model?.trim() ?? 'unknown CPU'}, ${os.cpus().length} logical cores; load average ${load.map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min) at the end`,
    '',
    ...depthTable(rows),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) await main();
