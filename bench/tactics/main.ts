// npm run tactics -- --variant V [--movetime MS | --depth D | --nodes N] [--wasm FILE|baseline] [--json]
// Searches every position of the variant's suite (bench/tactics/) at the same limit and reports
// how many it solves (the engine's move is one of the position's best moves), and which it misses.

import { parseArgs } from "node:util";
import { Game } from "../../bindings/game/game.js";
import { Position } from "../../bindings/core/position.js";
import { DraughtsError } from "../../bindings/core/errors.js";
import { VARIANTS, VariantName, isVariantName } from "../../bindings/core/variant.js";
import { EnginePlayer } from "../../tools/match/engine-player.js";
import { MatchArgumentError, parsePlayerSpec, wholeNumber } from "../../tools/match/spec.js";
import { suiteFor } from "./suite.js";

const USAGE = `usage: npm run tactics -- --variant V [--movetime MS | --depth D | --nodes N] [--wasm FILE|baseline] [--json]
  --variant V      ${VARIANTS.join(", ")} (default english; a suite must cover it)
  --movetime MS    time per position (default 1000)
  --depth D        a fixed depth instead (evaluation quality without the clock)
  --nodes N        a fixed node budget instead
  --wasm FILE      search with another core (baseline: the frozen baseline, see scripts/baseline.mjs)
  --json           the result as JSON`;

export interface TacticsResult {
  readonly variant: VariantName;
  readonly limit: string;
  readonly solved: number;
  readonly total: number;
  readonly missed: ReadonlyArray<{ id: string; played: string; best: readonly string[] }>;
}

/** Searches each position of the variant's suite with a fresh table; `limit` is a player spec's limit (movetime=1000). */
export async function runTactics(variant: VariantName, limit: string, wasm?: string): Promise<TacticsResult> {
  const suite = suiteFor(variant);
  const spec = parsePlayerSpec(`${limit}${wasm !== undefined ? `,wasm=${wasm}` : ""}`, "--limit");
  if (spec.kind !== "engine") throw new MatchArgumentError("expected our engine's limit", "--limit", limit);
  const player = new EnginePlayer(spec, variant, "tactics");
  const missed: Array<{ id: string; played: string; best: readonly string[] }> = [];
  for (const [number, p] of suite.positions.entries()) {
    const position = Position.fromFen(variant, p.fen);
    player.newGame(number);
    const { move } = await player.move(Game.fromPosition(position));
    const played = move.toString();
    if (!p.best.some((b) => position.parseMove(b).toString() === played)) missed.push({ id: p.id, played, best: p.best });
  }
  return { variant, limit, solved: suite.positions.length - missed.length, total: suite.positions.length, missed };
}

async function main(): Promise<void> {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: {
        variant: { type: "string" }, movetime: { type: "string" }, depth: { type: "string" }, nodes: { type: "string" },
        wasm: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) return void process.stdout.write(`${USAGE}\n`);
    const variant = values.variant ?? "english";
    if (!isVariantName(variant)) throw new MatchArgumentError(`unknown variant (${VARIANTS.join(", ")})`, "--variant", variant);
    const limits = (["movetime", "depth", "nodes"] as const).filter((k) => values[k] !== undefined);
    if (limits.length > 1) throw new MatchArgumentError("give one limit: --movetime, --depth or --nodes", `--${limits[1]}`, values[limits[1]!]!);
    const key = limits[0] ?? "movetime";
    const value = wholeNumber(`--${key}`, values[key], 1000, 1, key === "nodes" ? 1e12 : key === "depth" ? 64 : 3_600_000);
    const result = await runTactics(variant, `${key}=${value}`, values.wasm);
    if (values.json) return void process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
    process.stdout.write(`tactics ${variant} at ${result.limit}${values.wasm !== undefined ? ` (core ${values.wasm})` : ""}: ${result.solved}/${result.total} solved\n`);
    for (const m of result.missed) process.stdout.write(`  missed ${m.id}: played ${m.played}, best ${m.best.join(" or ")}\n`);
  } catch (error) {
    if (!(error instanceof DraughtsError) && !(error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))) throw error;
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
