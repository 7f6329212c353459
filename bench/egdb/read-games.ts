// The games of a match with and without an endgame database read against the database: for
// each game, the first position the database holds with the database's side to move, its value
// for that side, and what the game made of it (won, drawn, lost). A database win drawn is a win
// the database side failed to convert; a database loss drawn or won is a mistake of the side
// without it. Games that never reach the database are counted as "none".
//
//   node dist/bench/egdb/read-games.js --variant international --pdn games.pdn --egdb DIR --name egdb5

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
const table = new Map<string, number>();
const count = (key: string): void => void table.set(key, (table.get(key) ?? 0) + 1);
const examples: string[] = [];

for (const entry of readPdn(readFileSync(values.pdn, "utf8"), { variant })) {
  if (entry.game === undefined) throw new Error(`game ${entry.number}: ${entry.error?.message ?? "unreadable"}`);
  const side = entry.tags.White === values.name ? "white" : entry.tags.Black === values.name ? "black" : undefined;
  if (side === undefined) throw new Error(`game ${entry.number}: neither side is ${values.name}`);
  const outcome = outcomeOfResult(entry.result ?? "*");
  const result = outcome?.status === "win" ? (outcome.winner === side ? "won" : "lost") : "drawn";
  const positions = entry.game.positions;
  const first = positions.findIndex((p) => p.turn === side && database.probe(p) !== undefined);
  if (first < 0) {
    count(`none ${result}`);
    continue;
  }
  const value = database.probe(positions[first]!) as Value;
  count(`${value} ${result}`);
  const expected = value === "win" ? "won" : value === "draw" ? "drawn" : "lost";
  if (result !== expected && examples.length < 12) examples.push(`game ${entry.number} (${entry.tags.OpeningId ?? "?"}): ${value} at ply ${first} of ${positions.length - 1}, ${result} (${entry.tags.Termination ?? ""}) ${positions[first]!.toFen()}`);
}

console.log(`database value for ${values.name} at its first move inside the database, against the game's result for ${values.name}:`);
console.log(["", ...RESULTS].map((s) => s.padStart(7)).join(""));
for (const value of ["win", "draw", "loss", "none"]) console.log([value, ...RESULTS.map((r) => String(table.get(`${value} ${r}`) ?? 0))].map((s) => s.padStart(7)).join(""));
for (const line of examples) console.log(line);
