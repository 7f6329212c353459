// The draw rules of RULES.md section 5, per variant, played out on real games: each counter one
// ply short of its limit, exactly at it, and reset, restarted or dropped (or, where the rule
// says so, kept) by a capture, a man move, a promotion or the material leaving its class; the
// order of 5.3; repetition as a claim. The plies are found by a small depth-first search that
// plays only the kind of move a test asks for and never repeats a position, so that no other
// rule (a forced capture, a repetition) gets in the way; the search takes moves back with
// Game.undo, which these tests exercise as well. Squares: RULES.md 2 (8×8 standard: a1 = 29,
// h8 = 4; mirrored: square 1 at the top-left corner, 32 at the bottom-right).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, GameOverError, Position, drawRules, longDiagonal, materialOf, squareOfName, variantInfo } from '../bindings/index.js';
import type { CountingRule, GameOptions, Move, VariantName } from '../bindings/index.js';

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
function reachesLimit(variant: VariantName, fen: string, rule: CountingRule, limit: number, accept: Accept = kingQuiet, options: GameOptions = {}): Game {
  const game = new Game(variant, { ...options, fen });
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
  return game;
}

/** The counter one ply short, then a ply of the kind `resets` finds: the counter is 0 again. */
function resetBy(variant: VariantName, fen: string, rule: CountingRule, limit: number, goal: (g: Game) => boolean, reset: Accept, accept: Accept = kingQuiet, options: GameOptions = {}): Game {
  const game = new Game(variant, { ...options, fen });
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

/**
 * A lone (black) king against three white kings: `plies` king moves in class `from`, then the
 * lone king takes one (RULES.md 5.5): `from` is dropped, the 5-move-endgame count starts at 0
 * and draws 10 plies later.
 */
function captureIntoFiveMove(variant: VariantName, fen: string, from: CountingRule, plies: number): void {
  const game = new Game(variant, { fen });
  walk(game, plies, kingQuiet, captureNext);
  assert.equal(game.turn, 'black');
  assert.equal(counter(game, from).plies, plies);
  playFirst(game, isCapture);
  assert.deepEqual([counter(game, from).plies, counter(game, from).applies], [0, false]);
  assert.deepEqual([counter(game, '5-move-endgame').plies, counter(game, '5-move-endgame').applies], [0, true]);
  walk(game, 10, kingQuiet, (g) => g.result.reason === '5-move-endgame');
}
const manStep: Accept = (m, g) => !m.isCapture && !m.promotes && roleOf(g, m) === 'man';
const promotion: Accept = (m) => m.promotes;

// ---------------------------------------------------------------------------------------------

describe('threefold repetition', () => {
  // English, short kings: Black's king 1 <-> 5 and White's 29 <-> 25 bring the start back every 4 plies.
  const fen = 'B:WK29,K30,21:BK1,K2,12';
  const shuffle = ['1-5', '29-25', '5-1', '25-29'];

  test('the third occurrence makes a draw claimable and the game goes on; the second does not', () => {
    const game = new Game('english', { fen });
    const startKey = game.key;
    assert.equal(game.repetitions, 1);
    for (const m of shuffle) game.play(m);
    assert.equal(game.repetitions, 2);
    assert.equal(game.key, startKey);
    assert.ok(game.position.equals(game.start));
    for (const m of shuffle.slice(0, 3)) game.play(m);
    assert.equal(game.drawClaim, undefined, 'one ply short');
    game.play(shuffle[3]!);
    assert.equal(game.repetitions, 3);
    assert.deepEqual(game.result, { status: 'ongoing' });
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' });
    game.play('1-5');
    game.undo();
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' });
    game.undo();
    assert.equal(game.repetitions, 2, 'the position before (ply 7) occurred at ply 3 too');
    assert.equal(game.drawClaim, undefined);
  });

  test('automatic: the third occurrence draws at once', () => {
    const game = new Game('english', { fen, repetition: 'automatic' });
    for (const m of [...shuffle, ...shuffle.slice(0, 3)]) game.play(m);
    assert.deepEqual(game.result, { status: 'ongoing' }, 'one ply short');
    game.play(shuffle[3]!);
    assert.deepEqual(game.result, { status: 'draw', reason: 'threefold-repetition' });
    assert.throws(() => game.play('5-1'), GameOverError);
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
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' });
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
  test('25-move-kings: 49 king plies go on, the 50th draws', () => void reachesLimit('international', kings, '25-move-kings', 50));
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
  test('16-move-endgame: 31 plies go on, the 32nd draws', () => void reachesLimit('international', sixteen, '16-move-endgame', 32));
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
  test('16-move-endgame: a capture by the lone king leaves it, and the 5-move count starts (5.5, class to class)', () => {
    captureIntoFiveMove('international', 'W:WKa3,Kc1,Ke1:BKf10', '16-move-endgame', 25);
  });

  test('5-move-endgame: lone king against two kings, 9 plies go on, the 10th draws', () => void reachesLimit('international', 'W:WKa3,Kc1:BKf10', '5-move-endgame', 10));
  test('5-move-endgame: king against king', () => void reachesLimit('international', 'W:WKa3:BKf10', '5-move-endgame', 10));
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

/**
 * A rule that counts plies without capture or promotion (italian's 40-move, spanish's 20-move),
 * on the mirrored board both play on: kings and a man each, and Black's man one step from its
 * promotion for the promotion test.
 */
function withoutCaptureOrPromotion(variant: VariantName, rule: CountingRule, limit: number): void {
  const fen = 'W:WKb1,Kd1,a2:BKc8,Ke8,h7';
  test(`${rule}: ${limit - 1} plies go on, the ${limit}th draws`, () => void reachesLimit(variant, fen, rule, limit));
  test(`${rule}: man moves count on, the ${limit}th ply may be one`, () => {
    const game = new Game(variant, { fen });
    walk(game, limit - 1, kingQuiet, manStepNext);
    playFirst(game, manStep);
    assert.deepEqual(game.result, { status: 'draw', reason: rule });
  });
  test(`${rule}: a promotion resets`, () => {
    resetBy(variant, 'B:WKb1,Kd1,b7:BKe8,Kg8,h7', rule, limit, promotionNext, promotion);
  });
  test(`${rule}: a capture resets`, () => {
    resetBy(variant, fen, rule, limit, captureNext, isCapture);
  });
}

describe('italian: 40 moves without capture or promotion', () => withoutCaptureOrPromotion('italian', '40-move', 80));

/**
 * A rule that counts plies without capture or man move (english's 40-move, czech's 15-move, the
 * king-only rules of russian and brazilian):
 * from `fen` (kings and men each), and from `crowning` (a man one step from its promotion).
 */
function withoutCaptureOrManMove(variant: VariantName, rule: CountingRule, limit: number, fen: string, crowning: string): void {
  test(`${rule}: ${limit - 1} plies go on, the ${limit}th draws`, () => void reachesLimit(variant, fen, rule, limit));
  test(`${rule}: a man move resets`, () => {
    resetBy(variant, fen, rule, limit, manStepNext, manStep);
  });
  test(`${rule}: a capture resets`, () => {
    resetBy(variant, fen, rule, limit, captureNext, isCapture);
  });
  test(`${rule}: a promotion (a man move) resets`, () => {
    resetBy(variant, crowning, rule, limit, promotionNext, promotion);
  });
}

describe('english: 40 moves without capture or man move', () => withoutCaptureOrManMove('english', '40-move', 80, 'B:WK29,K30,21:BK1,K2,12', 'B:WK29,K30,5:BK3,K4,28'));


// ---------------------------------------------------------------------------------------------
// Helpers for the rules that look at the long diagonal and at runs of king moves.

/** The long diagonal of RULES.md 5.6, by square number. */
const diagonalOf = (variant: VariantName) => longDiagonal(variant);

/** A quiet king move, the lone (black) king keeping to the long diagonal. */
function loneKingOnDiagonal(variant: VariantName): Accept {
  return (m, g) => kingQuiet(m, g) && (g.turn === 'white' || diagonalOf(variant).has(m.to));
}

/** A quiet king move after which White still has a king on the long diagonal. */
function whiteKeepsDiagonal(variant: VariantName): Accept {
  const diagonal = diagonalOf(variant);
  return (m, g) => {
    if (!kingQuiet(m, g)) return false;
    if (g.turn === 'black' || diagonal.has(m.to)) return true;
    return g.position.pieces().some(({ square, piece }) => piece.color === 'white' && piece.role === 'king' && square !== m.from && diagonal.has(square));
  };
}

/**
 * `plies` plies that keep `rule`'s class (`stay`), a ply that leaves it (`leave`), a quiet king
 * move of the other side, a ply that comes back (`back`): the count is `plies`, then dropped
 * (0, not holding) for two plies, then 0 and holding, and counting on from 0.
 */
function droppedAndRestarted(game: Game, rule: CountingRule, plies: number, stay: Accept, leave: Accept, back: Accept): void {
  walk(game, plies + 3, (m, g) => (g.ply < plies ? stay(m, g) : g.ply === plies ? leave(m, g) : g.ply === plies + 1 ? kingQuiet(m, g) : back(m, g)));
  const seen = () => [counter(game, rule).plies, counter(game, rule).applies];
  assert.deepEqual(seen(), [0, true], 'back in the class: 0 again');
  game.undo();
  assert.deepEqual(seen(), [0, false]);
  game.undo();
  assert.deepEqual(seen(), [0, false], 'out of the class: dropped');
  game.undo();
  assert.deepEqual(seen(), [plies, true]);
  game.redo();
  game.redo();
  game.redo();
  walk(game, 1);
  assert.deepEqual(seen(), [1, true]);
}

/**
 * A move without capture or promotion that keeps `rule`, a king-only counter, below its limit:
 * king moves while it is under `limit - 2`, man moves only once it is near (so that men are not
 * used up early in a long line).
 */
function quietInTime(rule: CountingRule, limit: number): Accept {
  return (m, g) => {
    if (!quiet(m, g)) return false;
    const plies = counter(g, rule).plies;
    return roleOf(g, m) === 'king' ? plies < limit - 2 : plies >= limit - 8;
  };
}

describe('the long diagonal', () => {
  test('standard 8×8: a1–h8; mirrored (spanish): from square 1 to 32', () => {
    // RULES.md 2: on the standard board a1 is square 29 and h8 square 4; on the mirrored board
    // square 1 is the top-left corner and 32 the bottom-right, and row r holds 4r+1 … 4r+4.
    const names = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'];
    const standard = names.map((n) => squareOfName(variantInfo('russian'), n)!);
    assert.deepEqual(standard, [29, 25, 22, 18, 15, 11, 8, 4]);
    assert.deepEqual([...diagonalOf('russian')].sort((a, b) => a - b), [...standard].sort((a, b) => a - b));
    assert.deepEqual([...diagonalOf('spanish')].sort((a, b) => a - b), [1, 5, 10, 14, 19, 23, 28, 32]);
  });
});

describe('spanish: 20 moves, and three kings on the long diagonal (a decision, RULES.md 5.6)', () => {
  withoutCaptureOrPromotion('spanish', '20-move', 40);

  // Three white kings, one on e4 (square 19, on the diagonal), against Black's lone king on g8.
  const twelve = 'W:WK19,K29,K25:BK4';
  test('12-move-endgame: counted from the first position; 23 plies go on, the 24th draws', () => {
    assert.deepEqual({ ...counter(new Game('spanish', { fen: twelve }), '12-move-endgame') }, { rule: '12-move-endgame', plies: 0, limit: 24, movesLeft: 12, applies: true });
    const game = reachesLimit('spanish', twelve, '12-move-endgame', 24, whiteKeepsDiagonal('spanish'));
    assert.equal(counter(game, '20-move').plies, 24, 'the 20-move counter runs as well, further from its limit');
  });
  test('12-move-endgame: dropped when no king of the three stands on the diagonal, started again when one comes back', () => {
    const game = new Game('spanish', { fen: twelve });
    // White's kings on b1 and a2 move, off the diagonal; e4 stays.
    const offDiagonal: Accept = (m, g) => kingQuiet(m, g) && (g.turn === 'black' || (!diagonalOf('spanish').has(m.from) && !diagonalOf('spanish').has(m.to)));
    const leave: Accept = (m, g) => kingQuiet(m, g) && m.from === 19 && !diagonalOf('spanish').has(m.to);
    const enter: Accept = (m, g) => kingQuiet(m, g) && diagonalOf('spanish').has(m.to);
    // Six plies with e4 standing, ply 7 takes it off the diagonal, Black moves, ply 9 brings a king back.
    droppedAndRestarted(game, '12-move-endgame', 6, offDiagonal, leave, enter);
  });
  test('12-move-endgame: not with a man among the three, nor without a king on the diagonal', () => {
    for (const fen of ['W:WK19,K29,25:BK4', 'W:WK29,K25,K3:BK4']) {
      assert.equal(counter(new Game('spanish', { fen }), '12-move-endgame').applies, false, fen);
    }
  });
});

describe('czech: 15 moves without capture or man move', () => withoutCaptureOrManMove('czech', '15-move', 30, 'W:WKa1,Kc1,h4:BKh8,Kf8,a5', 'B:WKa1,Kc1,c7:BKh8,Kf8,a5'));

describe('russian: six independent counters', () => {
  const kings = 'W:WKa1,Kc1,h4:BKh8,Kf8,a5';
  withoutCaptureOrManMove('russian', '15-move-kings', 30, kings, 'B:WKa1,Kc1,c7:BKh8,Kf8,a5');
  test('15-move-kings applies only while both sides have kings', () => {
    assert.equal(counter(new Game('russian', { fen: 'W:WKa1,h4:Ba5,h8' }), '15-move-kings').applies, false);
    assert.equal(counter(new Game('russian', { fen: kings }), '15-move-kings').applies, true);
  });

  test('15-move-endgame: a capture that keeps the class (four kings to three) neither resets nor restarts it; the 30th ply draws', () => {
    // Black's lone king on f4 must take the king on e3 (landing d2 or c1, off the long diagonal):
    // four kings against one become three against one, still the class; the capture resets
    // 15-move-kings, so 15-move-endgame is the first to reach 30. The lone king keeps off the
    // long diagonal, where long-diagonal-endgame (5 moves) would end the game first.
    const game = new Game('russian', { fen: 'B:WKa7,Ke3,Kg1,Kh2:BKf4' });
    assert.equal(counter(game, '15-move-endgame').applies, true);
    const captured = playFirst(game, isCapture);
    assert.deepEqual(captured.captured, [squareOfName(variantInfo('russian'), 'e3')]);
    assert.equal(counter(game, '15-move-endgame').plies, 1);
    assert.equal(counter(game, '15-move-kings').plies, 0);
    const offDiagonal: Accept = (m, g) => kingQuiet(m, g) && (g.turn === 'white' || !diagonalOf('russian').has(m.to));
    walk(game, 29, offDiagonal, (g) => g.result.reason === '15-move-endgame');
    assert.deepEqual(game.result, { status: 'draw', reason: '15-move-endgame' });
    assert.equal(counter(game, '15-move-kings').plies, 29);
    game.undo();
    assert.deepEqual([game.result.status, counter(game, '15-move-endgame').plies], ['ongoing', 29], 'one ply short');
  });
  test('15-move-endgame: only kings on the stronger side', () => {
    assert.equal(counter(new Game('russian', { fen: 'W:WKa3,Kc1,Ke1,h2:BKf8' }), '15-move-endgame').applies, false);
  });
  test('15-move-endgame to 5-move-endgame: the lone king takes one of three kings, and the 5-move count starts at 0', () => {
    captureIntoFiveMove('russian', 'W:WKa7,Kc1,Kg1:BKh6', '15-move-endgame', 5);
  });

  test('5-move-endgame: lone king against two kings, 9 plies go on, the 10th draws', () => void reachesLimit('russian', 'W:WKc1,Ke1:BKf8', '5-move-endgame', 10));
  test('5-move-endgame: a lone king against a king and a man, whose moves count on', () => {
    const game = new Game('russian', { fen: 'W:WKc1,h4:BKf8' });
    walk(game, 10, quiet, (g) => g.result.reason === '5-move-endgame' && g.positions.some((p) => p.pieceAt(squareOfName(variantInfo('russian'), 'h4')!) === undefined));
  });

  // Black's lone king on e5, on the long diagonal, against a king and two men.
  const diagonal = 'W:WKa7,g3,h2:BKe5';
  test('long-diagonal-endgame: 9 plies go on, the 10th draws', () => {
    const start = new Game('russian', { fen: diagonal });
    assert.equal(counter(start, 'long-diagonal-endgame').applies, true);
    assert.equal(counter(start, '15-move-endgame').applies, false, 'men on the stronger side');
    reachesLimit('russian', diagonal, 'long-diagonal-endgame', 10, loneKingOnDiagonal('russian'));
  });
  test('long-diagonal-endgame: dropped when the lone king leaves the diagonal, started again when it comes back', () => {
    const game = new Game('russian', { fen: diagonal });
    const leave: Accept = (m, g) => kingQuiet(m, g) && !diagonalOf('russian').has(m.to);
    const back: Accept = (m, g) => kingQuiet(m, g) && diagonalOf('russian').has(m.to);
    // Five plies on the diagonal, Black's king leaves on ply 6, White moves, it comes back on ply 8.
    droppedAndRestarted(game, 'long-diagonal-endgame', 5, loneKingOnDiagonal('russian'), leave, back);
  });
  test('long-diagonal-endgame: not off the diagonal, nor against two pieces', () => {
    for (const fen of ['W:WKa7,g3,h2:BKf4', 'W:WKa7,h2:BKe5']) {
      assert.equal(counter(new Game('russian', { fen }), 'long-diagonal-endgame').applies, false, fen);
    }
  });

  // Both sides with a king and a man (4 pieces): 30-move-endgame; one more man each (6): 60.
  const four = 'W:WKa3,g1:BKh6,b8';
  const six = 'W:WKa3,g1,e1:BKh6,b8,d8';
  const inTime = quietInTime('15-move-kings', 30);
  test('30-move-endgame: man moves count on; 59 plies go on, the 60th draws', () => {
    const game = reachesLimit('russian', four, '30-move-endgame', 60, inTime);
    assert.ok(game.moves.some((m, i) => game.positions[i]!.pieceAt(m.from)!.role === 'man'), 'men moved');
  });
  test('30-move-endgame: a promotion resets', () => {
    resetBy('russian', 'B:WKa3,g1,c7:BKh6,f8', '30-move-endgame', 60, promotionNext, promotion, inTime);
  });
  test('30-move-endgame: a capture resets', () => {
    resetBy('russian', four, '30-move-endgame', 60, captureNext, isCapture, inTime);
  });
  test('60-move-endgame: 119 plies go on, the 120th draws', () => void reachesLimit('russian', six, '60-move-endgame', 120, inTime));
  test('60-move-endgame to 30-move-endgame: a capture from six pieces to five starts the 30-move count', () => {
    // White's man on c3 must take d4 (landing e5): six pieces with a king each become five.
    const game = new Game('russian', { fen: 'W:WKa3,c3,g1:BKh6,d4,b8' });
    assert.deepEqual(game.counters.filter((c) => c.applies).map((c) => c.rule), ['15-move-kings', '60-move-endgame']);
    playFirst(game, isCapture);
    assert.deepEqual([counter(game, '60-move-endgame').plies, counter(game, '60-move-endgame').applies], [0, false]);
    assert.deepEqual([counter(game, '30-move-endgame').plies, counter(game, '30-move-endgame').applies], [0, true]);
    walk(game, 4, inTime);
    assert.equal(counter(game, '30-move-endgame').plies, 4);
  });
  test('30- and 60-move-endgame need a king on both sides', () => {
    for (const fen of ['W:WKa1,e1:Bh8,d8', 'W:Wa1,c1,e1:BKh8,d8,f8']) {
      const game = new Game('russian', { fen });
      assert.equal(counter(game, '30-move-endgame').applies || counter(game, '60-move-endgame').applies, false, fen);
    }
  });
});

describe('brazilian: the CBD rules by default, the russian set on request', () => {
  const kings = 'W:WKa1,Kc1,h4:BKh8,Kf8,a5';
  withoutCaptureOrManMove('brazilian', '20-move-kings', 40, kings, 'B:WKa1,Kc1,c7:BKh8,Kf8,a5');
  test('5-move-endgame: two kings against two, 9 plies go on, the 10th draws', () => void reachesLimit('brazilian', 'W:WKa1,Kc1:BKh8,Kf8', '5-move-endgame', 10));
  test('5-move-endgame: king against king and man, whose moves and promotion count on', () => {
    // White's man on g7 crowns on f8 or h8: king and man against king becomes two kings against
    // one, both in the class.
    const game = new Game('brazilian', { fen: 'W:WKa1,g7:BKd8' });
    const noCapture: Accept = (m) => !m.isCapture;
    walk(game, 10, noCapture, (g) => g.result.reason === '5-move-endgame' && g.moves.some((m) => m.promotes));
    assert.equal(materialOf(game.position).white.kings, 2);
  });
  test('5-move-endgame: every configuration of the CBD list, either side, and no other', () => {
    const inClass = ['W:WKa1,Kc1:BKh8,Kf8', 'W:WKa1,Kc1:BKh8', 'W:WKa1:BKh8,Kf8', 'W:WKa1,Kc1:BKh8,d6', 'W:WKa1,c3:BKh8,Kf8', 'W:WKa1:BKh8', 'W:WKa1:BKh8,d6', 'W:WKa1,c3:BKh8'];
    const outside = ['W:WKa1,Kc1,Ke1:BKh8', 'W:WKa1,c3:BKh8,d6', 'W:WKa1,Kc1,c3:BKh8', 'W:WKa1,Kc1:BKh8,Kf8,d6', 'W:Wa1,c3:BKh8'];
    for (const fen of inClass) assert.equal(counter(new Game('brazilian', { fen }), '5-move-endgame').applies, true, fen);
    for (const fen of outside) assert.equal(counter(new Game('brazilian', { fen }), '5-move-endgame').applies, false, fen);
  });
  test('5-move-endgame: a capture into the class starts the count at 0', () => {
    // Black's king on f4 must take e3 (landing d2): three kings against two become two against two.
    const game = new Game('brazilian', { fen: 'B:WKa1,Kc1,Ke3:BKf4,Kh8' });
    assert.equal(counter(game, '5-move-endgame').applies, false);
    playFirst(game, isCapture);
    assert.deepEqual([counter(game, '5-move-endgame').plies, counter(game, '5-move-endgame').applies], [0, true]);
  });
  test('brazilianRules: "russian" gives the russian counters', () => {
    const game = new Game('brazilian', { brazilianRules: 'russian' });
    assert.deepEqual(game.counters.map((c) => c.rule), drawRules('russian').rules);
    reachesLimit('brazilian', kings, '15-move-kings', 30, kingQuiet, { brazilianRules: 'russian' });
    reachesLimit('brazilian', 'W:WKa7,g3,h2:BKe5', 'long-diagonal-endgame', 10, loneKingOnDiagonal('brazilian'), { brazilianRules: 'russian' });
  });
});

describe('the order of RULES.md 5.3', () => {
  // Italian (mirrored board, short kings, men never capture kings). Black's king shuttles
  // 32-28-32 in the corner, White's 1-5-1: no capture, no promotion, so the 40-move counter
  // reaches 80 on ply 80. White's men on 31, 23 and 19 cannot take the king (a man never
  // takes a king in italian), and the king cannot take them: behind 23 stands 19, behind 31 the
  // edge. With the king back on 32 after ply 79, White's 31-28 shuts it in: 28 is taken and 23
  // stands behind it, so Black has no move, on the very ply that reaches the limit.
  const fen = 'B:WK1,19,23,31:BK32';
  const line = Array.from({ length: 79 }, (_, ply) => (ply % 2 === 0 ? (ply % 4 === 0 ? '32-28' : '28-32') : ply % 4 === 1 ? '1-5' : '5-1'));
  test('a move that leaves the opponent without a move wins, even on the ply that reaches a limit', () => {
    const game = new Game('italian', { fen });
    for (const move of line) game.play(move);
    assert.deepEqual([game.result.status, counter(game, '40-move').plies], ['ongoing', 79], 'one ply short');
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' }, 'the shuttle repeats: claimable, not ended');
    game.play('31-28');
    assert.equal(counter(game, '40-move').plies, 80);
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    game.undo();
    game.play('5-1');
    assert.deepEqual(game.result, { status: 'draw', reason: '40-move' }, 'any other move draws');
    assert.equal(game.drawClaim, undefined, 'a game over offers no claim');
  });
  test('with automatic repetition, the repetition comes first', () => {
    const game = new Game('italian', { fen, repetition: 'automatic' });
    for (const move of line.slice(0, 8)) game.play(move);
    assert.deepEqual(game.result, { status: 'draw', reason: 'threefold-repetition' });
  });
  test('two counters reached on the same ply: the one listed first', () => {
    // Russian, three kings against a lone king off the long diagonal, only king moves: 15-move-kings
    // and 15-move-endgame both count every ply from 0 and reach 30 together.
    const game = new Game('russian', { fen: 'W:WKa3,Kc1,Ke1:BKf8' });
    const offDiagonal: Accept = (m, g) => kingQuiet(m, g) && (g.turn === 'white' || !diagonalOf('russian').has(m.to));
    walk(game, 30, offDiagonal, (g) => g.result.status !== 'ongoing');
    assert.deepEqual([counter(game, '15-move-kings').plies, counter(game, '15-move-endgame').plies], [30, 30]);
    assert.deepEqual(game.result, { status: 'draw', reason: '15-move-kings' });
  });
});

describe('counters', () => {
  test('every variant lists its rules in the order of RULES.md 5.6, all at 0 at the start', () => {
    const expected: Record<VariantName, CountingRule[]> = {
      international: ['25-move-kings', '16-move-endgame', '5-move-endgame'],
      russian: ['15-move-kings', '15-move-endgame', '5-move-endgame', 'long-diagonal-endgame', '30-move-endgame', '60-move-endgame'],
      brazilian: ['20-move-kings', '5-move-endgame'],
      english: ['40-move'],
      italian: ['40-move'],
      spanish: ['20-move', '12-move-endgame'],
      czech: ['15-move'],
      // RULES-more-variants.md: killer as international; none settled for pool and thai, none for the other two.
      killer: ['25-move-kings', '16-move-endgame', '5-move-endgame'],
      pool: [],
      thai: [],
      antidraughts: [],
      breakthrough: [],
      // RULES-more-variants.md 4: turkish's draw rules are not settled.
      turkish: [],
      // RULES-more-variants.md 5 and 6: two kings against one, one king against one.
      frisian: ['7-move-endgame', '2-move-endgame'],
      frysk: ['7-move-endgame', '2-move-endgame'],
      // RULES-more-variants.md 8: canadian's end and draw rules are international's.
      canadian: ['25-move-kings', '16-move-endgame', '5-move-endgame'],
    };
    for (const [variant, rules] of Object.entries(expected) as Array<[VariantName, CountingRule[]]>) {
      const game = new Game(variant);
      assert.deepEqual(game.counters.map((c) => c.rule), rules, variant);
      assert.ok(game.counters.every((c) => c.plies === 0 && c.movesLeft === c.limit / 2 && Object.isFrozen(c)), variant);
    }
    const limits = Object.fromEntries(new Game('russian').counters.map((c) => [c.rule, c.limit]));
    // RULES.md 5.6 in plies: 15, 15, 5, 5, 30 and 60 moves each.
    assert.deepEqual(limits, { '15-move-kings': 30, '15-move-endgame': 30, '5-move-endgame': 10, 'long-diagonal-endgame': 10, '30-move-endgame': 60, '60-move-endgame': 120 });
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
