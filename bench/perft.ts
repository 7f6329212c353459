// Perft benchmark: bitdraughts against rapid-draughts (english) and draughts (international).
//
//   npm run bench                        all variants, headline depths, median of 5 runs
//   npm run bench -- --quick             smaller depths, 3 runs, short micro-benchmarks
//   npm run bench -- --variant english   one variant (repeat the flag or use a comma list)
//   npm run bench -- --help              all options
//
// Long perft runs are timed with a plain loop (process.hrtime.bigint, median of N runs);
// benchmark.js does the short same-depth comparison, where its many-cycle sampling fits.

import os from 'node:os';
import { createRequire } from 'node:module';
import { Position, VARIANTS, variantInfo } from '../bindings/index.js';
import {
  COMPETITORS,
  publishedCounts,
  draughtsPerftChecked,
  packageVersion,
  rapidDraughtsPerft,
  draughtsPerft,
  type Competitor,
} from './competitors.js';

const require = createRequire(import.meta.url);

type Variant = Parameters<typeof Position.initial>[0];

type VariantName = (typeof VARIANTS)[number];

/** Our depths: headline and --quick. */
const DEPTHS: Record<VariantName, { full: number; quick: number }> = {
  english: { full: 12, quick: 10 },
  italian: { full: 12, quick: 10 },
  international: { full: 10, quick: 8 },
  brazilian: { full: 12, quick: 10 },
  russian: { full: 12, quick: 10 },
  spanish: { full: 12, quick: 10 },
  czech: { full: 12, quick: 10 },
  pool: { full: 12, quick: 10 },
  thai: { full: 11, quick: 9 },
  killer: { full: 10, quick: 8 },
  antidraughts: { full: 10, quick: 8 },
  breakthrough: { full: 10, quick: 8 },
  turkish: { full: 9, quick: 8 },
  canadian: { full: 9, quick: 7 },
  frisian: { full: 10, quick: 8 },
  frysk: { full: 10, quick: 8 },
};

/**
 * Variants that play another's moves with its compiled generator (antidraughts and breakthrough
 * play international's): measured only when asked for by name, their speed is international's.
 */
const SAME_MOVES_AS: Partial<Record<VariantName, VariantName>> = { antidraughts: 'international', breakthrough: 'international' };

/** Published start-position counts we check against, in each variant's default convention. */
function reference(variant: VariantName, o: Options): readonly bigint[] {
  return publishedCounts(SAME_MOVES_AS[variant] ?? variant, o.duplicates ?? variantInfo(variant).defaultDuplicates);
}

// ------------------------------------------------------------------------- options ----

interface Options {
  quick: boolean;
  variants: VariantName[];
  runs: number;
  depth?: number;
  theirDepth?: number;
  competitors: boolean;
  micro: boolean;
  duplicates?: 'keep' | 'drop';
  maxRunSeconds: number;
}

const USAGE = `usage: node dist/bench/perft.js [options]
  --quick               smaller depths, 3 runs, shorter micro-benchmarks
  --variant V[,V...]    only these variants (${VARIANTS.join(', ')}); repeatable
  --runs N              timed runs per measurement (default 5, quick 3); the median is reported
  --depth N             our perft depth for every selected variant
  --their-depth N       competitors' perft depth
  --duplicates keep|drop  passed to Position.perft (default: the engine's default)
  --max-run-seconds S   lower our depth while one run is predicted to take longer (default 20)
  --no-competitors      skip rapid-draughts and draughts
  --no-micro            skip the benchmark.js same-depth comparison`;

function parseArgs(argv: string[]): Options {
  const o: Options = {
    quick: false,
    variants: [],
    runs: 0,
    competitors: true,
    micro: true,
    maxRunSeconds: 20,
  };
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) fail(`${flag} needs a value`);
    return v;
  };
  const int = (s: string, flag: string): number => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0) fail(`${flag}: not a non-negative integer: ${s}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const take = (): string => {
      if (inline !== undefined) return inline;
      const v = value(i, flag);
      i++;
      return v;
    };
    switch (flag) {
      case '--quick':
        o.quick = true;
        break;
      case '--variant':
      case '--variants':
        for (const v of take().split(',')) {
          const name = v.trim().toLowerCase();
          if (!(VARIANTS as readonly string[]).includes(name)) fail(`unknown variant: ${v}`);
          if (!o.variants.includes(name as VariantName)) o.variants.push(name as VariantName);
        }
        break;
      case '--runs':
        o.runs = Math.max(1, int(take(), flag));
        break;
      case '--depth':
        o.depth = int(take(), flag);
        break;
      case '--their-depth':
        o.theirDepth = int(take(), flag);
        break;
      case '--duplicates': {
        const d = take();
        if (d !== 'keep' && d !== 'drop') fail('--duplicates: keep or drop');
        o.duplicates = d;
        break;
      }
      case '--max-run-seconds':
        o.maxRunSeconds = Number(take());
        break;
      case '--no-competitors':
        o.competitors = false;
        break;
      case '--no-micro':
        o.micro = false;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        fail(`unknown option: ${arg}`);
    }
  }
  o.variants = o.variants.length === 0 ? VARIANTS.filter((v) => SAME_MOVES_AS[v] === undefined) : VARIANTS.filter((v) => o.variants.includes(v));
  if (o.runs === 0) o.runs = o.quick ? 3 : 5;
  return o;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

// ------------------------------------------------------------------------- timing ----

interface Timed {
  nodes: bigint;
  /** Milliseconds of each timed run. */
  times: number[];
  median: number;
  min: number;
  max: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function timeOnce(fn: () => bigint | number): { nodes: bigint; ms: number } {
  const t0 = process.hrtime.bigint();
  const r = fn();
  const t1 = process.hrtime.bigint();
  return { nodes: BigInt(r), ms: Number(t1 - t0) / 1e6 };
}

/** N timed runs of fn; every run must return the same count. */
function timeRuns(fn: () => bigint | number, runs: number): Timed {
  const times: number[] = [];
  let nodes: bigint | undefined;
  for (let i = 0; i < runs; i++) {
    const r = timeOnce(fn);
    if (nodes !== undefined && r.nodes !== nodes) {
      throw new Error(`perft is not deterministic: ${nodes} then ${r.nodes}`);
    }
    nodes = r.nodes;
    times.push(r.ms);
  }
  return { nodes: nodes ?? 0n, times, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

const nps = (t: Timed): number => Number(t.nodes) / (t.median / 1000);

// ------------------------------------------------------------------------- format ----

const group = (n: bigint | number): string => BigInt(Math.round(Number(n))).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function rate(x: number): string {
  if (!Number.isFinite(x)) return '-';
  if (x >= 1e9) return `${(x / 1e9).toFixed(2)} G`;
  if (x >= 1e6) return `${(x / 1e6).toFixed(x >= 1e8 ? 1 : 2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return x.toFixed(0);
}

function ms(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

function seconds(msValue: number): string {
  return msValue >= 1000 ? `${(msValue / 1000).toFixed(2)} s` : `${ms(msValue)} ms`;
}

const ratio = (x: number): string => (Number.isFinite(x) ? `${x >= 100 ? x.toFixed(0) : x.toFixed(1)}x` : '-');

/** Left-aligns text columns and right-aligns the others. */
function table(header: string[], rows: string[][], right: boolean[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, c) => (right[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function check(reference: readonly bigint[] | undefined, depth: number, nodes: bigint): { text: string; ok: boolean | undefined } {
  const expected = reference?.[depth];
  if (expected === undefined) return { text: 'n/a', ok: undefined };
  return expected === nodes ? { text: 'ok', ok: true } : { text: `MISMATCH (published ${group(expected)})`, ok: false };
}

// -------------------------------------------------------------------- measurement ----

interface OurResult {
  variant: VariantName;
  depth: number;
  note?: string;
  timed?: Timed;
  check?: string;
  error?: string;
}

interface TheirResult {
  competitor: Competitor;
  version: string;
  depth: number;
  timed: Timed;
  check: string;
  warnings: string[];
}

function perftOptions(o: Options): { duplicates?: 'keep' | 'drop' } | undefined {
  return o.duplicates ? { duplicates: o.duplicates } : undefined;
}

function measureOurs(variant: VariantName, o: Options): OurResult {
  let depth = o.depth ?? (o.quick ? DEPTHS[variant].quick : DEPTHS[variant].full);
  const result: OurResult = { variant, depth };
  try {
    const position = Position.initial(variant as Variant);
    const options = perftOptions(o);
    const run = (d: number) => () => position.perft(d, options);
    // Warm-up runs at smaller depths, which also predict the cost of one timed run.
    let note: string | undefined;
    if (depth >= 4) {
      if (depth >= 5) timeOnce(run(depth - 4)); // lets V8 tier the wasm up before predicting
      const a = timeOnce(run(depth - 3));
      const b = timeOnce(run(depth - 2));
      const branching = a.nodes > 0n ? Math.max(1, Number(b.nodes) / Number(a.nodes)) : 1;
      const base = depth - 2;
      const predictedMs = (d: number): number => b.ms * branching ** (d - base);
      const wanted = depth;
      if (o.depth === undefined) {
        while (depth > 1 && predictedMs(depth) / 1000 > o.maxRunSeconds) depth--;
      }
      if (depth !== wanted) {
        note = `depth lowered from ${wanted} (one run predicted at ${(predictedMs(wanted) / 1000).toFixed(1)} s, over --max-run-seconds)`;
      }
      timeOnce(run(Math.max(0, depth - 1)));
    }
    result.depth = depth;
    result.note = note;
    const timed = timeRuns(run(depth), o.runs);
    result.timed = timed;
    const c = check(reference(variant, o), depth, timed.nodes);
    result.check = c.text;
    if (c.ok === false) process.exitCode = 1;
  } catch (e) {
    result.error = e instanceof Error ? e.message : String(e);
  }
  return result;
}

function measureTheirs(competitor: Competitor, o: Options): TheirResult {
  const depth = o.theirDepth ?? (o.quick ? competitor.quickDepth : competitor.depth);
  const warnings: string[] = [];
  const label = `${competitor.pkg} (${competitor.driver})`;
  // Their counts at small depths against the published ones, before timing anything.
  for (let d = 1; d <= Math.min(competitor.verifyDepth, depth); d++) {
    const n = BigInt(competitor.perft(d));
    const expected = competitor.reference[d];
    if (expected !== undefined && n !== expected) {
      warnings.push(`${label} perft(${d}) = ${group(n)}, published ${group(expected)}`);
    }
  }
  if (competitor.pkg === 'draughts') {
    const c = draughtsPerftChecked(Math.min(competitor.verifyDepth, depth));
    if (c.ambiguousPositions > 0 || c.misplayedMoves > 0) {
      warnings.push(`${label}: ${c.ambiguousPositions} positions with two captures sharing from/to, ${c.misplayedMoves} moves not played as listed`);
    }
  }
  if (depth > 1) competitor.perft(depth - 1); // warm-up for the JIT
  const timed = timeRuns(() => competitor.perft(depth), o.runs);
  const c = check(competitor.reference, depth, timed.nodes);
  if (c.ok === false) warnings.push(`${label} perft(${depth}) = ${group(timed.nodes)}, published ${group(competitor.reference[depth] ?? 0n)}`);
  return { competitor, version: packageVersion(competitor.pkg), depth, timed, check: c.text, warnings };
}

// ----------------------------------------------------------- benchmark.js section ----

interface BenchmarkTarget {
  name: string;
  hz: number;
  stats: { rme: number; sample: number[] };
  error?: unknown;
}
interface BenchmarkSuite {
  add(name: string, fn: () => void, options?: Record<string, unknown>): BenchmarkSuite;
  on(event: string, listener: (event: { target: BenchmarkTarget }) => void): BenchmarkSuite;
  run(options?: { async?: boolean }): BenchmarkSuite;
}
interface BenchmarkModule {
  Suite: new (name?: string, options?: Record<string, unknown>) => BenchmarkSuite;
  version: string;
}

interface MicroRow {
  variant: VariantName;
  engine: string;
  depth: number;
  nodes: bigint;
  hz: number;
  rme: number;
  samples: number;
  ratio?: number;
}

function microBenchmarks(o: Options): MicroRow[] {
  const Benchmark = require('benchmark') as BenchmarkModule;
  const options = perftOptions(o);
  const cases: { variant: VariantName; depth: number; theirs: string; perft: (d: number) => number }[] = [
    { variant: 'english', depth: o.quick ? 6 : 7, theirs: `rapid-draughts ${packageVersion('rapid-draughts')}`, perft: rapidDraughtsPerft },
    { variant: 'international', depth: 4, theirs: `draughts ${packageVersion('draughts')}`, perft: draughtsPerft },
  ];
  const rows: MicroRow[] = [];
  for (const c of cases) {
    if (!o.variants.includes(c.variant)) continue;
    let position: ReturnType<typeof Position.initial>;
    try {
      position = Position.initial(c.variant as Variant);
      position.perft(1, options);
    } catch {
      continue;
    }
    const ourNodes = BigInt(position.perft(c.depth, options));
    const theirNodes = BigInt(c.perft(c.depth));
    let sink = 0n;
    const suite = new Benchmark.Suite(c.variant, {});
    const bench = { minSamples: 10, maxTime: o.quick ? 1 : 3 };
    suite
      .add('bitdraughts', () => {
        sink += BigInt(position.perft(c.depth, options));
      }, bench)
      .add(c.theirs, () => {
        sink += BigInt(c.perft(c.depth));
      }, bench)
      .on('cycle', (event) => {
        const t = event.target;
        if (t.error) throw t.error instanceof Error ? t.error : new Error(String(t.error));
        rows.push({
          variant: c.variant,
          engine: t.name,
          depth: c.depth,
          nodes: t.name === 'bitdraughts' ? ourNodes : theirNodes,
          hz: t.hz,
          rme: t.stats.rme,
          samples: t.stats.sample.length,
        });
      })
      .run({ async: false });
    if (sink < 0n) console.log(sink); // keep the results alive
    const ours = rows.find((r) => r.variant === c.variant && r.engine === 'bitdraughts');
    const theirs = rows.find((r) => r.variant === c.variant && r.engine !== 'bitdraughts');
    if (ours && theirs) theirs.ratio = (Number(ours.nodes) * ours.hz) / (Number(theirs.nodes) * theirs.hz);
    if (ourNodes !== theirNodes) {
      console.log(`WARNING: ${c.variant} perft(${c.depth}): bitdraughts ${group(ourNodes)}, ${c.theirs} ${group(theirNodes)}`);
    }
  }
  return rows;
}

// --------------------------------------------------------------------------- main ----

function main(): void {
  const o = parseArgs(process.argv.slice(2));
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model?.trim() ?? 'unknown CPU';
  const date = new Date();
  const runsText = `median of ${o.runs} run${o.runs === 1 ? '' : 's'}`;

  console.log('bitdraughts perft benchmark');
  console.log(`date:     ${date.toISOString()}`);
  console.log(`node:     ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}`);
  console.log(`cpu:      ${cpuModel}, ${cpus.length} logical cores (perft runs on one)`);
  console.log(`mode:     ${o.quick ? 'quick' : 'full'}, ${runsText}, start positions, last ply bulk-counted by every engine`);
  console.log('');

  const ours: OurResult[] = [];
  const theirs: TheirResult[] = [];
  for (const variant of o.variants) {
    process.stderr.write(`  bitdraughts ${variant}...\n`);
    ours.push(measureOurs(variant, o));
    if (!o.competitors) continue;
    for (const c of COMPETITORS) {
      if (c.variant !== variant) continue;
      process.stderr.write(`  ${c.pkg} (${c.driver})...\n`);
      theirs.push(measureTheirs(c, o));
    }
  }

  // Aligned text table: one row per measurement.
  const oursOf = (v: VariantName) => ours.find((r) => r.variant === v);
  const rows: string[][] = [];
  for (const r of ours) {
    if (r.error || !r.timed) {
      rows.push([r.variant, 'bitdraughts', String(r.depth), '-', '-', '-', '-', '', `ERROR: ${r.error ?? 'no result'}`]);
    } else {
      const t = r.timed;
      const spread = `${(((t.max - t.min) / t.median) * 100).toFixed(1)}%`;
      rows.push([r.variant, 'bitdraughts', String(r.depth), group(t.nodes), ms(t.median), spread, rate(nps(t)), '', (r.check ?? '') + (r.note ? `; ${r.note}` : '')]);
    }
    for (const x of theirs.filter((x) => x.competitor.variant === r.variant)) {
      const t = x.timed;
      const spread = `${(((t.max - t.min) / t.median) * 100).toFixed(1)}%`;
      const ourT = r.timed;
      const rat = ourT ? nps(ourT) / nps(t) : NaN;
      rows.push([
        '',
        `${x.competitor.pkg} ${x.version} (${x.competitor.driver})`,
        String(x.depth),
        group(t.nodes),
        ms(t.median),
        spread,
        rate(nps(t)),
        ratio(rat),
        x.check,
      ]);
    }
  }
  console.log(
    table(
      ['variant', 'engine', 'depth', 'leaf nodes', 'median ms', 'spread', 'leaf nodes/s', 'ours/theirs', 'check'],
      rows,
      [false, false, true, true, true, true, true, true, false],
    ),
  );
  console.log('');
  console.log(`spread = (slowest - fastest) / median over the ${o.runs} timed runs; ours/theirs = ratio of leaf nodes per second`);
  console.log('(the engines run at different depths, so compare nodes/s, not times).');
  const warnings = theirs.flatMap((x) => x.warnings);
  for (const w of warnings) console.log(`WARNING: ${w}`);
  if (theirs.length > 0 && warnings.length === 0) {
    console.log('competitor counts match the published perft numbers at every depth checked.');
  }

  // Same-depth comparison with benchmark.js.
  if (o.micro && o.competitors) {
    process.stderr.write('  benchmark.js same-depth comparison...\n');
    const micro = microBenchmarks(o);
    if (micro.length > 0) {
      console.log('');
      console.log(`Same depth, benchmark.js ${(require('benchmark') as BenchmarkModule).version} (ops/s of a whole perft call):`);
      console.log(
        table(
          ['variant', 'engine', 'depth', 'leaf nodes', 'perft/s', '±', 'samples', 'leaf nodes/s', 'ours/theirs'],
          micro.map((m) => [
            m.variant,
            m.engine,
            String(m.depth),
            group(m.nodes),
            m.hz >= 100 ? m.hz.toFixed(0) : m.hz.toFixed(2),
            `${m.rme.toFixed(1)}%`,
            String(m.samples),
            rate(Number(m.nodes) * m.hz),
            m.ratio === undefined ? '' : ratio(m.ratio),
          ]),
          [false, false, true, true, true, true, true, true, true],
        ),
      );
    }
  }

  // Markdown for bench/RESULTS.md: one row per variant, competitor columns where there is one.
  const headline = (v: VariantName) => theirs.find((x) => x.competitor.variant === v && !x.competitor.secondary);
  console.log('');
  console.log('Markdown:');
  console.log('');
  console.log('| Variant | Depth | Leaf nodes | Median time | Leaf nodes/s | Compared with (depth) | Their leaf nodes/s | Ours / theirs |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const v of o.variants) {
    const r = oursOf(v);
    if (!r) continue;
    const x = headline(v);
    const ok = r.timed && !r.error;
    const cells = [
      v,
      String(r.depth),
      ok ? group(r.timed!.nodes) : 'error',
      ok ? seconds(r.timed!.median) : '-',
      ok ? `${rate(nps(r.timed!))}` : '-',
      x ? `${x.competitor.pkg} ${x.version} (${x.depth})` : '',
      x ? rate(nps(x.timed)) : '',
      x && ok ? ratio(nps(r.timed!) / nps(x.timed)) : '',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log('');
  console.log(
    `Start positions, one thread, ${runsText}; ${date.toISOString().slice(0, 10)}, Node ${process.version}, ${cpuModel}. ` +
      'Every engine bulk-counts the last ply; the competitors run at smaller depths, so compare leaf nodes per second. ' +
      `rapid-draughts is driven through ${headlineRapidDriver()}; ` +
      'draughts through moves / move / undo (its move() regenerates the legal moves to validate).',
  );
}

function headlineRapidDriver(): string {
  return COMPETITORS.find((c) => c.pkg === 'rapid-draughts' && !c.secondary)?.driver ?? 'clone + move';
}

main();
