// npm run sizes: what each package entry costs a page, as esbuild bundles it (minified) into an
// app that imports Position and counts one perft: JS and WebAssembly, raw and gzip. Prints the
// table and writes it into the "sizes" block of docs/guide.md, so its figures are the build's. Needs dist/.

import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleApp } from "./bundle.mjs";
import { BLOCK_FILES, writeBlock } from "./readme-block.mjs";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WORK = join(ROOT, "build", "sizes");
const WASM = join(ROOT, "dist", "bindings", "bitdraughts.wasm");

const ENTRIES = [
  { name: "`bitdraughts` (core and weights inlined)", source: `import { Position } from "bitdraughts";\nconsole.log(Position.initial("english").perft(4));\n` },
  { name: "`bitdraughts/lean` (+ `bitdraughts.wasm`)", source: `import { Position, init } from "bitdraughts/lean";\nawait init();\nconsole.log(Position.initial("english").perft(4));\n`, wasm: WASM },
  { name: "`bitdraughts/search-worker` (a worker bundle)", source: `import "bitdraughts/search-worker";\n` },
];

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
console.log(lines.join("\n"));
console.log(writeBlock("sizes", lines.join("\n")) ? `${BLOCK_FILES.sizes}: sizes block written` : `${BLOCK_FILES.sizes}: sizes block already up to date`);
