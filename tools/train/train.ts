// Fits the evaluation's pattern weights to self-play records (Texel's method): the model is
// the hand-written evaluation plus the pattern score, turned into a winning chance by a
// logistic curve; the weights minimise the cross-entropy against the game results (blended
// with the search scores, --lambda), with an L2 prior (--prior), on a training split, and the
// weights of the epoch with the lowest validation loss are written.
//
//   npm run train -- --variant english [--data FILE…] [--out FILE] [--epochs 60] [--prior 100]
//                    [--lambda 0.5] [--step 0.5] [--seed 1] [--validation 0.1] [--from FILE] [--kings [--hold-patterns]]
//
// The hand-written terms are kept as they are (they go into the file unchanged); the curve's
// scale K is fitted to them first, so the patterns learn what they miss. With --from, the fit
// starts from a weight file's patterns and its prior pulls towards them rather than towards
// zero: a variant of the family with games of its own (brazilian beside russian) moves the
// weights its games speak for and keeps the rest, from far fewer games than a fit from zero.
// With --kings (the 8×8 families), the kings' windows (assembly/eval/king-windows.ts) are
// fitted beside the men patterns, and the file is written as version 2; --hold-patterns keeps
// the men patterns of --from as they are and fits the kings' windows alone.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngineSync } from "../../bindings/core/loader.js";
import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "../../bindings/core/contract.js";
import { VARIANTS, VariantName, variantInfo } from "../../bindings/core/variant.js";
import { ARRANGEMENTS, EvalWeights, FAMILY_NAMES, KING_STATES, assertFamilyOf, encodeWeights, familyOf, parseWeights, readsKingWindows, windowsOf } from "../../bindings/eval/weights.js";
import { randomSource } from "../match/player.js";
import { REPO_ROOT } from "../match/openings.js";
import { PositionRecord, RecordFileError, RecordLayout, decodeRecord, readRecords } from "./records.js";
import { runAsCommand } from "./command.js";

export interface TrainOptions {
  readonly variant: VariantName;
  readonly files: readonly string[];
  readonly epochs?: number;
  /** L2 prior: how many positions' worth of evidence a weight needs to move far from zero (default 100). */
  readonly prior?: number;
  readonly lambda?: number;
  readonly seed?: number;
  readonly validation?: number;
  /**
   * Tie the windows of one shape to a shared weight per arrangement, each window keeping a
   * deviation with this prior (positions' worth); undefined: every window on its own.
   */
  readonly tie?: number;
  /** The share of each Newton step taken (default 0.5). */
  readonly step?: number;
  /**
   * A weight file of the variant's family to start from: its patterns are the first weights and
   * the centre of the prior, its hand-written terms the ones the fit reads and keeps. Not with `tie`.
   */
  readonly from?: EvalWeights;
  /** Fit the kings' windows too (the 8×8 families; not with `tie`): the file gets them (version 2). */
  readonly kings?: boolean;
  /** Hold the men patterns where `from` has them and fit only the kings' windows (with `kings` and `from`). */
  readonly holdPatterns?: boolean;
  readonly log?: (line: string) => void;
}

export interface TrainResult {
  /** The weight file's bytes. */
  readonly file: Uint8Array;
  readonly positions: number;
  readonly k: number;
  /** Validation loss (results only) of the hand-written evaluation, and with the fitted patterns. */
  readonly handLoss: number;
  readonly loss: number;
  readonly bestEpoch: number;
  /** The fit's loss (against the targets, with the prior, per position) before each step taken. */
  readonly fitLosses: readonly number[];
  /** How many times a step made the fit's loss rise and was halved. */
  readonly halvings: number;
}

/** Samples as flat typed arrays: the features the core reports for each position. */
interface Samples {
  count: number;
  /** Records read, before repeated positions were merged. */
  read: number;
  hand: Float64Array;
  /** Opening share of the blend: pieces (capped at the full board) / full board. */
  phase: Float64Array;
  /** Result for White: 1, 0.5, 0. */
  result: Float64Array;
  /** Search score for White, centi-men. */
  score: Float64Array;
  /** 1 for a position of the held-out games only. */
  held: Uint8Array;
  /** The board's windows (9 on 8×8, 16 on 10×10). */
  windows: number;
  /** Index pairs per sample: a window's men, then (with kings' windows) a window's kings. */
  pairs: number;
  /**
   * Per sample and pair: White's view index and Black's view index into the weights of a phase
   * (men: window × ARRANGEMENTS + arrangement; kings: after every men weight, window ×
   * KING_STATES + state), or -1 for a view of a window with no king in it (weight 0).
   */
  index: Int32Array;
}

/** Window shapes: which of a window's columns hold its dark squares depends on where it starts. */
const SHAPES = 2;

/**
 * The shape of each window (assembly/eval/patterns.ts places them, rows and columns of windows
 * spaced evenly): windows whose first row and column add up to an even number have their dark
 * squares where the board's corner window has them, the others one column over. Windows start
 * every second row and column on both boards, so every window has the corner's shape (on 10×10
 * they started three apart until 2026-12-02, and four of nine had the other). The same
 * arrangement index means the same men on the same squares only within a shape.
 */
export function windowShapes(variant: VariantName): Uint8Array {
  const windows = windowsOf(familyOf(variant));
  const across = Math.round(Math.sqrt(windows));
  const spacing = (variantInfo(variant).size - 4) / (across - 1);
  return Uint8Array.from({ length: windows }, (_, w) => ((Math.floor(w / across) + (w % across)) * spacing) & 1);
}

/** A distinct position: its record, the mean of its results and scores, and whether it was seen only in held-out games. */
export interface Distinct {
  record: PositionRecord;
  results: number;
  scores: number;
  times: number;
  held: boolean;
}

/**
 * Each distinct position once, with the mean of its results and of its scores, and the share
 * `validation` of the games held out whole. A file's records are its games in order, each
 * game's plies rising, so a ply no later than the one before starts a game.
 *
 * Self-play repeats positions (its starts are a few plies deep, and the same lines follow):
 * counted once each, they would weigh as often as they were played. And the positions of one
 * game share its result and most of its men: split position by position, the patterns learn to
 * recognise the game and the held-out loss rewards it, so whole games are held out, and a
 * position also played in a game to fit is fitted.
 */
export function distinctRecords(parts: readonly { view: DataView; count: number; layout: RecordLayout }[], validation: number, random: () => number): { positions: Distinct[]; read: number } {
  // Each record's game, numbered across the files.
  const gameOf = parts.map(({ view, count }) => new Int32Array(count));
  let games = 0;
  parts.forEach(({ view, count, layout }, p) => {
    let ply = Infinity;
    for (let r = 0; r < count; r++) {
      const next = view.getUint16(r * layout.bytes + layout.plyAt, true);
      if (next <= ply) games++;
      ply = next;
      gameOf[p]![r] = games - 1;
    }
  });
  // The held-out games: a seeded draw of the share asked for, at least one when there are two.
  const order = Array.from({ length: games }, (_, g) => g);
  for (let i = games - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const heldGames = new Uint8Array(games);
  for (const g of order.slice(0, Math.min(games - 1, Math.max(1, Math.round(games * validation))))) heldGames[g] = 1;

  const seen = new Map<string, Distinct>();
  let read = 0;
  parts.forEach(({ view, count, layout }, p) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let r = 0; r < count; r++, read++) {
      const at = r * layout.bytes;
      const record = decodeRecord(view, at, layout);
      const held = heldGames[gameOf[p]![r]!] === 1;
      const key = Buffer.from(bytes.subarray(at, at + layout.positionBytes)).toString("latin1");
      const entry = seen.get(key);
      if (entry === undefined) seen.set(key, { record, results: record.result, scores: record.score, times: 1, held });
      else {
        entry.results += record.result;
        entry.scores += record.score;
        entry.times++;
        entry.held &&= held;
      }
    }
  });
  return { positions: [...seen.values()], read };
}

function loadSamples(variant: VariantName, files: readonly string[], validation: number, random: () => number, from: EvalWeights | undefined, kings: boolean): Samples {
  const id = variantInfo(variant).id;
  const engine = createEngineSync();
  // The hand-written evaluation the features report is the start's (the patterns do not enter it).
  if (from !== undefined) engine.loadWeights(from);
  const squareCount = variant === "international" ? 50 : 32;
  const { positions, read } = distinctRecords(files.map((file) => readRecords(file, id)), validation, random);
  const total = positions.length;
  const windows = windowsOf(familyOf(variant));
  const pairs = kings ? 2 * windows : windows;
  const kingsAt = windows * ARRANGEMENTS;
  const s: Samples = {
    count: 0, read, hand: new Float64Array(total), phase: new Float64Array(total), result: new Float64Array(total),
    score: new Float64Array(total), held: new Uint8Array(total), windows, pairs, index: new Int32Array(total * 2 * pairs),
  };
  const squares = new Uint8Array(squareCount + 1);
  for (const { record, results, scores, times, held } of positions) {
    squares.fill(0);
    for (const q of record.white) squares[q] = PIECE_WHITE_MAN;
    for (const q of record.black) squares[q] = PIECE_BLACK_MAN;
    for (const q of record.kings) squares[q] = squares[q] === PIECE_WHITE_MAN ? PIECE_WHITE_KING : PIECE_BLACK_KING;
    const f = engine.evalFeatures(id, { whiteToMove: record.whiteToMove, squares });
    if (f[0] === 0) continue; // a held ending (0 whatever the weights) or a drawish scale (not linear in them)
    const n = s.count++;
    s.hand[n] = f[1]!;
    s.phase[n] = Math.min(f[2]!, f[3]!) / f[3]!;
    s.result[n] = (results / times + 1) / 2;
    s.score[n] = scores / times;
    s.held[n] = held ? 1 : 0;
    const at = n * 2 * pairs;
    for (let w = 0; w < windows; w++) {
      s.index[at + 2 * w] = w * ARRANGEMENTS + f[4 + 2 * w]!;
      s.index[at + 2 * w + 1] = w * ARRANGEMENTS + f[5 + 2 * w]!;
    }
    if (!kings) continue;
    if (f.length < 4 + 4 * windows) throw new RangeError("this core reports no kings' windows: build it again");
    // A state below 16 has no king in the window: it weighs 0 (assembly/eval/king-windows.ts).
    const kingOf = (w: number, state: number): number => (state < 16 ? -1 : kingsAt + w * KING_STATES + state);
    for (let w = 0; w < windows; w++) {
      s.index[at + 2 * (windows + w)] = kingOf(w, f[4 + 2 * windows + 2 * w]!);
      s.index[at + 2 * (windows + w) + 1] = kingOf(w, f[5 + 2 * windows + 2 * w]!);
    }
  }
  return s;
}

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The sum of squares of `values`' distances from `centre` (default: from zero). */
function sumOfSquares(values: Float64Array, centre?: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const d = values[i]! - (centre === undefined ? 0 : centre[i]!);
    sum += d * d;
  }
  return sum;
}

export function crossEntropy(p: number, t: number): number {
  const q = Math.min(1 - 1e-12, Math.max(1e-12, p));
  return -(t * Math.log(q) + (1 - t) * Math.log(1 - q));
}

/** Mean loss against the results of `rows`, with the patterns `op`/`eg` (or none). */
function resultLoss(s: Samples, rows: Int32Array, k: number, op?: Float64Array, eg?: Float64Array): number {
  let sum = 0;
  for (const n of rows) sum += crossEntropy(sigmoid((s.hand[n]! + (op ? patternOf(s, n, op, eg!) : 0)) / k), s.result[n]!);
  return sum / rows.length;
}

function patternOf(s: Samples, n: number, op: Float64Array, eg: Float64Array): number {
  let o = 0;
  let e = 0;
  const at = n * 2 * s.pairs;
  for (let w = 0; w < s.pairs; w++) {
    const own = s.index[at + 2 * w]!;
    const other = s.index[at + 2 * w + 1]!;
    if (own >= 0) {
      o += op[own]!;
      e += eg[own]!;
    }
    if (other >= 0) {
      o -= op[other]!;
      e -= eg[other]!;
    }
  }
  const phase = s.phase[n]!;
  return o * phase + e * (1 - phase);
}

/** The logistic scale that fits the hand-written evaluation best. */
function fitK(s: Samples, rows: Int32Array): number {
  return bestScale((k) => resultLoss(s, rows, k));
}

/** The scale K in 20 … 2000 with the lowest `loss(K)` (golden-section search: the loss has one minimum there). */
export function bestScale(loss: (k: number) => number): number {
  let lo = 20;
  let hi = 2000;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - g * (hi - lo);
    const b = lo + g * (hi - lo);
    if (loss(a) < loss(b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

export function train(options: TrainOptions): TrainResult {
  if (windowsOf(familyOf(options.variant)) === 0) throw new RangeError(`${options.variant}'s evaluation has no patterns to fit: npm run tune fits its terms`);
  const log = options.log ?? (() => {});
  const epochs = options.epochs ?? 60;
  const lambda = options.lambda ?? 0.5;
  const random = randomSource(options.seed ?? 1);
  const family = familyOf(options.variant);
  const from = options.from;
  if (from !== undefined) {
    assertFamilyOf(options.variant, from.family);
    if (from.windows !== windowsOf(family)) throw new RangeError(`--from has ${from.windows} pattern windows, ${options.variant}'s evaluation reads ${windowsOf(family)}`);
    if (options.tie !== undefined) throw new RangeError("--from and --tie do not go together: a tied fit has no one weight per window to start from");
  }
  const kings = options.kings ?? false;
  if (kings && !readsKingWindows(family)) throw new RangeError(`${options.variant}'s evaluation has no kings' windows (the 8×8 families have them)`);
  if (kings && options.tie !== undefined) throw new RangeError("--kings and --tie do not go together: kings' windows are fitted per window");
  const holdPatterns = options.holdPatterns ?? false;
  if (holdPatterns && (!kings || from === undefined)) throw new RangeError("--hold-patterns holds the patterns of --from and fits the kings' windows: it needs --kings and --from");
  const s = loadSamples(options.variant, options.files, options.validation ?? 0.1, random, from, kings);
  const menSlots = s.windows * ARRANGEMENTS;
  // Weights per phase: a window and an arrangement each, then a window and a king state each.
  const slots = menSlots + (kings ? s.windows * KING_STATES : 0);
  const heldCount = s.held.reduce((n, h) => n + h, 0);
  const valid = new Int32Array(heldCount);
  const fit = new Int32Array(s.count - heldCount);
  for (let n = 0, v = 0, f = 0; n < s.count; n++) {
    if (s.held[n]) valid[v++] = n;
    else fit[f++] = n;
  }
  if (valid.length === 0 || fit.length === 0) throw new RecordFileError(`${s.count} positions, ${valid.length === 0 ? "no game held out to validate" : "every game held out"}: play more games first`, options.files.join(", "));
  const k = fitK(s, fit);
  const handLoss = resultLoss(s, valid, k);
  log(`${s.read} records, ${s.count} distinct positions (${fit.length} to fit, ${valid.length} of held-out games to validate); K = ${k.toFixed(1)}; hand-written validation loss ${handLoss.toFixed(5)}`);

  // Damped Newton steps on the diagonal: each weight moves by its gradient over its curvature,
  // both summed over the positions where its arrangement occurs, and the L2 prior adds `prior`
  // positions' worth of curvature to every weight. A common arrangement is fitted in a few
  // steps; one seen a handful of times stays near zero. (Plain gradient descent leaves the
  // common ones unfitted when it stops, and per-weight normalised steps fit the rare ones to
  // noise.)
  const op = new Float64Array(slots);
  const eg = new Float64Array(slots);
  // The prior's centre, opening weights then endgame weights: zero, or the start file's (its
  // quarter centi-men back in centi-men, interleaved by arrangement in the file).
  const centre = new Float64Array(2 * slots);
  if (from !== undefined) {
    for (let i = 0; i < menSlots; i++) {
      op[i] = centre[i] = from.patterns[2 * i]! / 4;
      eg[i] = centre[slots + i] = from.patterns[2 * i + 1]! / 4;
    }
    if (kings && from.kings !== undefined) {
      for (let i = menSlots; i < slots; i++) {
        op[i] = centre[i] = from.kings[2 * (i - menSlots)]! / 4;
        eg[i] = centre[slots + i] = from.kings[2 * (i - menSlots) + 1]! / 4;
      }
    }
  }
  const gradient = new Float64Array(2 * slots);
  const curvature = new Float64Array(2 * slots);
  const startLoss = from === undefined ? handLoss : resultLoss(s, valid, k, op, eg);
  if (from !== undefined) log(`validation loss of the start's patterns ${startLoss.toFixed(5)}`);
  const best = { loss: startLoss, epoch: 0, op: op.slice(), eg: eg.slice() };
  let damping = options.step ?? 0.5;
  const curvatureOf = (positions: number): number => positions * 0.25 / (k * k);
  const priorCurvature = curvatureOf(options.prior ?? 100);
  // With --tie, a weight is its shape's shared weight plus the window's own deviation, and the
  // two are fitted in turn: the shared one from every window of that shape, the deviation with
  // a prior of its own. Without, each window's weights are its own (the deviations alone).
  const tied = options.tie !== undefined;
  const ownCurvature = tied ? curvatureOf(options.tie!) : priorCurvature;
  const shapes = windowShapes(options.variant);
  const own = centre.slice();
  const shared = new Float64Array(2 * SHAPES * ARRANGEMENTS);
  const sharedAt = (i: number): number => {
    const j = i % slots;
    return ((i < slots ? 0 : SHAPES) + shapes[Math.floor(j / ARRANGEMENTS)]!) * ARRANGEMENTS + (j % ARRANGEMENTS);
  };
  const targets = new Float64Array(s.count);
  for (let n = 0; n < s.count; n++) targets[n] = lambda * s.result[n]! + (1 - lambda) * sigmoid(s.score[n]! / k);
  // The fit's own objective (its positions' loss against the targets, plus the prior) must fall
  // at every step. Diagonal steps ignore that the windows of one position move together, so a
  // long step can overshoot and the fit diverge: when the objective rises, the weights go back to
  // where the last step started and half of that step is taken instead.
  const fitLosses: number[] = [];
  let halvings = 0;
  let turn = 0; // steps taken; with --tie, an even one fits the shared weights, an odd one the deviations
  const before = { objective: Infinity, turn: 0, own: own.slice(), shared: shared.slice(), gradient: gradient.slice(), curvature: curvature.slice() };
  for (let epoch = 1; epoch <= epochs; epoch++) {
    gradient.fill(0);
    curvature.fill(0);
    let objective = 0;
    for (const n of fit) {
      const p = sigmoid((s.hand[n]! + patternOf(s, n, op, eg)) / k);
      objective += crossEntropy(p, targets[n]!);
      const err = (p - targets[n]!) / k;
      const bend = (p * (1 - p)) / (k * k);
      const phase = s.phase[n]!;
      const at = n * 2 * s.pairs;
      for (let w = 0; w < s.pairs; w++) {
        const own = s.index[at + 2 * w]!;
        const other = s.index[at + 2 * w + 1]!;
        if (own === other) continue; // the same arrangement seen from both sides cancels out (or no king either side)
        if (own >= 0) {
          gradient[own] += err * phase;
          gradient[slots + own] += err * (1 - phase);
          curvature[own] += bend * phase * phase;
          curvature[slots + own] += bend * (1 - phase) * (1 - phase);
        }
        if (other >= 0) {
          gradient[other] -= err * phase;
          gradient[slots + other] -= err * (1 - phase);
          curvature[other] += bend * phase * phase;
          curvature[slots + other] += bend * (1 - phase) * (1 - phase);
        }
      }
    }
    objective += tied ? (priorCurvature * sumOfSquares(shared) + ownCurvature * sumOfSquares(own)) / 2 : priorCurvature * sumOfSquares(own, centre) / 2;
    if (objective > before.objective) {
      own.set(before.own);
      shared.set(before.shared);
      gradient.set(before.gradient);
      curvature.set(before.curvature);
      turn = before.turn;
      damping /= 2;
      halvings++;
      log(`epoch ${epoch}: the fit's loss rose (${(objective / fit.length).toFixed(5)} from ${(before.objective / fit.length).toFixed(5)}); step halved to ${damping}`);
    } else {
      fitLosses.push(objective / fit.length);
      Object.assign(before, { objective, turn });
      before.own.set(own);
      before.shared.set(shared);
      before.gradient.set(gradient);
      before.curvature.set(curvature);
    }
    if (tied && turn++ % 2 === 0) {
      const g = new Float64Array(shared.length);
      const h = new Float64Array(shared.length);
      for (let i = 0; i < 2 * slots; i++) {
        g[sharedAt(i)] += gradient[i]!;
        h[sharedAt(i)] += curvature[i]!;
      }
      for (let i = 0; i < shared.length; i++) {
        if (h[i] !== 0) shared[i] = shared[i]! - (damping * (g[i]! + priorCurvature * shared[i]!)) / (h[i]! + priorCurvature);
      }
    } else {
      for (let i = 0; i < 2 * slots; i++) {
        if (curvature[i] !== 0 && !(holdPatterns && i % slots < menSlots)) own[i] = own[i]! - (damping * (gradient[i]! + ownCurvature * (own[i]! - centre[i]!))) / (curvature[i]! + ownCurvature);
      }
    }
    for (let i = 0; i < 2 * slots; i++) {
      const weight = own[i]! + (tied ? shared[sharedAt(i)]! : 0);
      if (i < slots) op[i] = weight;
      else eg[i - slots] = weight;
    }
    if (epoch % 5 === 0 || epoch === epochs) {
      const loss = resultLoss(s, valid, k, op, eg);
      if (loss < best.loss) Object.assign(best, { loss, epoch, op: op.slice(), eg: eg.slice() });
      log(`epoch ${epoch}: validation loss ${loss.toFixed(5)}${best.epoch === epoch ? " (best)" : ""}; the fit's loss ${(before.objective / fit.length).toFixed(5)}`);
    }
  }
  // Per slot, the opening weight then the endgame weight, as the file interleaves them.
  const quarter = (x: number): number => Math.max(-32767, Math.min(32767, Math.round(x * 4)));
  const interleaved = (first: number, end: number): Int16Array => {
    const out = new Int16Array(2 * (end - first));
    for (let i = first; i < end; i++) {
      out[2 * (i - first)] = quarter(best.op[i]!);
      out[2 * (i - first) + 1] = quarter(best.eg[i]!);
    }
    return out;
  };
  const patterns = interleaved(0, menSlots);
  const hand = from !== undefined ? from.hand.slice() : Int16Array.from(createEngineSync().handTerms(family));
  const file = encodeWeights({ family, hand, patterns, ...(kings ? { kings: interleaved(menSlots, slots) } : {}) });
  return { file, positions: s.count, k, handLoss, loss: best.loss, bestEpoch: best.epoch, fitLosses, halvings };
}

/** The variant's record files in data/selfplay, for a command given no --data; `fail` says why there are none. */
export function selfplayFiles(variant: VariantName, fail: (message: string) => never): string[] {
  const dir = join(REPO_ROOT, "data", "selfplay");
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    fail(`no --data given and no ${dir}: run npm run selfplay first`);
  }
  const files = names.filter((f) => f.startsWith(`${variant}-`) && f.endsWith(".bin")).map((f) => join(dir, f));
  if (files.length === 0) fail(`no --data given and no ${variant}-*.bin in ${dir}: run npm run selfplay first`);
  return files;
}

function usage(message: string): never {
  process.stderr.write(`train: ${message}\nusage: npm run train -- --variant V [--data FILE…] [--out FILE] [--epochs N] [--prior N] [--tie N] [--lambda X] [--step X] [--seed S] [--validation X] [--from FILE] [--kings [--hold-patterns]]\n`);
  process.exit(2);
}

function number(name: string, text: string | undefined, fallback: number, ok: (x: number) => boolean): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!ok(value)) usage(`--${name} cannot be ${JSON.stringify(text)}`);
  return value;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        variant: { type: "string" }, data: { type: "string", multiple: true }, out: { type: "string" }, epochs: { type: "string" },
        prior: { type: "string" }, tie: { type: "string" }, lambda: { type: "string" }, step: { type: "string" }, seed: { type: "string" }, validation: { type: "string" },
        from: { type: "string" }, kings: { type: "boolean" }, "hold-patterns": { type: "boolean" },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const variant = values.variant as VariantName | undefined;
  if (variant === undefined || !(VARIANTS as readonly string[]).includes(variant)) usage(`--variant must be one of ${VARIANTS.join(", ")}`);
  let files = [...(values.data ?? []), ...positionals];
  if (files.length === 0) files = selfplayFiles(variant, usage);
  const started = Date.now();
  const result = train({
    variant, files,
    epochs: number("epochs", values.epochs, 60, (x) => Number.isInteger(x) && x >= 1),
    prior: number("prior", values.prior, 100, (x) => x >= 0),
    tie: values.tie === undefined ? undefined : number("tie", values.tie, 0, (x) => x >= 0),
    lambda: number("lambda", values.lambda, 0.5, (x) => x >= 0 && x <= 1),
    seed: number("seed", values.seed, 1, Number.isInteger),
    validation: number("validation", values.validation, 0.1, (x) => x > 0 && x < 1),
    step: number("step", values.step, 0.5, (x) => x > 0 && x <= 1),
    from: values.from === undefined ? undefined : parseWeights(readFileSync(values.from)),
    kings: values.kings ?? false,
    holdPatterns: values["hold-patterns"] ?? false,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const out = resolve(values.out ?? join(REPO_ROOT, "data", "weights", `${FAMILY_NAMES[familyOf(variant)]}.bdw`));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, result.file);
  process.stderr.write(`best epoch ${result.bestEpoch}: validation loss ${result.loss.toFixed(5)} (hand-written ${result.handLoss.toFixed(5)}); ${((Date.now() - started) / 1000).toFixed(0)} s\nwrote ${out} (${result.file.length} bytes)\n`);
}

await runAsCommand(import.meta.url, "train", main);
