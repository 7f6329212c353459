// The tactics suites (bench/tactics/*.json): every file reads, every FEN is a position of each
// variant the file names, every best move is legal there, every stated line is legal move by
// move and leaves the stated number of pieces. A broken suite file is refused with its name.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { TacticsSuiteError, loadSuite, suiteFiles, suiteFor } from '../bench/tactics/suite.js';
import { runTactics } from '../bench/tactics/main.js';

describe('tactics suites', () => {
  const files = suiteFiles();

  test('there is a suite for each family the issue names, ten positions or more each', () => {
    for (const variant of ['english', 'international', 'russian', 'brazilian'] as const) {
      assert.ok(suiteFor(variant).positions.length >= 10, variant);
    }
  });

  for (const file of files) {
    test(`${path.basename(file)}: FENs, best moves, lines and piece counts check out`, () => {
      const suite = loadSuite(file);
      for (const p of suite.positions) assert.ok(p.line.length >= 3, `${p.id}: a shot shows the reply and the capture`);
    });
  }

  test('a suite whose line is illegal, or whose count is wrong, is refused with the position named', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-tactics-'));
    const position = {
      id: 'x-1', fen: 'W:W21,23,24,28,30:B1,3,6,15,16', best: ['24-19'], line: ['24-19', '15x24', '28x12'],
      after: { white: 4, black: 3 }, why: 'give one take two, checked by hand',
    };
    const write = (positions: object[]): string => {
      const file = path.join(dir, 's.json');
      writeFileSync(file, JSON.stringify({ variant: 'english', about: 'test', positions }));
      return file;
    };
    try {
      assert.equal(loadSuite(write([position])).positions.length, 1);
      const bad: Array<[object, RegExp]> = [
        [{ ...position, line: ['24-19', '16x23'] }, /x-1 \(english\): move 2 of the line, 16x23, is not legal/],
        [{ ...position, after: { white: 4, black: 4 } }, /White has 4 and Black 3 pieces, not 4 and 4/],
        [{ ...position, best: ['24-20'], line: ['24-19', '15x24', '28x12'] }, /not with a best move/],
        [{ ...position, best: ['19-15'] }, /best move 19-15 is not legal/],
        [{ ...position, fen: 'W:W33:B1' }, /FEN does not read/],
        [{ ...position, why: '' }, /reasoning or the source/],
      ];
      for (const [p, message] of bad) assert.throws(() => loadSuite(write([p])), (e: unknown) => e instanceof TacticsSuiteError && message.test((e as Error).message), String(message));
      assert.throws(() => loadSuite(write([position, position])), /repeated/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the runner searches every position and accounts for each', async () => {
    const result = await runTactics('english', 'depth=1');
    assert.equal(result.total, suiteFor('english').positions.length);
    assert.equal(result.solved + result.missed.length, result.total);
  });
});

describe('the suites against the search as it is', () => {
  // Every shot in the suites is three plies or more of forced play; at depth 8 each family's
  // search must find them all with every pruning it uses switched on (the static cut and the
  // shallow cut skip quiet nodes, never a pending capture or a threatened one).
  for (const variant of ['english', 'international', 'russian'] as const) {
    test(`${variant}: every position solved at depth 8`, async () => {
      const result = await runTactics(variant, 'depth=8');
      assert.deepEqual(result.missed, []);
    });
  }
});
