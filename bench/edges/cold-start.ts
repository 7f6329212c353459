// Cold start: what a search costs when nothing is warm, as a bot that runs one process per move
// or a page's first "computer, move" meets it.
//
//   node dist/bench/edges/cold-start.js [--runs 15] [--movetime 50] [--variant english]
//
// 1. The command line: `bitdraughts search --variant V --movetime MS --json` in a new process,
//    RUNS times: the depth and `ms` it reports and the process's wall time.
// 2. The API: in a new process each run, a new Searcher's first search at MS, then newGame() and
//    a second search: both depths, and the first one's time from the call to its answer.
// 3. The parts of a cold start in those processes: node's start, importing the package, compiling
//    the core, another instance, the table, the weights, a Searcher's warm-up.
// Medians with the lowest and highest run; the runs one after another, so measure on a quiet machine.

import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string' }, movetime: { type: 'string' }, variant: { type: 'string' }, child: { type: 'boolean' } } });
const runs = Number(values.runs ?? 15);
const movetime = Number(values.movetime ?? 50);
const variant = values.variant ?? 'english';

if (values.child) {
  // One run of parts 2 and 3, in this fresh process: print one JSON line.
  let mark = performance.now();
  const lap = (): number => -mark + (mark = performance.now());
  const processStart = mark; // ms since the process started (performance's time origin)
  const { Position, Searcher, createEngineSync } = await import('../../bindings/index.js');
  const { shippedWeights } = await import('../../bindings/eval/shipped.js');
  const { familyOf } = await import('../../bindings/eval/weights.js');
  const imported = lap();
  const position = Position.initial(variant as 'english');
  const compiled = lap();
  const core = createEngineSync();
  const instance = lap();
  core.setHashSize(32);
  core.clearHash();
  const table = lap();
  const weights = shippedWeights(familyOf(variant as 'english'));
  if (weights !== undefined) core.loadWeights(weights);
  const loaded = lap();
  new Searcher({ engine: core, variants: [variant as 'english'] });
  const warmUp = lap();
  const parts = { processStart, imported, compiled, instance, table, weights: loaded, warmUp };
  const searcher = new Searcher();
  const called = performance.now();
  const first = searcher.search(position, { movetime });
  const returned = performance.now() - called;
  searcher.newGame();
  const second = searcher.search(position, { movetime });
  console.log(JSON.stringify({ firstDepth: first.depth, firstMs: returned, secondDepth: second.depth, parts }));
} else {
  const cli = fileURLToPath(new URL('../../bindings/cli/main.js', import.meta.url));
  const self = fileURLToPath(import.meta.url);
  const spread = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b);
    return `${s[Math.floor((s.length - 1) / 2)]!.toFixed(1)} (${s[0]!.toFixed(1)}–${s[s.length - 1]!.toFixed(1)})`;
  };
  const depth: number[] = [], ms: number[] = [], wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const out = execFileSync(process.execPath, [cli, 'search', '--variant', variant, '--movetime', String(movetime), '--json'], { encoding: 'utf8' });
    wall.push(performance.now() - start);
    const answer = JSON.parse(out.trim().split('\n').pop()!) as { depth: number; ms: number };
    depth.push(answer.depth);
    ms.push(answer.ms);
  }
  console.log(`${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`command line, ${variant}, --movetime ${movetime}, ${runs} processes: depth ${spread(depth)}, ms ${spread(ms)}, wall ${spread(wall)} ms`);
  const first: number[] = [], firstMs: number[] = [], second: number[] = [], ratio: number[] = [];
  const parts: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [self, '--child', '--movetime', String(movetime), '--variant', variant], { encoding: 'utf8' });
    const r = JSON.parse(out) as { firstDepth: number; firstMs: number; secondDepth: number; parts: Record<string, number> };
    parts.push(r.parts);
    first.push(r.firstDepth);
    firstMs.push(r.firstMs);
    second.push(r.secondDepth);
    ratio.push(r.firstDepth / r.secondDepth);
  }
  console.log(`new Searcher, ${runs} processes: first search depth ${spread(first)} in ${spread(firstMs)} ms from the call; after newGame() depth ${spread(second)}; ratio ${spread(ratio.map((x) => 100 * x))} %`);
  const names: Record<string, string> = {
    processStart: 'node start to the script', imported: 'import the package (inlined core)', compiled: 'compile the core (first Position)',
    instance: 'a second instance', table: '32 MiB table, cleared', weights: "the family's weights", warmUp: 'warm-up search (table and weights ready)',
  };
  for (const [key, name] of Object.entries(names)) console.log(`  ${name.padEnd(44)} ${spread(parts.map((p) => p[key]!))} ms`);
}
