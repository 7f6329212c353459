// `bitdraughts perft --split | --run-units | --merge`: perft as work units in plain files, so
// that any batch system can farm them out (docs/cli.md: the GNU parallel recipe).

import { appendFileSync, existsSync, readFileSync, truncateSync } from "node:fs";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { MAX_HASH_MIB, MAX_THREADS, WorkItem, countWork, defaultThreads, workOf } from "../perft/parallel.js";
import { Unit, UnitResult, mergeResults, parseUnitLine, splitUnits, taskOf, unitLine } from "../perft/units.js";
import type { PerftKeys } from "../perft/protocol.js";
import { Options, UsageError, depthOf, duplicatesOf, millions, positionOf, variantOf, wholeNumberOf } from "./args.js";
import { progressBar } from "./progress-bar.js";

/**
 * --threads (undefined: every core), --hash (MiB per worker, a power of two; 0 or absent: no
 * table), --key-seed and --check (the table's keys and check mode; undefined: the defaults).
 */
export function poolOptionsOf(options: Options): { threads: number | undefined; hashBytes: number; keys: PerftKeys | undefined } {
  const threads = wholeNumberOf(options, "threads", 1, MAX_THREADS);
  const mib = wholeNumberOf(options, "hash", 0, MAX_HASH_MIB) ?? 0;
  if ((mib & (mib - 1)) !== 0) throw new UsageError(`--hash must be 0 or a power of two from 1 to ${MAX_HASH_MIB} (MiB per worker), not ${JSON.stringify(options.hash)}`);
  const text = options["key-seed"];
  if (text !== undefined && !/^(\d{1,20}|0x[0-9a-fA-F]{1,16})$/.test(text)) throw new UsageError(`--key-seed must be a whole number from 0 to 2^64 - 1 (decimal or 0x hex), not ${JSON.stringify(text)}`);
  const seed = text === undefined ? 0n : BigInt(text);
  if (seed >= 2n ** 64n) throw new UsageError(`--key-seed must be a whole number from 0 to 2^64 - 1, not ${text}`);
  const check = options.check === true;
  if ((seed !== 0n || check) && mib === 0) throw new UsageError(`${text !== undefined ? "--key-seed" : "--check"} keys perft's table: it needs --hash`);
  return { threads, hashBytes: mib * 2 ** 20, keys: seed === 0n && !check ? undefined : { keySeed: seed, check } };
}

/** --split K: one JSON line per distinct position K plies down. */
export function runSplit(options: Options): number {
  const variant = variantOf(options);
  const depth = depthOf(options, true)!;
  const split = wholeNumberOf(options, "split", 0, depth);
  if (split === undefined) throw new UsageError("--split needs a number of plies");
  const position = positionOf(variant, options.fen, options["optional-capture"] === true);
  for (const unit of splitUnits(position, depth, split, duplicatesOf(options, variant))) console.log(unitLine(unit));
  return 0;
}

/** The JSON lines of a file, each with where it stands (file:line); a line cut short at the end of the file is left out when `partialEnd`. */
function readLines(file: string, partialEnd: boolean): { text: string; where: string }[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const lines = text.split("\n");
  if (partialEnd) lines.pop(); // "" after the last newline, or a line an interruption cut short
  return lines.map((line, i) => ({ text: line, where: `${file}:${i + 1}` })).filter((line) => line.text.trim() !== "");
}

/** An error of a file's content as a usage error naming the file and line. */
function read<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof DraughtsError) throw new UsageError(error.message);
    throw error;
  }
}

/** A key of a unit within all runs: a results file may hold several runs' units. */
function unitKey(unit: Unit): string {
  return `${unit.variant}|${unit.optionalCapture}|${unit.duplicates}|${unit.depth}|${unit.root}|${unit.split}|${unit.units}|${unit.unit}`;
}

/**
 * --run-units FILE [--results FILE]: counts each unit not yet in the results, appending a line
 * as each finishes (to stdout without --results), so a stopped run resumes where it stopped.
 */
export async function runUnits(options: Options): Promise<number> {
  const file = options["run-units"]!;
  const units = read(() => readLines(file, false).map((line) => parseUnitLine(line.text, line.where, false)));
  const resultsFile = options.results;
  const done = new Set<string>();
  if (resultsFile !== undefined && existsSync(resultsFile)) {
    // An interrupted run may have left its last line cut short: drop it, it is counted again.
    const text = readFileSync(resultsFile, "utf8");
    const end = text.lastIndexOf("\n") + 1;
    if (end < text.length) truncateSync(resultsFile, end);
    for (const line of readLines(resultsFile, true)) done.add(unitKey(read(() => parseUnitLine(line.text, line.where, true))));
  }
  const todo = units.filter((unit) => !done.has(unitKey(unit)));
  const { threads, hashBytes, keys } = poolOptionsOf(options);
  const unitOf = new Map<WorkItem, Unit>();
  const work = todo.flatMap((unit) => {
    const task = taskOf(unit);
    const [item] = workOf(Position.fromFen(unit.variant, unit.fen, { optionalCapture: unit.optionalCapture }), [{ ...task, multiplicity: unit.multiplicity }], task.keepRoutes);
    unitOf.set(item!, unit);
    return [item!];
  }).sort((a, b) => b.estimate - a.estimate);
  const write = (line: string): void => {
    if (resultsFile === undefined) console.log(line);
    else appendFileSync(resultsFile, `${line}\n`);
  };
  const bar = progressBar(false, `${todo.length} units`);
  const start = performance.now();
  try {
    await countWork(work, {
      threads: threads ?? (await defaultThreads()), hashBytes, keys, onProgress: bar.update,
      onItem: (item, nodes, ms, falseHits) => write(unitLine(unitOf.get(item)!, { nodes, ms, ...(keys && { keys, falseHits }) })),
    });
  } finally {
    bar.stop();
  }
  if (resultsFile !== undefined) console.log(`counted ${todo.length} units in ${Math.round(performance.now() - start)} ms (${units.length - todo.length} were already in ${resultsFile})`);
  return 0;
}

/** --merge FILE…: the total of a run's results, after checking them against the split. */
export function runMerge(files: string[], options: Options): number {
  if (files.length === 0) throw new UsageError("--merge needs the result files");
  const results: { result: UnitResult; where: string }[] = [];
  for (const file of files) {
    for (const line of readLines(file, false)) results.push({ result: read(() => parseUnitLine(line.text, line.where, true)), where: line.where });
  }
  const { run, nodes, ms, keySeed, check, falseHits } = read(() => mergeResults(results));
  const keys = keySeed !== "0" || check ? { keySeed, check, ...(check && { falseHits: String(falseHits) }) } : {};
  if (options.json === true) {
    console.log(JSON.stringify({ variant: run.variant, depth: run.depth, duplicates: run.duplicates, nodes: String(nodes), ms, ...keys }));
  } else {
    console.log(`perft ${run.variant}${run.optionalCapture ? " (optional capture)" : ""}, duplicates ${run.duplicates}, ${run.root}: ${run.units} units ${run.split} plies down, from ${files.length} file${files.length === 1 ? "" : "s"}`);
    console.log(`depth ${String(run.depth).padStart(2)}  nodes ${String(nodes).padStart(16)}  ${String(ms).padStart(8)} ms  ${millions(nodes, ms).padStart(12)}  (the units' times added)`);
    if (keySeed !== "0" || check) console.log(`key seed ${keySeed}${check ? `, check mode: ${falseHits} false hits found, counted again` : ""}`);
  }
  return 0;
}
