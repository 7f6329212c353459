// Depth as engine authors count it (tools/match/depth.ts): searched moves only, by game phase, in
// the match loop, its record file and its summary; the Hub client reading a peer's mean-depth;
// the depth benchmark's options (bench/depth.ts). Expected values are worked out by hand below.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Game, Position } from '../bindings/index.js';
import type { Move } from '../bindings/index.js';
import { DepthSamples, PHASES, addMoveSample, depthByPhase, isSearched, mean, median, phaseOf, phaseOfPosition } from '../tools/match/depth.js';
import { GameRecord, MatchOutcome, PairRecord, playGame } from '../tools/match/match.js';
import type { MoveStats, Player, PlayerMove } from '../tools/match/player.js';
import { openRecord, recordHeader } from '../tools/match/record.js';
import { MatchDescription, sideDepth, summaryJson, summaryText } from '../tools/match/report.js';
import { MatchArgumentError } from '../tools/match/spec.js';
import { HubPlayer } from '../tools/match/hub-player.js';
import { DEFAULT_VARIANTS, DepthBenchError, parseDepthArgs, runDepthBench, spread } from '../bench/depth.js';
import { EMPTY_TALLY } from '../tools/match/stats.js';

describe('game phases by the pieces left', () => {
  test('international (40 at the start): 32 and up opening, 17 to 31 middle game, 16 and down ending', () => {
    // 80 % of 40 is 32, 40 % is 16.
    assert.deepEqual([40, 32, 31, 17, 16, 2].map((n) => phaseOf(n, 40)), ['opening', 'opening', 'middle', 'middle', 'ending', 'ending']);
  });

  test('english (24): 20 and up opening (80 % is 19.2), 10 to 19 middle game, 9 and down ending (40 % is 9.6)', () => {
    assert.deepEqual([24, 20, 19, 10, 9].map((n) => phaseOf(n, 24)), ['opening', 'opening', 'middle', 'middle', 'ending']);
  });

  test('a position is measured against its own variant\'s start', () => {
    assert.equal(phaseOfPosition(Position.initial('international')), 'opening');
    // 16 pieces: the ending in international (at most 16 of 40), the middle game in english (at least 10 of 24).
    assert.equal(phaseOfPosition(Position.fromFen('international', 'W:W31,32,33,34,35,36,37,38:B1,2,3,4,5,6,7,8')), 'ending');
    assert.equal(phaseOfPosition(Position.fromFen('english', 'B:W21,22,23,24,25,26,27,28:B1,2,3,4,5,6,7,8')), 'middle');
  });
});

describe('searched moves only', () => {
  const facts = { legalMoves: 7, phase: 'middle' as const, depth: 12, meanDepth: 11.456 };

  test('a forced move, a book move, a move without a depth or at depth 0 is no search', () => {
    assert.equal(isSearched(facts), true);
    assert.equal(isSearched({ ...facts, legalMoves: 1 }), false);
    assert.equal(isSearched({ ...facts, book: true }), false);
    assert.equal(isSearched({ legalMoves: 7, phase: 'middle' }), false);
    assert.equal(isSearched({ ...facts, depth: 0 }), false);
  });

  test('a searched move goes to its phase, its mean depth kept to 2 decimals; the others add nothing', () => {
    let s = addMoveSample(addMoveSample(emptySamples(), facts), { ...facts, legalMoves: 1, depth: 3 });
    s = addMoveSample(s, { legalMoves: 2, phase: 'ending', depth: 20 });
    assert.deepEqual(s, { depth: { opening: [], middle: [12], ending: [20] }, meanDepth: { opening: [], middle: [11.46], ending: [] } });
  });

  test('median and mean', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5); // the two middle values 2 and 3
    assert.ok(Number.isNaN(median([])));
    assert.equal(mean([1, 2, 3, 4]), 2.5);
    assert.ok(Number.isNaN(mean([])));
  });

  test('figures by phase and over all phases', () => {
    const f = depthByPhase(HAND_SAMPLES);
    assert.deepEqual(f.opening, { moves: 3, median: 11, mean: 11, meanDepth: 9 });
    assert.deepEqual(f.middle, { moves: 3, median: 16, mean: 20, meanDepth: 14 });
    assert.deepEqual(f.ending, { moves: 2, median: 21, mean: 21, meanDepth: 19 });
    // All eight, sorted 10 11 12 14 16 20 22 30: median (14 + 16) / 2, mean 135 / 8; mean depths 9 13 15 19.
    assert.deepEqual(f.all, { moves: 8, median: 15, mean: 16.875, meanDepth: 14 });
  });
});

function emptySamples(): DepthSamples {
  return { depth: { opening: [], middle: [], ending: [] }, meanDepth: { opening: [], middle: [], ending: [] } };
}

/** Two games' worth of hand-made samples; their figures are worked out in 'figures by phase'. */
const GAME_1: DepthSamples = { depth: { opening: [10, 12], middle: [14, 16, 30], ending: [] }, meanDepth: { opening: [9], middle: [13, 15], ending: [] } };
const GAME_2: DepthSamples = { depth: { opening: [11], middle: [], ending: [20, 22] }, meanDepth: { opening: [], middle: [], ending: [19] } };
const HAND_SAMPLES: DepthSamples = {
  depth: { opening: [10, 12, 11], middle: [14, 16, 30], ending: [20, 22] },
  meanDepth: { opening: [9], middle: [13, 15], ending: [19] },
};

/** Plays the first legal move and says what `report` says of its n-th move. */
class Scripted implements Player {
  #n = 0;
  constructor(readonly name: string, readonly report: (n: number) => MoveStats) {}
  newGame(): void {
    this.#n = 0;
  }
  async move(game: Game): Promise<PlayerMove> {
    return { move: game.legalMoves()[0]!, stats: this.report(this.#n++) };
  }
  dispose(): void {}
}

describe('the match loop keeps searched-only depths', () => {
  test('forced moves and the book move are left out, the rest go to the phase of the position moved in', async () => {
    // A: a book move first, then depths 1, 2, 3, 4, 1, … and mean depths half a ply less. B reports no depth.
    const a = new Scripted('a', (n) => (n === 0 ? { ms: 0, book: true } : { ms: 1, depth: 1 + (n % 4), meanDepth: (n % 4) + 0.5 }));
    const b = new Scripted('b', () => ({ ms: 0 }));
    const record = await playGame({ variant: 'english', maxPlies: 300, event: 't' }, { id: 'x', label: '', fen: undefined, moves: [] }, a, b, 'white', 0);

    // The same game replayed here, both sides playing the first legal move, A with White.
    const expected = { depth: { opening: [] as number[], middle: [] as number[], ending: [] as number[] }, meanDepth: { opening: [] as number[], middle: [] as number[], ending: [] as number[] } };
    const forced = { a: 0, b: 0 };
    const game = new Game('english', { repetition: 'automatic' });
    let n = 0;
    while (!game.isOver && game.ply < 300) {
      const legal = game.legalMoves();
      const pieces = game.position.pieces().length;
      const phase = pieces >= 20 ? 'opening' as const : pieces <= 9 ? 'ending' as const : 'middle' as const;
      if (game.turn === 'white') {
        if (legal.length === 1) forced.a++;
        else if (n > 0) {
          expected.depth[phase].push(1 + (n % 4));
          expected.meanDepth[phase].push((n % 4) + 0.5);
        }
        n++;
      } else if (legal.length === 1) forced.b++;
      game.play(legal[0] as Move);
    }
    assert.equal(record.plies, game.ply);
    assert.ok(forced.a > 0 && forced.b > 0, 'the game has forced moves to leave out');
    assert.ok(PHASES.filter((p) => expected.depth[p].length > 0).length >= 2, 'the game spans more than one phase');
    assert.deepEqual(record.a.searched, expected);
    assert.equal(record.a.forcedMoves, forced.a);
    assert.equal(record.a.bookMoves, 1);
    assert.deepEqual(record.b.searched, emptySamples());
    assert.equal(record.b.forcedMoves, forced.b);
  });
});

/** A game of hand-made totals: A's samples `a` (absent: a record line of an older runner). */
function gameOf(openingId: string, round: string, a: DepthSamples | undefined, forcedMoves: number): GameRecord {
  const totals = { moves: 20, ms: 100, nodes: 1000, depthSum: 100, depthMoves: 10, bookMoves: 0 };
  return {
    round, openingId, aColor: round.endsWith('1') ? 'white' : 'black', winner: undefined, ending: 'ply-cap', plies: 40, points: 0.5,
    a: a === undefined ? totals : { ...totals, forcedMoves, searched: a },
    b: a === undefined ? totals : { ...totals, forcedMoves: 0, searched: emptySamples() },
    pdn: '',
  };
}

describe('the record and the summary', () => {
  const openings = [{ id: 'o1', label: '', fen: undefined, moves: [] }, { id: 'o2', label: '', fen: undefined, moves: [] }];
  const header = recordHeader({ variant: 'english', a: 'movetime=300', b: 'hub,cmd=x,movetime=300', aRuns: 'aa', bRuns: '', openings: 'english-3move', maxPlies: 400 }, openings);
  // Pair 1 as an older runner wrote it (no forced moves, no depths); pair 2 with them.
  const older: PairRecord = { index: 0, games: [gameOf('o1', '1.1', undefined, 0), gameOf('o1', '1.2', undefined, 0)] };
  const newer: PairRecord = { index: 1, games: [gameOf('o2', '2.1', GAME_1, 3), gameOf('o2', '2.2', GAME_2, 4)] };

  test('a record of an older runner is read; damaged depths and another version are refused by name, the file untouched', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-depth-'));
    try {
      const file = path.join(dir, 'run.jsonl');
      const text = `${JSON.stringify(header)}\n${JSON.stringify(older)}\n${JSON.stringify(newer)}\n`;
      writeFileSync(file, text);
      const record = openRecord(file, header);
      assert.deepEqual(record.done, JSON.parse(JSON.stringify([older, newer]))); // as written: without winner: undefined
      record.close();
      assert.equal(readFileSync(file, 'utf8'), text);

      const refused = (damaged: string, pattern: RegExp): void => {
        writeFileSync(file, damaged);
        assert.throws(() => openRecord(file, header), (e: unknown) => e instanceof MatchArgumentError && pattern.test(e.message), String(pattern));
        assert.equal(readFileSync(file, 'utf8'), damaged);
      };
      refused(text.replace('"middle":[14,16,30]', '"middle":[14,"16",30]'), /line 3: pair 2: player A's searched depths are damaged/);
      refused(text.replace('"forcedMoves":3', '"forcedMoves":-1'), /line 3: pair 2: player A's forced moves are not a count/);
      refused(text.replace('"version":1', '"version":2'), /a match record of version 2; this runner reads version 1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const outcome: MatchOutcome = { pairs: [older, newer], tally: EMPTY_TALLY, pairsDone: 2, pairsPlanned: 2, stoppedBy: 'openings' };

  test('the figures are taken over the games that keep depths, and say so', () => {
    const a = sideDepth(outcome, 'a');
    assert.deepEqual([a.games, a.ofGames, a.forcedMoves], [2, 4, 7]);
    assert.deepEqual(a.byPhase, depthByPhase(HAND_SAMPLES));
    assert.equal(sideDepth(outcome, 'b').byPhase.all.moves, 0);
  });

  test('the text and --json summaries give each side\'s figures by phase', () => {
    const description = {
      variant: 'english', a: { spec: { kind: 'engine', text: 'movetime=300' }, name: 'ours' }, b: { spec: { kind: 'hub', text: 'hub' }, name: 'theirs' },
      set: { name: 'set', file: 'set.json', openings }, openings, maxPlies: 400, concurrency: 1,
    } as unknown as MatchDescription;
    const text = summaryText(description, outcome, 1);
    assert.match(text, /^ {3}A {2}opening +3 +11\.0 +11\.0 +9\.0$/m);
    assert.match(text, /^ {3}A {2}middle +3 +16\.0 +20\.0 +14\.0$/m);
    assert.match(text, /^ {3}A {2}all +8 +15\.0 +16\.9 +14\.0$/m);
    assert.match(text, /A {2}7 forced moves left out; over 2 of 4 games/);
    assert.match(text, /B {2}no searched moves reported/);
    const json = summaryJson(description, outcome, 1) as { a: Record<string, unknown>; b: Record<string, unknown> };
    assert.deepEqual((json.a.searchedDepth as Record<string, unknown>).all, { moves: 8, median: 15, mean: 16.88, meanDepth: 14 });
    assert.deepEqual((json.b.searchedDepth as Record<string, unknown>).ending, { moves: 0, median: null, mean: null, meanDepth: null });
    assert.equal(json.a.searched, undefined, 'the per-move lists stay in the record');
  });
});

describe('a Hub peer\'s mean-depth', () => {
  test('read from a version 2 info line and from a version 1 one (its second column)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-depth-hub-'));
    try {
      const fake = path.join(dir, 'fake-hub.mjs');
      writeFileSync(fake, [
        'import { createInterface } from "node:readline";',
        'const v1 = process.argv[2] === "1";',
        'createInterface({ input: process.stdin }).on("line", (line) => {',
        '  const out = (s) => process.stdout.write(s + "\\n");',
        '  if (line === "hub") { out(v1 ? "name fake" : "id name=fake"); out("wait"); }',
        '  else if (line === "init") out("ready");',
        '  else if (line.startsWith("go")) {',
        '    if (v1) { out("info 9 8.4 10 1000 0.100 1.0 32-28"); out("move 32-28"); }',
        '    else { out("info depth=9 mean-depth=8.4 score=0.10 nodes=1000"); out("done move=32-28"); }',
        '  }',
        '  else if (line === "quit") process.exit(0);',
        '});',
      ].join('\n'));
      for (const version of ['1', '2']) {
        const player = await HubPlayer.start({ kind: 'hub', text: 'hub', cmd: `"${process.execPath}" "${fake}" ${version}`, depth: 3 }, 'international', 'fake');
        try {
          const { move, stats } = await player.move(new Game('international'));
          assert.deepEqual([move.notation, stats.depth, stats.meanDepth, stats.nodes], ['32-28', 9, 8.4, 1000], `version ${version}`);
        } finally {
          await player.dispose();
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the depth benchmark', () => {
  test('options: defaults, and each bad one refused by name', () => {
    const o = parseDepthArgs([]);
    assert.ok(o !== 'help');
    assert.deepEqual([o.movetime, o.positions, o.wasm, o.json], [300, 48, [], false]);
    // One variant a family, the first of each in the list of variants.
    assert.deepEqual(DEFAULT_VARIANTS, ['english', 'international', 'brazilian', 'antidraughts', 'breakthrough', 'turkish', 'frisian', 'canadian']);
    const two = parseDepthArgs(['--variant', 'english,russian', '--variant', 'english', '--movetime', '20', '--positions', '2']);
    assert.ok(two !== 'help');
    assert.deepEqual([two.variants, two.movetime, two.positions], [['english', 'russian'], 20, 2]);
    assert.equal(parseDepthArgs(['--help']), 'help');
    const refused: Array<[string[], RegExp]> = [
      [['--movetime', '0'], /--movetime "0": expected a whole number from 1/],
      [['--movetime', '1.5'], /--movetime "1.5"/],
      [['--positions', 'all'], /--positions "all"/],
      [['--variant', 'chess'], /--variant "chess": unknown variant/],
      [['--wasm', '/no/such/core.wasm'], /--wasm "\/no\/such\/core.wasm": no such file/],
      [['--games', '/no/such/folder'], /--games "\/no\/such\/folder": no such folder/],
      [['--depth', '3'], /arguments "--depth 3": Unknown option '--depth'/],
      [['english'], /arguments "english"/],
    ];
    for (const [argv, pattern] of refused) {
      assert.throws(() => parseDepthArgs(argv), (e: unknown) => e instanceof DepthBenchError && e.name === 'DepthBenchError' && pattern.test(e.message), argv.join(' '));
    }
  });

  test('positions spread evenly over the set', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i);
    assert.deepEqual(spread(ten, 4), [0, 2, 5, 7]); // ⌊i·10/4⌋
    assert.deepEqual(spread(ten, 10), ten);
    assert.deepEqual(spread(ten, 50), ten);
  });

  test('a short run: every position chosen is searched or counted as forced', async () => {
    const o = parseDepthArgs(['--variant', 'english', '--movetime', '5', '--positions', '2']);
    assert.ok(o !== 'help');
    const [row] = await runDepthBench(o);
    assert.equal(row!.moves + row!.forced, 2);
    assert.ok(row!.moves === 0 || row!.median >= 1, `median depth ${row!.median}`);
  });
});
