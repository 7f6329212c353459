// docs/perft-tables.md: perft from each variant's start position in the community's form
// (depth, count, time, convention), the published rows with their sources
// (tests/data/start-perft.json) beside the counts first published here (bench/perft-records.json).
//
//   node scripts/perft-tables.mjs [--add LOG…]
//
// --add reads the output of scripts/perft-confirm.sh (three merged runs per count, each followed
// by its results file's sha256), checks that the runs agree and that the check mode found no
// false hit, and records the count (with its runs, times, checksums and the machine) before the
// document is written again. A count that disagrees with a published one is refused.

import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { cpus, totalmem } from "node:os";

const root = new URL("../", import.meta.url);
const published = JSON.parse(readFileSync(new URL("tests/data/start-perft.json", root), "utf8")).filter((r) => r.fen === null);
const recordsUrl = new URL("bench/perft-records.json", root);
const records = existsSync(recordsUrl) ? JSON.parse(readFileSync(recordsUrl, "utf8")) : [];
const key = (r) => `${r.variant} ${r.duplicates} ${r.depth}`;

const args = process.argv.slice(2);
if (args[0] === "--add") {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, shared with other engineers' builds and tests (load average 2–24)`;
  for (const file of args.slice(1)) {
    const lines = readFileSync(file, "utf8").split("\n");
    const byCount = new Map();
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith("{")) continue;
      const run = JSON.parse(lines[i]);
      const sha = /^([0-9a-f]{64})\s/.exec(lines[i + 1] ?? "")?.[1];
      const k = key(run);
      if (!byCount.has(k)) byCount.set(k, []);
      byCount.get(k).push({ run: run.run, keySeed: run.keySeed ?? "0", check: run.check ?? false, falseHits: run.falseHits ?? "0", nodes: run.nodes, unitsMs: run.ms, wallS: run.wall_s, units: run.units, sha256: sha });
    }
    for (const [k, runs] of byCount) {
      const [variant, duplicates, depth] = k.split(" ");
      const seeds = new Set(runs.filter((r) => !r.check).map((r) => r.keySeed));
      const checked = runs.filter((r) => r.check);
      if (runs.length < 3 || seeds.size < 2 || checked.length < 1) {
        console.error(`${k}: ${runs.length} runs (${seeds.size} seeds, ${checked.length} in the check mode): not confirmed, left out`);
        continue;
      }
      if (new Set(runs.map((r) => r.nodes)).size !== 1 || checked.some((r) => r.falseHits !== "0")) throw new Error(`${k}: the runs disagree: ${JSON.stringify(runs)}`);
      const row = published.find((p) => key(p) === k);
      if (row !== undefined && row.nodes_str !== runs[0].nodes) throw new Error(`${k}: ${runs[0].nodes}, published ${row.nodes_str} (${row.source}): investigate with --divide`);
      const record = { variant, duplicates, depth: Number(depth), nodes: runs[0].nodes, runs, machine, date: new Date().toISOString().slice(0, 10) };
      const at = records.findIndex((r) => key(r) === k);
      if (at >= 0) records[at] = record;
      else records.push(record);
      console.error(`${k}: ${runs[0].nodes} recorded`);
    }
  }
  records.sort((a, b) => a.variant.localeCompare(b.variant) || a.duplicates.localeCompare(b.duplicates) || a.depth - b.depth);
  writeFileSync(recordsUrl, `${JSON.stringify(records, null, 1)}\n`);
}

/** Variants whose perft never goes through the table (keys without king streaks, one-word entries). */
const UNTABLED = new Set(["frisian", "frysk", "canadian"]);
const ORDER = ["english", "italian", "spanish", "czech", "russian", "brazilian", "pool", "thai", "international", "killer", "frisian", "turkish", "canadian"];
const number = (s) => BigInt(s).toLocaleString("en-US");
const seconds = (s) => (s < 1 ? "< 1 s" : s < 120 ? `${s} s` : `${Math.round(s / 6) / 10} min`);
const shortSource = (s) => s.replace(/\s*\(.*$/, "").replace(/^rhalbersma\/dctl@(\w+).*/, "dctl@$1");

let out = `# Perft tables

Perft from each variant's start position, as the community's tables give it: depth, count, time
and the convention (**keep**: every capture route counts, the english tables' way; **drop**:
captures taking the same pieces from the same square to the same square count once, the
international tables' way; RULES.md 4.2). Published rows name their source (full citations in
tests/data/start-perft.json, a copy of the shared collection's start.json), without a time (each
source's machine is its own). Rows marked **new** are first published here, as far
as the sources gathered in tests/data know: each was counted three times as work units (\`perft
--split\`, \`--run-units\`, \`--merge\`; docs/cli.md), under key seed 0, under another key seed and in
the table's check mode (a second 64-bit check of the whole position beside each entry, so a
false hit is found and counted again, never merged), and stands because the three agree and the
check mode met no false hit. Frisian and canadian never count through the table (their keys hold
no king streaks, their sets two words), so their runs are exact without it and the three runs
are repeats. The time is the wall time of the first run on this machine's two workers; the
runs, the units' added times and each results file's sha256 are in bench/perft-records.json.
Written by \`node scripts/perft-tables.mjs\`.

Recipe of a new row (scripts/perft-confirm.sh; units and results stay in perft-runs/, out of git):

\`\`\`sh
node scripts/build.mjs
nice -n 10 scripts/perft-confirm.sh international 12 drop 3 > run.log   # VARIANT DEPTH CONVENTION SPLIT [SEED] [THREADS] [HASH_MIB]
node scripts/perft-tables.mjs --add run.log                              # checks the three runs, records them, writes this page
\`\`\`

`;
for (const variant of ORDER) {
  const rows = [];
  for (const p of published.filter((r) => r.variant === variant)) rows.push({ depth: p.depth, duplicates: p.duplicates, nodes: p.nodes_str, time: "—", source: shortSource(p.source) });
  for (const r of records.filter((x) => x.variant === variant)) {
    if (rows.some((x) => x.depth === r.depth && x.duplicates === r.duplicates)) continue;
    rows.push({ depth: r.depth, duplicates: r.duplicates, nodes: r.nodes, time: seconds(r.runs[0].wallS), source: `**new**: ${UNTABLED.has(variant) ? "three runs, no table (exact without one)" : `seeds ${[...new Set(r.runs.map((x) => x.keySeed))].join(" and ")}, check mode`}, ${r.runs[0].units} units (${r.date})` });
  }
  if (rows.length === 0) continue;
  rows.sort((a, b) => a.duplicates.localeCompare(b.duplicates) || a.depth - b.depth);
  out += `## ${variant}\n\n| depth | count | time | convention | source |\n|---:|---:|---:|---|---|\n`;
  for (const r of rows) out += `| ${r.depth} | ${number(r.nodes)} | ${r.time} | ${r.duplicates} | ${r.source} |\n`;
  out += "\n";
}
// The next depth of each table, estimated from its last two counts; its time from this machine's last new row of the variant, scaled by the count's growth (an upper bound: a deeper tree merges more transpositions).
out += `## The next depths: recipe and expected cost

Each row's next depth counts with the recipe above (SPLIT 4 on 8×8, 3 on 10×10 and 12×12). The
count is estimated from the last two (their ratio again); the time from this machine's last new
row of the variant at most two plies shallower, on two workers under the day's load, scaled by
the count's growth: an upper bound, as a deeper tree merges more transpositions in the table.
A few hours per count on two cores is the issue's bound; the table's count of a subtree holds
51 bits (larger subtrees near the root are counted, not stored), and a total past 2^64 needs
wider counters than the core's.

| variant | convention | next depth | expected count | expected time (2 workers) |
|---|---|---:|---:|---:|
`;
for (const variant of ORDER) {
  for (const duplicates of ["keep", "drop"]) {
    const known = [
      ...published.filter((r) => r.variant === variant && r.duplicates === duplicates).map((r) => ({ depth: r.depth, nodes: BigInt(r.nodes_str) })),
      ...records.filter((r) => r.variant === variant && r.duplicates === duplicates).map((r) => ({ depth: r.depth, nodes: BigInt(r.nodes), wallS: r.runs[0].wallS })),
    ].sort((a, b) => a.depth - b.depth);
    if (known.length < 2) continue;
    const [prev, last] = known.slice(-2);
    const ratio = Number(last.nodes) / Number(prev.nodes);
    const expected = Number(last.nodes) * ratio;
    // Scaled from a new row of the variant at most two plies shallower; a count past 2^64 needs wider counters than the core's.
    const measured = records.filter((r) => r.variant === variant && r.depth >= last.depth - 1).sort((a, b) => a.depth - b.depth).at(-1);
    let time = "— (no new row near it)";
    if (expected >= 2 ** 64) time = "past 2^64: wider counts needed";
    else if (measured !== undefined) time = `≤ ${seconds(Math.round(measured.runs[0].wallS * Math.max(expected / Number(measured.nodes), 1)))}`;
    out += `| ${variant} | ${duplicates} | ${last.depth + 1} | ≈ ${expected.toExponential(2)} | ${time} |\n`;
  }
}
out += `
## Machine

${records[0]?.machine ?? "—"}. New rows were counted with \`--threads 2 --hash 256\` at \`nice -n 10\`
while other work ran on the same two cores, so their times are upper bounds.
`;
writeFileSync(new URL("docs/perft-tables.md", root), out);
console.error("docs/perft-tables.md written");
