// Match statistics: the score, the Elo difference with its error, and the sequential probability
// ratio test, all computed over game pairs.
//
// Each opening is played twice with colours reversed; the two games of a pair share the opening's
// bias (one side may be better after it), so they are not independent samples. Treating the pair
// as one sample (its score 0, ½, 1, 1½ or 2 points: the "pentanomial" model) removes that bias
// from the error instead of counting it as noise. A pair scores 0..1 here: points / 2.
//
// Elo is the logistic model: a score s means an Elo difference of -400·log10(1/s - 1).
// The 95 % interval is the score's normal interval (mean ± 1.96 standard errors of the pair
// mean), mapped through that formula; it is not symmetric in Elo, so both bounds are given,
// and "± error" is half the interval's width.
//
// SPRT: the generalised SPRT with a normal approximation, as chess testing frameworks use it:
// H0 says the Elo difference is elo0, H1 that it is elo1; over N pairs with mean x̄ and variance
// σ², LLR = N·(s1 - s0)·(2x̄ - s0 - s1) / (2σ²) where s0, s1 are the scores of elo0 and elo1.
// The match stops when LLR leaves [ln(β/(1-α)), ln((1-β)/α)]. For the LLR only, every
// pentanomial bucket gets half a pair more (PRIOR_PAIRS, a Jeffreys-like prior): without it one
// or two identical pairs (all won, all drawn) have variance 0 and an infinite LLR, and a single
// lucky pair would decide the test; the prior's weight fades as pairs accumulate.
//
// Elo models for the SPRT's hypotheses: "logistic" (the score of elo0 and elo1 by the formula
// above) or "normalized" (nElo, as chess testing frameworks now state their bounds): an nElo of
// e means a pair score of ½ + e·ln(10)/800 · √2·σ, σ the standard deviation of one pair's score,
// so the bounds measure the Elo against the noise of the games actually played (a change that
// only shifts drawn games is not rewarded). tests/match-stats.test.ts checks both against the
// LLRs that frameworks published beside their pentanomial counts.

/** Points of one player in one game. */
export type Points = 0 | 0.5 | 1;

/** Pairs by their points (index 0..4 = 0, ½, 1, 1½, 2 points of player A). */
export type Pentanomial = readonly [number, number, number, number, number];

export interface Tally {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly pentanomial: Pentanomial;
}

export const EMPTY_TALLY: Tally = Object.freeze({ wins: 0, draws: 0, losses: 0, pentanomial: Object.freeze([0, 0, 0, 0, 0]) as Pentanomial });

/** The tally after one more pair: the points of player A in its two games. */
export function addPair(tally: Tally, first: Points, second: Points): Tally {
  const count = (p: Points, value: Points): number => (p === value ? 1 : 0);
  const pentanomial = [...tally.pentanomial] as [number, number, number, number, number];
  pentanomial[(first + second) * 2]! += 1;
  return {
    wins: tally.wins + count(first, 1) + count(second, 1),
    draws: tally.draws + count(first, 0.5) + count(second, 0.5),
    losses: tally.losses + count(first, 0) + count(second, 0),
    pentanomial,
  };
}

export function games(tally: Tally): number {
  return tally.wins + tally.draws + tally.losses;
}

/** Player A's share of the points, 0..1 (NaN before the first game). */
export function scoreOf(tally: Tally): number {
  return (tally.wins + tally.draws / 2) / games(tally);
}

/** The Elo difference that makes `score` the expected score (±Infinity at 1 and 0). */
export function eloOfScore(score: number): number {
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score)); // = -400·log10(1/s - 1), and +0 (not -0) at s = ½
}

/** The expected score at an Elo difference of `elo`. */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

/** The pair score (0..1) of each pentanomial bucket. */
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

export interface PairMoments {
  readonly pairs: number;
  /** Mean pair score, 0..1: the same as the game score. */
  readonly mean: number;
  /** Variance of one pair's score (population variance of the observed pairs). */
  readonly variance: number;
}

export function pairMoments(pentanomial: Pentanomial): PairMoments {
  const pairs = pentanomial.reduce((a, b) => a + b, 0);
  const mean = pentanomial.reduce((sum, n, i) => sum + n * PAIR_SCORES[i]!, 0) / pairs;
  const variance = pentanomial.reduce((sum, n, i) => sum + n * (PAIR_SCORES[i]! - mean) ** 2, 0) / pairs;
  return { pairs, mean, variance };
}

/** z of a two-sided 95 % normal interval. */
export const Z95 = 1.959963984540054;

export interface EloEstimate {
  readonly score: number;
  readonly elo: number;
  /** Bounds of the 95 % interval. */
  readonly lower: number;
  readonly upper: number;
  /** Half the interval's width (Infinity when a bound is infinite). */
  readonly error: number;
  /** Likelihood of superiority: the chance that A is the stronger, from the same normal model. */
  readonly los: number;
}

/** The Elo difference of player A over player B, from the pairs played. */
export function eloEstimate(pentanomial: Pentanomial): EloEstimate {
  const { pairs, mean, variance } = pairMoments(pentanomial);
  if (pairs === 0) return { score: NaN, elo: NaN, lower: NaN, upper: NaN, error: NaN, los: NaN };
  const standardError = Math.sqrt(variance / pairs);
  const lower = eloOfScore(mean - Z95 * standardError);
  const upper = eloOfScore(mean + Z95 * standardError);
  const los = standardError === 0 ? (mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5) : normalCdf((mean - 0.5) / standardError);
  const error = Number.isFinite(lower) && Number.isFinite(upper) ? (upper - lower) / 2 : Infinity;
  return { score: mean, elo: eloOfScore(mean), lower, upper, error, los };
}

/** Standard normal distribution function (Abramowitz & Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** How the SPRT's elo0 and elo1 are read (see the top of the file). */
export type EloModel = "logistic" | "normalized";

export const ELO_MODELS: readonly EloModel[] = ["logistic", "normalized"];

/** nElo per unit of t = (score - ½) / (√2·σ): 800 / ln(10). */
const NELO_PER_T = 800 / Math.LN10;

/** The normalized Elo of the pairs played: (mean - ½) / (√2·σ) · 800 / ln(10) (NaN with no spread). */
export function normalizedElo(pentanomial: Pentanomial): number {
  const { mean, variance } = pairMoments(pentanomial);
  return ((mean - 0.5) / Math.sqrt(2 * variance)) * NELO_PER_T;
}

export interface SprtSettings {
  /** "logistic" when absent. */
  readonly model?: EloModel;
  readonly elo0: number;
  readonly elo1: number;
  /** Chance of accepting H1 when H0 holds (default 0.05). */
  readonly alpha: number;
  /** Chance of accepting H0 when H1 holds (default 0.05). */
  readonly beta: number;
}

/** Pairs added to every pentanomial bucket before the LLR (see the top of the file). */
export const PRIOR_PAIRS = 0.5;

/**
 * The log-likelihood ratio of H1 (elo1) against H0 (elo0) over the pairs played, with `prior`
 * pairs added to every bucket (PRIOR_PAIRS in a match; 0 to compare with published figures).
 */
export function sprtLlr(pentanomial: Pentanomial, elo0: number, elo1: number, model: EloModel = "logistic", prior = PRIOR_PAIRS): number {
  if (pentanomial.every((n) => n === 0)) return 0;
  const withPrior = pentanomial.map((n) => n + prior) as unknown as Pentanomial;
  const { pairs, mean, variance } = pairMoments(withPrior);
  const expected = (elo: number): number => (model === "logistic" ? scoreOfElo(elo) : 0.5 + (elo / NELO_PER_T) * Math.sqrt(2 * variance));
  const s0 = expected(elo0);
  const s1 = expected(elo1);
  return (pairs * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

export function sprtBounds(settings: SprtSettings): { lower: number; upper: number } {
  return { lower: Math.log(settings.beta / (1 - settings.alpha)), upper: Math.log((1 - settings.beta) / settings.alpha) };
}

export type SprtDecision = "H0" | "H1" | undefined;

/** H1 (elo1 holds) when the LLR reaches the upper bound, H0 at the lower, undefined between. */
export function sprtDecision(llr: number, settings: SprtSettings): SprtDecision {
  const { lower, upper } = sprtBounds(settings);
  if (llr >= upper) return "H1";
  if (llr <= lower) return "H0";
  return undefined;
}
