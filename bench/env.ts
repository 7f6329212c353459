// Batched environments (bitdraughts/env): steps a second with a random legal action per game,
// chosen from the legal-action lists, with and without the dense mask written each step; and
// observation planes written a second, per board family. Medians of several runs, one thread.
//
//   node dist/bench/env.js                       the figures, printed
//   node dist/bench/env.js --runs 7 --steps 400  more runs, longer runs
//   node dist/bench/env.js --write               and a dated section appended to bench/RESULTS.md
//   node dist/bench/env.js --baseline old.wasm   the steps beside another core's, runs interleaved, with the ratio
//   node dist/bench/env.js --variants english,international --no-observe   fewer tables
//
// A step is one leg (a quiet move, or one jump of a capture) of every one of the games; games
// that end are started again by reset(mask) in the same loop, so its cost is in the figure.

import os from "node:os";
import { appendFileSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createEnvs, type Envs } from "../bindings/entries/env.js";
import type { VariantName } from "../bindings/index.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    steps: { type: "string", default: "300" },
    games: { type: "string", default: "1024" },
    write: { type: "boolean", default: false },
    note: { type: "string", default: "" },
    baseline: { type: "string" },
    variants: { type: "string", default: "english,international,russian,frisian,turkish,canadian" },
    "no-observe": { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const STEPS = Number(values.steps);
const GAMES = Number(values.games);


function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Steps a second: `steps` steps of every game, each a random legal action read from the lists. */
function stepRate(envs: Envs, steps: number, seed: number, readMask: boolean): number {
  // xorshift32 (tests/helpers/xorshift.ts) with its state in a local: the same numbers, no call a game.
  let x = seed | 0 || 1;
  const actions = envs.actionBuffer;
  const reset = new Uint8Array(envs.count);
  envs.reset();
  const start = process.hrtime.bigint();
  const count = envs.count;
  for (let s = 0; s < steps; s++) {
    const rows = envs.legalActionRows;
    const counts = envs.legalCounts;
    const done = envs.done;
    let ended = false;
    for (let g = 0; g < count; g++) {
      const n = counts[g]!;
      if (n === 0 || done[g] !== 0) {
        actions[g] = -1;
        reset[g] = 1;
        ended = true;
      } else {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        // 31 bits, so that the remainder is an integer's (a number past 2³¹ would be divided as a double).
        actions[g] = rows[g * 512 + ((x >>> 1) % n)]!;
        reset[g] = 0;
      }
    }
    envs.step();
    if (readMask) void envs.legalMask;
    if (ended) envs.reset(reset);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return (steps * envs.count) / seconds;
}

/** Observation planes written a second: every game's planes, `rounds` times, from positions of random play. */
function observeRate(envs: Envs, rounds: number, seed: number): number {
  stepRate(envs, 40, seed, false);
  const start = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) {
    envs.step(new Int32Array(envs.count).fill(-1));
    void envs.observation;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return (rounds * envs.count) / seconds;
}

const M = (x: number): string => `${(x / 1e6).toFixed(2)} M`;
const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
  lines.push(line);
};

const baseline = values.baseline === undefined ? undefined : await WebAssembly.compile(readFileSync(values.baseline));
const variants = values.variants.split(",") as VariantName[];

if (baseline === undefined) {
  say("| variant | steps/s, lists | steps/s, dense mask each step | mask bytes a game |");
  say("|---|---|---|---|");
} else {
  say(`| variant | steps/s, lists | baseline | × | steps/s, dense mask | baseline | × |`);
  say("|---|---|---|---|---|---|---|");
}
for (const variant of variants) {
  const lists = await createEnvs({ variant, count: GAMES, seed: 1 });
  const masked = await createEnvs({ variant, count: GAMES, seed: 1, write: { mask: true } });
  const old = baseline && (await createEnvs({ variant, count: GAMES, seed: 1, core: baseline }));
  const oldMasked = baseline && (await createEnvs({ variant, count: GAMES, seed: 1, write: { mask: true }, core: baseline }));
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  const d: number[] = [];
  // Interleaved: the two cores see the same load, run by run.
  for (let run = 0; run < RUNS; run++) {
    a.push(stepRate(lists, STEPS, 7 + run, false));
    if (old) c.push(stepRate(old, STEPS, 7 + run, false));
    b.push(stepRate(masked, STEPS, 7 + run, true));
    if (oldMasked) d.push(stepRate(oldMasked, STEPS, 7 + run, true));
  }
  if (baseline === undefined) say(`| ${variant} | ${M(median(a))} | ${M(median(b))} | ${lists.actions} |`);
  else say(`| ${variant} | ${M(median(a))} | ${M(median(c))} | ${(median(a) / median(c)).toFixed(2)} | ${M(median(b))} | ${M(median(d))} | ${(median(b) / median(d)).toFixed(2)} |`);
  for (const envs of [lists, masked, old, oldMasked]) if (envs) envs.dispose();
}

if (!values["no-observe"]) {
  say("");
  say("| variant (family) | observations/s | planes × H × W |");
  say("|---|---|---|");
  for (const [variant, family] of [["english", "8×8 short kings"], ["russian", "8×8 flying kings"], ["international", "10×10"], ["frisian", "10×10, eight lines"], ["turkish", "8×8 orthogonal"], ["canadian", "12×12"]] as [VariantName, string][]) {
    const envs = await createEnvs({ variant, count: GAMES, seed: 1 });
    const rates: number[] = [];
    for (let run = 0; run < RUNS; run++) rates.push(observeRate(envs, STEPS, 11 + run));
    say(`| ${variant} (${family}) | ${M(median(rates))} | ${envs.planes} × ${envs.height} × ${envs.width} |`);
    envs.dispose();
  }
}

if (values.write) {
  const load = os.loadavg().map((x) => x.toFixed(1)).join(", ");
  const section = [
    "",
    `## Batched environments (bitdraughts/env), ${new Date().toISOString().slice(0, 10)}`,
    "",
    `\`node dist/bench/env.js --runs ${RUNS} --steps ${STEPS} --games ${GAMES} --write\`: ${GAMES} games, a random legal action per game from \`legalActions\` (rows and counts), one \`step\` call for all, finished games reset in the loop; median of ${RUNS} runs of ${STEPS} steps. Node ${process.version}, ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, load average ${load} when it ran${values.note ? ` (${values.note})` : ""}.`,
    "",
    ...lines,
    "",
  ];
  appendFileSync(new URL("../../bench/RESULTS.md", import.meta.url), section.join("\n"));
}
