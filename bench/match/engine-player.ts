// Our engine as a match player: a Searcher of its own on an Engine instance of its own, so each
// player has its own transposition table, cleared at the start of every game.

import { readFileSync } from "node:fs";
import { SEARCH_FEATURES, createEngineSync } from "../../bindings/core/engine.js";
import type { VariantName } from "../../bindings/core/variant.js";
import type { Game } from "../../bindings/game/game.js";
import { Searcher } from "../../bindings/search/searcher.js";
import type { Level, SearchLimits } from "../../bindings/search/types.js";
import type { Player, PlayerMove } from "./player.js";
import type { EngineSpec } from "./spec.js";

/** The SEARCH_FEATURES mask of the features a spec switches off. */
export function featureMask(names: readonly string[]): number {
  return names.reduce((mask, name) => mask | (SEARCH_FEATURES as Record<string, number>)[name]!, 0);
}

export class EnginePlayer implements Player {
  readonly name: string;
  readonly #searcher: Searcher;
  readonly #limits: SearchLimits;

  constructor(spec: EngineSpec, readonly variant: VariantName, name: string) {
    this.name = name;
    const weights = spec.weights === undefined || spec.weights === "learned" || spec.weights === "hand" ? spec.weights : readFileSync(spec.weights);
    this.#searcher = new Searcher({
      engine: createEngineSync(),
      ...(spec.hash !== undefined ? { hash: spec.hash } : {}),
      ...(weights !== undefined ? { weights: weights instanceof Buffer ? new Uint8Array(weights) : weights } : {}),
    });
    // SEARCH_FEATURES bits switch features off, except opt-in ones (killers) which they switch on.
    const disable = featureMask(spec.disable) | featureMask(spec.enable);
    this.#limits = {
      ...(spec.depth !== undefined ? { depth: spec.depth } : {}),
      ...(spec.nodes !== undefined ? { nodes: spec.nodes } : {}),
      ...(spec.movetime !== undefined ? { movetime: spec.movetime } : {}),
      ...(spec.level !== undefined ? { level: spec.level as Level } : {}),
      ...(spec.seed !== undefined ? { seed: spec.seed } : {}),
      ...(disable !== 0 ? { disable } : {}),
    };
  }

  newGame(): void {
    this.#searcher.newGame();
  }

  async move(game: Game): Promise<PlayerMove> {
    const result = this.#searcher.search(game, this.#limits);
    return { move: result.move, stats: { depth: result.depth, nodes: result.nodes, ms: result.ms, score: result.score } };
  }

  dispose(): void {}
}
