// `bitdraughts perft --suite FILE`: each position of a perft suite counted to a depth and
// compared with its stated count, a line per position (pass or fail), as engine authors run
// such suites. Exit code 1 when any position fails.

import { readFileSync } from "node:fs";
import { Position } from "../core/position.js";
import { DraughtsError } from "../core/errors.js";
import { PerftPool, countWork, defaultThreads, openPool, splitForThreads } from "../perft/parallel.js";
import { SuitePosition, depthWithin, parseSuite } from "../perft/suite.js";
import { Options, UsageError, depthOf, millions, variantOf } from "./args.js";
import { poolOptionsOf } from "./perft-units.js";

/** Without --depth or --full, each position runs to its deepest stated depth within this many leaves: seconds for a suite. */
const QUICK_NODES = 2_000_000n;
/** Counts above this go to a pool of workers with tables (64 MiB each unless --hash says). */
const POOL_NODES = 20_000_000n;
const DEFAULT_POOL_MIB = 64;

export async function runSuite(options: Options): Promise<number> {
  const file = options.suite!;
  if (options.full === true && options.depth !== undefined) throw new UsageError("--full and --depth do not go together");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let suite;
  try {
    suite = parseSuite(text, file);
  } catch (error) {
    if (error instanceof DraughtsError) throw new UsageError(error.message);
    throw error;
  }
  const only = options.variant === undefined ? undefined : variantOf(options);
  const capped = depthOf(options, false);
  const json = options.json === true;
  const { threads, hashBytes, keys } = poolOptionsOf(options);
  const positions = suite.positions.filter((p) => only === undefined || p.variant === only);
  if (positions.length === 0) throw new UsageError(`${file} has no position of ${only}`);
  const depthOfPosition = (p: SuitePosition): number => (options.full === true ? p.counts.length : capped !== undefined ? Math.min(capped, p.counts.length) : depthWithin(p, QUICK_NODES));
  let pool: PerftPool | undefined;
  let failed = 0;
  const start = performance.now();
  try {
    for (const p of positions) {
      const depth = depthOfPosition(p);
      const expected = p.counts[depth - 1]!;
      const position = Position.fromFen(p.variant, p.fen, { optionalCapture: p.optionalCapture });
      const began = performance.now();
      let nodes: bigint;
      if (expected > POOL_NODES || hashBytes > 0) {
        pool ??= await openPool(threads ?? (await defaultThreads()), hashBytes || DEFAULT_POOL_MIB * 2 ** 20, undefined, keys);
        nodes = await countWork(splitForThreads(position, depth, p.duplicates === "keep", pool.size), { threads: pool.size, hashBytes: 0, pool });
      } else nodes = position.perft(depth, { duplicates: p.duplicates });
      const ms = Math.round(performance.now() - began);
      const pass = nodes === expected;
      if (!pass) failed++;
      if (json) console.log(JSON.stringify({ id: p.id, variant: p.variant, depth, expected: String(expected), nodes: String(nodes), pass, ms }));
      else console.log(`${pass ? "pass" : "FAIL"}  ${p.id.padEnd(28)} depth ${String(depth).padStart(2)}  ${String(nodes).padStart(16)}${pass ? "" : ` (expected ${expected})`}  ${String(ms).padStart(7)} ms  ${millions(nodes, ms).padStart(10)}`);
    }
  } finally {
    pool?.close();
  }
  const total = Math.round(performance.now() - start);
  if (json) console.log(JSON.stringify({ suite: file, positions: positions.length, failed, ms: total }));
  else console.log(`${positions.length - failed} of ${positions.length} positions pass (${file}, ${total} ms)`);
  return failed === 0 ? 0 : 1;
}
