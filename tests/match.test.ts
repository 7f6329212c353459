// The match runner (tools/match): player specifications, opening sets, the rapid-draughts
// adapter, the match loop (pairs, ply cap, SPRT stop), the record file that lets a match go on
// where it stopped, and a tiny match end to end whose PDN is read back. Strength is never asserted here: matches measure it.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Game, Position, readPdn } from '../bindings/index.js';
import { GameSettings, NO_TOTALS, PairRecord, PairRunner, addTotals, playGame, runMatch } from '../tools/match/match.js';
import { match, parseMatchArgs, parseSprt } from '../tools/match/main.js';
import { Opening, OpeningError, defaultOpeningSet, loadOpenings, selectOpenings } from '../tools/match/openings.js';
import { openingLines } from '../tools/match/make-openings.js';
import { EnginePlayer, coreOfSpec, featureMask, featureToggles, frozenWeightsOf } from '../tools/match/engine-player.js';
import { SEARCH_FEATURES } from '../bindings/core/engine.js';
import { BOOK_MARGIN, Book } from '../bindings/book/book.js';
import { RandomPlayer, randomSource } from '../tools/match/player.js';
import { RapidPlayer, ourMove, rapidGameOf } from '../tools/match/rapid-player.js';
import { MatchArgumentError, parsePlayerSpec } from '../tools/match/spec.js';
import { RecordHeader, openRecord, recordHeader } from '../tools/match/record.js';

const key = (m: { from: number; to: number; captured: readonly number[] }): string => `${m.from}-${m.to}:${[...m.captured].sort((a, b) => a - b).join(',')}`;

describe('player specifications', () => {
  test('engine limits, features switched off, and the other kinds', () => {
    assert.deepEqual(parsePlayerSpec('movetime=50'), { kind: 'engine', text: 'movetime=50', disable: [], enable: [], movetime: 50 });
    const k = parsePlayerSpec('nodes=1000,enable=killers');
    assert.deepEqual(k.kind === 'engine' && [k.nodes, k.enable, k.disable], [1000, ['killers'], []]);
    const s = parsePlayerSpec('engine,depth=6,disable=lmr+tt+lmr,hash=64,name=base');
    assert.equal(s.kind, 'engine');
    assert.deepEqual(s.kind === 'engine' && [s.depth, s.disable, s.hash, s.name], [6, ['lateMoveReductions', 'table'], 64, 'base']);
    assert.deepEqual(parsePlayerSpec('rapid'), { kind: 'rapid', text: 'rapid', depth: 8 });
    assert.deepEqual(parsePlayerSpec('rapid-draughts,depth=4'), { kind: 'rapid', text: 'rapid-draughts,depth=4', depth: 4 });
    assert.deepEqual(parsePlayerSpec('random,seed=7'), { kind: 'random', text: 'random,seed=7', seed: 7 });
  });

  test('bad specifications are typed errors that name the option and the value', () => {
    for (const [text, part] of [
      ['', 'empty'], ['level=9', 'level=9'], ['depth=x', 'depth=x'], ['disable=lmr', 'needs a limit'],
      ['movetime=50,disable=warp', 'warp'], ['movetime=50,enable=lmr', 'enable=lmr'], ['rapid,movetime=5', 'movetime'], ['chess,depth=3', 'chess'],
      ['depth=3,depth=4', 'twice'], ['rapid,depth=30', 'too slow'], ['depth', 'kind'],
    ] as const) {
      assert.throws(() => parsePlayerSpec(text, '--b'), (e: unknown) => e instanceof MatchArgumentError && e.argument === '--b' && e.value === text && e.message.includes(part), text);
    }
  });

  test("feature names become the bits that toggle them from the variant's defaults", () => {
    // International uses the early reductions and the verification cut by default, english does
    // not: asking for a feature in its default state costs no bit; a standard feature's bit
    // always switches it off.
    const bits = (text: string, variant: 'english' | 'international'): number => {
      const spec = parsePlayerSpec(text);
      assert.equal(spec.kind, 'engine');
      return featureToggles(spec as Parameters<typeof featureToggles>[0], variant);
    };
    const { earlyReductions: early, verifyCut: verify, killers, lateMoveReductions: lmr } = SEARCH_FEATURES;
    assert.equal(bits('nodes=1,enable=early+verify', 'international'), 0);
    assert.equal(bits('nodes=1,enable=early+verify', 'english'), early | verify);
    assert.equal(bits('nodes=1,disable=early', 'international'), early);
    assert.equal(bits('nodes=1,disable=early', 'english'), 0);
    assert.equal(bits('nodes=1,disable=killers+lmr', 'english'), lmr);
    assert.equal(bits('nodes=1,enable=killers,disable=lmr', 'international'), killers | lmr);
  });

  test('match arguments: defaults, SPRT settings, and refusals', () => {
    const o = parseMatchArgs(['--a', 'depth=2', '--b', 'random']);
    assert.ok(o !== 'help');
    assert.deepEqual([o.variant, o.openings, o.maxPlies, o.concurrency, o.sprt], ['english', 'english-3move', 400, 1, undefined]);
    assert.deepEqual(parseSprt('0,10'), { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    assert.deepEqual(parseSprt('-5,5,0.1,0.2'), { elo0: -5, elo1: 5, alpha: 0.1, beta: 0.2 });
    assert.deepEqual(parseSprt('0,5', 'normalized'), { model: 'normalized', elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    assert.throws(() => parseSprt('0,5', 'bayes'), /--elo-model "bayes": unknown Elo model/);
    for (const bad of ['10,0', '0', '0,10,0.7,0.05', 'a,b']) assert.throws(() => parseSprt(bad), MatchArgumentError);
    assert.throws(() => parseMatchArgs(['--a', 'depth=2']), MatchArgumentError);
    assert.throws(() => parseMatchArgs(['--a', 'depth=2', '--b', 'random', '--variant', 'chess']), /--variant "chess"/);
    assert.throws(() => parseMatchArgs(['--a', 'depth=2', '--b', 'random', '--pairs', '0']), /--pairs "0"/);
    assert.throws(() => parseMatchArgs(['--a', 'depth=2', '--b', 'random', '--frobnicate']), MatchArgumentError);
  });
});

describe('our engine as a player', () => {
  test('the feature mask is the OR of the core bits named', () => {
    // contract: lateMoveReductions = 2, table = 32, killers = 128
    assert.equal(featureMask([]), 0);
    assert.equal(featureMask(['lateMoveReductions', 'table']), 2 | 32);
    assert.equal(featureMask(['killers']), SEARCH_FEATURES.killers);
  });

  test('with features switched off it still plays legal moves in every variant', async () => {
    for (const variant of ['english', 'international', 'russian'] as const) {
      const spec = parsePlayerSpec('depth=3,hash=1,disable=lmr+tt+history,enable=killers');
      assert.ok(spec.kind === 'engine');
      const player = new EnginePlayer(spec, variant, 'x');
      const game = new Game(variant);
      for (let i = 0; i < 6 && !game.isOver; i++) game.play((await player.move(game)).move);
      assert.equal(game.ply, 6);
    }
  });
});

describe('opening sets', () => {
  test('the published sets load with the counts their files state', () => {
    // english-3move: 156 openings in the current deck, 18 barred (its counts and README)
    const english = loadOpenings(defaultOpeningSet('english'), 'english');
    assert.deepEqual([english.openings.length, english.skipped], [156, 18]);
    // each english ballot is three moves from the start that reach the FEN the file gives
    const acf4 = english.openings.find((o) => o.id === '4')!;
    assert.deepEqual([acf4.fen, acf4.moves], [undefined, ['9-13', '22-17', '13x22']]);
    assert.deepEqual([loadOpenings('english-2move', 'english').openings.length, loadOpenings('english-2move', 'english').skipped], [43, 6]);
    assert.equal(loadOpenings(defaultOpeningSet('international'), 'international').openings.length, 81);
    // russian-150: the FEN is authoritative; its short algebraic moves are not played
    for (const variant of ['russian', 'brazilian'] as const) {
      const set = loadOpenings(defaultOpeningSet(variant), variant);
      assert.equal(set.openings.length, 150);
      assert.ok(set.openings.every((o) => o.fen !== undefined && o.moves.length === 0));
    }
  });

  test('our own sets (tools/openings) load for italian, spanish and czech, and keep to the rule they state', () => {
    for (const variant of ['italian', 'spanish', 'czech'] as const) {
      const set = loadOpenings(defaultOpeningSet(variant), variant);
      const data = JSON.parse(readFileSync(set.file, 'utf8'));
      assert.equal(BigInt(data.openings.length), Position.initial(variant).perft(2), 'every 2-ply opening is listed');
      assert.equal(set.openings.length + set.skipped, data.openings.length);
      assert.equal(set.openings.length, data.counts.playable);
      for (const o of data.openings) {
        assert.equal(o.status, Math.abs(o.score) > 100 || o.win !== null ? 'dropped' : 'playable', o.moves);
      }
      assert.ok(set.openings.every((o) => o.fen === undefined && o.moves.length === 2));
    }
  });

  test('the opening lines of the generator are every line of the move tree', () => {
    // the number of 2- and 3-ply lines is perft 2 and 3 (the core's count, not this enumeration)
    for (const variant of ['italian', 'czech'] as const) {
      for (const plies of [2, 3]) assert.equal(BigInt(openingLines(variant, plies).length), Position.initial(variant).perft(plies));
    }
  });

  test('a set for another variant, or a missing file, is refused', () => {
    assert.throws(() => loadOpenings('international-2move', 'english'), OpeningError);
    assert.throws(() => loadOpenings('no-such-set', 'english'), OpeningError);
  });

  test("'start' plays every pair from the variant's start position, each pair under its own name", () => {
    const set = loadOpenings('start', 'international');
    const chosen = selectOpenings(set.openings, 200);
    assert.equal(chosen.length, 200);
    assert.ok(chosen.every((opening) => opening.fen === undefined && opening.moves.length === 0));
    assert.equal(new Set(chosen.map((opening) => opening.id)).size, 200); // a record tells its pairs apart
  });

  test('a selection spreads evenly over the set', () => {
    const nine: Opening[] = Array.from({ length: 9 }, (_, i) => ({ id: String(i + 1), label: '', fen: undefined, moves: [] }));
    assert.deepEqual(selectOpenings(nine, 3).map((o) => o.id), ['1', '4', '7']);
    assert.equal(selectOpenings(nine, undefined).length, 9);
  });

  test('a continued selection leaves out the openings of the first run', () => {
    const nine: Opening[] = Array.from({ length: 9 }, (_, i) => ({ id: String(i + 1), label: '', fen: undefined, moves: [] }));
    // A first run of 3 played 1, 4 and 7; 2 of the six left (2 3 5 6 8 9), spread, are the first and the fourth.
    assert.deepEqual(selectOpenings(nine, 2, 3).map((o) => o.id), ['2', '6']);
    assert.deepEqual(selectOpenings(nine, undefined, 3).map((o) => o.id), ['2', '3', '5', '6', '8', '9']);
    const options = parseMatchArgs(['--a', 'depth=2', '--b', 'random', '--pairs', '5', '--after', '3']);
    assert.ok(options !== 'help' && options.after === 3 && options.pairs === 5);
    assert.throws(() => parseMatchArgs(['--a', 'depth=2', '--b', 'random', '--after', '0']), MatchArgumentError);
  });

  test('a continuation that leaves too few openings is refused before a game is played', async () => {
    // english-3move has 156 playable ballots: after 150, six are left.
    for (const [args, argument] of [[['--after', '156'], '--after'], [['--after', '150', '--pairs', '7'], '--pairs']] as const) {
      const options = parseMatchArgs(['--a', 'depth=1', '--b', 'random', ...args]);
      assert.ok(options !== 'help');
      await assert.rejects(match(options), (e: unknown) => e instanceof MatchArgumentError && e.argument === argument);
    }
  });
});

describe('rapid-draughts adapter', () => {
  test('its legal moves are ours in every position of random games (english)', () => {
    const next = randomSource(2024);
    let positions = 0;
    let kings = 0;
    for (let g = 0; g < 12; g++) {
      const game = new Game('english');
      while (!game.isOver && game.ply < 150) {
        const position = game.position;
        const ours = position.legalMoves().map(key).sort();
        const theirs = [...new Set(rapidGameOf(position).moves.map((m) => key({ from: m.origin + 1, to: m.destination + 1, captured: m.captures.map((c) => c + 1) })))].sort();
        assert.deepEqual(theirs, ours, position.toFen());
        positions++;
        if (position.pieces().some((p) => p.piece.role === 'king')) kings++;
        const moves = position.legalMoves();
        game.play(moves[Math.floor(next() * moves.length)]!);
      }
    }
    assert.ok(positions > 500 && kings > 50, `enough positions (${positions}) and king positions (${kings}) were compared`);
  });

  test('a move it does not have is refused by name', () => {
    const start = Position.initial('english');
    assert.throws(() => ourMove(start, { origin: 20, destination: 16, captures: [] }), /21-17/);
  });

  test('it plays itself a few moves, each legal, and the same ones again (its search has no randomness)', async () => {
    const line = async (): Promise<string[]> => {
      const game = new Game('english');
      const player = new RapidPlayer(3);
      for (let i = 0; i < 4; i++) game.play((await player.move(game)).move);
      return game.moves.map((m) => m.notation);
    };
    const first = await line();
    assert.equal(first.length, 4);
    assert.deepEqual(await line(), first);
  });
});

/** A runner whose pairs are scripted (A's points per game), to test the loop alone. */
function scriptedRunner(points: ReadonlyArray<readonly [0 | 0.5 | 1, 0 | 0.5 | 1]>): PairRunner & { played: number } {
  const runner = {
    slots: 1,
    played: 0,
    async play(opening: Opening, index: number): Promise<PairRecord> {
      runner.played++;
      const [p1, p2] = points[index % points.length]!;
      const record = (points: 0 | 0.5 | 1, g: number) => ({
        round: `${index + 1}.${g}`, openingId: opening.id, aColor: g === 1 ? 'white' as const : 'black' as const,
        winner: undefined, ending: 'no-moves' as const, plies: 1, points,
        a: { moves: 0, ms: 0, nodes: 0, depthSum: 0, depthMoves: 0 }, b: { moves: 0, ms: 0, nodes: 0, depthSum: 0, depthMoves: 0 }, pdn: '',
      });
      return { index, games: [record(p1, 1), record(p2, 2)] };
    },
    async close() {},
  };
  return runner;
}

describe('the match loop', () => {
  const openings: Opening[] = Array.from({ length: 200 }, (_, i) => ({ id: String(i + 1), label: '', fen: undefined, moves: [] }));

  test('every opening is played once as a pair, and the tally adds up', async () => {
    const runner = scriptedRunner([[1, 0.5], [0, 0.5], [1, 1]]);
    const seen: number[] = [];
    const outcome = await runMatch(runner, openings.slice(0, 6), { onPair: (_, p) => seen.push(p.pairsDone) });
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6]);
    assert.equal(outcome.stoppedBy, 'openings');
    // twice (1, ½), (0, ½), (1, 1): wins 2·3, draws 2·2, losses 2·1; pair points 1½, ½, 2
    assert.deepEqual([outcome.tally.wins, outcome.tally.draws, outcome.tally.losses], [6, 4, 2]);
    assert.deepEqual(outcome.tally.pentanomial, [0, 2, 0, 2, 2]);
  });

  test('the SPRT stops a one-sided match long before the openings run out', async () => {
    const runner = scriptedRunner([[1, 1]]);
    const outcome = await runMatch(runner, openings, { sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 } });
    assert.equal(outcome.stoppedBy, 'sprt');
    assert.equal(outcome.decision, 'H1');
    assert.ok(runner.played < 50 && runner.played === outcome.pairsDone);
  });

  test('an interrupt ends the match at once with the pairs finished, and closes the runner', async () => {
    const runner = scriptedRunner([[1, 0]]);
    let closed = false;
    runner.close = async () => { closed = true; };
    const interrupt = new AbortController();
    const outcome = await runMatch(runner, openings, { onPair: (_, p) => { if (p.pairsDone === 3) interrupt.abort(); }, signal: interrupt.signal });
    assert.equal(outcome.stoppedBy, 'interrupted');
    // the third pair aborts from its report: no fourth pair is started
    assert.equal(outcome.pairsDone, 3);
    assert.equal(runner.played, 3);
    assert.ok(closed);
  });

  test('a pair still in play when the interrupt comes is left out', async () => {
    const interrupt = new AbortController();
    let closed = false;
    const runner: PairRunner = {
      slots: 1,
      play: () => new Promise<PairRecord>(() => { interrupt.abort(); }), // never finishes
      close: async () => { closed = true; },
    };
    const outcome = await runMatch(runner, openings.slice(0, 4), { signal: interrupt.signal });
    assert.equal(outcome.stoppedBy, 'interrupted');
    assert.equal(outcome.pairsDone, 0);
    assert.ok(closed);
  });

  test('a game stopped at the ply cap is a draw, marked so in its PDN', async () => {
    const settings: GameSettings = { variant: 'english', maxPlies: 9, event: 'cap test' };
    const opening: Opening = { id: 'x', label: '11-15 23-19 8-11', fen: undefined, moves: ['11-15', '23-19', '8-11'] };
    const record = await playGame(settings, opening, new RandomPlayer(1), new RandomPlayer(2), 'white', 0);
    if (record.ending === 'ply-cap') {
      assert.deepEqual([record.plies, record.points, record.winner], [9, 0.5, undefined]);
      const [entry] = readPdn(record.pdn);
      assert.deepEqual([entry!.result, entry!.tags.Termination, entry!.game!.ply, entry!.game!.isOver], ['1/2-1/2', 'ply-cap', 9, false]);
    } else {
      assert.ok(record.plies <= 9); // a random game can end by rule before ply 9; then the rules decided
    }
  });

  test("a book player's moves from the book are counted, and left out of its mean depth", async () => {
    const book = fileURLToPath(new URL('../../books/english.book', import.meta.url));
    const spec = parsePlayerSpec(`nodes=2000,hash=1,book=${book}`);
    assert.ok(spec.kind === 'engine');
    const player = new EnginePlayer(spec, 'english', 'book');
    const settings: GameSettings = { variant: 'english', maxPlies: 30, event: 'book test' };
    const opening: Opening = { id: 'start', label: '', fen: undefined, moves: [] };
    // A has Black, who moves first in english: the start is in the book, so A's first move is a book move.
    const record = await playGame(settings, opening, player, new RandomPlayer(3), 'black', 0);
    assert.ok((record.a.bookMoves ?? 0) >= 1);
    assert.equal(record.a.depthMoves + record.a.bookMoves!, record.a.moves);
    assert.equal(record.b.bookMoves, 0);
    // A game recorded before the count existed makes the sum unknown, not smaller.
    const older = { moves: 10, ms: 3000, nodes: 1, depthSum: 80, depthMoves: 10 };
    assert.equal(addTotals(addTotals(NO_TOTALS, record.a), older).bookMoves, undefined);
  });

  test("bookmode=best plays the book's best move in every game; the default varies it by the game", async () => {
    const file = fileURLToPath(new URL('../../books/english.book', import.meta.url));
    const book = Book.read(readFileSync(file), file);
    // The first position on the book's best line with a choice: two moves or more within the margin.
    const start = new Game('english');
    let choices = book.moves(start.position);
    while (choices.filter((m) => choices[0]!.score - m.score <= BOOK_MARGIN).length < 2) {
      assert.ok(choices.length > 0, 'the book has no choice on its best line');
      start.play(choices[0]!.move);
      choices = book.moves(start.position);
    }
    const best = new EnginePlayer(parsePlayerSpec(`nodes=2000,hash=1,book=${file},bookmode=best`) as never, 'english', 'best');
    const varied = new EnginePlayer(parsePlayerSpec(`nodes=2000,hash=1,book=${file}`) as never, 'english', 'varied');
    const variedMoves = new Set<string>();
    for (let game = 0; game < 12; game++) {
      best.newGame(game);
      varied.newGame(game);
      assert.equal((await best.move(start)).move.toString(), choices[0]!.move.toString(), `game ${game}`);
      variedMoves.add((await varied.move(start)).move.toString());
    }
    assert.ok(variedMoves.size >= 2, 'the varied book played one move in twelve games');
    assert.throws(() => parsePlayerSpec(`nodes=2000,book=${file},bookmode=wide`), /bookmode=wide: not a book mode/);
    assert.throws(() => parsePlayerSpec('nodes=2000,bookmode=best'), /bookmode= needs a book/);
  });

  test("a game's moves follow from its number, not from the games its players played before", async () => {
    // Two workers, or a resumed match, hand a player games in another order: a player seeded
    // per game must play game 7 (pair 4, A with Black) the same way whatever came first.
    const settings: GameSettings = { variant: 'english', maxPlies: 40, event: 'seed test' };
    const opening: Opening = { id: 'x', label: '', fen: undefined, moves: [] };
    const movesOf = (pdn: string): string => pdn.split('\n').filter((line) => !line.startsWith('[')).join(' ').trim();
    const fresh = await playGame(settings, opening, new RandomPlayer(1), new RandomPlayer(2), 'black', 3);
    const [a, b] = [new RandomPlayer(1), new RandomPlayer(2)];
    await playGame(settings, opening, a, b, 'white', 0);
    const after = await playGame(settings, opening, a, b, 'black', 3);
    assert.equal(movesOf(after.pdn), movesOf(fresh.pdn));
    const other = await playGame(settings, opening, a, b, 'white', 3);
    assert.notEqual(movesOf(other.pdn), movesOf(fresh.pdn)); // game 6: another seed, other moves
  });
});

describe('a record file: a match goes on where it stopped', () => {
  const openings: Opening[] = Array.from({ length: 6 }, (_, i) => ({ id: `o${i + 1}`, label: '', fen: undefined, moves: [] }));
  const header = (b = 'nodes=1000'): RecordHeader => recordHeader({ variant: 'english', a: 'nodes=1000,name=x', b, aRuns: 'aa', bRuns: 'bb', openings: 'english-3move', maxPlies: 400 }, openings);
  /** Pair `index` with A's points p1 and p2, as the scripted runner makes them. */
  const pairOf = async (index: number, p1: 0 | 0.5 | 1, p2: 0 | 0.5 | 1): Promise<PairRecord> => scriptedRunner([[p1, p2]]).play(openings[index]!, index);

  test('pairs recorded by an earlier run count first and are not played again', async () => {
    const runner = scriptedRunner([[1, 1]]);
    const indices: number[] = [];
    const play = runner.play;
    runner.play = (opening, index) => { indices.push(index); return play(opening, index); };
    const done = [await pairOf(3, 0, 0), await pairOf(0, 0, 0.5)];
    const outcome = await runMatch(runner, openings, { done });
    assert.deepEqual(indices, [1, 2, 4, 5]);
    assert.equal(outcome.pairsDone, 6);
    // two recorded pairs worth 0 and ½, four new ones worth 2
    assert.deepEqual(outcome.tally.pentanomial, [1, 1, 0, 0, 4]);
    assert.deepEqual(outcome.pairs.map((p) => p.index), [0, 1, 2, 3, 4, 5]);
  });

  test('written, read back, cut short, refused when it is another match', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-record-'));
    try {
      const file = path.join(dir, 'run.jsonl');
      const first = openRecord(file, header());
      assert.equal(first.done.length, 0);
      first.append(await pairOf(0, 1, 0.5));
      first.append(await pairOf(4, 0, 1));
      first.close();
      const again = openRecord(file, header());
      assert.deepEqual(again.done.map((p) => [p.index, p.games[0].points, p.games[1].points]), [[0, 1, 0.5], [4, 0, 1]]);
      again.close();

      // The process killed in the middle of a line: that line is dropped, and the next pair follows the last whole one.
      writeFileSync(file, `${readFileSync(file, 'utf8')}{"index":2,"gam`);
      const cut = openRecord(file, header());
      assert.equal(cut.done.length, 2);
      cut.append(await pairOf(2, 0.5, 0.5));
      cut.close();
      const lines = readFileSync(file, 'utf8').split('\n');
      assert.deepEqual([lines.length, lines[3]!.startsWith('{"index":2,"games"'), lines[4]], [5, true, '']);

      // Another player B: refused with the field named, and the file left as it was.
      const before = readFileSync(file, 'utf8');
      assert.throws(() => openRecord(file, header('nodes=2000')), (e: unknown) => e instanceof MatchArgumentError && /another match: its b is "nodes=1000", this match's "nodes=2000"/.test(e.message));
      // Openings selected otherwise (another --pairs or --after), another core (its digest).
      assert.throws(() => openRecord(file, { ...header(), selected: ['o1', 'o2'] }), /selected other openings/);
      assert.throws(() => openRecord(file, { ...header(), aRuns: 'cc' }), /its aRuns is "aa"/);
      assert.equal(readFileSync(file, 'utf8'), before);

      // A line damaged in the middle, a pair of another opening, a file that is no record.
      writeFileSync(file, before.replace('{"index":4', '{"index":4,,'));
      assert.throws(() => openRecord(file, header()), /line 3 is damaged/);
      writeFileSync(file, before.replace('"openingId":"o5"', '"openingId":"o6"'));
      assert.throws(() => openRecord(file, header()), /pair 5 was played from opening o6, not o5/);
      writeFileSync(file, 'White: me\n');
      assert.throws(() => openRecord(file, header()), /not a match record/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('end to end: a second run with the record plays nothing new and reports the same match', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-record-'));
    try {
      const file = path.join(dir, 'run.jsonl');
      const args = ['--a', 'depth=1,hash=1', '--b', 'random,seed=3', '--pairs', '2', '--record', file, '--json', '--max-plies', '60'];
      const options = parseMatchArgs(args);
      assert.ok(options !== 'help');
      const summary = JSON.parse(await match(options));
      const lines: string[] = [];
      const resumed = JSON.parse(await match(options, (l) => lines.push(l)));
      assert.deepEqual(lines, [`${file}: 2 pairs recorded by an earlier run, 0 left`]);
      assert.deepEqual([resumed.games, resumed.pentanomial, resumed.wins], [summary.games, summary.pentanomial, summary.wins]);
      // Another weight set for A is another engine: refused before a game is played.
      const other = parseMatchArgs([...args.slice(0, 1), 'depth=1,hash=1,weights=hand', ...args.slice(2)]);
      assert.ok(other !== 'help');
      await assert.rejects(match(other), /another match: its a is "depth=1,hash=1", this match's "depth=1,hash=1,weights=hand"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a tiny match end to end', () => {
  test('two openings, four games of our engine against rapid-draughts, PDN read back, counts that add up', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-match-'));
    try {
      const pdn = path.join(dir, 'games.pdn');
      const options = parseMatchArgs(['--a', 'depth=2,hash=1', '--b', 'rapid,depth=2', '--pairs', '2', '--pdn', pdn, '--json']);
      assert.ok(options !== 'help');
      const lines: string[] = [];
      const summary = JSON.parse(await match(options, (l) => lines.push(l)));
      assert.equal(lines.length, 2, 'one progress line per pair');
      assert.equal(summary.games, 4);
      assert.equal(summary.wins + summary.draws + summary.losses, 4);
      assert.equal(summary.pentanomial.reduce((a: number, b: number) => a + b, 0), 2);
      const entries = readPdn(readFileSync(pdn, 'utf8'));
      assert.equal(entries.length, 4);
      // A's points from the PDN results and colours, against the summary's W/D/L
      let wins = 0, draws = 0, losses = 0;
      for (const e of entries) {
        const aWhite = e.tags.White === summary.a.name;
        assert.ok(aWhite || e.tags.Black === summary.a.name);
        const game = e.game!;
        // read back, a repetition is a claimable draw (the reader never ends a game by repetition)
        const ended = game.isOver ? game.result.reason : game.drawClaim?.reason ?? 'ply-cap';
        assert.equal(e.tags.Termination, ended, `game ${e.number} ended where its Termination tag says`);
        if (e.result === '1/2-1/2') draws++;
        else if ((e.result === '1-0') === aWhite) wins++;
        else losses++;
      }
      assert.deepEqual([wins, draws, losses], [summary.wins, summary.draws, summary.losses]);
      // each opening twice, A once with each colour
      assert.deepEqual(entries.map((e) => e.tags.Round), ['1.1', '1.2', '2.1', '2.2']);
      assert.equal(entries[0]!.tags.Opening, entries[1]!.tags.Opening);
      assert.notEqual(entries[0]!.tags.White, entries[1]!.tags.White);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a core from a .wasm file (wasm=): the same build on both sides mirrors every pair', async () => {
    // dist/bindings/bitdraughts.wasm is the package's own core, so both players search alike; the
    // search is deterministic, so the game with colours reversed repeats the first one: A wins
    // one and loses one, or both are drawn, and every pair lands on 1 point of 2.
    const core = fileURLToPath(new URL('../bindings/bitdraughts.wasm', import.meta.url));
    const options = parseMatchArgs(['--a', 'depth=2,hash=1', '--b', `depth=2,hash=1,wasm=${core}`, '--pairs', '3', '--json', '--max-plies', '80']);
    assert.ok(options !== 'help' && options.b.kind === 'engine' && options.b.wasm === core);
    const summary = JSON.parse(await match(options));
    assert.deepEqual(summary.pentanomial, [0, 0, 3, 0, 0]);
  });

  test('a frozen core plays its own weight files, and the hand-written evaluation in a family it shipped none for', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-baseline-'));
    try {
      const core = path.join(dir, 'old.wasm');
      writeFileSync(core, readFileSync(fileURLToPath(new URL('../bindings/bitdraughts.wasm', import.meta.url))));
      // No folder beside it: not a frozen core, the package's weights as for any other.
      assert.equal(coreOfSpec(parsePlayerSpec(`depth=2,wasm=${core}`) as never, 'international').weights, undefined);
      mkdirSync(path.join(dir, 'old.weights'));
      writeFileSync(path.join(dir, 'old.weights', 'short-kings-8x8.bdw'), new Uint8Array(8));
      assert.equal(coreOfSpec(parsePlayerSpec(`depth=2,wasm=${core}`) as never, 'english').weights, path.join(dir, 'old.weights', 'short-kings-8x8.bdw'));
      // Its commit shipped no 10×10 file: it played, and plays, the hand-written terms.
      assert.equal(coreOfSpec(parsePlayerSpec(`depth=2,wasm=${core}`) as never, 'international').weights, 'hand');
      // Family by family, as the speed bench loads them: 0 is the 8×8 short kings, 2 the 10×10.
      assert.equal(frozenWeightsOf(core, 0), path.join(dir, 'old.weights', 'short-kings-8x8.bdw'));
      assert.equal(frozenWeightsOf(core, 2), 'hand');
      assert.equal(frozenWeightsOf(path.join(dir, 'other.wasm'), 0), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a missing core file is refused with its name, and how to build the baseline', () => {
    const missing = path.join(os.tmpdir(), 'no-such-core.wasm');
    assert.throws(() => new EnginePlayer(parsePlayerSpec(`depth=2,wasm=${missing}`) as never, 'english', 'x'), (e: unknown) => e instanceof MatchArgumentError && e.message.includes(missing));
    assert.throws(() => parsePlayerSpec('depth=2,wasm='), /wasm= is empty/);
  });

  test('pairs played in worker threads are all there once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-match-'));
    try {
      const pdn = path.join(dir, 'games.pdn');
      const options = parseMatchArgs(['--a', 'random,seed=1', '--b', 'random,seed=2', '--pairs', '4', '--concurrency', '2', '--pdn', pdn, '--json', '--max-plies', '60']);
      assert.ok(options !== 'help');
      const summary = JSON.parse(await match(options));
      assert.deepEqual([summary.games, summary.wins + summary.draws + summary.losses, summary.concurrency], [8, 8, 2]);
      const rounds = readPdn(readFileSync(pdn, 'utf8')).map((e) => e.tags.Round).sort();
      assert.deepEqual(rounds, ['1.1', '1.2', '2.1', '2.2', '3.1', '3.2', '4.1', '4.2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
