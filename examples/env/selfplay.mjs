// A minimal self-play loop over bitdraughts/env: a batch of games, each move chosen by PUCT
// (the AlphaZero tree search) with a uniform policy over the legal mask and random playouts as
// the value, no network; the visit distributions written as self-play records.
//
//   npm run build && node examples/env/selfplay.mjs [variant] [games] [simulations] [out.bdsr]
//   node examples/env/selfplay.mjs english 8 48 /tmp/english.bdsr
//
// Batching: every game's search walks its tree at the same time. One simulation is, for all
// games at once: copy each root into a scratch game (copyGame), step the scratch games down
// their chosen paths one action a call, read the leaves' legal actions (the mask rows), value
// the leaves with one random playout each (playout, in the core, one call for all), and back
// the values up. Only the tree's bookkeeping is JavaScript; every rule is the core's.

import { writeFileSync } from "node:fs";
import { variantInfo } from "bitdraughts";
import { createEnvs, readRecords, writeRecords } from "bitdraughts/env";

const [variant = "english", gamesArg = "8", simulationsArg = "48", out = "selfplay.bdsr"] = process.argv.slice(2);
const GAMES = Number(gamesArg);
const SIMULATIONS = Number(simulationsArg);
const C_PUCT = 1.5;
const MAX_PLIES = 200;

const envs = await createEnvs({ variant, count: GAMES, seed: 1, maxPlies: MAX_PLIES });
const scratch = await createEnvs({ variant, count: GAMES, seed: 2, maxPlies: MAX_PLIES });
let seed = 3;

/** A node: the side to move there, its legal actions with uniform priors, visits and values by child. */
function node(envs, g) {
  const actions = Array.from(envs.legalActions(g));
  return { toMove: envs.toMove[g], done: envs.done[g] !== 0, actions, prior: 1 / Math.max(1, actions.length), n: new Float64Array(actions.length), w: new Float64Array(actions.length), children: new Array(actions.length), visits: 0 };
}

/** PUCT: the child maximising Q + c · P · √N / (1 + n). */
function select(tree) {
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < tree.actions.length; i++) {
    const q = tree.n[i] > 0 ? tree.w[i] / tree.n[i] : 0;
    const score = q + C_PUCT * tree.prior * Math.sqrt(tree.visits + 1) / (1 + tree.n[i]);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}

/** The searches of every unfinished game: SIMULATIONS simulations, batched across games. */
function search() {
  const roots = Array.from({ length: GAMES }, (_, g) => (envs.done[g] ? undefined : node(envs, g)));
  const step = new Int32Array(GAMES);
  for (let s = 0; s < SIMULATIONS; s++) {
    const paths = roots.map((root) => (root ? [root] : []));
    const chosen = roots.map(() => []);
    const walking = roots.map((root) => root !== undefined);
    for (let g = 0; g < GAMES; g++) if (roots[g]) envs.copyGame(g, g, scratch);
    // Down the trees, one action of every game a call, until each reaches a new leaf or an end.
    for (;;) {
      let moving = false;
      for (let g = 0; g < GAMES; g++) {
        step[g] = -1;
        const tree = paths[g].at(-1);
        if (!walking[g] || tree.done || tree.actions.length === 0) {
          walking[g] = false;
          continue;
        }
        const i = select(tree);
        chosen[g].push(i);
        step[g] = tree.actions[i];
        moving = true;
      }
      if (!moving) break;
      scratch.step(step);
      for (let g = 0; g < GAMES; g++) {
        if (step[g] === -1) continue;
        const tree = paths[g].at(-1);
        const i = chosen[g].at(-1);
        if (tree.children[i] === undefined) {
          // A new leaf: expanded with the mask's legal actions, uniform priors; the walk ends.
          tree.children[i] = node(scratch, g);
          walking[g] = false;
        }
        paths[g].push(tree.children[i]);
      }
    }
    // The leaves' values: one random playout each, from the side to move at the leaf.
    const tallies = scratch.playout(1, seed++);
    for (let g = 0; g < GAMES; g++) {
      if (!roots[g]) continue;
      const leaf = paths[g].at(-1);
      let value;
      if (leaf.done) {
        const result = scratch.result(g);
        value = result.status === "draw" ? 0 : (result.winner === "white") === (leaf.toMove === 0) ? 1 : -1;
      } else {
        value = tallies.wins[g] - tallies.losses[g];
      }
      // Back up: a value is the side to move's; it changes sign where the side to move changes.
      for (let k = paths[g].length - 2; k >= 0; k--) {
        const parent = paths[g][k];
        const i = chosen[g][k];
        const sign = parent.toMove === leaf.toMove ? 1 : -1;
        parent.n[i] += 1;
        parent.w[i] += sign * value;
        parent.visits += 1;
      }
    }
  }
  return roots;
}

const records = [];
const open = Array.from({ length: GAMES }, () => []);
const legs = Array.from({ length: GAMES }, () => []);
let finished = 0;
const actions = new Int32Array(GAMES);
while (finished < GAMES) {
  const roots = search();
  for (let g = 0; g < GAMES; g++) {
    actions[g] = -1;
    const root = roots[g];
    if (!root) continue;
    const total = root.n.reduce((a, b) => a + b, 0);
    const probabilities = Array.from(root.n, (n) => n / total);
    // Sample by visits in the first plies, then the most visited.
    let i = root.n.indexOf(Math.max(...root.n));
    if (envs.plies[g] < 8) {
      let r = Math.random() * total;
      for (i = 0; i < root.n.length - 1 && (r -= root.n[i]) > 0; i++);
    }
    actions[g] = root.actions[i];
    const { squares, streaks, toMove } = envs.board(g);
    open[g].push({ ply: envs.plies[g], toMove, squares, streaks, legs: [...legs[g]], action: actions[g], policy: { actions: root.actions, probabilities } });
    legs[g] = envs.legs[g] === 0 ? [] : legs[g];
  }
  envs.step(actions);
  for (let g = 0; g < GAMES; g++) {
    if (actions[g] === -1) continue;
    legs[g] = envs.legs[g] === 0 ? [] : [...legs[g], actions[g]];
    if (!envs.done[g]) continue;
    const result = envs.result(g);
    for (const [k, r] of open[g].entries()) {
      const won = result.status === "win" && (result.winner === "white") === (r.toMove === 0);
      records.push({ ...r, result: result.status === "draw" ? 0 : won ? 1 : -1, last: k === open[g].length - 1 });
    }
    console.log(`game ${g}: ${result.status}${result.winner ? ` (${result.winner})` : ""} by ${result.reason} after ${envs.plies[g]} moves`);
    open[g] = [];
    finished++;
  }
}

const bytes = writeRecords({ variantId: variantInfo(variant).id, squares: envs.squares, actions: envs.actions }, records);
writeFileSync(out, bytes);
const back = readRecords(bytes);
console.log(`${back.records.length} records (${bytes.length} bytes) written to ${out}; the first: ply ${back.records[0].ply}, ${back.records[0].policy.actions.length} actions in its policy`);
envs.dispose();
scratch.dispose();
