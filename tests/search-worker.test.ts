// The worker engine's plumbing, over the stand-in raw search (tests/helpers/fake-search.ts) in
// the worker and on this thread: same answers as the Searcher, reports, stop() in both of its
// ways (shared stop word; ending the worker), queued searches, newGame, dispose, refused input.
// The real search in a worker is tested in search-engine.test.ts.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { EngineError, IllegalMoveError, Position, SearchError, Searcher, createSearchEngine } from '../bindings/index.js';
import { Engine } from '../bindings/core/engine.js';
import type { SearchEngine, SearchInfo, SearchResult } from '../bindings/index.js';
import { installFakeSearch } from './helpers/fake-search.js';

// This thread searches too (worker: false, and the one-ply answer of an ended worker).
installFakeSearch(Engine.prototype);
const workerUrl = new URL('./helpers/fake-search-worker.js', import.meta.url);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Starts a search too long to finish, waits until it has reported depth `depth`, and times stop() → answer. */
async function timeStop(engine: SearchEngine, depth = 6): Promise<{ ms: number; result: SearchResult; last: SearchInfo }> {
  let last: SearchInfo | undefined;
  let reached!: () => void;
  const deep = new Promise<void>((resolve) => (reached = resolve));
  const pending = engine.search(Position.initial('international'), { depth: 64 }, (info) => {
    last = info;
    if (info.depth >= depth) reached();
  });
  await deep;
  await new Promise((resolve) => setTimeout(resolve, 30));
  const start = performance.now();
  engine.stop();
  const result = await pending;
  return { ms: performance.now() - start, result, last: last! };
}

for (const sharedMemory of [true, false]) {
  describe(`a worker engine (${sharedMemory ? 'shared stop word' : 'stop by ending the worker'})`, () => {
    let engine: SearchEngine;
    before(async () => {
      engine = await createSearchEngine({ workerUrl, sharedMemory, hash: 16 });
    });
    after(() => engine.dispose());

    test('answers as the Searcher does, with its reports', async () => {
      const input = { variant: 'english' as const, fen: 'W:WK18,22:BK1', moves: ['18-14', '1-6'] };
      const infos: SearchInfo[] = [];
      const result = await engine.search(input, { depth: 5, multipv: 2 }, (info) => infos.push(info));
      const local = new Searcher().search(input, { depth: 5, multipv: 2 });
      assert.deepEqual({ ...result, ms: 0, lines: [] }, { ...local, ms: 0, lines: [] });
      assert.deepEqual(result.lines.map((l) => l.pv), local.lines.map((l) => l.pv));
      assert.deepEqual(infos.filter((i) => i.multipv === 2).map((i) => i.depth), [1, 2, 3, 4, 5]);
    });

    test('a Game or a Position goes in; the Move comes back as the caller\'s position lists it', async () => {
      const position = Position.initial('russian', { algebraic: false });
      const result = await engine.search(position, { depth: 2 });
      assert.ok(position.legalMoves().includes(result.move));
    });

    test('stop() answers with the best move within 10 ms', async () => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const { ms, result, last } = await timeStop(engine);
        times.push(ms);
        assert.ok(result.depth >= 6, `depth ${result.depth}`);
        if (!sharedMemory) assert.equal(result.bestmove, last.pv[0]); // the last report's move
      }
      // Each stop well under a blink even on a busy machine; the median under the bar.
      assert.ok(Math.max(...times) < 50, `stop took ${times.map((t) => t.toFixed(1)).join(', ')} ms`);
      assert.ok(median(times) < 10, `median stop ${median(times).toFixed(1)} ms`);
    });

    test('searches again after a stop', async () => {
      await timeStop(engine, 3);
      const result = await engine.search(Position.initial('brazilian'), { depth: 3 });
      assert.equal(result.depth, 3);
    });

    test('queued searches: stop() ends the running one and the queued ones look one ply deep', async () => {
      const start = Position.initial('czech');
      const first = engine.search(start, { depth: 64 });
      const second = engine.search(start, { depth: 64 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      engine.stop();
      const [a, b] = await Promise.all([first, second]);
      assert.ok(start.legalMoves().includes(a.move) && start.legalMoves().includes(b.move));
      assert.equal(b.depth, 1);
    });

    test('a stop before the first report still answers with a legal move', async () => {
      const start = Position.initial('italian');
      const pending = engine.search(start, { depth: 64 });
      engine.stop();
      const result = await pending;
      assert.ok(start.legalMoves().includes(result.move));
    });

    test('newGame', async () => {
      await engine.newGame();
    });

    test('refused input is refused here, with the error the Searcher gives', async () => {
      await assert.rejects(engine.search(Position.initial('english'), { depth: 0 }), SearchError);
      await assert.rejects(engine.search({ variant: 'english', fen: 'W:WK18:BK1', moves: ['18-11'] }), IllegalMoveError);
      await assert.rejects(engine.search(Position.fromFen('english', 'W:W5:B1')), /no legal move/);
      // Still serving afterwards.
      assert.equal((await engine.search(Position.initial('english'), { depth: 1 })).depth, 1);
    });
  });
}

describe('the worker and the page', () => {
  test('dispose lets the running search answer, then refuses', async () => {
    const engine = await createSearchEngine({ workerUrl });
    const pending = engine.search(Position.initial('english'), { depth: 64 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await engine.dispose();
    const result = await pending;
    assert.ok(result.bestmove.length > 0);
    await assert.rejects(engine.search(Position.initial('english'), { depth: 1 }), /disposed/);
  });

  test('dispose right after a stop, while the worker is still stopping, ends it', async () => {
    const engine = await createSearchEngine({ workerUrl });
    const { result } = await timeStop(engine, 4);
    assert.ok(result.bestmove.length > 0);
    await engine.dispose(); // hangs (and the test is cancelled) if dispose waits for an answered search
  });

  test('a worker that cannot start is an EngineError', async () => {
    await assert.rejects(createSearchEngine({ workerUrl: new URL('./helpers/no-such-worker.js', import.meta.url) }), EngineError);
  });

  test('worker: false searches on this thread, with the same answer', async () => {
    const engine = await createSearchEngine({ worker: false });
    const result = await engine.search(Position.initial('spanish'), { depth: 4 });
    assert.equal(result.bestmove, new Searcher().search(Position.initial('spanish'), { depth: 4 }).bestmove);
    await engine.dispose();
    await assert.rejects(engine.search(Position.initial('spanish'), { depth: 1 }), /disposed/);
  });

  test('a bad hash size is refused before any worker starts', async () => {
    await assert.rejects(createSearchEngine({ hash: 100 }), /hash must be a power of two .*got 100/);
  });
});
