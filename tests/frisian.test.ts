// Frisian draughts and frysk (RULES-more-variants.md 5 and 6): hand-made rule positions, every
// expected move set worked out by hand from the rule text (the reasoning beside each), the
// king-move limit and its FEN field, frysk's start and a perft worked out by hand, games, PDN.
//
// The board is international's: square n is on row r = ⌊(n − 1) / 5⌋ (row 0 at the top) and
// column c = 2k + (r + 1) mod 2 with k = (n − 1) mod 5, so 1 = (0,1), 5 = (0,9), 46 = (9,0),
// 50 = (9,8), and (r, c) is square 5r + ⌊c / 2⌋ + 1. Along a rank the next playable square is
// two columns away, along a file two rows away: from 28 = (5,4) they are 27 and 29 on the rank,
// 18 and 38 on the file. White men move up (towards row 0) and are crowned on 1-5.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, Position, Searcher, readPdn, writePdn } from '../bindings/index.js';
import { assertMoves, keysOf } from './helpers/board.js';

function pos(fen: string, variant: 'frisian' | 'frysk' = 'frisian'): Position {
  return Position.fromFen(variant, fen);
}

describe('frisian: start, board and quiet moves', () => {
  test("international's start and men; nine first moves", () => {
    const start = Position.initial('frisian');
    assert.equal(start.toFen(), 'W:W31-50:B1-20');
    assertMoves(start, ['31-26', '31-27', '32-27', '32-28', '33-28', '33-29', '34-29', '34-30', '35-30']);
  });

  test('a king moves without capture only along the diagonals', () => {
    // 28 = (5,4): NW 22, 17, 11, 6; NE 23, 19, 14, 10, 5; SW 32, 37, 41, 46; SE 33, 39, 44, 50.
    // Nothing along its rank (27, 29) or file (18, 38). Black's man on 1 is out of every line.
    assertMoves(pos('W:WK28:B1'), [
      '28-22', '28-17', '28-11', '28-6', '28-23', '28-19', '28-14', '28-10', '28-5',
      '28-32', '28-37', '28-41', '28-46', '28-33', '28-39', '28-44', '28-50',
    ]);
  });
});

describe('frisian: captures along ranks and files', () => {
  test('a man captures along its rank, two columns on, landing two more', () => {
    // 28 = (5,4), black 29 = (5,6), landing 30 = (5,8); no other piece near.
    assertMoves(pos('W:W28:B29'), ['28x30 [29]']);
  });

  test('a man captures along its file, forwards and backwards', () => {
    // Up: 18 = (3,4) taken, landing 8 = (1,4). Down: 38 = (7,4), landing 48 = (9,4) (not
    // White's crowning row). Either is one piece: both are legal.
    assertMoves(pos('W:W28:B18,38'), ['28x8 [18]', '28x48 [38]']);
  });

  test('a capture turns from a rank to a file', () => {
    // 28x30 over 29, then from 30 = (5,8) up the file over 20 = (3,8) to 10 = (1,8). Two pieces
    // outweigh one, so the single jump is not a move.
    assertMoves(pos('W:W28:B20,29'), ['28x10 [20,29]']);
  });

  test('a king captures along a file at any distance, landing on any empty square behind', () => {
    // K46 = (9,0) up the file: 36 empty, black 26 = (5,0) taken, then 16 and 6 are free.
    assertMoves(pos('W:WK46:B26'), ['46x16 [26]', '46x6 [26]']);
  });

  test('a king lands where its capture goes on, and turns from a file to a rank', () => {
    // K46 takes 26 up the file, landing on 16 = (3,0) or 6 = (1,0). From 6, right along row 1:
    // 7 = (1,2) empty, black 8 = (1,4), then 9 and 10 free; from 16 nothing is in reach. So
    // the king must land on 6 and go on: 46x9 and 46x10 over 26 and 8.
    assertMoves(pos('W:WK46:B8,26'), ['46x9 [8,26]', '46x10 [8,26]']);
  });
});

describe('frisian: the value rule (RULES-more-variants.md 5)', () => {
  test('two men outweigh one king', () => {
    // Man 36 = (7,0) takes the king on 31 = (6,1), landing 27: value 2 less a little.
    // Man 45 = (8,9) takes 40 = (7,8) to 34, then 24 = (4,7) up the file to 14: two men, value 2.
    assertMoves(pos('W:W36,45:BK31,24,40'), ['45x14 [24,40]']);
  });

  test('one king outweighs one man', () => {
    // As above without 24: 45x34 takes one man, 36x27 a king: the king's capture.
    assertMoves(pos('W:W36,45:BK31,40'), ['36x27 [31]']);
  });

  test('on equal value a capture by a king must be played', () => {
    // K46 takes 36 = (7,0) up the file and lands on 26 (its own man on 16 stops it there); man
    // 45 takes 40 to 34. Both take one man: the king's.
    assertMoves(pos('W:WK46,16,45:B36,40'), ['46x26 [36]']);
  });

  test('but a man taking more value goes first', () => {
    // Add 24: the man takes two (45x14), the king still one.
    assertMoves(pos('W:WK46,16,45:B24,36,40'), ['45x14 [24,40]']);
  });
});

describe('frisian: promotion passes', () => {
  test('a man reaching the far row mid-capture goes on as a man and is not crowned', () => {
    // 13 = (2,5) takes 8 = (1,4) to 2 = (0,3) on the far row, then 7 = (1,2) down to 11 = (2,1).
    assertMoves(pos('W:W13:B7,8'), ['13x11 [7,8]']);
  });

  test('a capture ending on the far row crowns', () => {
    assertMoves(pos('W:W13:B8'), ['13x2 [8] =K']);
  });
});

describe('frisian: the king-move limit', () => {
  // K46 = (9,0): its one diagonal runs 41, 37, 32, 28, 23, 19, 14, 10 to black's man on 5 = (0,9),
  // with nothing behind it to land on. White's man 35 = (6,9) steps to 30 only.
  const KING_MOVES = ['46-41', '46-37', '46-32', '46-28', '46-23', '46-19', '46-14', '46-10'];

  test('after three quiet moves in a row the king may not move quietly again', () => {
    assertMoves(pos('W:WK46,35:B5:+0+246'), [...KING_MOVES, '35-30'], 'two moves made: a third is allowed');
    assertMoves(pos('W:WK46,35:B5:+0+346'), ['35-30'], 'three made: only the man moves');
  });

  test('the streak grows with each quiet move of that king, and any other move of the side resets it', () => {
    // White: K46, men 35 = (6,9) and 36 = (7,0); Black's man 15 = (2,9) steps to 20 = (3,8),
    // out of every line of the king on 41 = (8,1).
    const p = pos('W:WK46,35,36:B15:+0+246').play('46-41');
    assert.deepEqual(p.kingStreaks.white, { count: 3, square: 41 });
    assert.equal(p.toFen(), 'B:W35,36,K41:B15:+0+341');
    const q = p.play('15-20');
    // Black's move leaves White's streak alone: only the men move.
    assert.deepEqual(q.kingStreaks.white, { count: 3, square: 41 });
    assertMoves(q, ['35-30', '36-31']);
    const r = q.play('35-30');
    assert.deepEqual(r.kingStreaks.white, { count: 0, square: 0 });
    assert.equal(r.toFen(), 'B:W30,36,K41:B20');
    // Black must take 30 down the file (20x40); then White's king, nothing in reach, moves again.
    assertMoves(r, ['20x40 [30]']);
    const s = r.play('20x40');
    assert.ok(s.legalMoves().some((m) => m.from === 41 && !m.isCapture), 'the king moves again after a man did');
  });

  test('a move of another king starts a new streak', () => {
    // Kings 46 (restricted) and 50 = (9,8): 50's diagonal NW runs 44, 39, 33, 28, 22, 17, 11, 6.
    const p = pos('W:WK46,K50,35:B1:+0+346');
    assert.ok(!p.legalMoves().some((m) => m.from === 46), 'king 46 has made three quiet moves');
    const q = p.play('50-44');
    assert.deepEqual(q.kingStreaks.white, { count: 1, square: 44 });
    assert.ok(q.play('1-7').legalMoves().some((m) => m.from === 46), 'king 46 is free again');
  });

  test('the limit does not apply to a side with only kings', () => {
    assertMoves(pos('W:WK46:B5:+0+346'), KING_MOVES);
  });

  test('the restricted king may still capture', () => {
    // Black 41 = (8,1) on the diagonal, every square behind it free up to 5: eight landings.
    assertMoves(pos('W:WK46,35:B41:+0+346'), ['46x37 [41]', '46x32 [41]', '46x28 [41]', '46x23 [41]', '46x19 [41]', '46x14 [41]', '46x10 [41]', '46x5 [41]']);
  });

  test('perft sees the limit: one move instead of nine', () => {
    assert.equal(pos('W:WK46,35:B5:+0+246').perft(1), 9n);
    assert.equal(pos('W:WK46,35:B5:+0+346').perft(1), 1n);
    // Two plies: Black's man 5 = (0,9) has one reply to each of White's nine moves: the step to
    // 10 = (1,8), or, when the king went to 10, the capture 5x15 down the diagonal.
    assert.equal(pos('W:WK46,35:B5:+0+246').perft(2), 9n);
  });

  test('a cursor walks the streaks with make and unmake', () => {
    const root = pos('W:WK46,35:B5:+0+246');
    const cursor = root.cursor();
    const index = Array.from({ length: cursor.moves() }, (_, i) => cursor.moveAt(i).notation).indexOf('46-41');
    cursor.make(index);
    assert.equal(cursor.moves(), 1, "black's 5-10");
    cursor.make(0);
    assert.equal(cursor.moves(), 1, 'the king on 41 has made three quiet moves: only 35-30');
    assert.equal(cursor.position().toFen(), 'W:W35,K41:B10:+0+341');
    cursor.unmake();
    cursor.unmake();
    assert.equal(cursor.moves(), 9);
  });
});

describe('frisian: FEN with the king-move field', () => {
  test('round trip, Black first as lidraughts writes it', () => {
    // Black's king on 23 has made two quiet moves in a row, White's on 46 one.
    const p = pos('B:WK46,35:BK23,18:+223+146');
    assert.deepEqual(p.kingStreaks, { white: { count: 1, square: 46 }, black: { count: 2, square: 23 } });
    assert.equal(p.toFen(), 'B:W35,K46:B18,K23:+223+146');
    assert.ok(Position.fromFen('frisian', p.toFen()).equals(p));
    assert.ok(!pos('B:WK46,35:BK23,18').equals(p), 'the streaks are part of the position');
  });

  test('bad fields are refused, naming the problem', () => {
    assert.throws(() => pos('W:WK46,35:B5:+0+446'), /count 4 is more than 3/);
    assert.throws(() => pos('W:WK46,35:B5:+0+335'), /names square 35, where no white king stands/);
    assert.throws(() => pos('W:WK46,35:B5:+0+3'), /names no square/);
    assert.throws(() => pos('W:WK46,35:B5:+05+0'), /count is 0 but names square 5/);
    assert.throws(() => pos('W:WK46,35:B5:+x'), /bad king-move field/);
    assert.throws(() => Position.fromFen('international', 'W:WK46,35:B5:+0+346'), /belongs to frisian's FEN/);
  });
});

describe("frisian: pydraughts' published rule case under both conventions", () => {
  test('seven capture routes, six moves', () => {
    // The king on 4 takes four pieces; pydraughts lists seven routes (tests/data/rule-cases.json,
    // checked move by move in perft.test). Two of them end on 22 over the same four pieces in a
    // different order: one move under RULES.md 4.2.
    const p = pos('W:WK4,36,41,42,43,44,46,47,48,49,50:B1,2,6,12,14,17,18,23');
    assert.equal(p.perft(1, { duplicates: 'keep' }), 7n);
    assert.equal(p.perft(1, { duplicates: 'drop' }), 6n);
    assert.equal(p.legalMoves().length, 6);
  });
});

describe('frysk (RULES-more-variants.md 6)', () => {
  test('five men a side on the back rows, White first', () => {
    const start = Position.initial('frysk');
    assert.equal(start.toFen(), 'W:W46-50:B1-5');
    assertMoves(start, ['46-41', '47-41', '47-42', '48-42', '48-43', '49-43', '49-44', '50-44', '50-45']);
  });

  test('perft 1-3 worked out by hand: 9, 81, 657', () => {
    // Black's five men mirror White's and nothing meets before ply 4, so perft(2) = 9 × 9. At
    // ply 3 White's moves depend on its first: after 46-41 there are 9 (41 to 36 and 37, 47 to
    // 42, 48, 49, 50 two each); after each of the other eight, 8 (one neighbour of the moved
    // man's old square has lost a move to the square it now holds, or 45 has one move). So
    // perft(3) = 9 × (9 + 8 × 8) = 657.
    const start = Position.initial('frysk');
    assert.deepEqual([1, 2, 3].map((d) => start.perft(d)), [9n, 81n, 657n]);
    assert.equal(start.perft(3, { duplicates: 'keep' }), 657n);
  });

  test('frysk plays frisian captures', () => {
    assertMoves(pos('W:W28:B20,29', 'frysk'), ['28x10 [20,29]']);
  });
});

describe('frisian: games, PDN and the search', () => {
  test('a game keeps the streaks in its history and takes them back with undo', () => {
    const game = Game.fromPosition(pos('W:WK46,35,36:B15:+0+246'));
    game.play('46-41');
    game.play('15-20');
    assert.deepEqual(keysOf(game.position), ['35-30', '36-31']);
    assert.equal(game.position.toFen(), 'W:W35,36,K41:B20:+0+341');
    game.undo();
    game.undo();
    assert.equal(game.position.toFen(), 'W:W35,36,K46:B15:+0+246');
  });

  test('PDN: a Variant tag alone, read back', () => {
    const game = new Game('frisian');
    game.play('32-28');
    game.play('19-23');
    const text = writePdn(game);
    assert.match(text, /\[Variant "frisian"\]/);
    assert.doesNotMatch(text, /GameType/);
    const [back] = readPdn(text);
    assert.equal(back!.variant, 'frisian');
    assert.equal(back!.game!.position.toFen(), game.position.toFen());
    assert.equal(readPdn('[Variant "Frysk!"]\n1. 46-41 *')[0]!.variant, 'frysk');
  });

  test('the search: a capture along a file takes the last man, a win in 1', () => {
    // 32, 22 and 12 share a column (rows 6, 4, 2 of international's numbering): White's man on 32
    // takes 22 along the file, landing on 12. In international no capture is there.
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search({ variant: 'frisian', fen: 'W:W32:B22' }, { depth: 3 });
    assert.equal(result.bestmove, '32x12');
    assert.equal(result.win, 1);
    assert.ok(!searcher.search({ variant: 'international', fen: 'W:W32:B22' }, { depth: 3 }).bestmove.includes('x'));
  });

  test('the search: the king-move limit decides the game one ply down', () => {
    // White: king 46, man 36 (row 7, column 0); Black: men 11, 26, 27, 31; Black to move. 11-16
    // closes the man in: over 31 it would land on 27 and over 26 (up its file) on 16, both
    // taken, and 37 beside it is empty. The king's lines hold no black piece. With three quiet
    // king moves made (+346) the king may only capture, so White has no move: Black wins at once.
    // Black's other moves each leave a capture open (11-17: up the file; 31-37: along the row).
    const searcher = new Searcher({ hash: 1 });
    const limited = searcher.search({ variant: 'frisian', fen: 'B:WK46,36:B11,26,27,31:+0+346' }, { depth: 3 });
    assert.equal(limited.bestmove, '11-16');
    assert.equal(limited.win, 1);
    // With two made the king may still move: no win in 1, and the table does not mix the two.
    const free = searcher.search({ variant: 'frisian', fen: 'B:WK46,36:B11,26,27,31:+0+246' }, { depth: 3 });
    assert.notEqual(free.win, 1);
  });

  test('the search plays frysk from its start', () => {
    const start = Position.initial('frysk');
    assert.ok(start.legalMoves().includes(new Searcher({ hash: 1 }).search(start, { depth: 4 }).move));
  });
});
