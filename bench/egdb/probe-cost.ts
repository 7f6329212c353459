// What an attached endgame database costs the search where it is never hit: middle-game
// positions searched to a fixed depth by two searchers, one with the database and one without,
// side by side in one run. The trees must be the same (equal node counts); the speed ratio is
// the median of the per-round ratios.
//
//   node dist/bench/egdb/probe-cost.js --egdb DIR [--variant english] [--positions 30] [--depth 11] [--rounds 5]

import { parseArgs } from "node:util";
import { Position, Searcher, loadEndgameDatabase } from "../../bindings/index.js";
import { isVariantName } from "../../bindings/core/variant.js";
import { randomSource } from "../match/player.js";

const { values } = parseArgs({
  options: { egdb: { type: "string" }, variant: { type: "string" }, positions: { type: "string" }, depth: { type: "string" }, rounds: { type: "string" } },
});
const variant = values.variant ?? "english";
if (!isVariantName(variant)) throw new Error(`unknown variant ${variant}`);
if (values.egdb === undefined) throw new Error("--egdb DIR is required");
const count = Number(values.positions ?? 30);
const depth = Number(values.depth ?? 11);
const rounds = Number(values.rounds ?? 5);

/** Seeded random playouts of 8 to 23 plies from the start: positions with every piece count far above a database's. */
function middleGame(): Position[] {
  const random = randomSource(20261201);
  const out: Position[] = [];
  while (out.length < count) {
    let position = Position.initial(variant as never);
    const plies = 8 + Math.floor(random() * 16);
    for (let i = 0; i < plies && position.legalMoves().length > 0; i++) {
      const moves = position.legalMoves();
      position = position.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (position.legalMoves().length > 0) out.push(position);
  }
  return out;
}

const database = await loadEndgameDatabase(variant, values.egdb);
const withDb = new Searcher({ variants: [variant], endgameDatabase: database });
const without = new Searcher({ variants: [variant] });
const positions = middleGame();

/** Milliseconds and nodes of one pass over the positions. */
function pass(searcher: Searcher): { ms: number; nodes: number[] } {
  const nodes: number[] = [];
  const start = performance.now();
  for (const position of positions) {
    searcher.newGame();
    nodes.push(searcher.search(position, { depth }).nodes);
  }
  return { ms: performance.now() - start, nodes };
}

const ratios: number[] = [];
for (let round = 0; round < rounds; round++) {
  // Alternate who goes first: a machine that slows down mid-round favours neither.
  let a: ReturnType<typeof pass>;
  let b: ReturnType<typeof pass>;
  if (round % 2 === 0) {
    a = pass(withDb);
    b = pass(without);
  } else {
    b = pass(without);
    a = pass(withDb);
  }
  if (a.nodes.some((n, i) => n !== b.nodes[i])) throw new Error("the trees differ: the database changed a middle-game search");
  ratios.push(b.ms / a.ms);
  console.log(`round ${round + 1}: with ${a.ms.toFixed(0)} ms, without ${b.ms.toFixed(0)} ms, speed with/without ${(b.ms / a.ms).toFixed(3)}`);
}
ratios.sort((x, y) => x - y);
console.log(`${variant}, ${positions.length} positions at depth ${depth}, database of ${database.pieces} pieces: speed with/without median ${ratios[rounds >> 1]!.toFixed(3)} (range ${ratios[0]!.toFixed(3)} .. ${ratios[rounds - 1]!.toFixed(3)}), trees identical`);
