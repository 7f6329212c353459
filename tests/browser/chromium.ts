// Headless Chromium for the browser tests: Debian's chromium driven by playwright-core, with a
// fresh profile, and the flags that keep it from reaching for the network on a closed machine.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Screenshots and other things to look at after a run (gitignored). */
export const OUTPUT = join(ROOT, 'test-output');

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'bitdraughts-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1000, height: 800 },
    timeout: 60_000,
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Server {
  readonly url: string;
  close(): void;
}

/**
 * Runs `node scripts/demo.mjs` as `npm run demo` does after its build (dist/ is built by
 * npm test), on a free port, and resolves with the address it prints. Each server builds the
 * page into a folder of its own: a build empties its folder first, so a second server (the
 * other test file, run beside this one) building into the same one would take the files from
 * under a page that is still fetching them.
 */
export function startDemo(args: string[] = []): Promise<Server> {
  const out = mkdtempSync(join(tmpdir(), 'bitdraughts-demo-'));
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'demo.mjs'), '--port', '0', '--out', out, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = (): void => {
    child.kill();
    rmSync(out, { recursive: true, force: true });
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the demo server printed no address within 60 s:\n${output}`)), 60_000);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      stop();
      reject(error);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /bitdraughts demo: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, close: stop });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(new Error(`the demo server exited with code ${code}:\n${output}`)));
  });
}

/**
 * Waits until the demo page plays `variant` (after a switch, once its core and search worker are
 * loaded). A switch that failed shows its error under the board and never gets there: that
 * error fails the test at once, rather than a timeout that does not say why.
 */
export async function playing(page: Page, variant: string): Promise<void> {
  await page.waitForFunction((v) => {
    const message = document.getElementById('message')!;
    return document.body.dataset.variant === v || (message.textContent !== '' && !message.classList.contains('note'));
  }, variant);
  const shown = await page.evaluate(() => ({ variant: document.body.dataset.variant, message: document.getElementById('message')?.textContent }));
  assert.equal(shown.variant, variant, `the page did not switch to ${variant}: ${shown.message}`);
}
