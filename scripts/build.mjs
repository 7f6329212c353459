// The build, doing only what changed: asc compiles the core only when its inputs differ from the
// ones build/bitdraughts.wasm was made from (the stamp beside it); tsc compiles incrementally
// (its build information in dist/), and not at all when no source changed (dist/'s stamp); then
// compiled files whose source is gone are removed and the core and weights embedded.
// `--clean` starts again from nothing; `--core` builds the core alone.

import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ASC_ARGS, WASM, coreInputsHash, pruneDist, readStamp, stampMatches, typescriptInputsHash, typescriptStampMatches, writeStamp, writeTypescriptStamp } from "./build-steps.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

// Progress goes to standard error, so that `npm pack --json` (prepack) prints only its JSON.
const log = (line) => process.stderr.write(`${line}\n`);

/** Runs a package's command line with this node, failing the build when it fails. */
function run(label, script, args) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, stdio: [0, 2, 2] });
  if (result.status !== 0) {
    console.error(`build: ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  log(`build: ${label} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv.includes("--clean")) {
  rmSync(join(ROOT, "dist"), { recursive: true, force: true });
  rmSync(join(ROOT, WASM), { force: true });
}

const inputs = coreInputsHash(ROOT);
if (stampMatches(ROOT, inputs)) {
  log(`build: ${WASM} is up to date (inputs ${inputs.slice(0, 12)}), asc skipped`);
} else {
  const before = readStamp(ROOT);
  log(`build: compiling the core (${before === undefined ? "no stamp" : "its inputs changed"})`);
  run("asc", "node_modules/assemblyscript/bin/asc.js", ASC_ARGS);
  writeStamp(ROOT, inputs);
}

if (process.argv.includes("--core")) process.exit(0);

const sources = typescriptInputsHash(ROOT);
if (typescriptStampMatches(ROOT, sources)) {
  log(`build: dist/ is up to date (sources ${sources.slice(0, 12)}), tsc skipped`);
} else {
  run("tsc", "node_modules/typescript/bin/tsc", ["-p", "tsconfig.json"]);
  writeTypescriptStamp(ROOT, sources);
}
const removed = pruneDist(ROOT);
if (removed.length > 0) log(`build: removed ${removed.length} compiled file(s) whose source is gone: ${removed.join(", ")}`);
if (!existsSync(join(ROOT, WASM))) throw new Error(`build: ${WASM} is missing after the build`);
run("embed", "scripts/embed-wasm.mjs", []);
