// The search at its edges: what a new Searcher, worker engine and Hub engine have ready before
// their first search (table and weights, no timing assertions), that a first search is the
// same search as one after newGame(), and that multi-PV lines come best first, on positions
// whose line values follow from the rules: a move that ends the game at once is worth the most
// any move can be, a move that lets the opponent end it at once the least.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { Position, SearchError, Searcher, createEngineSync } from '../bindings/index.js';
import type { SearchInfo, SearchStatus, VariantName } from '../bindings/index.js';
import { FAMILY_NAMES, weightFamiliesOf } from '../bindings/eval/weights.js';
import { SHIPPED_FAMILIES } from '../bindings/eval/shipped.js';
import { HubEngine } from '../bindings/protocols/hub-engine.js';
import { tableFor } from '../bindings/cli/search.js';
import { createSearchEngine } from '../bindings/search/search-engine.js';
import { seededRandom } from '../bindings/core/seeded.js';
import type { SearchEngine } from '../bindings/search/search-engine.js';

/**
 * The status a searcher must have before its first search: the table of `mib` and the package's
 * weights loaded, for the families of `variants` (default: every family).
 */
function assertReady(status: SearchStatus, mib: number, variants?: readonly VariantName[]): void {
  assert.equal(status.hashMiB, mib);
  const ready = variants === undefined ? undefined : new Set(variants.flatMap(weightFamiliesOf));
  FAMILY_NAMES.forEach((name, family) => {
    const loaded = SHIPPED_FAMILIES.includes(family) && (ready === undefined || ready.has(family));
    assert.equal(status.evaluation[name], loaded ? 'learned' : 'hand', `${name}'s evaluation`);
  });
}

describe('set-up before the first search', () => {
  test('a new Searcher has its table and weights in the core before it searches', () => {
    const engine = createEngineSync();
    assert.equal(engine.tableSizeMiB(), 0, 'a new core has no table');
    const searcher = new Searcher({ engine });
    // Read from the core itself, not from the searcher's own account.
    assert.equal(engine.tableSizeMiB(), 32);
    for (const family of SHIPPED_FAMILIES) assert.equal(engine.usesLoadedWeights(family), true, `family ${family}`);
    assertReady(searcher.status(), 32);
    const three: VariantName[] = ['english', 'russian', 'international'];
    assertReady(new Searcher({ hash: 4, variants: three }).status(), 4, three);
  });

  test('only the families of the variants named are loaded', () => {
    const searcher = new Searcher({ hash: 1, variants: ['english'] });
    assert.equal(searcher.status().evaluation['short-kings-8x8'], 'learned');
    assert.equal(searcher.status().evaluation['flying-kings-8x8'], 'hand');
    // A variant of another family gets its weights before its first search's first node.
    searcher.search(Position.initial('russian'), { depth: 1 });
    assert.equal(searcher.status().evaluation['flying-kings-8x8'], 'learned');
  });

  test('an engine whose table was sized keeps it; hand weights load no patterns', () => {
    const engine = createEngineSync();
    engine.setHashSize(2);
    const searcher = new Searcher({ engine, weights: 'hand', variants: [] });
    assert.equal(searcher.status().hashMiB, 2);
    for (const name of FAMILY_NAMES) assert.equal(searcher.status().evaluation[name], 'hand');
  });

  test('variants to make ready are checked by name', () => {
    assert.throws(() => new Searcher({ variants: ['checkers' as VariantName] }), (e: unknown) => e instanceof SearchError && /unknown variant "checkers"/.test(e.message));
    // Canadian is searched like the others: it can be made ready.
    assert.doesNotThrow(() => new Searcher({ hash: 1, variants: ['canadian'] }));
    assert.throws(() => new Searcher({ variants: 'english' as unknown as VariantName[] }), SearchError);
  });

  for (const worker of [true, false]) {
    test(`the ${worker ? 'worker' : 'same-thread'} engine is ready when createSearchEngine resolves`, async () => {
      const engine = await createSearchEngine({ hash: 8, worker });
      try {
        assertReady(await engine.status(), 8);
      } finally {
        await engine.dispose();
      }
    });
  }

  test('the Hub engine has its table and weights after init, before any go', async () => {
    let search: SearchEngine | undefined;
    const out: string[] = [];
    const hub = new HubEngine((line) => out.push(line), {
      name: 'bitdraughts', version: '0', variant: 'english',
      createSearch: async (hash) => (search = await createSearchEngine({ hash })),
    });
    try {
      await hub.line('hub');
      await hub.line('set-param name=tt-size value=18'); // 2^18 entries of 16 bytes: 4 MiB
      await hub.line('init');
      assert.ok(out.includes('ready'));
      assert.ok(search, 'init made the search engine');
      assertReady(await search.status(), 4);
    } finally {
      await hub.close();
    }
  });
});

describe('the command line sizes a one-off search\'s table to what it can fill', () => {
  test('about 1 MiB (65 536 entries) per 12.5 ms or 131 072 nodes, a power of two, at most the default 32', () => {
    // 50 ms at about 10 M nodes a second is half a million nodes: 4 MiB holds 262 144 entries.
    assert.equal(tableFor({ movetime: 50 }), 4);
    assert.equal(tableFor({ movetime: 1 }), 1);
    assert.equal(tableFor({ nodes: 1_000_000 }), 8);
    assert.equal(tableFor({ movetime: 10_000 }), 32);
    assert.equal(tableFor({ depth: 12 }), 32);
  });
});

describe('the first search is the same search as one after newGame()', () => {
  // Middle-game positions of three families (no capture pending), searched to a node limit:
  // the node count depends on every bit of state a search starts from (table, history, ages).
  const cases: ReadonlyArray<[VariantName, string]> = [
    ['english', 'B:W17,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,6,7,8,9,10,11,12,15'],
    ['international', 'W:W27,28,31,32,33,34,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,24'],
    ['russian', 'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,h4:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,g5'],
  ];
  for (const [variant, fen] of cases) {
    test(variant, () => {
      const position = Position.fromFen(variant, fen);
      assert.equal(position.legalMoves().some((m) => m.isCapture), false);
      const limits = { nodes: 40_000 };
      const cold = new Searcher({ hash: 8, variants: [] }).search(position, limits);
      const warmed = new Searcher({ hash: 8, variants: [variant] });
      const first = warmed.search(position, limits);
      warmed.search(Position.initial(variant), { depth: 6 }); // fills the table and the history
      warmed.newGame();
      const again = warmed.search(position, limits);
      for (const result of [first, again]) {
        assert.equal(result.nodes, cold.nodes);
        assert.equal(result.bestmove, cold.bestmove);
        assert.equal(result.score, cold.score);
      }
    });
  }
});

/** Every report's lines in order (a report is the lines heard from multipv 1 on). */
function reports(infos: readonly SearchInfo[]): SearchInfo[][] {
  const out: SearchInfo[][] = [];
  for (const info of infos) {
    if (info.multipv === 1) out.push([]);
    out[out.length - 1]!.push(info);
  }
  return out;
}

function assertBestFirst(lines: readonly SearchInfo[], where: string): void {
  for (let i = 1; i < lines.length; i++) {
    assert.ok(lines[i - 1]!.score >= lines[i]!.score, `${where}: line ${i} scores ${lines[i - 1]!.score}, line ${i + 1} ${lines[i]!.score}`);
  }
}

/**
 * A position some plies into a game of random legal moves from the start: the bound is drawn
 * again before each ply, `plies` plus up to `spread` more, and the game stops early at its end.
 */
function randomPlayout(variant: VariantName, random: () => number, plies: number, spread: number): Position {
  let position = Position.initial(variant);
  for (let ply = 0; ply < plies + Math.floor(random() * spread) && position.legalMoves().length > 0; ply++) {
    const moves = position.legalMoves();
    position = position.play(moves[Math.floor(random() * moves.length)]!);
  }
  return position;
}

describe('multi-PV lines come best first', () => {
  // Each position has three legal moves. `ends` ends the game at once (the opponent is left
  // without a move): a win in one ply, the highest score any line can have, so it is line 1.
  // `loses` lets the opponent end the game with its reply: a loss in two plies, the lowest
  // score, so it is line 3 when the third move does not allow that. The premises are checked
  // with the rules (legalMoves) before the search is asked.
  const cases: ReadonlyArray<{ variant: VariantName; fen: string; why: string; ends?: string; loses?: string }> = [
    { variant: 'english', fen: 'W:WK18,13,26:B14,22', ends: '26x10', why: '26 jumps 22 and 14, both black men; 18x9 and 18x25 take one and leave the other' },
    { variant: 'english', fen: 'W:WK9:B13,K2', loses: '9-6', why: 'after 9-6 the black king on 2 jumps the white king to 9; after 9-5 or 9-14 nothing can take it' },
    { variant: 'international', fen: 'W:WK11:BK33,45', ends: '11x50', why: 'the king takes 33 and stops on 50, in front of the last black man (45), which then has no move' },
    { variant: 'international', fen: 'W:WK7:BK29,35', loses: '7x40', why: 'from 40 the white king is taken by the black king; landing on 34 or 45 it is not' },
  ];
  for (const c of cases) {
    test(`${c.variant} ${c.fen}: ${c.why}`, () => {
      const position = Position.fromFen(c.variant, c.fen);
      const moves = position.legalMoves();
      assert.equal(moves.length, 3);
      const endsAtOnce = (p: Position): boolean => p.legalMoves().length === 0;
      const opponentEnds = (p: Position): boolean => p.legalMoves().some((reply) => endsAtOnce(p.play(reply)));
      for (const move of moves) {
        const after = position.play(move);
        assert.equal(endsAtOnce(after), move.notation === c.ends, `${move.notation} ends the game`);
        assert.equal(!endsAtOnce(after) && opponentEnds(after), move.notation === c.loses, `${move.notation} lets the opponent end it`);
      }

      const infos: SearchInfo[] = [];
      const result = new Searcher({ hash: 1, variants: [] }).search(position, { depth: 8, multipv: 3 }, (info) => infos.push(info));
      for (const [i, report] of reports(infos).entries()) assertBestFirst(report, `report ${i + 1}`);
      assertBestFirst(result.lines, 'the result');
      assert.equal(result.lines.length, 3);
      assert.equal(result.bestmove, result.lines[0]!.pv[0]);
      if (c.ends !== undefined) {
        assert.equal(result.lines[0]!.pv[0], c.ends);
        assert.equal(result.lines[0]!.win, 1);
      }
      if (c.loses !== undefined) {
        assert.equal(result.lines[2]!.pv[0], c.loses);
        assert.equal(result.lines[2]!.win, -2);
      }
    });
  }

  test('middle-game positions: every report best first, the best move line 1', () => {
    // Positions a few plies into games of random legal moves (seeded), in three families.
    const random = seededRandom(20261201);
    const searcher = new Searcher({ hash: 4, variants: [] });
    for (const variant of ['english', 'international', 'russian'] as const) {
      for (let game = 0; game < 6; game++) {
        const position = randomPlayout(variant, random, 12, 12);
        if (position.legalMoves().length < 2) continue;
        const infos: SearchInfo[] = [];
        const result = searcher.search(position, { depth: 5, multipv: 3 }, (info) => infos.push(info));
        for (const [i, report] of reports(infos).entries()) assertBestFirst(report, `${position.toFen()} report ${i + 1}`);
        assertBestFirst(result.lines, position.toFen());
        assert.equal(result.bestmove, result.lines[0]!.pv[0]);
      }
    }
  });
});

describe('a search stopped in mid-iteration', () => {
  test('plays the last move it reported: a new best move found before the stop is not thrown away', () => {
    // A node budget stops the search inside an iteration. A root move that beat the last
    // iteration's move there was searched to the full window and reported (a report deeper than
    // the result's depth); the search must play it, not fall back on the refuted move.
    const random = seededRandom(20261206);
    const searcher = new Searcher({ hash: 4, variants: [] });
    let changed = 0;
    for (const variant of ['english', 'international', 'russian'] as const) {
      for (let game = 0; game < 20; game++) {
        const position = randomPlayout(variant, random, 10, 20);
        if (position.legalMoves().length < 2) continue;
        for (const nodes of [5000, 20000, 60000]) {
          searcher.newGame();
          const infos: SearchInfo[] = [];
          const result = searcher.search(position, { nodes }, (info) => infos.push(info));
          const lastReport = infos.at(-1)!;
          const where = `${variant} ${position.toFen()} at ${nodes} nodes`;
          assert.equal(result.bestmove, lastReport.pv[0], `${where}: plays what it reported last`);
          const lastIteration = infos.filter((info) => info.depth === result.depth).at(-1)!;
          if (lastReport.depth > result.depth && lastReport.pv[0] !== lastIteration.pv[0]) changed++;
        }
      }
    }
    // The case the test is about must occur, or the assertions above prove nothing.
    assert.ok(changed > 0, 'no search was stopped after a new best move');
  });
});

describe('a forced move', () => {
  test('with a movetime the search stops after its first iteration', () => {
    // English, White: 23 jumps 18 to 14, the only move (capturing is compulsory).
    const position = Position.fromFen('english', 'W:W23:B18');
    assert.equal(position.legalMoves().length, 1);
    const result = new Searcher({ hash: 1, variants: [] }).search(position, { movetime: 60_000 });
    assert.equal(result.bestmove, '23x14');
    assert.equal(result.depth, 1);
  });

  test('the Hub engine under level move-time answers after one iteration', async () => {
    // International, White: the man on 32 takes 27 and 17 (32x21x12), the only capture, and
    // capturing is compulsory: the position has one legal move.
    let pos = 'W';
    for (let square = 1; square <= 50; square++) pos += square === 32 ? 'w' : square === 27 || square === 17 ? 'b' : 'e';
    assert.equal(Position.fromFen('international', 'W:W32:B17,27').legalMoves().length, 1);
    const out: string[] = [];
    const hub = new HubEngine((line) => out.push(line), { name: 'bitdraughts', version: '0', createSearch: (hash) => createSearchEngine({ hash, variants: [] }) });
    try {
      for (const line of ['hub', 'init', `pos pos=${pos}`, 'level move-time=3', 'go think']) await hub.line(line);
      while (!out.some((l) => l.startsWith('done'))) await new Promise((resolve) => setTimeout(resolve, 5));
      const depths = out.filter((l) => l.startsWith('info')).map((l) => /depth=(\d+)/.exec(l)?.[1]);
      assert.deepEqual(depths, ['1']);
      assert.ok(out.some((l) => l.startsWith('done move=32x12')), out.join('\n'));
    } finally {
      await hub.close();
    }
  });
});
