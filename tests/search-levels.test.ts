// Levels: the table's shape, the seeded generator, and the choice among near-best lines.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { LEVELS, SearchError, levelSettings } from '../bindings/index.js';
import { pickLine, positionSeed, seededRandom } from '../bindings/core/seeded.js';

describe('the levels table', () => {
  test('at least six named levels, 1 to 7, weaker ones capped and wider in their choice', () => {
    assert.ok(LEVELS.length >= 6);
    assert.deepEqual(LEVELS.map((l) => l.level), [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(new Set(LEVELS.map((l) => l.name)).size, LEVELS.length);
    for (let i = 1; i < LEVELS.length; i++) {
      const [weaker, stronger] = [LEVELS[i - 1]!, LEVELS[i]!];
      assert.ok((stronger.depth ?? Infinity) >= (weaker.depth ?? Infinity), `depth of level ${stronger.level}`);
      assert.ok((stronger.nodes ?? Infinity) >= (weaker.nodes ?? Infinity), `nodes of level ${stronger.level}`);
      assert.ok(stronger.margin <= weaker.margin, `margin of level ${stronger.level}`);
    }
    const top = LEVELS.at(-1)!;
    assert.equal(top.margin, 0);
    assert.equal(top.depth, undefined);
    assert.equal(top.nodes, undefined);
    // A level that picks among lines must search more than one.
    for (const l of LEVELS) assert.ok(l.margin === 0 || l.multipv > 1, `level ${l.level}`);
  });

  test('an unknown level is a SearchError naming it', () => {
    assert.throws(() => levelSettings(0), (e: unknown) => e instanceof SearchError && /limits\.level.*got 0/.test(e.message));
    assert.throws(() => levelSettings(8), SearchError);
  });
});

describe('the seeded generator', () => {
  test('the same seed gives the same numbers, another seed others, all in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = Array.from({ length: 100 }, () => a());
    assert.deepEqual(Array.from({ length: 100 }, () => b()), xs);
    assert.notDeepEqual(Array.from({ length: 100 }, () => c()), xs);
    for (const x of xs) assert.ok(x >= 0 && x < 1);
    // Roughly uniform: a mean far from 1/2 would mean a broken mixer (100 draws: σ ≈ 0.03).
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    assert.ok(Math.abs(mean - 0.5) < 0.15, `mean ${mean}`);
  });

  test('positions of the same game get different seeds', () => {
    assert.notEqual(positionSeed(7, 0x1234_5678_9abc_def0n), positionSeed(7, 0x0fed_cba9_8765_4321n));
    assert.equal(positionSeed(7, 99n), positionSeed(7, 99n));
  });
});

describe('the choice among lines', () => {
  test('margin 0 plays the best line', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 100; i++) assert.equal(pickLine([50, 50, 40], 0, random), 0);
  });

  test('only lines within the margin, each of them sometimes, the best most often', () => {
    // Margin 10 over [100, 95, 0]: weights 11, 6 and 0 — line 3 is 100 centi-men worse, never played.
    const random = seededRandom(5);
    const counts = [0, 0, 0];
    for (let i = 0; i < 2000; i++) counts[pickLine([100, 95, 0], 10, random)]!++;
    assert.equal(counts[2], 0);
    assert.ok(counts[1]! > 0);
    assert.ok(counts[0]! > counts[1]!, JSON.stringify(counts));
  });

  test('no line is a SearchError', () => {
    assert.throws(() => pickLine([], 10, seededRandom(1)), SearchError);
  });
});
