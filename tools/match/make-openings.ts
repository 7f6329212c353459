// npm run openings -- --variant V [--plies 2] [--depth 8] [--threshold 100] [--out FILE]
//
// Makes a balanced opening set for a variant that has no published one (italian, spanish,
// czech): every opening of `plies` plies from the start position, each searched by our engine to
// `depth` from a cleared table; an opening whose score (from the side to move after it) is beyond
// ±threshold centi-men, or a found win, is kept in the file but marked "dropped" (clearly lost
// for one side), the others "playable". Writes tools/openings/V-Nmove.json with how it was made.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createEngineSync } from "../../bindings/core/loader.js";
import { DraughtsError } from "../../bindings/core/errors.js";
import { Position, toCore } from "../../bindings/core/position.js";
import { VARIANTS, VariantName, isVariantName, variantInfo } from "../../bindings/core/variant.js";
import { OPENINGS, REPO_ROOT } from "./openings.js";
import { MatchArgumentError, wholeNumber } from "./spec.js";

export interface OpeningSetOptions {
  readonly variant: VariantName;
  readonly plies: number;
  readonly depth: number;
  readonly threshold: number;
}

export interface ScoredOpening {
  readonly moves: string;
  readonly score: number;
  readonly win: number | null;
  readonly status: "playable" | "dropped";
}

/** Every line of `plies` moves from the start, as move texts. */
export function openingLines(variant: VariantName, plies: number): string[][] {
  const lines: string[][] = [];
  const walk = (position: Position, line: string[]): void => {
    if (line.length === plies) {
      lines.push(line);
      return;
    }
    for (const move of position.legalMoves()) walk(position.play(move), [...line, move.notation]);
  };
  walk(Position.initial(variant), []);
  return lines;
}


/**
 * Scores every opening at a fixed depth and marks the clearly lost ones. A fixed-depth score
 * needs no clock, no history (nothing can repeat two plies from the start) and no draw counter,
 * so the core's search is called directly, on an engine of its own, its table cleared each time.
 */
export function scoreOpenings(options: OpeningSetOptions, progress: (done: number, total: number) => void = () => {}): ScoredOpening[] {
  const engine = createEngineSync();
  const id = variantInfo(options.variant).id;
  const lines = openingLines(options.variant, options.plies);
  return lines.map((line, i) => {
    let position = Position.initial(options.variant);
    for (const move of line) position = position.play(move);
    engine.clearHash();
    const best = engine.search(id, toCore(position).board, { depth: options.depth }).lines[0];
    progress(i + 1, lines.length);
    const score = best?.score ?? 0;
    const win = best?.win ?? null;
    const lost = best === undefined || win !== null || Math.abs(score) > options.threshold;
    return { moves: line.join(" "), score, win, status: lost ? "dropped" : "playable" };
  });
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

export function openingSetJson(options: OpeningSetOptions, openings: readonly ScoredOpening[], command: string): object {
  const info = variantInfo(options.variant);
  const playable = openings.filter((o) => o.status === "playable").length;
  return {
    variant: options.variant,
    name: `all ${options.plies}-ply ${options.variant} openings, those a depth-${options.depth} search judges clearly lost dropped`,
    notation: `as bitdraughts writes ${options.variant} moves (${info.algebraic ? "algebraic" : "numeric"} squares); ${info.firstToMove} moves first; the score is from the side to move after the opening`,
    made: {
      command,
      date: new Date().toISOString().slice(0, 10),
      commit: commit(),
      rule: `every ${options.plies}-ply line from the start position, searched to depth ${options.depth} by bitdraughts' core search from a cleared table; dropped when |score| > ${options.threshold} centi-men or a win is found`,
    },
    counts: { total: openings.length, playable, dropped: openings.length - playable },
    openings,
  };
}

async function main(): Promise<void> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: process.argv.slice(2), strict: true,
        options: { variant: { type: "string" }, plies: { type: "string" }, depth: { type: "string" }, threshold: { type: "string" }, out: { type: "string" } },
      });
    } catch (error) {
      throw new MatchArgumentError((error as Error).message.split("\n")[0]!, "arguments", process.argv.slice(2).join(" "));
    }
    const { values } = parsed;
    const variant = values.variant ?? "";
    if (!isVariantName(variant)) throw new MatchArgumentError(`expected one of ${VARIANTS.join(", ")}`, "--variant", variant);
    const options: OpeningSetOptions = {
      variant,
      plies: wholeNumber("--plies", values.plies, 2, 1, 4),
      depth: wholeNumber("--depth", values.depth, 8, 1, 30),
      threshold: wholeNumber("--threshold", values.threshold, 100, 1, 10_000),
    };
    const out = values.out ?? `${OPENINGS}${variant}-${options.plies}move.json`;
    const command = `npm run openings -- --variant ${variant} --plies ${options.plies} --depth ${options.depth} --threshold ${options.threshold}`;
    const openings = scoreOpenings(options, (done, total) => process.stderr.write(`\r${done}/${total}`));
    process.stderr.write("\n");
    mkdirSync(OPENINGS, { recursive: true });
    writeFileSync(out, `${JSON.stringify(openingSetJson(options, openings, command), null, 1)}\n`);
    const playable = openings.filter((o) => o.status === "playable").length;
    process.stdout.write(`${out}: ${openings.length} openings, ${playable} playable, ${openings.length - playable} dropped\n`);
  } catch (error) {
    if (!(error instanceof DraughtsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
