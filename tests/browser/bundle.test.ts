// The package as a frontend gets it: `npm pack`, unpacked into a new project, a tiny app
// bundled by esbuild for browsers from each entry (the inlined core, and the lean one with
// bitdraughts.wasm beside the bundle), loaded in headless Chromium, which counts a published
// perft. The lean app also searches in a Web Worker bundled from bitdraughts/search-worker.
// A bundle that imports anything from outside itself (a Node built-in) fails to build.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { userEnv } from '../helpers/user-env.js';
import { startPerft } from '../published.js';
import { ROOT, launchChromium, type Browser } from './chromium.js';

interface Bundled { files: Array<{ file: string; raw: number; gzip: number }> }
type BundleApp = (options: { entryPoints: Record<string, string>; outdir: string; cwd: string; wasm?: string }) => Promise<Bundled>;
type Serve = (dir: string, port?: number) => Promise<{ address(): { port: number }; close(): void }>;

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 120_000, env: userEnv() });
  assert.equal(result.status, 0, `${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

// International perft(5) from the start, as published (tests/data/start-perft.json).
const published = startPerft.find((p) => p.variant === 'international' && p.depth === 5 && p.fen === null)!;

const APPS = {
  inline: `
    import { Position } from "bitdraughts";
    document.title = String(Position.initial("international").perft(${published.depth}));
  `,
  lean: `
    import { Position, createSearchEngine, init } from "bitdraughts/lean";
    await init();
    const start = Position.initial("international");
    const engine = await createSearchEngine({ workerUrl: new URL("./worker.js", import.meta.url) });
    const result = await engine.search(start, { depth: 3 });
    const legal = start.legalMoves().some((m) => m.notation === result.bestmove);
    document.title = String(start.perft(${published.depth})) + (legal ? " legal" : " " + result.bestmove);
  `,
  worker: `import "bitdraughts/search-worker";\n`,
  // A bundle without the worker entry: esbuild does not follow new Worker(new URL(…)).
  noWorker: `
    import { createSearchEngine, init } from "bitdraughts/lean";
    await init();
    try {
      await createSearchEngine();
      document.title = "started";
    } catch (error) {
      document.title = error.name + "|" + error.message;
    }
  `,
};

describe('bundles of the packed package in Chromium', () => {
  let dir = '';
  let project = '';
  let browser: Browser;
  let bundleApp: BundleApp;
  let serve: Serve;

  before(async () => {
    assert.ok(published, 'international perft(5) is in the published table');
    ({ bundleApp } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundleApp: BundleApp });
    ({ serve } = (await import(pathToFileURL(join(ROOT, 'scripts', 'demo.mjs')).href)) as { serve: Serve });
    dir = mkdtempSync(join(tmpdir(), 'bitdraughts-bundle-'));
    // npm test has just built dist/: pack without running prepack's build again.
    const [info] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT)) as Array<{ filename: string }>;
    project = join(dir, 'app');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
    // Unpacked where npm would install it: a browser bundle needs none of the package's runtime
    // dependencies (the command line's), and this needs no registry.
    const installed = join(project, 'node_modules', 'bitdraughts');
    mkdirSync(installed, { recursive: true });
    run('tar', ['-xzf', join(dir, info!.filename), '-C', installed, '--strip-components=1'], project);
    for (const [name, source] of Object.entries(APPS)) writeFileSync(join(project, `${name}.js`), source);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function load(out: string): Promise<string> {
    writeFileSync(join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="app.js"></script>');
    const server = await serve(out);
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.waitForFunction(() => document.title !== '', null, { timeout: 60_000 });
      assert.deepEqual(errors, []);
      return await page.title();
    } finally {
      await page.close();
      server.close();
    }
  }

  test('the inlined entry: one file, the core compiled from it', { timeout: 120_000 }, async () => {
    const out = join(project, 'out-inline');
    const { files } = await bundleApp({ entryPoints: { app: join(project, 'inline.js') }, outdir: out, cwd: project });
    assert.deepEqual(files.map((f) => f.file.slice(out.length + 1)), ['app.js']);
    assert.equal(await load(out), published.nodes_str);
  });

  test('the lean entry: the bundle, bitdraughts.wasm beside it, and a search worker', { timeout: 120_000 }, async () => {
    const out = join(project, 'out-lean');
    const wasm = join(project, 'node_modules', 'bitdraughts', 'dist', 'bindings', 'bitdraughts.wasm');
    const { files } = await bundleApp({ entryPoints: { app: join(project, 'lean.js'), worker: join(project, 'worker.js') }, outdir: out, cwd: project, wasm });
    const sizes = Object.fromEntries(files.map((f) => [f.file.slice(out.length + 1), f.raw]));
    assert.deepEqual(Object.keys(sizes).sort(), ['app.js', 'bitdraughts.wasm', 'worker.js']);
    // Neither script carries the core: each is far smaller than the .wasm file they load.
    assert.ok(sizes['app.js']! < sizes['bitdraughts.wasm']! / 4 && sizes['worker.js']! < sizes['bitdraughts.wasm']! / 4, JSON.stringify(sizes));
    assert.equal(await load(out), `${published.nodes_str} legal`);
  });

  test('a minified bundle without the search worker: the error names itself, the address and workerUrl', { timeout: 120_000 }, async () => {
    const out = join(project, 'out-no-worker');
    const wasm = join(project, 'node_modules', 'bitdraughts', 'dist', 'bindings', 'bitdraughts.wasm');
    await bundleApp({ entryPoints: { app: join(project, 'noWorker.js') }, outdir: out, cwd: project, wasm });
    const [name, message] = (await load(out)).split('|');
    assert.equal(name, 'EngineError');
    // The package's default address: worker.js beside the bundle, which is not there.
    assert.match(message ?? '', /^the search worker could not start from http:\/\/127\.0\.0\.1:\d+\/worker\.js: \S/);
    assert.match(message ?? '', /createSearchEngine\(\{ workerUrl: /);
  });

  test('a Node built-in in a browser bundle fails the build', { timeout: 60_000 }, async () => {
    writeFileSync(join(project, 'bad.js'), 'import { readFileSync } from "node:fs";\nconsole.log(readFileSync);\n');
    await assert.rejects(bundleApp({ entryPoints: { bad: join(project, 'bad.js') }, outdir: join(project, 'out-bad'), cwd: project }), /node:fs/);
  });
});
