// `npm run fuzz:target -- <target|all> [--seconds N] [--runs N] [--seed N] [--keep]`: runs a
// coverage-guided fuzz target (targets.ts) from its committed corpus. Inputs that reach new
// coverage go to fuzz-out/<target>/corpus/ (or, with --keep, into tests/corpus/<target>/),
// findings to fuzz-out/<target>/ as finding-<hash>. Prints one JSON summary line per target.

import { parseArgs } from "node:util";
import { join } from "node:path";

import { fuzz } from "./coverage.js";
import { corpusDir, readCorpus, saveInput } from "./corpus.js";
import { TARGETS, targetNamed } from "./targets.js";

const USAGE = `usage: fuzz:target <${TARGETS.map((t) => t.name).join("|")}|all> [--seconds N] [--runs N] [--seed N] [--keep] [--out DIR]`;

/** The command line, or the usage line and exit 2 for an option it does not know (exit 0 for --help). */
function commandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { seconds: { type: "string", default: "60" }, runs: { type: "string" }, seed: { type: "string", default: "1" }, keep: { type: "boolean", default: false }, out: { type: "string", default: "fuzz-out" }, help: { type: "boolean", short: "h", default: false } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const { values, positionals } = commandLine();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const targets = positionals[0] === "all" ? TARGETS : [targetNamed(positionals[0]!)];
let failed = false;
for (const target of targets) {
  const seeds = readCorpus(target.name).map((e) => e.data);
  const out = join(values.out!, target.name);
  const report = await fuzz(target, seeds, {
    seconds: Number(values.seconds),
    ...(values.runs === undefined ? {} : { maxInputs: Number(values.runs) }),
    seed: Number(values.seed),
    onNew: (input) => saveInput(values.keep ? corpusDir(target.name) : join(out, "corpus"), input),
    onFinding: (input, error) => {
      const path = saveInput(out, input, "finding-");
      console.error(`${target.name}: finding ${path}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    },
    onProgress: (r) => console.error(`${r.target}: ${r.inputs} inputs in ${r.seconds.toFixed(0)} s, corpus ${r.corpus}, ${r.blocks} blocks, ${r.findings.length} findings`),
  });
  await target.close?.();
  const { findings, ...rest } = report;
  console.log(JSON.stringify({ ...rest, seconds: Math.round(rest.seconds), seeds: seeds.length, findings: findings.length, date: new Date().toISOString() }));
  if (findings.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
