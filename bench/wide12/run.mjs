// The two-word prototype (wide.ts) against movegen/canadian.ts, in one module and one process:
// canadian's published start counts through both, both generators' perft from random
// positions with kings (they must agree), then interleaved timed runs and the median ratio.
//   node bench/wide12/run.mjs [--runs 5] [--depth 7]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const arg = (name, value) => { const i = process.argv.indexOf(name); return i < 0 ? value : Number(process.argv[i + 1]); };
const runs = arg("--runs", 5), depth = arg("--depth", 7);
const out = "/tmp/bitdraughts-wide12.wasm";
execFileSync(process.execPath, ["node_modules/assemblyscript/bin/asc.js", "bench/wide12/perft.ts", "--runtime", "stub", "-O3", "--noAssert",
  "--initialMemory", "300", "--use", "BUILD_VARIANT=255", "-o", out], { stdio: "inherit" });
const { instance } = await WebAssembly.instantiate(readFileSync(out), { env: { abort() { throw new Error("abort"); } } });
const x = instance.exports;

const published = [11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056];
for (let d = 1; d <= Math.min(depth + 1, 8); d++) {
  const a = x.perftStart(d, 0), b = x.perftStart(d, 1);
  if (a !== published[d - 1] || b !== published[d - 1]) throw new Error(`perft ${d}: canadian.ts ${a}, prototype ${b}, published ${published[d - 1]}`);
}
console.log(`published start counts 1-${Math.min(depth + 1, 8)}: both generators agree`);

// Random positions with kings: squares drawn from the 72, bit = index + index / 12.
let seed = 12345;
const rand = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
const bitOf = (i) => i + Math.floor(i / 12);
const words = (bits) => { let lo = 0n, hi = 0n; for (const b of bits) { if (b < 64) lo |= 1n << BigInt(b); else hi |= 1n << BigInt(b - 64); } return [lo, hi]; };
let positions = 0;
const kingPositions = [];
for (let p = 0; p < 200; p++) {
  const squares = [...Array(72).keys()].sort(() => rand(3) - 1).slice(0, 8 + rand(20));
  const half = squares.length >> 1;
  const us = squares.slice(0, half), them = squares.slice(half);
  // No man on its own crowning row: White's row 0 (indices 0-5), Black's row 11 (66-71).
  const white = rand(2) === 0;
  const crown = (i) => (white ? i < 6 : i >= 66), crownThem = (i) => (white ? i >= 66 : i < 6);
  const kings = squares.filter((i) => rand(3) === 0 || (us.includes(i) && crown(i)) || (them.includes(i) && crownThem(i)));
  const [uL, uH] = words(us.map(bitOf)), [tL, tH] = words(them.map(bitOf)), [kL, kH] = words(kings.map(bitOf));
  const a = x.perftWords(uL, uH, tL, tH, kL, kH, white ? 1 : 0, 3, 0), b = x.perftWords(uL, uH, tL, tH, kL, kH, white ? 1 : 0, 3, 1);
  if (a !== b) throw new Error(`position ${p}: canadian.ts ${a}, prototype ${b}`);
  positions++;
  if (kings.length >= 4) kingPositions.push([uL, uH, tL, tH, kL, kH, white ? 1 : 0]);
}
console.log(`${positions} random positions with kings, perft 3: both generators agree`);

const time = (prototype) => { const t = performance.now(); x.perftStart(depth, prototype); return performance.now() - t; };
const old = [], proto = [];
for (let r = 0; r < runs; r++) { old.push(time(0)); proto.push(time(1)); }
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const timeKings = (prototype) => { const t = performance.now(); for (const p of kingPositions) x.perftWords(...p, 5, prototype); return performance.now() - t; };
const oldK = [], protoK = [];
for (let r = 0; r < runs; r++) { oldK.push(timeKings(0)); protoK.push(timeKings(1)); }
console.log(`perft 5 of ${kingPositions.length} random positions with 4 kings or more, ${runs} interleaved runs: canadian.ts ${median(oldK).toFixed(0)} ms, prototype ${median(protoK).toFixed(0)} ms, ratio (old/new) ${(median(oldK) / median(protoK)).toFixed(3)}`);
console.log(`perft ${depth} from the start, ${runs} interleaved runs: canadian.ts ${median(old).toFixed(0)} ms, prototype ${median(proto).toFixed(0)} ms, ratio (old/new) ${(median(old) / median(proto)).toFixed(3)}`);
