// The Hub worker (bitdraughts/hub-worker, docs/hub-worker.md) in headless Chromium, built as a
// site copies it (scripts/hub-worker.mjs) and started as analysis pages start their engine: a
// classic `new Worker(url)`, spoken to in the page's exact sequence (hub; tt-size 22; the
// variant; bb-size; init; pos with moves, and wolf for frisian; a level; go analyze; stop). In
// the five variants such a page names and the four 8×8 ones it switches off: every info line
// matches the page's regex and its line replays legally, stop answers done, the files the page
// downloads weigh at most 150 KB gzip. Then the bars: stop in the middle of a 10 s analysis
// answers within 50 ms with and without cross-origin isolation, a cold worker's first info line
// comes within 300 ms of go, and 200 pos/go/stop cycles leave the worker's heap where it was.
// Endgame databases the page supplies (english up to 3 pieces, built at test time): a won
// ending scored as a win on the full core, the note without them, an error line for a damaged
// or missing slice.
//
// Timings are read in the page (performance.now() when a line is posted and when one arrives),
// on a shared 2-core machine; each is printed with the test's output.

import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { ROOT, launchChromium, type Browser } from './chromium.js';
import { Position, buildEndgameDatabase } from '../../bindings/index.js';
import type { VariantName } from '../../bindings/core/variant.js';
import { hubMove, hubPosition, moveOfHub, positionOfHub } from '../../bindings/protocols/hub-text.js';
import { HubEngine, withStreaks } from '../../bindings/protocols/hub-engine.js';
import { createSearchEngine } from '../../bindings/search/search-engine.js';
import { VERSION } from '../../bindings/version.js';

/** The page's regex for an info line (its analysis client parses nothing else). */
const PAGE_INFO = /^info depth=(\d+) mean-depth=(\S+) score=(\S+) nodes=(\d+)(?: time=\S+)?(?: nps=\S+)? pv=(.*)$/;
const BUDGET_GZIP = 150 * 1024;

interface HubWorkerScript {
  buildHubWorker(out: string): Promise<unknown>;
  filesFor(variant: string): Promise<string[]>;
  sizeOf(file: string): { raw: number; gzip: number };
  PAGE_VARIANTS: ReadonlyArray<{ hub: string; variant: VariantName }>;
  SCRIPT: string;
}
type BundleApp = (options: { entryPoints: Record<string, string>; outdir: string; cwd: string }) => Promise<unknown>;
type Serve = (dir: string, port?: number, host?: string, isolated?: boolean, onRequest?: (path: string) => void) => Promise<{ address(): { port: number }; close(): void }>;

interface Line { readonly t: number; readonly line: string }

/** A Hub worker started by a page, its lines kept with their arrival times. */
class PageHub {
  constructor(readonly page: Page) {}

  static async open(context: BrowserContext, url: string, script = 'bitdraughts-hub.js'): Promise<PageHub> {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate((address) => {
      // As the site starts its engine: a classic worker from the script's address.
      const worker = new Worker(address);
      const lines: Array<{ t: number; line: string }> = [];
      worker.onmessage = (e: MessageEvent) => lines.push({ t: performance.now(), line: String(e.data) });
      worker.onerror = (e: ErrorEvent) => lines.push({ t: performance.now(), line: `worker error: ${e.message}` });
      (window as unknown as { hub: unknown }).hub = { worker, lines };
    }, script);
    return new PageHub(page);
  }

  /** Posts the lines; resolves with the page's time when the last was posted. */
  send(...lines: string[]): Promise<number> {
    return this.page.evaluate((ls) => {
      const hub = (window as unknown as { hub: { worker: Worker } }).hub;
      for (const l of ls) hub.worker.postMessage(l);
      return performance.now();
    }, lines);
  }

  count(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { hub: { lines: unknown[] } }).hub.lines.length);
  }

  /** The lines from index `from` up to the first that matches `pattern` (inclusive). */
  async until(pattern: RegExp, from: number, timeout = 30_000): Promise<Line[]> {
    await this.page.waitForFunction(([source, start]) => {
      const lines = (window as unknown as { hub: { lines: Array<{ line: string }> } }).hub.lines;
      return lines.slice(start).some((l) => new RegExp(source).test(l.line) || l.line.startsWith('worker error'));
    }, [pattern.source, from] as const, { timeout, polling: 5 });
    const lines = await this.lines(from);
    const end = lines.findIndex((l) => pattern.test(l.line));
    assert.ok(end >= 0, `no line matching ${pattern}: ${lines.map((l) => l.line).join('\n')}`);
    return lines.slice(0, end + 1);
  }

  lines(from = 0): Promise<Line[]> {
    return this.page.evaluate((start) => (window as unknown as { hub: { lines: Line[] } }).hub.lines.slice(start), from);
  }

  /** The page's handshake, as the site sends it; resolves once `ready` came. */
  async handshake(hubVariant: string): Promise<void> {
    const at = await this.count();
    await this.send('hub', 'set-param name=tt-size value=22', `set-param name=variant value=${hubVariant}`, 'set-param name=bb-size value=4', 'init');
    const lines = await this.until(/^ready$/, at);
    assert.ok(!lines.some((l) => l.line.startsWith('error') || l.line.startsWith('worker error')), lines.map((l) => l.line).join('\n'));
  }
}

/** A position and moves the page would send for each variant: the start and two quiet moves, or frisian's kings with their streaks. */
function pageMessages(variant: VariantName): { pos: string; moves: string[]; wolf?: string } {
  if (variant === 'frisian') {
    // Kings on 28 (White, one quiet move made) and 23 (Black, two), men on the back rows.
    const pieces: Record<number, string> = { 28: 'W', 23: 'B', 1: 'b', 2: 'b', 3: 'b', 4: 'b', 46: 'w', 47: 'w', 48: 'w', 49: 'w' };
    let pos = 'W';
    for (let s = 1; s <= 50; s++) pos += pieces[s] ?? 'e';
    return { pos, moves: [], wolf: 'W28=1 B23=2' };
  }
  let at = Position.initial(variant);
  const moves: string[] = [];
  for (let i = 0; i < 2; i++) {
    const move = at.legalMoves().find((m) => !m.isCapture)!;
    moves.push(hubMove(move));
    at = at.play(move);
  }
  return { pos: hubPosition(Position.initial(variant)), moves };
}

function posLine(variant: VariantName): string {
  const { pos, moves, wolf } = pageMessages(variant);
  return `pos pos=${pos} moves="${moves.join(' ')}"${wolf === undefined ? '' : ` wolf="${wolf}"`}`;
}

/** The position the page's pos line names. */
function rootOf(variant: VariantName): Position {
  const { pos, moves, wolf } = pageMessages(variant);
  let at = withStreaks(positionOfHub(variant, pos), wolf ?? '');
  for (const m of moves) at = at.play(moveOfHub(at, m));
  return at;
}

/** Every info line matches the page's regex, and its pv replays from the root move by move (from x to, captured squares). */
function checkInfo(line: string, root: Position): void {
  const m = PAGE_INFO.exec(line);
  assert.ok(m, `the page's regex reads ${line}`);
  assert.ok(Number.isFinite(Number(m[2])) && Number(m[2]) > 0, `mean-depth in ${line}`);
  assert.ok(Number.isFinite(Number(m[3])), `score in ${line}`);
  let at = root;
  for (const text of m[5]!.replace(/^"|"$/g, '').split(' ').filter((t) => t.length > 0)) at = at.play(moveOfHub(at, text));
}

/** The hub worker's target, attached without flattening, for its heap. */
async function heapReader(context: BrowserContext, page: Page): Promise<{ used(): Promise<number>; detach(): Promise<void> }> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'worker' && t.url.endsWith('/bitdraughts-hub.js'));
  assert.ok(target, `the Hub worker's target among ${targetInfos.map((t) => `${t.type} ${t.url}`).join(', ')}`);
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
  let next = 1;
  const pending = new Map<number, (result: Record<string, unknown>) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e: { message: string }) => {
    const m = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown> };
    if (m.id !== undefined) pending.get(m.id)?.(m.result ?? {});
  });
  const call = (method: string): Promise<Record<string, unknown>> => new Promise((resolve) => {
    const id = next++;
    pending.set(id, resolve);
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params: {} }) });
  });
  return {
    used: async () => {
      await call('HeapProfiler.collectGarbage');
      return (await call('Runtime.getHeapUsage')).usedSize as number;
    },
    detach: () => cdp.detach(),
  };
}

describe('the Hub worker in Chromium, as an analysis page drives it', () => {
  let dir = '';
  let browser: Browser;
  let script: HubWorkerScript;
  const servers: Record<'isolated' | 'plain', { url: string; close(): void }> = {} as never;
  let requests: string[] = [];

  before(async () => {
    script = (await import(pathToFileURL(join(ROOT, 'scripts', 'hub-worker.mjs')).href)) as HubWorkerScript;
    const { serve } = (await import(pathToFileURL(join(ROOT, 'scripts', 'demo.mjs')).href)) as { serve: Serve };
    dir = mkdtempSync(join(tmpdir(), 'bitdraughts-hub-worker-'));
    await script.buildHubWorker(dir);
    // English's endgame database up to 3 pieces (16 slices, a fraction of a second), as
    // `bitdraughts egdb build` writes it, in egdb/; a copy with one slice damaged, one with one missing.
    mkdirSync(join(dir, 'egdb'));
    await buildEndgameDatabase('english', { pieces: 3, write: (name, bytes) => writeFileSync(join(dir, 'egdb', name), bytes) });
    cpSync(join(dir, 'egdb'), join(dir, 'damaged'), { recursive: true });
    const damaged = readFileSync(join(dir, 'damaged', 'english-0201.egdb'));
    damaged[damaged.length - 1] ^= 0xff;
    writeFileSync(join(dir, 'damaged', 'english-0201.egdb'), damaged);
    cpSync(join(dir, 'egdb'), join(dir, 'missing'), { recursive: true });
    rmSync(join(dir, 'missing', 'english-1101.egdb'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>analysis</title>\n');
    for (const isolated of [true, false]) {
      const server = await serve(dir, 0, '127.0.0.1', isolated, (path) => requests.push(path));
      servers[isolated ? 'isolated' : 'plain'] = { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
    }
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    servers.isolated?.close();
    servers.plain?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  test('the page\'s sequence in nine variants: info lines the page reads, done after stop, at most 150 KB gzip downloaded', async (t) => {
    for (const { hub: hubVariant, variant } of script.PAGE_VARIANTS) {
      requests = [];
      const hub = await PageHub.open(browser.context, servers.isolated.url);
      try {
        await hub.handshake(hubVariant);
        const at = await hub.count();
        await hub.send(posLine(variant), 'level infinite', 'go analyze');
        const infos = await hub.until(/^info depth=3 /, at);
        const stopAt = await hub.send('stop');
        const answer = await hub.until(/^(done|error)/, at);
        const root = rootOf(variant);
        const infoLines = answer.filter((l) => l.line.startsWith('info'));
        assert.ok(infos.length >= 3 && infoLines.length >= 3, `${variant}: an info line per iteration`);
        for (const l of infoLines) checkInfo(l.line, root);
        const done = answer.at(-1)!;
        const move = /^done move=(\S+)/.exec(done.line);
        assert.ok(move, `${variant}: ${done.line}`);
        assert.doesNotThrow(() => moveOfHub(root, move[1]!), `${variant}: ${done.line} is legal`);
        // What the page downloaded: each file once (the search worker's second start of the
        // script is a cache hit on a real site; this server says no-store).
        const files = [...new Set(requests.filter((p) => p !== '/').map((p) => p.slice(1)))].sort();
        assert.deepEqual(files, [...await script.filesFor(variant)].sort(), `${variant}: the files the page fetched`);
        const gzip = files.reduce((sum, f) => sum + script.sizeOf(join(dir, f)).gzip, 0);
        assert.ok(gzip <= BUDGET_GZIP, `${variant}: ${gzip} bytes gzip`);
        t.diagnostic(`${hubVariant} (${variant}): ${infoLines.length} info lines, ${done.line} ${(done.t - stopAt).toFixed(1)} ms after stop; downloaded ${(gzip / 1024).toFixed(1)} KB gzip (${files.join(', ')})`);
      } finally {
        await hub.page.close();
      }
    }
  });

  for (const mode of ['isolated', 'plain'] as const) {
    test(`stop in the middle of a 10 s go analyze answers done within 50 ms (${mode === 'isolated' ? 'cross-origin isolated: the shared stop flag' : 'not isolated: the search worker is ended'})`, async (t) => {
      const hub = await PageHub.open(browser.context, servers[mode].url);
      try {
        assert.equal(await hub.page.evaluate(() => crossOriginIsolated), mode === 'isolated');
        await hub.handshake('normal');
        const delays: number[] = [];
        for (let round = 0; round < 5; round++) {
          const at = await hub.count();
          await hub.send(posLine('international'), 'level move-time=10', 'go analyze');
          // Past depth 10 the iterations take tens of milliseconds and more: a stop a moment
          // after a report lands in the middle of the next iteration.
          await hub.until(/^info depth=1[0-9] /, at);
          await hub.page.waitForTimeout(150 + 100 * round);
          const before = await hub.lines(at);
          const stopAt = await hub.send('stop');
          const lines = await hub.until(/^(done|error)/, at);
          const done = lines.at(-1)!;
          assert.match(done.line, /^done move=/);
          const lastInfo = before.filter((l) => l.line.startsWith('info')).at(-1)!;
          delays.push(done.t - stopAt);
          t.diagnostic(`${mode} round ${round + 1}: done ${(done.t - stopAt).toFixed(1)} ms after stop, ${(stopAt - lastInfo.t).toFixed(0)} ms after the last info line (${lastInfo.line.slice(0, 40)}…)`);
          // Nothing comes after the answer.
          await hub.page.waitForTimeout(100);
          assert.equal((await hub.lines(at)).length, lines.length, 'no line after done');
        }
        // The bar is 50 ms. On a shared 2-core machine, with the page, the Hub worker and the
        // search worker all wanting a core, a thread is now and then not run for tens of
        // milliseconds: the median must keep the bar, and no round may take thrice it.
        const sorted = [...delays].sort((a, b) => a - b);
        assert.ok(sorted[2]! <= 50 && sorted[4]! <= 150, `stop → done: ${delays.map((d) => d.toFixed(1)).join(', ')} ms`);
      } finally {
        await hub.page.close();
      }
    });
  }

  test('the worker refuses what the stdio engine refuses, with the same error lines, and nothing changes', async () => {
    // Malformed and refused lines of every kind, after a position is set (international,
    // TWO_TAKEN of tests/hub.test.ts: the man on 32 must take 27 and 17).
    let two = 'W';
    for (let s = 1; s <= 50; s++) two += s === 32 ? 'w' : s === 17 || s === 27 ? 'b' : 'e';
    const lines = [
      '', 'set-param value=3', 'set-param name=tt-size value=99', 'set-param name=variant value=chess', 'set-param name=multi-pv value=0',
      'set variant english', 'depth 3', 'pos pos="unclosed', `pos pos=${two.slice(0, 40)}`, `pos pos=${two.replace('e', 'q')}`,
      'pos moves="32-28 99-98"', 'pos moves="32-28 32-28"', `pos pos=${two} wolf="W32=1"`, 'level depth=abc', 'level move-time=-1', 'go x=\u0001',
    ];
    const setup = ['hub', 'init', `pos pos=${two}`];
    // The stdio engine, in this process.
    const out: string[] = [];
    const engine = new HubEngine((line) => out.push(line), { name: 'bitdraughts', version: VERSION, createSearch: (hash) => createSearchEngine({ hash }) });
    for (const line of [...setup, ...lines]) await engine.line(line);
    await engine.close();
    const expected = out.slice(out.indexOf('ready') + 1);
    assert.equal(expected.length, lines.length, expected.join('\n'));
    assert.ok(expected.every((l) => l.startsWith('error message=')), expected.join('\n'));

    const hub = await PageHub.open(browser.context, servers.plain.url);
    try {
      await hub.send(...setup);
      let at = (await hub.until(/^ready$/, 0)).length;
      await hub.send(...lines, 'ping');
      const got = (await hub.until(/^pong$/, at)).map((l) => l.line);
      assert.deepEqual(got.slice(0, -1), expected, 'the same error line for each refused line');
      // A message that is not text is answered as an empty line.
      at = await hub.count();
      await hub.page.evaluate(() => (window as unknown as { hub: { worker: Worker } }).hub.worker.postMessage({ line: 'hub' }));
      assert.equal((await hub.until(/^error/, at)).at(-1)!.line, 'error message="missing command"');
      // Nothing changed: still international, still the position with one legal move.
      at = await hub.count();
      await hub.send('level depth=2', 'go think');
      assert.equal((await hub.until(/^(done|error)/, at)).at(-1)!.line, 'done move=32x12x17x27');
      // A stop posted with its go, before any report (here without isolation: the search worker
      // is ended, and a one-ply search on the Hub worker's thread answers).
      at = await hub.count();
      await hub.send('pos start', 'level infinite', 'go analyze', 'stop');
      const quick = /^done move=(\S+)/.exec((await hub.until(/^(done|error)/, at)).at(-1)!.line);
      assert.ok(quick, 'a stop before the first report is answered with a move');
      assert.doesNotThrow(() => moveOfHub(Position.initial('international'), quick[1]!));
    } finally {
      await hub.page.close();
    }
  });

  test('endgame databases the page supplies (?egdb=): a won 3-piece ending scored as a win on the full core; without them the note; a damaged or missing slice an error line', async (t) => {
    // English, White to move: kings on 29 and 30 against the black king in its double corner
    // (square 1). Two kings beat one, but the capture that wins lies far beyond a 6-ply search:
    // the score reads as a win (above 80 men, as the page reads it) only when the database says so.
    let board = 'W';
    for (let s = 1; s <= 32; s++) board += s === 1 ? 'B' : s === 29 || s === 30 ? 'W' : 'e';
    const root = positionOfHub('english', board);
    /** The page's sequence with bb-size 4: the lines up to ready, those of a 6-ply analysis, and the files fetched. */
    const analyse = async (address: string): Promise<{ init: string[]; infos: string[]; done: string; files: string[] }> => {
      requests = [];
      const hub = await PageHub.open(browser.context, servers.isolated.url, address);
      try {
        await hub.send('hub', 'set-param name=tt-size value=22', 'set-param name=variant value=english', 'set-param name=bb-size value=4', 'init');
        const init = (await hub.until(/^ready$/, 0)).map((l) => l.line);
        const at = await hub.count();
        await hub.send(`pos pos=${board}`, 'level depth=6', 'go analyze');
        const lines = (await hub.until(/^(done|error)/, at)).map((l) => l.line);
        const infos = lines.filter((l) => l.startsWith('info'));
        for (const line of infos) checkInfo(line, root);
        return { init, infos, done: lines.at(-1)!, files: [...new Set(requests.map((p) => p.slice(1)))] };
      } finally {
        await hub.page.close();
      }
    };
    const scoreOf = (line: string): number => Number(PAGE_INFO.exec(line)![3]);

    const supplied = await analyse('bitdraughts-hub.js?egdb=egdb/');
    const folder = `${servers.isolated.url}egdb/`;
    assert.ok(supplied.init.includes(`param name=egdb-dir value=${folder} type=string`), supplied.init.join('\n'));
    assert.ok(!supplied.init.some((l) => l.startsWith('error')), supplied.init.join('\n'));
    // 16 slices: four of 2 pieces (a man or a king each side), twelve of 3 (one side's man or king against 2 men, a man and a king, or 2 kings).
    assert.ok(supplied.init.includes(`info message="bb-size 4: english endgame database, 16 slices up to 3 pieces from ${folder}; 4-piece slices are not there"`), supplied.init.join('\n'));
    assert.match(supplied.done, /^done move=/);
    const won = scoreOf(supplied.infos.at(-1)!);
    // Scan's band for a database result: 89.xx, above the page's 80 and below the game's end (99.xx).
    assert.ok(won >= 89 && won < 90, `with the database: ${supplied.infos.at(-1)}`);
    // The full core in place of the small one, and the slices.
    assert.ok(supplied.files.includes('bitdraughts.wasm') && !supplied.files.includes('bitdraughts-english.wasm'), supplied.files.join(', '));
    assert.ok(supplied.files.includes('egdb/english-0201.egdb'), supplied.files.join(', '));

    const without = await analyse('bitdraughts-hub.js');
    assert.ok(without.init.some((l) => l.startsWith('info message="bb-size 4: no endgame database is at hand here')), without.init.join('\n'));
    assert.ok(!without.init.some((l) => l.startsWith('param name=egdb-dir')), 'no egdb-dir without a database');
    const unknown = scoreOf(without.infos.at(-1)!);
    assert.ok(Math.abs(unknown) < 80, `without the database: ${without.infos.at(-1)}`);
    assert.ok(!without.files.includes('bitdraughts.wasm'), without.files.join(', '));

    // A damaged slice, a missing one: an error line naming it, then ready, and the search as it
    // was (without a database).
    for (const [folderName, problem] of [['damaged', /^error message="endgame database under \S+\/damaged\/: english-0201\.egdb: damaged: its CRC-32 is/], ['missing', /^error message="endgame database under \S+\/missing\/: english-1101\.egdb not found \(HTTP 404\), where the other slices of 3 pieces are"$/]] as const) {
      const broken = await analyse(`bitdraughts-hub.js?egdb=${folderName}/`);
      assert.ok(broken.init.some((l) => problem.test(l)), broken.init.join('\n'));
      assert.equal(broken.init.at(-1), 'ready');
      assert.match(broken.done, /^done move=/);
      assert.ok(Math.abs(scoreOf(broken.infos.at(-1)!)) < 80, `${folderName}: ${broken.infos.at(-1)}`);
      t.diagnostic(`${folderName}: ${broken.init.find((l) => problem.test(l))}`);
    }
    t.diagnostic(`with the database: ${supplied.infos.at(-1)}; without: ${without.infos.at(-1)}`);
  });

  test('createHubWorker() from a page bundle starts the worker beside it, with the endgame databases it names', async () => {
    const { bundleApp } = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundleApp: BundleApp };
    const app = join(dir, 'app-source.js');
    writeFileSync(app, `import { createHubWorker } from ${JSON.stringify(join(ROOT, 'dist', 'bindings', 'hub', 'index.js'))};
      const hub = createHubWorker({ egdb: "../egdb/" });
      const lines = [];
      hub.onmessage = (e) => { lines.push(e.data); if (String(e.data).startsWith("done")) document.title = lines.filter((l) => !l.startsWith("param")).join("|"); };
      for (const line of ["hub", "set-param name=variant value=english", "set-param name=bb-size value=3", "init", "pos pos=W${'e'.repeat(17)}b${'e'.repeat(4)}w${'e'.repeat(9)}", "level depth=2", "go think"]) hub.postMessage(line);
    `);
    await bundleApp({ entryPoints: { app }, outdir: join(dir, 'app'), cwd: ROOT });
    // esbuild leaves new Worker(new URL("./worker.js", import.meta.url)) as it is: the built script goes there.
    copyFileSync(join(dir, script.SCRIPT), join(dir, 'app', 'worker.js'));
    // And the variant's core and weights beside it, where the worker looks for them.
    mkdirSync(join(dir, 'app', 'weights'), { recursive: true });
    for (const file of (await script.filesFor('english')).slice(1)) copyFileSync(join(dir, file), join(dir, 'app', file));
    // The full core, which probes the database (egdb/ of the test's folder, named relative to the page).
    copyFileSync(join(dir, 'bitdraughts.wasm'), join(dir, 'app', 'bitdraughts.wasm'));
    writeFileSync(join(dir, 'app', 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="app.js"></script>\n');
    const page = await browser.context.newPage();
    try {
      await page.goto(`${servers.isolated.url}app/`);
      await page.waitForFunction(() => document.title.includes('done'), undefined, { timeout: 30_000 });
      // English: the white man on 23 must jump the black one on 18 and land on 14 (tests/hub.test.ts).
      const title = (await page.title()).split('|');
      assert.equal(title[0], `id name=bitdraughts version=${VERSION}`);
      assert.ok(title.includes(`info message="bb-size 3: english endgame database, 16 slices up to 3 pieces from ${servers.isolated.url}egdb/"`), title.join('\n'));
      assert.equal(title.at(-1), 'done move=23x14x18');
    } finally {
      await page.close();
    }
  });

  test('a cold worker: the first info line within 300 ms of go', async (t) => {
    const hub = await PageHub.open(browser.context, servers.isolated.url);
    try {
      const created = await hub.page.evaluate(() => performance.now());
      await hub.handshake('normal');
      const at = await hub.count();
      const goAt = await hub.send(posLine('international'), 'level infinite', 'go analyze');
      const first = (await hub.until(/^info /, at)).at(-1)!;
      await hub.send('stop');
      await hub.until(/^done/, at);
      t.diagnostic(`first info ${(first.t - goAt).toFixed(1)} ms after go; the worker was created ${(goAt - created).toFixed(0)} ms before go (script, core and weights fetched, compiled, the search worker started by init)`);
      assert.ok(first.t - goAt <= 300, `${(first.t - goAt).toFixed(1)} ms`);
    } finally {
      await hub.page.close();
    }
  });

  // Without isolation every stop ends the search worker and starts another (a second or so a
  // cycle on a loaded machine): 200 cycles there under BITDRAUGHTS_DEEP (npm run test:deep), 40 otherwise.
  for (const [mode, cycles] of [['isolated', 200], ['plain', process.env.BITDRAUGHTS_DEEP ? 200 : 40]] as const) {
    test(`${cycles} pos/go/stop cycles leave the worker's heap where it was (${mode})`, async (t) => {
      const hub = await PageHub.open(browser.context, servers[mode].url);
      try {
        await hub.handshake('normal');
        const positions = [posLine('international'), `pos pos=${hubPosition(Position.initial('international'))}`, `pos pos=${hubPosition(Position.initial('international'))} moves="31-27 16-21"`];
        const cycle = async (i: number): Promise<void> => {
          const at = await hub.count();
          await hub.send(positions[i % positions.length]!, 'level infinite', 'go analyze');
          await hub.until(/^info depth=2 /, at);
          await hub.send('stop');
          await hub.until(/^done/, at);
        };
        for (let i = 0; i < 10; i++) await cycle(i);
        const heap = await heapReader(browser.context, hub.page);
        // Read after a collection, before the cycles, halfway and at the end: memory that
        // grows with the cycles grows in both halves.
        const readings = [await heap.used()];
        const started = Date.now();
        for (let half = 0; half < 2; half++) {
          for (let i = 0; i < cycles / 2; i++) await cycle(i);
          readings.push(await heap.used());
        }
        await heap.detach();
        t.diagnostic(`${mode}: the Hub worker's heap after a collection: ${readings.join(', ')} bytes before, halfway and after ${cycles} cycles (${(Date.now() - started) / 1000} s)`);
        const [before, half, end] = readings as [number, number, number];
        assert.ok(end <= before + 512 * 1024, `${before} → ${end} bytes`);
        assert.ok(end - half <= 256 * 1024, `the second half grew it ${end - half} bytes`);
      } finally {
        await hub.page.close();
      }
    });
  }
});
