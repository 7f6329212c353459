// The Game: history, play/undo/redo, refused moves that change nothing, the end of the game
// (RULES.md 5), and the snapshot every ply keeps so that undo and redo restore all of it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { DraughtsError, DrawClaimError, FenError, Game, GameOptionError, GameOverError, IllegalMoveError, NotationError, Position, VARIANTS, describeResult } from '../bindings/index.js';
import type { Move, VariantName } from '../bindings/index.js';

/** Everything a UI reads from a game, to compare two moments of it. */
function snapshot(game: Game) {
  return {
    ply: game.ply,
    fen: game.position.toFen(),
    turn: game.turn,
    key: game.key,
    moves: game.moves.map((m) => m.notation),
    result: game.result,
    counters: game.counters,
    repetitions: game.repetitions,
    drawClaim: game.drawClaim,
    legal: game.legalMoves().map((m) => m.notation),
  };
}

/** A small deterministic generator, to pick moves. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('a new game', () => {
  test('starts from the variant start position, or from a FEN', () => {
    const game = new Game('international');
    assert.equal(game.variant, 'international');
    assert.ok(game.start.equals(Position.initial('international')));
    assert.ok(game.position.equals(game.start));
    assert.equal(game.ply, 0);
    assert.deepEqual(game.moves, []);
    assert.equal(game.turn, 'white');
    assert.deepEqual(game.result, { status: 'ongoing' });
    assert.equal(game.isOver, false);
    assert.deepEqual(game.legalMoves(), game.position.legalMoves());
    assert.equal(new Game('english').turn, 'black');

    const set = new Game('russian', { fen: 'W:Wa1,c3:Bh8,f6' });
    assert.equal(set.start.toFen(), Position.fromFen('russian', 'W:Wa1,c3:Bh8,f6').toFen());
    assert.throws(() => new Game('russian', { fen: 'W:Wz9' }), FenError);
  });

  test('fromPosition keeps the position and its rule options', () => {
    const position = Position.fromFen('brazilian', 'W:Wc3:Bd4,f6', { optionalCapture: true });
    const game = Game.fromPosition(position);
    assert.ok(game.start.equals(position));
    assert.ok(game.position.optionalCapture);
    assert.ok(game.legalMoves().some((m) => !m.isCapture), 'captures are optional');
  });

  test('a Position given where the variant name belongs is refused with the call to make instead', () => {
    const position = Position.initial('english');
    assert.throws(() => new Game(position as unknown as VariantName), (e: unknown) => e instanceof DraughtsError && /Game\.fromPosition/.test((e as Error).message));
  });
});

describe('play', () => {
  test('takes move text or a listed Move and returns the legal move played', () => {
    const game = new Game('english');
    const first = game.play('11-15');
    assert.equal(first.notation, '11-15');
    assert.equal(first.from, 11);
    const listed = game.legalMoves().find((m) => m.notation === '23-19')!;
    assert.equal(game.play(listed), listed);
    const expected = Position.initial('english').play('11-15').play('23-19');
    assert.ok(game.position.equals(expected));
    assert.deepEqual(game.moves.map((m) => m.notation), ['11-15', '23-19']);
    assert.equal(game.positions.length, 3);
    assert.ok(game.positions[1]!.equals(Position.initial('english').play('11-15')));
  });

  test('resolves a capture written origin-to-destination and takes a full path', () => {
    // English: Black's man on 2 takes two men to 18 either by 9 (6 and 14) or by 11 (7 and 15).
    const game = new Game('english', { fen: 'B:W6,7,14,15:B2' });
    assert.throws(() => game.play('2x18'), (e: unknown) => e instanceof NotationError && /2x18 fits 2 legal moves \(2x9x18, 2x11x18\)/.test(e.message));
    assert.equal(game.ply, 0);
    const played = game.play('2x11x18');
    assert.deepEqual(played.captured, [7, 15]);
    assert.equal(played.notation, '2x11x18');
    const loop = new Game('international', { fen: 'W:WK38:B18,19,32,33' });
    assert.deepEqual(loop.play('38x38').captured, [18, 19, 32, 33]);
  });

  test('an illegal or unreadable move throws a typed error and changes nothing', () => {
    const game = new Game('international');
    game.play('32-28');
    game.play('19-23');
    game.undo(); // Black to move, with 19-23 to redo: a refused move must keep that too
    const before = snapshot(game);
    const future = game.future;
    const cases: Array<[unknown, new (...args: never[]) => Error]> = [
      ['32-28', IllegalMoveError], // square 32 is empty now
      ['31-27', IllegalMoveError], // White's man, Black to move
      ['19-14', IllegalMoveError], // a man does not step backwards
      ['99-98', NotationError],
      ['hello', NotationError],
      ['', NotationError],
      [{ from: 17, to: 22, captured: [28], path: [17, 22] }, IllegalMoveError],
    ];
    for (const [move, type] of cases) {
      assert.throws(() => game.play(move as Move), (e: unknown) => e instanceof type && e instanceof DraughtsError, String(JSON.stringify(move)));
      assert.deepEqual(snapshot(game), before);
      assert.deepEqual(game.future.map((m) => m.notation), future.map((m) => m.notation));
    }
  });
});

describe('undo and redo', () => {
  test('walk the history both ways', () => {
    const game = new Game('english');
    assert.equal(game.undo(), undefined);
    assert.equal(game.redo(), undefined);
    const texts = ['11-15', '23-19', '8-11', '22-17'];
    const snapshots = [snapshot(game)];
    for (const t of texts) {
      game.play(t);
      snapshots.push(snapshot(game));
    }
    for (let i = texts.length - 1; i >= 0; i--) {
      assert.equal(game.undo()!.notation, texts[i]);
      assert.deepEqual(snapshot(game), snapshots[i]);
    }
    assert.equal(game.canUndo, false);
    assert.deepEqual(game.future.map((m) => m.notation), texts);
    for (let i = 0; i < texts.length; i++) {
      assert.equal(game.redo()!.notation, texts[i]);
      assert.deepEqual(snapshot(game), snapshots[i + 1]);
    }
    assert.equal(game.canRedo, false);
  });

  test('playing the next move of the future keeps the rest of it; another move drops it', () => {
    const game = new Game('english');
    for (const t of ['11-15', '23-19', '8-11']) game.play(t);
    game.rewind();
    game.play('11-15');
    assert.deepEqual(game.future.map((m) => m.notation), ['23-19', '8-11']);
    game.play('24-20');
    assert.deepEqual(game.future, []);
    assert.equal(game.canRedo, false);
  });

  // Positions with kings and men for every variant, where random play keeps the counters busy.
  const KINGS: Record<VariantName, string> = {
    english: 'B:WK29,K30,21,22:BK1,K2,11,12',
    italian: 'W:WKb1,Kd1,a2,b3:BKc8,Ke8,h7,g6',
    spanish: 'W:WKb1,Kd1,a2,b3:BKc8,Ke8,h7,g6',
    international: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    russian: 'W:WKa1,Kc1,h4,g3:BKh8,Kf8,a5,b6',
    brazilian: 'W:WKa1,Kc1,h4,g3:BKh8,Kf8,a5,b6',
    czech: 'W:WKa1,Kc1,h4,g3:BKh8,Kf8,a5,b6',
    pool: 'B:WK29,K30,21,22:BK1,K2,11,12',
    thai: 'W:WKa1,Kc1,h4,g3:BKh8,Kf8,a5,b6',
    killer: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    antidraughts: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    breakthrough: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    turkish: 'W:WKa1,Kc1,h4,g3,b2:BKh8,Kf8,a5,b6,g7',
    frisian: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    frysk: 'W:WKa1,Kc1,j4,h2:BKj10,Kh10,a7,c9',
    canadian: 'W:WKa1,Kc1,l4,j2:BKl12,Kj12,a9,c11',
  };
  const starts = VARIANTS.flatMap((variant) => [1, 2, 3].flatMap((seed) => [{ variant, seed, fen: undefined }, { variant, seed, fen: KINGS[variant] }]));

  test('restore every counter, key, repetition count and result exactly, over random games in every variant', () => {
    const ends = new Set<string>();
    for (const { variant, seed, fen } of starts) {
      const random = lcg(seed);
      // Automatic repetition, so that some games end by it (claims are tested below).
      const options = { repetition: 'automatic' as const, ...(fen !== undefined && { fen }) };
      const game = new Game(variant, options);
      const snapshots = [snapshot(game)];
      while (!game.isOver && game.ply < 250) {
        const moves = game.legalMoves();
        // Prefer king moves once there are kings, so the king-only counters get going.
        const kings = moves.filter((m) => game.position.pieceAt(m.from)!.role === 'king' && !m.isCapture);
        const pool = kings.length > 0 && random() < 0.8 ? kings : moves;
        game.play(pool[Math.floor(random() * pool.length)]!);
        snapshots.push(snapshot(game));
      }
      ends.add(game.result.reason ?? 'ongoing');
      while (game.canUndo) {
        game.undo();
        assert.deepEqual(snapshot(game), snapshots[game.ply], `${variant} undo to ply ${game.ply}`);
      }
      while (game.canRedo) {
        game.redo();
        assert.deepEqual(snapshot(game), snapshots[game.ply], `${variant} redo to ply ${game.ply}`);
      }
      // Playing the same moves again from the start gives the same states.
      const again = new Game(variant, options);
      for (const move of game.moves) {
        again.play(move.notation);
        assert.deepEqual(snapshot(again), snapshots[again.ply], `${variant} replay to ply ${again.ply}`);
      }
    }
    assert.ok(ends.has('no-moves') && ends.has('threefold-repetition'), [...ends].join(', '));
  });
});

describe('the end of the game', () => {
  test('the side to move without a legal move loses: no pieces left', () => {
    const game = new Game('international', { fen: 'W:W33:B28' });
    const captured = game.play('33x22');
    assert.deepEqual(captured.captured, [28]);
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.equal(game.isOver, true);
    assert.deepEqual(game.legalMoves(), []);
    assert.throws(
      () => game.play('22-17'),
      (e: unknown) => e instanceof GameOverError && e instanceof DraughtsError && e.message === 'cannot play 22-17: the game is over (white won: black has no legal move)' && e.result.winner === 'white',
    );
    assert.equal(game.ply, 1);
    game.undo();
    assert.deepEqual(game.result, { status: 'ongoing' });
  });

  test('the side to move without a legal move loses: all blocked, even in the start position of a set-up game', () => {
    // English: Black's man on 28 can only go to 32, where White's man stands, with no square behind it.
    const game = new Game('english', { fen: 'B:W32:B28' });
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.throws(() => game.play('28-32'), GameOverError);
  });

  test('a drawn game refuses moves, unless playAfterDraw, where the first draw stands', () => {
    const shuffle = ['1-5', '29-25', '5-1', '25-29', '1-5', '29-25', '5-1', '25-29'];
    const strict = new Game('english', { fen: 'B:WK29,K30,21:BK1,K2,12', repetition: 'automatic' });
    for (const t of shuffle) strict.play(t);
    assert.equal(strict.result.reason, 'threefold-repetition');
    assert.throws(() => strict.play('1-5'), (e: unknown) => e instanceof GameOverError && /the game is over \(draw by threefold repetition\)/.test(e.message));

    const lenient = new Game('english', { fen: 'B:WK29,K30,21:BK1,K2,12', repetition: 'automatic', playAfterDraw: true });
    for (const t of shuffle) lenient.play(t);
    assert.ok(lenient.legalMoves().length > 0);
    lenient.play('12-16');
    assert.deepEqual(lenient.result, { status: 'draw', reason: 'threefold-repetition' });
    assert.equal(lenient.repetitions, 1);
    lenient.undo();
    lenient.undo();
    assert.deepEqual(lenient.result, { status: 'ongoing' });
  });

  test('results read as sentences', () => {
    assert.equal(describeResult({ status: 'ongoing' }), 'ongoing');
    assert.equal(describeResult({ status: 'draw', reason: 'threefold-repetition' }), 'draw by threefold repetition');
    assert.equal(describeResult({ status: 'draw', reason: 'threefold-repetition', claimed: true }), 'draw by threefold repetition (claimed)');
    assert.equal(describeResult({ status: 'win', winner: 'black', reason: 'no-moves' }), 'black won: white has no legal move');
    assert.equal(describeResult({ status: 'draw', reason: '25-move-kings' }), 'draw by the 25-move-kings rule');
    assert.equal(String(new Game('czech')), 'czech game, 0 plies, W:W21-32:B1-12, ongoing');
  });
});

describe('the end of the further variants (RULES-more-variants.md 9)', () => {
  test('antidraughts: the side left without a move wins; international: it loses', () => {
    // White must take 33x22, the only move; Black then has no piece and so no move.
    const anti = new Game('antidraughts', { fen: 'W:W33:B28' });
    anti.play('33x22');
    assert.deepEqual(anti.result, { status: 'win', winner: 'black', reason: 'no-moves' });
    assert.equal(describeResult(anti.result, 'antidraughts'), 'black won: black has no legal move');
    assert.throws(() => anti.play('22-17'), GameOverError);
    const international = new Game('international', { fen: 'W:W33:B28' });
    international.play('33x22');
    assert.deepEqual(international.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    // Blocked, not bare: White's man 46 (bottom-left corner) cannot step to 41, where Black's
    // man stands, and has no capture (the square behind 41, 37, is Black's too): White wins.
    assert.deepEqual(new Game('antidraughts', { fen: 'W:W46:B37,41' }).result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.equal(new Game('antidraughts').isOver, false);
    assert.deepEqual(new Game('antidraughts').counters, []);
  });

  test('breakthrough: the first king wins at once, though the other side could still move', () => {
    // White's man 6 steps to 1 on the far row: crowned, White wins; Black's man 45 had moves.
    const game = new Game('breakthrough', { fen: 'W:W6:B45' });
    game.play('6-1');
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'breakthrough' });
    assert.equal(describeResult(game.result, 'breakthrough'), 'white won: white made the first king');
    // A man crowned at the end of a capture: Black's man 39 (r7 c6) over White's 44 (r8 c7)
    // lands on 50 (r9 c8), Black's far row.
    const capture = new Game('breakthrough', { fen: 'B:W44,31:B39' });
    capture.play('39x50');
    assert.deepEqual(capture.result, { status: 'win', winner: 'black', reason: 'breakthrough' });
    // Kings already on the board from a set-up do not end it; a move without a crowning goes on.
    const kings = new Game('breakthrough', { fen: 'W:WK1,33:BK50,16' });
    kings.play('33-28');
    assert.equal(kings.isOver, false);
    // No move still loses, as usual.
    assert.deepEqual(new Game('breakthrough', { fen: 'W:W46:B37,41' }).result, { status: 'win', winner: 'black', reason: 'no-moves' });
  });

  test('pool, thai and killer end as the other variants: no move loses', () => {
    assert.deepEqual(new Game('pool', { fen: 'B:W22:B' }).result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.deepEqual(new Game('thai', { fen: 'W:W29:B25,22' }).result, { status: 'win', winner: 'black', reason: 'no-moves' });
    assert.deepEqual(new Game('killer', { fen: 'B:W22:B' }).result, { status: 'win', winner: 'white', reason: 'no-moves' });
  });
});

describe('a draw by repetition is a claim (RULES.md 5.4)', () => {
  // English, short kings: Black's king 1 <-> 5 and White's 29 <-> 25 bring the start position
  // back after every 4 plies, so it occurs for the third time after ply 8.
  const fen = 'B:WK29,K30,21:BK1,K2,12';
  const shuffle = ['1-5', '29-25', '5-1', '25-29'];
  const third = () => {
    const game = new Game('english', { fen });
    for (let i = 0; i < 8; i++) game.play(shuffle[i % 4]!);
    assert.equal(game.repetitions, 3);
    return game;
  };

  test('the third occurrence leaves the game going and offers the claim; the game goes on', () => {
    const game = third();
    assert.deepEqual(game.result, { status: 'ongoing' });
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' });
    assert.ok(game.legalMoves().length > 0);
    game.play('1-5'); // ply 9 stands as ply 5 and ply 1 did: a third occurrence as well
    assert.deepEqual(game.drawClaim, { reason: 'threefold-repetition' });
    game.play('21-17'); // a man move: a new position, no claim
    assert.equal(game.drawClaim, undefined);
    assert.equal(game.result.status, 'ongoing');
  });

  test('claimDraw ends the game; undo takes the claim back, redo makes it again', () => {
    const game = third();
    const before = snapshot(game);
    assert.deepEqual(game.claimDraw(), { status: 'draw', reason: 'threefold-repetition', claimed: true });
    assert.deepEqual(game.result, { status: 'draw', reason: 'threefold-repetition', claimed: true });
    assert.equal(game.isOver, true);
    assert.equal(game.drawClaim, undefined);
    assert.deepEqual(game.legalMoves(), []);
    assert.equal(game.ply, 8, 'a claim is no ply');
    assert.throws(() => game.play('1-5'), (e: unknown) => e instanceof GameOverError && /game is over \(draw by threefold repetition \(claimed\)\)/.test(e.message));
    assert.ok(game.canUndo);
    assert.equal(game.undo(), undefined, 'the claim is no move');
    assert.deepEqual(snapshot(game), before);
    assert.ok(game.canRedo);
    assert.equal(game.future.length, 0, 'a claim is no move of the future');
    game.redo();
    assert.equal(game.result.claimed, true);
    game.undo();
    assert.equal(game.undo()!.notation, '25-29', 'the next undo takes back the last move');
    assert.equal(game.drawClaim, undefined, 'two occurrences only');
    assert.deepEqual(game.future.map((m) => m.notation), ['25-29']);
    game.redo();
    game.redo();
    assert.equal(game.result.claimed, true, 'redo plays the move, then makes the claim');
    game.rewind();
    assert.equal(game.ply, 0);
    assert.equal(game.result.status, 'ongoing');
  });

  test('claiming again, or playing a move, after undoing the claim', () => {
    const game = third();
    game.claimDraw();
    game.undo();
    game.claimDraw();
    assert.equal(game.canRedo, false);
    game.undo();
    game.play('1-5');
    assert.equal(game.canRedo, false, 'a move drops the claim taken back');
    assert.equal(game.result.status, 'ongoing');
  });

  test('no claim to make: a typed error that says why, and nothing changes', () => {
    const game = new Game('english', { fen });
    for (const m of shuffle) game.play(m);
    const before = snapshot(game);
    assert.throws(
      () => game.claimDraw(),
      (e: unknown) => e instanceof DrawClaimError && e instanceof DraughtsError && e.repetitions === 2 && e.message === 'no draw can be claimed: the current position has occurred twice; a draw by repetition can be claimed from its third occurrence',
    );
    assert.deepEqual(snapshot(game), before);
    const won = new Game('english', { fen: 'B:W32:B28' });
    assert.throws(() => won.claimDraw(), (e: unknown) => e instanceof DrawClaimError && /the game is over \(white won: black has no legal move\)/.test(e.message));
    const claimed = third();
    claimed.claimDraw();
    assert.throws(() => claimed.claimDraw(), DrawClaimError);
  });

  test('repetition: "automatic" ends the game at the third occurrence, with nothing to claim', () => {
    const game = new Game('english', { fen, repetition: 'automatic' });
    for (let i = 0; i < 7; i++) game.play(shuffle[i % 4]!);
    assert.deepEqual(game.result, { status: 'ongoing' }, 'one ply short');
    game.play(shuffle[3]!);
    assert.deepEqual(game.result, { status: 'draw', reason: 'threefold-repetition' });
    assert.equal(game.drawClaim, undefined);
    assert.throws(() => game.claimDraw(), DrawClaimError);
  });

  test('playAfterDraw does not reopen a claimed draw', () => {
    const game = new Game('english', { fen, playAfterDraw: true });
    for (let i = 0; i < 8; i++) game.play(shuffle[i % 4]!);
    game.claimDraw();
    assert.throws(() => game.play('1-5'), GameOverError);
  });

  test('bad option values are refused by name', () => {
    const bad: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ repetition: 'never' }, 'repetition', /Game option repetition must be "claim" or "automatic", not "never"/],
      [{ brazilianRules: 'fmjd' }, 'brazilianRules', /Game option brazilianRules must be "cbd" or "russian", not "fmjd"/],
    ];
    for (const [options, option, message] of bad) {
      assert.throws(() => new Game('brazilian', options), (e: unknown) => e instanceof GameOptionError && e instanceof DraughtsError && e.option === option && message.test(e.message));
    }
  });
});
