// What a bundler keeps of the package: an app that imports only positions and moves from
// bitdraughts/lean gets none of the search, PDN, game, perft-in-workers or endgame code, and
// stays within 15 KB gzip of JavaScript (the bar of issue 25); each subpath entry brings its
// own part and not the others. Bundled by esbuild through the package's exports, minified.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
interface Bundled { metafile: { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }; files: Array<{ file: string; raw: number; gzip: number }> }
type BundleApp = (options: { entryPoints: Record<string, string>; outdir: string; cwd: string }) => Promise<Bundled>;

let bundleApp: BundleApp;
let work = '';
before(async () => {
  bundleApp = ((await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundleApp: BundleApp }).bundleApp;
  // Inside the repository, so that the apps resolve "bitdraughts" as the package itself.
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  work = mkdtempSync(join(ROOT, 'build', 'shaking-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** The package's source folders (dist/bindings/…) an app's bundle took code from. */
async function bundled(name: string, source: string): Promise<{ folders: Set<string>; files: string[]; jsGzip: number }> {
  const app = join(work, `${name}.js`);
  writeFileSync(app, source);
  const { metafile, files } = await bundleApp({ entryPoints: { [name]: app }, outdir: join(work, name), cwd: ROOT });
  // What is in the output: esbuild lists every file it read among the inputs, shaken off or not.
  const inputs = Object.values(metafile.outputs).flatMap((o) => Object.entries(o.inputs).filter(([f, i]) => i.bytesInOutput > 0 && f.startsWith('dist/bindings/')).map(([f]) => f));
  return {
    folders: new Set(inputs.map((f) => f.split('/')[2]!)),
    files: inputs,
    jsGzip: files.filter((f) => f.file.endsWith('.js')).reduce((a, f) => a + f.gzip, 0),
  };
}

describe('tree-shaking through the subpath entries', () => {
  test('positions and moves alone: no search, PDN, game, perft workers or endgame code; at most 15 KB gzip', async () => {
    const { folders, files, jsGzip } = await bundled('positions', `
      import { Position } from "bitdraughts/lean";
      const start = Position.initial("english");
      console.log(start.toFen(), start.legalMoves().map((m) => m.notation), start.play("11-15").toFen());
    `);
    for (const absent of ['search', 'pdn', 'game', 'perft', 'egdb', 'ui', 'protocols', 'cli']) assert.ok(!folders.has(absent), `${absent}: ${files.filter((f) => f.split('/')[2] === absent).join(', ')}`);
    assert.ok(files.includes('dist/bindings/core/position.js'));
    assert.ok(jsGzip <= 15 * 1024, `${jsGzip} bytes gzip`);
  });

  test('each subpath brings its part and leaves the others out', async () => {
    const cases: Array<[string, string, string, string[]]> = [
      ['game', 'Game', 'game', ['search', 'pdn', 'perft', 'egdb']],
      ['pdn', 'readPdn', 'pdn', ['search', 'perft', 'egdb']],
      ['ui', 'destinations', 'ui', ['search', 'pdn', 'game', 'perft', 'egdb']],
      ['board', 'Board', 'ui', ['search', 'pdn', 'game', 'perft', 'egdb']],
      ['perft', 'perftAsync', 'perft', ['search', 'pdn', 'game', 'egdb']],
      ['search', 'Searcher', 'search', ['pdn', 'perft', 'egdb']],
    ];
    for (const [entry, name, folder, absent] of cases) {
      const { folders } = await bundled(entry, `import { ${name} } from "bitdraughts/${entry}";\nconsole.log(${name});\n`);
      assert.ok(folders.has(folder), `bitdraughts/${entry} brings ${folder}/`);
      for (const other of absent) assert.ok(!folders.has(other), `bitdraughts/${entry} brings ${other}/`);
    }
  });
});
