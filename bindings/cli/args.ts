// What every command shares: argument parsing, the usage text, and the checks that turn a bad
// argument into a UsageError (exit code 2, one line).

import { parseArgs } from "node:util";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { Game } from "../game/game.js";
import { LEVELS } from "../search/levels.js";
import type { Level, SearchLimits } from "../search/types.js";
import { Color, Duplicates, VARIANTS, VariantName, variantInfo } from "../core/variant.js";

export const USAGE = `usage:
  bitdraughts --version
  bitdraughts perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] [--divide] [--threads N] [--hash MB] [--json]
  bitdraughts perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] --split K
  bitdraughts perft --run-units FILE [--results FILE] [--threads N] [--hash MB]
  bitdraughts perft --merge FILE… [--json]
  bitdraughts moves --variant V [--fen F] [--optional-capture] [--json]
  bitdraughts table [--depth D] [--variant V] [--json]
  bitdraughts pdn check FILE [--variant V] [--json]
  bitdraughts pdn fen FILE [--variant V]
  bitdraughts search --variant V [--fen F] [--moves "M1 M2 …"] [--depth D | --movetime MS | --nodes N] [--multipv K] [--level L] [--optional-capture] [--json]
  bitdraughts play --variant V [--level L] [--color white|black] [--fen F] [--optional-capture]
  bitdraughts analyse FILE [--movetime MS | --depth D] [--variant V] [--optional-capture] [--output FILE]
  bitdraughts hub [--variant V] [--protocol 1|2]
  bitdraughts dxp --connect HOST:PORT [--games N] [--time MINUTES --moves M] [--level L] [--variant V] [--pdn FILE]
  bitdraughts dxp --listen PORT [--level L] [--games N] [--variant V] [--pdn FILE]
  bitdraughts egdb build --variant V --pieces N [--dir D] [--threads T]
  bitdraughts egdb probe --variant V --fen F [--dir D]
  bitdraughts egdb verify [--variant V] [--dir D]
variants: ${VARIANTS.join(", ")}`;

export class UsageError extends Error {}

export interface Options {
  variant?: string;
  depth?: string;
  fen?: string;
  "optional-capture"?: boolean;
  duplicates?: string;
  divide?: boolean;
  json?: boolean;
  help?: boolean;
  version?: boolean;
  moves?: string;
  movetime?: string;
  nodes?: string;
  multipv?: string;
  level?: string;
  color?: string;
  output?: string;
  protocol?: string;
  connect?: string;
  listen?: string;
  games?: string;
  time?: string;
  pdn?: string;
  threads?: string;
  hash?: string;
  split?: string;
  "run-units"?: string;
  results?: string;
  merge?: boolean;
  pieces?: string;
  dir?: string;
}

/** The options that take a value: a value such as `-1` after them is theirs, not an option. */
const VALUE_OPTIONS = new Set(["--variant", "--depth", "--fen", "--duplicates", "--moves", "--movetime", "--nodes", "--multipv", "--level", "--color", "--output", "--protocol", "--connect", "--listen", "--games", "--time", "--pdn", "--threads", "--hash", "--split", "--pieces", "--dir"]);

export function parse(argv: string[]): { command: string; options: Options; operands: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: attachValues(argv),
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
        version: { type: "boolean", short: "V" },
        moves: { type: "string" },
        movetime: { type: "string" },
        nodes: { type: "string" },
        multipv: { type: "string" },
        level: { type: "string" },
        color: { type: "string" },
        output: { type: "string" },
        protocol: { type: "string" },
        connect: { type: "string" },
        listen: { type: "string" },
        games: { type: "string" },
        time: { type: "string" },
        pdn: { type: "string" },
        threads: { type: "string" },
        hash: { type: "string" },
        split: { type: "string" },
        "run-units": { type: "string" },
        results: { type: "string" },
        merge: { type: "boolean" },
        pieces: { type: "string" },
        dir: { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }));
  }
  // `pdn` takes an action and a file, `analyse` a file; the other commands take no operand.
  // `perft --merge` takes its result files.
  const operandCount = parsed.positionals[0] === "pdn" ? 3 : parsed.positionals[0] === "analyse" || parsed.positionals[0] === "egdb" ? 2 : parsed.values.merge === true ? Infinity : 1;
  if (parsed.positionals.length > operandCount) throw new UsageError(`unexpected argument ${JSON.stringify(parsed.positionals[operandCount])}`);
  return { command: parsed.positionals[0] ?? "help", options: parsed.values as Options, operands: parsed.positionals.slice(1) };
}

/** `--depth -1` as `--depth=-1`, so that the depth check, not the option parser, answers it. */
function attachValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (VALUE_OPTIONS.has(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** The option parser's errors in one short line. */
function usageMessage(error: Error & { code?: string }): string {
  const option = /'(-[^' ]*)/.exec(error.message)?.[1];
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined) return `unknown option ${option}`;
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option !== undefined) {
    return /argument missing/.test(error.message) ? `${option} needs a value` : `${option} takes no value`;
  }
  return error.message.split(/\.\s|\n/)[0]!;
}

/** The options unchanged, or a UsageError naming the first one that `command` does not take. */
export function allowOnly(options: Options, command: string, allowed: readonly (keyof Options)[]): Options {
  const extra = (Object.keys(options) as (keyof Options)[]).find((name) => name !== "help" && !allowed.includes(name));
  if (extra !== undefined) throw new UsageError(`${command} does not take --${extra}`);
  return options;
}

export function variantOf(options: Options): VariantName {
  if (options.variant === undefined) throw new UsageError("--variant is required");
  try {
    return variantInfo(options.variant).name;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function depthOf(options: Options, required: boolean): number | undefined {
  if (options.depth === undefined) {
    if (required) throw new UsageError("--depth is required");
    return undefined;
  }
  if (!/^\d{1,2}$/.test(options.depth) || Number(options.depth) > 64) {
    throw new UsageError(`--depth must be a whole number ≥ 0 (at most 64), not ${JSON.stringify(options.depth)}`);
  }
  return Number(options.depth);
}

/** A whole-number option within [min, max]; undefined when it is absent. */
export function wholeNumberOf(options: Options, name: "movetime" | "nodes" | "multipv" | "level" | "threads" | "hash" | "split", min: number, max: number): number | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

export function colorOf(options: Options): Color | undefined {
  const value = options.color;
  if (value === undefined) return undefined;
  if (value !== "white" && value !== "black") throw new UsageError(`--color must be white or black, not ${JSON.stringify(value)}`);
  return value;
}

export function duplicatesOf(options: Options, variant: VariantName): Duplicates {
  const value = options.duplicates ?? variantInfo(variant).defaultDuplicates;
  if (value !== "keep" && value !== "drop") throw new UsageError(`--duplicates must be keep or drop, not ${JSON.stringify(value)}`);
  return value;
}

export function positionOf(variant: VariantName, fen: string | undefined, optionalCapture: boolean): Position {
  if (fen === undefined) return Position.initial(variant, { optionalCapture });
  try {
    return Position.fromFen(variant, fen, { optionalCapture });
  } catch (error) {
    if (error instanceof DraughtsError) throw new UsageError(`--fen: ${error.message}`);
    throw error;
  }
}

export function millions(nodes: bigint, ms: number): string {
  return ms > 0 ? `${(Number(nodes) / ms / 1000).toFixed(1)} M/s` : "-";
}

const progressShown = process.stderr.isTTY === true;

export function progress(text: string): void {
  if (progressShown) process.stderr.write(`\r\x1b[K${text}`);
}

export function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: Math.round(performance.now() - start) };
}


/** Bounds of the search options: a day of thinking, a trillion nodes, the core's 64 plies. */
const MAX_MOVETIME = 86_400_000;
const MAX_NODES = 1e12;
const MAX_MULTIPV = 16;

/**
 * The limits of a search from --depth | --movetime | --nodes (one of them), --level and
 * --multipv. `fallback` applies when no limit and no level is given.
 */
export function searchLimitsOf(options: Options, fallback: SearchLimits): SearchLimits {
  const given = (["depth", "movetime", "nodes"] as const).filter((name) => options[name] !== undefined);
  if (given.length > 1) throw new UsageError(`give one of --depth, --movetime and --nodes, not ${given.map((n) => `--${n}`).join(" and ")}`);
  let depth: number | undefined;
  if (options.depth !== undefined) {
    depth = depthOf(options, false);
    if (depth === 0) throw new UsageError('--depth must be a whole number from 1 to 64, not "0"');
  }
  const movetime = wholeNumberOf(options, "movetime", 1, MAX_MOVETIME);
  const nodes = wholeNumberOf(options, "nodes", 1, MAX_NODES);
  const multipv = wholeNumberOf(options, "multipv", 1, MAX_MULTIPV);
  const level = levelOf(options);
  const limits: SearchLimits = {
    ...(depth !== undefined && { depth }),
    ...(movetime !== undefined && { movetime }),
    ...(nodes !== undefined && { nodes }),
    ...(multipv !== undefined && { multipv }),
    ...(level !== undefined && { level }),
  };
  return given.length === 0 && level === undefined ? { ...fallback, ...limits } : limits;
}

/** --level: a number of LEVELS (1 = beginner … full strength). */
export function levelOf(options: Options): Level | undefined {
  const text = options.level;
  if (text === undefined) return undefined;
  const found = LEVELS.find((l) => String(l.level) === text);
  if (found === undefined) {
    throw new UsageError(`--level must be one of ${LEVELS.map((l) => l.level).join(", ")} (${LEVELS[0]!.name} to ${LEVELS.at(-1)!.name}), not ${JSON.stringify(text)}`);
  }
  return found.level;
}

/** The game that --fen (or the start) and --moves describe; a bad move is a UsageError naming --moves. */
export function gameOf(variant: VariantName, options: Options): Game {
  const optionalCapture = options["optional-capture"] === true;
  const start = positionOf(variant, options.fen, optionalCapture);
  // Moves past a draw by rule are accepted, as when reading a record: the position is what is searched.
  const game = Game.fromPosition(start, { playAfterDraw: true });
  for (const text of (options.moves ?? "").split(/\s+/).filter((t) => t.length > 0)) {
    try {
      game.play(text);
    } catch (error) {
      if (error instanceof DraughtsError) throw new UsageError(`--moves: ${error.message}`);
      throw error;
    }
  }
  return game;
}
