// Issue 3, parts 3 and 5: a bounded differential fuzz run with fixed seeds. Every variant,
// with mandatory and with optional capture, is compared with the oracle (tests/oracle) on
// random legal playouts from the start position and on random set-ups weighted towards kings
// and dense captures: legal move sets, move paths, perft in both conventions (to depth 3
// within a work budget), the position after every move, the core's incremental keys against
// keys computed from scratch, and make/unmake round trips (tests/fuzz/check.ts, run.ts).
//
// A failure prints the fuzzer's one-line reproducer; replay it with
//   node dist/tests/fuzz/cli.js --variant V [--optional-capture] --fen "FEN"
// The open-ended fuzzer is `npm run fuzz -- --seconds S [--variant V] [--seed N]`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { EngineError, Position, VARIANTS, createEngineSync, variantInfo } from '../bindings/index.js';
import type { VariantName } from '../bindings/index.js';
import { legalMoves, oraclePerft, parseFen, playMove, rulesOf, writeFen } from './oracle/index.js';
import { Checker, checkPosition, keyOfMove, oracleNode, oraclePerftBoth } from './fuzz/check.js';
import { Mismatch } from './fuzz/mismatch.js';
import { Rng } from './fuzz/prng.js';
import { randomPosition } from './fuzz/positions.js';
import { DEFAULTS, FuzzResult, fuzzVariant, rawOf, totalPositions, walk } from './fuzz/run.js';

/** Positions per variant: with mandatory capture, and with the optional-capture house rule. */
const MANDATORY_POSITIONS = 4000;
const OPTIONAL_POSITIONS = 2000;
const SEEDS = { mandatory: 20240301, optional: 20240302 };

const engines = { engine: createEngineSync(), state: createEngineSync() };

function describeRun(r: FuzzResult): string {
  const s = r.mandatory.positions + r.optional.positions;
  const perft3 = r.mandatory.perft3 + r.optional.perft3;
  const perft2 = r.mandatory.perft2 + r.optional.perft2;
  return `${s} positions (${r.playoutPositions} in ${r.playouts} playouts, ${r.randomPositions} random set-ups), ` +
    `perft 3 at ${perft3} and perft 2 at ${perft2}, ${r.mandatory.children + r.optional.children} positions after a move, ` +
    `${r.walkSteps} make/unmake walk steps, ${(r.elapsedMs / 1000).toFixed(1)} s`;
}

function fuzz(variant: VariantName, optional: boolean): FuzzResult {
  const result = fuzzVariant(
    {
      ...DEFAULTS,
      variant,
      seed: optional ? SEEDS.optional : SEEDS.mandatory,
      positions: optional ? OPTIONAL_POSITIONS : MANDATORY_POSITIONS,
      optionalCaptureShare: optional ? 1 : 0,
    },
    engines,
  );
  if (result.mismatch) assert.fail(result.mismatch.line());
  return result;
}

// antidraughts and breakthrough play international's moves with international's generator (the
// same core id), and frysk frisian's, so fuzzing them again would repeat that run position for
// position (the random set-ups do not depend on the start).
const FUZZED = VARIANTS.filter((v, i) => VARIANTS.findIndex((w) => variantInfo(w).id === variantInfo(v).id) === i);

describe('differential fuzzing against the oracle (fixed seeds)', () => {
  test('every variant with moves of its own is fuzzed', () => {
    assert.deepEqual(VARIANTS.filter((v) => !FUZZED.includes(v)), ['antidraughts', 'breakthrough', 'frysk']);
  });
  for (const variant of FUZZED) {
    test(`${variant}: ${MANDATORY_POSITIONS} positions with mandatory capture`, (t) => {
      const r = fuzz(variant, false);
      t.diagnostic(`${variant}: ${describeRun(r)}`);
      assert.ok(r.mandatory.positions >= MANDATORY_POSITIONS);
      assert.ok(r.playouts > 0 && r.randomPositions > 0);
    });
    test(`${variant}: ${OPTIONAL_POSITIONS} positions with optional capture`, (t) => {
      const r = fuzz(variant, true);
      t.diagnostic(`${variant} (optional capture): ${describeRun(r)}`);
      assert.ok(r.optional.positions >= OPTIONAL_POSITIONS);
    });
  }
});

describe('the fuzzer itself', () => {
  test('runs are reproducible from the seed', () => {
    const config = { ...DEFAULTS, variant: 'russian' as const, seed: 99, positions: 300 };
    const a = fuzzVariant(config, engines);
    const b = fuzzVariant(config, engines);
    const strip = (r: FuzzResult) => ({ ...r, elapsedMs: 0 });
    assert.deepEqual(strip(a), strip(b));
    assert.ok(totalPositions(a) >= 300);
  });

  test('random set-ups are legal: 1 to 12 (20, thai 8) pieces a side, no man on its own promotion row', () => {
    for (const variant of VARIANTS) {
      const rules = rulesOf(variant);
      const g = rules.geometry;
      const max = rules.menPerSide;
      const rng = new Rng(5, variant);
      const kinds = new Set<string>();
      let kings = 0;
      let men = 0;
      for (let i = 0; i < 300; i++) {
        const { fen, kind } = randomPosition(rng, variant);
        kinds.add(kind);
        const pos = parseFen(variant, fen);
        const count = { W: 0, B: 0 };
        for (let r = 0; r < g.size; r++) {
          for (const p of pos.cells[r]) {
            if (!p) continue;
            count[p.color]++;
            if (p.king) kings++;
            else {
              men++;
              assert.notEqual(r, p.color === 'W' ? 0 : g.size - 1, `${variant} ${fen}: a man on its own promotion row`);
            }
          }
        }
        assert.ok(count.W >= 1 && count.W <= max && count.B >= 1 && count.B <= max, `${variant} ${fen}: piece counts ${count.W}/${count.B}`);
        // The engine accepts it as it is.
        assert.equal(writeFen(parseFen(variant, Position.fromFen(variant, fen).toFen())), fen);
      }
      assert.equal(kinds.size, 6, `${variant}: every kind of set-up is drawn`);
      assert.ok(kings > men / 3, `${variant}: the mix leans towards kings (${kings} kings, ${men} men)`);
    }
  });

  test("its one-walk oracle perft (both conventions) is the oracle's own perft", () => {
    for (const variant of VARIANTS) {
      const rng = new Rng(8, variant);
      for (const optionalCapture of [false, true]) {
        const ch = new Checker(variant, optionalCapture, engines.engine, engines.state);
        for (let i = 0; i < 12; i++) {
          const { fen } = randomPosition(rng, variant);
          const node = oracleNode(ch, parseFen(variant, fen));
          // The moves grouped from the routes are the oracle's moves.
          const grouped = [...node.moves.values()].map((m) => `${keyOfMove(m)}${m.promotes ? 'K' : ''}`).sort();
          const own = legalMoves(ch.rules, parseFen(variant, fen), { optionalCapture }).map((m) => `${keyOfMove(m)}${m.promotes ? 'K' : ''}`).sort();
          assert.deepEqual(grouped, own, `${variant} ${fen}`);
          const both = oraclePerftBoth(ch, node, 2);
          assert.equal(both.keep, oraclePerft(variant, fen, 2, { duplicates: 'keep', optionalCapture }), `${variant} ${fen} keep`);
          assert.equal(both.drop, oraclePerft(variant, fen, 2, { duplicates: 'drop', optionalCapture }), `${variant} ${fen} drop`);
        }
      }
    }
  });

  test('a disagreement is reported with a one-line reproducer', () => {
    // Feed the checker a wrong oracle answer by checking russian positions against english
    // rules: the first position with a difference must come out as a Mismatch.
    const ch = new Checker('russian', false, engines.engine, engines.state);
    Object.assign(ch, { rules: rulesOf('english') });
    let mismatch: Mismatch | undefined;
    try {
      checkPosition(ch, 'W:WK29:B18,25');
    } catch (e) {
      if (e instanceof Mismatch) mismatch = e;
      else throw e;
    }
    assert.ok(mismatch, 'expected a mismatch');
    const line = mismatch.line();
    assert.doesNotMatch(line, /\n/);
    assert.match(line, /^MISMATCH check=moves variant=russian optionalCapture=false fen="W:WK29:B18,25" engine=\[.*\] oracle=\[.*\]/);
    assert.match(line, /replay="node dist\/tests\/fuzz\/cli\.js --variant russian --fen/);
  });
});

describe('make/unmake round trips of the search state', () => {
  test('a long game made and unmade move by move is bit-for-bit the same on the way back', () => {
    for (const variant of VARIANTS) {
      for (const optionalCapture of [false, true]) {
        const ch = new Checker(variant, optionalCapture, engines.engine, engines.state);
        const rng = new Rng(11, `${variant}/${optionalCapture}/game`);
        const st = ch.state;
        let fen = Position.initial(variant).toFen();
        st.stateLoad(ch.id, rawOf(ch, fen));
        const seen: { board: string; key: bigint }[] = [];
        // 255 plies at most: the core's undo stack holds 256.
        for (let ply = 0; ply < 255; ply++) {
          const moves = st.stateMoves(ch.id);
          if (moves.length === 0) break;
          seen.push({ board: ch.boardText(st.stateBoard(ch.id)), key: st.stateKey() });
          const i = rng.int(moves.length);
          const oracleMove = legalMoves(ch.rules, parseFen(variant, fen), { optionalCapture }).find(
            (m) => m.from === moves[i].from && m.to === moves[i].to && m.captured.join() === moves[i].captured.join(),
          );
          assert.ok(oracleMove, `${variant}: ${fen}: the core's move ${moves[i].from}-${moves[i].to} is not legal`);
          fen = writeFen(playMove(parseFen(variant, fen), oracleMove));
          st.stateMake(ch.id, i);
          assert.equal(st.stateKey(), st.stateKeyRecomputed(ch.id));
          const expected = parseFen(variant, fen);
          assert.ok(ch.sameBoard(st.stateBoard(ch.id), expected.sideToMove === 'W', ch.codesOf(expected)), `${variant}: ${fen}`);
        }
        for (let j = seen.length - 1; j >= 0; j--) {
          assert.ok(st.stateUnmake(ch.id), `${variant}: unmake ${seen.length - j}`);
          assert.equal(ch.boardText(st.stateBoard(ch.id)), seen[j].board);
          assert.equal(st.stateKey(), seen[j].key);
        }
        assert.equal(st.stateUnmake(ch.id), false, `${variant}: nothing left to unmake`);
      }
    }
  });

  test('random walks of makes and unmakes from random set-ups come back to the start', () => {
    let steps = 0;
    for (const variant of VARIANTS) {
      const ch = new Checker(variant, false, engines.engine, engines.state);
      const rng = new Rng(12, variant);
      for (let i = 0; i < 40; i++) steps += walk(ch, rng, randomPosition(rng, variant).fen, 60);
    }
    assert.ok(steps > 1000);
  });

  // Found by this fuzzer's make/unmake checks (engine bugs, since fixed in the core).
  test('the search state refuses a 257th ply instead of overwriting its first undo record', () => {
    const e = createEngineSync();
    const id = variantInfo('international').id;
    const squares = new Uint8Array(51);
    squares[46] = 2; // white king: 46-41-46-…
    squares[1] = 4; // black king: 1-6-1-…, never on a diagonal with the white king
    e.stateLoad(id, { whiteToMove: true, squares });
    const key = e.stateKey();
    let made = 0;
    let refused: unknown;
    for (let i = 0; i < 300 && refused === undefined; i++) {
      const out = (i & 2) === 0;
      const target = i % 2 === 0 ? (out ? 41 : 46) : out ? 6 : 1;
      const index = e.stateMoves(id).findIndex((m) => m.to === target);
      try {
        e.stateMake(id, index);
        made++;
      } catch (error) {
        refused = error;
      }
    }
    assert.ok(refused instanceof EngineError, `made ${made} plies without complaint`);
    assert.equal(made, 256);
    let unmade = 0;
    while (e.stateUnmake(id)) unmade++;
    assert.equal(unmade, 256);
    assert.equal(e.stateKey(), key);
  });

  test('stateMake refuses a move index outside the last stateMoves list', () => {
    const e = createEngineSync();
    const id = variantInfo('international').id;
    const squares = new Uint8Array(51);
    squares[46] = 2;
    squares[5] = 4;
    e.stateLoad(id, { whiteToMove: true, squares });
    const n = e.stateMoves(id).length;
    const before = e.stateBoard(id);
    const key = e.stateKey();
    for (const index of [-1, n, 5000]) {
      assert.throws(() => e.stateMake(id, index), EngineError, `index ${index}`);
      assert.deepEqual(e.stateBoard(id), before);
      assert.equal(e.stateKey(), key);
    }
  });

  test('stateMake plays from the last stateMoves list even after other calls on the same engine', () => {
    const e = createEngineSync();
    const id = variantInfo('english').id;
    const start = Position.initial('english', { engine: e });
    const squares = new Uint8Array(33);
    for (const { square, piece } of start.pieces()) squares[square] = piece.color === 'white' ? 1 : 3;
    e.stateLoad(id, { whiteToMove: false, squares });
    const first = e.stateMoves(id)[0];
    Position.fromFen('english', 'W:W18:B14', { engine: e }).legalMoves(); // another list on the same core
    e.stateMake(id, 0);
    const after = e.stateBoard(id);
    assert.equal(after.squares[first.from], 0);
    assert.equal(after.squares[first.to], 3);
    assert.equal(e.stateKey(), e.stateKeyRecomputed(id));
  });
});
