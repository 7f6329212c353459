// Players from their specifications: each gets its own engine instance, so two engines in one
// match never share a transposition table.

import type { VariantName } from "../../bindings/core/variant.js";
import { Player, RandomPlayer } from "./player.js";
import { MatchArgumentError, PlayerSpec, displayName } from "./spec.js";

export async function createPlayer(spec: PlayerSpec, variant: VariantName, argument = "player"): Promise<Player> {
  const name = displayName(spec);
  switch (spec.kind) {
    case "random":
      return new RandomPlayer(spec.seed, name);
    case "rapid": {
      if (variant !== "english") throw new MatchArgumentError(`rapid-draughts plays english only, not ${variant}`, argument, spec.text);
      const { RapidPlayer } = await import("./rapid-player.js");
      return new RapidPlayer(spec.depth, name);
    }
    case "engine": {
      const { EnginePlayer } = await import("./engine-player.js");
      if (spec.egdb === undefined) return new EnginePlayer(spec, variant, name);
      const { loadEndgameDatabase } = await import("../../bindings/egdb/database.js");
      const database = await loadEndgameDatabase(variant, spec.egdb);
      if (database.slices.length === 0) throw new MatchArgumentError(`no ${variant} database file there`, "egdb", spec.egdb);
      return new EnginePlayer(spec, variant, name, database);
    }
    case "cli": {
      const { CliPlayer } = await import("./cli-player.js");
      return new CliPlayer(spec, variant, name);
    }
    case "hub": {
      const { HubPlayer } = await import("./hub-player.js");
      return HubPlayer.start(spec, variant, name);
    }
  }
}
