// Writes suites/perft-positions.json, the perft suite (bindings/perft/suite.ts): positions of every
// board family, drawn from seeded random games (so the same file comes out on every machine),
// beside the published rule-test positions, each with counts depth by depth up to a budget.
//
//   node scripts/perft-positions.mjs [--out FILE]      (after `node scripts/build.mjs`)
//
// Where no count is published, each depth is counted twice through perft's table, under key
// seeds 0 and SECOND_SEED, and once in the table's check mode (no false hit may turn up), and
// every depth the independent rules oracle (tests/oracle) counts within ORACLE_NODES is counted
// by it too; any disagreement stops the script. Frisian and canadian never go through the table
// (their keys hold no streaks, their sets two words): there the plain count and the oracle's.

import { readFileSync, writeFileSync } from "node:fs";
import { Position, createEngineSync, variantInfo } from "../dist/bindings/index.js";
import { compileCore } from "../dist/bindings/core/loader.js";
import { toCore } from "../dist/bindings/core/position.js";
import { boardFamilyOf } from "../dist/bindings/perft/suite.js";
import { oraclePerft } from "../dist/tests/oracle/index.js";

const SECOND_SEED = 0x5eedn;
/** Counts up to this many leaves are stated (plain perft for frisian and canadian: a tenth). */
const MAX_NODES = 200_000_000n;
/** The oracle counts depths up to this many leaves. */
const ORACLE_NODES = 300_000n;
const TABLE_BYTES = 64 * 2 ** 20;

const out = process.argv.includes("--out") ? process.argv[process.argv.indexOf("--out") + 1] : "suites/perft-positions.json";

// Positions per variant and kind: at least 20 per family, every kind in each.
const KINDS = ["middle-game", "endgame", "king-heavy", "capture-heavy"];
const PLAN = [
  ["english", 4], ["italian", 3], ["russian", 3], ["brazilian", 3], ["pool", 3], ["spanish", 3], ["czech", 3], ["thai", 3],
  ["international", 12], ["killer", 8],
  ["turkish", 20],
  ["frisian", 16], ["frysk", 4],
  ["canadian", 20],
];
/** Rule-test positions with published depth-1 counts (tests/data/rule-cases.json, the shared collection's copy). */
const PUBLISHED = { international: 4, italian: 3, russian: 2, frisian: 1 };

/** xorshift64*: a seeded stream, the same on every machine. */
function random(seed) {
  let s = BigInt(seed) | 1n;
  return (n) => {
    s ^= s >> 12n; s ^= (s << 25n) & 0xffffffffffffffffn; s ^= s >> 27n;
    return Number(((s * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 33n) % n;
  };
}

function describe(position) {
  const pieces = position.pieces();
  const kings = pieces.filter((p) => p.piece.role === "king");
  const moves = position.legalMoves();
  return {
    pieces: pieces.length,
    kings: kings.length,
    bothKings: kings.some((p) => p.piece.color === "white") && kings.some((p) => p.piece.color === "black"),
    moves: moves.length,
    captures: moves.length > 0 && moves.every((m) => m.isCapture),
    multi: moves.some((m) => m.captured.length >= 2),
  };
}

function fits(kind, d, ply, variant) {
  const men = variantInfo(variant).men * 2;
  if (d.moves < 2) return false;
  switch (kind) {
    case "middle-game": return ply >= 10 && d.kings === 0 && d.pieces >= men * 0.6 && !d.captures;
    case "endgame": return d.pieces <= Math.max(6, Math.round(men * 0.3)) && d.pieces >= 4;
    case "king-heavy": return d.kings >= 3 || (d.kings >= 2 && d.bothKings);
    case "capture-heavy": return d.captures && (d.multi || d.moves >= 3) && d.pieces >= men * 0.4;
  }
}

/** A position of `kind` from seeded random games of `variant`. */
function draw(variant, kind, seed) {
  const next = random(seed);
  for (let game = 0; game < 400; game++) {
    let position = Position.initial(variant);
    const found = [];
    for (let ply = 0; ply < 300; ply++) {
      const moves = position.legalMoves();
      if (moves.length === 0) break;
      const d = describe(position);
      if (fits(kind, d, ply, variant)) found.push(position);
      // Captures are preferred half the time in the opening's wake, so that games thin out and crown.
      const captures = moves.filter((m) => m.isCapture);
      position = position.play((captures.length > 0 && next(2) === 0 ? captures : moves)[next(captures.length > 0 ? captures.length : moves.length)] ?? moves[next(moves.length)]);
    }
    if (found.length > 0) return found[next(found.length)];
  }
  throw new Error(`no ${kind} position of ${variant} in 400 games`);
}

const core = await compileCore();
function tableEngine(seed, check) {
  const engine = createEngineSync(core);
  engine.setPerftHash(TABLE_BYTES);
  engine.setPerftKeys(seed);
  engine.setPerftCheck(check);
  return engine;
}
const runs = [tableEngine(0n, false), tableEngine(SECOND_SEED, false), tableEngine(0n, true)];

/** perft(1 …) of a position while the counts stay within the budget, each confirmed as the head says. */
function countsOf(variant, fen, duplicates) {
  const position = Position.fromFen(variant, fen);
  const keep = duplicates === "keep";
  const tabled = boardFamilyOf(variant) !== "frisian" && boardFamilyOf(variant) !== "canadian";
  const budget = tabled ? MAX_NODES : MAX_NODES / 10n;
  const counts = [];
  let oracleDepth = 0;
  for (let depth = 1; depth <= 30; depth++) {
    // The next count, guessed from the last two: stop before one past the budget.
    const n = counts.length;
    if (n >= 2 && counts[n - 2] > 0n && (counts[n - 1] * counts[n - 1]) / counts[n - 2] > budget) break;
    let nodes;
    if (tabled) {
      const { variantId, board } = toCore(position);
      const [a, b, c] = runs.map((engine) => {
        engine.clearPerftHash();
        return engine.perftWithTable(variantId, board, depth, keep);
      });
      if (a !== b || a !== c || runs[2].perftFalseHits() !== 0n) throw new Error(`${variant} ${fen} perft ${depth}: seeds ${a} ${b}, check mode ${c} (${runs[2].perftFalseHits()} false hits)`);
      nodes = a;
    } else nodes = position.perft(depth, { duplicates });
    if (nodes > budget && counts.length > 0) break;
    if (nodes <= ORACLE_NODES) {
      const oracle = oraclePerft(variant, fen, depth, { duplicates });
      if (oracle !== nodes) throw new Error(`${variant} ${fen} perft ${depth}: ${nodes}, the oracle ${oracle}`);
      oracleDepth = depth;
    }
    counts.push(nodes);
    if (nodes === 0n) break;
  }
  return { counts, oracleDepth, tabled };
}

function sourceOf({ counts, oracleDepth, tabled }, published) {
  const how = tabled
    ? `computed here (bitdraughts, scripts/perft-positions.mjs): each depth twice through perft's table under key seeds 0 and ${SECOND_SEED} and once in its check mode (no false hit)`
    : "computed here (bitdraughts, scripts/perft-positions.mjs): plain perft (this family's counts never go through the table)";
  const oracle = oracleDepth > 0 ? `; the rules oracle (tests/oracle) agrees to depth ${oracleDepth}` : "";
  return `${published ? `depth 1 published: ${published}; deeper ` : ""}${how}${oracle}; not published elsewhere to depth ${counts.length}`;
}

const positions = [];
const seen = new Set();
let seed = 1;
const inFamily = new Map();
for (const [variant, count] of PLAN) {
  for (let i = 0; i < count; i++) {
    // Kinds go round within a family, so that a family of several variants has each kind.
    const family = boardFamilyOf(variant);
    const k = inFamily.get(family) ?? 0;
    inFamily.set(family, k + 1);
    const kind = KINDS[k % KINDS.length];
    const duplicates = variantInfo(variant).defaultDuplicates;
    let position;
    let counted;
    // A position whose game ends within four plies tests little: another is drawn.
    do {
      position = draw(variant, kind, seed++);
      counted = seen.has(`${variant} ${position.toFen()}`) ? undefined : countsOf(variant, position.toFen(), duplicates);
    } while (counted === undefined || counted.counts.length < 5 || counted.counts.at(-1) === 0n);
    seen.add(`${variant} ${position.toFen()}`);
    const fen = position.toFen();
    positions.push({ id: `${variant}-${kind}-${i + 1}`, variant, kind, fen, duplicates, counts: counted.counts.map(String), source: sourceOf(counted), published: 0, oracleDepth: counted.oracleDepth });
    console.error(`${variant} ${kind} ${fen}: ${counted.counts.length} depths, oracle to ${counted.oracleDepth}`);
  }
}
const cases = JSON.parse(readFileSync(new URL("../tests/data/rule-cases.json", import.meta.url), "utf8"));
const list = Array.isArray(cases) ? cases : cases.cases;
for (const [variant, count] of Object.entries(PUBLISHED)) {
  // The rule cases with the most moves: the richest captures.
  const chosen = list.filter((c) => c.variant === variant && c.depth === 1).sort((a, b) => b.nodes - a.nodes).slice(0, count);
  chosen.forEach((c, i) => {
    const counted = countsOf(variant, c.fen, c.duplicates === "keep" ? "keep" : "drop");
    if (counted.counts[0] !== BigInt(c.nodes_str ?? c.nodes)) throw new Error(`${variant} ${c.fen}: perft 1 ${counted.counts[0]}, published ${c.nodes}`);
    positions.push({
      id: `${variant}-rule-case-${i + 1}`, variant, kind: "capture-heavy", fen: c.fen, duplicates: c.duplicates === "keep" ? "keep" : "drop",
      counts: counted.counts.map(String), source: sourceOf(counted, c.source), published: 1, oracleDepth: counted.oracleDepth,
    });
    console.error(`${variant} rule case ${c.fen}: ${counted.counts.length} depths`);
  });
}
const suite = {
  description: "bitdraughts' perft suite: positions of every board family (8x8, 10x10, turkish, frisian, canadian), middle-game, endgame, king-heavy and capture-heavy, with perft(1 … depth) and the source of each count. Made by scripts/perft-positions.mjs; run with `bitdraughts perft --suite FILE`.",
  positions,
};
writeFileSync(out, `${JSON.stringify(suite, null, 1).replace(/\[\n\s+("[^\]]*?)\n\s*\]/g, (m) => m.replace(/\n\s*/g, " "))}\n`);
console.error(`${positions.length} positions written to ${out}`);
