// Weights in a core: what a core's evaluation reads of each board family and how a weight file
// is put there. A core holds, per family it evaluates with weights, the hand-written terms
// (HAND_TERMS 32-bit words) and, grown on demand, the pattern table; a file fills both and
// switches the patterns on, and the hand evaluation puts the core's own terms back. The Engine
// (core/engine.ts) keeps one of these per core and answers its weight methods from it.

import { EngineError } from "../core/errors.js";
import { ARRANGEMENTS, type EvalWeights, FAMILY_NAMES, HAND_TERMS, WeightsError, parseWeights } from "./weights.js";

/** The core's exports that hold the evaluation's weights. */
export interface WeightExports {
  readonly memory: WebAssembly.Memory;
  /** The address of a family's hand-written terms. */
  evalWeights(family: number): number;
  /** Absent from cores built before the evaluations of terms only had weights: those hold 3. */
  evalFamilies?(): number;
  /** The address of a family's pattern table, grown on first use (0: no memory). */
  evalPatterns(family: number): number;
  /** The bytes of a family's pattern weights (cores before 16 windows on 10×10 take no family: 9 windows for all). */
  evalPatternBytes(family: number): number;
  evalUsePatterns(family: number, on: number): number;
  /** The address of an 8×8 family's kings' windows' weights (0: none). Absent from cores built before kings' windows (2026-12-08). */
  evalKingWindows?(family: number): number;
  evalKingWindowBytes?(family: number): number;
  evalUseKingWindows?(family: number, on: number): number;
}

/** The weights of one core: which families read them, which are loaded from a file, and the core's own terms. */
export class CoreWeights {
  readonly #core: WeightExports;
  /** The weight families this core holds. */
  readonly #families: number;
  /** The hand-written terms as the core starts with them, per family it holds. */
  readonly #defaultTerms: readonly Int32Array[];
  readonly #patternFamilies = new Set<number>();
  /** The families whose weights came from a file (load). */
  readonly #loadedFamilies = new Set<number>();

  /** Reads the core's own terms: make this before anything writes the core's weights. */
  constructor(core: WeightExports) {
    this.#core = core;
    this.#families = Math.min(core.evalFamilies?.() ?? 3, FAMILY_NAMES.length);
    this.#defaultTerms = Array.from({ length: this.#families }, (_, family) => this.#terms(family).slice());
  }

  /** Loads a weight file (weights.ts) into the core; refuses one that fails its checks with a WeightsError, changing nothing. Returns the family. */
  load(file: Uint8Array | EvalWeights): number {
    const weights = file instanceof Uint8Array ? parseWeights(file) : file;
    if (weights.family >= this.#families) throw new WeightsError(`this core holds no weights for ${FAMILY_NAMES[weights.family] ?? `family ${weights.family}`}: it was built before that evaluation read any`);
    const core = this.#core;
    if (weights.patterns.length > 0) {
      const table = core.evalPatterns(weights.family);
      if (table === 0) throw new EngineError("could not grow the core's memory for the evaluation's pattern weights");
      // A core reads its own windows (16 on 10×10 since 2026-12-02, 9 before): another file's would be misread.
      const bytes = core.evalPatternBytes(weights.family);
      if (bytes !== weights.patterns.byteLength) {
        throw new WeightsError(`this core reads ${bytes / (4 * ARRANGEMENTS)} pattern windows of ${FAMILY_NAMES[weights.family]}, the file has ${weights.windows}`);
      }
      if (weights.kings !== undefined) {
        const bytes = core.evalKingWindowBytes?.(weights.family) ?? 0;
        if (bytes !== weights.kings.byteLength) throw new WeightsError(`this core reads no kings' windows of ${FAMILY_NAMES[weights.family]}: it was built before them (the file is version 2)`);
      }
      new Int16Array(core.memory.buffer, table, weights.patterns.length).set(weights.patterns);
      if (weights.kings !== undefined) new Int16Array(core.memory.buffer, core.evalKingWindows!(weights.family), weights.kings.length).set(weights.kings);
    }
    this.#terms(weights.family).set(weights.hand);
    // A family of terms only has no patterns to switch on.
    if (weights.patterns.length > 0) {
      // A file without kings' windows switches off those of a file loaded before it.
      core.evalUseKingWindows?.(weights.family, weights.kings === undefined ? 0 : 1);
      core.evalUsePatterns(weights.family, 1);
      this.#patternFamilies.add(weights.family);
    }
    this.#loadedFamilies.add(weights.family);
    return weights.family;
  }

  /** The family's evaluation goes back to the hand-written one: no patterns, the terms as the core set them. */
  useHand(family: number): void {
    checkFamily(family);
    // A core built before this family's evaluation read weights has its terms built in.
    if (family >= this.#families) return;
    this.#core.evalUsePatterns(family, 0);
    this.#core.evalUseKingWindows?.(family, 0);
    this.#patternFamilies.delete(family);
    this.#loadedFamilies.delete(family);
    this.#terms(family).set(this.#defaultTerms[family]!);
  }

  /** Whether the core reads a family's weights (an older core has the later families' terms built in). */
  reads(family: number): boolean {
    checkFamily(family);
    return family < this.#families;
  }

  /** Whether a family evaluates with learned patterns. */
  usesPatterns(family: number): boolean {
    return this.#patternFamilies.has(family);
  }

  /** Whether a family evaluates with weights loaded from a file (patterns and terms, or fitted terms only). */
  usesLoaded(family: number): boolean {
    return this.#loadedFamilies.has(family);
  }

  /** A copy of a family's hand-written terms as the core holds them now. */
  handTerms(family: number): Int32Array {
    checkFamily(family);
    if (family >= this.#families) throw new EngineError(`this core holds no weights for ${FAMILY_NAMES[family]}: it was built before that evaluation read any`);
    return this.#terms(family).slice();
  }

  /** A view of the core's terms of a family (a new view each time: the memory may have grown). */
  #terms(family: number): Int32Array {
    return new Int32Array(this.#core.memory.buffer, this.#core.evalWeights(family), HAND_TERMS);
  }
}

function checkFamily(family: number): void {
  if (!Number.isInteger(family) || family < 0 || family >= FAMILY_NAMES.length) throw new EngineError(`no weight family ${family}; the families are 0 to ${FAMILY_NAMES.length - 1}`);
}
