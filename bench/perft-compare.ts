// Two or more builds of the core side by side: perft from the start position, the builds'
// runs interleaved (A B A B …) so that a change of load on a shared machine hits them alike.
//
//   node dist/bench/perft-compare.js [--variant V[,V...]] [--depth N] [--runs N] [--duplicates keep|drop] OLD.wasm NEW.wasm …
//
// Prints each build's median leaf nodes per second, by the wall clock and by the process's CPU
// time, and its ratio to the first build's. Every count is checked against the published one.

import { readFileSync } from 'node:fs';
import { Position, VARIANTS, createEngineSync, variantInfo } from '../bindings/index.js';
import type { VariantName } from '../bindings/index.js';
import { publishedCounts } from './competitors.js';

const USAGE = 'usage: node dist/bench/perft-compare.js [--variant V[,V...]] [--depth N] [--runs N] [--duplicates keep|drop] A.wasm B.wasm …';

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
  } else if (a.startsWith('--')) fail(`unknown option: ${a}`);
  else files.push(a);
}
if (files.length < 1) fail('name at least one .wasm file');
if (!Number.isInteger(runs) || runs < 1) fail('--runs: a whole number from 1');

const engines = files.map((f) => createEngineSync(readFileSync(f)));

for (const variant of variants) {
  const d = depth ?? DEPTH[variant];
  const convention = duplicates ?? variantInfo(variant).defaultDuplicates;
  const expected = publishedCounts(variant, convention)[d];
  const starts = engines.map((engine) => Position.initial(variant, { engine }));
  const wall: number[][] = files.map(() => []);
  const cpu: number[][] = files.map(() => []);
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < files.length; k++) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      const nodes = starts[k].perft(d, { duplicates: convention });
      const t1 = process.hrtime.bigint();
      const c = process.cpuUsage(c0);
      if (expected !== undefined && nodes !== expected) {
        throw new Error(`${files[k]}: ${variant} perft ${d} (${convention}) = ${nodes}, published ${expected}`);
      }
      wall[k].push(Number(t1 - t0) / 1e6);
      cpu[k].push((c.user + c.system) / 1e3);
    }
  }
  const leaves = Number(expected ?? starts[0].perft(d, { duplicates: convention }));
  console.log(`${variant} perft ${d} (${convention}), ${runs} runs each, ${expected === undefined ? 'no published count' : 'counts as published'}`);
  const base = { wall: median(wall[0]), cpu: median(cpu[0]) };
  for (let k = 0; k < files.length; k++) {
    const w = median(wall[k]);
    const c = median(cpu[k]);
    console.log(
      `  ${files[k]}: ${w.toFixed(0)} ms, wall ${(leaves / w / 1e3).toFixed(1)} M/s (×${(base.wall / w).toFixed(3)}), ` +
        `cpu ${(leaves / c / 1e3).toFixed(1)} M/s (×${(base.cpu / c).toFixed(3)})`,
    );
  }
}
