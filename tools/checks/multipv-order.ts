// Multi-PV order: over middle-game positions of each family, every report of a depth-D,
// K-line search must list its lines best first, and the best move must be line 1's first move.
//
//   node dist/tools/checks/multipv-order.js [--variant V …] [--positions 200] [--depth 8] [--multipv 3]
//                                          [--wasm A.wasm [--wasm B.wasm]]
//
// Positions: the ends of seeded random playouts of 10 to 39 plies from the start, with at least
// K legal moves. Each is searched alone (table cleared), through the core's raw search so that
// another build (--wasm) can be compared on the same positions. Prints, per build and variant,
// how many positions had a report out of order and how many a final answer out of order.

import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Position, createEngineSync } from '../../bindings/index.js';
import type { Engine, VariantName } from '../../bindings/index.js';
import { isVariantName } from '../../bindings/core/variant.js';
import { shippedWeights } from '../../bindings/eval/shipped.js';
import { FAMILY_NAMES } from '../../bindings/eval/weights.js';
import { toCore } from '../../bindings/core/position.js';
import { randomSource } from '../match/player.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', multiple: true }, positions: { type: 'string' }, depth: { type: 'string' },
    multipv: { type: 'string' }, wasm: { type: 'string', multiple: true }, seed: { type: 'string' },
  },
});
const variants = (values.variant ?? ['english', 'international', 'russian']).flatMap((v) => v.split(','));
for (const v of variants) if (!isVariantName(v)) throw new Error(`unknown variant ${v}`);
const count = Number(values.positions ?? 200);
const depth = Number(values.depth ?? 8);
const lines = Number(values.multipv ?? 3);
const seed = Number(values.seed ?? 20261201);

/** Middle-game positions of `variant`, the same for every build. */
function positions(variant: VariantName): Position[] {
  const random = randomSource(seed);
  const out: Position[] = [];
  while (out.length < count) {
    let position = Position.initial(variant);
    const plies = 10 + Math.floor(random() * 30);
    for (let ply = 0; ply < plies && position.legalMoves().length > 0; ply++) {
      const moves = position.legalMoves();
      position = position.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (position.legalMoves().length >= lines) out.push(position);
  }
  return out;
}

function coreOf(file: string | undefined): Engine {
  const engine = file === undefined ? createEngineSync() : createEngineSync(new Uint8Array(fs.readFileSync(file)));
  engine.setHashSize(16);
  FAMILY_NAMES.forEach((_, family) => {
    const weights = shippedWeights(family);
    if (weights !== undefined) engine.loadWeights(weights);
  });
  return engine;
}

const outOfOrder = (scores: readonly number[]): boolean => scores.some((s, i) => i > 0 && s > scores[i - 1]!);

for (const file of values.wasm ?? [undefined]) {
  const engine = coreOf(file);
  for (const variant of variants as VariantName[]) {
    let reports = 0;
    let finals = 0;
    let bestNotFirst = 0;
    for (const position of positions(variant)) {
      engine.clearHash();
      let bad = false;
      const result = engine.search(toCore(position).variantId, toCore(position).board, { depth, multiPV: lines }, {
        info: (info) => {
          if (outOfOrder(info.lines.map((l) => l.score))) bad = true;
          return false;
        },
      });
      if (bad) reports++;
      if (outOfOrder(result.lines.map((l) => l.score))) finals++;
      // The binding's bestmove is line 1's first move (Searcher's resultOf); the core's best is line 1.
      const best = Math.max(...result.lines.map((l) => l.score));
      if (result.lines[0]!.score !== best) bestNotFirst++;
    }
    console.log(`${file ?? 'this build'}  ${variant.padEnd(13)} positions ${count}  depth ${depth}  multipv ${lines}: ` +
      `reports out of order ${reports}, final lines out of order ${finals}, best move not line 1 ${bestNotFirst}`);
  }
}
