// The demo page (examples/web) in headless Chromium, served as `npm run demo` serves it: for
// english, italian and international, a scripted opening by clicks (and a drag and a typed
// move), an illegal click, a game against the computer in its Web Worker, a finished game from
// a FEN; the route choice of an ambiguous capture; a screenshot of each board in test-output/.
// Then what a new user met: canadian against the computer (once two players only), old
// messages that stayed, a PDN stopped by an illegal move, turkish's and canadian's boards, the
// move box's example in the variant's notation; and a whole game against the computer, from the
// start to the end, in each of the six variants added after the first ten.
//
// Expected moves, squares and results are worked out from RULES.md (numbering, who moves first,
// compulsory captures) and the README's documented notation and result texts.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { OUTPUT, launchChromium, playing, startDemo, type Browser, type Server } from './chromium.js';
import { BOOK_MARGIN, Book, Position } from '../../bindings/index.js';
import { Game, describeResult } from '../../bindings/game/game.js';

type Mode = 'humans' | 'computer';

interface Case {
  readonly variant: 'english' | 'italian' | 'international';
  /** An opening: [from, to] per ply, and the move list the page must then show (PDN numbering). */
  readonly opening: ReadonlyArray<readonly [number, number]>;
  readonly moveList: string;
  /** After the opening: squares and what stands on them. */
  readonly after: Readonly<Record<number, string>>;
  /** A square whose piece must capture after the opening's third ply, if any. */
  readonly mustAfterThird?: number;
  /** A start position, its winning move and the result the page must state. */
  readonly ending: { readonly fen: string; readonly move: readonly [number, number]; readonly result: string };
  /** A first move for the player against the computer. */
  readonly first: readonly [number, number];
}

const CASES: readonly Case[] = [
  {
    // Black moves first in english; the README gives this line's FEN.
    variant: 'english',
    opening: [[11, 15], [23, 19], [8, 11], [22, 17]],
    moveList: '1. 11-15 23-19 2. 8-11 22-17 *',
    after: { 11: 'black-man', 8: '', 15: 'black-man', 17: 'white-man', 19: 'white-man', 22: '', 23: '' },
    // A black man on 14 jumps the white man on 18 to 23: White has nothing left to move.
    ending: { fen: 'B:W18:B14', move: [14, 23], result: 'Black won: white has no legal move' },
    first: [11, 15],
  },
  {
    // Italian: White first, the board mirrored (square 1 top left): 22 steps to 18 or 19.
    variant: 'italian',
    opening: [[22, 18], [11, 15], [23, 19]],
    moveList: '1. 22-18 11-15 2. 23-19 *',
    after: { 22: '', 23: '', 18: 'white-man', 19: 'white-man', 11: '', 15: 'black-man' },
    // The white man on 22 jumps the black one on 18 to 13.
    ending: { fen: 'W:W22:B18', move: [22, 13], result: 'White won: black has no legal move' },
    first: [22, 18],
  },
  {
    // International: 32-28 19-23 leaves the capture 28x19 compulsory; 14x23 takes back.
    variant: 'international',
    opening: [[32, 28], [19, 23], [28, 19], [14, 23]],
    moveList: '1. 32-28 19-23 2. 28x19 14x23 *',
    after: { 32: '', 28: '', 19: '', 14: '', 23: 'black-man' },
    mustAfterThird: 28,
    // The README's ending: 33x22 leaves Black without a move.
    ending: { fen: 'W:W33,48:B28', move: [33, 22], result: 'White won: black has no legal move' },
    first: [32, 28],
  },
];

/** Playable squares of the boards that are not 8×8 diagonal ones (RULES.md 2, RULES-more-variants.md). */
const SQUARES: Readonly<Record<string, number>> = { international: 50, frisian: 50, frysk: 50, antidraughts: 50, breakthrough: 50, killer: 50, turkish: 64, canadian: 72 };

describe('the demo page in Chromium', () => {
  let server: Server;
  let browser: Browser;
  const pageErrors = new WeakMap<Page, string[]>();

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    server = await startDemo();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(variant: string, mode: Mode, url = server.url): Promise<Page> {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
    await page.selectOption('#mode', mode);
    await page.selectOption('#variant', variant);
    // The page plays it once its core is loaded.
    await playing(page, variant);
    await page.waitForFunction((n) => document.querySelectorAll('#board [data-square]').length === n, SQUARES[variant] ?? 32);
    pageErrors.set(page, errors);
    return page;
  }

  /** Closes the page, which must have thrown no error. */
  async function done(page: Page): Promise<void> {
    await page.close();
    assert.deepEqual(pageErrors.get(page), [], 'no script error on the page');
  }

  const pieceOn = (page: Page, square: number) => page.getAttribute(`#board [data-square="${square}"]`, 'data-piece');
  const moves = (page: Page) => page.textContent('#moves').then((t) => (t ?? '').trim());
  const fen = (page: Page) => page.inputValue('#fen');

  /** Sets the game up from `fen` through the page's FEN box. */
  async function loadFen(page: Page, fen: string): Promise<void> {
    await page.fill('#fen', fen);
    await page.click('#fen-load');
    await page.waitForFunction((f) => (document.getElementById('fen') as HTMLInputElement).value === f, fen);
  }

  async function click(page: Page, from: number, to: number): Promise<void> {
    await page.click(`#board [data-square="${from}"]`);
    await page.click(`#board [data-square="${to}"]`);
  }

  for (const c of CASES) {
    describe(c.variant, () => {
      test('a scripted opening by clicks (one dragged, one typed): board and move list', { timeout: 60_000 }, async () => {
        const page = await open(c.variant, 'humans');
        for (const [i, [from, to]] of c.opening.entries()) {
          if (i === 0) {
            await page.dragAndDrop(`#board [data-square="${from}"]`, `#board [data-square="${to}"]`);
          } else if (i === 1) {
            await page.fill('#move-input', `${from}-${to}`); // every second ply here is a step
            await page.press('#move-input', 'Enter');
          } else {
            if (i === 2 && c.mustAfterThird !== undefined) {
              assert.match(await page.getAttribute(`#board [data-square="${c.mustAfterThird}"]`, 'class') ?? '', /\bmust\b/, 'the compulsory capture is shown');
              assert.match(await page.textContent('#status') ?? '', /capture is compulsory/);
            }
            await click(page, from, to);
          }
          await page.waitForFunction((n) => (document.getElementById('moves')?.textContent ?? '').trim().split(' ').filter((t) => !/^\d+\.|^\*$/.test(t)).length === n, i + 1);
        }
        assert.equal(await moves(page), c.moveList);
        for (const [square, piece] of Object.entries(c.after)) assert.equal(await pieceOn(page, Number(square)), piece, `square ${square}`);
        // The last move's animation over (its moving piece and the pieces it took are drawn apart till then).
        await page.waitForFunction(() => document.querySelector('#board .ghost') === null);
        await page.locator('#board-wrap').screenshot({ path: join(OUTPUT, `board-${c.variant}.png`) });
        await done(page);
      });

      test('an illegal click or typed move changes nothing', { timeout: 60_000 }, async () => {
        const page = await open(c.variant, 'humans');
        const [from, to] = c.opening[0]!;
        const before = { fen: await fen(page), moves: await moves(page) };
        const mover = await pieceOn(page, from);
        // A piece of the side not to move: no destination to show.
        const enemy = await page.$eval(`#board [data-piece]:not([data-piece=""]):not([data-piece="${mover}"])`, (e) => Number((e as HTMLElement).dataset.square));
        await page.click(`#board [data-square="${enemy}"]`);
        assert.equal(await page.$$eval('#board .dest', (d) => d.length), 0, 'nothing to move for the side not to move');
        // The mover's piece shows its destinations; an empty square that is none of them plays nothing.
        await page.click(`#board [data-square="${from}"]`);
        assert.ok(await page.$(`#board [data-square="${to}"].dest`), 'the legal destination is shown');
        const empty = await page.$eval('#board [data-piece=""]:not(.dest)', (e) => Number((e as HTMLElement).dataset.square));
        await page.click(`#board [data-square="${empty}"]`);
        assert.equal(await page.$$eval('#board .selected, #board .dest', (d) => d.length), 0, 'the selection is dropped');
        await page.fill('#move-input', `${from}-${empty}`);
        await page.press('#move-input', 'Enter');
        await page.waitForFunction(() => (document.getElementById('message')?.textContent ?? '') !== '');
        assert.match(await page.textContent('#message') ?? '', /illegal|not|cannot/i);
        assert.deepEqual({ fen: await fen(page), moves: await moves(page) }, before);
        assert.equal(await pieceOn(page, from), mover);
        await done(page);
      });

      test('against the computer: it answers within its time while the page stays responsive', { timeout: 60_000 }, async () => {
        const page = await open(c.variant, 'computer');
        await page.selectOption('#level', '7');
        // Out of the book: the first answer is searched.
        await page.uncheck('#book');
        // 3 s to think, so that the checks below run while it thinks even on a loaded machine.
        await page.selectOption('#movetime', '3000');
        // The page fetches the weight file of its variant's family only, when the computer first
        // thinks, and none for international (the package ships no 10×10 file).
        const weightFiles: string[] = [];
        page.on('request', (r) => { if (r.url().endsWith('.bdw')) weightFiles.push(r.url().slice(r.url().lastIndexOf('/') + 1)); });
        const started = Date.now();
        await click(page, ...c.first);
        await page.waitForSelector('#thinking:not([hidden])', { timeout: 5_000 });
        // While it thinks, the page's own thread answers at once and the buttons work.
        const delays = await page.evaluate(async () => {
          const out: number[] = [];
          for (let i = 0; i < 10; i++) {
            const t = performance.now();
            await new Promise((r) => setTimeout(r, 0));
            out.push(performance.now() - t);
          }
          return out;
        });
        assert.ok(Math.max(...delays) < 250, `the page's thread waited ${Math.max(...delays).toFixed(0)} ms at most`);
        const corner = () => page.$eval('#board [data-square="1"]', (e) => e.getBoundingClientRect().top);
        const unflipped = await corner();
        await page.click('#flip');
        assert.notEqual(await corner(), unflipped, 'flip works while the computer thinks');
        assert.equal(await page.isVisible('#thinking'), true);
        await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => !/^\d+\.|^\*$/.test(t)).length === 2, null, { timeout: 10_000 });
        const elapsed = Date.now() - started;
        // 3 s to think; a loaded two-core machine gets 3 s more for the worker, page and test.
        assert.ok(elapsed < 6_000, `the computer answered after ${elapsed} ms`);
        await page.waitForSelector('#thinking', { state: 'hidden' });
        assert.match(await page.textContent('#status') ?? '', /to move \(you\)/);
        // english and italian are the 8×8 family with short kings; international the 10×10 one.
        assert.deepEqual(weightFiles, [c.variant === 'international' ? 'ten-by-ten.bdw' : 'short-kings-8x8.bdw']);
        await done(page);
      });

      test('a game from a FEN played to its end: the result in words', { timeout: 60_000 }, async () => {
        const page = await open(c.variant, 'humans');
        await loadFen(page, c.ending.fen);
        await click(page, ...c.ending.move);
        await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'));
        assert.equal(await page.textContent('#status'), c.ending.result);
        assert.equal(await page.$$eval('#board .dest', (d) => d.length), 0);
        await done(page);
      });
    });
  }

  test('english against the computer: its reply comes from the book fetched beside the page, within the varied margin', { timeout: 60_000 }, async () => {
    // books/english.book (docs/books.md): after 11-15 the computer plays one of the book's moves
    // within BOOK_MARGIN of the best, the book being fetched once.
    const book = Book.read(readFileSync(new URL('../../../books/english.book', import.meta.url)));
    const afterFirst = Position.initial('english').play('11-15');
    const best = book.moves(afterFirst)[0]!.score;
    const near = book.moves(afterFirst).filter((m) => best - m.score <= BOOK_MARGIN).map((m) => m.move.notation);
    const page = await open('english', 'computer');
    const books: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('.book')) books.push(r.url().slice(r.url().lastIndexOf('/') + 1)); });
    await click(page, 11, 15);
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => /-|x/.test(t)).length === 2, null, { timeout: 10_000 });
    const reply = (await moves(page)).split(' ').filter((t) => /-|x/.test(t))[1]!;
    assert.ok(near.includes(reply), `${reply} is one of ${near.join(', ')}`);
    assert.deepEqual(books, ['english.book']);
    await done(page);
  });

  test('english: an ambiguous double capture asks for the route; a square of one route picks it', { timeout: 60_000 }, async () => {
    // Black's man on 2 reaches 18 over 6 and 14 (landing on 9) or over 7 and 15 (landing on 11).
    const page = await open('english', 'humans');
    await page.fill('#fen', 'B:W6,7,14,15:B2');
    await page.click('#fen-load');
    await page.waitForFunction(() => (document.getElementById('fen') as HTMLInputElement).value === 'B:W6,7,14,15:B2');
    await click(page, 2, 18);
    await page.waitForSelector('#routes:not([hidden])');
    assert.equal(await page.$$eval('#route-buttons button', (b) => b.length), 2);
    assert.equal(await moves(page), '', 'nothing played before the route is chosen');
    await page.click('#board [data-square="11"]');
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').includes('x'));
    assert.deepEqual(await Promise.all([2, 6, 7, 14, 15, 18].map((s) => pieceOn(page, s))), ['', 'white-man', '', 'white-man', '', 'black-man']);
    assert.equal(await page.isHidden('#routes'), true);
    await done(page);
  });

  test('international: a repetition to claim, the running counter, PDN saved and read back', { timeout: 60_000 }, async () => {
    // Two lone kings shuffle along the edges: the third time the position stands, a draw can be
    // claimed. The 25-move king rule and the 5-move endgame rule (a lone king against one piece
    // with a king) count every ply meanwhile.
    const page = await open('international', 'humans');
    await page.fill('#fen', 'W:WK50:BK1');
    await page.click('#fen-load');
    await page.waitForFunction(() => (document.getElementById('fen') as HTMLInputElement).value === 'W:WK50:BK1');
    const shuffle = ['50-45', '1-6', '45-50', '6-1'];
    for (const [i, move] of [...shuffle, ...shuffle].entries()) {
      assert.equal(await page.isVisible('#claim-draw'), false, `no claim before ply ${i + 1}`);
      await page.fill('#move-input', move);
      await page.press('#move-input', 'Enter');
      await page.waitForFunction((n) => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => /-/.test(t)).length === n, i + 1);
    }
    // Eight king moves without a capture: 8 plies on both counters, (50 - 8) / 2 and (10 - 8) / 2 moves left.
    assert.deepEqual(await page.$$eval('#counters li.running', (li) => li.map((e) => e.textContent)), [
      '25-move-kings: 8 of 50 plies, draw in 21 moves',
      '5-move-endgame: 8 of 10 plies, draw in 1 move',
    ]);
    await page.click('#claim-draw');
    await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'));
    assert.equal(await page.textContent('#status'), 'Draw by threefold repetition (claimed)');
    // The game is over: the counters stand where they were, none of them running any more.
    assert.equal(await page.$$eval('#counters li.running', (li) => li.length), 0);
    assert.deepEqual(await page.$$eval('#counters li', (li) => li.map((e) => e.textContent).filter((t) => !t!.endsWith('not counting'))), [
      '25-move-kings: 8 of 50 plies when the game ended',
      '5-move-endgame: 8 of 10 plies when the game ended',
    ]);
    await page.click('#pdn-save');
    const pdn = await page.inputValue('#pdn');
    assert.match(pdn, /\[FEN "W:WK50:BK1"\]/);
    assert.match(pdn, /\[Result "1-1"\]/, 'a draw in two-point style, as international writes it');
    const saved = await moves(page);
    assert.equal(saved, '1. 50-45 1-6 2. 45-50 6-1 3. 50-45 1-6 4. 45-50 6-1 1-1');
    await page.click('#new-game');
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '') === '');
    await page.click('#pdn-load');
    await page.waitForFunction((m) => (document.getElementById('moves')?.textContent ?? '').startsWith(m), saved.slice(0, -4));
    assert.equal(await page.inputValue('#fen'), 'W:WK50:BK1', 'the game read back stands where the saved one stood');
    await done(page);
  });

  test('english: the analysis shows a score and a line, and starts again after a move', { timeout: 60_000 }, async () => {
    const page = await open('english', 'humans');
    await page.check('#analysis-toggle');
    await page.waitForFunction(() => /^depth \d+/.test(document.getElementById('analysis-depth')?.textContent ?? ''));
    assert.match(await page.textContent('#analysis-score') ?? '', /^[+−]\d+\.\d\d for White$|wins in \d+ plies$/);
    const line = (await page.textContent('#analysis-pv'))!.split(' ');
    assert.ok(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16'].includes(line[0]!), `the line starts with one of Black's seven moves: ${line[0]}`);
    // The line on the board: an arrow from the first move's square (a polyline and its head).
    await page.waitForSelector('#board svg polyline.arrow.green');
    const from = Number(line[0]!.split('-')[0]);
    const centre = await page.$eval(`#board [data-square="${from}"]`, (e) => {
      const cell = e.getBoundingClientRect();
      const board = e.closest('#board')!.getBoundingClientRect();
      return [(cell.left + cell.width / 2 - board.left) / cell.width, (cell.top + cell.height / 2 - board.top) / cell.height];
    });
    const start = (await page.getAttribute('#board svg polyline.arrow.green', 'points'))!.split(' ')[0]!.split(',').map(Number);
    assert.ok(Math.abs(start[0]! - centre[0]!) < 0.05 && Math.abs(start[1]! - centre[1]!) < 0.05, `the arrow starts on ${from}: ${start} against ${centre}`);
    await click(page, 11, 15);
    // The new line is White's: its first move starts on a white man's square (21 to 32).
    await page.waitForFunction(() => {
      const first = (document.getElementById('analysis-pv')?.textContent ?? '').split(/[-x]/)[0];
      return Number(first) >= 21;
    });
    await done(page);
  });

  test('without cross-origin isolation: stopping ends the worker, a new one plays on', { timeout: 90_000 }, async () => {
    // Most hosts send no COOP/COEP headers: no SharedArrayBuffer, so a stopped search ends its
    // worker. Undo while the computer thinks stops it; the next move still gets an answer.
    const plain = await startDemo(['--no-isolation']);
    try {
      const page = await open('english', 'computer', plain.url);
      assert.deepEqual(await page.evaluate(() => [crossOriginIsolated, typeof SharedArrayBuffer]), [false, 'undefined']);
      await page.selectOption('#level', '7');
      await page.selectOption('#movetime', '3000');
      await page.uncheck('#book');
      await click(page, 11, 15);
      await page.waitForSelector('#thinking:not([hidden])');
      await page.click('#undo');
      await page.waitForSelector('#thinking', { state: 'hidden' });
      assert.equal(await moves(page), '', 'the move is taken back and no answer is played');
      await page.selectOption('#movetime', '500');
      await click(page, 11, 15);
      await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => /-|x/.test(t)).length === 2, null, { timeout: 20_000 });
      await done(page);
    } finally {
      plain.close();
    }
  });
  describe('the games that end otherwise, against the computer (RULES-more-variants.md)', () => {
    // International squares: row r from the top holds 5r+1 … 5r+5; White's men move up.
    test('antidraughts: White hands its last man over, the computer must take it, and White has won', { timeout: 60_000 }, async () => {
      const page = await open('antidraughts', 'computer');
      await page.selectOption('#movetime', '500');
      await loadFen(page, 'W:W33:B22');
      // 33-28 puts the man in front of 22 with 33 empty behind it: 22x33 is Black's only move.
      await click(page, 33, 28);
      await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'), null, { timeout: 20_000 });
      assert.equal(await page.textContent('#status'), 'White won: white has no legal move');
      await done(page);
    });

    test('breakthrough: the computer wins the race of two runaways by crowning first', { timeout: 60_000 }, async () => {
      const page = await open('breakthrough', 'computer');
      await page.selectOption('#movetime', '500');
      await loadFen(page, 'W:W16:B36');
      // White's man needs three moves to row 0, Black's two to row 9: Black crowns first.
      await click(page, 16, 11);
      await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => /-|x/.test(t)).length === 2, null, { timeout: 20_000 });
      await click(page, 11, 7);
      await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'), null, { timeout: 20_000 });
      assert.equal(await page.textContent('#status'), 'Black won: black made the first king');
      await done(page);
    });
  });

  test('turkish against the computer: a man given away, the forced capture, and the king takes the last man', { timeout: 60_000 }, async () => {
    // Turkish squares: 1–64 row by row from the top, so a4 = 33, c5 = 27, d5 = 28, d6 = 20, h4 = 40.
    const page = await open('turkish', 'computer');
    await page.selectOption('#movetime', '500');
    await loadFen(page, 'W:W27,K33:B20');
    // c5-d5 stands in front of d6 with d4 empty: d6xd4 is Black's only move, onto the king's rank.
    await click(page, 27, 28);
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').split(' ').filter((t) => /-|x/.test(t)).length === 2, null, { timeout: 20_000 });
    await click(page, 33, 40);
    await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'), null, { timeout: 20_000 });
    assert.equal(await page.textContent('#status'), 'White won: black has no legal move');
    await done(page);
  });

  /** The computer (Black) ends the game from `fen` with `move`: White is left without a move. */
  async function computerShutsIn(variant: string, fen: string, move: string): Promise<void> {
    const page = await open(variant, 'computer');
    assert.equal(await page.inputValue('#mode'), 'computer');
    await page.selectOption('#movetime', '500');
    // Not loadFen: the computer may answer before the FEN box is read back, leaving another FEN there.
    await page.fill('#fen', fen);
    await page.click('#fen-load');
    await page.waitForFunction(() => document.getElementById('status')?.classList.contains('over'), null, { timeout: 20_000 });
    assert.equal(await moves(page), `1... ${move} 0-2`);
    assert.equal(await page.textContent('#status'), 'Black won: white has no legal move');
    await done(page);
  }

  for (const variant of ['frisian', 'frysk']) {
    test(`${variant} against the computer: it shuts in the last white man while the king-move limit holds the king`, { timeout: 60_000 }, async () => {
      // tests/frisian.test.ts reasons it out: after 11-16 White's man on 36 has no capture and no
      // step, and its king, three quiet moves made (+346), may only capture: White has no move.
      // Frysk plays frisian's rules from another start.
      await computerShutsIn(variant, 'B:W36,K46:B11,26,27,31:+0+346', '11-16');
    });
  }

  test('canadian against the computer: its king shuts in the last white man on the top row', { timeout: 60_000 }, async () => {
    // Canadian squares (tests/search-canadian.test.ts): 6 × row + ⌊column / 2⌋ + 1, row 0 at the
    // top. White's last man on 7 (row 1, column 0) can only step to 1 (row 0, column 1), and a
    // piece there cannot be taken (the square beyond is off the board). Black's king on 27
    // (row 4, column 5) slides up the diagonal 27-21-14-8-1: after 27-1 White has no move.
    await computerShutsIn('canadian', 'B:W7:BK27', '27-1');
  });

  describe('a whole game against the computer in each variant added after the first ten', { concurrency: true }, () => {
    // The player's side types a move drawn at random (seeded) from the legal moves of a game the
    // test keeps itself; each reply of the computer is read from the move list and played on that
    // game, which refuses an illegal one. The computer plays at level 1 (1 000 nodes a move), so
    // a game takes seconds; it ends when the rules end it (a repetition the page offers to claim
    // is claimed), and the page must say how. The six games run side by side, a page each.
    for (const variant of ['turkish', 'frisian', 'frysk', 'canadian', 'antidraughts', 'breakthrough'] as const) {
      test(`${variant}: from the start to the end of the game`, { timeout: 180_000 }, async (t) => {
        const page = await open(variant, 'computer');
        await page.selectOption('#level', '1');
        await page.selectOption('#movetime', '500');
        await page.uncheck('#book');
        const game = new Game(variant);
        let seed = 0x2545f491;
        const random = () => {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          return seed / 2 ** 32;
        };
        /** The moves on the page's list, without move numbers and the result. */
        const listed = async () => (await moves(page)).split(/\s+/).filter((t) => t !== '' && !/^\d+\.(\.\.)?$/.test(t) && !/^(\*|[012]-[012]|1\/2-1\/2)$/.test(t));
        while (game.ply < 600) {
          // Wait for the player's turn or the end, then bring the test's game up to the page's.
          await page.waitForFunction(() => {
            const status = document.getElementById('status');
            return status !== null && (status.classList.contains('over') || (/\(you\)/.test(status.textContent ?? '') && document.getElementById('thinking')!.hidden));
          }, null, { timeout: 20_000 });
          const list = await listed();
          for (const text of list.slice(game.ply)) game.play(text);
          assert.equal(list.length, game.ply, 'every listed move was played on the test\'s game');
          if (await page.$eval('#status', (e) => e.classList.contains('over'))) break;
          assert.equal(game.isOver, false, `the page plays on after the test's game ended: ${describeResult(game.result, variant)}`);
          // A repetition the rules let a player claim (the page offers it): claimed, it ends the game.
          if (game.drawClaim !== undefined) {
            await page.click('#claim-draw');
            game.claimDraw();
            continue;
          }
          const legal = game.legalMoves();
          const move = legal[Math.floor(random() * legal.length)]!;
          await page.fill('#move-input', move.toString());
          await page.press('#move-input', 'Enter');
          await page.waitForFunction((n) => (document.getElementById('moves')?.textContent ?? '').split(/\s+/).filter((t) => /[-x:]/.test(t)).length >= n, game.ply + 1);
        }
        assert.equal(game.isOver, true, `the game ended within ${game.ply} plies`);
        const said = describeResult(game.result, variant);
        assert.equal(await page.textContent('#status'), said.charAt(0).toUpperCase() + said.slice(1));
        t.diagnostic(`${game.ply} plies: ${said}`);
        await done(page);
      });
    }
  });

  test('the move box: an example in the variant\'s notation, squares in russian, numbers in english', { timeout: 60_000 }, async () => {
    const page = await open('russian', 'humans');
    // Russian is written with algebraic squares (RULES.md); White's men stand on rows 1 to 3.
    assert.match(await page.getAttribute('#move-input', 'placeholder') ?? '', /^type a move, e\.g\. [aceg]3-[b-h]4$/);
    await page.selectOption('#variant', 'english');
    await playing(page, 'english');
    await page.waitForFunction(() => document.querySelectorAll('#board [data-square="32"]').length === 1);
    // English: Black moves first, from squares 9 to 12 to 13 to 16.
    assert.match(await page.getAttribute('#move-input', 'placeholder') ?? '', /^type a move, e\.g\. (9|1[0-2])-1[3-6]$/);
    await done(page);
  });

  test('an error goes with New game, a variant switch and a PDN that loads', { timeout: 60_000 }, async () => {
    const page = await open('english', 'humans');
    const message = () => page.textContent('#message');
    const illegal = async (): Promise<void> => {
      await page.fill('#move-input', '1-32');
      await page.press('#move-input', 'Enter');
      await page.waitForFunction(() => (document.getElementById('message')?.textContent ?? '') !== '');
    };
    await illegal();
    await page.click('#new-game');
    assert.equal(await message(), '', 'New game');
    await illegal();
    await page.selectOption('#variant', 'italian');
    await playing(page, 'italian');
    assert.equal(await message(), '', 'a variant switch');
    await illegal();
    await page.fill('#pdn', '[GameType "22"]\n\n1. 22-18 11-15 *\n');
    await page.click('#pdn-load');
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '').startsWith('1. 22-18 11-15'));
    assert.equal(await message(), '', 'a PDN that loads');
    await done(page);
  });

  test('a PDN with an illegal move: where it stopped, and the computer does not move for the player', { timeout: 60_000 }, async () => {
    const page = await open('international', 'computer');
    assert.equal(await page.inputValue('#side'), 'white');
    // After 32-28 19-23 28x19, Black must take back (13x24 or 14x23): 13-18, Black's move 2
    // (PDN numbers it 2...), is illegal, on line 3.
    await page.fill('#pdn', '[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 13-18 *\n');
    await page.click('#pdn-load');
    await page.waitForFunction(() => (document.getElementById('moves')?.textContent ?? '') === '1. 32-28 19-23 2. 28x19 *');
    assert.match(await page.textContent('#message') ?? '', /^The game stops at move 2\.\.\. 13-18 \(line 3\): illegal move 13-18\b.*\. Loaded the 3 plies before it: Black to move; you play Black\.$/);
    // Black's move is the player's now: the computer, White, waits.
    assert.equal(await page.inputValue('#side'), 'black');
    assert.equal(await page.textContent('#status'), 'Black to move (you): a capture is compulsory');
    assert.equal(await page.isHidden('#thinking'), true);
    assert.deepEqual(await page.$$eval('#board .must', (c) => c.map((e) => Number((e as HTMLElement).dataset.square)).sort((a, b) => a - b)), [13, 14]);
    await done(page);
  });

  test('boards: turkish squares have edges; canadian numbers stay clear of the pieces', { timeout: 60_000 }, async () => {
    const page = await open('turkish', 'humans');
    // a8 (1) and b8 (2), a8 and a7 (9): a line between neighbours, in both directions.
    const box = (square: number) => page.$eval(`#board [data-square="${square}"]`, (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    const [a8, b8, a7] = [await box(1), await box(2), await box(9)];
    assert.ok(b8.left - a8.right >= 1, `a line between a8 and b8: ${b8.left - a8.right}px`);
    assert.ok(a7.top - a8.bottom >= 1, `a line between a8 and a7: ${a7.top - a8.bottom}px`);
    const [line, square] = await page.evaluate(() => [getComputedStyle(document.getElementById('board')!).backgroundColor, getComputedStyle(document.querySelector('#board [data-square="1"]')!).backgroundColor]);
    assert.notEqual(line, square, 'the line is drawn in another colour than the squares');
    await page.locator('#board-wrap').screenshot({ path: join(OUTPUT, 'board-turkish.png') });

    await page.selectOption('#variant', 'canadian');
    await playing(page, 'canadian');
    await page.waitForFunction(() => document.querySelectorAll('#board [data-square]').length === 72);
    // Each number lies outside the round piece on its square (its nearest corner further from
    // the piece's centre than the radius), and is drawn above it.
    const overlaps = await page.$$eval('#board [data-square]', (cells) => cells.flatMap((cell) => {
      const piece = cell.querySelector('.piece');
      const label = cell.querySelector('.label');
      if (!piece || !label) return [];
      const p = piece.getBoundingClientRect();
      const l = label.getBoundingClientRect();
      const cx = p.left + p.width / 2;
      const cy = p.top + p.height / 2;
      const dx = Math.max(l.left - cx, 0, cx - l.right);
      const dy = Math.max(l.top - cy, 0, cy - l.bottom);
      const above = Number(getComputedStyle(label).zIndex) > 0;
      return Math.hypot(dx, dy) < p.width / 2 || !above ? [(cell as HTMLElement).dataset.square] : [];
    }));
    assert.equal(await page.$$eval('#board .piece', (p) => p.length), 60, 'thirty men a side');
    assert.deepEqual(overlaps, []);
    await page.locator('#board-wrap').screenshot({ path: join(OUTPUT, 'board-canadian.png') });
    await done(page);
  });
});
