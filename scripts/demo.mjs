// npm run demo: builds examples/web with esbuild from the package's lean entry, as a frontend
// would (the page, the search worker as a second entry, the family cores copied beside them),
// then serves it on localhost and prints the address. Needs dist/ (npm run demo builds it).
//
//   node scripts/demo.mjs [--port N] [--host H] [--out DIR] [--build-only] [--no-isolation]
//
// --no-isolation serves the page without the COOP/COEP headers, as most hosts do: no
// SharedArrayBuffer then, so stopping a search ends the worker and starts another.

import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SOURCE = join(ROOT, "examples", "web");

/** Builds the page into `out`; throws when a Node built-in would reach the browser. Returns esbuild's metafile. */
export async function buildDemo(out) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { main: join(SOURCE, "main.ts"), worker: join(SOURCE, "worker.ts") },
    outdir: out,
    bundle: true,
    // The code the page and its worker share is one chunk, fetched once.
    splitting: true,
    chunkNames: "chunk-[hash]",
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    keepNames: true, // error names survive minifying
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
  });
  const builtins = Object.entries(result.metafile.inputs).flatMap(([file, input]) => input.imports.filter((i) => i.external && i.path !== "<runtime>").map((i) => `${file} imports ${i.path}`));
  if (builtins.length > 0) throw new Error(`the page must not import anything outside the bundle:\n${builtins.join("\n")}`);
  for (const file of ["index.html", "style.css", "sw.js"]) copyFileSync(join(SOURCE, file), join(out, file));
  // The family cores, one of which the page fetches for the variant it plays (not the full core).
  for (const file of readdirSync(join(ROOT, "dist", "bindings")).filter((f) => /^bitdraughts-.+\.wasm$/.test(f))) copyFileSync(join(ROOT, "dist", "bindings", file), join(out, file));
  // The evaluation's weight files, one per board family: the page fetches the one it plays.
  mkdirSync(join(out, "weights"), { recursive: true });
  for (const file of readdirSync(join(ROOT, "dist", "bindings", "weights"))) copyFileSync(join(ROOT, "dist", "bindings", "weights", file), join(out, "weights", file));
  // The opening books: the page fetches the one of the variant it plays.
  mkdirSync(join(out, "books"), { recursive: true });
  for (const file of readdirSync(join(ROOT, "books")).filter((f) => f.endsWith(".book"))) copyFileSync(join(ROOT, "books", file), join(out, "books", file));
  return result.metafile;
}

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".map": "application/json", ".png": "image/png" };

/**
 * Serves `dir` on host:port (0: any free port); cross-origin isolated unless `isolated` is false,
 * so the worker can be stopped through shared memory. `onRequest` hears each path asked for.
 */
export function serve(dir, port = 0, host = "127.0.0.1", isolated = true, onRequest = undefined) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    onRequest?.(path);
    const file = normalize(join(dir, path.endsWith("/") ? `${path}index.html` : path));
    let ok = file.startsWith(dir.endsWith(sep) ? dir : dir + sep);
    try {
      ok &&= statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
      ...(isolated ? { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" } : {}),
    });
    response.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

function option(args, name, fallback) {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const args = process.argv.slice(2);
  const out = resolve(ROOT, option(args, "out", join("build", "demo")));
  const started = performance.now();
  await buildDemo(out);
  console.log(`built examples/web into ${out} in ${Math.round(performance.now() - started)} ms`);
  if (!args.includes("--build-only")) {
    const host = option(args, "host", "127.0.0.1");
    const server = await serve(out, Number(option(args, "port", process.env.PORT ?? "8080")), host, !args.includes("--no-isolation"));
    const { port } = server.address();
    console.log(`bitdraughts demo: http://${host}:${port}/`);
  }
}
