// Issue 3, part 4: input fuzzing. Random and mutated FEN strings, move texts and PDN fragments
// (truncated, oversized, unicode, huge square numbers, repeated separators), random variant
// names, and random boards and arguments for the core itself, must never crash, hang or trap
// the WebAssembly module: each is either accepted — and then means what the oracle says — or
// refused with a typed error (a DraughtsError subclass: never a plain Error, TypeError,
// RangeError or WebAssembly RuntimeError), and nothing changes. After all of it the engine
// still gives the published start-position perft counts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  ArgumentError,
  DraughtsError,
  EngineError,
  FenError,
  IllegalMoveError,
  NotationError,
  Position,
  SetupError,
  VARIANTS,
  VariantError,
  createEngineSync,
  variantInfo,
} from '../bindings/index.js';
import type { Move, VariantName } from '../bindings/index.js';
import { PdnError, readPdnGames, variantOfGameType } from '../bindings/pdn/parse.js';
import { oracleMoves, parseFen, rulesOf } from './oracle/index.js';
import { fenInput, moveInput, mutateTimes, pdnInput, pdnText, randomString } from './fuzz/inputs.js';
import { Rng } from './fuzz/prng.js';
import { randomPosition } from './fuzz/positions.js';
import { startPerft } from './published.js';

const FENS_PER_VARIANT = 1500;
const MOVES_PER_VARIANT = 1200;
const PDNS_PER_VARIANT = 300;
const RAW_CALLS = 1200;
const VARIANT_NAMES_TRIED = 300;
/**
 * No single input may take longer than this: a hang, or a reader gone quadratic on a long input
 * (seconds). Generous, because the machines that run the tests are shared: an input that takes
 * a few milliseconds alone took 743 ms once under a load average of 9.
 */
const SLOW_MS = 3000;

/** Malformed (or random) inputs tried; the moves of replayed PDN games are counted apart. */
let inputs = 0;
let replayedMoves = 0;
const refusals = new Map<string, number>();

type ErrorClass = abstract new (...args: never[]) => DraughtsError;

/**
 * Runs `fn` on one input: returns its value, or the typed error it threw. Anything else — an
 * untyped error, a wasm trap, a slow answer — fails the test, naming the input.
 */
function attempt<T>(input: unknown, allowed: readonly ErrorClass[], fn: () => T, counted = true): { value?: T; error?: DraughtsError } {
  if (counted) inputs++;
  const start = performance.now();
  let value: T | undefined;
  let error: unknown;
  try {
    value = fn();
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - start;
  const shown = typeof input === 'string' && input.length > 200 ? `${JSON.stringify(input.slice(0, 200))}… (${input.length} characters)` : JSON.stringify(input);
  assert.ok(ms < SLOW_MS, `input ${shown} took ${ms.toFixed(0)} ms`);
  if (error === undefined) return { value };
  if (!(error instanceof DraughtsError)) {
    const e = error as Error;
    assert.fail(`input ${shown} threw an untyped ${e?.constructor?.name ?? typeof e}: ${e?.message ?? String(e)}`);
  }
  assert.ok(allowed.some((c) => error instanceof c), `input ${shown}: ${error.constructor.name} is not one of ${allowed.map((c) => c.name).join(', ')}: ${error.message}`);
  assert.ok(error.message.length > 0, `input ${shown}: the error says nothing`);
  refusals.set(error.constructor.name, (refusals.get(error.constructor.name) ?? 0) + 1);
  return { error };
}

function moveKey(m: { from: number; to: number; captured: readonly number[]; promotes: boolean }): string {
  return `${m.from}-${m.to}x${m.captured.join(',')}${m.promotes ? 'K' : ''}`;
}

function keysOf(moves: readonly { from: number; to: number; captured: readonly number[]; promotes: boolean }[]): string[] {
  return moves.map(moveKey).sort();
}

/** A few positions of the variant to fuzz move text on: the start, random set-ups, a game. */
function positionsOf(variant: VariantName, rng: Rng): Position[] {
  const out: Position[] = [Position.initial(variant)];
  for (let i = 0; i < 6; i++) out.push(Position.fromFen(variant, randomPosition(rng, variant).fen));
  let p = Position.initial(variant);
  for (let ply = 0; ply < 30 && p.legalMoves().length > 0; ply++) {
    p = p.play(rng.pick(p.legalMoves()));
    if (ply % 6 === 5) out.push(p);
  }
  return out;
}

/** The FEN and legal moves of a position read afresh through the default engine. */
function snapshot(variant: VariantName, fen: string): string {
  const p = Position.fromFen(variant, fen);
  return `${p.toFen()} ${keysOf(p.legalMoves()).join(' ')} ${p.perft(2)}`;
}

describe('input fuzzing: every malformed input gives a typed error and changes nothing', () => {
  // A reference position per variant whose FEN, moves and perft must stay the same throughout.
  const reference = new Map<VariantName, { fen: string; snapshot: string }>();
  for (const v of VARIANTS) {
    const fen = randomPosition(new Rng(3, `reference/${v}`), v, 'kings').fen;
    reference.set(v, { fen, snapshot: snapshot(v, fen) });
  }
  const unchanged = (v: VariantName, when: string): void => {
    const ref = reference.get(v)!;
    assert.equal(snapshot(v, ref.fen), ref.snapshot, `${v}: the reference position reads differently ${when}`);
  };

  for (const variant of VARIANTS) {
    test(`${variant}: ${FENS_PER_VARIANT} random and mutated FEN strings`, () => {
      const rng = new Rng(31, `fen/${variant}`);
      const rules = rulesOf(variant);
      const max = rules.menPerSide;
      let accepted = 0;
      for (let i = 0; i < FENS_PER_VARIANT; i++) {
        const valid = randomPosition(rng, variant).fen;
        const input = fenInput(rng, valid, rules.geometry.squareCount);
        const optionalCapture = rng.chance(0.3);
        const { value: p } = attempt(input, [FenError, SetupError], () => Position.fromFen(variant, input, { optionalCapture }));
        if (p) {
          // Accepted: a legal position, which writes and reads back the same, and whose moves
          // are the oracle's.
          accepted++;
          const fen = p.toFen();
          assert.equal(Position.fromFen(variant, fen, { optionalCapture }).toFen(), fen, `${JSON.stringify(input)} read as ${fen}`);
          const o = parseFen(variant, fen); // throws on a man on its own promotion row
          let white = 0;
          let black = 0;
          for (const row of o.cells) for (const piece of row) if (piece) piece.color === 'W' ? white++ : black++;
          assert.ok(white <= max && black <= max, `${JSON.stringify(input)} read as ${fen}: too many pieces`);
          assert.deepEqual(keysOf(p.legalMoves()), keysOf(oracleMoves(variant, fen, { optionalCapture })), `${JSON.stringify(input)} read as ${fen}`);
        }
        if (i % 100 === 99) unchanged(variant, `after ${i + 1} FEN inputs`);
      }
      assert.ok(accepted > 0 && accepted < FENS_PER_VARIANT, `${variant}: ${accepted} of ${FENS_PER_VARIANT} accepted`);
      unchanged(variant, 'after the FEN inputs');
    });

    test(`${variant}: ${MOVES_PER_VARIANT} random and mutated move texts`, () => {
      const rng = new Rng(32, `moves/${variant}`);
      const positions = positionsOf(variant, rng);
      const squareCount = rulesOf(variant).geometry.squareCount;
      let accepted = 0;
      for (let i = 0; i < MOVES_PER_VARIANT; i++) {
        const p = positions[i % positions.length];
        const fen = p.toFen();
        const before = p.legalMoves();
        const beforeKeys = keysOf(before).join(' ');
        // The texts the position's own moves are written as: short, full path, algebraic.
        const algebraic = Position.fromFen(variant, fen, { algebraic: true }).legalMoves().map((m) => m.notation);
        const legal = [...before.map((m) => m.notation), ...before.filter((m) => m.isCapture).map((m) => m.path.join('x')), ...algebraic];
        const input = moveInput(rng, legal, squareCount);
        const viaPlay = rng.chance(0.5);
        const { value } = attempt(input, [NotationError, IllegalMoveError], () => (viaPlay ? p.play(input) : p.parseMove(input)));
        if (value !== undefined) {
          accepted++;
          // Accepted: it names one of the legal moves, and playing it is playing that move.
          const named: Move = viaPlay ? p.parseMove(input) : (value as Move);
          assert.ok(before.includes(named), `${variant} ${fen}: ${JSON.stringify(input)} gave a move that is not listed`);
          if (viaPlay) assert.equal((value as Position).toFen(), p.play(named).toFen());
        } else if (before.some((m) => m.notation === input)) {
          assert.fail(`${variant} ${fen}: the legal move ${input} was refused`);
        }
        assert.equal(p.toFen(), fen, 'the position changed');
        assert.equal(p.legalMoves(), before, 'the move list changed');
        assert.equal(keysOf(Position.fromFen(variant, fen).legalMoves()).join(' '), beforeKeys, 'the moves read afresh changed');
      }
      assert.ok(accepted > 0 && accepted < MOVES_PER_VARIANT, `${variant}: ${accepted} of ${MOVES_PER_VARIANT} accepted`);
      unchanged(variant, 'after the move texts');
    });

    test(`${variant}: ${PDNS_PER_VARIANT} mutated PDN fragments, read and replayed`, () => {
      const rng = new Rng(33, `pdn/${variant}`);
      // killer has no number of its own: its games carry international's 20 (and a Variant tag, read in pdn.test).
      const gameType = {
        english: '21', italian: '22', international: '20', brazilian: '26', russian: '25', spanish: '24', czech: '29',
        pool: '23', thai: '31', killer: '20', antidraughts: '98', breakthrough: '96',
        // turkish has no number (it is written with a Variant tag alone): read as the caller's variant.
        turkish: '',
        // canadian is written with a Variant tag alone too (no GameType number in our sources).
        canadian: '',
        // frisian and frysk have no documented number either: Variant tag alone, as turkish.
        frisian: '',
        frysk: '',
      }[variant];
      let replayed = 0;
      for (let i = 0; i < PDNS_PER_VARIANT; i++) {
        // A real game of random moves, written as PDN, then damaged.
        let p = Position.initial(variant);
        const moves: string[] = [];
        for (let ply = 0; ply < rng.range(0, 24) && p.legalMoves().length > 0; ply++) {
          const m = rng.pick(p.legalMoves());
          moves.push(m.notation);
          p = p.play(m);
        }
        const valid = pdnText(rng, gameType, moves, rng.chance(0.2) ? Position.initial(variant).toFen() : undefined);
        const input = i % 10 === 0 ? valid : pdnInput(rng, valid);
        const { value: games } = attempt(input, [PdnError], () => readPdnGames(input));
        if (i % 10 === 0) assert.ok(games && games.length === 1 && games[0].moves.length === moves.length, `the valid PDN ${JSON.stringify(valid)} was not read whole`);
        for (const game of (games ?? []).slice(0, 4)) {
          const read = variantOfGameType(game.tags.GameType ?? '');
          const v = read === 'international' && variant === 'killer' ? variant : read ?? variant;
          const fen = game.tags.FEN;
          const start = attempt(fen, [FenError, SetupError], () => (fen !== undefined ? Position.fromFen(v, fen) : Position.initial(v)), false).value;
          if (!start) continue;
          let pos = start;
          let played = 0;
          for (const text of game.moves.slice(0, 60)) {
            const before = pos.toFen();
            const next = attempt(text, [NotationError, IllegalMoveError], () => pos.play(text), false).value;
            replayedMoves++;
            assert.equal(pos.toFen(), before);
            if (!next) break;
            pos = next;
            played++;
          }
          if (i % 10 === 0) assert.equal(played, moves.length, `the valid game ${JSON.stringify(valid)} did not replay`);
          replayed += played;
        }
      }
      assert.ok(replayed > 0);
      unchanged(variant, 'after the PDN inputs');
    });
  }

  test(`${VARIANT_NAMES_TRIED} random variant names`, () => {
    const rng = new Rng(34, 'variant names');
    for (let i = 0; i < VARIANT_NAMES_TRIED; i++) {
      const name = i % 3 === 0 ? randomString(rng, 12) : mutateTimes(rng, rng.pick(VARIANTS), rng.range(1, 2));
      const valid = (VARIANTS as readonly string[]).includes(name);
      const r1 = attempt(name, [VariantError], () => Position.initial(name as VariantName));
      const r2 = attempt(name, [VariantError], () => Position.fromFen(name as VariantName, 'W:W28:B5'));
      const r3 = attempt(name, [VariantError], () => variantInfo(name));
      for (const r of [r1, r2, r3]) assert.equal(r.error === undefined, valid, `variant name ${JSON.stringify(name)}`);
    }
  });

  test(`${RAW_CALLS} random boards, variant ids and arguments for the core itself`, () => {
    const rng = new Rng(35, 'raw');
    const e = createEngineSync();
    // A search state that garbage must not disturb: loaded, two moves made.
    const id = variantInfo('russian').id;
    const squares = new Uint8Array(33);
    for (let s = 1; s <= 12; s++) squares[s] = 3;
    for (let s = 21; s <= 32; s++) squares[s] = 1;
    e.stateLoad(id, { whiteToMove: true, squares });
    for (let i = 0; i < 2; i++) {
      e.stateMoves(id);
      e.stateMake(id, 0);
    }
    const stateBefore = JSON.stringify({ board: Array.from(e.stateBoard(id).squares), key: String(e.stateKey()) });

    for (let i = 0; i < RAW_CALLS; i++) {
      const variantId = rng.chance(0.7) ? rng.int(31) : rng.pick([-1, -8, 7, 15, 20, 23, 28, 255, 2 ** 31 - 1, -(2 ** 31), 1.5, NaN]);
      const board = new Uint8Array(rng.pick([33, 51, 64, 80]));
      const density = rng.float();
      const maxCode = rng.chance(0.85) ? 4 : 255;
      for (let s = 1; s < board.length; s++) if (rng.chance(density)) board[s] = rng.range(1, maxCode);
      const raw = { whiteToMove: rng.chance(0.5), squares: board };
      const depth = rng.chance(0.8) ? rng.range(0, 2) : rng.pick([-1, 65, 1.5, NaN, Infinity, 1e9]);
      const input = `id ${variantId} depth ${depth} board ${Array.from(board).join('')}`;
      switch (i % 5) {
        case 0:
          attempt(input, [EngineError], () => e.legalMoves(variantId, raw));
          break;
        case 1:
          attempt(input, [EngineError], () => e.perft(variantId, raw, depth, rng.chance(0.5)));
          break;
        case 2:
          attempt(input, [EngineError], () => e.key(variantId, raw));
          break;
        case 3:
          attempt(input, [EngineError], () => e.divide(variantId, raw, depth, rng.chance(0.5)));
          break;
        default:
          // A load that fails must leave the search state as it was.
          if (wouldLoad(variantId, board)) break; // a good load replaces the state, as it should
          attempt(input, [EngineError], () => e.stateLoad(variantId, raw));
          assert.equal(JSON.stringify({ board: Array.from(e.stateBoard(id).squares), key: String(e.stateKey()) }), stateBefore, `${input}: a refused load changed the search state`);
      }
    }
    // The search state is intact and unwinds to the start position.
    assert.equal(e.stateKey(), e.stateKeyRecomputed(id));
    assert.ok(e.stateUnmake(id) && e.stateUnmake(id) && !e.stateUnmake(id));
    assert.deepEqual(Array.from(e.stateBoard(id).squares.subarray(0, 33)), Array.from(squares));
    // And the core answers sensible questions correctly.
    assert.equal(e.perft(variantInfo('russian').id, { whiteToMove: true, squares }, 5, false), 7482n);
  });

  test('bad perft depths, perft conventions and set-ups', () => {
    const rng = new Rng(36, 'arguments');
    for (const variant of VARIANTS) {
      const p = Position.initial(variant);
      for (const depth of [-1, 65, 1.5, NaN, Infinity, -Infinity, 1e9, '2' as unknown as number, null as unknown as number]) {
        // A bad argument, not a failure of the core (issue 8): ArgumentError.
        attempt(depth, [ArgumentError], () => p.perft(depth));
      }
      for (const duplicates of ['KEEP', '', 'both', 'routes', null, 1]) {
        const { error } = attempt(duplicates, [ArgumentError], () => p.perft(1, { duplicates: duplicates as 'keep' }));
        // null and undefined mean the default.
        assert.equal(error === undefined, duplicates === null);
      }
      const count = rulesOf(variant).geometry.squareCount;
      for (let i = 0; i < 40; i++) {
        const pieces: [number, { color: string; role: string }][] = Array.from({ length: rng.range(0, 25) }, () => [
          rng.chance(0.8) ? rng.range(1, count) : rng.pick([0, -1, count + 1, 1.5, NaN, 2 ** 40]),
          { color: rng.pick(['white', 'black', 'red', '']), role: rng.pick(['man', 'king', 'queen']) },
        ]);
        const turn = rng.pick(['white', 'black', 'w', '']);
        const { value } = attempt(pieces, [SetupError], () => Position.setup(variant, { turn: turn as 'white', pieces: pieces as never }));
        if (value) assert.deepEqual(keysOf(value.legalMoves()), keysOf(oracleMoves(variant, value.toFen())));
      }
    }
  });

  test('non-string arguments from untyped JavaScript give typed errors', () => {
    const p = Position.initial('english');
    const cases: [string, () => unknown][] = [
      ['play of a move object whose path is not a list', () => p.play({ from: 1, to: 2, captured: [3], path: 5 } as unknown as Move)],
      ['setup with pieces that are not iterable', () => Position.setup('english', { turn: 'white', pieces: 5 as never })],
      ['setup without a set-up', () => Position.setup('english', null as never)],
      ['initial with null options', () => Position.initial('english', null as never)],
    ];
    const untyped = cases.filter(([, fn]) => {
      try {
        fn();
        return false;
      } catch (e) {
        return !(e instanceof DraughtsError);
      }
    });
    assert.deepEqual(untyped.map(([name]) => name), []);
  });

  test('the engine still gives the published start-position perft counts afterwards', (t) => {
    for (const row of startPerft) {
      if (row.fen !== null || row.depth > 5 || (row.duplicates !== 'keep' && row.duplicates !== 'drop')) continue;
      assert.equal(Position.initial(row.variant).perft(row.depth, { duplicates: row.duplicates }), BigInt(row.nodes_str), `${row.variant} perft(${row.depth}, ${row.duplicates})`);
    }
    for (const v of VARIANTS) unchanged(v, 'at the end');
    // Part of the issue's bar: at least 10,000 inputs in all.
    assert.ok(inputs >= 10_000, `only ${inputs} inputs`);
    t.diagnostic(`${inputs} inputs and ${replayedMoves} moves of PDN games replayed; refusals: ${[...refusals].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  });
});

/** Whether the core would accept this load: a known variant id and piece codes on its squares. */
/** The core's variant ids (assembly/index.ts): 0-6, 16-20 and 22, each + 8 with optional capture. */
const CORE_IDS = new Set([0, 1, 2, 3, 4, 5, 6, 16, 17, 18, 19, 20, 22].flatMap((id) => [id, id + 8]));
/** Those on the 10×10 board: international, killer and frisian. */
const TEN_BY_TEN_IDS = new Set([2, 10, 18, 26, 20, 28]);
/** Frisian's ids: BOARD bytes 73-76 hold the king streaks (assembly/buffers/board.ts). */
const STREAK_IDS = new Set([20, 28]);
/** Those on turkish's 64 squares. */
const ALL_SQUARES_IDS = new Set([19, 27]);
/** Those on canadian's 12×12 board. */
const TWELVE_BY_TWELVE_IDS = new Set([22, 30]);

function wouldLoad(variantId: number, board: Uint8Array): boolean {
  const id = variantId | 0; // what the wasm call receives
  if (!CORE_IDS.has(id)) return false;
  const count = TWELVE_BY_TWELVE_IDS.has(id) ? 72 : ALL_SQUARES_IDS.has(id) ? 64 : TEN_BY_TEN_IDS.has(id) ? 50 : 32;
  for (let s = 1; s <= count && s < board.length; s++) if (board[s] > 4) return false;
  if (STREAK_IDS.has(id)) {
    // Each streak, White's at 73-74 and Black's at 75-76: a count of 0 with no square, or 1-3
    // with the square of a king of its own colour.
    const byte = (i: number): number => board[i] ?? 0;
    for (const [at, king] of [[73, 2], [75, 4]] as const) {
      const n = byte(at);
      const square = byte(at + 1);
      if (n === 0 ? square !== 0 : n > 3 || square < 1 || square > count || board[square] !== king) return false;
    }
  }
  return true;
}
