// Search speed: nodes per second of Engine.search over a fixed set of middle-game positions.
//
//   npm run bench:search                          every variant, its fixed depth
//   npm run bench:search -- --variant english     one variant (repeat the flag or use a comma list)
//   npm run bench:search -- --depth 10            one depth for every selected variant
//   npm run bench:search -- --json                one JSON object, with every position's count
//   npm run bench:search -- --wasm A.wasm --wasm B.wasm   two builds side by side (see compare()); a
//                                                 build plays the files of a folder A.weights/ beside it
//                                                 (as a match's wasm=), else the package's
//   npm run bench:search -- --weights hand --weights learned   the two evaluations side by side
//
// Positions: the middle-game set of bench/middle-game.ts (plies 20 to 40 of real games where
// ../shared/games has some, else the ends of seeded random playouts). Each
// position is searched alone (no game history) to the variant's fixed depth, one thread, with
// the table cleared first, so every position costs the same whatever ran before it.
// The rate of a position is its nodes over the CPU time the search took (the machines are
// shared, so wall time would measure the neighbours too; it is printed beside it); the median
// and the mean are over positions.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VARIANTS, createEngineSync, variantInfo } from '../bindings/index.js';
import type { Engine, RawBoard, VariantName } from '../bindings/index.js';
import type { Ending } from '../bindings/core/variant.js';
import { toCore } from '../bindings/core/position.js';
import { shippedWeights } from '../bindings/eval/shipped.js';
import { FAMILY_NAMES, parseWeights } from '../bindings/eval/weights.js';
import { frozenWeightsOf } from '../tools/match/engine-player.js';
import { mean, median } from '../tools/match/depth.js';
import { BenchPosition, DEFAULT_GAMES_DIR, DEFAULT_SEED, FIRST_PLY, LAST_PLY, PLY_STEP, PositionSet, positionsOf } from './middle-game.js';

/**
 * Fixed depths, chosen so that the median position takes roughly 0.2 to 0.4 s of CPU (measured
 * over the whole set on 2026-11-30; a few positions take some seconds). Changing one changes
 * the benchmark: say so beside the numbers.
 */
const DEPTHS: Partial<Record<VariantName, number>> = {
  english: 17,
  italian: 18,
  international: 13,
  // The 8×8 flying-king variants reach the same time per position some plies deeper (measured).
  brazilian: 19,
  russian: 19,
  spanish: 20,
  czech: 19,
  pool: 19,
  thai: 19,
  killer: 13,
  // International's moves to another end, with evaluations of their own. Antidraughts' trees
  // are narrow (a capture given is a capture forced): at 19 the median was 93 ms, the slowest 11 s.
  antidraughts: 19,
  breakthrough: 13,
  // Rook moves on 64 squares and sideways men: wide trees.
  turkish: 11,
  // International's board with captures along eight lines.
  frisian: 13,
  // Five men a side: narrow trees, searched deeper for the same time.
  frysk: 19,
  // International's rules on 12×12, 30 men a side: wider trees than international's.
  canadian: 12,
};

/** The bars of issue 9: medians over positions, in nodes per second. */
const BARS: Partial<Record<VariantName, number>> = { english: 10e6, international: 5e6 };

// ------------------------------------------------------------------------- options ----

interface Options {
  variants: VariantName[];
  depth?: number;
  json: boolean;
  seed: number;
  gamesDir: string;
  /** Only the first N positions of each variant (a quick look; the full set is the benchmark). */
  limit?: number;
  /** Core builds to compare, each position searched by each in turn; empty: the package's own. */
  wasm: string[];
  /** Evaluations: "learned" (the package's weight files) or "hand"; two or more compare side by side. */
  weights: ("learned" | "hand")[];
}

const USAGE = `usage: node dist/bench/search-speed.js [options]
  --variant V[,V...]  only these variants (${VARIANTS.join(', ')}); repeatable
  --depth D           search depth for every selected variant (default: each variant's fixed depth)
  --json              print one JSON object instead of the tables
  --seed N            seed of the random playouts (default ${DEFAULT_SEED})
  --games DIR         the folder of real games (default ../shared/games beside the package)
  --limit N           only the first N positions of each variant (a quick look, not the benchmark)
  --wasm FILE         search with this core build instead; repeat it to compare builds side by side
  --weights W         learned (the package's weight files, the default) or hand; give both to compare`;

function parseArgs(argv: string[]): Options {
  const o: Options = { variants: [], json: false, seed: DEFAULT_SEED, gamesDir: DEFAULT_GAMES_DIR, wasm: [], weights: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const take = (): string => {
      if (eq >= 0) return arg.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) fail(`${flag} needs a value`);
      return v;
    };
    const whole = (text: string, min: number, max: number): number => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < min || n > max) fail(`${flag}: expected a whole number from ${min} to ${max}, got ${text}`);
      return n;
    };
    switch (flag) {
      case '--variant':
      case '--variants':
        for (const v of take().split(',')) {
          const name = v.trim().toLowerCase();
          if (!(VARIANTS as readonly string[]).includes(name)) fail(`unknown variant: ${v}`);
          if (DEPTHS[name as VariantName] === undefined) fail(`${name}: the search does not play it (see bindings/search/input.ts)`);
          if (!o.variants.includes(name as VariantName)) o.variants.push(name as VariantName);
        }
        break;
      case '--depth':
        o.depth = whole(take(), 1, 64);
        break;
      case '--json':
        o.json = true;
        break;
      case '--seed':
        o.seed = whole(take(), 0, 2 ** 32 - 1);
        break;
      case '--limit':
        o.limit = whole(take(), 1, 1e6);
        break;
      case '--games':
        o.gamesDir = path.resolve(take());
        break;
      case '--wasm': {
        const file = path.resolve(take());
        if (!fs.existsSync(file)) fail(`--wasm: no such file: ${file}`);
        o.wasm.push(file);
        break;
      }
      case '--weights': {
        const w = take();
        if (w !== 'learned' && w !== 'hand') fail(`--weights: expected learned or hand, got ${w}`);
        if (!o.weights.includes(w)) o.weights.push(w);
        break;
      }
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        fail(`unknown option: ${arg}`);
    }
  }
  // Every variant the search plays has its depth above; one without a depth is left out.
  o.variants = o.variants.length === 0 ? VARIANTS.filter((v) => DEPTHS[v] !== undefined) : VARIANTS.filter((v) => o.variants.includes(v));
  return o;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

// -------------------------------------------------------------------- measurement ----

interface Searched {
  readonly label: string;
  readonly fen: string;
  readonly depth: number;
  readonly nodes: number;
  /** The process's CPU time (user + system) during the search, and the wall time. */
  readonly cpuMs: number;
  readonly wallMs: number;
}

/** Rates are nodes per second of each position; medians and means are over positions. */
interface VariantResult {
  readonly variant: VariantName;
  readonly depth: number;
  readonly source: string;
  readonly positions: number;
  readonly nodes: number;
  readonly medianCpuMs: number;
  readonly maxCpuMs: number;
  readonly medianNps: number;
  readonly meanNps: number;
  readonly medianWallNps: number;
  readonly meanWallNps: number;
  readonly searched: readonly Searched[];
}

/** One search, timed by the process's CPU time and by the wall clock. */
function searchOnce(engine: Engine, id: number, board: RawBoard, depth: number, ending: Ending, p: BenchPosition): Searched {
  engine.clearHash();
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const info = engine.search(id, board, { depth, ending });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(c0);
  // cpuUsage counts microseconds; a search shorter than that is given one.
  const cpuMs = Math.max(0.001, (cpu.user + cpu.system) / 1000);
  return { label: p.label, fen: p.position.toFen(), depth: info.depth, nodes: info.nodes, cpuMs, wallMs };
}

function summary(variant: VariantName, depth: number, source: string, searched: Searched[]): VariantResult {
  const cpuRates = searched.map((s) => s.nodes / (s.cpuMs / 1000));
  const wallRates = searched.map((s) => s.nodes / (s.wallMs / 1000));
  return {
    variant,
    depth,
    source,
    positions: searched.length,
    nodes: searched.reduce((a, s) => a + s.nodes, 0),
    medianCpuMs: median(searched.map((s) => s.cpuMs)),
    maxCpuMs: Math.max(...searched.map((s) => s.cpuMs)),
    medianNps: median(cpuRates),
    meanNps: mean(cpuRates),
    medianWallNps: median(wallRates),
    meanWallNps: mean(wallRates),
    searched,
  };
}

/**
 * Every position searched by each engine in turn (so a change of load hits them alike); one
 * result per engine, in the order given.
 */
function measure(engines: readonly Engine[], variant: VariantName, depth: number, set: PositionSet): VariantResult[] {
  const { id, ending } = variantInfo(variant);
  const boards = set.positions.map((p) => toCore(p.position).board);
  // Warm-up, not counted: lets V8 tier the core up before the first timed search.
  for (const engine of engines) {
    for (const board of boards.slice(0, 3)) {
      engine.clearHash();
      engine.search(id, board, { depth: Math.max(1, depth - 4), ending });
    }
  }
  const searched: Searched[][] = engines.map(() => []);
  set.positions.forEach((p, i) => {
    engines.forEach((engine, k) => searched[k]!.push(searchOnce(engine, id, boards[i]!, depth, ending, p)));
  });
  return searched.map((list) => summary(variant, depth, set.source, list));
}

// ------------------------------------------------------------------------- format ----

const group = (n: number): string => Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function rate(x: number): string {
  if (!Number.isFinite(x)) return '-';
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return x.toFixed(0);
}

const seconds = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

function bar(r: VariantResult): string {
  const wanted = BARS[r.variant];
  if (wanted === undefined) return '';
  return `${rate(wanted)}: ${r.medianNps >= wanted ? 'met' : 'not met'}`;
}

// --------------------------------------------------------------------------- main ----

/** The set of positions of a variant, cut to --limit. */
function selected(variant: VariantName, o: Options): PositionSet {
  const all = positionsOf(variant, o.gamesDir, o.seed);
  return o.limit === undefined ? all : { positions: all.positions.slice(0, o.limit), source: `${all.source}; first ${o.limit} only` };
}

/**
 * Builds side by side: per variant, each build's median rate, and the medians over positions of
 * each position's time and rate under a build divided by those under the first build (time to
 * the same depth matters where the trees differ). Equal node counts on every position mean the
 * builds searched the same tree.
 */
function compare(o: Options, engines: readonly Engine[], labels: readonly string[]): void {
  const rows: Record<string, unknown>[] = [];
  for (const variant of o.variants) {
    const set = selected(variant, o);
    const depth = o.depth ?? DEPTHS[variant]!;
    if (!o.json) process.stderr.write(`  ${variant}: ${set.positions.length} positions at depth ${depth}, ${engines.length} builds...\n`);
    const results = measure(engines, variant, depth, set);
    const first = results[0]!.searched;
    results.forEach((r, k) => {
      const ratios = r.searched.map((s, i) => s.nodes / s.cpuMs / (first[i]!.nodes / first[i]!.cpuMs));
      const sameTree = r.searched.every((s, i) => s.nodes === first[i]!.nodes);
      const cpuMs = r.searched.reduce((a, s) => a + s.cpuMs, 0);
      const timeRatios = r.searched.map((s, i) => s.cpuMs / first[i]!.cpuMs);
      rows.push({ variant, depth, build: labels[k]!, positions: r.positions, nodes: r.nodes, cpuMs, medianTimeRatio: median(timeRatios), medianNps: r.medianNps, medianRatio: median(ratios), sameTree, ...(o.json ? { searched: r.searched } : {}) });
    });
  }
  if (o.json) {
    console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, loadavg: os.loadavg(), builds: labels, rows }));
    return;
  }
  console.log('| Variant | Depth | Build | Positions | Total nodes | Total time | Median time ratio | Median nodes/s | Median nodes/s ratio | Same tree |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    console.log(`| ${r.variant} | ${r.depth} | ${r.build} | ${r.positions} | ${group(r.nodes as number)} | ${seconds(r.cpuMs as number)} | ${(r.medianTimeRatio as number).toFixed(3)} | ${rate(r.medianNps as number)} | ${(r.medianRatio as number).toFixed(3)} | ${r.sameTree ? 'yes' : 'no'} |`);
  }
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min) at the end`);
}

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model?.trim() ?? 'unknown CPU';
  const date = new Date();
  const weights = o.weights.length === 0 ? (['learned'] as const) : o.weights;
  const builds = o.wasm.length === 0 ? [undefined] : o.wasm;
  const engines: Engine[] = [];
  const labels: string[] = [];
  for (const file of builds) {
    for (const w of weights) {
      const engine = file === undefined ? createEngineSync() : createEngineSync(fs.readFileSync(file));
      // The package's weight files, every family: what a Searcher loads by default; a frozen
      // core (a folder of its commit's files beside it) plays those, and the hand-written
      // evaluation in a family its commit shipped none for, as in a match.
      if (w === 'learned') for (let family = 0; family < FAMILY_NAMES.length; family++) {
        const frozen = file === undefined ? undefined : frozenWeightsOf(file, family);
        const chosen = frozen === undefined ? shippedWeights(family) : frozen === 'hand' ? undefined : parseWeights(new Uint8Array(fs.readFileSync(frozen)));
        if (chosen !== undefined && engine.readsWeights(family)) engine.loadWeights(chosen);
      }
      engines.push(engine);
      labels.push([file === undefined ? '' : path.basename(file), weights.length > 1 ? `${w} evaluation` : ''].filter((x) => x).join(', ') || 'package');
    }
  }
  if (engines.length > 1) {
    compare(o, engines, labels);
    return;
  }
  const results: VariantResult[] = [];
  for (const variant of o.variants) {
    const set = selected(variant, o);
    const depth = o.depth ?? DEPTHS[variant]!;
    if (!o.json) process.stderr.write(`  ${variant}: ${set.positions.length} positions at depth ${depth}...\n`);
    results.push(measure(engines, variant, depth, set)[0]!);
  }

  if (o.json) {
    console.log(
      JSON.stringify({
        date: date.toISOString(),
        node: process.version,
        cpu: cpuModel,
        cores: cpus.length,
        loadavg: os.loadavg(),
        results: results.map((r) => ({ ...r, bar: BARS[r.variant] ?? null })),
      }),
    );
    return;
  }

  console.log('bitdraughts search speed');
  console.log(`date:     ${date.toISOString()}`);
  console.log(`node:     ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}`);
  console.log(`cpu:      ${cpuModel}, ${cpus.length} logical cores (the search runs on one)`);
  console.log(`load:     ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min) at the end; above ~1 per core the wall rates undercount`);
  console.log("each position searched alone to a fixed depth, table cleared first; rates are nodes / the process's CPU time");
  console.log('');
  for (const r of results) console.log(`${r.variant}: ${r.source}`);
  console.log('');
  console.log('Markdown:');
  console.log('');
  console.log('| Variant | Positions | Depth | Total nodes | Median time | Slowest | Median nodes/s | Mean nodes/s | Median nodes/s (wall) | Bar (median) |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    const cells = [r.variant, String(r.positions), String(r.depth), group(r.nodes), seconds(r.medianCpuMs), seconds(r.maxCpuMs), rate(r.medianNps), rate(r.meanNps), rate(r.medianWallNps), bar(r)];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log('');
  const playedOut = results.filter((r) => r.source.startsWith('no real games')).map((r) => r.variant);
  console.log(
    `${date.toISOString().slice(0, 10)}, ${cpuModel}, Node ${process.version}, one thread; \`npm run bench:search\`. ` +
      `Positions: plies ${FIRST_PLY}-${LAST_PLY} (every ${PLY_STEP}th) of the games in ../shared/games, games over skipped` +
      (playedOut.length > 0 ? `; ${playedOut.join(', ')} have no games there and use the ends of seeded random playouts of ${FIRST_PLY}-${LAST_PLY} plies` : '') +
      '. Each position searched alone (no history, table cleared) to the fixed depth. ' +
      "Times and rates per position use the process's CPU time, median and mean over positions; " +
      `the wall-time median is beside them (load average ${os.loadavg()[0]!.toFixed(2)} on ${cpus.length} cores: on an idle machine the two agree).`,
  );
}

main();
