// The fuzz loop of one variant: random legal playouts from the start position and random
// set-ups with make/unmake walks, each checked against the oracle (check.ts).
//
// Reproducibility: iteration i of (seed, variant) draws everything from its own stream
// Rng(seed, `${variant}/${i}`), so what a run finds does not depend on how long it ran or how
// fast the machine is, and `--iteration i` replays that iteration alone.

import { Engine, Position, createEngineSync } from '../../bindings/index.js';
import type { VariantName } from '../../bindings/index.js';
import { RawBoard } from '../../bindings/core/raw.js';
import { legalRoutes, oracleStartFen, parseFen, playMove, writeFen } from '../oracle/index.js';
import { Budget, Checker, Stats, addStats, emptyStats, keyOfMove, checkPosition } from './check.js';
import { Mismatch, listLabel, moveLabel } from './mismatch.js';
import { Rng } from './prng.js';
import { PositionKind, randomPosition } from './positions.js';

export interface FuzzConfig {
  readonly variant: VariantName;
  readonly seed: number;
  /** Stop after this many seconds of wall-clock time … */
  readonly seconds?: number;
  /** … or once this many positions have been checked (whichever comes first). */
  readonly positions?: number;
  /** Run only this iteration (a replay). */
  readonly iteration?: number;
  /** Share of iterations played with the optional-capture house rule. */
  readonly optionalCaptureShare: number;
  /** Every `playoutEvery`-th iteration is a playout from the start position; the others are random set-ups. */
  readonly playoutEvery: number;
  /** Playouts stop here if the game has not ended (the core's undo stack holds 256 plies). */
  readonly maxPlies: number;
  /** Perft budget at random set-ups. */
  readonly budget: Budget;
  /** Perft budget at playout positions, applied every `playoutPerftEvery` plies. */
  readonly playoutBudget: Budget;
  readonly playoutPerftEvery: number;
  /** Longest make/unmake walk from a random set-up. */
  readonly walkLength: number;
  /** Called now and then with the progress so far. */
  readonly progress?: (result: FuzzResult) => void;
}

export interface FuzzResult {
  readonly variant: VariantName;
  readonly seed: number;
  iterations: number;
  playouts: number;
  /** Playouts that ended because the side to move had no move (the others hit maxPlies). */
  finishedGames: number;
  playoutPositions: number;
  randomPositions: number;
  kinds: Record<string, number>;
  walkSteps: number;
  /** Positions checked with mandatory and with optional capture. */
  mandatory: Stats;
  optional: Stats;
  elapsedMs: number;
  mismatch?: Mismatch;
}

export const DEFAULTS: Omit<FuzzConfig, 'variant' | 'seed'> = {
  optionalCaptureShare: 0.25,
  playoutEvery: 40,
  maxPlies: 250,
  budget: { depth3: 3000, depth2: 200 },
  playoutBudget: { depth3: 1500, depth2: 100 },
  playoutPerftEvery: 4,
  walkLength: 40,
};

export function totalPositions(r: FuzzResult): number {
  return r.mandatory.positions + r.optional.positions;
}

/** Fuzzes one variant; returns when the time or position budget is spent or on the first mismatch. */
export function fuzzVariant(config: FuzzConfig, engines?: { engine: Engine; state: Engine }): FuzzResult {
  const engine = engines?.engine ?? createEngineSync();
  const state = engines?.state ?? createEngineSync();
  const checkers = {
    mandatory: new Checker(config.variant, false, engine, state),
    optional: new Checker(config.variant, true, engine, state),
  };
  const result: FuzzResult = {
    variant: config.variant,
    seed: config.seed,
    iterations: 0,
    playouts: 0,
    finishedGames: 0,
    playoutPositions: 0,
    randomPositions: 0,
    kinds: {},
    walkSteps: 0,
    mandatory: checkers.mandatory.stats,
    optional: checkers.optional.stats,
    elapsedMs: 0,
  };
  const start = Date.now();
  const deadline = config.seconds !== undefined ? start + config.seconds * 1000 : Infinity;
  const limit = config.positions ?? Infinity;
  let lastProgress = start;

  const first = config.iteration ?? 0;
  const last = config.iteration ?? Infinity;
  for (let i = first; i <= last; i++) {
    if (Date.now() >= deadline || totalPositions(result) >= limit) break;
    const rng = new Rng(config.seed, `${config.variant}/${i}`);
    const optional = rng.chance(config.optionalCaptureShare);
    const ch = optional ? checkers.optional : checkers.mandatory;
    const playout = i % config.playoutEvery === 0;
    let where = `seed=${config.seed} variant=${config.variant} iteration=${i} ${playout ? 'playout' : 'random position'}${optional ? ' optional-capture' : ''}`;
    try {
      if (playout) {
        runPlayout(ch, rng, config, result);
      } else {
        const { fen, kind } = randomPosition(rng, config.variant);
        where += ` kind=${kind}`;
        result.kinds[kind] = (result.kinds[kind] ?? 0) + 1;
        checkPosition(ch, fen, { budget: config.budget });
        result.randomPositions++;
        result.walkSteps += walk(ch, rng, fen, rng.range(1, config.walkLength));
      }
    } catch (e) {
      if (!(e instanceof Mismatch)) {
        // A crash of the engine (or of the fuzzer) is reported like a mismatch.
        const err = e as Error;
        const m = new Mismatch({
          check: 'crash',
          variant: config.variant,
          optionalCapture: optional,
          fen: ch.current,
          engine: `threw ${err?.name}: ${err?.message}`,
          oracle: '-',
          detail: err?.stack?.split('\n').slice(0, 4).join(' | '),
        });
        m.origin = where;
        result.mismatch = m;
      } else {
        e.origin = where;
        result.mismatch = e;
      }
      result.iterations++;
      break;
    }
    result.iterations++;
    if (config.progress && Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      result.elapsedMs = lastProgress - start;
      config.progress(result);
    }
  }
  result.elapsedMs = Date.now() - start;
  return result;
}

/**
 * A random legal game from the start position, both sides picking uniformly among the legal
 * moves, every position checked; the search state follows the game with make, and at the end
 * the whole game is unmade, each step back compared bit for bit with the way there.
 */
function runPlayout(ch: Checker, rng: Rng, config: FuzzConfig, result: FuzzResult): void {
  const startFen = oracleStartFen(ch.variant);
  const initial = Position.initial(ch.variant, { optionalCapture: ch.optionalCapture, engine: ch.engine });
  if (initial.toFen() !== startFen) ch.fail('setup', 'start position', initial.toFen(), startFen, 'Position.initial');
  result.playouts++;
  const st = ch.state;
  const history: { fen: string; board: RawBoard; key: bigint }[] = [];
  let fen = startFen;
  st.stateLoad(ch.id, rawOf(ch, fen));
  let ply = 0;
  for (; ply < config.maxPlies; ply++) {
    const perft = ply % config.playoutPerftEvery === 0 ? config.playoutBudget : undefined;
    const checked = checkPosition(ch, fen, { stateLoaded: true, budget: perft });
    result.playoutPositions++;
    if (checked.moves.length === 0) {
      result.finishedGames++;
      break;
    }
    const move = rng.pick(checked.moves);
    const k = keyOfMove(move);
    const index = checked.stateMoves.findIndex((m) => keyOfMove(m) === k);
    history.push({ fen, board: st.stateBoard(ch.id), key: st.stateKey() });
    st.stateMake(ch.id, index);
    fen = checked.childFen.get(k)!;
  }
  if (ply === config.maxPlies) {
    // The last position of a game cut short is checked too.
    checkPosition(ch, fen, { stateLoaded: true });
    result.playoutPositions++;
  }
  // Unmake the whole game.
  for (let j = history.length - 1; j >= 0; j--) {
    const h = history[j];
    if (!st.stateUnmake(ch.id)) ch.fail('unmake', h.fen, `unmake ${history.length - j} of ${history.length} returned false`, 'true', 'unmaking a playout');
    const board = st.stateBoard(ch.id);
    const key = st.stateKey();
    if (ch.boardText(board) !== ch.boardText(h.board) || key !== h.key || key !== st.stateKeyRecomputed(ch.id)) {
      ch.fail('unmake', h.fen, `${ch.rawFen(board)} key=${key.toString(16)} recomputed=${st.stateKeyRecomputed(ch.id).toString(16)}`, `${ch.rawFen(h.board)} key=${h.key.toString(16)}`, `unmaking a playout of ${history.length} plies, step ${history.length - j}`);
    }
  }
  if (st.stateUnmake(ch.id)) ch.fail('unmake', startFen, 'unmake past the loaded position returned true', 'false', `after unmaking all ${history.length} plies`);
}

/** The raw board of a FEN, through the oracle's reader. */
export function rawOf(ch: Checker, fen: string): RawBoard {
  return ch.rawOf(parseFen(ch.variant, fen));
}

/**
 * A random walk of makes and unmakes on the search state from `fen`: after each make the board
 * is the oracle's position after that move and the key is the recomputed key; after each
 * unmake both are bit for bit what they were; at the end everything is unmade. Returns the
 * number of steps taken.
 */
export function walk(ch: Checker, rng: Rng, fen: string, steps: number): number {
  const st = ch.state;
  st.stateLoad(ch.id, rawOf(ch, fen));
  let current = parseFen(ch.variant, fen);
  const stack: { pos: typeof current; board: string; key: bigint }[] = [];
  let taken = 0;
  const undoOne = (): void => {
    const top = stack.pop()!;
    if (!st.stateUnmake(ch.id)) ch.fail('unmake', writeFen(current), 'unmake returned false', 'true', `walk from ${fen}, step ${taken}`);
    const board = st.stateBoard(ch.id);
    const key = st.stateKey();
    if (ch.boardText(board) !== top.board || key !== top.key) {
      ch.fail('unmake', writeFen(top.pos), `${ch.rawFen(board)} key=${key.toString(16)}`, `key=${top.key.toString(16)}`, `walk from ${fen}, step ${taken}: unmake`);
    }
    current = top.pos;
  };
  for (; taken < steps; taken++) {
    const moves = st.stateMoves(ch.id);
    if (stack.length > 0 && (moves.length === 0 || rng.chance(0.3))) {
      undoOne();
      continue;
    }
    if (moves.length === 0) break;
    const i = rng.int(moves.length);
    const raw = moves[i];
    const here = writeFen(current);
    ch.current = here;
    const oracle = legalRoutes(ch.rules, current, { optionalCapture: ch.optionalCapture });
    const om = oracle.find((m) => keyOfMove(m) === keyOfMove(raw));
    if (!om || om.promotes !== raw.promotes) {
      ch.fail('state', here, `stateMoves=${listLabel(moves.map((m) => moveLabel(m)))}`, listLabel([...new Set(oracle.map((m) => moveLabel(m)))]), `walk from ${fen}: ${moveLabel(raw)}`);
    }
    stack.push({ pos: current, board: ch.boardText(st.stateBoard(ch.id)), key: st.stateKey() });
    st.stateMake(ch.id, i);
    current = playMove(current, om);
    const board = st.stateBoard(ch.id);
    const key = st.stateKey();
    if (!ch.sameBoard(board, current.sideToMove === 'W', ch.codesOf(current))) {
      ch.fail('state', here, `make ${moveLabel(raw)} -> ${ch.rawFen(board)}`, writeFen(current), `walk from ${fen}`);
    }
    if (key !== st.stateKeyRecomputed(ch.id)) {
      ch.fail('key', here, `after ${moveLabel(raw)}: incremental=${key.toString(16)} recomputed=${st.stateKeyRecomputed(ch.id).toString(16)}`, writeFen(current), `walk from ${fen}`);
    }
  }
  while (stack.length > 0) undoOne();
  if (st.stateUnmake(ch.id)) ch.fail('unmake', fen, 'unmake past the loaded position returned true', 'false', 'end of a walk');
  return taken;
}

/** Sums per-variant results (for the CLI's summary). */
export function summary(results: readonly FuzzResult[]): Stats {
  const total = emptyStats();
  for (const r of results) {
    addStats(total, r.mandatory);
    addStats(total, r.optional);
  }
  return total;
}

export type { PositionKind };
