// The Searcher's plumbing over a stand-in for the core's raw search (tests/helpers/fake-search.ts):
// what it hands the core (board, history, draw counters, limits), how it names the answer, its
// reports, stop(), time limits, levels and refused input. The real search is tested in
// search-engine.test.ts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Game, IllegalMoveError, LEVELS, Position, SearchError, Searcher, VariantError, createEngineSync } from '../bindings/index.js';
import type { Engine, SearchInfo } from '../bindings/index.js';
import { FakeCall, installFakeSearch } from './helpers/fake-search.js';
import { VARIANT_INTERNATIONAL } from '../bindings/core/contract.js';

function fakeSearcher(): { searcher: Searcher; engine: Engine & { lastCall?: FakeCall; cleared?: number; hashSize?: number } } {
  const engine = createEngineSync() as Engine & { lastCall?: FakeCall };
  installFakeSearch(engine);
  // No warm-up: the stand-in has no compiled code to warm, and its call records stay the test's.
  return { searcher: new Searcher({ engine, hash: 64, variants: [] }), engine };
}

describe('what the Searcher hands the core', () => {
  test('the root board, the side to move and the variant id with the capture rule', () => {
    const { searcher, engine } = fakeSearcher();
    const position = Position.fromFen('russian', 'B:WKa1,c3:Bh8,f6', { optionalCapture: true });
    searcher.search(position, { depth: 1 });
    const call = engine.lastCall!;
    assert.equal(call.variantId, 4 + 8); // russian is 4; optional capture adds the flag 8
    assert.equal(call.board.whiteToMove, false);
    // Squares count from h8's side: rank 1 is 29–32 (a1 c1 e1 g1), rank 3 is 21–24 (a3 c3 …),
    // rank 6 is 9–12 (b6 d6 f6 h6), rank 8 is 1–4 (b8 d8 f8 h8). Codes: 1 white man, 2 white king, 3 black man.
    const occupied = [...call.board.squares].flatMap((code, s) => (code ? [[s, code]] : []));
    assert.deepEqual(occupied, [[4, 3], [11, 3], [22, 1], [29, 2]]);
    assert.equal(engine.hashSize, 64);
  });

  test('history since the last man move and the 40-move counter, english', () => {
    const { searcher, engine } = fakeSearcher();
    const game = new Game('english', { fen: 'W:WK18,22:BK1' });
    // Four king moves: every position of the game can still repeat; 80 − 4 plies left.
    for (const move of ['18-14', '1-6', '14-18', '6-1']) game.play(move);
    searcher.search(game, { depth: 1 });
    let call = engine.lastCall!;
    assert.equal(call.limits.history!.length, 4);
    assert.deepEqual([...call.limits.history![0]!.squares], [...engine.lastCall!.board.squares]); // the start is the root again
    assert.equal(call.limits.noProgressPlies, 76);
    assert.equal(call.limits.endgamePlies, undefined);
    // A man move: nothing before it can come back, and the counter starts again.
    game.play('22-17');
    searcher.search(game, { depth: 1 });
    call = engine.lastCall!;
    assert.equal(call.limits.history!.length, 0);
    assert.equal(call.limits.noProgressPlies, 80);
  });

  test('the international endgame counter while its material holds', () => {
    const { searcher, engine } = fakeSearcher();
    // A lone white king against a king and two men: the 16-move endgame rule (32 plies) applies.
    const game = new Game('international', { fen: 'W:WK47:BK3,6,7' });
    searcher.search(game, { depth: 1 });
    assert.equal(engine.lastCall!.limits.endgamePlies, 32);
    assert.equal(engine.lastCall!.limits.noProgressPlies, 50);
    game.play('47-41');
    game.play('3-9');
    // Two king moves: 30 plies left on both.
    searcher.search(game, { depth: 1 });
    assert.equal(engine.lastCall!.limits.endgamePlies, 30);
    assert.equal(engine.lastCall!.limits.noProgressPlies, 48);
    assert.equal(engine.lastCall!.limits.history!.length, 2);
    // A man move resets the 25-move kings counter but not the endgame one (draw-rules.ts).
    game.play('41-47');
    game.play('6-11');
    searcher.search(game, { depth: 1 });
    assert.equal(engine.lastCall!.limits.endgamePlies, 28);
    assert.equal(engine.lastCall!.limits.noProgressPlies, 50);
    assert.equal(engine.lastCall!.limits.history!.length, 0);
  });

  test('a request replays the game; a position has no history', () => {
    const { searcher, engine } = fakeSearcher();
    searcher.search({ variant: 'english', fen: 'W:WK18,22:BK1', moves: ['18-14', '1-6'] }, { depth: 1 });
    assert.equal(engine.lastCall!.limits.history!.length, 2);
    assert.equal(engine.lastCall!.limits.noProgressPlies, 78);
    searcher.search(Position.fromFen('english', 'W:WK18,22:BK1'), { depth: 1 });
    assert.equal(engine.lastCall!.limits.history!.length, 0);
    assert.equal(engine.lastCall!.limits.noProgressPlies, 80);
  });

  test('limits: depth, nodes, multi-PV, disabled features; a level caps them', () => {
    const { searcher, engine } = fakeSearcher();
    const start = Position.initial('international');
    searcher.search(start, { depth: 3, nodes: 5000, multipv: 3, disable: 6 });
    assert.deepEqual({ ...engine.lastCall!.limits, history: undefined, noProgressPlies: undefined },
      { depth: 3, nodes: 5000, multiPV: 3, disable: 6, history: undefined, noProgressPlies: undefined, ending: 'standard' });
    // antidraughts and breakthrough hand the core international's board and their own end.
    for (const variant of ['antidraughts', 'breakthrough'] as const) {
      searcher.search(Position.initial(variant), { depth: 1 });
      assert.equal(engine.lastCall!.limits.ending, variant);
      assert.equal(engine.lastCall!.variantId, VARIANT_INTERNATIONAL);
    }
    const beginner = LEVELS[0]!;
    searcher.search(start, { depth: 30, level: 1, seed: 1 });
    assert.equal(engine.lastCall!.limits.depth, beginner.depth);
    assert.equal(engine.lastCall!.limits.nodes, beginner.nodes);
    assert.equal(engine.lastCall!.limits.multiPV, beginner.multipv);
  });
});

describe('turkish (RULES-more-variants.md 4: rook moves, men forward and sideways, pieces removed at once)', () => {
  // Squares by name: White's men move up the board (towards rank 8) and sideways, Black's down.
  test('the king takes the last man: a win in 1', () => {
    // The d-file is open from d1 to Black's only man on d5, with d6 empty behind it.
    const result = new Searcher({ hash: 1 }).search({ variant: 'turkish', fen: 'W:WKd1:Bd5' }, { depth: 3 });
    assert.match(result.bestmove, /^d1xd[678]$/);
    assert.equal(result.win, 1);
  });

  test('a man given away draws the last enemy man into the king\'s rank: a win in 3', () => {
    // White: king a4, man c5; Black: a man on d6. Nothing can capture yet. c5-d5 puts the man in
    // front of d6 with d4 empty behind it: Black must take (d6xd4), landing on the king's rank
    // with e4 empty behind, and the king takes it: Black has no piece left at ply 3. No capture
    // is possible at ply 1, so no faster win exists.
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search({ variant: 'turkish', fen: 'W:WKa4,c5:Bd6' }, { depth: 5 });
    assert.equal(result.bestmove, 'c5-d5');
    assert.equal(result.win, 3);
    // The same from Black's side, one ply on: its only move is the capture, and it loses in 2.
    const lost = searcher.search({ variant: 'turkish', fen: 'B:WKa4,d5:Bd6' }, { depth: 5 });
    assert.equal(lost.bestmove, 'd6xd4');
    assert.equal(lost.win, -2);
  });

  test('the start position, given as a position or as a FEN: a legal move', () => {
    const searcher = new Searcher({ hash: 1 });
    const start = Position.initial('turkish');
    assert.ok(start.legalMoves().includes(searcher.search(start, { depth: 4 }).move));
    const fromFen = searcher.search({ variant: 'turkish', fen: 'W:W41-56:B9-24' }, { depth: 4 });
    assert.ok(start.legalMoves().some((m) => m.notation === fromFen.bestmove), fromFen.bestmove);
  });
});

describe('variants with boards or moves of their own', () => {
  test('canadian, for a position and a request; pool, thai and killer', () => {
    const searcher = new Searcher({ hash: 1 });
    const canadian = Position.initial('canadian');
    assert.ok(canadian.legalMoves().includes(searcher.search(canadian, { depth: 2 }).move));
    const request = searcher.search({ variant: 'canadian', fen: canadian.toFen() }, { depth: 2 });
    assert.ok(canadian.legalMoves().some((m) => m.notation === request.bestmove), request.bestmove);
    // The variants with moves of their own on the diagonal boards are searched.
    for (const variant of ['pool', 'thai', 'killer'] as const) {
      const start = Position.initial(variant);
      assert.ok(start.legalMoves().includes(searcher.search(start, { depth: 2 }).move), variant);
    }
  });
});

describe('the games that end otherwise (RULES-more-variants.md: antidraughts, breakthrough)', () => {
  // International squares: row r from the top holds squares 5r+1 … 5r+5, White's men move up
  // and are crowned on 1-5, Black's move down and are crowned on 46-50.
  test('antidraughts: the last man is handed over, and the side without a piece has won', () => {
    // White's only man on 33 can step to 28 or 29. On 28 it stands in front of Black's 22 with
    // 33 empty behind it: Black must take it (22x33), and White, left without a piece, has no
    // move: a win in 2 plies. In international the same step only loses the man.
    const searcher = new Searcher({ hash: 1 });
    const fen = 'W:W33:B22';
    const anti = searcher.search({ variant: 'antidraughts', fen }, { depth: 4 });
    assert.equal(anti.bestmove, '33-28');
    assert.equal(anti.win, 2);
    const ordinary = searcher.search({ variant: 'international', fen }, { depth: 4 });
    assert.equal(ordinary.bestmove, '33-29');
    assert.ok(ordinary.score < 10_000, 'not a win in international');
  });

  test('antidraughts: a side already without a move is not searched, and the game says who won', () => {
    const game = new Game('antidraughts', { fen: 'B:W33:B' });
    assert.equal(game.isOver, true);
    assert.equal(game.result.status === 'win' && game.result.winner, 'black');
  });

  test('breakthrough: the race of two runaways is won by the side to move when it is no further from its crowning row', () => {
    // White's man on 11 (row 2) needs two moves to reach row 0; Black's on 36 (row 7) two to
    // reach row 9. White moves first, so it crowns at ply 3, before Black's second move would.
    const searcher = new Searcher({ hash: 1 });
    const first = searcher.search({ variant: 'breakthrough', fen: 'W:W11:B36' }, { depth: 6 });
    assert.equal(first.win, 3);
    // One row further back (16, row 3), White needs three moves: Black crowns at ply 4.
    const second = searcher.search({ variant: 'breakthrough', fen: 'W:W16:B36' }, { depth: 6 });
    assert.equal(second.win, -4);
    // In international the same men are an even ending, not a decided one at that distance.
    assert.equal(searcher.search({ variant: 'international', fen: 'W:W11:B36' }, { depth: 6 }).win, null);
  });

  test('breakthrough: a crowning beats material', () => {
    // White's man on 7 crowns at once (7-1 or 7-2), although Black has three men to its one.
    const searcher = new Searcher({ hash: 1 });
    const result = searcher.search({ variant: 'breakthrough', fen: 'W:W7:B35,40,44' }, { depth: 3 });
    assert.match(result.bestmove, /^7-[12]$/);
    assert.equal(result.win, 1);
  });
});

describe('the answer', () => {
  test('moves named as the position names them, the line legal move after move', () => {
    const { searcher } = fakeSearcher();
    for (const variant of ['english', 'russian', 'international'] as const) {
      const position = Position.initial(variant);
      const result = searcher.search(position, { depth: 3, multipv: 2 });
      assert.ok(position.legalMoves().some((m) => m.notation === result.bestmove), result.bestmove);
      assert.equal(result.move, position.parseMove(result.bestmove));
      assert.equal(result.ponder, result.pv[1]);
      let at = position;
      for (const text of result.pv) at = at.play(text);
      assert.equal(result.lines.length, 2);
      assert.deepEqual(result.lines.map((l) => l.multipv), [1, 2]);
      assert.deepEqual(result.lines[0]!.pv, result.pv);
      assert.equal(result.depth, 3);
    }
  });

  test('algebraic notation when the position asks for it', () => {
    const { searcher } = fakeSearcher();
    const result = searcher.search(Position.initial('english', { algebraic: true }), { depth: 1 });
    assert.match(result.bestmove, /^[a-h][1-8]-[a-h][1-8]$/);
  });

  test('a report per iteration and per new best move, with time and speed', () => {
    const { searcher } = fakeSearcher();
    const infos: SearchInfo[] = [];
    searcher.search(Position.initial('english'), { depth: 5, multipv: 2 }, (info) => infos.push(info));
    const iterations = infos.filter((i) => i.multipv === 2).map((i) => i.depth);
    assert.deepEqual(iterations, [1, 2, 3, 4, 5]); // the second line comes only with whole iterations
    assert.ok(infos.length > iterations.length * 2, 'best-move reports between iterations');
    for (let i = 1; i < infos.length; i++) assert.ok(infos[i]!.ms >= infos[i - 1]!.ms);
    const last = infos.at(-1)!;
    assert.ok(last.nodes > 0 && last.nps > 0);
    assert.equal(last.nps, Math.round((last.nodes * 1000) / last.ms));
  });

  test('stop() from the report ends the search with what it has', () => {
    const { searcher } = fakeSearcher();
    const result = searcher.search(Position.initial('czech'), { depth: 40 }, (info) => {
      if (info.depth >= 3) searcher.stop();
    });
    // The first report of depth 3 is either iteration 3's end or a new best move within it
    // (then iteration 2 is the deepest complete one).
    assert.ok(result.depth === 2 || result.depth === 3, `depth ${result.depth}`);
    // The next search is not stopped by the last one's stop().
    assert.equal(searcher.search(Position.initial('czech'), { depth: 4 }).depth, 4);
  });

  test('a time limit ends a search that depth would not', () => {
    const { searcher } = fakeSearcher();
    const result = searcher.search(Position.initial('italian'), { movetime: 60 });
    assert.ok(result.depth < 40, `depth ${result.depth}`);
    assert.ok(result.ms >= 55, `stopped after ${result.ms} ms`);
  });

  test('newGame clears the table (and making the searcher cleared it once, touching its pages)', () => {
    const { searcher, engine } = fakeSearcher();
    assert.equal(engine.cleared, 1);
    searcher.newGame();
    assert.equal(engine.cleared, 2);
  });
});

describe('levels over the stand-in', () => {
  test('a seed decides the choice; another seed chooses otherwise somewhere', () => {
    const { searcher } = fakeSearcher();
    const positions = ['english', 'italian', 'international', 'brazilian'].map((v) => Position.initial(v as 'english'));
    const play = (seed: number): string[] => positions.map((p) => searcher.search(p, { level: 1, seed }).bestmove);
    assert.deepEqual(play(11), play(11));
    const others = [12, 13, 14, 15].map(play);
    assert.ok(others.some((moves) => moves.join() !== play(11).join()));
  });

  test('full strength always plays the first line', () => {
    const { searcher } = fakeSearcher();
    const position = Position.initial('spanish');
    const plain = searcher.search(position, { depth: 3 }).bestmove;
    for (let seed = 0; seed < 5; seed++) assert.equal(searcher.search(position, { depth: 3, level: 7, seed }).bestmove, plain);
  });
});

describe('refused input', () => {
  const { searcher } = fakeSearcher();
  const start = Position.initial('english');
  const cases: Array<[string, object, RegExp]> = [
    ['depth 0', { depth: 0 }, /limits\.depth must be a whole number from \d+ to \d+, not 0/],
    ['depth 65', { depth: 65 }, /limits\.depth must be a whole number from \d+ to \d+, not 65/],
    ['fractional nodes', { nodes: 1.5 }, /limits\.nodes must be a whole number from \d+ to \d+, not 1\.5/],
    ['negative movetime', { movetime: -1 }, /limits\.movetime .*got -1/],
    ['multipv 17', { multipv: 17 }, /limits\.multipv must be a whole number from \d+ to \d+, not 17/],
    ['level 9', { level: 9 }, /limits\.level .*got 9/],
    ['clock without btime', { clock: { wtime: 5 } }, /limits\.clock needs wtime and btime/],
    ['NaN increment', { clock: { wtime: 5, btime: 5, winc: NaN } }, /limits\.clock\.winc .*got NaN/],
    ['seed 0.5', { seed: 0.5 }, /limits\.seed .*got 0\.5/],
  ];
  for (const [name, limits, message] of cases) {
    test(name, () => assert.throws(() => searcher.search(start, limits), (e: unknown) => e instanceof SearchError && message.test(e.message)));
  }

  test('a lost position: nothing to search', () => {
    assert.throws(() => searcher.search(Position.fromFen('english', 'W:W5:B1'), { depth: 1 }), /white has no legal move/);
  });

  test('a request with an unknown variant or an illegal move', () => {
    assert.throws(() => searcher.search({ variant: 'chess' as 'english', fen: 'W:W1:B5' }), VariantError);
    assert.throws(() => searcher.search({ variant: 'english', fen: 'W:WK18,22:BK1', moves: ['18-14', '18-14'] }), IllegalMoveError);
    assert.throws(() => searcher.search({ variant: 'english', fen: 'W:WK18:BK1', moves: 'x' as unknown as string[] }), /request\.moves must be an array/);
    assert.throws(() => searcher.search(42 as unknown as Position), /must be a Position, a Game or a \{ variant, fen, moves \} request, not 42/);
  });

  test('a bad hash size', () => {
    assert.throws(() => new Searcher({ hash: 3 }), /hash must be a power of two .*got 3/);
  });
});
