// Canadian draughts (RULES-more-variants.md 8): international's rules on a 12×12 board. Hand-made
// rule positions, every expected move set worked out by hand from the rule text (the reasoning
// beside each), and the binding's squares, FEN, move text, perft conventions, make/unmake,
// games and PDN on its board.
//
// The board: 72 dark squares, (row + column) odd, numbered row by row from the top: square
// = 6 × row + ⌊column / 2⌋ + 1, row 0 at the top (rank 12), column 0 file a. So 1 = b12,
// 6 = l12, 7 = a11, 67 = a1, 72 = k1. Rows 0 … 4 hold Black's 30 men (1-30), rows 7 … 11
// White's (43-72). Keys are in square numbers (tests/helpers/board.ts).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { EngineError, Game, Position, Searcher, createEngineSync, readPdn, variantInfo, writePdn } from '../bindings/index.js';
import { assertMoves, sq } from './helpers/board.js';
import { assertCursorFollows, cursorPerft } from './helpers/cursor.js';
import { oracleMoves } from './oracle/index.js';

function pos(fen: string): Position {
  return Position.fromFen('canadian', fen);
}

describe('canadian: board and start (RULES-more-variants.md 8)', () => {
  test('squares 1-72 row by row from the top; algebraic names with files a-l and ranks 1-12', () => {
    assert.deepEqual(['b12', 'l12', 'a11', 'a1', 'k1', 'c1'].map((n) => sq('canadian', n)), [1, 6, 7, 67, 72, 68]);
    assert.equal(pos('W:Wa1:Bl12').toFen(), 'W:W67:B6');
    const p = pos('W:W67:B6');
    assert.deepEqual(p.pieces().map((x) => x.square), [6, 67]);
    assert.equal(p.squareCount, 72);
  });

  test('start: 30 men each, White on 43-72, Black on 1-30, White first; eleven steps', () => {
    const start = Position.initial('canadian');
    assert.equal(start.toFen(), 'W:W43-72:B1-30');
    assert.equal(start.turn, 'white');
    // The front row 43-48 (row 7: columns 0, 2 … 10) steps onto row 6 (37-42: columns 1 … 11):
    // 43 on the a-file has one diagonal, the other five two each: 1 + 5 × 2 = 11.
    assertMoves(start, ['43-37', '44-37', '44-38', '45-38', '45-39', '46-39', '46-40', '47-40', '47-41', '48-41', '48-42']);
  });

  test('a FEN is refused for a square off the board, a man on its own promotion row, or more than 30 pieces a side', () => {
    assert.throws(() => pos('W:W73:B1'), /off the board/);
    assert.throws(() => pos('W:W3:B70'), /promotion row/);
    assert.throws(() => pos('B:W20:B68'), /promotion row/);
    assert.throws(() => pos('W:W42-72:B1'), /31 pieces/);
  });
});

describe('canadian: moves without capture, corners and edges', () => {
  test('a man on the a1 corner has one step; on an edge file one; inside two', () => {
    // 67 (a1, r11 c0): up-right to 61 (r10 c1) only.
    assertMoves(pos('W:W67:B6'), ['67-61']);
    // 55 (r9 c0, the a-file) up-right to 49 (r8 c1) only; 42 (r6 c11, the l-file) up-left to
    // 36 (r5 c10) only: the steps off the side of the board fall on the layout's ghost bits.
    assertMoves(pos('W:W55:B6'), ['55-49']);
    assertMoves(pos('W:W42:B6'), ['42-36']);
    // 66 (r10 c11): up-left to 60 (r9 c10) only.
    assertMoves(pos('W:W66:B1'), ['66-60']);
  });

  test('black men step down; from row 9 to row 10 the step crosses from the low word to the high one', () => {
    // 60 (r9 c10): down-left 65 (r10 c9), down-right 66 (r10 c11).
    assertMoves(pos('B:W67:B60'), ['60-65', '60-66']);
    // 30 (r4 c11, the l-file): down-left to 36 (r5 c10) only.
    assertMoves(pos('B:W67:B30'), ['30-36']);
  });

  test('a man reaching the far row is crowned: White on row 0, Black on row 11', () => {
    // 7 (r1 c0) to 1 (r0 c1); 12 (r1 c10) to 5 (r0 c9) and 6 (r0 c11).
    assertMoves(pos('W:W7,12:B31'), ['7-1 =K', '12-5 =K', '12-6 =K']);
    // 61 (r10 c1) to 67 (r11 c0) and 68 (r11 c2).
    assertMoves(pos('B:W31:B61'), ['61-67 =K', '61-68 =K']);
  });

  test('a king on a1 slides the whole long diagonal: 11 squares to l12', () => {
    // r10 c1 … r0 c11: 61, 56, 50, 45, 39, 34, 28, 23, 17, 12, 6.
    assertMoves(pos('W:WK67:B1'), ['67-61', '67-56', '67-50', '67-45', '67-39', '67-34', '67-28', '67-23', '67-17', '67-12', '67-6']);
  });
});

describe('canadian: captures', () => {
  test('a long flying-king capture across the board: the landing rule picks the square that goes on', () => {
    // King a1 (67) up the long diagonal: 61, 56 empty, 50 (r8 c3) black; behind it 45 … 6 are all
    // empty. Only from 34 (r5 c6) can it go on: up-left over 27, 21, 15 (empty) to 8 (r1 c2),
    // landing on 1 (r0 c1), the last square of that diagonal. Two pieces, one move.
    assertMoves(pos('W:WK67:B50,8'), ['67x1 [8,50]']);
  });

  test('men capture backwards, and the most pieces must be taken, a king counting as a man', () => {
    // White man 50 (r8 c3): up-left over the black king on 44 (r7 c2) to 37 (r6 c1), one piece;
    // up-right over 45 (r7 c4) to 39 (r6 c5), then over 34 (r5 c6) to 28 (r4 c7), two pieces.
    // Only the two-piece capture is legal.
    assertMoves(pos('W:W50:BK44,45,34'), ['50x28 [34,45]']);
    // Without 34 both take one piece (a king counts as a man): both legal.
    assertMoves(pos('W:W50:BK44,45'), ['50x37 [44]', '50x39 [45]']);
    // Backwards: a white man on 27 (r4 c5) with a black man behind it on 33 (r5 c4) takes it,
    // landing on 38 (r6 c3).
    assertMoves(pos('W:W27:B33'), ['27x38 [33]']);
  });

  test('a man passing the far row mid-capture goes on as a man and is not crowned', () => {
    // 13 (r2 c1) up-right over 8 (r1 c2) to 2 (r0 c3), then down-right over 9 (r1 c4) to 15
    // (r2 c5): it stays a man. Ending on row 0 it is crowned.
    assertMoves(pos('W:W13:B8,9'), ['13x15 [8,9]']);
    assertMoves(pos('W:W13:B8'), ['13x2 [8] =K']);
  });

  test('round a loop both ways: drop counts the moves, keep the routes', () => {
    // King 51 (r8 c5) and black men 46 (r7 c6), 34 (r5 c6), 33 (r5 c4), 45 (r7 c4) round it.
    // Anticlockwise: over 46 to 40, over 34 to 27, over 33 to 38, over 45 back to 51 or on to
    // 58, 64, 71. Clockwise: over 45 to 38, 33 to 27, 34 to 40, 46 back to 51 or on to 57, 62,
    // 68. (Every other landing square leaves the next piece off its diagonal.) The two routes
    // ending on 51 are one move (same origin, destination and pieces): 7 moves, 8 routes.
    const p = pos('W:WK51:B33,34,45,46');
    const captured = '[33,34,45,46]';
    assertMoves(p, ['51x51', '51x58', '51x64', '51x71', '51x57', '51x62', '51x68'].map((m) => `${m} ${captured}`));
    assert.equal(p.perft(1, { duplicates: 'drop' }), 7n);
    assert.equal(p.perft(1, { duplicates: 'keep' }), 8n);
    assert.equal(p.perft(1), 7n, 'drop is canadian\'s default (its published table counts moves)');
  });

  test('a capture on rows 10-11 leaves nothing behind for the moves listed after it', () => {
    // Black 55 (r9 c0) down-right over 61 (r10 c1) to 68 (r11 c2), crowned: the captured piece
    // sits in the high word of the set.
    assertMoves(pos('B:W61:B55'), ['55x68 [61] =K']);
    // Two kings' perft lists many such captures at many depths of the move stack; the moves
    // without capture listed later in the same places must not carry them (the published count
    // of the start, depth 3, is the check).
    pos('W:WK35:BK43').perft(2);
    assert.equal(Position.initial('canadian').perft(3), 1222n);
    assert.equal(Position.initial('canadian').legalMoves().every((m) => m.captured.length === 0), true);
  });

  test('a king taking more than 20 pieces: the whole move is listed, path and all', () => {
    // A set-up the differential fuzzer found (30 white pieces, most of them kings, in a lattice):
    // Black's king on 20 has one capture, of more than 20 pieces, which a 10×10 record's room
    // for 20 captured squares did not hold. The independent oracle (tests/oracle/, written from
    // the rule text) gives the move; the binding must list exactly it.
    const fen = 'B:WK1,K2,K3,K4,K5,13-15,K16,K17,25-27,K28,29,K30,37-38,40-41,K49,50-53,K54,K61,K64,65:BK20,K32,K43,K56';
    const [expected, ...others] = oracleMoves('canadian', fen);
    assert.equal(others.length, 0);
    assert.ok(expected!.captured.length > 20);
    const moves = pos(fen).legalMoves();
    assert.equal(moves.length, 1);
    assert.deepEqual([moves[0]!.from, moves[0]!.to, [...moves[0]!.captured].sort((a, b) => a - b)], [expected!.from, expected!.to, expected!.captured]);
    assert.deepEqual(moves[0]!.path, expected!.path);
  });

  test('a captured piece stays on the board until the move is over (the Turkish strike)', () => {
    // King 56 (r9 c2) up-right over 50 (r8 c3); of its landing squares 45 … 6 only 34 (r5 c6)
    // takes more than one further piece: up-left over 27 (r4 c5) to 21, 14, 8 or 1; from 14 (r2
    // c3) down-left over 20 (empty) and 25 (r4 c1) to 31 (r5 c0). From 31 down-right the line
    // runs 37, 44 and then 50, taken but still standing: it blocks, so 57 (r9 c4) behind it is
    // out of reach (had 50 left the board at once, 56x63 over four pieces would be forced).
    // From 45, up-left over 25 to 19 takes only two. One move of three pieces.
    const p = pos('W:WK56:B25,27,50,57');
    assertMoves(p, ['56x31 [25,27,50]']);
    assert.deepEqual(p.legalMoves()[0]!.path, [56, 34, 14, 31]);
  });
});

describe('canadian: notation, divide and the search state', () => {
  test('moves are written in numbers, read from numbers, algebra or a full path', () => {
    const start = Position.initial('canadian');
    // 43 = a5 (r7 c0), 37 = b6 (r6 c1).
    assert.equal(start.parseMove('a5-b6').notation, '43-37');
    assert.equal(start.play('a5-b6').toFen(), start.play('43-37').toFen());
    const p = pos('W:WK67:B50,8');
    assert.equal(p.parseMove('67x34x1').notation, '67x1');
    assert.throws(() => p.parseMove('67x45'), /illegal move/);
  });

  test('divide sums to perft; a cursor walks the tree with the core\'s make and unmake', () => {
    const start = Position.initial('canadian');
    const divide = start.divide(4);
    assert.equal(divide.size, 11);
    assert.equal([...divide.values()].reduce((a, b) => a + b, 0n), 10053n);
    // dctl's published count (RULES-more-variants.md 11), reached through make and unmake.
    assert.equal(cursorPerft(start.cursor(), 4), 10053n);
    // Make then position() is play, and the keys agree, down a line to a capture: after 40-35
    // (r5 c8), 28 (r4 c7) takes it down-right onto 41 (r6 c9).
    assertCursorFollows(start, ['46-40', '25-31', '40-35', '28x41']);
    const kings = pos('W:WK67,K72:BK1,K6');
    assert.notEqual(kings.key(), pos('W:WK67,K71:BK1,K6').key(), 'pieces on the high word change the key');
  });
});

describe('canadian: games, PDN and the search', () => {
  test('a game plays, undoes and ends when the side to move has no move', () => {
    const game = new Game('canadian', { fen: 'W:W13:B8' });
    game.play('13x2');
    assert.deepEqual(game.result, { status: 'win', winner: 'white', reason: 'no-moves' });
    assert.equal(game.position.toFen(), 'B:WK2:B');
    game.undo();
    assert.equal(game.position.toFen(), 'W:W13:B8');
  });

  test('PDN: written with a Variant tag and no GameType, read back as canadian', () => {
    const game = new Game('canadian');
    for (const text of ['46-40', '25-31']) game.play(text);
    const written = writePdn(game);
    assert.match(written, /\[Variant "canadian"\]/);
    assert.doesNotMatch(written, /GameType/);
    const [read] = readPdn(written);
    assert.equal(read!.variant, 'canadian');
    assert.equal(read!.game!.position.toFen(), game.position.toFen());
    assert.equal(readPdn('[Variant "Canadian draughts"]\n1. 46-40 *')[0]!.variant, 'canadian');
  });

  test('the search plays canadian: a legal move from the start (tests/search-canadian.test.ts has more)', () => {
    const start = Position.initial('canadian');
    assert.ok(start.legalMoves().includes(new Searcher({ hash: 1 }).search(start, { depth: 2 }).move));
  });
});

describe('canadian: the core reports its refusals through the one error channel', () => {
  // One engine plays both boards: a refusal on the 12×12 board must be reported, and the next
  // call, on either board, must start without it (and the other way round).
  const engine = createEngineSync();
  const canadian = variantInfo('canadian').id;
  const international = variantInfo('international').id;
  const startOf = (variant: 'canadian' | 'international') => {
    const p = Position.initial(variant);
    const squares = new Uint8Array(80);
    for (const { square, piece } of p.pieces()) squares[square] = piece.color === 'white' ? (piece.role === 'man' ? 1 : 2) : piece.role === 'man' ? 3 : 4;
    return { whiteToMove: true, squares };
  };
  // The raw board is indexed by square number (index 0 unused); a piece code the core does not
  // know (1-4 are the pieces, 0 an empty square) on every square.
  const unreadable = { whiteToMove: true, squares: new Uint8Array(80).fill(9, 1, 73) };

  test('a 12×12 board the core cannot read is refused, and the next call on either board is not', () => {
    assert.throws(() => engine.legalMoves(canadian, unreadable), (e: unknown) => e instanceof EngineError && /could not read the board/.test(e.message));
    // Canadian's start: 1 + 5 × 2 = 11 steps (the test above); international's: 9 (the front row
    // of five, the edge man with one diagonal: 1 + 4 × 2).
    assert.equal(engine.legalMoves(international, startOf('international')).length, 9);
    assert.throws(() => engine.legalMoves(canadian, unreadable), EngineError);
    assert.equal(engine.legalMoves(canadian, startOf('canadian')).length, 11);
  });

  test('a refusal on the one-word boards does not outlive its call on the 12×12 board', () => {
    assert.throws(() => engine.legalMoves(international, unreadable), EngineError);
    assert.equal(engine.legalMoves(canadian, startOf('canadian')).length, 11);
    // Training features are not computed on 12×12: refused by name, then a move list again.
    assert.throws(() => engine.evalFeatures(canadian, startOf('canadian')), (e: unknown) => e instanceof EngineError && /do not play this variant/.test(e.message));
    assert.equal(engine.legalMoves(canadian, startOf('canadian')).length, 11);
  });
});
