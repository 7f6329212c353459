// The build, doing only what changed: asc compiles each core (the full one and every variant's
// small ones, scripts/build-steps.mjs CORE_BUILDS) only when its inputs differ from the ones its file in
// build/ was made from (the stamp beside it), two at a time; tsc compiles incrementally
// (its build information in dist/), and not at all when no source changed (dist/'s stamp); then
// compiled files whose source is gone are removed and the core and weights embedded. Before all
// that, the binding's copy of the core's contract is written when stale (scripts/contract.mjs).
// `--clean` starts again from nothing; `--core` builds the cores alone; `--full-only` leaves the
// small per-variant cores as they are (a quicker loop while working on `assembly/`: the tests
// of the small cores fail until a plain build compiles them again).

import { spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BINDING_COPY, ContractError, PYTHON_COPY, writeBindingContract, writePythonContract } from "./contract.mjs";
import { CORE_BUILDS, WASM, coreInputsHash, pruneDist, readStamp, stampMatches, typescriptInputsHash, typescriptStampMatches, writeStamp, writeTypescriptStamp } from "./build-steps.mjs";

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

/** The compilers running, each in a process group of its own (asc starts a second node). */
const running = new Set();

/** Ends every compiler still running, with the node each started. */
function stopCompilers() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
// Their groups are not the terminal's: an interrupted build stops them itself.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopCompilers();
    process.exit(130);
  });
}

/** asc for one core, as a child process; resolves when it is compiled and stamped, fails the build otherwise. */
function compile(build, inputs) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, "node_modules/assemblyscript/bin/asc.js"), ...build.args], { cwd: ROOT, stdio: [0, 2, 2], detached: true });
    running.add(child);
    child.on("exit", (code, signal) => {
      running.delete(child);
      if (code !== 0) {
        console.error(`build: asc for ${build.wasm} failed (exit ${code ?? signal})`);
        // The other lane's compiler goes too: nothing is left running after a failed build.
        stopCompilers();
        process.exit(1);
      }
      writeStamp(ROOT, inputs, build);
      log(`build: ${build.wasm} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

if (process.argv.includes("--clean")) {
  rmSync(join(ROOT, "dist"), { recursive: true, force: true });
  for (const build of CORE_BUILDS) rmSync(join(ROOT, build.wasm), { force: true });
}

// The binding's copy of the core's contract first: a contract the script cannot read fails the build at once.
try {
  if (writeBindingContract(ROOT)) log(`build: wrote ${BINDING_COPY} from the core's contract`);
  if (writePythonContract(ROOT)) log(`build: wrote ${PYTHON_COPY} from the core's contract`);
} catch (error) {
  if (!(error instanceof ContractError)) throw error;
  console.error(`build: ${error.message}`);
  process.exit(1);
}

const stale = [];
const fullOnly = process.argv.includes("--full-only");
for (const build of fullOnly ? CORE_BUILDS.slice(0, 1) : CORE_BUILDS) {
  const inputs = coreInputsHash(ROOT, build);
  if (stampMatches(ROOT, inputs, build)) continue;
  log(`build: compiling ${build.wasm} (${readStamp(ROOT, build) === undefined ? "no stamp" : "its inputs changed"})`);
  stale.push({ build, inputs });
}
if (stale.length === 0) log(`build: the ${CORE_BUILDS.length} cores in build/ are up to date, asc skipped`);
// Two compilers at once: the full core takes most of the time, the families share the other.
const lanes = [0, 1].map(async () => {
  for (let next = stale.shift(); next !== undefined; next = stale.shift()) await compile(next.build, next.inputs);
});
await Promise.all(lanes);

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
