// Our engine as a match player: a Searcher of its own on an Engine instance of its own, so each
// player has its own transposition table, cleared at the start of every game.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SEARCH_FEATURES, defaultFeatures } from "../../bindings/core/engine.js";
import { createEngineSync } from "../../bindings/core/loader.js";
import type { VariantName } from "../../bindings/core/variant.js";
import { shippedBytes } from "../../bindings/eval/shipped.js";
import { FAMILY_NAMES, weightFamiliesOf } from "../../bindings/eval/weights.js";
import type { Game } from "../../bindings/game/game.js";
import type { EndgameDatabase } from "../../bindings/egdb/database.js";
import { Searcher } from "../../bindings/search/searcher.js";
import { Book } from "../../bindings/book/book.js";
import type { Level, SearchLimits } from "../../bindings/search/types.js";
import type { Player, PlayerMove } from "./player.js";
import { digestOf } from "./record.js";
import { EngineSpec, MatchArgumentError, MatchBookMode, OPT_IN_FEATURES } from "./spec.js";

/** The commit whose core every strength step is measured against (scripts/baseline.mjs builds it). */
export const FROZEN_BASELINE = "2dc8dec"; // also in scripts/baseline.mjs

/** bench/baselines/, from dist/tools/match/ or tools/match/. */
const BASELINES = new URL("../../../bench/baselines/", import.meta.url);

/**
 * The core and default weights of `wasm=`: "baseline" is bench/baselines/<FROZEN_BASELINE>.wasm.
 * A core built by scripts/baseline.mjs plays with the weights its commit shipped (the folder
 * <name>.weights beside it), and with the hand-written evaluation in a family it shipped none
 * for, unless weights= says otherwise, so that the baseline stays frozen when the package's
 * weights are retrained or a family gets its first file.
 */
export function coreOfSpec(spec: EngineSpec, variant: VariantName): { bytes: Uint8Array; weights?: string } {
  const file = spec.wasm === "baseline" ? fileURLToPath(new URL(`${FROZEN_BASELINE}.wasm`, BASELINES)) : spec.wasm!;
  if (!existsSync(file)) {
    const hint = spec.wasm === "baseline" ? "build it with: node scripts/baseline.mjs" : "no such file";
    throw new MatchArgumentError(`${file}: ${hint}`, "wasm", spec.wasm!);
  }
  // The first file the commit shipped of the families the variant reads (frisian: its own, then
  // 10×10's, which an older core read for it).
  const ownWeights = weightFamiliesOf(variant).map((family) => frozenWeightsOf(file, family)).find((w) => w !== undefined && w !== "hand");
  const weights = ownWeights ?? (existsSync(weightsFolderOf(file)) ? "hand" : undefined);
  return { bytes: new Uint8Array(readFileSync(file)), ...(weights !== undefined ? { weights } : {}) };
}

/** The folder of a frozen core's weight files: <name>.weights beside <name>.wasm. */
const weightsFolderOf = (wasmFile: string): string => `${wasmFile.replace(/\.wasm$/, "")}.weights`;

/**
 * What a core file plays in `family`: a core built by scripts/baseline.mjs has a folder
 * <name>.weights beside it with the files its commit shipped, and plays the file of `family`
 * there, or "hand" where its commit shipped none (it played the hand-written evaluation then,
 * and must still: the package's file of today would unfreeze it, or not fit it). Undefined for a
 * core without such a folder: it plays the package's files, as any build does.
 */
export function frozenWeightsOf(wasmFile: string, family: number): string | "hand" | undefined {
  const folder = weightsFolderOf(wasmFile);
  if (!existsSync(folder)) return undefined;
  const own = `${folder}/${FAMILY_NAMES[family]}.bdw`;
  return existsSync(own) ? own : "hand";
}

/**
 * A digest of what an engine spec runs in `variant`: its core's bytes, its weights (a file's
 * bytes, the package's files of the variant's families, or "hand"), its book's bytes and the
 * feature bits its names come to in the variant. Two runs of a match with a record file must
 * agree on it (record.ts): a rebuilt core, a new weight file or another reading of the same
 * feature names (a family's defaults changed) is another engine, whatever its spec says.
 */
export function engineDigest(spec: EngineSpec, variant: VariantName): string {
  const core = spec.wasm !== undefined ? coreOfSpec(spec, variant) : undefined;
  const coreBytes = core?.bytes ?? new Uint8Array(readFileSync(new URL("../../bindings/bitdraughts.wasm", import.meta.url)));
  const chosen = spec.weights ?? core?.weights;
  const weights: Array<Uint8Array | string> = chosen === "hand" ? ["hand"]
    : chosen !== undefined && chosen !== "learned" ? [new Uint8Array(readFileSync(chosen))]
    : weightFamiliesOf(variant).map((family) => shippedBytes(family) ?? "hand");
  return digestOf([coreBytes, ...weights, spec.book !== undefined ? new Uint8Array(readFileSync(spec.book)) : "no book", `features ${featureToggles(spec, variant)}`]);
}

/** The SEARCH_FEATURES mask of the features a spec switches off. */
export function featureMask(names: readonly string[]): number {
  return names.reduce((mask, name) => mask | (SEARCH_FEATURES as Record<string, number>)[name]!, 0);
}

/**
 * The SEARCH_FEATURES bits of a spec's `disable=` and `enable=` names in `variant`: a bit toggles
 * its feature from the variant's default (defaultFeatures), so a feature asked for in the state
 * it is in by default costs no bit.
 */
export function featureToggles(spec: Pick<EngineSpec, "disable" | "enable">, variant: VariantName): number {
  const defaults = defaultFeatures(variant);
  const optIn = featureMask(Object.values(OPT_IN_FEATURES));
  const off = featureMask(spec.disable);
  const on = featureMask(spec.enable);
  return (off & ~optIn) | (off & optIn & defaults) | (on & ~defaults);
}

export class EnginePlayer implements Player {
  readonly name: string;
  readonly #searcher: Searcher;
  readonly #limits: SearchLimits;
  /** The game's number in the match: with a book, each game's seed is the spec's seed plus this. */
  #game = 0;
  /** How a book is played (undefined: no book). */
  readonly #bookMode: MatchBookMode | undefined;

  constructor(spec: EngineSpec, readonly variant: VariantName, name: string, database?: EndgameDatabase) {
    this.name = name;
    const core = spec.wasm !== undefined ? coreOfSpec(spec, variant) : undefined;
    const chosen = spec.weights ?? core?.weights;
    const weights = chosen === undefined || chosen === "learned" || chosen === "hand" ? chosen : readFileSync(chosen);
    this.#searcher = new Searcher({
      engine: createEngineSync(core?.bytes),
      // Warm up the variant played alone: an older core (wasm=baseline) refuses to search the
      // variants searched since, though it plays their moves.
      variants: [variant],
      ...(spec.hash !== undefined ? { hash: spec.hash } : {}),
      ...(database !== undefined ? { endgameDatabase: database } : {}),
      ...(weights !== undefined ? { weights: weights instanceof Buffer ? new Uint8Array(weights) : weights } : {}),
      ...(spec.book !== undefined ? { book: Book.read(readFileSync(spec.book), spec.book) } : {}),
    });
    this.#bookMode = spec.book === undefined ? undefined : spec.bookMode ?? "varied";
    const disable = featureToggles(spec, variant);
    this.#limits = {
      ...(spec.depth !== undefined ? { depth: spec.depth } : {}),
      ...(spec.nodes !== undefined ? { nodes: spec.nodes } : {}),
      ...(spec.movetime !== undefined ? { movetime: spec.movetime } : {}),
      ...(spec.level !== undefined ? { level: spec.level as Level } : {}),
      ...(spec.seed !== undefined ? { seed: spec.seed } : {}),
      ...(disable !== 0 ? { disable } : {}),
    };
  }

  newGame(game: number): void {
    this.#searcher.newGame();
    this.#game = game;
  }

  async move(game: Game): Promise<PlayerMove> {
    // A varied book draws its moves by the game's seed, so the games of a match differ. The mode
    // is always passed: the searcher's own default depends on the level.
    const mode = this.#bookMode;
    const limits: SearchLimits = mode === undefined ? this.#limits
      : { ...this.#limits, book: mode, ...(mode === "varied" ? { seed: ((this.#limits.seed ?? 1) + this.#game) >>> 0 } : {}) };
    const result = this.#searcher.search(game, limits);
    // A book move has no depth: it would pull the mean depth down. A core older than the mean
    // depth's count reports 0 for it, which no search of a depth reaches: left out.
    const meanDepth = result.lines[0]?.meanDepth ?? 0;
    const stats = { ms: result.ms, score: result.score, ...(result.book ? { book: true } : { depth: result.depth, nodes: result.nodes, ...(meanDepth > 0 ? { meanDepth } : {}) }) };
    return { move: result.move, stats };
  }

  dispose(): void {}
}
