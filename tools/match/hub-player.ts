// Any Hub engine as a match player (bindings/protocols/hub-client.ts): its own child process,
// asked for each move with the whole game and the spec's limit, its answer checked against
// our legal moves. Openings, adjudication, statistics and PDN stay the match loop's.

import type { VariantName } from "../../bindings/core/variant.js";
import type { Game } from "../../bindings/game/game.js";
import { HubClient, HubLimits, splitCommand } from "../../bindings/protocols/hub-client.js";
import type { Player, PlayerMove } from "./player.js";
import type { HubSpec } from "./spec.js";

export class HubPlayer implements Player {
  readonly name: string;
  readonly #client: HubClient;
  readonly #limits: HubLimits;

  private constructor(client: HubClient, limits: HubLimits, name: string) {
    this.#client = client;
    this.#limits = limits;
    this.name = name;
  }

  static async start(spec: HubSpec, variant: VariantName, name: string): Promise<HubPlayer> {
    const client = await HubClient.start({ command: splitCommand(spec.cmd), variant });
    const limits: HubLimits = {
      ...(spec.depth !== undefined ? { depth: spec.depth } : {}),
      ...(spec.nodes !== undefined ? { nodes: spec.nodes } : {}),
      ...(spec.movetime !== undefined ? { movetime: spec.movetime } : {}),
    };
    return new HubPlayer(client, limits, name);
  }

  newGame(): void {
    this.#client.newGame();
  }

  async move(game: Game): Promise<PlayerMove> {
    const answer = await this.#client.play(game, this.#limits);
    return {
      move: answer.move,
      stats: { ms: answer.ms, ...(answer.depth !== undefined ? { depth: answer.depth } : {}), ...(answer.meanDepth !== undefined ? { meanDepth: answer.meanDepth } : {}), ...(answer.nodes !== undefined ? { nodes: answer.nodes } : {}), ...(answer.score !== undefined ? { score: answer.score } : {}) },
    };
  }

  dispose(): Promise<void> {
    return this.#client.quit();
  }
}
