// Perft at scale, side by side in one run: workers against one thread, the table against none,
// and how the time grows with the depth. Every count is checked against the published one.
//
//   npm run bench:scale -- threads          english 13 and international 11: --threads 1 and N (the bar: ≥ 1.8× on 2 cores)
//   npm run bench:scale -- hash             english 15 with the table and without, N workers each (the bar: ≥ 5×)
//   npm run bench:scale -- growth           english 15 to 18 with the table and N workers: time per depth and its growth
//
// Options: --threads N (default: every core), --hash MB (each worker's table, default 256),
// --depths A-B (growth only).

import os from "node:os";
import { Position, perftAsync, type Duplicates, type VariantName } from "../bindings/index.js";
import { startCount as published } from "../tests/published.js";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const mode = process.argv[2] ?? "threads";
const threads = Number(option("threads", String(os.availableParallelism())));
const hash = Number(option("hash", "256"));

/** One timed count, checked against the published count; the seconds it took. */
async function timed(variant: VariantName, depth: number, duplicates: Duplicates, options: { threads: number; hash: number }): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  // When each subtree finished: with N workers, the last N - 1 finishes leave workers idle until the end.
  const finished: number[] = [];
  const nodes = await perftAsync(Position.initial(variant), depth, { ...options, duplicates, onProgress: () => finished.push(performance.now()) });
  const seconds = (performance.now() - start) / 1000;
  // The process's CPU time, workers included: the work done, whatever share of the cores it got.
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const expected = published(variant, depth, duplicates);
  const check = expected === undefined ? "(no published count)" : nodes === expected ? "= published" : `≠ published ${expected}: WRONG`;
  console.log(`${variant} ${depth} ${duplicates}  threads ${options.threads}  hash ${options.hash} MiB  ${nodes} ${check}  ${seconds.toFixed(2)} s  (CPU ${cpuSeconds.toFixed(2)} s)  ${(Number(nodes) / seconds / 1e6).toFixed(1)} M leaves/s`);
  if (options.threads > 1 && finished.length > options.threads) {
    const end = finished.at(-1)!;
    const idle = finished.slice(-options.threads, -1).reduce((sum, t) => sum + (end - t), 0) / 1000;
    console.log(`  workers idle at the end: ${idle.toFixed(2)} s in all, ${((100 * idle) / (options.threads * seconds)).toFixed(1)} % of their time`);
  }
  if (expected !== undefined && nodes !== expected) process.exitCode = 1;
  return seconds;
}

console.log(`perft-scale ${mode}: node ${process.version}, ${os.cpus()[0]?.model ?? "?"}, ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, ${new Date().toISOString()}`);
if (mode === "threads") {
  for (const [variant, depth, duplicates] of [["english", 13, "keep"], ["international", 11, "drop"]] as const) {
    const one = await timed(variant, depth, duplicates, { threads: 1, hash: 0 });
    const many = await timed(variant, depth, duplicates, { threads, hash: 0 });
    console.log(`${variant} ${depth}: ${threads} threads ${(one / many).toFixed(2)}× one thread\n`);
  }
} else if (mode === "hash") {
  const without = await timed("english", 15, "keep", { threads, hash: 0 });
  const withTable = await timed("english", 15, "keep", { threads, hash });
  console.log(`english 15: the table ${(without / withTable).toFixed(2)}× faster than none`);
} else if (mode === "growth") {
  const [from, to] = option("depths", "15-18").split("-").map(Number) as [number, number];
  let previous: number | undefined;
  for (let depth = from; depth <= to; depth++) {
    const seconds = await timed("english", depth, "keep", { threads, hash });
    if (previous !== undefined) console.log(`  × ${(seconds / previous).toFixed(2)} the time of depth ${depth - 1}`);
    previous = seconds;
  }
} else {
  console.error(`unknown mode ${JSON.stringify(mode)}: threads, hash or growth`);
  process.exitCode = 2;
}
