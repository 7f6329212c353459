// npm run sizes: what each package entry costs a page, as esbuild bundles it (minified): an app
// that imports Position and counts one perft on each entry, an app that imports Position alone,
// the search worker, the board component (bitdraughts/board; docs/board.md holds it to 15 KB gzip),
// the demo page (examples/web) as it plays english and international against the computer, and
// every core, raw and gzip. Prints the tables and writes them into the "sizes" block of
// docs/guide.md, so its figures are the build's; and what a page downloads for the Hub worker in
// each variant an analysis page plays, into the "hub-worker" block of docs/hub-worker.md. Needs dist/.

import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { bundleApp } from "./bundle.mjs";
import { CORE_BUILDS } from "./build-steps.mjs";
import { buildDemo } from "./demo.mjs";
import { BLOCK_FILES, writeBlock } from "./readme-block.mjs";
import { PAGE_VARIANTS, SCRIPT, buildHubWorker, filesFor, sizeOf } from "./hub-worker.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WORK = join(ROOT, "build", "sizes");
const DIST = join(ROOT, "dist", "bindings");
const core = (file) => join(DIST, file);

const ENTRIES = [
  { name: "`bitdraughts` (core and weights inlined)", source: `import { Position } from "bitdraughts";\nconsole.log(Position.initial("english").perft(4));\n` },
  { name: "`bitdraughts/lean` (+ `bitdraughts.wasm`)", source: `import { Position, init } from "bitdraughts/lean";\nawait init();\nconsole.log(Position.initial("english").perft(4));\n`, wasm: core("bitdraughts.wasm") },
  { name: "`bitdraughts/lean`, english's core (+ `bitdraughts-english.wasm`)", source: `import { Position, init } from "bitdraughts/lean";\nawait init({ variants: ["english"] });\nconsole.log(Position.initial("english").perft(4));\n`, wasm: core("bitdraughts-english.wasm") },
  { name: "`Position` alone from `bitdraughts/lean` (JS only)", source: `import { Position } from "bitdraughts/lean";\nconsole.log(Position.initial("english").toFen());\n` },
  { name: "`bitdraughts/search-worker` (a worker bundle)", source: `import "bitdraughts/search-worker";\n` },
  { name: "`bitdraughts/board` (the board component, JS only)", source: `import { Board } from "bitdraughts/board";\nnew Board(document.body, { variant: "international" });\n` },
];

const gzip = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const esbuild = JSON.parse(readFileSync(join(ROOT, "node_modules", "esbuild", "package.json"), "utf8")).version;
const lines = [`Bundled by esbuild ${esbuild} (minified):`, "", "| entry | JS raw | JS gzip | wasm raw | wasm gzip | total gzip |", "|---|---|---|---|---|---|"];
for (const [i, entry] of ENTRIES.entries()) {
  const app = join(WORK, `app${i}.js`);
  writeFileSync(app, entry.source);
  const { files } = await bundleApp({ entryPoints: { [`out${i}`]: app }, outdir: join(WORK, `out${i}`), cwd: ROOT, wasm: entry.wasm });
  const js = files.filter((f) => f.file.endsWith(".js"));
  const wasm = files.filter((f) => f.file.endsWith(".wasm"));
  const sum = (list, key) => list.reduce((a, f) => a + f[key], 0);
  const cell = (list, key) => (list.length === 0 ? "—" : kb(sum(list, key)));
  lines.push(`| ${entry.name} | ${cell(js, "raw")} | ${cell(js, "gzip")} | ${cell(wasm, "raw")} | ${cell(wasm, "gzip")} | ${kb(sum(files, "gzip"))} |`);
}

// The demo page: its scripts (the page, the worker, their shared chunk) and the one core it
// fetches for the variant; the weight file comes later, when the computer first searches.
const page = join(WORK, "page");
await buildDemo(page);
const scripts = readdirSync(page).filter((f) => f.endsWith(".js") && f !== "sw.js");
const scriptsGzip = scripts.reduce((a, f) => a + gzip(join(page, f)), 0);
const scriptsRaw = scripts.reduce((a, f) => a + statSync(join(page, f)).size, 0);
lines.push("", "The demo page (examples/web, `npm run demo`) against the computer: its scripts (page, worker and their shared chunk) and the one core it fetches; the weight file of the learned evaluation is fetched when the computer first searches.", "", "| variant | JS raw | JS gzip | core | core gzip | total gzip | weights gzip |", "|---|---|---|---|---|---|---|");
for (const [variant, weights] of [["english", "short-kings-8x8"], ["international", "ten-by-ten"]]) {
  const file = `bitdraughts-${variant}.wasm`;
  const wasmGzip = gzip(join(page, file));
  lines.push(`| ${variant} | ${kb(scriptsRaw)} | ${kb(scriptsGzip)} | ${kb(statSync(join(page, file)).size)} | ${kb(wasmGzip)} | ${kb(scriptsGzip + wasmGzip)} | ${weights === undefined ? "— (none shipped)" : kb(gzip(join(page, "weights", `${weights}.bdw`)))} |`);
}

lines.push("", "Every core (`dist/bindings/`): the full one, and each variant's small one (it plays captures forced and optional alike):", "", "| core | raw | gzip |", "|---|---|---|");
for (const { wasm } of CORE_BUILDS) {
  const file = core(wasm.slice("build/".length));
  lines.push(`| \`${wasm.slice("build/".length)}\` | ${kb(statSync(file).size)} | ${kb(gzip(file))} |`);
}
console.log(lines.join("\n"));
console.log(writeBlock("sizes", lines.join("\n")) ? `${BLOCK_FILES.sizes}: sizes block written` : `${BLOCK_FILES.sizes}: sizes block already up to date`);

// The Hub worker (scripts/hub-worker.mjs): the script, the variant's core, its family's weights.
const hub = join(WORK, "hub-worker");
await buildHubWorker(hub);
const script = sizeOf(join(hub, SCRIPT));
const hubLines = [`Built by \`node scripts/hub-worker.mjs\` (esbuild ${esbuild}, minified); gzip at level 9. The script is ${kb(script.raw)} (${kb(script.gzip)} gzip) in every variant.`, "", "| Hub variant | plays | core | core gzip | weights | weights gzip | total gzip (script, core, weights) |", "|---|---|---|---|---|---|---|"];
for (const { hub: name, variant } of PAGE_VARIANTS) {
  const [, coreFile, ...weights] = await filesFor(variant);
  const coreSize = sizeOf(join(hub, coreFile));
  const weightsGzip = weights.reduce((a, f) => a + sizeOf(join(hub, f)).gzip, 0);
  hubLines.push(`| \`${name}\` | ${variant} | \`${coreFile}\` | ${kb(coreSize.gzip)} | ${weights.map((f) => `\`${f}\``).join(" + ")} | ${kb(weightsGzip)} | ${kb(script.gzip + coreSize.gzip + weightsGzip)} |`);
}
console.log(hubLines.join("\n"));
console.log(writeBlock("hub-worker", hubLines.join("\n")) ? `${BLOCK_FILES["hub-worker"]}: hub-worker block written` : `${BLOCK_FILES["hub-worker"]}: hub-worker block already up to date`);
