// npm run match:table -- features [--variant V] [--movetime MS] [--pairs N] [--concurrency N]
// npm run match:table -- levels   [--variant V] [--movetime MS | --nodes N] [--pairs N] [--concurrency N] [--up-to L]
//
// A series of matches printed as a markdown table for bench/RESULTS.md:
// - features: for each search feature, the engine with it against the engine without it, both at
//   the same time per move: what the feature is worth in Elo (with its 95 % error over pairs);
// - levels: each level against the one below it.
// Progress goes to stderr; the table (and the command that made it) to stdout.

import { parseArgs } from "node:util";
import { DraughtsError } from "../../bindings/core/errors.js";
import { VARIANTS, isVariantName } from "../../bindings/core/variant.js";
import { match, MatchOptions } from "./main.js";
import { defaultOpeningSet } from "./openings.js";
import { signed } from "./report.js";
import { FEATURE_ALIASES, MatchArgumentError, OPT_IN_FEATURES, parsePlayerSpec, wholeNumber } from "./spec.js";

interface Totals {
  ms: number; moves: number; depthSum: number; depthMoves: number;
}

function depth(t: Totals): string {
  return t.depthMoves > 0 ? (t.depthSum / t.depthMoves).toFixed(1) : "-";
}

interface Summary {
  games: number; wins: number; draws: number; losses: number;
  score: number; elo: number | string; eloError: number | string; eloLower: number | string; eloUpper: number | string;
  sprt?: unknown;
  a: Totals;
  b: Totals;
}

const FEATURES = [...new Set(Object.values(FEATURE_ALIASES))];
const LEVELS = [1, 2, 3, 4, 5, 6, 7];

function num(x: number | string): number {
  return typeof x === "number" ? x : Number(x);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2), strict: true, allowPositionals: true,
      options: {
        variant: { type: "string" }, movetime: { type: "string" }, nodes: { type: "string" }, pairs: { type: "string" }, concurrency: { type: "string" },
        features: { type: "string" }, "max-plies": { type: "string" }, "up-to": { type: "string" },
      },
    });
  } catch (error) {
    throw new MatchArgumentError((error as Error).message.split("\n")[0]!, "arguments", process.argv.slice(2).join(" "));
  }
  const { values, positionals } = parsed;
  const kind = positionals[0];
  if (kind !== "features" && kind !== "levels") throw new MatchArgumentError("expected features or levels", "table", String(kind));
  const variant = values.variant ?? "english";
  if (!isVariantName(variant)) throw new MatchArgumentError(`expected one of ${VARIANTS.join(", ")}`, "--variant", variant);
  const movetime = wholeNumber("--movetime", values.movetime, 50, 1, 60_000);
  // For the level ladder, a node budget instead of a time: the same for both sides and for
  // every machine, however loaded.
  const nodes = values.nodes === undefined ? undefined : wholeNumber("--nodes", values.nodes, 0, 1, 1e9);
  const limit = nodes !== undefined ? `nodes=${nodes}` : `movetime=${movetime}`;
  const pairs = wholeNumber("--pairs", values.pairs, 20, 1, 10_000);
  const concurrency = wholeNumber("--concurrency", values.concurrency, 1, 1, 64);
  const maxPlies = wholeNumber("--max-plies", values["max-plies"], 400, 1, 100_000);
  const upTo = wholeNumber("--up-to", values["up-to"], LEVELS.length, 2, LEVELS.length);
  const base = { variant, openings: defaultOpeningSet(variant), pairs, maxPlies, concurrency, json: true, quiet: false } as const;

  const rows: string[] = [];
  const run = async (label: string, a: string, b: string): Promise<Summary> => {
    const options: MatchOptions = { ...base, a: parsePlayerSpec(a, "--a"), b: parsePlayerSpec(b, "--b") };
    const summary = JSON.parse(await match(options, (line) => process.stderr.write(`${label}: ${line}\n`))) as Summary;
    return summary;
  };
  const wdl = (s: Summary): string => `+${s.wins} =${s.draws} -${s.losses}`;
  const elo = (s: Summary, sign: 1 | -1): string => `${signed(sign * num(s.elo), 0)} ± ${Number.isFinite(num(s.eloError)) ? num(s.eloError).toFixed(0) : "inf"}`;

  if (kind === "features") {
    const features = values.features !== undefined ? values.features.split(",").map((f) => FEATURE_ALIASES[f.trim()] ?? f.trim()) : FEATURES;
    rows.push(`| feature | Elo with it (on − off) | games | on: W/D/L | mean depth on / off |`, `|---|---|---|---|---|`);
    for (const feature of features) {
      // A = on, B = off: A's Elo over B is what the feature is worth
      const optIn = OPT_IN_FEATURES[feature] !== undefined;
      const on = `movetime=${movetime},${optIn ? `enable=${feature},` : ""}name=with ${feature}`;
      const off = `movetime=${movetime},disable=${feature},name=without ${feature}`;
      const s = await run(feature, on, off);
      rows.push(`| ${feature} | ${elo(s, 1)} | ${s.games} | ${wdl(s)} | ${depth(s.a)} / ${depth(s.b)} |`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  } else {
    rows.push(`| match | Elo (upper − lower) | games | upper: W/D/L |`, `|---|---|---|---|`);
    for (const level of LEVELS.slice(1, upTo)) {
      // Both sides get the same limit a move; the levels' own caps stop the weaker ones sooner.
      const s = await run(`level ${level}`, `level=${level},seed=${level},${limit}`, `level=${level - 1},seed=${level - 1},${limit}`);
      rows.push(`| ${level} vs ${level - 1} | ${elo(s, 1)} | ${s.games} | ${wdl(s)} |`);
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  }
  const command = `npm run match:table -- ${process.argv.slice(2).join(" ")}`;
  process.stdout.write(`${command}\n(${variant}, ${pairs} openings of ${base.openings} × 2 colours, ${kind === "levels" ? `${nodes !== undefined ? `${nodes} nodes` : `${movetime} ms`} a move at most` : `${movetime} ms a move`}, ${new Date().toISOString().slice(0, 16)} UTC)\n\n${rows.join("\n")}\n`);
}

main().catch((error: unknown) => {
  if (!(error instanceof DraughtsError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
});
