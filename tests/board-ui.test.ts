// The board glue: layout, destinations by origin, route choices and move trails. Expected
// squares come from RULES.md section 2 (numbering) and hand-worked positions.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Position, VARIANTS, boardLayout, captureRequired, destinations, moveTrail, movesBetween, routeChoices, whyNotSearched } from '../bindings/index.js';

describe('board glue', () => {
  test('layout: square 1 at r0 c1 on standard boards, r0 c0 on mirrored ones; flipping turns the board round', () => {
    const english = boardLayout('english');
    assert.equal(english.size, 8);
    assert.equal(english.squares.length, 32);
    assert.deepEqual(english.squares[0], { square: 1, row: 0, column: 1, name: 'b8' });
    assert.deepEqual(english.squares[31], { square: 32, row: 7, column: 6, name: 'g1' });
    const italian = boardLayout('italian');
    assert.equal(italian.mirrored, true);
    assert.deepEqual([italian.squares[0]!.row, italian.squares[0]!.column, italian.squares[31]!.row, italian.squares[31]!.column], [0, 0, 7, 7]);
    const flipped = boardLayout('english', true);
    assert.deepEqual([flipped.squares[0]!.row, flipped.squares[0]!.column], [7, 6]);
    const international = boardLayout('international');
    assert.equal(international.squares.length, 50);
    assert.deepEqual([international.squares[45]!.row, international.squares[45]!.column], [9, 0], 'square 46 is the bottom-left corner');
    // Turkish: all 64 squares, row by row from the top (RULES-more-variants.md 4).
    const turkish = boardLayout('turkish');
    assert.equal(turkish.allSquares, true);
    assert.equal(turkish.squares.length, 64);
    assert.deepEqual(turkish.squares[0], { square: 1, row: 0, column: 0, name: 'a8' });
    assert.deepEqual(turkish.squares[63], { square: 64, row: 7, column: 7, name: 'h1' });
    assert.equal(english.allSquares, false);
    // Canadian: 72 dark squares on 12×12, square 1 at r0 c1, 67 the bottom-left corner (a1),
    // 72 at r11 c10 (RULES-more-variants.md 8); turned round, 1 is drawn at r11 c10.
    const canadian = boardLayout('canadian');
    assert.equal(canadian.size, 12);
    assert.equal(canadian.squares.length, 72);
    assert.deepEqual(canadian.squares[0], { square: 1, row: 0, column: 1, name: 'b12' });
    assert.deepEqual(canadian.squares[66], { square: 67, row: 11, column: 0, name: 'a1' });
    assert.deepEqual(canadian.squares[71], { square: 72, row: 11, column: 10, name: 'k1' });
    assert.deepEqual(boardLayout('canadian', true).squares[0], { square: 1, row: 11, column: 10, name: 'b12' });
  });

  test('trail of a turkish king crossing a square it emptied: each leg takes the piece lying on it', () => {
    // King c1 (59) up over c3 (43) to c5 (27), right over e5 (29) to f5 (30), down over f4 (38)
    // to f3 (46), left over c3's empty square and b3 (42) to a3 (41): see tests/turkish.test.ts.
    const [move] = Position.fromFen('turkish', 'W:WKc1:Bc3,e5,f4,b3').legalMoves();
    const trail = moveTrail('turkish', move!);
    assert.deepEqual(trail.passed, [27, 30, 46]);
    assert.deepEqual(trail.taken, [43, 29, 38, 42]);
  });

  test('destinations by origin: english start, Black to move', () => {
    assert.deepEqual([...destinations(Position.initial('english'))], [[9, [13, 14]], [10, [14, 15]], [11, [15, 16]], [12, [16]]]);
    assert.equal(captureRequired(Position.initial('english')), false);
  });

  // Black man on 2 takes two ways to 18: over 6 (landing on 9) then 14, or over 7 (landing on 11) then 15.
  const fen = 'B:W6,7,14,15:B2';

  test('an ambiguous double capture: two routes to one square, each with the pieces only it takes', () => {
    const position = Position.fromFen('english', fen);
    assert.deepEqual([...destinations(position)], [[2, [18]]]);
    assert.equal(captureRequired(position), true);
    assert.equal(captureRequired(Position.fromFen('english', fen, { optionalCapture: true })), false);
    const routes = routeChoices(position, 2, 18).map((r) => ({ passed: r.trail.passed, taken: r.trail.taken, distinct: r.distinct }));
    routes.sort((a, b) => a.passed[0]! - b.passed[0]!);
    assert.deepEqual(routes, [
      { passed: [9], taken: [6, 14], distinct: [6, 14] },
      { passed: [11], taken: [7, 15], distinct: [7, 15] },
    ]);
    assert.deepEqual(movesBetween(position, 2, 9), [], 'a capture cannot stop half-way');
  });

  test('trail of a flying king round a loop: the pieces in the order they are jumped', () => {
    // README: 38x38 goes 38, 27, 13, 24, 38; each leg jumps the captured piece lying on it.
    const position = Position.fromFen('international', 'W:WK38:B18,19,32,33');
    const loop = position.legalMoves().find((m) => m.from === 38 && m.to === 38)!;
    const trail = moveTrail('international', loop);
    assert.deepEqual(trail.passed, loop.path.slice(1, -1));
    assert.deepEqual([...trail.taken].sort((a, b) => a - b), [18, 19, 32, 33]);
    assert.equal(trail.taken[0], 32, '38 to 27 runs over 32');
  });

  test('the opponent a board can offer: the computer in all sixteen variants the search plays', () => {
    // README: the search plays the 8×8 and 10×10 diagonal games, antidraughts, breakthrough,
    // turkish, frisian, frysk and canadian (12×12): no variant is left without a reason.
    for (const variant of VARIANTS) assert.equal(whyNotSearched(variant), undefined, variant);
    assert.equal(VARIANTS.length, 16);
    assert.equal(whyNotSearched('canadian'), undefined);
    assert.equal(whyNotSearched('frisian'), undefined);
    assert.equal(whyNotSearched('antidraughts'), undefined);
    assert.equal(whyNotSearched('turkish'), undefined);
  });
});
