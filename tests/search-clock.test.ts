// The time manager's pure functions, checked against numbers worked out by hand from the
// formulas in bindings/search/clock.ts (soft = remaining / movestogo + 0.8 · inc; hard =
// min(remaining / 4, 4 · soft), at least soft; both within [5 ms, remaining − margin], the
// margin being min(50 ms, 10 % of remaining)).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { TimeManager, adjustedSoft, clockBudget, movetimeBudget } from '../bindings/index.js';

describe('time budgets', () => {
  test('movetime is both limits', () => {
    assert.deepEqual(movetimeBudget(500), { soft: 500, hard: 500 });
    assert.deepEqual(movetimeBudget(0), { soft: 0, hard: 0 });
  });

  test('a minute with a one-second increment', () => {
    // soft = 60000/30 + 0.8·1000 = 2800; hard = min(60000/4, 4·2800) = min(15000, 11200) = 11200.
    assert.deepEqual(clockBudget({ wtime: 60_000, btime: 1, winc: 1000 }, 'white'), { soft: 2800, hard: 11_200 });
  });

  test('black reads its own side of the clock', () => {
    // soft = 30000/10 + 0.8·500 = 3400; hard = min(7500, 13600) = 7500.
    assert.deepEqual(clockBudget({ wtime: 1, btime: 30_000, winc: 9999, binc: 500, movestogo: 10 }, 'black'), { soft: 3400, hard: 7500 });
  });

  test('the last move before the control may use all but the margin', () => {
    // movestogo 1: soft = 10000, capped at 10000 − 50 = 9950; hard = min(2500, ...) is below soft, so soft.
    assert.deepEqual(clockBudget({ wtime: 10_000, btime: 10_000, movestogo: 1 }, 'white'), { soft: 9950, hard: 9950 });
  });

  test('little time left: the floor, the tenth kept back', () => {
    // remaining 100: margin min(50, 10) = 10, cap 90; soft = 100/30 = 3.3 → floor 5; hard = min(25, 20) = 20.
    assert.deepEqual(clockBudget({ wtime: 100, btime: 100 }, 'white'), { soft: 5, hard: 20 });
    // remaining 3: cap 2.7 is below the floor, so the cap wins: never more than is left.
    const tiny = clockBudget({ wtime: 3, btime: 3 }, 'white');
    assert.ok(Math.abs(tiny.soft - 2.7) < 1e-9 && Math.abs(tiny.hard - 2.7) < 1e-9, JSON.stringify(tiny));
    assert.deepEqual(clockBudget({ wtime: 0, btime: 0 }, 'white'), { soft: 0, hard: 0 });
  });

  test('a large increment cannot spend time that is not on the clock', () => {
    // soft = 1000/30 + 0.8·5000 = 4033, capped at 1000 − 50 = 950; hard at least soft: 950.
    assert.deepEqual(clockBudget({ wtime: 1000, btime: 1000, winc: 5000 }, 'white'), { soft: 950, hard: 950 });
  });

  test('a single legal move: no new iteration after the first', () => {
    assert.deepEqual(clockBudget({ wtime: 60_000, btime: 60_000, winc: 1000 }, 'white', true), { soft: 0, hard: 11_200 });
  });

  test('an unstable best move gets 1.75 times the soft limit, up to the hard one', () => {
    assert.equal(adjustedSoft({ soft: 2800, hard: 11_200 }, false), 2800);
    assert.equal(adjustedSoft({ soft: 2800, hard: 11_200 }, true), 4900);
    assert.equal(adjustedSoft({ soft: 2800, hard: 3000 }, true), 3000);
  });
});

describe('the time manager', () => {
  function clock(): { now: () => number; set: (t: number) => void } {
    let t = 1000;
    return { now: () => t, set: (ms) => (t = 1000 + ms) };
  }

  test('no new iteration past the soft limit; stop at the hard one', () => {
    const c = clock();
    const timer = new TimeManager({ soft: 100, hard: 300 }, c.now);
    c.set(50);
    assert.equal(timer.iterationDone('32-28'), false);
    c.set(120);
    assert.equal(timer.iterationDone('32-28'), true);
    assert.equal(timer.expired(), false);
    c.set(300);
    assert.equal(timer.expired(), true);
  });

  test('a change of best move in the last two iterations extends the soft limit', () => {
    const c = clock();
    const timer = new TimeManager({ soft: 100, hard: 300 }, c.now);
    timer.iterationDone('32-28');
    c.set(120);
    // Best changed: soft 175, so at 120 ms another iteration starts…
    assert.equal(timer.iterationDone('33-29'), false);
    c.set(150);
    // …and one iteration later the change is still within the last two.
    assert.equal(timer.iterationDone('33-29'), false);
    c.set(160);
    // Two iterations with the same best after the change: back to soft = 100.
    assert.equal(timer.iterationDone('33-29'), true);
  });

  test('without a budget nothing stops the search', () => {
    const c = clock();
    const timer = new TimeManager(undefined, c.now);
    c.set(1e9);
    assert.equal(timer.iterationDone('a'), false);
    assert.equal(timer.expired(), false);
  });
});
