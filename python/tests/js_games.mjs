// The JavaScript side of the cross-check (test_cross_js.py): plays seeded random games of every
// variant through the library's Position (dist/, built by `npm start` or `npm test`) and prints
// them as JSON, each ply's FEN, key and legal moves, and the move played. The Python package,
// running the same core through Wasmtime, must read each position and list and play the same.
//
// node python/tests/js_games.mjs <games per variant> <max plies> <seed>

import { Position, VARIANTS, variantInfo } from "../../dist/bindings/index.js";

const [games = 3, plies = 80, seed = 1] = process.argv.slice(2).map(Number);

/** A small seeded generator (mulberry32): the same games on every machine. */
function random(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(seed);
const out = { variants: {}, games: [] };
for (const variant of VARIANTS) {
  const info = variantInfo(variant);
  out.variants[variant] = {
    id: info.id, size: info.size, allSquares: info.allSquares, frisian: info.frisian, mirrored: info.mirrored, firstToMove: info.firstToMove,
    defaultDuplicates: info.defaultDuplicates, algebraic: info.algebraic, men: info.men, ending: info.ending, start: Position.initial(variant).toFen(),
  };
  for (let g = 0; g < games; g++) {
    let position = Position.initial(variant);
    const steps = [];
    for (let ply = 0; ply < plies; ply++) {
      const moves = position.legalMoves();
      const step = { fen: position.toFen(), key: position.key().toString(), moves: moves.map((m) => m.notation) };
      steps.push(step);
      if (moves.length === 0) break;
      const move = moves[Math.floor(next() * moves.length)];
      step.played = move.notation;
      position = position.play(move);
    }
    out.games.push({ variant, steps });
  }
}
process.stdout.write(JSON.stringify(out));
