// The differential fuzzer's command line (issue 3):
//
//   npm run fuzz -- [--variant V[,V…]] [--seconds S] [--seed N] [--jobs J]
//                   [--positions N] [--optional-share X] [--iteration I]
//   node dist/tests/fuzz/cli.js --variant V --fen FEN [--optional-capture] [--depth D]
//
// Without --variant every variant is fuzzed; --seconds is the whole run's wall-clock time,
// shared equally by the variants (with --jobs J, J variants run side by side in worker
// threads). The seed is printed first; the same seed replays the same positions, and a
// mismatch names its iteration so `--iteration I` replays just that one. On a mismatch the
// fuzzer prints a one-line reproducer and exits with status 1; bad arguments exit with 2.
// --fen checks one position (perft to --depth, default 3, in both conventions).

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';

import { VARIANTS, createEngineSync, isVariantName } from '../../bindings/index.js';
import type { VariantName } from '../../bindings/index.js';
import { parseFen } from '../oracle/index.js';
import { Checker, checkPosition, comparePerft, oracleNode } from './check.js';
import { Mismatch } from './mismatch.js';
import { DEFAULTS, FuzzConfig, FuzzResult, fuzzVariant } from './run.js';

interface Args {
  variants: VariantName[];
  seconds: number;
  seed: number;
  jobs: number;
  positions?: number;
  optionalShare: number;
  iteration?: number;
  fen?: string;
  optionalCapture: boolean;
  depth: number;
}

class UsageError extends Error {}

const USAGE = `usage: fuzz [--variant V[,V...]] [--seconds S] [--seed N] [--jobs J] [--positions N]
            [--optional-share X] [--iteration I]
       fuzz --variant V --fen FEN [--optional-capture] [--depth D]
variants: ${VARIANTS.join(', ')}`;

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    variants: [...VARIANTS],
    seconds: 60,
    seed: (Date.now() ^ (process.pid << 16)) >>> 0,
    jobs: 1,
    optionalShare: DEFAULTS.optionalCaptureShare,
    optionalCapture: false,
    depth: 3,
  };
  const number = (name: string, text: string | undefined, min: number, integer = true): number => {
    const n = Number(text);
    if (text === undefined || text.trim() === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
      throw new UsageError(`${name} needs a ${integer ? 'whole ' : ''}number of at least ${min}, got ${JSON.stringify(text)}`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--variant':
      case '--variants': {
        const names = (value() ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
        for (const n of names) if (!isVariantName(n)) throw new UsageError(`unknown variant ${JSON.stringify(n)}`);
        if (names.length === 0) throw new UsageError('--variant needs a name');
        args.variants = names as VariantName[];
        break;
      }
      case '--seconds':
        args.seconds = number('--seconds', value(), 0, false);
        break;
      case '--seed':
        args.seed = number('--seed', value(), 0) >>> 0;
        break;
      case '--jobs':
        args.jobs = number('--jobs', value(), 1);
        break;
      case '--positions':
        args.positions = number('--positions', value(), 1);
        break;
      case '--optional-share':
        args.optionalShare = number('--optional-share', value(), 0, false);
        if (args.optionalShare > 1) throw new UsageError('--optional-share is a fraction from 0 to 1');
        break;
      case '--iteration':
        args.iteration = number('--iteration', value(), 0);
        break;
      case '--fen':
        args.fen = value();
        if (args.fen === undefined) throw new UsageError('--fen needs a FEN');
        break;
      case '--optional-capture':
        args.optionalCapture = true;
        break;
      case '--depth':
        args.depth = number('--depth', value(), 1);
        break;
      case '-h':
      case '--help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if (args.fen !== undefined && args.variants.length !== 1) throw new UsageError('--fen needs exactly one --variant');
  if (args.iteration !== undefined && args.variants.length !== 1) throw new UsageError('--iteration needs exactly one --variant');
  return args;
}

/** The plain-data part of a result, which can cross a worker boundary. */
interface Report {
  result: Omit<FuzzResult, 'mismatch'>;
  mismatch?: string;
}

function configFor(args: Args, variant: VariantName, seconds: number | undefined): FuzzConfig {
  return {
    ...DEFAULTS,
    variant,
    seed: args.seed,
    seconds,
    positions: args.positions,
    iteration: args.iteration,
    optionalCaptureShare: args.optionalShare,
  };
}

function runOne(config: FuzzConfig): Report {
  const result = fuzzVariant(config);
  const { mismatch, ...rest } = result;
  return { result: rest, mismatch: mismatch?.line() };
}

function describe(r: Omit<FuzzResult, 'mismatch'>): string {
  const total = r.mandatory.positions + r.optional.positions;
  const perft2 = r.mandatory.perft2 + r.optional.perft2;
  const perft3 = r.mandatory.perft3 + r.optional.perft3;
  const children = r.mandatory.children + r.optional.children;
  const makes = r.mandatory.makeUnmake + r.optional.makeUnmake;
  const kinds = Object.entries(r.kinds).sort().map(([k, n]) => `${k} ${n}`).join(', ');
  const sum = (k: 'captures' | 'precedence' | 'routes' | 'long' | 'crowning' | 'loop'): number => r.mandatory[k] + r.optional[k];
  return (
    `${r.variant}: ${total} positions (${r.mandatory.positions} mandatory capture, ${r.optional.positions} optional capture; ` +
    `${r.playoutPositions} in ${r.playouts} playouts of which ${r.finishedGames} played to the end, ${r.randomPositions} random set-ups: ${kinds || 'none'}), ` +
    `${children} positions after a move compared, perft to depth 3 at ${perft3} and to depth 2 at ${perft2} positions in both conventions, ` +
    `${makes} make/unmake pairs and ${r.walkSteps} make/unmake walk steps; rules exercised: ${sum('captures')} positions with captures, ` +
    `${sum('precedence')} where precedence ruled some out, ${sum('routes')} with several routes to one move, ${sum('long')} with captures of 4+ pieces, ` +
    `${sum('crowning')} with a man capturing on past the far row, ${sum('loop')} with a capture back to its start square; ` +
    `${r.iterations} iterations in ${(r.elapsedMs / 1000).toFixed(1)} s`
  );
}

/** Checks one position thoroughly (the replay of a reproducer). */
function checkOne(args: Args): number {
  const variant = args.variants[0];
  const ch = new Checker(variant, args.optionalCapture, createEngineSync(), createEngineSync());
  try {
    parseFen(variant, args.fen!);
  } catch (e) {
    throw new UsageError(`the oracle cannot read the FEN: ${(e as Error).message}`);
  }
  try {
    const checked = checkPosition(ch, args.fen!);
    for (let depth = 2; depth <= args.depth; depth++) comparePerft(ch, oracleNode(ch, parseFen(variant, args.fen!)), checked.engine, depth);
    console.log(`${variant}${args.optionalCapture ? ' (optional capture)' : ''} ${args.fen}: engine and oracle agree on ${checked.moves.length} moves (${checked.moves.map((m) => m.notation).join(' ') || 'none'}), the positions after them, keys, make/unmake and perft to depth ${args.depth}`);
    return 0;
  } catch (e) {
    if (e instanceof Mismatch) {
      console.log(e.line());
      return 1;
    }
    throw e;
  }
}

async function main(): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`fuzz: ${e.message}\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  if (args.fen !== undefined) {
    try {
      return checkOne(args);
    } catch (e) {
      if (e instanceof UsageError) {
        console.error(`fuzz: ${e.message}`);
        return 2;
      }
      throw e;
    }
  }

  const jobs = Math.max(1, Math.min(args.jobs, args.variants.length, availableParallelism()));
  const seconds = args.iteration !== undefined ? undefined : (args.seconds * jobs) / args.variants.length;
  console.log(
    `fuzz: seed ${args.seed}, ${args.variants.join(', ')}` +
      (args.iteration !== undefined ? `, iteration ${args.iteration}` : `, ${args.seconds} s in all (${seconds!.toFixed(1)} s a variant, ${jobs} at a time)`) +
      (args.positions !== undefined ? `, at most ${args.positions} positions a variant` : ''),
  );

  const reports: Report[] = [];
  const queue = [...args.variants];
  let failed: string | undefined;
  const workers: Worker[] = [];

  const runQueue = async (): Promise<void> => {
    while (queue.length > 0 && failed === undefined) {
      const variant = queue.shift()!;
      let report: Report;
      if (jobs === 1) {
        report = runOne(configFor(args, variant, seconds));
      } else {
        const got = await new Promise<Report | undefined>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: configFor(args, variant, seconds) });
          workers.push(worker);
          worker.once('message', (m: Report) => resolve(m));
          worker.once('error', reject);
          worker.once('exit', (code) => {
            // Stopped because another variant failed: nothing to report.
            if (failed !== undefined) resolve(undefined);
            else if (code !== 0) reject(new Error(`the worker for ${variant} exited with code ${code}`));
          });
        });
        if (got === undefined) return;
        report = got;
      }
      reports.push(report);
      console.log(describe(report.result));
      if (report.mismatch !== undefined && failed === undefined) {
        failed = report.mismatch;
        console.log(report.mismatch);
        for (const w of workers) void w.terminate();
      }
    }
  };
  await Promise.all(Array.from({ length: jobs }, () => runQueue()));

  const total = reports.reduce((n, r) => n + r.result.mandatory.positions + r.result.optional.positions, 0);
  if (failed !== undefined) {
    console.log(`fuzz: MISMATCH found (seed ${args.seed}); ${total} positions checked`);
    return 1;
  }
  console.log(`fuzz: no mismatch in ${total} positions (seed ${args.seed})`);
  return 0;
}

if (isMainThread) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 3;
    },
  );
} else {
  const report = runOne(workerData as FuzzConfig);
  parentPort!.postMessage(report);
}

