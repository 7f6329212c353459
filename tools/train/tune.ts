// Fits the hand-written terms of an evaluation to self-play records (Texel's method): the
// winning chance is a logistic curve of the evaluation, whole (hand-written terms and the
// patterns of the weight file, which stay as they are); each term in turn is moved a step up or
// down and kept where the loss falls against the target (the game results blended with the
// search scores, --lambda, as in training), sweep after sweep, the step halving when a sweep
// keeps nothing. The terms of the sweep with the lowest loss against the results of the
// held-out games are written, with the file's patterns, to a new weight file.
//
//   npm run tune -- --variant international [--weights FILE] [--data FILE…] [--terms 0,13,15]
//                   [--lambda 0.5] [--step 16] [--sweeps 8] [--sample 200000] [--out FILE] [--seed 1]
//
// The train command fits the patterns with the terms fixed; this one fits the terms with the
// patterns fixed. The curve's scale K is fitted once, to the evaluation as it starts.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngineSync } from "../../bindings/core/loader.js";
import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "../../bindings/core/contract.js";
import { VARIANTS, VariantName, variantInfo } from "../../bindings/core/variant.js";
import { ARRANGEMENTS, EvalWeights, FAMILY_NAMES, HAND_TERMS, assertFamilyOf, encodeWeights, familyOf, parseWeights, weightFamiliesOf, windowsOf } from "../../bindings/eval/weights.js";
import { shippedWeights } from "../../bindings/eval/shipped.js";
import { randomSource } from "../match/player.js";
import { REPO_ROOT } from "../match/openings.js";
import { RecordFileError, playableSquares, readRecords } from "./records.js";
import { bestScale, crossEntropy, distinctRecords, selfplayFiles, sigmoid } from "./train.js";
import { runAsCommand } from "./command.js";

export interface TuneOptions {
  readonly variant: VariantName;
  readonly files: readonly string[];
  /** The file whose patterns stay and whose terms are the start; undefined: the hand-written terms alone. */
  readonly weights?: EvalWeights;
  /** The indices of the terms to fit (assembly/eval/weights.ts). */
  readonly terms: readonly number[];
  /** The first step, centi-men (default 16); it halves down to 1. */
  readonly step?: number;
  /** At most this many sweeps over the terms (default 8). */
  readonly sweeps?: number;
  /**
   * The share of the game result in the target, the rest the search score's winning chance
   * (default 0.5, as training's); the held-out loss is against the results alone.
   */
  readonly lambda?: number;
  /** Fit on at most this many positions, drawn at random (default: all). */
  readonly sample?: number;
  readonly seed?: number;
  readonly validation?: number;
  readonly log?: (line: string) => void;
}

export interface TuneResult {
  /** The weight file: the fitted terms and the start's patterns. */
  readonly file: Uint8Array;
  readonly hand: Int16Array;
  readonly k: number;
  /** Held-out loss of the start and of the fitted terms. */
  readonly startLoss: number;
  readonly loss: number;
  /** Fit loss after each sweep. */
  readonly sweepLosses: readonly number[];
}

export function tune(options: TuneOptions): TuneResult {
  const log = options.log ?? (() => {});
  const random = randomSource(options.seed ?? 1);
  const info = variantInfo(options.variant);
  const family = familyOf(options.variant);
  for (const t of options.terms) {
    if (!Number.isInteger(t) || t < 0 || t >= HAND_TERMS) throw new RangeError(`a term index is 0 to ${HAND_TERMS - 1}, not ${t}`);
  }
  if (options.terms.length === 0) throw new RangeError("no term to fit");
  const engine = createEngineSync();
  // A family that borrows another's patterns (frisian: 10×10's) is fitted with them, as it plays.
  for (const lender of weightFamiliesOf(options.variant).slice(1)) {
    const borrowed = shippedWeights(lender);
    if (borrowed !== undefined) engine.loadWeights(borrowed);
  }
  const windows = options.weights?.windows ?? windowsOf(family);
  const patterns = options.weights?.patterns ?? new Int16Array(2 * windows * ARRANGEMENTS);
  const start = options.weights?.hand ?? Int16Array.from(engine.handTerms(family));
  if (options.weights !== undefined) assertFamilyOf(options.variant, options.weights.family);

  // The positions as the core reads them, each once, with its mean result.
  const { positions } = distinctRecords(options.files.map((file) => readRecords(file, info.id)), options.validation ?? 0.1, random);
  const fitRows: number[] = [];
  const heldRows: number[] = [];
  positions.forEach((p, n) => (p.held ? heldRows : fitRows).push(n));
  if (fitRows.length === 0 || heldRows.length === 0) throw new RecordFileError(`${positions.length} positions: too few games to hold some out`, options.files.join(", "));
  // A seeded sample of the positions to fit, for speed; the held-out ones are all kept.
  const sample = Math.min(options.sample ?? fitRows.length, fitRows.length);
  for (let i = 0; i < sample; i++) {
    const j = i + Math.floor(random() * (fitRows.length - i));
    [fitRows[i], fitRows[j]] = [fitRows[j]!, fitRows[i]!];
  }
  fitRows.length = sample;
  const boards = positions.map(({ record }) => {
    const squares = new Uint8Array(playableSquares(options.variant) + 1);
    for (const q of record.white) squares[q] = PIECE_WHITE_MAN;
    for (const q of record.black) squares[q] = PIECE_BLACK_MAN;
    for (const q of record.kings) squares[q] = squares[q] === PIECE_WHITE_MAN ? PIECE_WHITE_KING : PIECE_BLACK_KING;
    return { whiteToMove: record.whiteToMove, squares };
  });
  const results = positions.map((p) => (p.results / p.times + 1) / 2);
  const searched = positions.map((p) => p.scores / p.times);

  /** The evaluation from White's side of each row, with the terms `hand`. */
  const scores = (hand: Int16Array, rows: readonly number[]): Float64Array => {
    engine.loadWeights({ family, windows, hand, patterns });
    const out = new Float64Array(rows.length);
    rows.forEach((n, i) => {
      const score = engine.evaluate(info.id, boards[n]!, info.ending);
      out[i] = boards[n]!.whiteToMove ? score : -score;
    });
    return out;
  };
  const lossOf = (values: Float64Array, rows: readonly number[], k: number, targets: readonly number[] = results): number => {
    let sum = 0;
    for (let i = 0; i < rows.length; i++) sum += crossEntropy(sigmoid(values[i]! / k), targets[rows[i]!]!);
    return sum / rows.length;
  };

  // K: the scale that fits the start best.
  const startScores = scores(start, fitRows);
  const k = bestScale((scale) => lossOf(startScores, fitRows, scale));
  const lambda = options.lambda ?? 0.5;
  const targets = results.map((r, n) => lambda * r + (1 - lambda) * sigmoid(searched[n]! / k));
  const fitLoss = (hand: Int16Array) => lossOf(scores(hand, fitRows), fitRows, k, targets);
  const heldLoss = (hand: Int16Array) => lossOf(scores(hand, heldRows), heldRows, k);
  const startLoss = heldLoss(start);
  log(`${positions.length} distinct positions (${fitRows.length} to fit, ${heldRows.length} held out); K = ${k.toFixed(1)}; lambda ${lambda}; held-out loss at the start ${startLoss.toFixed(5)}`);

  let current = start.slice();
  let currentLoss = fitLoss(current);
  let best = { hand: current.slice(), loss: startLoss };
  const sweepLosses: number[] = [];
  let step = options.step ?? 16;
  for (let sweep = 0; sweep < (options.sweeps ?? 8) && step >= 1; sweep++) {
    let kept = 0;
    for (const t of options.terms) {
      for (const sign of [1, -1]) {
        const trial = current.slice();
        trial[t] = Math.max(-32768, Math.min(32767, trial[t]! + sign * step));
        const loss = fitLoss(trial);
        if (loss < currentLoss) {
          current = trial;
          currentLoss = loss;
          kept++;
          break;
        }
      }
    }
    sweepLosses.push(currentLoss);
    const held = heldLoss(current);
    log(`sweep ${sweep + 1}, step ${step}: ${kept} moves kept; fit loss ${currentLoss.toFixed(5)}, held-out ${held.toFixed(5)}; terms ${options.terms.map((t) => `${t}:${current[t]}`).join(" ")}`);
    if (held < best.loss) best = { hand: current.slice(), loss: held };
    if (kept === 0) step >>= 1;
  }
  return { file: encodeWeights({ family, hand: best.hand, patterns }), hand: best.hand, k, startLoss, loss: best.loss, sweepLosses };
}

function usage(message: string): never {
  process.stderr.write(`tune: ${message}\nusage: npm run tune -- --variant V [--weights shipped|hand|FILE] [--data FILE…] [--terms I,J,…] [--lambda X] [--step N] [--sweeps N] [--sample N] [--out FILE] [--seed S] [--validation X]\n`);
  process.exit(2);
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The terms each family's evaluation reads (assembly/eval/weights.ts): the board families KING to
 * DRIVE; turkish and canadian the king, the advancement of the rows a man can stand on, and the
 * runaway; antidraughts the king; breakthrough the advancement and the runaway (it has no kings);
 * frisian all of the board families' terms.
 */
const FAMILY_TERMS: readonly (readonly number[])[] = [
  range(0, 18), range(0, 18), range(0, 18),
  [0, ...range(2, 7), 15, 16], [0, ...range(2, 11), 15, 16], [0], [...range(1, 9), 15, 16], range(0, 18),
];

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        variant: { type: "string" }, weights: { type: "string" }, data: { type: "string", multiple: true }, terms: { type: "string" },
        step: { type: "string" }, sweeps: { type: "string" }, sample: { type: "string" }, out: { type: "string" }, seed: { type: "string" },
        validation: { type: "string" }, lambda: { type: "string" },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const variant = values.variant as VariantName | undefined;
  if (variant === undefined || !(VARIANTS as readonly string[]).includes(variant)) usage(`--variant must be one of ${VARIANTS.join(", ")}`);
  const integer = (name: string, text: string | undefined, ok: (x: number) => boolean): number | undefined => {
    if (text === undefined) return undefined;
    const x = Number(text);
    if (!Number.isInteger(x) || !ok(x)) usage(`--${name} cannot be ${JSON.stringify(text)}`);
    return x;
  };
  let files = [...(values.data ?? []), ...positionals];
  if (files.length === 0) files = selfplayFiles(variant, usage);
  const source = values.weights ?? "shipped";
  const weights = source === "hand" ? undefined : source === "shipped" ? shippedWeights(familyOf(variant)) : parseWeights(new Uint8Array(readFileSync(source)));
  const terms = values.terms === undefined ? FAMILY_TERMS[familyOf(variant)]! : values.terms.split(",").map((t) => integer("terms", t, (x) => x >= 0 && x < HAND_TERMS)!);
  const started = Date.now();
  const result = tune({
    variant, files, weights, terms,
    step: integer("step", values.step, (x) => x >= 1),
    sweeps: integer("sweeps", values.sweeps, (x) => x >= 1),
    sample: integer("sample", values.sample, (x) => x >= 1),
    seed: integer("seed", values.seed, () => true),
    validation: values.validation === undefined ? undefined : Number(values.validation),
    lambda: values.lambda === undefined ? undefined : Number(values.lambda),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const out = resolve(values.out ?? join(REPO_ROOT, "data", "weights", `${FAMILY_NAMES[familyOf(variant)]}-tuned.bdw`));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, result.file);
  process.stderr.write(`held-out loss ${result.startLoss.toFixed(5)} → ${result.loss.toFixed(5)}; ${((Date.now() - started) / 1000).toFixed(0)} s\nwrote ${out} (${result.file.length} bytes)\n`);
}

await runAsCommand(import.meta.url, "tune", main);
