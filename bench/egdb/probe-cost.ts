// What an attached endgame database costs the search in the middle game: positions with at
// least 20 pieces searched to a fixed depth by two searchers, one with the database and one
// without, side by side in one run. The speed ratio (nodes a second with / without) is the
// median of the per-round ratios; positions whose trees differ (a line of captures reached the
// database) are counted.
//
//   node dist/bench/egdb/probe-cost.js --egdb DIR [--variant english] [--positions 30] [--depth 11] [--rounds 5]

import { parseArgs } from "node:util";
import { Position, Searcher, loadEndgameDatabase } from "../../bindings/index.js";
import { isVariantName } from "../../bindings/core/variant.js";
import { randomSource } from "../../tools/match/player.js";

const { values } = parseArgs({
  options: { egdb: { type: "string" }, variant: { type: "string" }, positions: { type: "string" }, depth: { type: "string" }, rounds: { type: "string" } },
});
const variant = values.variant ?? "english";
if (!isVariantName(variant)) throw new Error(`unknown variant ${variant}`);
if (values.egdb === undefined) throw new Error("--egdb DIR is required");
const count = Number(values.positions ?? 30);
const depth = Number(values.depth ?? 11);
const rounds = Number(values.rounds ?? 5);

/** Seeded random playouts of 6 to 15 plies from the start that keep at least 20 pieces. */
function middleGame(): Position[] {
  const random = randomSource(20261201);
  const out: Position[] = [];
  while (out.length < count) {
    let position = Position.initial(variant as never);
    const plies = 6 + Math.floor(random() * 10);
    for (let i = 0; i < plies && position.legalMoves().length > 0; i++) {
      const moves = position.legalMoves();
      position = position.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (position.legalMoves().length > 0 && [...position.pieces()].length >= 20) out.push(position);
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
  const differ = a.nodes.filter((n, i) => n !== b.nodes[i]).length;
  const speed = (sum(a.nodes) / a.ms) / (sum(b.nodes) / b.ms);
  ratios.push(speed);
  console.log(`round ${round + 1}: with ${a.ms.toFixed(0)} ms, without ${b.ms.toFixed(0)} ms, nodes a second with/without ${speed.toFixed(3)}, trees that differ ${differ}`);
}
ratios.sort((x, y) => x - y);
console.log(`${variant}, ${positions.length} positions at depth ${depth}, database of ${database.pieces} pieces: nodes a second with/without median ${ratios[rounds >> 1]!.toFixed(3)} (range ${ratios[0]!.toFixed(3)} .. ${ratios[rounds - 1]!.toFixed(3)})`);

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
