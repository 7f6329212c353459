// The Hub worker as a site copies it (docs/hub-worker.md): one script, bitdraughts-hub.js, bundled
// by esbuild from the package's bitdraughts/hub-worker/worker (minified, nothing imported from
// outside, loadable as a module worker or a classic one), the small cores beside it, the full
// core (bitdraughts.wasm: fetched only by a page that supplies endgame databases), and the
// weight files in weights/. A page downloads the script, its variant's core and its family's
// weights: filesFor() names them, for the size table (scripts/sizes.mjs) and the browser test.
//
//   node scripts/hub-worker.mjs [--out DIR]      (default build/hub-worker; needs dist/)

import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, normalize, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DIST = join(ROOT, "dist", "bindings");
export const SCRIPT = "bitdraughts-hub.js";

/** Builds the worker into `out` (emptied first): the script, every small core, the full core, the weights. Returns esbuild's metafile. */
export async function buildHubWorker(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "weights"), { recursive: true });
  const result = await esbuild.build({
    entryPoints: [join(DIST, "hub", "worker.js")],
    outfile: join(out, SCRIPT),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    // A classic worker has no import.meta: the script's address is its location. (The code
    // that reads it for a default file place is never reached in the worker: it names every file.)
    define: { "import.meta.url": "self.location.href" },
    metafile: true,
    logLevel: "warning",
  });
  const outside = Object.entries(result.metafile.inputs).flatMap(([file, input]) => input.imports.filter((i) => i.external && i.path !== "<runtime>").map((i) => `${file} imports ${i.path}`));
  if (outside.length > 0) throw new Error(`the Hub worker must import nothing from outside:\n${outside.join("\n")}`);
  // The small cores, and the full one a page fetches only when it supplies endgame databases.
  for (const file of readdirSync(DIST).filter((f) => /^bitdraughts(-.+)?\.wasm$/.test(f))) copyFileSync(join(DIST, file), join(out, file));
  for (const file of readdirSync(join(DIST, "weights"))) copyFileSync(join(DIST, "weights", file), join(out, "weights", file));
  return result.metafile;
}

/** The variants analysis pages name (Hub names) and the 8×8 ones they switch off, as this package names them. */
export const PAGE_VARIANTS = [
  { hub: "normal", variant: "international" },
  { hub: "killer", variant: "killer" },
  { hub: "bt", variant: "breakthrough" },
  { hub: "frisian", variant: "frisian" },
  { hub: "losing", variant: "antidraughts" },
  { hub: "russian", variant: "russian" },
  { hub: "brazilian", variant: "brazilian" },
  { hub: "english", variant: "english" },
  { hub: "pool", variant: "pool" },
];

/** The files a page playing `variant` downloads from the folder: the script, the core, the weights of each family it reads. */
export async function filesFor(variant) {
  const { coreFileOf } = await import(pathToFileURL(join(DIST, "core", "builds.js")).href);
  const { weightFamiliesOf } = await import(pathToFileURL(join(DIST, "eval", "weights.js")).href);
  const { weightFileName } = await import(pathToFileURL(join(DIST, "eval", "shipped.js")).href);
  return [SCRIPT, coreFileOf(variant), ...weightFamiliesOf(variant).map((f) => `weights/${weightFileName(f)}`)];
}

/** Raw and gzip (level 9) bytes of a file. */
export function sizeOf(file) {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--out");
  const out = resolve(ROOT, at >= 0 && at + 1 < args.length ? args[at + 1] : join("build", "hub-worker"));
  await buildHubWorker(out);
  console.log(`built the Hub worker into ${out}`);
  for (const { hub, variant } of PAGE_VARIANTS) {
    const files = await filesFor(variant);
    const total = files.reduce((sum, f) => sum + sizeOf(join(out, f)).gzip, 0);
    console.log(`${hub.padEnd(10)} ${(total / 1024).toFixed(1).padStart(6)} KB gzip: ${files.join(", ")}`);
  }
  const full = sizeOf(join(out, "bitdraughts.wasm"));
  console.log(`with endgame databases: bitdraughts.wasm ${(full.raw / 1024).toFixed(1)} KB (${(full.gzip / 1024).toFixed(1)} KB gzip) in place of the small core, and the slice files`);
}
