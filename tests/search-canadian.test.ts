// The search on canadian's 12×12 board (RULES-more-variants.md 8: international's rules, 30 men a
// side). The core keeps each set's low word where the other variants keep their one word and
// carries the high words (rows 10 and 11, and the ghost bit before them) beside the search; these
// tests reach both words. Random positions of every searched variant, canadian included, are
// checked for a legal best move in search-core.test.ts and search-engine.test.ts.
//
// Squares (tests/canadian.test.ts): square = 6 × row + ⌊column / 2⌋ + 1, row 0 at the top,
// (row + column) odd on the playable squares. White's men move up and are crowned on row 0
// (1-6), Black's move down and are crowned on row 11 (67-72). `at(row, column)` below names a
// square by its coordinates, so each line of reasoning can be followed on a drawn board.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, Position, Searcher, createEngineSync, variantInfo } from '../bindings/index.js';
import { toCore } from '../bindings/core/position.js';

const at = (row: number, column: number): number => {
  assert.equal((row + column) % 2, 1, `(${row}, ${column}) is a light square`);
  return 6 * row + Math.floor(column / 2) + 1;
};

function pos(fen: string): Position {
  return Position.fromFen('canadian', fen);
}

describe('canadian: the search plays it', () => {
  test('the variant is searched: VariantInfo.searched', () => {
    assert.equal(variantInfo('canadian').searched, true);
  });

  test('the start position at depth 6: a legal move, and three different legal lines with multi-PV', () => {
    const searcher = new Searcher({ hash: 16 });
    const start = Position.initial('canadian');
    const result = searcher.search(start, { depth: 6 });
    assert.ok(start.legalMoves().includes(result.move), result.bestmove);
    assert.equal(result.depth, 6);
    // The start is the same for both sides turned round, and nothing is lost in six plies.
    assert.ok(Math.abs(result.score) < 100, `score ${result.score}`);
    const lines = searcher.search(start, { depth: 4, multipv: 3 }).lines;
    assert.equal(lines.length, 3);
    const firsts = lines.map((line) => line.pv[0]);
    assert.equal(new Set(firsts).size, 3);
    for (const first of firsts) assert.ok(start.legalMoves().some((m) => m.notation === first), first);
  });

  test('win in 1 on the high word: a king shuts the last man in on the crowning row', () => {
    // Black's last man stands on (10, 11), square 66, by the right edge: its only step is down to
    // (11, 10), square 72, and a piece there cannot be taken (the landing square is off the
    // board), nor can anything else: (9, 10) behind it is empty. White's king on (7, 6), square
    // 46, reaches 72 in one slide down the diagonal 46-52-59-65-72 and leaves Black without a
    // move: Black has lost. No other move of White's does that (nothing else can reach 72, and
    // White has no capture), so the king's slide is the one win in 1. Rows 10 and 11 are the
    // sets' high words.
    assert.equal(at(10, 11), 66);
    assert.equal(at(11, 10), 72);
    assert.equal(at(7, 6), 46);
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search(pos('W:WK46:B66'), { depth: 4 });
    assert.equal(result.bestmove, '46-72');
    assert.equal(result.win, 1);
  });

  test('a forced line of 3 plies: a man given up, then one king capture takes the rest (White, the high word)', () => {
    // White: a man on (8, 3), a king on (11, 0) behind it on the same diagonal; Black: men on
    // (6, 5) and (5, 4). White has no capture (its man blocks its king's diagonal, and no black
    // piece stands next to the man). White's man steps to (7, 4), next to Black's (6, 5), with
    // (8, 3) now empty behind it: Black must take it, 39x50, its only capture and so its only
    // move. That man now stands on (8, 3) in the king's diagonal, with (7, 4) empty beyond: the
    // king takes it and, landing on (6, 5) (Black's man left it), turns to take (5, 4) and lands
    // on (4, 3): 67x26 takes both, and Black has no piece left. The king starts on row 11.
    const [man, step, king, first, second, landing] = [at(8, 3), at(7, 4), at(11, 0), at(6, 5), at(5, 4), at(4, 3)];
    assert.deepEqual([man, step, king, first, second, landing], [50, 45, 67, 39, 33, 26]);
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search(pos(`W:W${man},K${king}:B${second},${first}`), { depth: 5 });
    assert.equal(result.bestmove, `${man}-${step}`);
    assert.equal(result.win, 3);
    assert.deepEqual(result.pv, [`${man}-${step}`, `${first}x${man}`, `${king}x${landing}`]);
  });

  test('the same line turned round, Black to move', () => {
    // The board turned half a turn, (r, c) → (11 − r, 11 − c), colours swapped: Black's man on
    // (3, 8) steps to (4, 7), White's man on (5, 6) must take it landing on (3, 8), and Black's
    // king on (0, 11) takes (3, 8) and (6, 7), landing on (7, 8).
    const [man, step, king, first, second, landing] = [at(3, 8), at(4, 7), at(0, 11), at(5, 6), at(6, 7), at(7, 8)];
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search(pos(`B:W${first},${second}:B${man},K${king}`), { depth: 5 });
    assert.equal(result.bestmove, `${man}-${step}`);
    assert.equal(result.win, 3);
    assert.deepEqual(result.pv, [`${man}-${step}`, `${first}x${man}`, `${king}x${landing}`]);
  });

  test('optional capture: a capture may be declined, and the search still gives a legal move', () => {
    // With captures compulsory White's man on (8, 3) must take Black's man on (7, 4); with the
    // house rule its quiet moves are legal too.
    const fen = `W:W${at(8, 3)},${at(11, 10)}:B${at(7, 4)},${at(0, 1)}`;
    const forced = Position.fromFen('canadian', fen);
    const optional = Position.fromFen('canadian', fen, { optionalCapture: true });
    assert.ok(forced.legalMoves().every((m) => m.captured.length > 0));
    assert.ok(optional.legalMoves().some((m) => m.captured.length === 0));
    const searcher = new Searcher({ hash: 1 });
    for (const position of [forced, optional]) {
      const result = searcher.search(position, { depth: 5 });
      assert.ok(position.legalMoves().includes(result.move), result.bestmove);
    }
  });

  test("a game's repetitions: the search sees the game's earlier positions of canadian", () => {
    // Two lone kings on the edges, shuffling: White's between 72 (11, 10) and 66 (10, 11), Black's
    // between 1 (0, 1) and 7 (1, 0). Neither can ever take the other (a piece on the edge has no
    // square behind it), so after 72-66 1-7 66-72 7-1 the start has come twice and the game is a
    // draw whatever is played: the search gives a legal move and no win.
    const game = new Game('canadian', { fen: `W:WK${at(11, 10)}:BK${at(0, 1)}` });
    for (const move of ['72-66', '1-7', '66-72', '7-1']) game.play(move);
    const result = new Searcher({ hash: 1 }).search(game, { depth: 6 });
    assert.ok(game.position.legalMoves().includes(result.move), result.bestmove);
    assert.equal(result.win, null);
  });
});

describe('canadian: the search leaves the 10×10 state alone', () => {
  test('a canadian search between two international ones changes neither their result nor the game state', () => {
    const engine = createEngineSync();
    engine.setHashSize(1);
    const international = variantInfo('international').id;
    const canadian = variantInfo('canadian').id;
    const ten = toCore(Position.fromFen('international', 'W:W28,31-35,37:B12-15,18,19,22')).board;
    const twelve = toCore(Position.initial('canadian')).board;
    engine.stateLoad(international, ten);
    // Each search starts from a cleared table and move ordering, so the two international ones
    // search the same tree unless the canadian one left something behind.
    engine.clearHash();
    const before = engine.search(international, ten, { depth: 6 });
    engine.clearHash();
    const canadianResult = engine.search(canadian, twelve, { depth: 4 });
    assert.ok(canadianResult.lines.length > 0);
    engine.clearHash();
    const again = engine.search(international, ten, { depth: 6 });
    assert.deepEqual(again.lines, before.lines);
    assert.equal(again.nodes, before.nodes);
    const state = engine.stateBoard(international);
    assert.equal(state.whiteToMove, ten.whiteToMove);
    assert.deepEqual([...state.squares.subarray(1, 51)], [...ten.squares.subarray(1, 51)]);
  });
});
