// The games of a match with and without an endgame database read against the database: for
// each game and each side, the first position the database holds with that side to move, its
// value for that side, and what the game made of it (won, drawn, lost). For the database's side
// a win drawn is a win it failed to convert, a loss drawn or won a mistake of the other side;
// the two sides' values at entry show what the database's side gained before it (the search
// steering for database wins over more pieces). Games that never reach the database: "none".
//
//   node dist/tools/egdb/read-games.js --variant international --pdn games.pdn --egdb DIR --name egdb5

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadEndgameDatabase } from "../../bindings/index.js";
import { isVariantName } from "../../bindings/core/variant.js";
import { outcomeOfResult, readPdn } from "../../bindings/pdn/read.js";

const { values } = parseArgs({ options: { variant: { type: "string" }, pdn: { type: "string" }, egdb: { type: "string" }, name: { type: "string" } } });
const variant = values.variant ?? "english";
if (!isVariantName(variant)) throw new Error(`unknown variant ${variant}`);
if (values.pdn === undefined || values.egdb === undefined || values.name === undefined) throw new Error("--pdn FILE, --egdb DIR and --name (the database side's player name) are required");
const database = await loadEndgameDatabase(variant, values.egdb);

type Value = "win" | "draw" | "loss";
const RESULTS = ["won", "drawn", "lost"] as const;
/** Per side (the database's, the other), how often each value at its first move inside the database met each result. */
const tables = [new Map<string, number>(), new Map<string, number>()];
const count = (table: Map<string, number>, key: string): void => void table.set(key, (table.get(key) ?? 0) + 1);
const examples: string[] = [];
let other = "the other side";

for (const entry of readPdn(readFileSync(values.pdn, "utf8"), { variant })) {
  if (entry.game === undefined) throw new Error(`game ${entry.number}: ${entry.error?.message ?? "unreadable"}`);
  const ours = entry.tags.White === values.name ? "white" : entry.tags.Black === values.name ? "black" : undefined;
  if (ours === undefined) throw new Error(`game ${entry.number}: neither side is ${values.name}`);
  other = (ours === "white" ? entry.tags.Black : entry.tags.White) ?? other;
  const outcome = outcomeOfResult(entry.result ?? "*");
  const positions = entry.game.positions;
  for (const [i, side] of [ours, ours === "white" ? "black" : "white"].entries()) {
    const result = outcome?.status === "win" ? (outcome.winner === side ? "won" : "lost") : "drawn";
    const first = positions.findIndex((p) => p.turn === side && database.probe(p) !== undefined);
    if (first < 0) {
      count(tables[i]!, `none ${result}`);
      continue;
    }
    const value = database.probe(positions[first]!) as Value;
    count(tables[i]!, `${value} ${result}`);
    const expected = value === "win" ? "won" : value === "draw" ? "drawn" : "lost";
    if (i === 0 && result !== expected && examples.length < 12) examples.push(`game ${entry.number} (${entry.tags.OpeningId ?? "?"}): ${value} at ply ${first} of ${positions.length - 1}, ${result} (${entry.tags.Termination ?? ""}) ${positions[first]!.toFen()}`);
  }
}

for (const [i, name] of [values.name, other].entries()) {
  console.log(`${name}: the database's value at its first move inside the database (rows), against the game's result for ${name}:`);
  console.log(["", ...RESULTS].map((s) => s.padStart(7)).join(""));
  for (const value of ["win", "draw", "loss", "none"]) console.log([value, ...RESULTS.map((r) => String(tables[i]!.get(`${value} ${r}`) ?? 0))].map((s) => s.padStart(7)).join(""));
}
console.log(`${values.name}'s games whose result is not its first value:`);
for (const line of examples) console.log(line);
