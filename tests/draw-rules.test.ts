// The draw rules of RULES.md section 5, per variant, played out on real games: each counter one
// ply short of its limit, exactly at it, and reset (or, where the rule says so, not reset) by a
// capture, a man move or a promotion. The plies are found by a small depth-first search that
// plays only the kind of move a test asks for and never repeats a position, so that no other
// rule (repetition, a forced capture) gets in the way; the search takes moves back with
// Game.undo, which these tests exercise as well.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, GameOverError, Position, drawRules, materialOf } from '../bindings/index.js';
import type { CountingRule, Move, VariantName } from '../bindings/index.js';

type Accept = (move: Move, game: Game) => boolean;

const roleOf = (game: Game, move: Move) => game.position.pieceAt(move.from)!.role;
/** A king move without capture: what the king-only rules count. */
const kingQuiet: Accept = (m, g) => !m.isCapture && roleOf(g, m) === 'king';
/** Any move without capture or promotion. */
const quiet: Accept = (m) => !m.isCapture && !m.promotes;

const hasMove = (game: Game, test: (m: Move) => boolean) => game.position.legalMoves().some(test);
const captureNext = (g: Game) => hasMove(g, (m) => m.isCapture);
const manStepNext = (g: Game) => hasMove(g, (m) => !m.isCapture && !m.promotes && g.position.pieceAt(m.from)!.role === 'man');
const promotionNext = (g: Game) => hasMove(g, (m) => !m.isCapture && m.promotes);

/**
 * Extends `game` by `plies` moves that `accept` allows, every position new and the game going on
 * (the last position may have ended it), the last position passing `goal`. Fails the test when
 * there is no such line.
 */
function walk(game: Game, plies: number, accept: Accept = kingQuiet, goal: (g: Game) => boolean = () => true): void {
  let budget = 20_000; // plies tried: the lines wanted here are found in a few hundred
  const search = (left: number): boolean => {
    if (left === 0) return goal(game);
    for (const move of game.legalMoves()) {
      if (!accept(move, game)) continue;
      if (--budget < 0) return false;
      game.play(move);
      const fresh = game.repetitions === 1 && (left === 1 || game.result.status === 'ongoing');
      if (fresh && search(left - 1)) return true;
      game.undo();
    }
    return false;
  };
  const from = game.position.toFen();
  assert.ok(search(plies), `no line of ${plies} plies from ${from}`);
}

function counter(game: Game, rule: CountingRule) {
  const found = game.counters.find((c) => c.rule === rule);
  assert.ok(found, `${game.variant} has no ${rule} counter`);
  return found;
}

function playFirst(game: Game, test: Accept): Move {
  const move = game.legalMoves().find((m) => test(m, game));
  assert.ok(move, `no such move in ${game.position.toFen()}`);
  return game.play(move);
}

/** One ply short of the limit, then the ply that reaches it: the draw, refused moves, and undo. */
function reachesLimit(variant: VariantName, fen: string, rule: CountingRule, limit: number, accept: Accept = kingQuiet): void {
  const game = new Game(variant, { fen });
  walk(game, limit, accept, (g) => g.result.reason === rule);
  assert.deepEqual(game.result, { status: 'draw', reason: rule });
  assert.equal(counter(game, rule).plies, limit);
  assert.equal(counter(game, rule).movesLeft, 0);
  assert.deepEqual(game.legalMoves(), []);
  const next = game.position.legalMoves()[0]!;
  assert.throws(() => game.play(next), (e: unknown) => e instanceof GameOverError && /game is over \(draw by the .* rule\)/.test(e.message) && e.result.reason === rule);
  assert.equal(game.ply, limit, 'a refused move changes nothing');

  game.undo(); // one ply short
  assert.deepEqual(game.result, { status: 'ongoing' });
  assert.equal(counter(game, rule).plies, limit - 1);
  assert.equal(counter(game, rule).movesLeft, 1);
  assert.ok(game.legalMoves().length > 0);
  game.redo();
  assert.equal(game.result.reason, rule);
}

/** The counter one ply short, then a ply of the kind `resets` finds: the counter is 0 again. */
function resetBy(variant: VariantName, fen: string, rule: CountingRule, limit: number, goal: (g: Game) => boolean, reset: Accept, accept: Accept = kingQuiet): Game {
  const game = new Game(variant, { fen });
  walk(game, limit - 1, accept, goal);
  assert.equal(counter(game, rule).plies, limit - 1);
  playFirst(game, reset);
  assert.equal(counter(game, rule).plies, 0, `${rule} after ${game.moves.at(-1)!.notation}`);
  assert.equal(game.result.status, 'ongoing');
  game.undo();
  assert.equal(counter(game, rule).plies, limit - 1, 'undo restores the counter');
  return game;
}

const isCapture: Accept = (m) => m.isCapture;
const manStep: Accept = (m, g) => !m.isCapture && !m.promotes && roleOf(g, m) === 'man';
const promotion: Accept = (m) => m.promotes;

// ---------------------------------------------------------------------------------------------

describe('threefold repetition', () => {
  // English, short kings: Black's king 1 <-> 5 and White's 29 <-> 25 bring the start back every 4 plies.
  const fen = 'B:WK29,K30,21:BK1,K2,12';
  const shuffle = ['1-5', '29-25', '5-1', '25-29'];

  test('the third occurrence draws; the second does not', () => {
    const game = new Game('english', { fen });
    const startKey = game.key;
    assert.equal(game.repetitions, 1);
    for (const m of shuffle) game.play(m);
    assert.equal(game.repetitions, 2);
    assert.equal(game.key, startKey);
    assert.ok(game.position.equals(game.start));
    for (const m of shuffle.slice(0, 3)) game.play(m);
    assert.deepEqual(game.result, { status: 'ongoing' }, 'one ply short');
    game.play(shuffle[3]!);
    assert.equal(game.repetitions, 3);
    assert.deepEqual(game.result, { status: 'draw', reason: 'threefold-repetition' });
    assert.throws(() => game.play('5-1'), GameOverError);
    game.undo();
    assert.equal(game.repetitions, 2, 'the position before (ply 7) occurred at ply 3 too');
    assert.equal(game.result.status, 'ongoing');
  });

  test('undo and redo restore the repetition count exactly', () => {
    const game = new Game('english', { fen });
    const counts: number[] = [game.repetitions];
    for (let i = 0; i < 8; i++) {
      game.play(shuffle[i % 4]!);
      counts.push(game.repetitions);
    }
    assert.deepEqual(counts, [1, 1, 1, 1, 2, 2, 2, 2, 3]);
    const back: number[] = [];
    while (game.canUndo) {
      back.unshift(game.repetitions);
      game.undo();
    }
    back.unshift(game.repetitions);
    assert.deepEqual(back, counts);
    while (game.canRedo) game.redo();
    assert.equal(game.result.reason, 'threefold-repetition');
  });

  test('the same pieces with the other side to move are another position', () => {
    // International: White's flying king goes round a1-c3-b2-a1 in three moves while Black's goes
    // f10-g9-f10 in two: after five plies the pieces stand as at the start, Black to move.
    const game = new Game('international', { fen: 'W:WK46,30:BK3,16' });
    for (const m of ['46-37', '3-9', '37-41', '9-3', '41-46']) game.play(m);
    assert.deepEqual(game.position.pieces(), game.start.pieces());
    assert.equal(game.turn, 'black');
    assert.notEqual(game.key, game.start.key());
    assert.equal(game.repetitions, 1);
    assert.ok(!game.position.equals(game.start));
  });

  test('a capture or a man move starts the comparison afresh', () => {
    const game = new Game('english', { fen });
    for (const m of shuffle) game.play(m);
    game.play('12-16'); // a man move: nothing before it can come back
    for (const m of ['29-25', '1-5', '25-29', '5-1']) game.play(m);
    assert.equal(game.repetitions, 2);
    assert.equal(game.result.status, 'ongoing');
  });

  test('repetition keys are the core Zobrist keys of the positions', () => {
    const game = new Game('english', { fen });
    for (const m of shuffle) {
      game.play(m);
      assert.equal(game.key, game.position.key());
      assert.equal(typeof game.key, 'bigint');
    }
  });
});

describe('international', () => {
  const kings = 'W:WKa1,Kc1,j4:BKj10,Kh10,a7'; // two kings and an edge man each
  test('25-move-kings: 49 king plies go on, the 50th draws', () => reachesLimit('international', kings, '25-move-kings', 50));
  test('25-move-kings: a capture resets it', () => {
    resetBy('international', kings, '25-move-kings', 50, captureNext, isCapture);
  });
  test('25-move-kings: a man move resets it', () => {
    resetBy('international', kings, '25-move-kings', 50, manStepNext, manStep);
  });

  const sixteen = 'W:WKa3,Kc1,j4:BKf10'; // lone king against two kings and a man
  test('16-move-endgame: the counter starts in the first position that fits', () => {
    const game = new Game('international', { fen: sixteen });
    assert.deepEqual({ ...counter(game, '16-move-endgame') }, { rule: '16-move-endgame', plies: 0, limit: 32, movesLeft: 16, applies: true });
    assert.equal(counter(game, '5-move-endgame').applies, false);
  });
  test('16-move-endgame: 31 plies go on, the 32nd draws', () => reachesLimit('international', sixteen, '16-move-endgame', 32));
  test('16-move-endgame: man moves count on (they do not reset it), the 25-move counter resets', () => {
    const game = new Game('international', { fen: sixteen });
    walk(game, 32, quiet, (g) => g.result.reason === '16-move-endgame' && g.moves.some((m, i) => g.positions[i]!.pieceAt(m.from)!.role === 'man'));
    assert.ok(counter(game, '25-move-kings').plies < 32);
  });
  test('16-move-endgame: a promotion keeps the count (the material still fits)', () => {
    const game = new Game('international', { fen: 'W:WKa3,Kc1,a9:BKf10' });
    walk(game, 20, kingQuiet, promotionNext);
    playFirst(game, promotion);
    assert.equal(counter(game, '16-move-endgame').plies, 21);
    assert.equal(counter(game, '25-move-kings').plies, 0, 'a man moved');
    walk(game, 11, kingQuiet, (g) => g.result.reason === '16-move-endgame');
  });
  test('16-move-endgame: a capture by the lone king leaves it, and the 5-move count starts', () => {
    const game = new Game('international', { fen: 'W:WKa3,Kc1,Ke1:BKf10' });
    walk(game, 25, kingQuiet, captureNext);
    assert.equal(game.turn, 'black');
    assert.equal(counter(game, '16-move-endgame').plies, 25);
    playFirst(game, isCapture);
    assert.deepEqual([counter(game, '16-move-endgame').plies, counter(game, '16-move-endgame').applies], [0, false]);
    assert.deepEqual([counter(game, '5-move-endgame').plies, counter(game, '5-move-endgame').applies], [0, true]);
    walk(game, 10, kingQuiet, (g) => g.result.reason === '5-move-endgame');
  });

  test('5-move-endgame: lone king against two kings, 9 plies go on, the 10th draws', () => reachesLimit('international', 'W:WKa3,Kc1:BKf10', '5-move-endgame', 10));
  test('5-move-endgame: king against king', () => reachesLimit('international', 'W:WKa3:BKf10', '5-move-endgame', 10));
  test('5-move-endgame: a lone king against a king and a man, whose moves count on', () => {
    const game = new Game('international', { fen: 'W:WKa3,j4:BKf10' });
    walk(game, 10, quiet, (g) => g.result.reason === '5-move-endgame' && g.positions.some((p) => p.pieceAt(30) === undefined));
  });
  test('no endgame rule without a king on the stronger side, or with two pieces on the weaker', () => {
    for (const fen of ['W:Wj4,a3,c1:BKf10', 'W:WKa3,Kc1:BKf10,a7']) {
      const game = new Game('international', { fen });
      assert.equal(counter(game, '16-move-endgame').applies, false, fen);
      assert.equal(counter(game, '5-move-endgame').applies, false, fen);
    }
  });
});

describe('spanish and czech: 25 moves of kings', () => {
  const spanish = 'W:WKb1,Kd1,a2:BKc8,Ke8,h7';
  const czech = 'W:WKa1,Kc1,h4:BKh8,Kf8,a5';
  test('spanish: the 50th king ply draws', () => reachesLimit('spanish', spanish, '25-move-kings', 50));
  test('spanish: a man move resets', () => {
    resetBy('spanish', spanish, '25-move-kings', 50, manStepNext, manStep);
  });
  test('czech: the 50th king ply draws', () => reachesLimit('czech', czech, '25-move-kings', 50));
  test('czech: a capture resets', () => {
    resetBy('czech', czech, '25-move-kings', 50, captureNext, isCapture);
  });
  test('no endgame rules', () => {
    assert.deepEqual(drawRules('spanish').rules, ['25-move-kings']);
    assert.deepEqual(drawRules('czech').rules, ['25-move-kings']);
  });
});

describe('italian: 40 moves without capture or promotion', () => {
  const fen = 'W:WKb1,Kd1,a2:BKc8,Ke8,h7';
  test('79 plies go on, the 80th draws', () => reachesLimit('italian', fen, '40-move', 80));
  test('man moves count: the 80th ply may be one', () => {
    const game = new Game('italian', { fen });
    walk(game, 79, kingQuiet, manStepNext);
    playFirst(game, manStep);
    assert.deepEqual(game.result, { status: 'draw', reason: '40-move' });
  });
  test('a promotion resets', () => {
    resetBy('italian', 'B:WKb1,Kd1,b7:BKe8,Kg8,h7', '40-move', 80, promotionNext, promotion);
  });
  test('a capture resets', () => {
    resetBy('italian', fen, '40-move', 80, captureNext, isCapture);
  });
});

describe('english: 40 moves without capture or man move', () => {
  const fen = 'B:WK29,K30,21:BK1,K2,12';
  test('79 plies go on, the 80th draws', () => reachesLimit('english', fen, '40-move', 80));
  test('a man move resets', () => {
    resetBy('english', fen, '40-move', 80, manStepNext, manStep);
  });
  test('a capture resets', () => {
    resetBy('english', fen, '40-move', 80, captureNext, isCapture);
  });
  test('a promotion (a man move) resets', () => {
    resetBy('english', 'B:WK29,K30,5:BK3,K4,28', '40-move', 80, promotionNext, promotion);
  });
});

for (const variant of ['russian', 'brazilian'] as const) {
  describe(`${variant}: 15 moves`, () => {
    const kings = 'W:WKa1,Kc1,h4:BKh8,Kf8,a5';
    test('15-move-kings: 29 plies go on, the 30th draws', () => reachesLimit(variant, kings, '15-move-kings', 30));
    test('15-move-kings: a man move resets', () => {
      resetBy(variant, kings, '15-move-kings', 30, manStepNext, manStep);
    });
    test('15-move-kings: a capture resets', () => {
      resetBy(variant, kings, '15-move-kings', 30, captureNext, isCapture);
    });
    test('15-move-kings applies only while both sides have kings', () => {
      assert.equal(counter(new Game(variant, { fen: 'W:WKa1,h4:Ba5,h8' }), '15-move-kings').applies, false);
      assert.equal(counter(new Game(variant, { fen: kings }), '15-move-kings').applies, true);
    });
    test('15-move-endgame: three kings against one, 29 plies go on, the 30th draws (reported before 15-move-kings)', () => {
      reachesLimit(variant, 'W:WKa3,Kc1,Ke1:BKf8', '15-move-endgame', 30);
    });
    test('15-move-endgame: man moves of the stronger side do not reset it', () => {
      const game = new Game(variant, { fen: 'W:WKa3,Kc1,Ke1,h2:BKf8' });
      walk(game, 30, quiet, (g) => g.result.reason === '15-move-endgame' && counter(g, '15-move-kings').plies < 30);
    });
    test('15-move-endgame: a capture by the lone king ends it', () => {
      const game = new Game(variant, { fen: 'W:WKa3,Kc1,Ke1:BKf8' });
      walk(game, 20, kingQuiet, captureNext);
      playFirst(game, isCapture);
      assert.deepEqual([counter(game, '15-move-endgame').plies, counter(game, '15-move-endgame').applies], [0, false]);
    });
  });
}

describe('counters', () => {
  test('every variant lists its rules, all at 0 at the start', () => {
    const expected: Record<VariantName, CountingRule[]> = {
      international: ['16-move-endgame', '5-move-endgame', '25-move-kings'],
      spanish: ['25-move-kings'],
      czech: ['25-move-kings'],
      italian: ['40-move'],
      english: ['40-move'],
      russian: ['15-move-endgame', '15-move-kings'],
      brazilian: ['15-move-endgame', '15-move-kings'],
    };
    for (const [variant, rules] of Object.entries(expected) as Array<[VariantName, CountingRule[]]>) {
      const game = new Game(variant);
      assert.deepEqual(game.counters.map((c) => c.rule), rules, variant);
      assert.ok(game.counters.every((c) => c.plies === 0 && c.movesLeft === c.limit / 2), variant);
    }
  });

  test('movesLeft rounds up the plies left to moves each', () => {
    const game = new Game('international', { fen: 'W:WKa3,Kc1:BKf10' });
    const left: number[] = [counter(game, '5-move-endgame').movesLeft];
    walk(game, 9);
    game.rewind();
    for (let i = 0; i < 9; i++) {
      game.redo();
      left.push(counter(game, '5-move-endgame').movesLeft);
    }
    assert.deepEqual(left, [5, 5, 4, 4, 3, 3, 2, 2, 1, 1]);
  });

  test('material of a position', () => {
    assert.deepEqual(materialOf(Position.fromFen('russian', 'W:WKa1,c3,e3:BKh8')), { white: { men: 2, kings: 1 }, black: { men: 0, kings: 1 } });
  });
});
