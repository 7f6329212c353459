// One way to bundle a small browser app on the package, shared by the bundle test and
// scripts/sizes.mjs: esbuild, ESM for browsers, minified, and a check that nothing outside the
// bundle (a Node built-in above all) is imported. The lean entry's bitdraughts.wasm is copied
// beside the bundle, as esbuild leaves `new URL("./bitdraughts.wasm", import.meta.url)` as it is.

import { copyFileSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

/**
 * Bundles `entryPoints` ({ name: file }) into `outdir`, resolving packages from `cwd`; copies
 * `wasm` (a path) beside them when given. Returns each written file's raw and gzip size.
 */
export async function bundleApp({ entryPoints, outdir, cwd, wasm, minify = true }) {
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build({
    entryPoints, outdir, absWorkingDir: cwd, bundle: true, format: "esm", platform: "browser", target: "es2022",
    minify, metafile: true, logLevel: "silent",
  });
  const outside = Object.entries(result.metafile.inputs).flatMap(([file, input]) => input.imports.filter((i) => i.external && i.path !== "<runtime>").map((i) => `${file} imports ${i.path}`));
  if (outside.length > 0) throw new Error(`a browser bundle must import nothing from outside:\n${outside.join("\n")}`);
  const files = Object.keys(result.metafile.outputs).map((file) => join(cwd, file));
  if (wasm !== undefined) {
    copyFileSync(wasm, join(outdir, basename(wasm)));
    files.push(join(outdir, basename(wasm)));
  }
  return { metafile: result.metafile, files: files.map((file) => ({ file, raw: statSync(file).size, gzip: gzipSync(readFileSync(file), { level: 9 }).length })) };
}
