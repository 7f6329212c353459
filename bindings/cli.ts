#!/usr/bin/env node
// The `bitdraughts` command. Other tools script against it, so its forms and JSON lines are
// kept exactly as documented in the README; errors in the arguments exit with code 2 and one line.

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { DraughtsError } from "./errors.js";
import { describeResult } from "./game.js";
import { type PdnEntry, readPdn } from "./pdn-read.js";
import { Position } from "./position.js";
import { Duplicates, VARIANTS, VariantName, variantInfo } from "./variant.js";

const USAGE = `usage:
  bitdraughts perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] [--divide] [--json]
  bitdraughts moves --variant V [--fen F] [--optional-capture] [--json]
  bitdraughts table [--depth D] [--variant V] [--json]
  bitdraughts pdn check FILE [--variant V] [--json]
  bitdraughts pdn fen FILE [--variant V]
variants: ${VARIANTS.join(", ")}`;

/** Start-position depths for `table`: about a second each on a small machine. */
const TABLE_DEPTHS: Record<VariantName, number> = {
  english: 11, italian: 11, international: 9, brazilian: 11, russian: 11, spanish: 11, czech: 11,
};

class UsageError extends Error {}

interface Options {
  variant?: string;
  depth?: string;
  fen?: string;
  "optional-capture"?: boolean;
  duplicates?: string;
  divide?: boolean;
  json?: boolean;
  help?: boolean;
}

function parse(argv: string[]): { command: string; options: Options; operands: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        variant: { type: "string" },
        depth: { type: "string" },
        fen: { type: "string" },
        "optional-capture": { type: "boolean" },
        duplicates: { type: "string" },
        divide: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0]!);
  }
  // `pdn` takes an action and a file; the other commands take no operand.
  const operandCount = parsed.positionals[0] === "pdn" ? 3 : 1;
  if (parsed.positionals.length > operandCount) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[operandCount])}`);
  return { command: parsed.positionals[0] ?? "help", options: parsed.values as Options, operands: parsed.positionals.slice(1) };
}

function variantOf(options: Options): VariantName {
  if (options.variant === undefined) throw new UsageError("--variant is required");
  try {
    return variantInfo(options.variant).name;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function depthOf(options: Options, required: boolean): number | undefined {
  if (options.depth === undefined) {
    if (required) throw new UsageError("--depth is required");
    return undefined;
  }
  if (!/^\d{1,2}$/.test(options.depth) || Number(options.depth) > 64) {
    throw new UsageError(`--depth must be a whole number from 0 to 64, not ${JSON.stringify(options.depth)}`);
  }
  return Number(options.depth);
}

function duplicatesOf(options: Options, variant: VariantName): Duplicates {
  const value = options.duplicates ?? variantInfo(variant).defaultDuplicates;
  if (value !== "keep" && value !== "drop") throw new UsageError(`--duplicates must be keep or drop, not ${JSON.stringify(value)}`);
  return value;
}

function positionOf(variant: VariantName, fen: string | undefined, optionalCapture: boolean): Position {
  if (fen === undefined) return Position.initial(variant, { optionalCapture });
  try {
    return Position.fromFen(variant, fen, { optionalCapture });
  } catch (error) {
    if (error instanceof DraughtsError) throw new UsageError(`--fen: ${error.message}`);
    throw error;
  }
}

function millions(nodes: bigint, ms: number): string {
  return ms > 0 ? `${(Number(nodes) / ms / 1000).toFixed(1)} M/s` : "-";
}

const progressShown = process.stderr.isTTY === true;

function progress(text: string): void {
  if (progressShown) process.stderr.write(`\r\x1b[K${text}`);
}

/**
 * Perft, one root move at a time when the run is long, so that progress can be shown and
 * divide counts come for free. Returns the total and the count of each root move (or route).
 */
function perftByRoots(position: Position, depth: number, duplicates: Duplicates, label: string): { nodes: bigint; divide: Map<string, bigint> } {
  const divide = new Map<string, bigint>();
  if (depth === 0) return { nodes: 1n, divide };
  const roots = [...position.divide(1, { duplicates }).keys()];
  let nodes = 0n;
  roots.forEach((name, i) => {
    progress(`${label}: root move ${i + 1}/${roots.length} (${name})`);
    const count = position.play(name).perft(depth - 1, { duplicates });
    divide.set(name, count);
    nodes += count;
  });
  progress("");
  return { nodes, divide };
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - start) };
}

function runPerft(options: Options): void {
  const variant = variantOf(options);
  const depth = depthOf(options, true)!;
  const duplicates = duplicatesOf(options, variant);
  const position = positionOf(variant, options.fen, options["optional-capture"] === true);
  const json = options.json === true;
  if (!json) console.log(`perft ${variant}${position.optionalCapture ? " (optional capture)" : ""}, duplicates ${duplicates}, ${position.toFen()}`);
  // Shallow depths first, each on its own line; the last is split by root move for progress.
  let last = { value: { nodes: 0n, divide: new Map<string, bigint>() }, ms: 0 };
  const first = json ? depth : 1;
  for (let d = first; d <= depth; d++) {
    const byRoots = options.divide === true || (d === depth && d >= 8);
    last = timed(() => byRoots ? perftByRoots(position, d, duplicates, `depth ${d}`) : { nodes: position.perft(d, { duplicates }), divide: new Map() });
    if (!json) console.log(`depth ${String(d).padStart(2)}  nodes ${String(last.value.nodes).padStart(16)}  ${String(last.ms).padStart(8)} ms  ${millions(last.value.nodes, last.ms).padStart(12)}`);
  }
  if (json) {
    const line: Record<string, unknown> = { variant, depth, duplicates, nodes: String(last.value.nodes), ms: last.ms };
    if (options.divide === true) line.divide = Object.fromEntries([...last.value.divide].map(([k, v]) => [k, String(v)]));
    console.log(JSON.stringify(line));
  } else if (options.divide === true) {
    for (const [name, count] of last.value.divide) console.log(`${name.padEnd(20)} ${count}`);
    console.log(`${"total".padEnd(20)} ${last.value.nodes}`);
  }
}

function movesJson(position: Position): string {
  return JSON.stringify(position.legalMoves().map((m) => ({ from: m.from, to: m.to, path: m.path, captured: m.captured, notation: m.notation })));
}

async function runMoves(options: Options): Promise<void> {
  const variant = variantOf(options);
  const optionalCapture = options["optional-capture"] === true;
  const show = (position: Position): string => options.json === true ? movesJson(position) : position.legalMoves().map((m) => m.notation).join(" ");
  if (options.fen !== undefined) {
    console.log(show(positionOf(variant, options.fen, optionalCapture)));
    return;
  }
  // Batch mode: one FEN a line in, one answer a line out; a bad line answers with its error.
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    try {
      console.log(show(Position.fromFen(variant, line, { optionalCapture })));
    } catch (error) {
      if (!(error instanceof DraughtsError)) throw error;
      console.log(options.json === true ? JSON.stringify({ error: error.message }) : `error: ${error.message}`);
    }
  }
}

function runTable(options: Options): void {
  const depth = depthOf(options, false);
  const variants = options.variant === undefined ? VARIANTS : [variantOf(options)];
  const rows = variants.map((variant) => {
    const position = Position.initial(variant);
    const d = depth ?? TABLE_DEPTHS[variant];
    const duplicates = variantInfo(variant).defaultDuplicates;
    progress(`${variant} perft ${d}…`);
    const { value: nodes, ms } = timed(() => position.perft(d, { duplicates }));
    progress("");
    const row = { variant, depth: d, duplicates, nodes: String(nodes), ms, rate: millions(nodes, ms) };
    if (options.json === true) console.log(JSON.stringify({ variant, depth: d, duplicates, nodes: row.nodes, ms }));
    return row;
  });
  if (options.json === true) return;
  console.log(`Perft from the start position (leaf nodes, bulk-counted last ply)`);
  console.log(`${"variant".padEnd(14)} ${"depth".padStart(5)}  ${"dups".padEnd(4)} ${"nodes".padStart(14)} ${"ms".padStart(8)} ${"leaf nodes/s".padStart(13)}`);
  for (const r of rows) {
    console.log(`${r.variant.padEnd(14)} ${String(r.depth).padStart(5)}  ${r.duplicates.padEnd(4)} ${r.nodes.padStart(14)} ${String(r.ms).padStart(8)} ${r.rate.padStart(13)}`);
  }
}

/** The fallback variant of `pdn`, for games without a GameType: --variant, or none. */
function fallbackVariantOf(options: Options): VariantName | undefined {
  return options.variant === undefined ? undefined : variantOf(options);
}

/** `pdn check FILE` and `pdn fen FILE`: a line per game; exit code 1 when some game has an error. */
function runPdn(operands: string[], options: Options): number {
  const [action, file] = operands;
  if (action !== "check" && action !== "fen") throw new UsageError(`pdn needs an action, check or fen, not ${JSON.stringify(action ?? "")}`);
  if (file === undefined) throw new UsageError(`pdn ${action} needs a FILE (- for standard input)`);
  const variant = fallbackVariantOf(options);
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const games = readPdn(text, { continueOnError: true, ...(variant !== undefined && { variant }) });
  for (const entry of games) console.log(action === "fen" ? fenLine(entry) : options.json === true ? JSON.stringify(checkJson(entry)) : checkLine(entry));
  return games.some((g) => g.error !== undefined) ? 1 : 0;
}

function fenLine(entry: PdnEntry): string {
  return entry.error !== undefined ? `error: ${entry.error.message}` : entry.game!.position.toFen();
}

function checkLine(entry: PdnEntry): string {
  const head = `game ${entry.number}`;
  if (entry.error !== undefined) return `${head}: error: ${entry.error.message}`;
  const game = entry.game!;
  const board = game.result.status === "ongoing" ? "" : `, ${describeResult(game.result)}`;
  return `${head}: ${entry.variant}, ${game.ply} plies, result ${entry.result ?? "none"}${board}, ${game.position.toFen()}`;
}

function checkJson(entry: PdnEntry): Record<string, unknown> {
  const line: Record<string, unknown> = { game: entry.number, line: entry.record.line, variant: entry.variant ?? null };
  if (entry.game !== undefined) {
    line.plies = entry.game.ply;
    line.result = entry.result ?? null;
    line.end = entry.game.result;
    line.fen = entry.game.position.toFen();
  }
  if (entry.error !== undefined) line.error = entry.error.message;
  return line;
}

async function main(argv: string[]): Promise<number> {
  try {
    const { command, options, operands } = parse(argv);
    if (options.help === true || command === "help") {
      console.log(USAGE);
      return 0;
    }
    if (command === "perft") runPerft(options);
    else if (command === "moves") await runMoves(options);
    else if (command === "table") runTable(options);
    else if (command === "pdn") return runPdn(operands, options);
    else throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`bitdraughts: ${error.message} (see bitdraughts --help)`);
      return 2;
    }
    if (error instanceof DraughtsError) {
      console.error(`bitdraughts: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
