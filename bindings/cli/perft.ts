// `bitdraughts perft`: a line per depth, divide and JSON; deep counts in a pool of workers
// (--threads, --hash) with a progress bar on a terminal; work units (perft-units.ts).

import { Position } from "../core/position.js";
import { Duplicates } from "../core/variant.js";
import { PerftPool, WorkItem, countWork, defaultThreads, openPool, splitForThreads } from "../perft/parallel.js";
import { Options, UsageError, allowOnly, depthOf, duplicatesOf, millions, optionsOf, positionOf, variantOf } from "./args.js";
import { poolOptionsOf, runMerge, runSplit, runUnits } from "./perft-units.js";
import { progressBar } from "./progress-bar.js";
import { runSuite } from "./perft-suite.js";

/** Depths from here on are counted in the workers; shallower ones take less time than starting them. */
const POOL_DEPTH = 8;

/** What a line counted: the total, the count below each root move (divide), and the false hits the check mode found. */
interface Counted {
  readonly nodes: bigint;
  readonly divide: Map<string, bigint>;
  readonly falseHits: bigint;
}

/** perft(depth) in the pool, the count below each root move too when `divide`. */
async function pooled(pool: PerftPool, position: Position, depth: number, duplicates: Duplicates, divide: boolean, json: boolean): Promise<Counted> {
  const keep = duplicates === "keep";
  const byRoot = new Map<string, bigint>();
  const rootOf = new Map<WorkItem, string>();
  let work: WorkItem[];
  if (divide && depth > 0) {
    const roots = [...position.divide(1, { duplicates }).keys()];
    work = roots.flatMap((name) => {
      byRoot.set(name, 0n);
      const items = splitForThreads(position.play(name), depth - 1, keep, Math.ceil(pool.size / roots.length));
      for (const item of items) rootOf.set(item, name);
      return items;
    }).sort((a, b) => b.estimate - a.estimate);
  } else work = splitForThreads(position, depth, keep, pool.size);
  const bar = progressBar(json, `depth ${depth}`);
  let falseHits = 0n;
  try {
    const nodes = await countWork(work, {
      threads: pool.size, hashBytes: 0, pool,
      onProgress: bar.update,
      onItem: (item, count, _ms, hits) => {
        falseHits += hits;
        const name = rootOf.get(item);
        if (name !== undefined) byRoot.set(name, byRoot.get(name)! + count * item.multiplicity);
      },
    });
    return { nodes: depth === 0 ? 1n : nodes, divide: byRoot, falseHits };
  } finally {
    bar.stop();
  }
}

export async function runPerft(options: Options, operands: string[]): Promise<number> {
  if (options.merge === true) return runMerge(operands, allowOnly(options, "perft --merge", optionsOf("perft --merge")));
  if (options.suite !== undefined) return runSuite(allowOnly(options, "perft --suite", optionsOf("perft --suite")));
  if (options["run-units"] !== undefined) return runUnits(allowOnly(options, "perft --run-units", optionsOf("perft --run-units")));
  if (options.results !== undefined) throw new UsageError("--results goes with --run-units");
  if (options.split !== undefined) return runSplit(allowOnly(options, "perft --split", optionsOf("perft --split")));
  allowOnly(options, "perft", optionsOf("perft"));
  const variant = variantOf(options);
  const depth = depthOf(options, true)!;
  const duplicates = duplicatesOf(options, variant);
  const position = positionOf(variant, options.fen, options["optional-capture"] === true);
  const { threads, hashBytes, keys } = poolOptionsOf(options);
  const json = options.json === true;
  const divide = options.divide === true;
  if (!json) console.log(`perft ${variant}${position.optionalCapture ? " (optional capture)" : ""}, duplicates ${duplicates}, ${position.toFen()}${keys ? `, key seed ${keys.keySeed}${keys.check ? ", check mode" : ""}` : ""}`);
  // Each depth on its own line (perft(0) = 1, the position itself, has its line too); --json
  // counts the last only. One pool serves every deep line, its tables kept from line to line.
  const asked = options.threads !== undefined || options.hash !== undefined;
  let pool: PerftPool | undefined;
  let last = { nodes: 0n, divide: new Map<string, bigint>(), falseHits: 0n, ms: 0 };
  try {
    for (let d = json ? depth : Math.min(1, depth); d <= depth; d++) {
      const start = performance.now();
      let counted: Counted;
      if (d >= POOL_DEPTH || (asked && d === depth && d > 0)) {
        pool ??= await openPool(threads ?? (await defaultThreads()), hashBytes, undefined, keys);
        counted = await pooled(pool, position, d, duplicates, divide && d === depth, json);
      } else if (divide && d === depth) {
        const counts = position.divide(d, { duplicates });
        counted = { nodes: [...counts.values()].reduce((a, b) => a + b, d === 0 ? 1n : 0n), divide: counts, falseHits: 0n };
      } else counted = { nodes: position.perft(d, { duplicates }), divide: new Map(), falseHits: 0n };
      last = { ...counted, ms: Math.round(performance.now() - start) };
      const hits = keys?.check === true && counted.falseHits > 0n ? `  (${counted.falseHits} false hits found, counted again)` : "";
      if (!json) console.log(`depth ${String(d).padStart(2)}  nodes ${String(last.nodes).padStart(16)}  ${String(last.ms).padStart(8)} ms  ${millions(last.nodes, last.ms).padStart(12)}${hits}`);
    }
  } finally {
    pool?.close();
  }
  if (json) {
    const line: Record<string, unknown> = { variant, depth, duplicates, nodes: String(last.nodes), ms: last.ms };
    if (keys !== undefined) Object.assign(line, { keySeed: String(keys.keySeed), check: keys.check }, keys.check && { falseHits: String(last.falseHits) });
    if (divide) line.divide = Object.fromEntries([...last.divide].map(([k, v]) => [k, String(v)]));
    console.log(JSON.stringify(line));
  } else if (divide) {
    for (const [name, count] of last.divide) console.log(`${name.padEnd(20)} ${count}`);
    console.log(`${"total".padEnd(20)} ${last.nodes}`);
  }
  return 0;
}
