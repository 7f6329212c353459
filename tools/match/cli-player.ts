// Our engine as bots that call the command line use it: a new `bitdraughts search` process for
// every move, given the game's start and moves (so repetitions count), its answer read from the
// last JSON line. Nothing survives between moves: no table, no compiled code. This is the player
// that shows what a cold start costs.

import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { VariantName } from "../../bindings/core/variant.js";
import type { Game } from "../../bindings/game/game.js";
import type { Player, PlayerMove } from "./player.js";
import type { CliSpec } from "./spec.js";

/** dist/bindings/cli/main.js, beside this file's compiled copy (dist/tools/match). */
const CLI = fileURLToPath(new URL("../../bindings/cli/main.js", import.meta.url));

export class CliPlayer implements Player {
  readonly name: string;
  readonly #spec: CliSpec;
  readonly #variant: VariantName;

  constructor(spec: CliSpec, variant: VariantName, name: string) {
    this.#spec = spec;
    this.#variant = variant;
    this.name = name;
  }

  newGame(): void {
    // Every move is a new process already.
  }

  async move(game: Game): Promise<PlayerMove> {
    const args = [CLI, "search", "--variant", this.#variant, "--fen", game.start.toFen(), "--json"];
    const moves = game.moves.map((m) => m.notation);
    if (moves.length > 0) args.push("--moves", moves.join(" "));
    if (game.position.optionalCapture) args.push("--optional-capture");
    for (const key of ["depth", "nodes", "movetime"] as const) {
      const value = this.#spec[key];
      if (value !== undefined) args.push(`--${key}`, String(value));
    }
    const started = performance.now();
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, args, { maxBuffer: 1 << 24 }, (error, out, err) => (error ? reject(new Error(`bitdraughts search failed: ${err || error.message}`)) : resolve(out)));
    });
    const wall = performance.now() - started;
    const lines = stdout.trim().split("\n");
    const answer = JSON.parse(lines[lines.length - 1]!) as { bestmove: string; depth: number; nodes: string; score: number };
    const move = game.legalMoves().find((m) => m.notation === answer.bestmove);
    if (move === undefined) throw new Error(`bitdraughts search answered ${answer.bestmove}, not a legal move in ${game.position.toFen()}`);
    return { move, stats: { ms: wall, depth: answer.depth, nodes: Number(answer.nodes), score: answer.score } };
  }

  dispose(): void {}
}
