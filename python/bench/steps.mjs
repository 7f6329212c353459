// Node's side of the batched-stepping benchmark (python/bench/steps.py runs both, side by side):
// `count` games of a variant in the core's environments, each step a random legal action per
// game chosen from its legal action list (index lists with counts), finished games reset with
// the reset mask. The core is driven through its exports as any host drives it (docs/env.md,
// "The core interface"). Prints one JSON line: { variant, count, steps, seconds }.
//
// node python/bench/steps.mjs <variant> <count> <seconds> [mask 0|1] [core.wasm]

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const c = await import(new URL("../../dist/bindings/core/contract.js", import.meta.url).href);
const [variant = "english", count = "1024", seconds = "2", mask = "0", wasm = fileURLToPath(new URL("../../build/bitdraughts.wasm", import.meta.url))] = process.argv.slice(2);
const ids = { english: c.VARIANT_ENGLISH, international: c.VARIANT_INTERNATIONAL, russian: c.VARIANT_RUSSIAN, canadian: c.VARIANT_CANADIAN, turkish: c.VARIANT_TURKISH, frisian: c.VARIANT_FRISIAN };
const noop = () => 0;
const { instance } = await WebAssembly.instantiate(readFileSync(wasm), { env: { abort: () => { throw new Error("the core aborted"); }, searchPoll: noop, searchReport: noop } });
const core = instance.exports;
const n = Number(count);
const flags = c.ENV_DRAW_COUNTING | c.ENV_DRAW_REPETITION | (mask === "1" ? c.ENV_WRITE_MASK : 0);
const env = core.envCreate(ids[variant], flags, n, 1000);
if (env < 0) throw new Error(`envCreate failed: ${env}`);
const i32 = (which) => new Int32Array(core.memory.buffer, core.envBuffer(env, which), which === c.ENV_BUF_LEGAL ? n * c.ENV_MAX_LEGAL : n);
const actions = i32(c.ENV_BUF_ACTIONS);
const legal = i32(c.ENV_BUF_LEGAL);
const counts = i32(c.ENV_BUF_LEGAL_COUNT);
const done = new Uint8Array(core.memory.buffer, core.envBuffer(env, c.ENV_BUF_DONE), n);
const reset = new Uint8Array(core.memory.buffer, core.envBuffer(env, c.ENV_BUF_RESET), n);
// A small seeded generator (xorshift32): the same choices on every run.
let state = 2463534242;
const random = () => {
  state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
  return (state >>> 0) / 4294967296;
};
let steps = 0;
const until = performance.now() + Number(seconds) * 1000;
const started = performance.now();
while (performance.now() < until) {
  for (let k = 0; k < 16; k++) {
    for (let g = 0; g < n; g++) actions[g] = legal[g * c.ENV_MAX_LEGAL + Math.floor(random() * counts[g])];
    if (core.envStep(env) < 0) throw new Error(`envStep refused game ${core.envFailedGame()}`);
    steps += n;
    let over = 0;
    for (let g = 0; g < n; g++) over |= reset[g] = done[g];
    if (over) core.envReset(env, 1);
  }
}
console.log(JSON.stringify({ variant, count: n, steps, seconds: (performance.now() - started) / 1000 }));
