// Two or more builds of the core side by side: perft from the start position, the builds'
// runs interleaved (A B A B …) so that a change of load on a shared machine hits them alike.
//
//   node dist/bench/perft-compare.js [--variant V[,V...]] [--depth N] [--runs N] [--duplicates keep|drop] [--hash MiB [--check]] OLD.wasm NEW.wasm …
//
// Prints each build's median leaf nodes per second, by the wall clock and by the process's CPU
// time, the spread of its runs (slowest over fastest), and its ratio to the first build's.
// Every count is checked against the published one. --hash counts through perft's table
// (cleared before each run); --check adds, for each build that has it, a run in the table's
// check mode beside the plain one, so the check's cost is read off the same interleaving.

import { readFileSync } from 'node:fs';
import { Position, VARIANTS, createEngineSync, variantInfo } from '../bindings/index.js';
import type { Engine } from '../bindings/core/engine.js';
import { toCore } from '../bindings/core/position.js';
import type { VariantName } from '../bindings/index.js';
import { publishedCounts } from './competitors.js';

const USAGE = 'usage: node dist/bench/perft-compare.js [--variant V[,V...]] [--depth N] [--runs N] [--duplicates keep|drop] [--hash MiB [--check]] A.wasm B.wasm …';

const DEPTH: Record<VariantName, number> = {
  english: 11, italian: 11, international: 9, brazilian: 11, russian: 11, spanish: 11, czech: 11,
  pool: 11, thai: 9, killer: 9, antidraughts: 9, breakthrough: 9, turkish: 8, canadian: 8,
  frisian: 9, frysk: 9,
};

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const args = process.argv.slice(2);
const files: string[] = [];
let variants: VariantName[] = ['english', 'international', 'brazilian', 'russian'];
let depth: number | undefined;
let runs = 5;
let duplicates: 'keep' | 'drop' | undefined;
let hashMiB = 0;
let check = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = (): string => args[++i] ?? fail(`${a} needs a value`);
  if (a === '--variant') {
    variants = value().split(',') as VariantName[];
    for (const v of variants) if (!(VARIANTS as readonly string[]).includes(v)) fail(`unknown variant: ${v}`);
  } else if (a === '--depth') depth = Number(value());
  else if (a === '--runs') runs = Number(value());
  else if (a === '--duplicates') {
    const d = value();
    if (d !== 'keep' && d !== 'drop') fail('--duplicates: keep or drop');
    duplicates = d;
  } else if (a === '--hash') hashMiB = Number(value());
  else if (a === '--check') check = true;
  else if (a.startsWith('--')) fail(`unknown option: ${a}`);
  else files.push(a);
}
if (files.length < 1) fail('name at least one .wasm file');
if (!Number.isInteger(runs) || runs < 1) fail('--runs: a whole number from 1');
if (!Number.isInteger(hashMiB) || hashMiB < 0 || (hashMiB & (hashMiB - 1)) !== 0) fail('--hash: 0 or a power of two (MiB)');
if (check && hashMiB === 0) fail('--check needs --hash');

/** One column of the comparison: a build, counting plainly or through its table (in the check mode or not). */
interface Subject {
  readonly name: string;
  readonly engine: Engine;
  readonly checked: boolean;
}

const subjects: Subject[] = files.flatMap((name) => {
  const table = (): Engine => {
    const engine = createEngineSync(readFileSync(name));
    if (hashMiB > 0) engine.setPerftHash(hashMiB * 2 ** 20);
    return engine;
  };
  const plain: Subject = { name, engine: table(), checked: false };
  if (!check) return [plain];
  // A build from before the check mode has no such column.
  const engine = table();
  try {
    engine.setPerftCheck(true);
  } catch {
    return [plain];
  }
  return [plain, { name: `${name} +check`, engine, checked: true }];
});

/** One count of `variant` from its start: through the table (cleared first) when --hash is set. */
function count(subject: Subject, variant: VariantName, d: number, convention: 'keep' | 'drop'): bigint {
  const start = Position.initial(variant, { engine: subject.engine });
  if (hashMiB === 0) return start.perft(d, { duplicates: convention });
  const { variantId, board } = toCore(start);
  subject.engine.clearPerftHash();
  const nodes = subject.engine.perftWithTable(variantId, board, d, convention === 'keep');
  if (subject.checked && subject.engine.perftFalseHits() !== 0n) console.log(`  ${subject.name}: ${subject.engine.perftFalseHits()} false hits found`);
  return nodes;
}

for (const variant of variants) {
  const d = depth ?? DEPTH[variant];
  const convention = duplicates ?? variantInfo(variant).defaultDuplicates;
  const expected = publishedCounts(variant, convention)[d];
  const wall: number[][] = subjects.map(() => []);
  const cpu: number[][] = subjects.map(() => []);
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < subjects.length; k++) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      const nodes = count(subjects[k], variant, d, convention);
      const t1 = process.hrtime.bigint();
      const c = process.cpuUsage(c0);
      if (expected !== undefined && nodes !== expected) {
        throw new Error(`${subjects[k].name}: ${variant} perft ${d} (${convention}) = ${nodes}, published ${expected}`);
      }
      wall[k].push(Number(t1 - t0) / 1e6);
      cpu[k].push((c.user + c.system) / 1e3);
    }
  }
  const leaves = Number(expected ?? count(subjects[0], variant, d, convention));
  const through = hashMiB === 0 ? '' : `, through a ${hashMiB} MiB table`;
  console.log(`${variant} perft ${d} (${convention})${through}, ${runs} runs each, ${expected === undefined ? 'no published count' : 'counts as published'}`);
  const base = { wall: median(wall[0]), cpu: median(cpu[0]) };
  for (let k = 0; k < subjects.length; k++) {
    const w = median(wall[k]);
    const c = median(cpu[k]);
    const spread = Math.max(...wall[k]) / Math.min(...wall[k]);
    console.log(
      `  ${subjects[k].name}: ${w.toFixed(0)} ms, wall ${(leaves / w / 1e3).toFixed(1)} M/s (×${(base.wall / w).toFixed(3)}), ` +
        `cpu ${(leaves / c / 1e3).toFixed(1)} M/s (×${(base.cpu / c).toFixed(3)}), spread ×${spread.toFixed(2)}`,
    );
  }
}
