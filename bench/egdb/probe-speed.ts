// What probing costs where probes happen: the 100 english endings of 6 to 8 pieces
// (tools/openings/english-endings.json) searched to a fixed depth with a database attached, so
// that most leaves are probed and blocks are decoded on every cache miss. Nodes a second and
// time, the median of a few rounds; the same script on two builds compares two file formats.
//
//   node dist/bench/egdb/probe-speed.js --egdb DIR [--depth 9] [--rounds 3]

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Position, Searcher, loadEndgameDatabase } from "../../bindings/index.js";

const { values } = parseArgs({ options: { egdb: { type: "string" }, depth: { type: "string" }, rounds: { type: "string" } } });
if (values.egdb === undefined) throw new Error("--egdb DIR is required");
const depth = Number(values.depth ?? 9);
const rounds = Number(values.rounds ?? 3);
const endings = JSON.parse(readFileSync(new URL("../../../tools/openings/english-endings.json", import.meta.url), "utf8")) as { openings: Array<{ fen: string }> };
const positions = endings.openings.map(({ fen }) => Position.fromFen("english", fen));
const database = await loadEndgameDatabase("english", values.egdb);
const searcher = new Searcher({ variants: ["english"], endgameDatabase: database });

const speeds: Array<{ nodes: number; ms: number }> = [];
for (let round = 0; round < rounds; round++) {
  let nodes = 0;
  const start = performance.now();
  for (const position of positions) {
    searcher.newGame();
    nodes += searcher.search(position, { depth }).nodes;
  }
  const ms = performance.now() - start;
  speeds.push({ nodes, ms });
  console.log(`round ${round + 1}: ${nodes} nodes in ${ms.toFixed(0)} ms, ${((nodes / ms) * 1000).toFixed(0)} nodes a second`);
}
speeds.sort((x, y) => x.nodes / x.ms - y.nodes / y.ms);
const median = speeds[rounds >> 1]!;
console.log(`english endings, depth ${depth}, database of ${database.pieces} pieces from ${values.egdb}: median ${((median.nodes / median.ms) * 1000).toFixed(0)} nodes a second, ${median.ms.toFixed(0)} ms a round`);
