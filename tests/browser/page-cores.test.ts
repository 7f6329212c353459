// The demo page (examples/web) fetches only the small core of the variant it plays: english's at
// first, international's when the variant changes (and, of scripts, only the new search worker's),
// never the full core; it shows what it downloaded; after the first visit it opens offline.

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

  test('after the first visit the page opens and plays offline', { timeout: 90_000 }, async () => {
    // A browser of its own: no service worker from the test before.
    const fresh = await launchChromium();
    const context = fresh.context;
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
    // The first visit's files are kept once the service worker has them: the core among them.
    await page.waitForFunction(() => caches.open('bitdraughts-page').then((c) => c.match('bitdraughts-english.wasm')).then((r) => r !== undefined), null, { timeout: 30_000 });
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector('body[data-ready="1"][data-variant="english"]', { timeout: 30_000 });
      await page.selectOption('#mode', 'humans');
      // Black opens in english: 11-15 (RULES.md 2: black's men on 1 to 12).
      await page.click('#board [data-square="11"]');
      await page.click('#board [data-square="15"]');
      await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').startsWith('1. 11-15'));
    } finally {
      await fresh.close();
    }
  });
});
