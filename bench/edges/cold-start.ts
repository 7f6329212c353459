// Cold start: what a search costs when nothing is warm, as a bot that runs one process per move
// or a page's first "computer, move" meets it.
//
//   node dist/bench/edges/cold-start.js [--runs 15] [--movetime 50] [--variant english]
//
// 1. The command line: `bitdraughts search --variant V --movetime MS --json` in a new process,
//    RUNS times: the depth and `ms` it reports and the process's wall time.
// 2. The API: in a new process each run, a new Searcher's first search at MS, then newGame() and
//    a second search: both depths, and the first one's time from the call to its answer.
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
  // One run of part 2, in this fresh process: print one JSON line.
  const { Position, Searcher } = await import('../../bindings/index.js');
  const position = Position.initial(variant as 'english');
  const searcher = new Searcher();
  const called = performance.now();
  const first = searcher.search(position, { movetime });
  const returned = performance.now() - called;
  searcher.newGame();
  const second = searcher.search(position, { movetime });
  console.log(JSON.stringify({ firstDepth: first.depth, firstMs: returned, secondDepth: second.depth }));
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
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [self, '--child', '--movetime', String(movetime), '--variant', variant], { encoding: 'utf8' });
    const r = JSON.parse(out) as { firstDepth: number; firstMs: number; secondDepth: number };
    first.push(r.firstDepth);
    firstMs.push(r.firstMs);
    second.push(r.secondDepth);
    ratio.push(r.firstDepth / r.secondDepth);
  }
  console.log(`new Searcher, ${runs} processes: first search depth ${spread(first)} in ${spread(firstMs)} ms from the call; after newGame() depth ${spread(second)}; ratio ${spread(ratio.map((x) => 100 * x))} %`);
}
