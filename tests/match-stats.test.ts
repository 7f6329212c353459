// The match runner's statistics (tools/match/stats.ts): counts, the logistic Elo formula, the
// pentanomial error over game pairs and the SPRT's log-likelihood ratio. Expected values come
// from the formulas worked by hand (the reasoning is beside each number), never from a run.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  EMPTY_TALLY, PRIOR_PAIRS, Pentanomial, Points, Tally, Z95, addPair, eloEstimate, eloOfScore, games, normalCdf, pairMoments, scoreOf,
  normalizedElo, scoreOfElo, sprtBounds, sprtDecision, sprtLlr,
} from '../tools/match/stats.js';

function tallyOf(pairs: ReadonlyArray<readonly [Points, Points]>): Tally {
  return pairs.reduce((t, [a, b]) => addPair(t, a, b), EMPTY_TALLY);
}

function repeat<T>(item: T, n: number): T[] {
  return Array.from({ length: n }, () => item);
}

const close = (actual: number, expected: number, tolerance = 1e-9): void =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`);

describe('match statistics', () => {
  test('pairs are counted as games and as pentanomial buckets', () => {
    const t = tallyOf([[1, 1], [1, 0.5], [0.5, 0], [1, 0], [0, 0]]);
    assert.deepEqual([t.wins, t.draws, t.losses], [4, 2, 4]);
    // pair points: 2, 1.5, 0.5, 1, 0 -> one pair in each bucket
    assert.deepEqual(t.pentanomial, [1, 1, 1, 1, 1]);
    assert.equal(games(t), 10);
    assert.equal(scoreOf(t), 0.5); // (4 + 2/2) / 10
    assert.deepEqual(EMPTY_TALLY.pentanomial, [0, 0, 0, 0, 0], 'addPair never changes the tally it was given');
  });

  test('the logistic Elo formula and its inverse', () => {
    assert.equal(eloOfScore(0.5), 0);
    // s = 3/4: 1/s - 1 = 1/3, so Elo = -400·log10(1/3) = 400·log10(3) = 190.848...
    close(eloOfScore(0.75), 400 * Math.log10(3));
    close(eloOfScore(0.75), 190.848, 1e-3);
    close(eloOfScore(0.25), -400 * Math.log10(3));
    // 400 Elo: expected score 1 / (1 + 10^-1) = 10/11
    close(scoreOfElo(400), 10 / 11);
    for (const elo of [-350, -20, 0, 7, 123]) close(eloOfScore(scoreOfElo(elo)), elo, 1e-9);
    assert.equal(eloOfScore(1), Infinity);
    assert.equal(eloOfScore(0), -Infinity);
  });

  test('all draws: 0 Elo with no error', () => {
    const e = eloEstimate(tallyOf(repeat([0.5, 0.5] as const, 10)).pentanomial);
    assert.deepEqual([e.score, e.elo, e.lower, e.upper, e.error], [0.5, 0, 0, 0, 0]);
    assert.equal(e.los, 0.5);
  });

  test('pairs that split (each side wins with the good colour) carry no error: the opening bias is not noise', () => {
    const t = tallyOf(repeat([1, 0] as const, 20));
    assert.deepEqual([t.wins, t.draws, t.losses], [20, 0, 20]);
    const e = eloEstimate(t.pentanomial);
    assert.deepEqual([e.elo, e.error], [0, 0]);
  });

  test('the interval of a known spread: 50 won pairs and 50 lost pairs', () => {
    // pair scores 1 and 0 half each: mean 0.5, variance 0.25; standard error sqrt(0.25 / 100) = 0.05;
    // the score interval is 0.5 ± 1.96·0.05, i.e. 0.402 .. 0.598
    const m = pairMoments([50, 0, 0, 0, 50]);
    assert.deepEqual([m.pairs, m.mean, m.variance], [100, 0.5, 0.25]);
    const e = eloEstimate([50, 0, 0, 0, 50]);
    assert.equal(e.elo, 0);
    close(e.lower, -400 * Math.log10(1 / (0.5 - Z95 * 0.05) - 1));
    close(e.upper, -e.lower);
    close(e.upper, 69.0, 0.05); // 400·log10(0.598 / 0.402) = 400·log10(1.4876) = 400·0.17248 = 68.99
    close(e.error, e.upper);
  });

  test('a known score gives the known Elo, with an interval around it', () => {
    // 3 pairs won 2-0, 1 pair lost 0-2: score 6/8 = 3/4 -> 400·log10(3)
    const e = eloEstimate([1, 0, 0, 0, 3]);
    close(e.score, 0.75);
    close(e.elo, 400 * Math.log10(3));
    assert.ok(e.lower < e.elo && e.elo < e.upper);
    assert.ok(e.los > 0.5 && e.los < 1);
  });

  test('a clean sweep is infinite Elo', () => {
    const e = eloEstimate([0, 0, 0, 0, 5]);
    assert.equal(e.elo, Infinity);
    assert.equal(e.los, 1);
  });

  test('the normal distribution function at known points', () => {
    close(normalCdf(0), 0.5, 1e-7);
    close(normalCdf(Z95), 0.975, 1e-6);
    close(normalCdf(-1), 0.15865525, 1e-6); // Φ(-1), from the standard normal table
  });

  test('the LLR is the sum over pairs of the normal log-likelihood ratio (with half a pair of prior in each bucket)', () => {
    // Independent path: every pair's score x with its weight (the pairs of a bucket plus the
    // prior's half pair); add ((x - s0)² - (x - s1)²) / (2σ²) for each.
    const penta: Pentanomial = [1, 2, 3, 4, 5];
    const weighted = penta.map((n, i) => ({ x: i / 4, w: n + PRIOR_PAIRS }));
    const total = weighted.reduce((a, { w }) => a + w, 0);
    const mean = weighted.reduce((a, { x, w }) => a + w * x, 0) / total;
    const variance = weighted.reduce((a, { x, w }) => a + w * (x - mean) ** 2, 0) / total;
    const [s0, s1] = [scoreOfElo(0), scoreOfElo(20)];
    const expected = weighted.reduce((a, { x, w }) => a + (w * ((x - s0) ** 2 - (x - s1) ** 2)) / (2 * variance), 0);
    close(sprtLlr(penta, 0, 20), expected, 1e-9);
    // many pairs in the same proportions: the LLR grows in proportion (the prior no longer matters)
    const big = sprtLlr([1000, 2000, 3000, 4000, 5000], 0, 20);
    close(sprtLlr([2000, 4000, 6000, 8000, 10000], 0, 20) / big, 2, 1e-3);
  });

  test('the LLR is 0 at the midpoint of the hypotheses and has the sign of the evidence', () => {
    // [1,2,3,2,1]: symmetric, mean 0.5; elo0 = -5, elo1 = +5 have scores symmetric about 0.5
    close(sprtLlr([1, 2, 3, 2, 1], -5, 5), 0, 1e-12);
    assert.ok(sprtLlr([1, 2, 3, 4, 5], 0, 10) > 0);
    assert.ok(sprtLlr([5, 4, 3, 2, 1], 0, 10) < 0);
    assert.equal(sprtLlr([0, 0, 0, 0, 0], 0, 10), 0);
  });

  test('SPRT bounds are ln(β/(1-α)) and ln((1-β)/α)', () => {
    const b = sprtBounds({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    close(b.lower, -Math.log(19)); // 0.05 / 0.95 = 1/19
    close(b.upper, Math.log(19));
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    assert.equal(sprtDecision(3, settings), 'H1');
    assert.equal(sprtDecision(-3, settings), 'H0');
    assert.equal(sprtDecision(0.1, settings), undefined);
  });

  test('SPRT: one pair never decides; many drawn pairs accept H0, many won pairs H1', () => {
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    // one pair, even a won one: the prior keeps the variance honest, the LLR stays small
    for (const one of [[0, 0, 1, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]] as const) {
      assert.equal(sprtDecision(sprtLlr(one, 0, 10), settings), undefined, String(one));
    }
    // n drawn pairs: N = n + 2.5 pairs with the prior, mean 0.5, variance (2·0.5·0.25 + 2·0.5·0.0625) / N = 0.3125 / N;
    // (s1 - s0)(1 - s0 - s1) = -(s1 - s0)² ≈ -2.07e-4, so LLR ≈ -2.07e-4 · N² / 0.625 ≈ -3.3e-4 · N²: about -0.17 at
    // n = 20 (undecided) and about -13.6 at n = 200 (below ln(1/19) = -2.94)
    const llr20 = sprtLlr([0, 0, 20, 0, 0], 0, 10);
    close(llr20, -3.3e-4 * 22.5 ** 2, 0.01);
    assert.equal(sprtDecision(llr20, settings), undefined);
    assert.equal(sprtDecision(sprtLlr([0, 0, 200, 0, 0], 0, 10), settings), 'H0');
    assert.equal(sprtDecision(sprtLlr([0, 0, 0, 0, 30], 0, 10), settings), 'H1');
  });

  // Published worked examples: test results as engine-testing frameworks print them, with the
  // pentanomial counts (pairs scoring 0, ½, 1, 1½, 2 for the new version), the bounds and the LLR
  // or Elo they reported. The frameworks maximise the likelihood exactly where this file uses the
  // normal approximation, and print two decimals: the LLRs agree to within 0.015.
  const PUBLISHED_LLRS: ReadonlyArray<{ source: string; model: 'logistic' | 'normalized'; elo0: number; elo1: number; penta: Pentanomial; llr: number }> = [
    // fishtest, logistic Elo bounds written {elo0,elo1}
    { source: 'github.com/official-stockfish/Stockfish/pull/2493 (STC)', model: 'logistic', elo0: -1, elo1: 3, penta: [424, 2948, 5832, 3045, 460], llr: 2.94 },
    { source: 'github.com/official-stockfish/Stockfish/pull/2493 (LTC)', model: 'logistic', elo0: 0, elo1: 2, penta: [1284, 17437, 55536, 18085, 1292], llr: 2.94 },
    { source: 'github.com/official-stockfish/Stockfish/pull/3209 (STC)', model: 'logistic', elo0: -0.25, elo1: 1.25, penta: [253, 4282, 17604, 4431, 286], llr: 2.94 },
    { source: 'github.com/official-stockfish/Stockfish/pull/3209 (LTC)', model: 'logistic', elo0: 0.25, elo1: 1.25, penta: [58, 3302, 33130, 3518, 84], llr: 2.97 },
    // normalized Elo bounds, written <elo0,elo1> (fishtest-style instance) or [elo0, elo1] (OpenBench)
    { source: 'github.com/official-monty/Monty/pull/66 (STC)', model: 'normalized', elo0: 0, elo1: 4, penta: [434, 4052, 8304, 4206, 492], llr: 3.0 },
    { source: 'github.com/official-monty/Monty/pull/66 (LTC)', model: 'normalized', elo0: 1, elo1: 5, penta: [829, 14632, 32502, 15215, 902], llr: 2.93 },
    { source: 'github.com/official-monty/Monty/pull/23 (STC)', model: 'normalized', elo0: 0, elo1: 4, penta: [81, 563, 1163, 687, 114], llr: 3.16 },
    { source: 'github.com/official-monty/Monty/pull/23 (LTC)', model: 'normalized', elo0: 1, elo1: 5, penta: [142, 1471, 2953, 1650, 159], llr: 2.94 },
    { source: 'github.com/yl25946/spaghet/pull/53', model: 'normalized', elo0: 0, elo1: 3, penta: [78, 2432, 5615, 2610, 100], llr: 2.91 },
    { source: 'github.com/Aethdv/Soul/pull/142', model: 'normalized', elo0: 0, elo1: 5, penta: [494, 2927, 5175, 2985, 544], llr: 1.02 },
  ];

  for (const { source, model, elo0, elo1, penta, llr } of PUBLISHED_LLRS) {
    test(`the ${model} LLR of a published test: ${source}`, () => {
      close(sprtLlr(penta, elo0, elo1, model, 0), llr, 0.015);
      // the match's half pair of prior per bucket is invisible at thousands of pairs
      close(sprtLlr(penta, elo0, elo1, model), llr, 0.03);
    });
  }

  test('the two models disagree where they should: the same counts under logistic bounds', () => {
    // Monty #66 LTC passed <1,5> in normalized Elo; in logistic Elo its 0.5 % score excess is far
    // below the 1..5 Elo window's midpoint, so the logistic LLR is strongly negative
    assert.ok(sprtLlr([829, 14632, 32502, 15215, 902], 1, 5, 'logistic', 0) < -10);
  });

  test('normalized Elo by hand: pairs scoring ½ ± ¼ evenly', () => {
    // [0, 1, 0, 1, 0] has mean ½ (nElo 0); [0, 1, 0, 3, 0]: mean (0.25 + 3·0.75) / 4 = 0.625,
    // variance (0.375² + 3·0.125²) / 4 = 0.046875, √(2·0.046875) = 0.30619; t = 0.125 / 0.30619 =
    // 0.40825, nElo = 0.40825 · 800 / ln 10 = 141.84
    close(normalizedElo([0, 1, 0, 1, 0]), 0);
    close(normalizedElo([0, 1, 0, 3, 0]), 141.84, 0.01);
  });

  test('published bounds: alpha = beta = 0.05 gives ±2.94, alpha 0.05 and beta 0.1 gives -2.25 and 2.89', () => {
    const both = sprtBounds({ elo0: 0, elo1: 2, alpha: 0.05, beta: 0.05 });
    assert.deepEqual([both.lower.toFixed(2), both.upper.toFixed(2)], ['-2.94', '2.94']);
    const openBench = sprtBounds({ elo0: 0, elo1: 3, alpha: 0.05, beta: 0.1 }); // spaghet #53 prints (-2.25, 2.89)
    assert.deepEqual([openBench.lower.toFixed(2), openBench.upper.toFixed(2)], ['-2.25', '2.89']);
  });

  // Elo with its 95 % error from the pentanomial counts, as OpenBench-style reports print it.
  const PUBLISHED_ELOS: ReadonlyArray<{ source: string; penta: Pentanomial; elo: number; error: number; lower?: number; upper?: number }> = [
    { source: 'github.com/yl25946/spaghet/pull/53', penta: [78, 2432, 5615, 2610, 100], elo: 3.56, error: 2.38 },
    { source: 'github.com/Aethdv/Soul/pull/142', penta: [494, 2927, 5175, 2985, 544], elo: 2.26, error: 2.82 },
    // printed with the +2 pairs first: 312 6669 15934 6579 334
    { source: 'github.com/cosmobobak/viridithas/pull/393', penta: [334, 6579, 15934, 6669, 312], elo: 0.27, error: 1.44, lower: -1.17, upper: 1.70 },
  ];

  for (const { source, penta, elo, error, lower, upper } of PUBLISHED_ELOS) {
    test(`the Elo and error of a published test: ${source}`, () => {
      const e = eloEstimate(penta);
      close(e.elo, elo, 0.006);
      close(e.error, error, 0.006);
      if (lower !== undefined) close(e.lower, lower, 0.006);
      if (upper !== undefined) close(e.upper, upper, 0.006);
    });
  }
});
