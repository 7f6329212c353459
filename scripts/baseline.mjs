// Builds the core of a named commit into bench/baselines/<commit>.wasm, beside the weight files
// that commit shipped (bench/baselines/<commit>.weights/), so that a match can play today's
// engine against it: `npm run match -- --a depth=6 --b depth=6,wasm=baseline`.
//
//   node scripts/baseline.mjs [COMMIT] [--force]     (default: the frozen baseline, 2dc8dec)
//
// The commit's assembly/, asconfig.json and weights/ are exported with `git archive` into a
// temporary folder (no worktree is checked out) and compiled there by this tree's asc. The
// output is a build product: *.wasm is ignored by git, and the weights folder by bench/baselines/.gitignore.

import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The engine as it was when the strength work began: every step is measured against it. */
export const FROZEN_BASELINE = "2dc8dec"; // also in tools/match/engine-player.ts

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const force = args.includes("--force");
const named = args.filter((a) => a !== "--force");
if (named.length > 1 || named.some((a) => a.startsWith("-"))) {
  process.stderr.write("usage: node scripts/baseline.mjs [COMMIT] [--force]\n");
  process.exit(2);
}
const wanted = named[0] ?? FROZEN_BASELINE;

const git = (...gitArgs) => execFileSync("git", gitArgs, { cwd: root, encoding: "utf8" }).trim();
let sha;
try {
  sha = git("rev-parse", "--verify", "--quiet", `${wanted}^{commit}`);
} catch {
  process.stderr.write(`baseline: ${JSON.stringify(wanted)} is not a commit of this repository\n`);
  process.exit(2);
}
const name = git("rev-parse", "--short=7", sha);
const outDir = join(root, "bench", "baselines");
const wasmOut = join(outDir, `${name}.wasm`);
if (existsSync(wasmOut) && !force) {
  console.log(`${wasmOut} exists (--force rebuilds it)`);
  process.exit(0);
}

const parts = ["assembly", "asconfig.json", "weights"].filter((p) => git("ls-tree", "--name-only", sha, p) !== "");
const work = mkdtempSync(join(tmpdir(), `bitdraughts-baseline-${name}-`));
try {
  execFileSync("sh", ["-c", `git archive ${sha} ${parts.join(" ")} | tar -x -C "${work}"`], { cwd: root, stdio: "inherit" });
  const lock = JSON.parse(git("show", `${sha}:package-lock.json`));
  const then = lock.packages?.["node_modules/assemblyscript"]?.version;
  const now = JSON.parse(readFileSync(join(root, "node_modules", "assemblyscript", "package.json"), "utf8")).version;
  if (then !== undefined && then !== now) console.warn(`baseline: ${name} was built with assemblyscript ${then}, this tree has ${now}`);
  const asc = join(root, "node_modules", "assemblyscript", "bin", "asc.js");
  const built = join(work, "baseline.wasm");
  console.log(`compiling ${name} (${sha}) …`);
  execFileSync(process.execPath, [asc, "assembly/index.ts", "--target", "release", "--use", "BUILD_VARIANT=255", "--use", "BUILD_OPTIONAL=0", "--outFile", built], { cwd: work, stdio: "inherit" });
  mkdirSync(outDir, { recursive: true });
  copyFileSync(built, wasmOut);
  const weightsIn = join(work, "weights");
  if (existsSync(weightsIn)) {
    const weightsOut = join(outDir, `${name}.weights`);
    rmSync(weightsOut, { recursive: true, force: true });
    mkdirSync(weightsOut);
    for (const file of readdirSync(weightsIn)) copyFileSync(join(weightsIn, file), join(weightsOut, file));
  }
  console.log(`wrote ${wasmOut}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
