// Core-level checks of Engine.search (the raw API of bindings/core/engine.ts), needing no other
// search code: the transposition table finds its own entries again and never takes another
// position's; the best move and every move of its line are legal; a side without a move gets no
// line; and wins are scored as distances worked out by hand below.
//
// Square numbers follow RULES.md 2 (rows from the top as White sees the board, r, c from 0):
//   8×8 standard (english): row r holds squares 4r+1 .. 4r+4, on columns 1,3,5,7 when r is even
//   and 0,2,4,6 when r is odd. White men move up (towards row 0), Black men down.
//   10×10: square 5r + ⌊c/2⌋ + 1; the long diagonal runs 46-41-37-32-28-23-19-14-10-5.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Position, SEARCH_FEATURES, VARIANTS, WIN_SCORE, createEngineSync, defaultFeatures, variantInfo } from '../bindings/index.js';
import type { Engine, RawBoard, RawMove, VariantName } from '../bindings/index.js';
import { OPTIONAL_CAPTURE } from '../bindings/core/contract.js';
import { applyMove } from '../bindings/core/moves.js';
import { toCore } from '../bindings/core/position.js';
import { Rng } from './fuzz/prng.js';

// ------------------------------------------------------------------------- helpers ----

const rawBoard = (position: Position): RawBoard => toCore(position).board;

function board(variant: VariantName, fen: string): RawBoard {
  return rawBoard(Position.fromFen(variant, fen));
}

const id = (variant: VariantName): number => variantInfo(variant).id;

/** The board after a legal move (as Position.play does it, on the raw squares). */
function after(b: RawBoard, move: RawMove): RawBoard {
  return { whiteToMove: !b.whiteToMove, squares: applyMove(b.squares, move, b.whiteToMove) };
}

const sorted = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** The legal move that `move` names by origin, destination and captured set, or undefined. */
function findLegal(legal: readonly RawMove[], move: RawMove): RawMove | undefined {
  const taken = sorted(move.captured).join(',');
  return legal.find((m) => m.from === move.from && m.to === move.to && sorted(m.captured).join(',') === taken);
}


const sameMove = (a: RawMove | undefined, b: RawMove | undefined): boolean =>
  a !== undefined && b !== undefined && a.from === b.from && a.to === b.to && sorted(a.captured).join(',') === sorted(b.captured).join(',');

// ------------------------------------------------------------------- the table ----

describe('transposition table', () => {
  test('a stored entry is found again: the same searches repeated cost far fewer nodes', () => {
    for (const [variant, depths] of [['english', [8, 10, 12]], ['international', [6, 8, 10]]] as const) {
      const start = rawBoard(Position.initial(variant));
      let first = 0;
      let again = 0;
      // The static cut is off: the nodes it decides near the leaves are the evaluation's, not
      // the table's, so it would blur what the table saves.
      const disable = SEARCH_FEATURES.staticCut;
      for (const depth of depths) {
        const engine = createEngineSync();
        const one = engine.search(id(variant), start, { depth, disable });
        const two = engine.search(id(variant), start, { depth, disable });
        first += one.nodes;
        again += two.nodes;
        // Control: after clearHash the same search costs what it cost a fresh engine.
        engine.clearHash();
        assert.equal(engine.search(id(variant), start, { depth, disable }).nodes, one.nodes, `${variant} depth ${depth}: a cleared table searches the same tree as a fresh engine`);
      }
      // The repeated searches find the first ones' entries, deep enough to cut most subtrees
      // off the principal line at once; without them each would walk a tree of about the same
      // size again (the root and the principal line are searched in full either way, so a
      // single shallow search gains less: the sum over three depths is compared).
      assert.ok(again * 2.5 < first, `${variant} depths ${depths.join(', ')}: ${first} nodes, then ${again} again`);
    }
  });

  test("another position's entries are never taken for this one (1 MiB table)", () => {
    // A: a full board, searched deep enough to write most of the small table. B: an ending of
    // at most seven pieces. No position of one search is a position of the other: material
    // only falls, A's search cannot take 17 of its 24 (or 33 of its 40) pieces within its
    // horizon, and B never has more than 7. So B searched after A must find none of A's
    // entries and search exactly the tree B alone searches: the same nodes, move and score.
    // History ordering is switched off (killers are off by default), so the table is the only
    // thing that lives from one search to the next. B is kept to a few thousand nodes: A's
    // entries are older and are replaced first, so as long as no cluster (four slots) has to
    // hold five of B's entries, B's own entries live exactly as they do alone.
    // The key is checked in full (64 bits), so this cannot prove that a true key collision is
    // never taken for a hit; it catches a table that checks too little of the key, or none.
    const cases = [
      { variant: 'english' as const, a: { fen: 'B:W21-32:B1-12', depth: 11 }, b: { fen: 'W:WK14,K27,K30:BK3,K9', depth: 8 } },
      { variant: 'english' as const, a: { fen: 'B:W21-32:B1-12', depth: 11 }, b: { fen: 'B:W22,25,K18:B6,11,K30', depth: 8 } },
      { variant: 'international' as const, a: { fen: 'W:W31-50:B1-20', depth: 10 }, b: { fen: 'W:WK28,K33,45:BK3,K47', depth: 4 } },
      { variant: 'international' as const, a: { fen: 'W:W31-50:B1-20', depth: 10 }, b: { fen: 'W:W33,34,39,K46:B12,13,18', depth: 7 } },
    ];
    for (const { variant, a, b } of cases) {
      // International's default reductions are switched off too: A must stay big enough to fill
      // the table.
      const disable = SEARCH_FEATURES.history | defaultFeatures(variant);
      const alone = createEngineSync();
      alone.setHashSize(1);
      const expected = alone.search(id(variant), board(variant, b.fen), { depth: b.depth, disable });
      assert.ok(expected.nodes < 5_000, `B must stay small beside the table's 16,384 clusters (${expected.nodes} nodes)`);

      const shared = createEngineSync();
      shared.setHashSize(1);
      const filler = shared.search(id(variant), board(variant, a.fen), { depth: a.depth, disable });
      // hashfull samples the first thousand entries: A must have written about half the table.
      assert.ok(filler.hashfull > 400, `A must fill the table (${filler.nodes} nodes, hashfull ${filler.hashfull} per mille)`);
      const got = shared.search(id(variant), board(variant, b.fen), { depth: b.depth, disable });

      const what = `${variant} ${b.fen} after ${a.fen}`;
      assert.equal(got.nodes, expected.nodes, `${what}: another tree than B alone`);
      assert.ok(sameMove(got.lines[0]?.pv[0], expected.lines[0]?.pv[0]), `${what}: another best move than B alone`);
      assert.equal(got.lines[0]?.score, expected.lines[0]?.score, `${what}: another score than B alone`);
    }
  });
});

describe('the end a search plays for', () => {
  test("a search to another end takes none of the table's entries of the last one", () => {
    // The same board is the same key in international and antidraughts, but a score of one is
    // no score of the other: after an international search of it, the antidraughts search must
    // search the tree it searches on an empty table (the same nodes, move and score). History
    // ordering, which lives from one search to the next, is off.
    const fen = 'W:W31-50:B1-20';
    const disable = SEARCH_FEATURES.history;
    const alone = createEngineSync();
    alone.setHashSize(1);
    const expected = alone.search(id('international'), board('international', fen), { depth: 7, ending: 'antidraughts', disable });
    const shared = createEngineSync();
    shared.setHashSize(1);
    shared.search(id('international'), board('international', fen), { depth: 7, disable });
    const got = shared.search(id('international'), board('international', fen), { depth: 7, ending: 'antidraughts', disable });
    assert.equal(got.nodes, expected.nodes);
    assert.ok(sameMove(got.lines[0]?.pv[0], expected.lines[0]?.pv[0]));
    assert.equal(got.lines[0]?.score, expected.lines[0]?.score);
  });

  test('an unknown end is refused, naming the ones there are', () => {
    const engine = createEngineSync();
    assert.throws(() => engine.search(id('international'), board('international', 'W:W31-50:B1-20'), { depth: 1, ending: 'chess' as never }),
      /ending must be one of standard, antidraughts, breakthrough, got "chess"/);
  });
});

// ---------------------------------------------------------- legal best moves ----

describe('the best move and its line are legal', () => {
  const PER_VARIANT = 500;
  // canadian included (its board's high words carried beside the search);
  // antidraughts and breakthrough are searched here with international's ordinary end.
  for (const variant of VARIANTS.filter((v) => variantInfo(v).searched)) {
    for (const optional of [false, true]) {
      test(`${variant}${optional ? ' with optional capture' : ''}: ${PER_VARIANT} random positions, depth 3-4`, () => {
        const variantId = id(variant) + (optional ? OPTIONAL_CAPTURE : 0);
        const engine = createEngineSync();
        engine.setHashSize(1);
        const rng = new Rng(0x5eed + variantId);
        const next = (): number => rng.float();
        const initial = rawBoard(Position.initial(variant));
        let checked = 0;
        let current = initial;
        let ply = 0;
        while (checked < PER_VARIANT) {
          const legal = engine.legalMoves(variantId, current);
          if (legal.length === 0 || ply > 150) {
            current = initial;
            ply = 0;
            continue;
          }
          // About one position in four along random playouts: openings, middle games with
          // captures pending and endings with kings all come up. The table is kept between
          // positions, so entries of earlier ones are there to be mistaken.
          if (next() < 0.25) {
            checked++;
            const depth = 3 + (checked % 2);
            const result = engine.search(variantId, current, { depth });
            assert.equal(result.lines.length, 1);
            const pv = result.lines[0]!.pv;
            assert.ok(pv.length >= 1, 'a position with moves gets a best move');
            let walk = current;
            pv.forEach((move, i) => {
              const moves = engine.legalMoves(variantId, walk);
              const found = findLegal(moves, move);
              assert.ok(found, `pv move ${i + 1} ${move.from}-${move.to} [${move.captured}] is not legal in ${JSON.stringify([...walk.squares])} (${walk.whiteToMove ? 'white' : 'black'} to move)`);
              assert.equal(move.promotes, found.promotes, 'the promotion flag agrees with the legal move');
              walk = after(walk, found);
            });
          }
          current = after(current, legal[Math.floor(next() * legal.length)]!);
          ply++;
        }
      });
    }
  }
});

// ---------------------------------------------------------------- no move ----

describe('a side with no move gets no line', () => {
  // english: a White man on 5 (r1 c0) steps only to 1 (r0 c1), where a Black man stands; the
  // jump over it would land off the board. International: the same with White on 6 and Black
  // on 1. And a side with no piece at all.
  const cases: Array<[VariantName, string]> = [
    ['english', 'W:W5:B1'],
    ['english', 'W:W:B1,2'],
    ['brazilian', 'W:W5:B1'],
    ['international', 'W:W6:B1'],
    ['international', 'B:W31,32:B'],
  ];
  for (const [variant, fen] of cases) {
    test(`${variant} ${fen}`, () => {
      const engine = createEngineSync();
      for (const flag of [0, OPTIONAL_CAPTURE]) {
        const result = engine.search(id(variant) + flag, board(variant, fen), { depth: 6 });
        assert.deepEqual(result.lines, []);
      }
    });
  }
});

// ------------------------------------------------------------------ wins ----

describe('wins are scored as distances in plies', () => {
  const engine = createEngineSync();

  test('english: White takes the last Black man at once (a win in 1 ply)', () => {
    // White men on 22 (c3) and 30, a Black man on 18 (d4). 22 is r5 c2, 18 is r4 c3 and 15
    // (r3 c4) is empty, so 22x15 is legal, and as a capture it is the only legal move. Black
    // is then left without a piece: the game ends one ply from the root.
    const result = engine.search(id('english'), board('english', 'W:W22,30:B18'), { depth: 5 });
    const line = result.lines[0]!;
    assert.equal(line.win, 1);
    assert.equal(WIN_SCORE - line.score, 1);
    assert.deepEqual([line.pv[0]?.from, line.pv[0]?.to, line.pv[0]?.captured], [22, 15, [18]]);
  });

  test('english: a man given up and taken back wins in 3 plies; the other side sees a loss in 2', () => {
    // White men on 19 (r4 c5), 24 (r5 c6) and 28 (r6 c7); a Black man on 10 (r2 c3). White
    // has no capture, so no win in 1. White plays 19-15 (to r3 c4): Black's only piece must
    // take it, 10x19, landing on r4 c5; it cannot go on (over 23 is empty, over 24 lands on
    // 28, taken). White then takes it back, 24x15 (over r4 c5 onto the emptied r3 c4), and
    // Black has no piece left: a win 3 plies from the root. Black's man can never be
    // blocked sooner (only 14 or 15 could block it and only 15 is one White step away), so
    // 19-15 is the only move that wins this fast.
    const result = engine.search(id('english'), board('english', 'W:W19,24,28:B10'), { depth: 7 });
    const line = result.lines[0]!;
    assert.equal(line.win, 3);
    assert.equal(WIN_SCORE - line.score, 3);
    assert.deepEqual([line.pv[0]?.from, line.pv[0]?.to], [19, 15]);

    // After 19-15, Black to move: its forced capture is answered by the last take, a loss 2
    // plies away, scored the other way round.
    const loss = engine.search(id('english'), board('english', 'B:W15,24,28:B10'), { depth: 6 }).lines[0]!;
    assert.equal(loss.win, -2);
    assert.equal(WIN_SCORE + loss.score, 2);
  });

  test('english: a king that takes two in one move wins in 1 ply', () => {
    // A White king on 1 (r0 c1), Black men on 6 (r1 c2) and 15 (r3 c4): the king jumps 6
    // landing on 10 (r2 c3), then must go on over 15 landing on 19 (r4 c5); no other jump
    // starts from 1 or 10. Both Black men are gone after this one move, the only legal one.
    const result = engine.search(id('english'), board('english', 'W:WK1:B6,15'), { depth: 5 });
    const line = result.lines[0]!;
    assert.equal(line.win, 1);
    assert.deepEqual([line.pv[0]?.from, line.pv[0]?.to, sorted(line.pv[0]?.captured ?? [])], [1, 19, [6, 15]]);
  });

  test('international: a flying king takes the last man from across the board (a win in 1 ply)', () => {
    // A White king on 46, a Black man on 28, both on the long diagonal with only empty squares
    // around: the king flies over 28 and may land on 23, 19, 14, 10 or 5. Any of them leaves
    // Black without a piece.
    const result = engine.search(id('international'), board('international', 'W:WK46:B28'), { depth: 5 });
    const line = result.lines[0]!;
    assert.equal(line.win, 1);
    assert.equal(WIN_SCORE - line.score, 1);
    assert.deepEqual(line.pv[0]?.captured, [28]);
  });
});

// White two men up in a closed middle game with no capture pending for either side, with a depth
// its search reaches quickly.
const TWO_MEN_UP = [
  { variant: 'international' as const, fen: 'W:W27,28,31,32,33,34,35,36,37,38,39,40,41,42:B6,7,8,9,11,12,13,14,15,16,17,18', depth: 8 },
  { variant: 'english' as const, fen: 'W:W17,18,21,22,23,24,25,26,27,28:B1,2,3,5,6,7,9,10', depth: 10 },
];

describe('the static cut', () => {
  // At the non-PV nodes near the leaves White's static score clears beta by far more than half a
  // man a ply, so the cut must save nodes; the result must still be White's material edge.
  test('a side two men up is cut near the leaves, and keeps its edge', () => {
    for (const { variant, fen, depth } of TWO_MEN_UP) {
      const b = board(variant, fen);
      // The singular extension is off in both: it extends where the cut's scores make a move
      // stand out, which would blur what the cut itself saves.
      const on = createEngineSync().search(id(variant), b, { depth, disable: SEARCH_FEATURES.singular });
      const off = createEngineSync().search(id(variant), b, { depth, disable: SEARCH_FEATURES.staticCut | SEARCH_FEATURES.singular });
      assert.ok(on.nodes < off.nodes, `${variant}: ${on.nodes} nodes with the cut, ${off.nodes} without`);
      assert.ok((on.lines[0]?.score ?? 0) > 100 && (off.lines[0]?.score ?? 0) > 100, `${variant}: two men up must score over a man`);
    }
  });
});

describe('the singular extension', () => {
  // From depth 6, a table move whose every sibling, searched to half the depth, falls 2 centi-men
  // a ply below its score is searched a ply deeper. From english's start and in the middle games
  // above such nodes come up within a few iterations, so switching the feature off must change
  // the tree; a side two men up keeps its edge either way.
  test('it takes part in the search, can be switched off, and keeps a material edge', () => {
    const cases = [
      { variant: 'english' as const, fen: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', depth: 12, edge: false },
      ...TWO_MEN_UP.map((c) => ({ ...c, edge: true })),
    ];
    for (const { variant, fen, depth, edge } of cases) {
      const b = board(variant, fen);
      const on = createEngineSync().search(id(variant), b, { depth });
      const off = createEngineSync().search(id(variant), b, { depth, disable: SEARCH_FEATURES.singular });
      assert.notEqual(on.nodes, off.nodes, `${variant} ${fen}: the same tree with and without the extension`);
      if (edge) assert.ok((on.lines[0]?.score ?? 0) > 100 && (off.lines[0]?.score ?? 0) > 100, `${variant}: two men up must score over a man`);
    }
  });
});

describe('the selectivity package (opt-in while it is measured)', () => {
  // Each of the seven is off by default but for the first two in the 10×10 standard game, and its
  // bit toggles it: early reductions (a ply from
  // the 2nd quiet move off the principal variation, 2 from the 5th, a ply from the 4th on it and
  // at the root), the verification cut (the node searched at 2/5 of its depth against beta plus a
  // margin, in place of the depth - 3 cut), history over every move, and reversible reductions
  // (a line far outside the window searched 2 plies shallower until it comes back), and the
  // exchanges in quiescence, table cut-offs on the principal variation, and a third ply of
  // reduction late in a deep node's list. All seven act within a few iterations from the starts (where the
  // men stand in contact and trades are on offer).
  const PACKAGE = [
    ['earlyReductions', SEARCH_FEATURES.earlyReductions],
    ['verifyCut', SEARCH_FEATURES.verifyCut],
    ['fullHistory', SEARCH_FEATURES.fullHistory],
    ['reversible', SEARCH_FEATURES.reversible],
    ['exchanges', SEARCH_FEATURES.exchanges],
    ['pvTableCut', SEARCH_FEATURES.pvTableCut],
    ['steepReductions', SEARCH_FEATURES.steepReductions],
  ] as const;
  // The steep reductions add a ply to the early ones: they act where those are on.
  const under = (name: string, variant: VariantName): number => (name === 'steepReductions' ? SEARCH_FEATURES.earlyReductions & ~defaultFeatures(variant) : 0);
  // The starts: equal material, where the lines that give a man away become lopsided (the
  // reversible reductions act only there).
  const cases = [
    { variant: 'english' as const, fen: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', depth: 12 },
    { variant: 'international' as const, fen: 'W:W31-50:B1-20', depth: 11 },
  ];

  test('each feature takes part in the search, and its bit toggles it', () => {
    for (const { variant, fen, depth } of cases) {
      const b = board(variant, fen);
      for (const [name, bit] of PACKAGE) {
        const off = createEngineSync().search(id(variant), b, { depth, disable: under(name, variant) });
        const on = createEngineSync().search(id(variant), b, { depth, disable: under(name, variant) | bit });
        assert.notEqual(on.nodes, off.nodes, `${variant} ${fen}: ${name} toggled searches the same tree`);
      }
    }
  });

  test('the reductions and the verification cut search fewer nodes to the same depth', () => {
    // Both only take depth away from moves that fail low (a reduced move that beats alpha is
    // searched again in full), so at a fixed depth the tree can only shrink where they act.
    // International uses them by default (its bits switch them off), english does not.
    const both = SEARCH_FEATURES.earlyReductions | SEARCH_FEATURES.verifyCut;
    for (const { variant, fen, depth } of cases) {
      const b = board(variant, fen);
      const defaults = defaultFeatures(variant);
      const off = createEngineSync().search(id(variant), b, { depth, disable: both & defaults });
      const on = createEngineSync().search(id(variant), b, { depth, disable: both & ~defaults });
      assert.ok(on.nodes < off.nodes, `${variant} ${fen}: ${on.nodes} nodes with the package, ${off.nodes} without`);
    }
  });

  test('the 10×10 standard game uses the early reductions, the verification cut and the exchanges by default, no other family does', () => {
    const both = SEARCH_FEATURES.earlyReductions | SEARCH_FEATURES.verifyCut;
    const tenByTen = both | SEARCH_FEATURES.exchanges;
    for (const variant of ['international', 'killer'] as const) assert.equal(defaultFeatures(variant), tenByTen, variant);
    for (const variant of VARIANTS.filter((v) => v !== 'international' && v !== 'killer')) assert.equal(defaultFeatures(variant), 0, variant);
    // The core agrees: international with no bit searches the tree english's bits ask for
    // explicitly, and killer's start (international's, but for the rule) alike.
    for (const variant of ['international', 'killer'] as const) {
      const b = board(variant, 'W:W31-50:B1-20');
      const byDefault = createEngineSync().search(id(variant), b, { depth: 8 });
      const without = createEngineSync().search(id(variant), b, { depth: 8, disable: both });
      assert.ok(byDefault.nodes < without.nodes, `${variant}: ${byDefault.nodes} nodes by default, ${without.nodes} with both switched off`);
    }
    // Frisian (a 10×10 board, its own rules) uses neither: there the bits switch them on.
    const frisian = board('frisian', 'W:W31-50:B1-20');
    const frisianDefault = createEngineSync().search(id('frisian'), frisian, { depth: 7 });
    const frisianOn = createEngineSync().search(id('frisian'), frisian, { depth: 7, disable: both });
    assert.ok(frisianOn.nodes < frisianDefault.nodes, `frisian: the bits switch the package on (${frisianOn.nodes} nodes) rather than off (${frisianDefault.nodes})`);
    // A search of international's board that plays antidraughts' end uses neither.
    const start = board('international', 'W:W31-50:B1-20');
    const anti = createEngineSync().search(id('international'), start, { depth: 6, ending: 'antidraughts' });
    const antiOn = createEngineSync().search(id('international'), start, { depth: 6, ending: 'antidraughts', disable: both });
    assert.ok(antiOn.nodes < anti.nodes, `antidraughts: the bits switch the package on (${antiOn.nodes} nodes) rather than off (${anti.nodes})`);
  });

  test('with the whole package on, a side two men up keeps its edge and the short wins keep their distance', () => {
    const package_ = SEARCH_FEATURES.earlyReductions | SEARCH_FEATURES.verifyCut | SEARCH_FEATURES.fullHistory | SEARCH_FEATURES.reversible | SEARCH_FEATURES.exchanges
      | SEARCH_FEATURES.pvTableCut | SEARCH_FEATURES.steepReductions;
    const all = (variant: VariantName): number => package_ & ~defaultFeatures(variant);
    for (const { variant, fen, depth } of TWO_MEN_UP) {
      const score = createEngineSync().search(id(variant), board(variant, fen), { depth, disable: all(variant) }).lines[0]?.score ?? 0;
      assert.ok(score > 100, `${variant}: two men up must score over a man (${score})`);
    }
    // The wins worked out by hand above: 19-15 wins in 3 plies (the only move that wins that
    // fast), and a flying king takes the last man at once.
    const three = createEngineSync().search(id('english'), board('english', 'W:W19,24,28:B10'), { depth: 7, disable: all('english') }).lines[0]!;
    assert.equal(three.win, 3);
    assert.deepEqual([three.pv[0]?.from, three.pv[0]?.to], [19, 15]);
    const one = createEngineSync().search(id('international'), board('international', 'W:WK46:B28'), { depth: 5, disable: all('international') }).lines[0]!;
    assert.equal(one.win, 1);
  });
});
