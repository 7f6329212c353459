// Turkish draughts (RULES-more-variants.md 4): hand-made rule positions, every expected move
// set worked out by hand from the rule text (the reasoning beside each), and the binding's
// squares, FEN, move text, perft conventions, make/unmake, games and PDN on its board.
//
// The board: all 64 squares, square = 8 × row + column + 1 with row 0 the top (rank 8) and
// column 0 file a, so a8 = 1, h8 = 8, a1 = 57, h1 = 64, d4 = 36, d3 = 44. White men move up
// (towards rank 8) and sideways, Black men down and sideways. Keys are algebraic (see
// tests/helpers/board.ts): "d4xd6 [d5]", "... =K" when the move ends crowned.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, Position, readPdn, writePdn } from '../bindings/index.js';
import { createEngineSync } from '../bindings/core/loader.js';
import { toCore } from '../bindings/core/position.js';
import { variantInfo } from '../bindings/core/variant.js';
import { assertMoves, sq } from './helpers/board.js';
import { assertCursorFollows, cursorPerft } from './helpers/cursor.js';

function pos(fen: string): Position {
  return Position.fromFen('turkish', fen);
}

describe('turkish: board and start (RULES-more-variants.md 4)', () => {
  test('squares are numbered 1-64 row by row from the top; algebraic names as everywhere', () => {
    assert.deepEqual(['a8', 'h8', 'a1', 'h1', 'd4', 'd3'].map((n) => sq('turkish', n)), [1, 8, 57, 64, 36, 44]);
    const p = pos('W:W57:B8');
    assert.deepEqual(p.pieces().map((x) => x.square), [8, 57]);
    assert.equal(pos('W:Wa1:Bh8').toFen(), 'W:W57:B8');
    assert.equal(p.squareCount, 64);
  });

  test('start: White on a2-h3 (41-56), Black on a6-h7 (9-24), White first; eight men steps', () => {
    const start = Position.initial('turkish');
    assert.equal(start.toFen(), 'W:W41-56:B9-24');
    assert.equal(start.turn, 'white');
    // Only the front row can move, each man one square forward (its neighbours block the sides).
    assertMoves(start, ['a3-a4', 'b3-b4', 'c3-c4', 'd3-d4', 'e3-e4', 'f3-f4', 'g3-g4', 'h3-h4']);
  });

  test('a FEN is refused for a man on its own promotion row, or more than 16 pieces a side', () => {
    assert.throws(() => pos('W:Wa8:Bh1'), /promotion row/);
    assert.throws(() => pos('W:Wd4:Bh1'), /promotion row/);
    assert.throws(() => pos('W:W33-49:Bh8'), /17 pieces, more than the 16/);
    assert.throws(() => pos('W:W65:B1'), /off the board \(squares are 1 to 64\)/);
  });
});

describe('turkish: moves without capture', () => {
  test('a man steps forward or sideways, never backwards or diagonally', () => {
    // White d4: up d5, left c4, right e4; not d3 (back) nor c5/e5 (diagonal).
    assertMoves(pos('W:Wd4:Bh8'), ['d4-d5', 'd4-c4', 'd4-e4']);
    // Black e5: down e4, sideways d5 and f5; on the a-file a man has one side only.
    assertMoves(pos('B:Wa1:Be5'), ['e5-e4', 'e5-d5', 'e5-f5']);
    assertMoves(pos('W:Wa4:Bh8'), ['a4-a5', 'a4-b4']);
  });

  test('a man stepping onto the far row is crowned', () => {
    assertMoves(pos('W:Wc7:Ba2'), ['c7-c8 =K', 'c7-b7', 'c7-d7']);
  });

  test('a king slides along its rank and file like a rook, never diagonally', () => {
    // d4: up d5-d8 (4), down d3-d1 (3), left c4-a4 (3), right e4-h4 (4): 14 moves.
    assertMoves(pos('W:WKd4:Bh8'), [
      'd4-d5', 'd4-d6', 'd4-d7', 'd4-d8', 'd4-d3', 'd4-d2', 'd4-d1',
      'd4-c4', 'd4-b4', 'd4-a4', 'd4-e4', 'd4-f4', 'd4-g4', 'd4-h4',
    ]);
    // A piece stops the slide: its own man on d6, and black men on f4 and g4 (two in a row,
    // so no capture). The man on d6 steps up or sideways.
    assertMoves(pos('W:WKd4,d6:Bf4,g4'), [
      'd4-d5', 'd4-d3', 'd4-d2', 'd4-d1', 'd4-c4', 'd4-b4', 'd4-a4', 'd4-e4',
      'd6-d7', 'd6-c6', 'd6-e6',
    ]);
  });
});

describe('turkish: captures', () => {
  test('a man captures forward and sideways, never backwards', () => {
    // d4 has enemies on all four sides, with the squares behind d5, c4 and e4 empty:
    // d4xd6 over d5, d4xb4 over c4, d4xf4 over e4; d3 behind it is not its prey. From each
    // landing there is nothing more (the piece just taken is gone, the rest is empty).
    assertMoves(pos('W:Wd4:Bd5,c4,e4,d3'), ['d4xd6 [d5]', 'd4xb4 [c4]', 'd4xf4 [e4]']);
    // With only the piece behind it, d4 has no capture and steps.
    assertMoves(pos('W:Wd4:Bd3'), ['d4-d5', 'd4-c4', 'd4-e4']);
    // Black's forward is down: e5 takes e4 onto e3, not e6 behind it.
    assertMoves(pos('B:We4,e6:Be5'), ['e5xe3 [e4]']);
  });

  test('most pieces must be taken, a king counting as a man: a man turning on its way', () => {
    // a3 takes a4 (land a5), turns right over b5 (land c5), turns up over c6 (land c7): three.
    // h3 could take h4 only: one. Only the three-piece capture is legal.
    assertMoves(pos('W:Wa3,h3:Ba4,b5,c6,h4'), ['a3xc7 [a4,b5,c6]']);
    // The king h1 could take the king on h5 (one piece: landing on h6-h8, it meets nothing
    // more); the man d2 takes d3 and d5 (two). (With the black king on h4 instead, the white
    // king would land on h5 and go on along rank 5 over d5: two as well.)
    assertMoves(pos('W:Wd2,Kh1:Bd3,d5,Kh5'), ['d2xd6 [d3,d5]']);
    assertMoves(pos('W:Wd2,Kh1:Bd3,d5,Kh4'), ['d2xd6 [d3,d5]', 'h1xa5 [d5,h4]', 'h1xb5 [d5,h4]', 'h1xc5 [d5,h4]']);
    // One king taken weighs as one man taken: both captures of one piece are legal.
    assertMoves(pos('W:Wd2,Kh1:Bd3,Kh4'), ['d2xd4 [d3]', 'h1xh5 [h4]', 'h1xh6 [h4]', 'h1xh7 [h4]', 'h1xh8 [h4]']);
  });

  test('a flying king takes at any distance and lands on any empty square behind', () => {
    // a1 up the a-file: a2-a4 empty, a5 black, a6-a8 empty behind it.
    assertMoves(pos('W:WKa1:Ba5'), ['a1xa6 [a5]', 'a1xa7 [a5]', 'a1xa8 [a5]']);
    // Two pieces in a row cannot be jumped together.
    assertMoves(pos('W:WKa1:Ba5,a6,h8'), ['a1-a2', 'a1-a3', 'a1-a4', 'a1-b1', 'a1-c1', 'a1-d1', 'a1-e1', 'a1-f1', 'a1-g1', 'a1-h1']);
  });

  test('captured pieces leave the board at once: the king crosses a square it emptied', () => {
    // King c1; black c3, e5, f4, b3. Up over c3 (landings c4-c8); from c5 right over e5
    // (landings f5-h5); from f5 down over f4 (landings f3-f1); from f3 left along rank 3 over
    // e3, d3 and c3, where c3 stood (taken, so empty), to b3, and over it onto a3: four
    // pieces. The other routes take two (c4 right over f4) or three (ending on f2, f1, or
    // after e5 on g5, h5). Were c3 still standing, it would block rank 3 and three would be
    // the most.
    assertMoves(pos('W:WKc1:Bc3,e5,f4,b3'), ['c1xa3 [b3,c3,e5,f4]']);
    const [move] = pos('W:WKc1:Bc3,e5,f4,b3').legalMoves();
    assert.deepEqual(move!.path, ['c1', 'c5', 'f5', 'f3', 'a3'].map((n) => sq('turkish', n)));
    assert.equal(move!.notation, 'c1xa3');
  });

  test('no jump turns straight back (180 degrees); turning 90 degrees is allowed', () => {
    // King d4 between d6 (above) and d2 (below). Up over d6 it lands on d7 or d8; going back
    // down the file would pass d6 (gone) and d4 (its own start, empty) to take d2, but that is
    // a 180 degree turn: forbidden. So three single captures; were the turn allowed, the
    // majority rule would leave only the two-piece capture ending on d1.
    assertMoves(pos('W:WKd4:Bd6,d2'), ['d4xd7 [d6]', 'd4xd8 [d6]', 'd4xd1 [d2]']);
    // A 90 degree turn: up over d6 to d7, then right along rank 7 over f7 onto g7 or h7.
    assertMoves(pos('W:WKd4:Bd6,f7'), ['d4xg7 [d6,f7]', 'd4xh7 [d6,f7]']);
  });

  test('a man reaching the far row mid-capture goes on as a man, sideways, and is crowned at the end (pass)', () => {
    // b6 up over b7 onto b8 (the far row), then right over c8 onto d8 and over e8 onto f8,
    // jumping as a man (right behind each piece), crowned where the move ends. As a king it
    // could also have stopped on g8 or h8 behind e8; as "stop" it would end on b8.
    assertMoves(pos('W:Wb6:Bb7,c8,e8'), ['b6xf8 [b7,c8,e8] =K']);
    // A man that captures onto the far row and can go no further is crowned there.
    assertMoves(pos('W:Wd6:Bd7'), ['d6xd8 [d7] =K']);
  });

  test('optional capture (house rule): the quiet moves join the captures', () => {
    const p = Position.fromFen('turkish', 'W:Wd4:Bd5', { optionalCapture: true });
    assertMoves(p, ['d4xd6 [d5]', 'd4-c4', 'd4-e4']);
  });
});

describe('turkish: perft conventions and move text', () => {
  test('keep counts every route, the landing square between two captures on one line included; drop counts moves', () => {
    // King a1, black a3 and a6: over a3 it may land on a4 or a5 (a6 stops the run), and from
    // either goes straight on over a6 onto a7 or a8: 2 × 2 routes, but only 2 moves (a7, a8).
    const p = pos('W:WKa1:Ba3,a6');
    assertMoves(p, ['a1xa7 [a3,a6]', 'a1xa8 [a3,a6]']);
    assert.equal(p.perft(1, { duplicates: 'keep' }), 4n);
    assert.equal(p.perft(1, { duplicates: 'drop' }), 2n);
    assert.equal(p.perft(1), 4n, 'keep is turkish\'s default (its only published table counts routes)');
  });

  test('moves are written algebraically, read from numbers, algebra, or a full path', () => {
    const start = Position.initial('turkish');
    assert.equal(start.parseMove('44-36').notation, 'd3-d4');
    assert.equal(start.play('d3-d4').toFen(), start.play('44-36').toFen());
    const p = pos('W:WKc1:Bc3,e5,f4,b3');
    assert.equal(p.parseMove('c1xc5xf5xf3xa3').notation, 'c1xa3');
    assert.equal(p.parseMove('59x41').notation, 'c1xa3');
    // A route written with other landing squares on the same lines is the same move.
    assert.equal(p.parseMove('c1xc5xf5xf3xa3').to, sq('turkish', 'a3'));
    assert.throws(() => p.parseMove('c1xc4'), /illegal move/);
    assert.throws(() => start.parseMove('d3-e4'), /illegal move/);
  });

  test('divide sums to perft; a cursor walks the tree with the core\'s make and unmake', () => {
    const start = Position.initial('turkish');
    const divide = start.divide(4, { duplicates: 'drop' });
    assert.equal([...divide.values()].reduce((a, b) => a + b, 0n), start.perft(4, { duplicates: 'drop' }));
    assert.equal(cursorPerft(start.cursor(), 4), start.perft(4, { duplicates: 'drop' }));
    // Make then position() is play, and the keys agree, down a line with captures.
    // After d4-d5, Black must capture: d6 down over d5 onto d4 (or e5 sideways onto c5).
    assertCursorFollows(start, ['d3-d4', 'e6-e5', 'd4-d5', 'd6xd4']);
  });
});

describe('turkish: games, PDN and the search', () => {
  test('a game plays, undoes and ends when the side to move has no move', () => {
    const game = new Game('turkish', { fen: 'W:Wb6:Bb7,c8,e8' });
    game.play('b6xf8');
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.equal(game.position.toFen(), 'B:WK6:B');
    game.undo();
    assert.equal(game.position.toFen(), 'W:W18:B3,5,10');
  });

  test('PDN: written with a Variant tag and no GameType, read back as turkish', () => {
    const game = new Game('turkish');
    for (const text of ['d3-d4', 'e6-e5', 'd4-d5']) game.play(text);
    const written = writePdn(game);
    assert.match(written, /\[Variant "turkish"\]/);
    assert.doesNotMatch(written, /GameType/);
    const [read] = readPdn(written);
    assert.equal(read!.variant, 'turkish');
    assert.equal(read!.game!.position.toFen(), game.position.toFen());
    assert.equal(readPdn('[Variant "Turkish draughts"]\n1. d3-d4 *')[0]!.variant, 'turkish');
  });

  test('the evaluation (assembly/eval/hand.ts) is the same for both colours, and counts a king above a man', () => {
    const engine = createEngineSync();
    const evaluate = (fen: string): number => engine.evaluate(variantInfo('turkish').id, toCore(Position.fromFen('turkish', fen)).board);
    // The board turned round: square s (row (s − 1) >> 3 from the top) goes to the same column
    // of row 7 − row, the colours and the side to move swap. FEN squares may come as ranges.
    const turned = (position: Position): string => {
      const flip = (side: string): string => side.split(',').filter((p) => p !== '').flatMap((p) => {
        const king = p.startsWith('K') ? 'K' : '';
        const [from, to = from] = p.slice(king.length).split('-').map(Number);
        const squares: string[] = [];
        for (let s = from!; s <= to!; s++) squares.push(`${king}${(7 - ((s - 1) >> 3)) * 8 + ((s - 1) & 7) + 1}`);
        return squares;
      }).join(',');
      const [turn, white, black] = position.toFen().split(':');
      return `${turn === 'W' ? 'B' : 'W'}:W${flip(black!.slice(1))}:B${flip(white!.slice(1))}`;
    };
    const game = new Game('turkish');
    for (let ply = 0; ply < 60 && !game.isOver; ply++) {
      const position = game.position;
      assert.equal(evaluate(turned(position)), evaluate(position.toFen()), position.toFen());
      const moves = position.legalMoves();
      game.play(moves[(ply * 7) % moves.length]!);
    }
    // A king on a1 and the king or the man beside it, against a lone king: the second king is worth more.
    assert.ok(evaluate('W:WKa1,Kb1:BKh8') > evaluate('W:WKa1,b1:BKh8'));
    // White's man on a6 has the two rows in front of it free and wins the race against h5 (two
    // moves to crowning against four); with Black's man on h7, in one of those rows, no race.
    assert.ok(evaluate('W:Wa6:Bh5') > evaluate('W:Wa6:Bh7') + 100);
  });
});
