// The demo page (examples/web) fetches only the small core of the variant it plays: english's at
// first, international's when the variant changes (and, of scripts, only the new search worker's),
// never the full core; it shows what it downloaded; a switch that fails leaves the game played and
// can be tried again; two switches in a row end in the last; after the first visit it opens offline.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { launchChromium, playing, startDemo, type Browser, type Server } from './chromium.js';

describe('the demo page loads the core of its variant alone', () => {
  let server: Server;
  let browser: Browser;

  before(async () => {
    server = await startDemo();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  /** The paths the page requests from now on, in order. */
  function requests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (r) => seen.push(new URL(r.url()).pathname));
    return seen;
  }

  test('english first, international on a switch: one core each, the new worker\'s scripts, nothing else', { timeout: 90_000 }, async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const first = requests(page);
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="1"][data-variant="english"]', { timeout: 30_000 });
    assert.deepEqual(first.filter((p) => p.endsWith('.wasm')), ['/bitdraughts-english.wasm']);
    assert.match(await page.textContent('#downloaded') ?? '', /^\d+ KB downloaded \(bitdraughts-english\.wasm\)$/);

    await page.selectOption('#mode', 'humans');
    const switched = requests(page);
    await page.selectOption('#variant', 'international');
    await playing(page, 'international');
    await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 50);
    assert.deepEqual(switched.filter((p) => p.endsWith('.wasm')), ['/bitdraughts-international.wasm']);
    // The search worker on the new core starts again from its script (and the chunk it shares with the page).
    assert.deepEqual(switched.filter((p) => !p.endsWith('.wasm') && !/^\/(worker|chunk-[A-Z0-9]+)\.js$/.test(p)), []);
    assert.match(await page.textContent('#downloaded') ?? '', /^\d+ KB downloaded \(bitdraughts-international\.wasm\)$/);

    // Back to english: its core is at hand, no core is fetched again.
    const back = requests(page);
    await page.selectOption('#variant', 'english');
    await playing(page, 'english');
    assert.deepEqual(back.filter((p) => p.endsWith('.wasm')), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  /**
   * The page, english loaded, in a browser of its own and without the service worker: a route
   * does not see what a service worker answers (the test above registered one for this site).
   */
  async function plainPage(): Promise<{ fresh: Browser; page: Page; errors: string[] }> {
    const fresh = await launchChromium();
    const page = await fresh.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}?no-offline`);
    await page.waitForSelector('body[data-ready="1"][data-variant="english"]', { timeout: 30_000 });
    return { fresh, page, errors };
  }

  test('a switch whose core or worker does not load: its error, the game played goes on, the next try plays', { timeout: 90_000 }, async () => {
    const { fresh, page, errors } = await plainPage();
    try {
      const squares = () => page.locator('#board [data-square]').count();
      /** Chooses international, which fails: english stays, on its 32 squares, and the list shows it. Returns what the page says. */
      const failedSwitch = async (): Promise<string> => {
        await page.selectOption('#variant', 'international');
        await page.waitForFunction(() => (document.getElementById('message')?.textContent ?? '') !== '');
        assert.equal(await page.getAttribute('body', 'data-variant'), 'english');
        assert.equal(await page.inputValue('#variant'), 'english');
        assert.equal(await squares(), 32);
        return await page.textContent('#message') ?? '';
      };
      // The server's answer is what the page says.
      await page.route('**/bitdraughts-international.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }), { times: 1 });
      assert.equal(await failedSwitch(), `could not fetch the core from ${server.url}bitdraughts-international.wasm: HTTP 404`);
      // The core loads, the search worker does not start.
      await page.route('**/worker.js', (route) => route.fulfill({ status: 404, body: 'not found' }), { times: 1 });
      assert.match(await failedSwitch(), /^the search worker could not start from \S+\/worker\.js: /);
      // Choosing it again makes the worker on the international core: the page plays international.
      const again = requests(page);
      await page.selectOption('#variant', 'international');
      await playing(page, 'international');
      assert.equal(await squares(), 50);
      assert.ok(again.includes('/worker.js'), 'a new search worker');
      assert.match(await page.textContent('#downloaded') ?? '', /\(bitdraughts-international\.wasm\)$/);
      assert.deepEqual(errors, []);
    } finally {
      await fresh.close();
    }
  });

  test('two switches in a row: the second waits for the first, and the last choice is played', { timeout: 90_000 }, async () => {
    const { fresh, page, errors } = await plainPage();
    try {
      // International's core is held back until russian has been chosen too.
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = (): void => undefined;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await page.route('**/bitdraughts-international.wasm', async (route) => {
        asked();
        await held;
        await route.continue();
      }, { times: 1 });
      const seen = requests(page);
      await page.selectOption('#variant', 'international');
      await requested;
      await page.selectOption('#variant', 'russian');
      // A round trip to the page: a request russian's switch had made by now would have been seen.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      assert.deepEqual(seen.filter((p) => p.endsWith('.wasm')), ['/bitdraughts-international.wasm'], 'russian waits for international');
      release();
      await playing(page, 'russian');
      assert.equal(await page.inputValue('#variant'), 'russian');
      assert.equal(await page.locator('#board [data-square]').count(), 32);
      assert.deepEqual(seen.filter((p) => p.endsWith('.wasm')), ['/bitdraughts-international.wasm', '/bitdraughts-russian.wasm']);
      assert.match(await page.textContent('#downloaded') ?? '', /\(bitdraughts-russian\.wasm\)$/);
      assert.deepEqual(errors, []);
    } finally {
      await fresh.close();
    }
  });

  test('after the first visit the page opens and plays offline', { timeout: 90_000 }, async (t) => {
    // A browser of its own (no service worker from the tests before) and a server of its own,
    // stopped before the second visit: the browser's offline switch does not reach a service
    // worker's own fetches, so with the server up the worker would answer from the network and
    // the test would not show that the kept copies are enough.
    const site = await startDemo();
    const fresh = await launchChromium();
    const context = fresh.context;
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(site.url);
      await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
      // The first visit's files are kept once the service worker has them: the page and the core
      // among them. Going offline before the worker is activated and controls the page would let
      // the reload reach for the network, not the worker.
      await page.waitForFunction(async () => {
        const cache = await caches.open('bitdraughts-page');
        const kept = (await cache.match(location.href)) !== undefined && (await cache.match('bitdraughts-english.wasm')) !== undefined;
        return kept && navigator.serviceWorker.controller?.state === 'activated';
      }, null, { timeout: 30_000 });
      site.close();
      await context.setOffline(true);
      // Now and then Chromium sends a navigation past an activated worker to the network (twice
      // in CI, even after the wait above: ERR_INTERNET_DISCONNECTED, where a worker without the
      // kept copies fails with ERR_FAILED). A person would load the page again; so does the
      // test, twice at most.
      for (let attempt = 1; ; attempt++) {
        try {
          await (attempt === 1 ? page.reload() : page.goto(site.url));
          break;
        } catch (error) {
          if (attempt === 3 || !String(error).includes('ERR_INTERNET_DISCONNECTED')) throw error;
          t.diagnostic(`visit ${attempt} went past the service worker to the network; loading again`);
        }
      }
      await page.waitForSelector('body[data-ready="1"][data-variant="english"]', { timeout: 30_000 });
      await page.selectOption('#mode', 'humans');
      // Black opens in english: 11-15 (RULES.md 2: black's men on 1 to 12).
      await page.click('#board [data-square="11"]');
      await page.click('#board [data-square="15"]');
      await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').startsWith('1. 11-15'));
      assert.deepEqual(errors, []);
    } finally {
      await fresh.close();
      site.close();
    }
  });
});
