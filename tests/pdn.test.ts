// PDN in full: the parsed text of a game (comments, annotations, variations), reading games into
// Game objects (GameType, FEN, both move styles, captures resolved by legality, errors with
// their game and move), writing them back (tags, FEN, shortest notation, results), round trips
// of hand-made and real games, and the `bitdraughts pdn` command.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CLI } from './helpers/cli.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  Game, PdnError, PdnGameError, PdnWriteError, Position, VariantError, gameTypeOfVariant, isVariantName,
  outcomeOfResult, parsePdn, readPdn, writePdn,
} from '../bindings/index.js';
import { readPdnGames } from '../bindings/pdn/parse.js';
import type { PdnEntry, VariantName } from '../bindings/index.js';
import { GAMES_DIR, recordedGameFiles } from './helpers/recorded-games.js';

/** What makes two read games the same game. */
function identity(entry: PdnEntry) {
  const game = entry.game!;
  return {
    variant: entry.variant,
    start: game.start.toFen(),
    moves: game.moves.map((m) => `${m.from}/${m.to}/${m.captured.join(',')}`),
    end: game.position.toFen(),
    result: game.result,
  };
}

// ---------------------------------------------------------------------------------------------

describe('parsePdn: the text of each game', () => {
  test('comments before and after moves, annotations and NAGs', () => {
    const [record] = parsePdn('[Event "x"]\n{opening} 1. 32-28! {good} 19-23?! $6 2. 28x19 $1 ; line comment\n14x23 2-0');
    assert.equal(record!.line, 1);
    assert.deepEqual(record!.tags, { Event: 'x' });
    assert.equal(record!.result, '2-0');
    assert.deepEqual(record!.moves, [
      { text: '32-28', line: 2, number: '1.', annotation: '!', commentsBefore: ['opening'], comments: ['good'] },
      { text: '19-23', line: 2, annotation: '?!', nags: [6] },
      { text: '28x19', line: 2, number: '2.', nags: [1], comments: ['line comment'] },
      { text: '14x23', line: 3 },
    ]);
  });

  test('variations are kept as a tree, each on the move it replaces, results inside them ignored', () => {
    const [record] = parsePdn('1. 32-28 19-23 (1... 18-23 2. 28x18 (2. 33-29 *) 12x23) 2. 28x19 14x23 1-1');
    const [m1, m2, m3] = record!.moves;
    assert.equal(m1!.variations, undefined);
    assert.equal(m2!.variations!.length, 1);
    const line = m2!.variations![0]!;
    assert.deepEqual(line.map((m) => m.text), ['18-23', '28x18', '12x23']);
    assert.deepEqual(line[1]!.variations!.map((v) => v.map((m) => m.text)), [['33-29']]);
    assert.deepEqual(record!.moves.map((m) => m.text), ['32-28', '19-23', '28x19', '14x23']);
    assert.equal(m3!.number, '2.');
    assert.equal(record!.result, '1-1');
    const [skipped] = parsePdn('1. 32-28 19-23 (1... 18-23 2. 28x18) 2. 28x19 *', { variations: false });
    assert.ok(skipped!.moves.every((m) => m.variations === undefined));
    assert.deepEqual(skipped!.moves.map((m) => m.text), ['32-28', '19-23', '28x19']);
  });

  test('escaped lines, BOM, games split at tags, the same games as readPdnGames', () => {
    const text = '\uFEFF% produced by some program\n[Round "1"]\n1. 11-15 23-19\n\n[Round "2"]\n1. 9-14 {x} 22-18 (1... 22-17) 0-1\n[Round "3"]\n';
    const records = parsePdn(text);
    assert.deepEqual(records.map((r) => r.tags.Round), ['1', '2', '3']);
    assert.deepEqual(records.map((r) => r.line), [2, 5, 7]);
    const simple = readPdnGames(text);
    assert.deepEqual(records.map((r) => ({ tags: r.tags, moves: r.moves.map((m) => m.text), ...(r.result !== undefined && { result: r.result }) })), simple);
    assert.deepEqual(parsePdn('{only a comment}'), []);
    assert.deepEqual(parsePdn('[Event "e"] {no moves} *\n{a trailing comment}\n'), [{ tags: { Event: 'e' }, moves: [], comments: ['no moves'], result: '*', line: 1 }]);
  });

  test('broken structure is refused with its line', () => {
    assert.throws(() => parsePdn('1. 32-28 (19-23\n\n'), (e: unknown) => e instanceof PdnError && e.message === "line 1: variation '(' is never closed");
    assert.throws(() => parsePdn('1. 32-28 )'), (e: unknown) => e instanceof PdnError && /'\)' without a matching '\('/.test(e.message));
    assert.throws(() => parsePdn('\n1. 32-28 (19-23 [Event "x"])'), (e: unknown) => e instanceof PdnError && /^line 2: tag pair \[Event …\] inside a variation/.test(e.message));
  });
});

describe('readPdn: games played from PDN', () => {
  test('GameType selects the variant: 20, 21, 22, 24, 25, 26, 29', () => {
    const cases: Array<[number, VariantName, string]> = [
      [20, 'international', '32-28 19-23 28x19 14x23'],
      [21, 'english', '9-13 22-17 13x22 25x18'],
      [22, 'italian', '21-17 10-13 17x10 5x14'],
      [24, 'spanish', '21-17 10-13 17x10 5x14'],
      [25, 'russian', 'c3-d4 f6-e5 d4xf6 g7xe5'],
      [26, 'brazilian', 'c3-d4 f6-e5 d4xf6 e7xg5'],
      [29, 'czech', 'c3-d4 f6-e5 d4xf6 g7xe5'],
    ];
    const text = cases.map(([type, , moves]) => `[GameType "${type}"]\n${moves} *`).join('\n\n');
    const games = readPdn(text);
    assert.deepEqual(games.map((g) => g.variant), cases.map(([, v]) => v));
    for (const [i, [type, variant, moves]] of cases.entries()) {
      assert.equal(gameTypeOfVariant(variant), type);
      assert.equal(games[i]!.game!.ply, 4, `${variant} ${moves}`);
      assert.equal(games[i]!.number, i + 1);
    }
  });

  test('the further variants: GameType 23 pool and 31 thai (PDN 3.0), lidraughts\' 98 and 96, killer by its Variant tag', () => {
    const cases: Array<[string, VariantName, string]> = [
      ['[GameType "23"]', 'pool', '9-13 22-17 13x22 25x18'],
      ['[GameType "31"]', 'thai', '25-21 8-12 21-17 12-16'],
      ['[GameType "98"]', 'antidraughts', '32-28 19-23 28x19 14x23'],
      ['[GameType "96"]', 'breakthrough', '32-28 19-23 28x19 14x23'],
      ['[GameType "20"]\n[Variant "Killer"]', 'killer', '32-28 19-23 28x19 14x23'],
      ['[Variant "killer draughts"]', 'killer', '32-28 19-23 28x19 14x23'],
      // A Variant tag naming no game of ours leaves the GameType to decide.
      ['[GameType "20"]\n[Variant "Standard"]', 'international', '32-28 19-23 28x19 14x23'],
    ];
    const games = readPdn(cases.map(([tags, , moves]) => `${tags}\n${moves} *`).join('\n\n'));
    assert.deepEqual(games.map((g) => g.variant), cases.map(([, v]) => v));
    for (const [i, [, variant, moves]] of cases.entries()) assert.equal(games[i]!.game!.ply, 4, `${variant} ${moves}`);
    assert.deepEqual(['pool', 'thai', 'antidraughts', 'breakthrough', 'killer'].map((v) => gameTypeOfVariant(v as VariantName)), [23, 31, 98, 96, 20]);
    // Killer is written with international's number and a Variant tag that names it, and reads back as killer.
    const killer = new Game('killer');
    killer.play('32-28');
    const written = writePdn(killer);
    assert.match(written, /\[GameType "20"\]\n\[Variant "killer"\]\n/);
    assert.equal(readPdn(written)[0]!.variant, 'killer');
    assert.doesNotMatch(writePdn(new Game('pool')), /Variant/);
  });

  test('an absent or unknown GameType falls back to the caller\'s variant; with none it is an error', () => {
    // 28 is Portuguese draughts in PDN 3.0's list: a game this library does not play.
    const text = '1. 11-15 23-19 *\n\n[GameType "28"]\n1. 11-15 *\n\n[GameType "20,W,10,10,N2,0"]\n1. 32-28 *';
    const games = readPdn(text, { variant: 'english' });
    assert.deepEqual(games.map((g) => g.variant), ['english', 'english', 'international']);
    assert.throws(() => readPdn(text), (e: unknown) => e instanceof PdnGameError && e.game === 1 && e.message === 'line 1: game 1: it has no GameType tag, and no fallback variant was given');
    const kept = readPdn(text, { continueOnError: true });
    assert.match(kept[1]!.error!.message, /^line 3: game 2: its GameType "28" is not a variant this library plays/);
    assert.equal(kept[1]!.game, undefined);
    assert.equal(kept[2]!.error, undefined);
    assert.throws(() => readPdn(text, { variant: 'checkers' as VariantName }), VariantError);
  });

  test('a FEN tag sets the start, with or without SetUp; numbering goes on from the number written', () => {
    const [game] = readPdn('[GameType "20"]\n[FEN "B:W28,K46:B18,19"]\n23... 19-23 24. 28x19 18-22 *');
    assert.equal(game!.game!.start.toFen(), 'B:W28,K46:B18,19');
    assert.deepEqual(game!.game!.moves.map((m) => m.notation), ['19-23', '28x19', '18-22']);
    assert.throws(() => readPdn('[GameType "20"]\n[FEN "B:W28,K46:B18,19"]\n23... 19-23 24. 28x19 18-29 *'), (e: unknown) => e instanceof PdnGameError && e.moveNumber === '24...');
    const [withSetUp] = readPdn('[SetUp "1"]\n[FEN "W:W28:B23"]\n1. 28x19 *', { variant: 'international' });
    assert.equal(withSetUp!.game!.position.toFen(), 'B:W19:B');
    assert.deepEqual(withSetUp!.game!.result, { status: 'win', winner: 'white', reason: 'no-moves' });

    const bad = readPdn('[SetUp "0"]\n[FEN "W:W28:B23"]\n1. 28x19 *\n\n[FEN "W:W99:B1"]\n*\n\n[FEN "B:W28:B23"]\n1. 28x19 *', { variant: 'international', continueOnError: true });
    assert.match(bad[0]!.error!.message, /game 1: the FEN tag contradicts \[SetUp "0"\]/);
    assert.match(bad[1]!.error!.message, /game 2: FEN tag: square 99 is off the board/);
    assert.equal(bad[2]!.error!.message, "line 9: game 3, move 1... 28x19: illegal move 28x19: the piece on square 28 is white's, and black is to move (position B:W28:B23)");
    assert.equal(bad[2]!.error!.moveNumber, '1...');
    assert.equal(bad[2]!.error!.moveText, '28x19');
  });

  test('numeric and algebraic moves, `:` captures, annotations, comments and variations', () => {
    const text = [
      '[GameType "25"]',
      '1.c3-d4! {main} f6-e5?? (1... b6-a5 {side} 2. d4-c5 *) 2. d4xf6 ; forced',
      'g7:e5 3. 23-18 * ',
    ].join('\n');
    const [entry] = readPdn(text);
    assert.deepEqual(entry!.game!.moves.map((m) => m.notation), ['c3-d4', 'f6-e5', 'd4xf6', 'g7xe5', 'e3-d4']);
    assert.equal(entry!.record.moves[1]!.variations![0]![0]!.comments![0], 'side');
  });

  test('captures written origin-to-destination are resolved; an ambiguous one says so; a full path is taken', () => {
    const [ok] = readPdn('[GameType "21"]\n[FEN "B:W6,7,14,15,30:B2"]\n1. 2x11x18 30-26 *');
    assert.deepEqual(ok!.game!.moves[0]!.captured, [7, 15]);
    assert.throws(
      () => readPdn('[GameType "21"]\n[FEN "B:W6,7,14,15,30:B2"]\n1. 2x18 30-26 *'),
      (e: unknown) => e instanceof PdnGameError && e.moveNumber === '1.' && /2x18 fits 2 legal moves \(2x9x18, 2x11x18\): give the landing squares/.test(e.message),
    );
    const [short] = readPdn('[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *');
    assert.deepEqual(short!.game!.moves[2]!.captured, [23]);
  });

  test('an illegal or unreadable move names the game, the move number and the text; the reader goes on when asked', () => {
    const text = [
      '[Event "one"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 2-0',
      '[Event "two"]\n[GameType "20"]\n1. 32-28 19-23 2. 28-22 14x23 0-2',
      '[Event "three"]\n[GameType "20"]\n1. 32-28 19-23 2. 28x19 14-z3 0-2',
      '[Event "four"]\n[GameType "20"]\n1. 31-27 *',
    ].join('\n\n');
    assert.throws(() => readPdn(text), (e: unknown) => e instanceof PdnGameError && e.game === 2 && e.line === 7);
    const games = readPdn(text, { continueOnError: true });
    assert.equal(games.length, 4);
    assert.deepEqual(games.map((g) => g.error === undefined), [true, false, false, true]);
    const two = games[1]!.error!;
    assert.match(two.message, /^line 7: game 2, move 2\. 28-22: illegal move 28-22: it is not among the legal moves \(28x19\)/);
    assert.deepEqual([two.game, two.moveNumber, two.moveText], [2, '2.', '28-22']);
    assert.equal(games[1]!.game!.ply, 2, 'the moves before the error are kept');
    assert.match(games[2]!.error!.message, /^line 11: game 3, move 2\.\.\. 14-z3: z3 is not a playable square of the 10×10 board/);
  });

  test('results in both conventions', () => {
    const markers = ['1-0', '2-0', '0-1', '0-2', '1/2-1/2', '½-½', '1-1', '0-0', '*'];
    const games = readPdn(markers.map((r) => `1. 32-28 ${r}`).join('\n'), { variant: 'international' });
    assert.deepEqual(games.map((g) => g.result), markers);
    assert.deepEqual(markers.map((m) => outcomeOfResult(m)), [
      { status: 'win', winner: 'white' }, { status: 'win', winner: 'white' },
      { status: 'win', winner: 'black' }, { status: 'win', winner: 'black' },
      { status: 'draw' }, { status: 'draw' }, { status: 'draw' },
      { status: 'unknown' }, { status: 'unknown' },
    ]);
    assert.equal(outcomeOfResult('3-0'), undefined);
  });

  // English, short kings: 1-5 29-25 5-1 25-29 brings the start position back every 4 plies.
  const shuffle = (times: number) => Array.from({ length: times }, (_, i) => `${2 * i + 1}. 1-5 29-25 ${2 * i + 2}. 5-1 25-29`).join(' ');

  test('repetition never ends a game read: it goes on, the claim offered while the position stands three times', () => {
    const [entry] = readPdn(`[GameType "21"]\n[FEN "B:WK29,K30,21:BK1,K2,12"]\n${shuffle(1)} 3. 1-5 29-25 4. 5-1 25-29 5. 1-5 *`);
    assert.equal(entry!.error, undefined);
    assert.equal(entry!.game!.ply, 9);
    assert.deepEqual(entry!.game!.result, { status: 'ongoing' });
    assert.deepEqual(entry!.game!.drawClaim, { reason: 'threefold-repetition' }, 'ply 9 stands as plies 1 and 5');
  });

  test('moves after a draw by a counting rule are read: the first draw stands', () => {
    // 20 shuffles are 80 plies of king moves without a capture: english's 40-move limit, after
    // which the record goes on with a man move (a claim over the board, not taken here).
    const [entry] = readPdn(`[GameType "21"]\n[FEN "B:WK29,K30,21:BK1,K2,12"]\n${shuffle(20)} 41. 12-16 *`);
    assert.equal(entry!.error, undefined);
    assert.equal(entry!.game!.ply, 81);
    assert.deepEqual(entry!.game!.result, { status: 'draw', reason: '40-move' });
  });
});

describe('writePdn', () => {
  test('the seven tags, GameType, the numbered moves and the result of a finished game', () => {
    const game = new Game('international', { fen: 'W:W33,48:B28' });
    game.play('33x22');
    assert.equal(writePdn(game), [
      '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "?"]', '[Black "?"]', '[Result "2-0"]',
      '[GameType "20"]', '[SetUp "1"]', '[FEN "W:W33,48:B28"]', '', '1. 33x22 2-0', '',
    ].join('\n'));
  });

  test('no FEN for the start position; the caller\'s tags, escaped, in their order after the standard ones', () => {
    const game = new Game('english');
    game.play('11-15');
    game.play('23-19');
    const text = writePdn({ game, tags: { Annotator: 'me', White: 'Jan "de Dam" \\ Jansen', Event: 'Club', Result: '*' } });
    assert.equal(text, [
      '[Event "Club"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]', '[White "Jan \\"de Dam\\" \\\\ Jansen"]', '[Black "?"]', '[Result "*"]',
      '[GameType "21"]', '[Annotator "me"]', '', '1. 11-15 23-19 *', '',
    ].join('\n'));
    const [back] = readPdn(text);
    assert.equal(back!.tags.White, 'Jan "de Dam" \\ Jansen');
    assert.throws(() => writePdn({ game, tags: { 'Bad Name': 'x' } }), PdnWriteError);
    assert.throws(() => writePdn({ game, result: '3-0' }), PdnWriteError);
  });

  test('the other side first: `1...`; a drawn english game writes 1/2-1/2, others 1-1; styles on request', () => {
    const game = new Game('international', { fen: 'B:WK46,30:BK3,16' });
    game.play('3-9');
    game.play('46-37');
    assert.match(writePdn(game), /\n1\.\.\. 3-9 2\. 46-37 \*\n$/);
    const english = new Game('english', { fen: 'B:WK29,K30,21:BK1,K2,12' });
    for (const t of ['1-5', '29-25', '5-1', '25-29', '1-5', '29-25', '5-1', '25-29']) english.play(t);
    english.claimDraw();
    assert.match(writePdn(english), /\[Result "1\/2-1\/2"\][^]*25-29 1\/2-1\/2\n$/);
    assert.match(writePdn(english, { resultStyle: 'two-point' }), /25-29 1-1\n$/);
    const won = new Game('russian', { fen: 'W:Wc3:Bd4' });
    won.play('c3xe5');
    assert.match(writePdn(won), /1\. c3xe5 2-0\n$/);
    assert.match(writePdn(won, { resultStyle: 'one-point' }), /1\. c3xe5 1-0\n$/);
  });

  test('moves in the shortest text that names them; lines of at most 80 characters', () => {
    const game = new Game('english', { fen: 'B:W6,7,14,15,30:B2' });
    game.play('2x11x18');
    game.play('30-26');
    assert.match(writePdn(game), /\n1\. 2x11x18 30-26 \*\n$/);
    const long = new Game('international');
    const random = (n: number) => (n * 2654435761) % 97;
    while (!long.isOver && long.ply < 120) long.play(long.legalMoves()[random(long.ply) % long.legalMoves().length]!);
    const lines = writePdn(long).split('\n');
    assert.ok(lines.every((l) => l.length <= 80));
    assert.ok(lines.filter((l) => /^\d+\. /.test(l)).length > 5);
    assert.ok(lines.every((l) => !/\d\.$/.test(l)), 'a move number stays with its move');
  });

  test('several games, separated by a blank line; what readPdn returns can be written as it is', () => {
    const text = '[GameType "20"]\n1. 32-28 19-23 2-0\n\n[GameType "21"]\n1. 11-15 *\n';
    const written = writePdn(readPdn(text));
    const back = readPdn(written);
    assert.equal(back.length, 2);
    assert.deepEqual(back.map((g) => g.result), ['2-0', '*']);
    assert.match(written, /2-0\n\n\[Event/);
  });
});

describe('round trips: read, write, read', () => {
  const handMade = [
    '[Event "hand-made"]\n[GameType "20"]\n[FEN "W:WK38:B18,19,32,33,3"]\n1. 38x27x13x24x38 3-9 0-0',
    '[GameType "21"]\n[Black "B"]\n[White "W"]\n[FEN "B:W6,7,14,15,30:B2"]\n1. 2x11x18 {one} 30-26 (1... 30-25) 1/2-1/2',
    '[GameType "22"]\n1. 21-17 10-13 2. 17x10 5x14 *',
    '[GameType "24"]\n1. 21-17 10-13 2. 17x10 5x14 *',
    '[GameType "26"]\n[Custom "kept"]\n1. c3-d4 f6-e5 2. d4xf6 e7xg5 *',
    '[GameType "29"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-0',
  ].join('\n\n');

  function roundTrip(text: string, variant?: VariantName): void {
    const first = readPdn(text, variant === undefined ? {} : { variant });
    const written = writePdn(first);
    const second = readPdn(written);
    assert.equal(second.length, first.length);
    for (const [i, a] of first.entries()) {
      const b = second[i]!;
      const where = `game ${i + 1}`;
      assert.deepEqual(identity(b), identity(a), where);
      assert.equal(b.result, a.result ?? '*', where);
      for (const [name, value] of Object.entries(a.tags)) {
        if (name === 'FEN') assert.ok(Position.fromFen(a.variant!, value).equals(b.game!.start), where);
        else if (name === 'GameType' || name === 'Result') continue;
        else assert.equal(b.tags[name], value, `${where} tag ${name}`);
      }
      assert.equal(writePdn(b), writePdn(a), `${where}: writing is stable`);
    }
  }

  test('hand-made games of every variant', () => roundTrip(handMade));

  // The recorded games, where they are here (games.test.ts reports the skip where they are not).
  for (const file of recordedGameFiles() ?? []) {
    const variant = path.basename(file, '.pdn');
    test(`${file}: every game reads, replays to the same final position, and survives a round trip`, () => {
      assert.ok(isVariantName(variant));
      const text = readFileSync(path.join(GAMES_DIR, file), 'utf8');
      const games = readPdn(text, { variant });
      const plain = readPdnGames(text);
      assert.equal(games.length, plain.length);
      for (const [i, entry] of games.entries()) {
        assert.equal(entry.error, undefined);
        assert.equal(entry.variant, variant);
        // The same moves played on bare Positions end in the same place.
        let position = entry.tags.FEN !== undefined ? Position.fromFen(variant, entry.tags.FEN) : Position.initial(variant);
        for (const move of plain[i]!.moves) position = position.play(move);
        assert.ok(position.equals(entry.game!.position), `${file} game ${i + 1}`);
      }
      roundTrip(text, variant);
    });
  }
});

describe('bitdraughts pdn', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bitdraughts-pdn-'));
  const file = path.join(dir, 'games.pdn');
  writeFileSync(file, [
    '[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *',
    '[GameType "20"]\n1. 32-28 19-23 2. 28-22 *',
    '[GameType "20"]\n[FEN "W:W28:B23"]\n1. 28x19 2-0',
    // English kings 1-5 29-25 5-1 25-29 twice: the set-up position for the third time.
    '[GameType "21"]\n[FEN "B:WK29,K30,21:BK1,K2,12"]\n1. 1-5 29-25 2. 5-1 25-29 3. 1-5 29-25 4. 5-1 25-29 1/2-1/2',
  ].join('\n\n'));
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, 'pdn', ...args], { encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  test('check: a line per game with its plies, result and final FEN, or its error; exit 1 on an error', () => {
    const { code, stdout } = run('check', file);
    assert.equal(code, 1);
    assert.deepEqual(stdout.trim().split('\n'), [
      'game 1: international, 4 plies, result *, W:W31,33-50:B1-13,15-18,20,23',
      'game 2: error: line 5: game 2, move 2. 28-22: illegal move 28-22: it is not among the legal moves (28x19) (position W:W28,31,33-50:B1-18,20,23)',
      'game 3: international, 1 plies, result 2-0, white won: black has no legal move, B:W19:B',
      'game 4: english, 8 plies, result 1/2-1/2, draw claimable by threefold repetition, B:W21,K29,K30:BK1,K2,12',
    ]);
  });

  test('check --json: one object per game', () => {
    const lines = run('check', file, '--json').stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines[2], { game: 3, line: 7, variant: 'international', plies: 1, result: '2-0', end: { status: 'win', winner: 'white', reason: 'no-moves' }, drawClaim: null, fen: 'B:W19:B' });
    assert.deepEqual([lines[3].end, lines[3].drawClaim], [{ status: 'ongoing' }, { reason: 'threefold-repetition' }]);
    assert.equal(lines[0].drawClaim, null);
    assert.equal(lines[1].plies, 2);
    assert.match(lines[1].error, /move 2\. 28-22/);
  });

  test('fen: the final FEN per game', () => {
    const { code, stdout } = run('fen', file);
    assert.equal(code, 1);
    const lines = stdout.trim().split('\n');
    assert.equal(lines[0], 'W:W31,33-50:B1-13,15-18,20,23');
    assert.match(lines[1]!, /^error: /);
    assert.equal(lines[2], 'B:W19:B');
  });

  test('--variant is the fallback for games without GameType; bad arguments exit 2', () => {
    const bare = path.join(dir, 'bare.pdn');
    writeFileSync(bare, '1. 11-15 23-19 *\n');
    assert.equal(run('fen', bare, '--variant', 'english').stdout, 'B:W19,21,22,24-32:B1-10,12,15\n');
    assert.equal(run('fen', bare).code, 1);
    for (const args of [['check'], ['list', bare], ['check', path.join(dir, 'missing.pdn')], ['check', bare, 'extra'], ['check', bare, '--variant', 'chess']]) {
      const r = run(...args);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stderr.trim().split('\n').length, 1);
    }
    rmSync(dir, { recursive: true, force: true });
  });
});
