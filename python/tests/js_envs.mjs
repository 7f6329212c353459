// The JavaScript side of the environments' cross-check (test_env.py): replays the actions that
// the Python package stepped (JSON on stdin: { variant, count, maxPlies, steps: [[action per game], …] })
// through the library's createEnvs, and prints what the JavaScript API reads after each step.

import { readFileSync } from "node:fs";
import { createEnvs } from "../../dist/bindings/env/env.js";

const { variant, count, maxPlies, steps } = JSON.parse(readFileSync(0, "utf8"));
const envs = await createEnvs({ variant, count, maxPlies });
const seen = [];
for (const actions of steps) {
  envs.step(Int32Array.from(actions));
  let planes = 0;
  envs.observation.forEach((value, i) => { planes = (planes * 31 + value * (1 + (i % 7))) % 1000000007; });
  seen.push({
    key: Array.from(envs.key, String), toMove: Array.from(envs.toMove), reward: Array.from(envs.reward), done: Array.from(envs.done),
    legal: Array.from({ length: count }, (_, g) => Array.from(envs.legalActions(g))), mask: [envs.legalMask.reduce((a, b) => a + b, 0)],
    planes, result: Array.from({ length: count }, (_, g) => envs.result(g)),
  });
}
process.stdout.write(JSON.stringify(seen));
