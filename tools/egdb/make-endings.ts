// Ending positions for a match with and without an endgame database: self-play games of our
// engine from each opening of the variant's set, cut at the first position with `--from` to
// `--to` pieces where no capture is pending for either side. Written as an opening set (FENs)
// that `npm run match -- --openings FILE` plays, each position twice with colours reversed.
//
//   node dist/tools/egdb/make-endings.js --variant english [--count 100] [--from 6] [--to 8]
//                                        [--nodes 20000] [--openings SET] [--out tools/openings/english-endings.json]
//
// SET is the variant's default opening set unless named: international's 81 two-ply openings give
// at most 81 endings, so its hundred come from international-3move.
//
// Deterministic: the engine searches a fixed number of nodes a move and the openings are taken
// in the set's order, so the same arguments write the same file.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Position, Searcher } from "../../bindings/index.js";
import { isVariantName } from "../../bindings/core/variant.js";
import { Game } from "../../bindings/game/game.js";
import { captureRequired } from "../../bindings/ui/board.js";
import { defaultOpeningSet, loadOpenings } from "../match/openings.js";

const { values } = parseArgs({
  options: {
    variant: { type: "string" }, count: { type: "string" }, from: { type: "string" }, to: { type: "string" },
    nodes: { type: "string" }, openings: { type: "string" }, out: { type: "string" },
  },
});
const variant = values.variant ?? "english";
if (!isVariantName(variant)) throw new Error(`unknown variant ${variant}`);
const count = Number(values.count ?? 100);
const from = Number(values.from ?? 6);
const to = Number(values.to ?? 8);
const nodes = Number(values.nodes ?? 20000);
const out = values.out ?? `tools/openings/${variant}-endings.json`;

/** Whether the side to move, or the other, has a capture: the position is not quiet. */
function capturePending(position: Position): boolean {
  const otherToMove = Position.fromFen(variant as never, `${position.turn === "white" ? "B" : "W"}${position.toFen().slice(1)}`);
  return captureRequired(position) || captureRequired(otherToMove);
}

const openings = values.openings ?? defaultOpeningSet(variant);
const set = loadOpenings(openings, variant);
const searcher = new Searcher({ variants: [variant] });
const endings: Array<{ id: string; fen: string; opening: string; ply: number }> = [];
const seen = new Set<string>();
for (const opening of set.openings) {
  if (endings.length >= count) break;
  const game = opening.fen === undefined ? new Game(variant) : Game.fromPosition(Position.fromFen(variant, opening.fen));
  for (const move of opening.moves) game.play(move);
  searcher.newGame();
  while (!game.isOver && game.ply < 300) {
    const position = game.position;
    const pieces = [...position.pieces()].length;
    if (pieces < from) break;
    if (pieces <= to && !capturePending(position) && !seen.has(position.toFen())) {
      seen.add(position.toFen());
      endings.push({ id: `${endings.length + 1}`, fen: position.toFen(), opening: opening.label, ply: game.ply });
      break;
    }
    game.play(searcher.search(game, { nodes }).move);
  }
  process.stderr.write(`\r${endings.length}/${count} endings from ${set.openings.indexOf(opening) + 1} openings`);
}
process.stderr.write("\n");
writeFileSync(out, `${JSON.stringify({
  variant,
  name: `${endings.length} ending positions of ${from} to ${to} pieces (no capture pending), from self-play`,
  notation: "FEN; each position is played twice, colours reversed",
  made: {
    command: `node dist/tools/egdb/make-endings.js --variant ${variant} --count ${count} --from ${from} --to ${to} --nodes ${nodes}${values.openings === undefined ? "" : ` --openings ${openings}`}`,
    date: new Date().toISOString().slice(0, 10),
    commit: commitOf(),
    rule: `self-play of bitdraughts at ${nodes} nodes a move from each opening of ${set.name} in order, cut at the first position of ${from} to ${to} pieces with no capture pending for either side`,
  },
  openings: endings,
}, null, 1)}\n`);
console.log(`wrote ${endings.length} endings to ${out}`);

/** The commit the engine that played the games was built from ("unknown" outside a git checkout). */
function commitOf(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
