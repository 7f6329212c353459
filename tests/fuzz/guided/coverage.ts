// A coverage-guided fuzzing loop on V8's own block coverage (node:inspector's precise coverage),
// for the readers and protocol handlers of the binding. An input that reaches a block, or a
// block's hit count bucket (1, 2, 3, 4–7, 8–15, …), no earlier input reached is kept in the
// corpus and mutated further, as libFuzzer does. Why not a fuzzer from npm: docs/bad-input.md.
//
// Coverage is taken per batch of inputs (a take costs far more than most inputs); a batch that
// found something new is run again one input at a time to tell which input it was.

import { Session } from "node:inspector";
import { createHash } from "node:crypto";

import { DraughtsError } from "../../../bindings/core/errors.js";
import { Rng } from "../prng.js";

/** What a target does with one input; throws a DraughtsError to refuse it, anything else is a finding. */
export interface FuzzTarget {
  readonly name: string;
  /** One line: what the target reads and what it checks. */
  readonly about: string;
  /** Longest input the mutator makes. */
  readonly maxLength: number;
  /** Words and bytes of the format the mutator splices in. */
  readonly dictionary: readonly string[];
  /** Runs one input; resolves once every answer it asked for came back. */
  run(data: Buffer): void | Promise<void>;
  /** Starts what the target needs (a worker, a search engine) before the first input is timed. */
  prepare?(): Promise<void>;
  /** Frees what the target set up (workers, engines); called once at the end. */
  close?(): void | Promise<void>;
}

/** A broken invariant: thrown by a target (or the loop) for what must never happen. */
export class InvariantError extends Error {
  override name = "InvariantError";
}

/** No input may take longer (issue 65: each input answered within 1 s). */
export const INPUT_MS = 1000;

export type Outcome = { readonly kind: "accepted" | "refused"; readonly ms: number } | { readonly kind: "finding"; readonly ms: number; readonly error: unknown };

/** Runs one input through a target and classifies the result: accepted, refused by name, or a finding (an error, or slower than `limitMs`). */
export async function runOne(target: FuzzTarget, data: Buffer, limitMs = INPUT_MS): Promise<Outcome> {
  const start = performance.now();
  try {
    await target.run(data);
  } catch (error) {
    const ms = performance.now() - start;
    if (error instanceof DraughtsError && error.message.length > 0) return ms > limitMs ? slow(ms, limitMs) : { kind: "refused", ms };
    return { kind: "finding", ms, error };
  }
  const ms = performance.now() - start;
  return ms > limitMs ? slow(ms, limitMs) : { kind: "accepted", ms };
}

function slow(ms: number, limitMs: number): Outcome {
  return { kind: "finding", ms, error: new InvariantError(`the input took ${ms.toFixed(0)} ms (at most ${limitMs})`) };
}

/** Block coverage of the binding's scripts since the last take, as features. */
class Coverage {
  readonly #session = new Session();
  readonly #filter: RegExp;
  /** Features seen so far: block and hit-count bucket. */
  readonly seen = new Set<string>();

  constructor(filter: RegExp) {
    this.#filter = filter;
    this.#session.connect();
    this.#post("Profiler.enable");
    this.#post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  }

  #post(method: string, params?: object): unknown {
    let out: unknown;
    let failure: Error | null = null;
    // A session on the same thread answers synchronously.
    this.#session.post(method as "Profiler.enable", params as never, (error: Error | null, result: unknown) => {
      failure = error;
      out = result;
    });
    if (failure) throw failure;
    return out;
  }

  /** The features hit since the last take (and resets the counts). */
  take(): string[] {
    const { result } = this.#post("Profiler.takePreciseCoverage") as { result: Array<{ url: string; functions: Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }> }> };
    const features: string[] = [];
    for (const script of result) {
      if (!this.#filter.test(script.url)) continue;
      const file = script.url.slice(script.url.lastIndexOf("/dist/") + 6);
      for (const fn of script.functions) {
        for (const r of fn.ranges) {
          if (r.count === 0) continue;
          features.push(`${file}:${r.startOffset}:${r.endOffset}:${Math.min(31 - Math.clz32(r.count), 12)}`);
        }
      }
    }
    return features;
  }

  /** Adds features; how many were new. */
  add(features: readonly string[]): number {
    let fresh = 0;
    for (const f of features) {
      if (!this.seen.has(f)) {
        this.seen.add(f);
        fresh++;
      }
    }
    return fresh;
  }

  /** Blocks (not buckets) reached so far. */
  blocks(): number {
    return new Set([...this.seen].map((f) => f.slice(0, f.lastIndexOf(":")))).size;
  }

  close(): void {
    this.#post("Profiler.stopPreciseCoverage");
    this.#session.disconnect();
  }
}

/** Byte-level mutations with the target's dictionary, and splices of two corpus entries. */
export class Mutator {
  readonly #rng: Rng;
  readonly #target: FuzzTarget;

  constructor(target: FuzzTarget, seed: number) {
    this.#target = target;
    this.#rng = new Rng(seed, `guided ${target.name}`);
  }

  mutate(corpus: readonly Buffer[]): Buffer {
    const rng = this.#rng;
    let data: Buffer = Buffer.from(corpus[rng.int(corpus.length)] ?? Buffer.alloc(0));
    const rounds = 1 + rng.int(4);
    for (let r = 0; r < rounds; r++) data = this.#once(data, corpus);
    return data.length > this.#target.maxLength ? data.subarray(0, this.#target.maxLength) : data;
  }

  #once(data: Buffer, corpus: readonly Buffer[]): Buffer {
    const rng = this.#rng;
    const at = rng.int(data.length + 1);
    const word = (): Buffer => {
      const dictionary = this.#target.dictionary;
      return Buffer.from(dictionary.length > 0 && rng.int(3) > 0 ? dictionary[rng.int(dictionary.length)]! : String.fromCharCode(rng.int(256)), "latin1");
    };
    switch (rng.int(9)) {
      case 0: // flip a bit
        if (data.length === 0) return word();
        data[Math.min(at, data.length - 1)]! ^= 1 << rng.int(8);
        return data;
      case 1: // set a byte to a random or a printable one
        if (data.length === 0) return word();
        data[Math.min(at, data.length - 1)] = rng.int(2) === 0 ? rng.int(256) : 32 + rng.int(95);
        return data;
      case 2: { // delete a run
        const length = 1 + rng.int(Math.max(1, Math.min(16, data.length - at)));
        return Buffer.concat([data.subarray(0, at), data.subarray(at + length)]);
      }
      case 3: // insert a word of the format
      case 4:
        return Buffer.concat([data.subarray(0, at), word(), data.subarray(at)]);
      case 5: { // duplicate a run
        const length = 1 + rng.int(Math.max(1, Math.min(32, data.length - at)));
        return Buffer.concat([data.subarray(0, at + length), data.subarray(at, at + length), data.subarray(at + length)]);
      }
      case 6: { // splice with another entry
        const other = corpus[rng.int(corpus.length)] ?? Buffer.alloc(0);
        const from = rng.int(other.length + 1);
        return Buffer.concat([data.subarray(0, at), other.subarray(from)]);
      }
      case 7: { // a number made bigger, smaller or odd
        const text = data.toString("latin1");
        const numbers = [...text.matchAll(/\d+/g)];
        if (numbers.length === 0) return Buffer.concat([data.subarray(0, at), word(), data.subarray(at)]);
        const m = numbers[rng.int(numbers.length)]!;
        const n = Number(m[0]);
        const choices = [n + 1, n - 1, 0, n * 2, 2 ** 31, 2 ** 53, 999999999999, -1, 255, 256, 65536];
        const next = String(choices[rng.int(choices.length)]);
        return Buffer.from(text.slice(0, m.index) + next + text.slice(m.index! + m[0].length), "latin1");
      }
      default: // cut short
        return data.subarray(0, at);
    }
  }
}

export interface FuzzReport {
  readonly target: string;
  readonly inputs: number;
  readonly seconds: number;
  readonly corpus: number;
  readonly blocks: number;
  readonly features: number;
  readonly refused: number;
  readonly findings: ReadonlyArray<{ readonly input: Buffer; readonly error: unknown }>;
}

export interface FuzzOptions {
  readonly seconds: number;
  readonly maxInputs?: number;
  readonly seed?: number;
  /** Inputs per coverage take. */
  readonly batch?: number;
  /** Called with each input that found new coverage (to keep it) and each finding. */
  readonly onNew?: (input: Buffer) => void;
  readonly onFinding?: (input: Buffer, error: unknown) => void;
  readonly onProgress?: (report: FuzzReport) => void;
}

/** Scripts whose coverage guides the search: the binding as built. */
const BINDING = /\/dist\/bindings\//;

/** Fuzzes a target from a seed corpus until the time or the input count runs out. */
export async function fuzz(target: FuzzTarget, seeds: readonly Buffer[], options: FuzzOptions): Promise<FuzzReport> {
  const coverage = new Coverage(BINDING);
  const mutator = new Mutator(target, options.seed ?? 1);
  const corpus: Buffer[] = [];
  const findings: Array<{ input: Buffer; error: unknown }> = [];
  const known = new Set<string>();
  let inputs = 0;
  let refused = 0;
  const started = performance.now();
  const hash = (b: Buffer) => createHash("sha1").update(b).digest("hex");
  const report = (): FuzzReport => ({ target: target.name, inputs, seconds: (performance.now() - started) / 1000, corpus: corpus.length, blocks: coverage.blocks(), features: coverage.seen.size, refused, findings });

  /** Runs an input and counts its outcome; each finding is reported once. */
  const attempt = async (input: Buffer): Promise<void> => {
    inputs++;
    const outcome = await runOne(target, input);
    if (outcome.kind === "refused") refused++;
    if (outcome.kind === "finding") {
      const id = hash(input);
      if (!known.has(id)) {
        known.add(id);
        findings.push({ input, error: outcome.error });
        options.onFinding?.(input, outcome.error);
      }
    }
  };
  /** Runs an input alone; how many features it added. */
  const one = async (input: Buffer): Promise<number> => {
    await attempt(input);
    return coverage.add(coverage.take());
  };
  await target.prepare?.();
  // The seeds first, each on its own: the corpus is every seed that adds coverage.
  coverage.take();
  for (const seed of seeds) if ((await one(seed)) > 0 || corpus.length === 0) corpus.push(seed);
  const batch = options.batch ?? 32;
  let lastProgress = performance.now();
  while ((performance.now() - started) / 1000 < options.seconds && inputs < (options.maxInputs ?? Infinity)) {
    const tried: Buffer[] = [];
    for (let i = 0; i < batch; i++) {
      const input = mutator.mutate(corpus);
      tried.push(input);
      await attempt(input);
    }
    const features = coverage.take();
    if (features.some((f) => !coverage.seen.has(f))) {
      // Something in the batch was new: find which inputs, one at a time (their runs count too).
      for (const input of tried) {
        if ((await one(input)) > 0) {
          corpus.push(input);
          options.onNew?.(input);
        }
      }
    }
    if (performance.now() - lastProgress > 10_000) {
      lastProgress = performance.now();
      options.onProgress?.(report());
    }
  }
  coverage.close();
  return report();
}
