// The board component (bitdraughts/board) in headless Chromium. On the demo page, which draws
// with it: whole games played by the mouse and by the keyboard in english and international,
// from the start to the end and again from a position with a capture that two routes end on the
// same square, the route chosen by its landing squares. On a page of its own: each board size
// drawn (a screenshot of each in test-output/), orientation and numbering, the capture's path
// with the pieces taken greyed, arrows, scaling with the container, CSS variables, the
// destinations-only config of the chess board libraries.
//
// The moves are drawn at random (seeded) from the legal moves of a game the test keeps itself;
// after each ply the page's FEN must be that game's. Squares and routes are worked out from
// RULES.md's numbering: see each position's comment.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { OUTPUT, ROOT, launchChromium, playing, startDemo, type Browser, type Server } from './chromium.js';
import { Game } from '../../bindings/game/game.js';
import type { Move } from '../../bindings/core/notation.js';
import { moveTrail } from '../../bindings/ui/board.js';

type Input = 'mouse' | 'keyboard';

/**
 * Positions where the side to move has a capture that two routes end on the same square.
 * English (RULES.md 2: 1–4 on the top row): Black's man on 2 takes 6 and 14 landing on 9, or 7
 * and 15 landing on 11, to 18 either way. International: White's man on 42 takes 38 (to 33),
 * then 28 and 18 (landing on 22 and 13) or 29 and 19 (24 and 13), then 9 and 10 by 4 to 15: five
 * pieces both ways, so the majority rule keeps both.
 */
const ROUTES = {
  english: { fen: 'B:W6,7,14,15,21,22,25:B2,3,4', from: 2, to: 18, paths: ['2/11/18', '2/9/18'] },
  international: { fen: 'W:W42,45,47:B9,10,18,19,28,29,38', from: 42, to: 15, paths: ['42/33/22/13/4/15', '42/33/24/13/4/15'] },
} as const;

describe('the board component in Chromium', () => {
  let demo: Server;
  let harness: { url: string; close(): void };
  let browser: Browser;

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    demo = await startDemo();
    harness = await startHarness();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    demo?.close();
    harness?.close();
  });

  async function open(url: string, ready: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector(ready, { timeout: 30_000, state: 'attached' });
    return { page, errors };
  }

  describe('whole games on the demo page', () => {
    for (const variant of ['english', 'international'] as const) {
      for (const input of ['mouse', 'keyboard'] as const) {
        test(`${variant} by ${input}: a game from the start to its end, and one from a capture with two routes`, { timeout: 300_000 }, async (t) => {
          const { page, errors } = await open(demo.url, 'body[data-ready="1"]');
          await page.selectOption('#mode', 'humans');
          await page.selectOption('#variant', variant);
          await playing(page, variant);
          let seed = input === 'mouse' ? 0x2545f491 : 0x1b873593;
          const random = (): number => {
            seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
            return seed / 2 ** 32;
          };
          const enter = input === 'mouse' ? (s: number) => page.click(`#board [data-square="${s}"]`) : (s: number) => keyTo(page, s);

          /** Plays the game to its end, a random legal move at a time; returns the routes chosen. */
          async function playOut(game: Game, first?: Move): Promise<number> {
            let chosen = 0;
            for (let next = first; !game.isOver && game.ply < 400; next = undefined) {
              if (game.drawClaim !== undefined) {
                await page.click('#claim-draw');
                game.claimDraw();
                break;
              }
              const legal = game.legalMoves();
              const move = next ?? legal[Math.floor(random() * legal.length)]!;
              const routes = legal.filter((m) => m.from === move.from && m.to === move.to);
              const before = game.position.toFen();
              game.play(move);
              if (routes.length === 1 && input === 'mouse' && game.ply % 4 === 0) {
                await page.dragAndDrop(`#board [data-square="${move.from}"]`, `#board [data-square="${move.to}"]`);
              } else {
                await enter(move.from);
                assert.ok(await page.$(`#board [data-square="${move.to}"].dest`), `${move.to} is shown as a destination of ${move.from}`);
                await enter(move.to);
              }
              if (routes.length > 1) {
                // Not played yet: the page lists the routes, the board asks for a landing square.
                await page.waitForSelector('#routes:not([hidden])');
                assert.equal(await page.$$eval('#route-buttons button', (b) => b.length), routes.length);
                assert.equal(await page.inputValue('#fen'), before, 'nothing played before the route is chosen');
                for (let leg = 1; leg < move.path.length - 1 && (await page.inputValue('#fen')) === before; leg++) {
                  const offered = new Set(routes.filter((m) => move.path.slice(0, leg).every((s, i) => m.path[i] === s)).map((m) => m.path[leg]!));
                  assert.deepEqual(await dests(page), [...offered].sort((a, b) => a - b), `the landing squares offered after ${move.path.slice(0, leg).join('x')}`);
                  if (leg > 1) assert.deepEqual(await squaresWith(page, 'taken'), moveTrail(variant, move).taken.slice(0, leg - 1).sort((a, b) => a - b), 'the pieces taken so far are greyed');
                  await enter(move.path[leg]!);
                }
                chosen++;
              }
              await page.waitForFunction((f) => (document.getElementById('fen') as HTMLInputElement).value === f, game.position.toFen(), { timeout: 10_000 });
              assert.deepEqual(await squaresWith(page, 'last'), [...new Set(move.path)].sort((a, b) => a - b), 'the last move is shown, its whole path');
            }
            await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'));
            assert.equal(game.isOver, true, `the game ended within ${game.ply} plies`);
            return chosen;
          }

          const fromStart = new Game(variant);
          await playOut(fromStart);
          t.diagnostic(`from the start: ${fromStart.ply} plies`);

          const setup = ROUTES[variant];
          const routed = new Game(variant, { fen: setup.fen });
          await page.fill('#fen', setup.fen);
          await page.click('#fen-load');
          await page.waitForFunction((f) => (document.getElementById('fen') as HTMLInputElement).value === f, routed.position.toFen());
          const both = routed.legalMoves().filter((m) => m.from === setup.from && m.to === setup.to);
          assert.deepEqual(both.map((m) => m.path.join('/')).sort(), [...setup.paths]);
          const pick = both[Math.floor(random() * 2)]!;
          assert.equal(await playOut(routed, pick) >= 1, true, 'a route was chosen');
          t.diagnostic(`from the capture with two routes (${pick.notation}): ${routed.ply} plies`);
          await page.close();
          assert.deepEqual(errors, []);
        });
      }
    }
  });

  test('bundled alone by esbuild (minified), as scripts/sizes.mjs measures it, the component is at most 15 KB gzip', async () => {
    const out = mkdtempSync(join(tmpdir(), 'bitdraughts-board-size-'));
    try {
      const source = join(ROOT, 'build', 'board-harness', 'size.js');
      writeFileSync(source, 'import { Board } from "bitdraughts/board";\nnew Board(document.body, { variant: "international" });\n');
      const bundle = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundleApp(options: Record<string, unknown>): Promise<{ files: Array<{ gzip: number }> }> };
      const { files } = await bundle.bundleApp({ entryPoints: { board: source }, outdir: out, cwd: ROOT });
      const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
      assert.ok(gzip <= 15 * 1024, `the component is ${(gzip / 1024).toFixed(1)} KB gzip`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  describe('the component on a page of its own', () => {
    let page: Page;
    let errors: string[];

    before(async () => {
      ({ page, errors } = await open(harness.url, 'body[data-ready="1"]'));
    });
    after(async () => {
      await page?.close();
      assert.deepEqual(errors, []);
    });

    /** A board of `variant` at `width` px, from `fen` (or the start), with `config` besides. */
    const make = (variant: string, options: { fen?: string; width?: number; config?: Record<string, unknown> } = {}) =>
      page.evaluate(({ variant, fen, width, config }) => window.make(variant, fen, width, config), { variant, fen: options.fen, width: options.width ?? 480, config: options.config ?? {} });

    // One position a size, with the last move, an arrow, a selected piece or a capture entered in part.
    const SIZES = [
      // English after 11-15 23-19 8-11 22-17: Black's man on 9 steps to 13 or 14.
      { variant: 'english', size: 8, squares: 32, moves: ['11-15', '23-19', '8-11', '22-17'], clicks: [9], dests: [13, 14] },
      // International, ROUTES' position: 42 to 15, then 33, which both routes land on: 38 is taken
      // so far, 22 and 24 are offered next.
      { variant: 'international', size: 10, squares: 50, fen: ROUTES.international.fen, clicks: [42, 15, 33], dests: [22, 24], taken: [38] },
      // Turkish (every square, 1–64 row by row): after d3-d4 (44-36) e6-e5 (21-29), the man on 36 steps to 28, 35 or 37.
      { variant: 'turkish', size: 8, squares: 64, moves: ['d3-d4', 'e6-e5'], clicks: [36], dests: [28, 35, 37] },
      // Canadian (72 squares, 6 a row, row 0 at the top): after 43-37 25-31, White's man on 44
      // (row 7, its front row, third column) steps to 38 only, 37 being taken.
      { variant: 'canadian', size: 12, squares: 72, moves: ['43-37', '25-31'], clicks: [44], dests: [38] },
    ];

    for (const c of SIZES) {
      test(`${c.variant}: a ${c.size}×${c.size} board of ${c.squares} squares, drawn and screenshot`, async () => {
        await page.evaluate(({ variant, fen, moves }) => window.play(variant, fen, moves), { variant: c.variant, fen: c.fen, moves: c.moves ?? [] });
        assert.equal(await page.$$eval('#b .bd-grid > *', (e) => e.length), c.size * c.size);
        assert.equal(await page.$$eval('#b [data-square]', (e) => e.length), c.squares);
        for (const s of c.clicks) await page.click(`#b [data-square="${s}"]`);
        assert.deepEqual(await dests(page, '#b'), c.dests);
        if (c.taken) {
          assert.deepEqual(await squaresWith(page, 'taken', '#b'), c.taken);
          assert.equal(await page.$$eval('#b svg polyline.trail', (e) => e.length), 1, 'the path so far is drawn');
          assert.equal(await page.$eval('#b [data-square="38"] .piece', (e) => Number(getComputedStyle(e).opacity) < 1), true, 'the taken piece is greyed, still on the board');
        }
        // The squares of a row are as wide as the board over the size (turkish's less the lines between).
        const width = await page.$eval('#b [data-square="1"]', (e) => e.getBoundingClientRect().width);
        assert.ok(width <= 480 / c.size + 0.5 && width > 480 / c.size - (c.squares === 64 ? 3 : 0.5), `a square is ${width}px wide`);
        await page.locator('#wrap').screenshot({ path: join(OUTPUT, `board-component-${c.variant}.png`) });
      });
    }

    test('orientation and numbering: white or black at the bottom, square numbers or algebraic coordinates', async () => {
      const corner = () => page.$eval('#b [data-square="1"]', (e) => {
        const r = e.getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top)];
      });
      const labels = () => page.$$eval('#b .label', (l) => l.map((e) => e.textContent));
      // International is written in numbers: square 1 in the top row, second column (RULES.md 2).
      await make('international');
      assert.deepEqual(await corner(), [48, 0]);
      assert.equal((await labels()).length, 50);
      assert.deepEqual((await labels()).slice(0, 3), ['1', '2', '3']);
      // Black at the bottom: square 1 at the bottom row, ninth column.
      await make('international', { config: { orientation: 'black' } });
      assert.deepEqual(await corner(), [48 * 8, 48 * 9]);
      // Algebraic: ranks 10 … 1 down the left edge, files a … j along the bottom.
      await make('international', { config: { coordinates: 'algebraic' } });
      assert.deepEqual(await labels(), ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
      await make('international', { config: { coordinates: 'algebraic', orientation: 'black' } });
      assert.deepEqual(await labels(), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'j', 'i', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a']);
      // Russian is written in algebraic squares: that is its default; square 1 is b8.
      await make('russian');
      assert.equal((await labels()).length, 16);
      assert.equal(await page.getAttribute('#b [data-square="1"]', 'data-name'), 'b8');
      await make('russian', { config: { coordinates: 'numbers' } });
      assert.equal((await labels()).length, 32);
      await page.locator('#wrap').screenshot({ path: join(OUTPUT, 'board-component-russian-numbers.png') });
      // toggleOrientation turns it round: a1 (29, White's king) at the top right.
      await make('russian', { fen: 'W:WK29,22,23:B9,K2,12', config: { lastMove: [6, 2] } });
      await page.evaluate(() => window.board!.toggleOrientation());
      assert.equal(await page.evaluate(() => window.board!.orientation), 'black');
      assert.deepEqual(await page.$eval('#b [data-square="29"]', (e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().top, e.getAttribute('data-piece')]), [420, 0, 'white-king']);
      await page.locator('#wrap').screenshot({ path: join(OUTPUT, 'board-component-russian-black.png') });
    });

    test("a move given with its path is animated leg by leg, the pieces it takes greyed until it lands", async () => {
      await make('international', { fen: ROUTES.international.fen, config: { animation: { duration: 400 } } });
      const during = await page.evaluate((fen) => {
        const before = window.bd!.Position.fromFen('international', fen);
        const move = before.legalMoves().find((m) => m.path.join('/') === '42/33/22/13/4/15')!;
        (window.board as unknown as { set(c: Record<string, unknown>): void }).set({ position: before.play(move), lastMove: move.path });
        const greyed = Array.from(document.querySelectorAll('#b .ghost .piece.taken')).map((e) => getComputedStyle(e).opacity);
        return { greyed, moving: document.querySelectorAll('#b .ghost .piece:not(.taken)').length, onBoard: document.querySelectorAll('#b .cell .piece').length };
      }, ROUTES.international.fen);
      assert.equal(during.greyed.length, 5, 'the five pieces taken stay, greyed');
      assert.ok(during.greyed.every((o) => Number(o) < 1));
      assert.equal(during.moving, 1, 'the capturing piece moves apart from the squares');
      // 38, 28, 18, 9 and 10 are taken (one a leg): the squares hold White's three men (the one on
      // 15 hidden till it lands) and Black's 19 and 29.
      assert.equal(during.onBoard, 5);
      assert.equal(await page.$eval('#b [data-square="15"] .piece', (e) => getComputedStyle(e).visibility), 'hidden');
      await page.waitForFunction(() => document.querySelector('#b .ghost') === null, null, { timeout: 5_000 });
      assert.equal(await page.getAttribute('#b [data-square="15"]', 'data-piece'), 'white-man');
    });

    test('scales with its container, and takes its colours from CSS variables', async () => {
      await make('english', { width: 320 });
      const size = () => page.$eval('#b [data-square="1"]', (e) => e.getBoundingClientRect().width);
      assert.ok(Math.abs(await size() - 40) < 1, `320 / 8: ${await size()}`);
      await page.evaluate(() => (document.getElementById('wrap')!.style.width = '640px'));
      assert.ok(Math.abs(await size() - 80) < 1, `640 / 8: ${await size()}`);
      const fontAt = () => page.$eval('#b .label', (e) => parseFloat(getComputedStyle(e).fontSize));
      assert.ok(Math.abs(await fontAt() - 16) < 1, 'the numbers grow with the squares');
      await page.evaluate(() => document.getElementById('b')!.style.setProperty('--bd-dark', 'rgb(10, 20, 30)'));
      assert.equal(await page.$eval('#b [data-square="1"]', (e) => getComputedStyle(e).backgroundColor), 'rgb(10, 20, 30)');
    });

    test('the config of the chess board libraries: movable.dests and its after event, lastMove, drawable.shapes', async () => {
      // No position: pieces and destinations given as data, as a page with its own rules would.
      await page.evaluate(() => {
        window.moved = [];
        window.make('english', undefined, 480, {
          pieces: new Map([[22, { color: 'white', role: 'man' }], [9, { color: 'black', role: 'king' }]]),
          movable: { color: 'white', dests: new Map([[22, [17, 18]]]), events: { after: (from: number, to: number) => window.moved!.push([from, to]) } },
          lastMove: [5, 9],
          drawable: { shapes: [{ orig: 22, dest: 18 }, { orig: 9, dest: 14, brush: 'red' }, { orig: 30 }] },
        });
      });
      assert.deepEqual(await squaresWith(page, 'last', '#b'), [5, 9]);
      assert.equal(await page.$$eval('#b svg polyline.arrow', (e) => e.length), 2);
      assert.equal(await page.$$eval('#b svg circle.arrow', (e) => e.length), 1);
      assert.equal(await page.$$eval('#b svg .red', (e) => e.length), 2, 'a red line and its head');
      // The black king is not the player's: no destinations.
      await page.click('#b [data-square="9"]');
      assert.deepEqual(await dests(page, '#b'), []);
      await page.dragAndDrop('#b [data-square="22"]', '#b [data-square="18"]');
      assert.deepEqual(await page.evaluate(() => window.moved), [[22, 18]]);
      assert.equal(await page.getAttribute('#b [data-square="18"]', 'data-piece'), 'white-man');
      assert.equal(await page.getAttribute('#b [data-square="22"]', 'data-piece'), '');
      assert.deepEqual(await squaresWith(page, 'last', '#b'), [18, 22]);
      // A board without a variant or a position says so.
      const refused = await page.evaluate(() => {
        try {
          new window.bd!.Board(document.createElement('div'), {});
          return '';
        } catch (error) {
          return (error as Error).message;
        }
      });
      assert.match(refused, /needs a variant or a position/);
      // A config it cannot draw is refused by name, the board left as it was.
      const kept = await page.evaluate(() => {
        const board = window.board as unknown as { set(c: Record<string, unknown>): void; orientation: string };
        const errors: string[] = [];
        for (const config of [{ orientation: 'red' }, { variant: 'chess' }, { coordinates: 'roman' }]) {
          try {
            board.set(config);
          } catch (error) {
            errors.push(`${(error as Error).name}: ${(error as Error).message}`);
          }
        }
        return { errors, orientation: board.orientation, squares: document.querySelectorAll('#b [data-square]').length };
      });
      assert.equal(kept.errors.length, 3);
      assert.match(kept.errors[0]!, /^TypeError: orientation must be one of white, black, not "red"$/);
      assert.match(kept.errors[1]!, /^VariantError: unknown variant "chess"/);
      assert.match(kept.errors[2]!, /^TypeError: coordinates must be one of numbers, algebraic, none, not "roman"$/);
      assert.deepEqual([kept.orientation, kept.squares], ['white', 32]);
      // destroy() leaves the element bare.
      assert.deepEqual(await page.evaluate(() => {
        (window.board as unknown as { destroy(): void }).destroy();
        const el = document.getElementById('b')!;
        return [el.children.length, el.className, el.hasAttribute('tabindex')];
      }), [0, '', false]);
    });
  });
});

/** The squares marked as destinations, ascending. */
function dests(page: Page, board = '#board'): Promise<number[]> {
  return squaresWith(page, 'dest', board);
}

function squaresWith(page: Page, mark: string, board = '#board'): Promise<number[]> {
  return page.$$eval(`${board} .${mark}[data-square]`, (cells) => cells.map((e) => Number((e as HTMLElement).dataset.square)).sort((a, b) => a - b));
}

/**
 * Moves the keyboard's cursor to square `s` with the arrow keys and presses Enter: the cursor's
 * cell is read back from the board's grid (row-major), the arrows pressed as many times as the
 * rows and columns between.
 */
async function keyTo(page: Page, s: number): Promise<void> {
  await page.focus('#board');
  const where = () => page.$eval('#board .bd-grid', (grid, sq) => {
    const cells = Array.from(grid.children);
    return [cells.findIndex((c) => c.classList.contains('focus')), cells.findIndex((c) => (c as HTMLElement).dataset.square === String(sq)), Math.round(Math.sqrt(cells.length))];
  }, s);
  let [at, target, n] = await where();
  if (at! < 0) {
    await page.keyboard.press('ArrowUp');
    [at, target, n] = await where();
  }
  const dr = Math.floor(target! / n!) - Math.floor(at! / n!);
  const dc = (target! % n!) - (at! % n!);
  for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  await page.keyboard.press('Enter');
}

declare global {
  interface Window {
    bd?: {
      Board: new (element: HTMLElement, config: Record<string, unknown>) => { orientation: string; toggleOrientation(): void };
      Position: typeof import('../../bindings/core/position.js').Position;
    };
    board?: { orientation: string; toggleOrientation(): void };
    moved?: Array<[number, number]>;
    make(variant: string, fen: string | undefined, width: number, config: Record<string, unknown>): void;
    play(variant: string, fen: string | undefined, moves: string[]): void;
  }
}

/**
 * The component's own page: bitdraughts/board with the lean entry, bundled by esbuild as a
 * frontend would (scripts/bundle.mjs), served by the demo's server (scripts/demo.mjs).
 */
async function startHarness(): Promise<{ url: string; close(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'bitdraughts-board-'));
  const source = join(ROOT, 'build', 'board-harness');
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, 'app.js'), `
    import { Board } from "bitdraughts/board";
    import { Position, init } from "bitdraughts/lean";
    await init();
    window.bd = { Board, Position };
    window.make = (variant, fen, width, config) => {
      const wrap = document.getElementById("wrap");
      wrap.style.width = width + "px";
      const el = document.createElement("div");
      el.id = "b";
      wrap.replaceChildren(el);
      const position = config.pieces ? undefined : fen ? Position.fromFen(variant, fen) : Position.initial(variant);
      window.board = new Board(el, { ...(position ? { position } : { variant }), animation: { duration: 0 }, ...config });
    };
    window.play = (variant, fen, moves) => {
      let position = fen ? Position.fromFen(variant, fen) : Position.initial(variant);
      let last;
      for (const text of moves) {
        const move = position.parseMove(text);
        position = position.play(move);
        last = move.path;
      }
      window.make(variant, undefined, 480, {});
      window.board.set({ position, lastMove: last, animation: { duration: 0 }, drawable: { shapes: last ? [{ orig: last[0], dest: last.at(-1), brush: "blue" }] : [] } });
      const line = position.legalMoves()[0];
      if (line && moves.length > 0) window.board.set({ drawable: { shapes: [{ orig: line.from, dest: line.to, via: line.path.slice(1, -1) }] } });
    };
    document.body.dataset.ready = "1";
  `);
  const bundle = (await import(pathToFileURL(join(ROOT, 'scripts', 'bundle.mjs')).href)) as { bundleApp(options: Record<string, unknown>): Promise<unknown> };
  await bundle.bundleApp({ entryPoints: { app: join(source, 'app.js') }, outdir: dir, cwd: ROOT, wasm: join(ROOT, 'dist', 'bindings', 'bitdraughts.wasm') });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>board</title><body style="margin:0;background:#faf7f0"><div id="wrap" style="width:480px;padding:0"></div><script type="module" src="app.js"></script>');
  const demo = (await import(pathToFileURL(join(ROOT, 'scripts', 'demo.mjs')).href)) as { serve(dir: string, port?: number): Promise<{ address(): { port: number }; close(): void }> };
  const server = await demo.serve(dir, 0);
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
