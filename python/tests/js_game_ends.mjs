// The JavaScript side of the game-end cross-check (test_env.py): reads games as JSON on stdin,
// [{ variant, moves: [notation, …] }], plays each through the library's Game with the draw by
// repetition automatic (the rules the environments play), and prints how each ended.

import { readFileSync } from "node:fs";
import { Game } from "../../dist/bindings/index.js";

const games = JSON.parse(readFileSync(0, "utf8"));
const out = games.map(({ variant, moves }) => {
  const game = new Game(variant, { repetition: "automatic" });
  for (const move of moves) game.play(move);
  const { status, winner = null, reason = null } = game.result;
  return { status, winner, reason };
});
process.stdout.write(JSON.stringify(out));
