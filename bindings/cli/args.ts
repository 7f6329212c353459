// What every command shares: argument parsing, the usage text, and the checks that turn a bad
// argument into a UsageError (exit code 2, one line).

import { parseArgs } from "node:util";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { Duplicates, VARIANTS, VariantName, variantInfo } from "../core/variant.js";

export const USAGE = `usage:
  bitdraughts --version
  bitdraughts perft --variant V --depth D [--fen F] [--optional-capture] [--duplicates keep|drop] [--divide] [--json]
  bitdraughts moves --variant V [--fen F] [--optional-capture] [--json]
  bitdraughts table [--depth D] [--variant V] [--json]
  bitdraughts pdn check FILE [--variant V] [--json]
  bitdraughts pdn fen FILE [--variant V]
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
}

/** The options that take a value: a value such as `-1` after them is theirs, not an option. */
const VALUE_OPTIONS = new Set(["--variant", "--depth", "--fen", "--duplicates"]);

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
      },
    });
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }));
  }
  // `pdn` takes an action and a file; the other commands take no operand.
  const operandCount = parsed.positionals[0] === "pdn" ? 3 : 1;
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

