// npm run match -- --a SPEC --b SPEC [options]: two players play every opening of a set twice
// with colours reversed; the summary goes to stdout (or JSON with --json), a progress line per
// pair to stderr, every game to the --pdn file. See USAGE and tools/match/spec.ts.

import { closeSync, openSync, writeSync } from "node:fs";
import { DraughtsError } from "../../bindings/core/errors.js";
import { VARIANTS, VariantName, isVariantName } from "../../bindings/core/variant.js";
import { GameSettings, PairRunner, localRunner, runMatch } from "./match.js";
import { defaultOpeningSet, loadOpenings, selectOpenings } from "./openings.js";
import { engineDigest } from "./engine-player.js";
import { createPlayer } from "./players.js";
import { MatchRecord, openRecord, recordHeader } from "./record.js";
import { workerRunner } from "./pool.js";
import { MatchDescription, progressLine, summaryJson, summaryText } from "./report.js";
import { MatchArgumentError, PlayerSpec, displayName, parsePlayerSpec } from "./spec.js";
import { ELO_MODELS, EloModel, SprtSettings } from "./stats.js";
import { commandOptions, strictFlags } from "./command-line.js";

export const USAGE = `usage: npm run match -- --a SPEC --b SPEC [options]
  SPEC   movetime=MS | depth=D | nodes=N | level=L   our engine (combine with ',': hash=MiB, seed=S,
         disable=lmr+history+…, name=TEXT, wasm=baseline|FILE.wasm: another core, see
         scripts/baseline.mjs; egdb=DIR: probe the endgame database in DIR; book=FILE: an opening
         book, varied by seed + game number); rapid[,depth=D] (rapid-draughts alpha-beta, english,
         default depth 8); random[,seed=S];
         hub,cmd="COMMAND LINE",depth=D|nodes=N|movetime=MS (any Hub engine, as a child process)
         cli,depth=D|nodes=N|movetime=MS (our command line, a new process for every move)
options:
  --variant V             ${VARIANTS.join(", ")} (default english)
  --openings NAME|FILE    opening set (default: english-3move, international-2move, russian-150,
                          or tools/openings/V-2move for italian, spanish, czech, turkish);
                          start: the start position for every pair (players that vary their
                          own openings, e.g. book=FILE)
  --pairs N               play N openings spread evenly over the set (default: all)
  --after N               leave out the openings a run of --pairs N played, and spread --pairs
                          over the rest (to go on with a measurement over fresh openings)
  --max-plies N           stop a game there as a draw (default 400)
  --sprt ELO0,ELO1[,ALPHA,BETA]   stop when the SPRT decides (alpha, beta default 0.05)
  --elo-model logistic|normalized the SPRT's bounds in logistic Elo (default) or normalized Elo
  --pdn FILE              write every game
  --record FILE           write each pair to FILE as it finishes; run again with the same options
                          and FILE to go on where it stopped (a record of another match is refused)
  --concurrency N         pairs at once, in worker threads (default 1)
  --json                  the summary as JSON
  --quiet                 no progress lines`;

export interface MatchOptions {
  readonly variant: VariantName;
  readonly a: PlayerSpec;
  readonly b: PlayerSpec;
  readonly openings: string;
  readonly pairs?: number;
  /** Leave out the openings that a run of this many pairs played (selectOpenings). */
  readonly after?: number;
  readonly maxPlies: number;
  readonly sprt?: SprtSettings;
  readonly pdn?: string;
  /** A record file: pairs it holds are not played again, new ones are added to it. */
  readonly record?: string;
  readonly concurrency: number;
  readonly json: boolean;
  readonly quiet: boolean;
}

function wholeNumber(argument: string, value: string, lo: number, hi: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < lo || n > hi) throw new MatchArgumentError(`expected a whole number from ${lo} to ${hi}`, argument, value);
  return n;
}

export function parseSprt(value: string, model?: string): SprtSettings {
  const parts = value.split(",").map((p) => Number(p.trim()));
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((p) => !Number.isFinite(p))) {
    throw new MatchArgumentError("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (numbers)", "--sprt", value);
  }
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = parts as [number, number, number?, number?];
  if (!(elo1 > elo0)) throw new MatchArgumentError("elo1 must be above elo0", "--sprt", value);
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) throw new MatchArgumentError("alpha and beta must be between 0 and 0.5", "--sprt", value);
  if (model === undefined) return { elo0, elo1, alpha, beta };
  if (!(ELO_MODELS as readonly string[]).includes(model)) throw new MatchArgumentError(`unknown Elo model (${ELO_MODELS.join(", ")})`, "--elo-model", model);
  return { model: model as EloModel, elo0, elo1, alpha, beta };
}

export function parseMatchArgs(argv: readonly string[]): MatchOptions | "help" {
  const values = strictFlags(argv, {
    a: { type: "string" }, b: { type: "string" }, variant: { type: "string" }, openings: { type: "string" },
    pairs: { type: "string" }, after: { type: "string" }, "max-plies": { type: "string" }, sprt: { type: "string" }, "elo-model": { type: "string" }, pdn: { type: "string" }, record: { type: "string" },
    concurrency: { type: "string" }, json: { type: "boolean" }, quiet: { type: "boolean" }, help: { type: "boolean", short: "h" },
  }, (message) => new MatchArgumentError(message, "arguments", argv.join(" ")));
  if (values.help) return "help";
  const variant = values.variant ?? "english";
  if (!isVariantName(variant)) throw new MatchArgumentError(`unknown variant (${VARIANTS.join(", ")})`, "--variant", variant);
  if (values["elo-model"] !== undefined && values.sprt === undefined) throw new MatchArgumentError("only the SPRT has an Elo model: add --sprt ELO0,ELO1", "--elo-model", values["elo-model"]);
  if (values.a === undefined || values.b === undefined) throw new MatchArgumentError("both players are needed: --a SPEC --b SPEC", values.a === undefined ? "--a" : "--b", "");
  return {
    variant,
    a: parsePlayerSpec(values.a, "--a"),
    b: parsePlayerSpec(values.b, "--b"),
    openings: values.openings ?? defaultOpeningSet(variant),
    ...(values.pairs !== undefined ? { pairs: wholeNumber("--pairs", values.pairs, 1, 100_000) } : {}),
    ...(values.after !== undefined ? { after: wholeNumber("--after", values.after, 1, 100_000) } : {}),
    maxPlies: values["max-plies"] !== undefined ? wholeNumber("--max-plies", values["max-plies"], 1, 100_000) : 400,
    ...(values.sprt !== undefined ? { sprt: parseSprt(values.sprt, values["elo-model"]) } : {}),
    ...(values.pdn !== undefined ? { pdn: values.pdn } : {}),
    ...(values.record !== undefined ? { record: values.record } : {}),
    concurrency: values.concurrency !== undefined ? wholeNumber("--concurrency", values.concurrency, 1, 64) : 1,
    json: values.json ?? false,
    quiet: values.quiet ?? false,
  };
}

/** Runs a match as the options say; returns the summary (text or JSON) for stdout. */
export async function match(options: MatchOptions, log: (line: string) => void = () => {}, signal?: AbortSignal): Promise<string> {
  const { variant } = options;
  const set = loadOpenings(options.openings, variant);
  if (options.after !== undefined && options.after >= set.openings.length) {
    throw new MatchArgumentError(`the set has only ${set.openings.length} playable openings: none would be left`, "--after", String(options.after));
  }
  const left = set.openings.length - (options.after ?? 0);
  if (options.pairs !== undefined && options.pairs > left) {
    throw new MatchArgumentError(options.after === undefined ? `the set has only ${left} playable openings` : `only ${left} playable openings are left after the first ${options.after}`, "--pairs", String(options.pairs));
  }
  const openings = selectOpenings(set.openings, options.pairs, options.after);
  let [nameA, nameB] = [displayName(options.a), displayName(options.b)];
  if (nameA === nameB) [nameA, nameB] = [`${nameA} (A)`, `${nameB} (B)`];
  const a = { spec: options.a.name === undefined ? { ...options.a, name: nameA } : options.a, name: nameA };
  const b = { spec: options.b.name === undefined ? { ...options.b, name: nameB } : options.b, name: nameB };
  const settings: GameSettings = { variant, maxPlies: options.maxPlies, event: `bitdraughts match: ${nameA} vs ${nameB}` };
  const description: MatchDescription = {
    variant, a, b, set, openings, maxPlies: options.maxPlies, concurrency: options.concurrency,
    ...(options.sprt !== undefined ? { sprt: options.sprt } : {}), ...(options.pdn !== undefined ? { pdn: options.pdn } : {}),
  };

  // The record first: a record of another match is refused before any player is made.
  let record: MatchRecord | undefined;
  if (options.record !== undefined) {
    const runs = (spec: PlayerSpec): string => (spec.kind === "engine" ? engineDigest(spec, variant) : "");
    record = openRecord(options.record, recordHeader({
      variant, a: options.a.text, b: options.b.text, aRuns: runs(options.a), bRuns: runs(options.b),
      openings: options.openings, maxPlies: options.maxPlies,
    }, openings));
  }
  const done = record?.done ?? [];
  if (done.length > 0) log(`${options.record}: ${done.length} pairs recorded by an earlier run, ${openings.length - done.length} left`);

  let pdn: number | undefined;
  try {
    const runner: PairRunner = options.concurrency > 1
      ? workerRunner(settings, a.spec, b.spec, options.concurrency)
      : localRunner(settings, await createPlayer(a.spec, variant, "--a"), await createPlayer(b.spec, variant, "--b"));
    pdn = options.pdn !== undefined ? openSync(options.pdn, "w") : undefined;
    // The PDN holds every game of the match, the recorded ones first.
    if (pdn !== undefined) for (const pair of done) for (const g of pair.games) writeSync(pdn, `${g.pdn}\n`);
    const started = performance.now();
    const outcome = await runMatch(runner, openings, {
      ...(options.sprt !== undefined ? { sprt: options.sprt } : {}),
      ...(signal !== undefined ? { signal } : {}),
      done,
      onPair: (pair, progress) => {
        record?.append(pair);
        if (pdn !== undefined) for (const g of pair.games) writeSync(pdn, `${g.pdn}\n`);
        log(progressLine(progress, options.sprt));
      },
    });
    const seconds = (performance.now() - started) / 1000;
    return options.json ? JSON.stringify(summaryJson(description, outcome, seconds), null, 1) : summaryText(description, outcome, seconds);
  } finally {
    if (pdn !== undefined) closeSync(pdn);
    record?.close();
  }
}

async function main(): Promise<void> {
  const options = commandOptions(parseMatchArgs, USAGE);
  if (options === undefined) return;
  const tty = process.stderr.isTTY === true;
  const log = options.quiet ? () => {} : (line: string) => process.stderr.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
  // Ctrl-C prints the summary of the pairs finished so far; a second one quits at once.
  const interrupt = new AbortController();
  process.once("SIGINT", () => {
    process.stderr.write("\ninterrupted: the summary of the pairs finished so far follows (Ctrl-C again to quit now)\n");
    interrupt.abort();
    process.once("SIGINT", () => process.exit(130));
  });
  try {
    const summary = await match(options, log, interrupt.signal);
    if (tty && !options.quiet) process.stderr.write("\n");
    process.stdout.write(`${summary}\n`);
    if (interrupt.signal.aborted) process.exit(130);
  } catch (error) {
    if (!(error instanceof DraughtsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
