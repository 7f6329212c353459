// The build's decisions, apart from the build itself so that a test can check them: what the
// core is compiled from (its stamp), and which compiled files have lost their source.

import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CONTRACT, parseContract } from "./contract.mjs";

/** The release core and the stamp saying what it was compiled from. */
export const WASM = "build/bitdraughts.wasm";
export const STAMP = "build/bitdraughts.wasm.stamp";
/** What dist/ was last compiled from, beside tsc's own build information. */
export const TS_STAMP = "dist/typescript-inputs.stamp";

/** The constants of the core's contract (assembly/contract/contract.ts), by name: the small cores' variant ids come from there. */
const CONTRACT_VALUES = new Map(parseContract(readFileSync(new URL(`../${CONTRACT}`, import.meta.url), "utf8")).flatMap((e) => (e.name === undefined ? [] : [[e.name, e.value]])));

function contractValue(name) {
  if (!CONTRACT_VALUES.has(name)) throw new Error(`build: ${CONTRACT} has no ${name}`);
  return CONTRACT_VALUES.get(name);
}

/** asc's arguments for a core playing variant id `variant` (255: all), under either capture rule. */
const ascArgs = (variant, out) => ["assembly/index.ts", "--target", "release", "--use", `BUILD_VARIANT=${variant}`, ...(out === WASM ? [] : ["--outFile", out])];

/** asc's arguments for the full core (a change to them is a change of the core's inputs). */
export const ASC_ARGS = ascArgs(255, WASM);

/**
 * The small cores a page can load, one per variant id (assembly/index.ts BUILD_VARIANT, the ids
 * of the contract), with the
 * variants each plays: antidraughts and breakthrough play international's moves, frysk frisian's.
 * bindings/core/builds.ts names the same cores, and a test holds the two together.
 */
export const CORES = [
  { name: "english", variants: ["english"] },
  { name: "italian", variants: ["italian"] },
  { name: "international", variants: ["international",  "antidraughts",  "breakthrough"] },
  { name: "brazilian", variants: ["brazilian"] },
  { name: "russian", variants: ["russian"] },
  { name: "spanish", variants: ["spanish"] },
  { name: "czech", variants: ["czech"] },
  { name: "pool", variants: ["pool"] },
  { name: "thai", variants: ["thai"] },
  { name: "killer", variants: ["killer"] },
  { name: "turkish", variants: ["turkish"] },
  { name: "frisian", variants: ["frisian",  "frysk"] },
  { name: "canadian", variants: ["canadian"] },
].map((core) => ({ ...core, id: contractValue(`VARIANT_${core.name.toUpperCase()}`) }));

/** A small core's file name: it plays its variant's rules with captures forced or optional. */
export const coreFile = (name) => `bitdraughts-${name}.wasm`;

/**
 * Every core the build makes: the full one (Node, the command line, the inlined entry) first,
 * then each variant's. `wasm` is its file, `args` asc's arguments.
 */
export const CORE_BUILDS = [
  { name: "full", wasm: WASM, args: ASC_ARGS },
  ...CORES.map(({ name, id }) => {
    const wasm = `build/${coreFile(name)}`;
    return { name, wasm, args: ascArgs(id, wasm) };
  }),
];
const FULL = CORE_BUILDS[0];

/** Files generated into dist/ by scripts/embed-wasm.mjs, not compiled from a source of their own. */
export const GENERATED = new Set(["bindings/core/wasm-inline.js", "bindings/eval/weights-inline.js"]);

/** Every file under `dir` (relative to it, with `/`), sorted, but for folders that `skip` names and files that `keep` refuses. */
function filesUnder(dir, skip = () => false, keep = () => true) {
  const out = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const rel = relative(dir, path).split(sep).join("/");
      if (entry.isDirectory()) {
        if (!skip(rel)) walk(path);
      } else if (keep(rel)) out.push(rel);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** A hash of the named files and of the files under the named folders (but for folders `skip` names and files `keep` refuses), with `extra` text. */
export function hashInputs(root, { folders = [], files = [], skip = () => false, keep = () => true, extra = [] }) {
  const hash = createHash("sha256");
  const add = (label, bytes) => hash.update(`${label}\0${bytes.length}\0`).update(bytes);
  for (const folder of folders) {
    for (const file of filesUnder(join(root, folder), (rel) => skip(`${folder}/${rel}`), (rel) => keep(`${folder}/${rel}`))) add(`${folder}/${file}`, readFileSync(join(root, folder, file)));
  }
  for (const file of files) add(file, readFileSync(join(root, file)));
  for (const [i, text] of extra.entries()) add(`extra ${i}`, Buffer.from(text));
  return hash.digest("hex");
}

const compilerVersion = (root, name) => String(JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version);

/**
 * A hash of everything the release core is made from: the sources under assembly/ (not its unit
 * tests), asconfig.json, asc's arguments and the AssemblyScript compiler's version.
 */
export function coreInputsHash(root, build = FULL) {
  return hashInputs(root, {
    folders: ["assembly"],
    files: ["asconfig.json"],
    skip: (rel) => rel === "assembly/__tests__",
    extra: [JSON.stringify(build.args), `assemblyscript ${compilerVersion(root, "assemblyscript")}`],
  });
}

/**
 * A hash of what tsc compiles dist/ from: the TypeScript sources, tsconfig.json, and the locked
 * dependencies (their type declarations and the compiler itself).
 */
export function typescriptInputsHash(root) {
  return hashInputs(root, {
    folders: ["bindings", "tests", "bench", "tools"],
    files: ["tsconfig.json", "package-lock.json"],
    keep: (rel) => rel.endsWith(".ts"),
    extra: [`typescript ${compilerVersion(root, "typescript")}`],
  });
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The stamp beside a core ({ inputs, wasm }), or undefined when there is none or it is unreadable. */
export function readStamp(root, build = FULL) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, `${build.wasm}.stamp`), "utf8"));
    return typeof stamp.inputs === "string" && typeof stamp.wasm === "string" ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Whether build/ holds a core compiled from `inputs`, unchanged since (its own hash matches too). */
export function stampMatches(root, inputs, build = FULL) {
  const stamp = readStamp(root, build);
  const wasm = join(root, build.wasm);
  return stamp !== undefined && stamp.inputs === inputs && existsSync(wasm) && stamp.wasm === sha256(readFileSync(wasm));
}

/** Records that the core now in build/ was compiled from `inputs`. */
export function writeStamp(root, inputs, build = FULL) {
  writeFileSync(join(root, `${build.wasm}.stamp`), `${JSON.stringify({ inputs, wasm: sha256(readFileSync(join(root, build.wasm))) }, null, 1)}\n`);
}

/** Whether dist/ was compiled from `inputs` (so tsc has nothing to do). */
export function typescriptStampMatches(root, inputs) {
  const file = join(root, TS_STAMP);
  return existsSync(file) && existsSync(join(root, "dist", "tsconfig.tsbuildinfo")) && readFileSync(file, "utf8").trim() === inputs;
}

export function writeTypescriptStamp(root, inputs) {
  writeFileSync(join(root, TS_STAMP), `${inputs}\n`);
}

const COMPILED = /(\.d\.ts\.map|\.d\.ts|\.js\.map|\.js)$/;

/**
 * Removes the files tsc compiled into dist/ from a source that no longer exists (a deleted or
 * renamed .ts; an incremental build leaves them, and node --test would still run an old test).
 * Returns their paths relative to dist/.
 */
export function pruneDist(root) {
  const dist = join(root, "dist");
  const removed = [];
  for (const rel of filesUnder(dist)) {
    const match = COMPILED.exec(rel);
    if (match === null) continue;
    const base = rel.slice(0, -match[1].length);
    if (GENERATED.has(`${base}.js`)) continue;
    if (existsSync(join(root, `${base}.ts`))) continue;
    rmSync(join(dist, rel));
    removed.push(rel);
  }
  return removed;
}
