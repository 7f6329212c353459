// What every command shares: argument parsing, the usage text, and the checks that turn a bad
// argument into a UsageError (exit code 2, one line).

import { parseArgs } from "node:util";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { Game } from "../game/game.js";
import { LEVELS } from "../search/levels.js";
import { DEPTH_RANGE, MULTIPV_RANGE, NODES_RANGE, outOfRange, wholeNumberIn } from "../search/limit-range.js";
import type { Level, SearchLimits } from "../search/types.js";
import { Color, Duplicates, VARIANTS, VariantName, variantInfo } from "../core/variant.js";

/**
 * Each form of the command as the usage shows it. A form takes exactly the options its line
 * names (`optionsOf`), so the usage cannot leave out what a command accepts.
 */
const FORMS = {
  "version": "--version | --help",
  "perft": "perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] [--divide] [--threads N] [--hash MB] [--key-seed S] [--check] [--json]",
  "perft --suite": "perft --suite FILE [--depth D | --full] [--variant V] [--threads N] [--hash MB] [--key-seed S] [--check] [--json]",
  "perft --split": "perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] --split K",
  "perft --run-units": "perft --run-units FILE [--results FILE] [--threads N] [--hash MB] [--key-seed S] [--check]",
  "perft --merge": "perft --merge FILE… [--json]",
  "moves": "moves --variant V [--fen F] [--optional-capture] [--json]",
  "table": "table [--depth D] [--variant V] [--json]",
  "pdn check": "pdn check FILE [--variant V] [--json]",
  "pdn fen": "pdn fen FILE [--variant V]",
  "search": 'search --variant V [--fen F] [--moves "M1 M2 …"] [--depth D | --movetime MS | --nodes N] [--multipv K] [--level L] [--book FILE] [--book-mode best|varied|off] [--optional-capture] [--egdb DIR] [--json]',
  "play": "play --variant V [--level L] [--color white|black] [--fen F] [--book FILE] [--book-mode best|varied|off] [--optional-capture] [--egdb DIR]",
  "analyse": "analyse FILE [--movetime MS | --depth D | --nodes N] [--level L] [--variant V] [--book FILE] [--book-mode best|varied|off] [--optional-capture] [--output FILE]",
  "hub": "hub [--variant V] [--protocol 1|2] [--egdb DIR]",
  "dxp --connect": "dxp --connect HOST:PORT [--games N] [--time MINUTES --moves M] [--level L] [--variant V] [--pdn FILE]",
  "dxp --listen": "dxp --listen [HOST:]PORT [--level L] [--games N] [--variant V] [--pdn FILE]",
  "egdb build": "egdb build --variant V --pieces N [--dir D] [--threads T]",
  "egdb probe": "egdb probe --variant V --fen F [--dir D]",
  "egdb verify": "egdb verify [--variant V] [--dir D]",
  "book build": "book build --variant V [--depth D | --nodes N] [--plies P] [--positions N] [--openings FILE] [--time MINUTES] [--threads T] [--out FILE]",
  "book probe": 'book probe --variant V [--fen F] [--moves "M1 M2 …"] [--book FILE] [--json]',
} as const;

export type Form = keyof typeof FORMS;

export const USAGE = `usage:
${Object.values(FORMS).map((line) => `  bitdraughts ${line}`).join("\n")}
variants: ${VARIANTS.join(", ")}`;

/** The options that the usage lines of `forms` name. */
export function optionsOf(...forms: Form[]): (keyof Options)[] {
  const names = forms.flatMap((form) => [...FORMS[form].matchAll(/--([a-z-]+)/g)].map((m) => m[1] as keyof Options));
  return [...new Set(names)];
}

export class UsageError extends Error {
  override name = "UsageError";
}

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
  egdb?: string;
  book?: string;
  "book-mode"?: string;
  plies?: string;
  positions?: string;
  openings?: string;
  out?: string;
  "key-seed"?: string;
  check?: boolean;
  suite?: string;
  full?: boolean;
}

/** Every option the command knows (each form takes some of them, see FORMS). */
export const PARSER_OPTIONS = {
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
  egdb: { type: "string" },
  book: { type: "string" },
  "book-mode": { type: "string" },
  plies: { type: "string" },
  positions: { type: "string" },
  openings: { type: "string" },
  out: { type: "string" },
  "key-seed": { type: "string" },
  check: { type: "boolean" },
  suite: { type: "string" },
  full: { type: "boolean" },
} as const satisfies Record<keyof Options, { type: "string" | "boolean"; short?: string }>;

/** The options that take a value: a value such as `-1` after them is theirs, not an option. */
const VALUE_OPTIONS = new Set(Object.entries(PARSER_OPTIONS).filter(([, o]) => o.type === "string").map(([name]) => `--${name}`));

export function parse(argv: string[]): { command: string; options: Options; operands: string[] } {
  let parsed;
  try {
    parsed = parseArgs({
      args: attachValues(argv),
      allowPositionals: true,
      strict: true,
      options: PARSER_OPTIONS,
    });
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }));
  }
  // `pdn` takes an action and a file, `analyse` a file; the other commands take no operand.
  // `perft --merge` takes its result files.
  const operandCount = parsed.positionals[0] === "pdn" ? 3 : parsed.positionals[0] === "analyse" || parsed.positionals[0] === "egdb" || parsed.positionals[0] === "book" ? 2 : parsed.values.merge === true ? Infinity : 1;
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
  // Perft and the table count from depth 0 (the position itself); a search's depth starts at 1.
  return wholeNumberOf(options, "depth", PERFT_DEPTH_RANGE.low, PERFT_DEPTH_RANGE.high);
}

/** A whole-number option within [min, max]; undefined when it is absent. */
export function wholeNumberOf(options: Options, name: "depth" | "movetime" | "nodes" | "multipv" | "level" | "threads" | "hash" | "split" | "plies" | "positions" | "time", min: number, max: number): number | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  const range = { low: min, high: max };
  const value = wholeNumberIn(text, range);
  if (value === undefined) throw new UsageError(outOfRange(`--${name}`, range, text));
  return value;
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


/** A search's time at most: a day of thinking (depth, nodes and lines are bounded as the API bounds them). */
const MAX_MOVETIME = 86_400_000;
/** Perft counts from depth 0, the position itself. */
const PERFT_DEPTH_RANGE = { low: 0, high: DEPTH_RANGE.high };

/**
 * The limits of a search from --depth | --movetime | --nodes (one of them), --level and
 * --multipv. `fallback` applies when no limit and no level is given.
 */
export function searchLimitsOf(options: Options, fallback: SearchLimits): SearchLimits {
  const given = (["depth", "movetime", "nodes"] as const).filter((name) => options[name] !== undefined);
  if (given.length > 1) throw new UsageError(`give one of --depth, --movetime and --nodes, not ${given.map((n) => `--${n}`).join(" and ")}`);
  const depth = wholeNumberOf(options, "depth", DEPTH_RANGE.low, DEPTH_RANGE.high);
  const movetime = wholeNumberOf(options, "movetime", 1, MAX_MOVETIME);
  const nodes = wholeNumberOf(options, "nodes", NODES_RANGE.low, NODES_RANGE.high);
  const multipv = wholeNumberOf(options, "multipv", MULTIPV_RANGE.low, MULTIPV_RANGE.high);
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
