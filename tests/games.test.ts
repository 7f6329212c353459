// Recorded games: every game of ../shared/games/*.pdn (games played on public sites, kept outside
// the repository; one skip where they are not there) is read with the PDN reader and replayed
// move by move; every move must read and be legal in the variant the file is named after. Each
// is replayed as a Game as well, under the draw rules of RULES.md 5: the games that a counting
// rule ended (named in the issue that brought the rules, games numbered from 1 in file order)
// end exactly on their last recorded ply, every other game goes on to its last ply, and a third
// occurrence of a position only makes a draw claimable. The PDN reader itself is tested first,
// on small hand-written texts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { Game, GameOverError, Position, isVariantName, variantInfo } from '../bindings/index.js';
import type { CountingRule, GameOptions, VariantName } from '../bindings/index.js';
import { PDN_RESULTS, PdnError, readPdnGames, variantOfGameType } from '../bindings/pdn/parse.js';
import { GAMES_DIR, NO_RECORDED_GAMES, recordedGameFiles } from './helpers/recorded-games.js';

// ---------------------------------------------------------------------------------------------
// The reader

test('pdn: tags, move numbers and the result', () => {
  const games = readPdnGames('[Event "Club"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n');
  assert.equal(games.length, 1);
  assert.deepEqual(games[0], { tags: { Event: 'Club', GameType: '20' }, moves: ['32-28', '19-23', '28x19', '14x23'], result: '2-0' });
});

test('pdn: escaped quotes and backslashes in tag values', () => {
  const [game] = readPdnGames('[White "Piet \\"the Wall\\" Jansen"]\n[Site "C:\\\\games"]\n*');
  assert.deepEqual(game!.tags, { White: 'Piet "the Wall" Jansen', Site: 'C:\\games' });
  assert.deepEqual(game!.moves, []);
  assert.equal(game!.result, '*');
});

test('pdn: comments, line comments and nested variations are skipped', () => {
  const text = [
    '1. 32-28 {a comment, with 19-23 (and brackets) in it} 19-23',
    '2. 28x19 ; a line comment 1-0 37-32',
    '14x23 (2... 13-19 (2... 17-22 {deeper}) 3. 34-30) 3. 34-30 (3. 33-28 {x}) 20-25 0-2',
  ].join('\n');
  const [game, ...rest] = readPdnGames(text);
  assert.equal(rest.length, 0);
  assert.deepEqual(game!.moves, ['32-28', '19-23', '28x19', '14x23', '34-30', '20-25']);
  assert.equal(game!.result, '0-2');
});

test('pdn: black move numbers, glued numbers, annotations and NAGs', () => {
  const [game] = readPdnGames('1... 11-15 2.24-19! 15x24? 3. 28x19!! $1 8-11?! 4.22-18* 11-16 $14 5...9-13!? 1/2-1/2');
  assert.deepEqual(game!.moves, ['11-15', '24-19', '15x24', '28x19', '8-11', '22-18', '11-16', '9-13']);
  assert.equal(game!.result, '1/2-1/2');
});

test('pdn: every result marker ends a game, even without tags in between', () => {
  const results = ['1-0', '0-1', '2-0', '0-2', '1-1', '0-0', '½-½', '1/2-1/2', '*'];
  const games = readPdnGames(results.map((r, i) => `1. ${i + 1}-${i + 6} ${r}`).join('\n'));
  assert.deepEqual(games.map((g) => g.result), results);
  assert.deepEqual(games.map((g) => g.moves), results.map((_, i) => [`${i + 1}-${i + 6}`]));
  for (const r of results) assert.ok(PDN_RESULTS.has(r), r);
  // Moves that look like results are moves.
  assert.deepEqual(readPdnGames('1. 1-6 10-15 1-1')[0]!.moves, ['1-6', '10-15']);
});

test('pdn: algebraic moves and a FEN tag', () => {
  const text = '[GameType "25"]\n[FEN "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"]\n\n1. c3-d4 b6-c5 2. d4xb6 a7xc5 *';
  const [game] = readPdnGames(text);
  assert.equal(game!.tags.FEN, 'W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6');
  assert.deepEqual(game!.moves, ['c3-d4', 'b6-c5', 'd4xb6', 'a7xc5']);
  let position = Position.fromFen(variantOfGameType(game!.tags.GameType!)!, game!.tags.FEN!);
  assert.ok(position.equals(Position.initial('russian')));
  for (const move of game!.moves) position = position.play(move);
  assert.equal(position.turn, 'white');
});

test('pdn: games are split at tags, also when a game has no result', () => {
  const games = readPdnGames('\uFEFF[Round "1"]\n1. 11-15 23-19\n\n[Round "2"]\n1. 9-14 22-18 0-1\n\n[Round "3"]\n1. 10-14\n');
  assert.deepEqual(games, [
    { tags: { Round: '1' }, moves: ['11-15', '23-19'] },
    { tags: { Round: '2' }, moves: ['9-14', '22-18'], result: '0-1' },
    { tags: { Round: '3' }, moves: ['10-14'] },
  ]);
  assert.deepEqual(readPdnGames(''), []);
  assert.deepEqual(readPdnGames('  \n{just a comment}\n'), []);
});

test('pdn: broken structure is refused with the line', () => {
  const broken: Array<[string, RegExp]> = [
    ['1. 32-28 {never closed', /line 1: comment '\{' is never closed/],
    ['1. 32-28\n(1. 31-27 19-23', /line 2: variation '\(' is never closed/],
    ['1. 32-28 ) 19-23', /line 1: '\)' without a matching '\('/],
    ['[Event "no end', /line 1: malformed tag pair/],
    ['\n\n1. 32-28 } 19-23', /line 3: '\}' without/],
    ['1. 32-28 (19-23 [Event "x"])', /tag pair \[Event …\] inside a variation/],
  ];
  for (const [text, message] of broken) {
    assert.throws(() => readPdnGames(text), (e: unknown) => e instanceof PdnError && message.test(e.message), text);
  }
});

test('pdn: GameType numbers name variants', () => {
  const expected: Array<[string, VariantName]> = [
    ['20', 'international'], ['21', 'english'], ['22', 'italian'], ['24', 'spanish'],
    ['25', 'russian'], ['26', 'brazilian'], ['29', 'czech'], ['23', 'pool'], ['31', 'thai'],
    // Not PDN 3.0's: lidraughts' numbers for its two international-board games.
    ['98', 'antidraughts'], ['96', 'breakthrough'],
  ];
  for (const [type, variant] of expected) assert.equal(variantOfGameType(type), variant);
  assert.equal(variantOfGameType(20), 'international');
  assert.equal(variantOfGameType('20,W,10,10,N2,0'), 'international');
  // 28 is Portuguese draughts in PDN 3.0's list, a game this library does not play; 30 is listed
  // for turkish there, but not in the rule texts we follow, so turkish is named by its Variant
  // tag alone (bindings/pdn/parse.ts) and 30 names nothing.
  assert.equal(variantOfGameType('28'), undefined);
  assert.equal(variantOfGameType('30'), undefined);
  assert.equal(variantOfGameType('toString'), undefined);
});

// ---------------------------------------------------------------------------------------------
// Replaying the recorded games

const files = recordedGameFiles();
if (files === undefined) {
  // One skip for every test over the recorded games (here and pdn.test.ts's round trips).
  console.log(`recorded games skipped: ${NO_RECORDED_GAMES}`);
  test('the recorded games: replays, draw rules, PDN round trips', { skip: NO_RECORDED_GAMES }, () => {});
} else {
  test('the recorded games folder has PDN files', () => {
    assert.ok(files.length > 0, `no .pdn file in ${GAMES_DIR}`);
  });

  for (const file of files) {
    const variant = path.basename(file, '.pdn');
    test(`replay ${file}`, async (t) => {
      assert.ok(isVariantName(variant), `${file}: the file name does not name a variant`);
      const games = readPdnGames(readFileSync(path.join(GAMES_DIR, file), 'utf8'));
      assert.ok(games.length > 0, `${file} holds no game`);
      t.diagnostic(`${file}: ${games.length} games`);
      for (const [index, game] of games.entries()) {
        const site = game.tags.Site ? ` (${game.tags.Site})` : '';
        await t.test(`${file} game ${index + 1}${site}`, () => replay(file, index + 1, variant, game));
      }
    });
  }

  test('english game 4 goes on after a third occurrence: claimable, not ended', () => {
    const file = path.join(GAMES_DIR, 'english.pdn');
    const record = readPdnGames(readFileSync(file, 'utf8'))[3]!;
    const game = new Game('english', record.tags.FEN !== undefined ? { fen: record.tags.FEN } : {});
    let firstClaim: number | undefined;
    for (const [index, text] of record.moves.entries()) {
      game.play(text);
      if (game.drawClaim !== undefined) firstClaim ??= index + 1;
    }
    assert.ok(firstClaim !== undefined, 'some position of the game occurs three times');
    assert.ok(firstClaim < record.moves.length, `the third occurrence (ply ${firstClaim}) comes before the last ply (${record.moves.length})`);
    assert.equal(game.result.status, 'ongoing');
    assert.equal(game.ply, record.moves.length);
  });
}

function replay(file: string, number: number, variant: VariantName, game: ReturnType<typeof readPdnGames>[number]): void {
  const where = `${file} game ${number}`;
  if (game.tags.GameType !== undefined) {
    assert.equal(variantOfGameType(game.tags.GameType), variant, `${where}: GameType ${game.tags.GameType} is not ${variant}`);
  }
  if (game.result !== undefined && game.tags.Result !== undefined) {
    assert.equal(game.result, game.tags.Result, `${where}: the move text ends with ${game.result} but the Result tag says ${game.tags.Result}`);
  }
  assert.ok(game.moves.length > 0, `${where} has no moves`);

  let position = game.tags.FEN !== undefined ? Position.fromFen(variant, game.tags.FEN) : Position.initial(variant);
  // Move numbers as PDN writes them: the first mover's moves are `n.`, the other side's `n...`.
  const offset = position.turn === variantInfo(variant).firstToMove ? 0 : 1;
  for (const [ply, text] of game.moves.entries()) {
    const moveNumber = `${Math.floor((ply + offset) / 2) + 1}${(ply + offset) % 2 === 0 ? '.' : '...'}`;
    try {
      position = position.play(text);
    } catch (error) {
      const legal = position.legalMoves().map((m) => m.notation).join(' ') || 'none';
      assert.fail(
        `${where}, move ${moveNumber} ${text}: ${(error as Error).name}: ${(error as Error).message}\n` +
          `  FEN before the move: ${position.toFen()}\n  legal moves: ${legal}`,
      );
    }
  }
  // The final position must survive its own FEN.
  assert.ok(Position.fromFen(variant, position.toFen()).equals(position), `${where}: final FEN ${position.toFen()} does not read back`);

  replayGame(file, number, variant, game);
  if (variant === 'brazilian') replayGame(file, number, variant, game, { brazilianRules: 'russian' });
}

/**
 * The recorded games a counting rule ended, by file and number: international 9 and 11 and
 * russian 6, each by the 5-move rule (two kings against one at the end, RULES.md 5.6).
 */
const ENDED_BY_RULE: Readonly<Record<string, Readonly<Record<number, CountingRule>>>> = {
  'international.pdn': { 9: '5-move-endgame', 11: '5-move-endgame' },
  'russian.pdn': { 6: '5-move-endgame' },
};

/** Plays `game` as a Game: no rule ends it before its last ply; a repetition is only claimable. */
function replayGame(file: string, number: number, variant: VariantName, game: ReturnType<typeof readPdnGames>[number], options: GameOptions = {}): void {
  const where = `${file} game ${number}${options.brazilianRules !== undefined ? ` (${options.brazilianRules} rules)` : ''}`;
  const played = new Game(variant, { ...options, ...(game.tags.FEN !== undefined && { fen: game.tags.FEN }) });
  // Occurrences of each position counted here by its FEN (pieces and side to move), apart from
  // the Game's own keys: the first ply on which one occurs a third time is when the claim opens.
  const seen = new Map<string, number>([[played.position.toFen(), 1]]);
  for (const [index, text] of game.moves.entries()) {
    try {
      played.play(text);
    } catch (error) {
      if (!(error instanceof GameOverError)) throw error;
      assert.fail(`${where} ended after ply ${index} of ${game.moves.length}: ${error.message}`);
    }
    const fen = played.position.toFen();
    const count = (seen.get(fen) ?? 0) + 1;
    seen.set(fen, count);
    if (count >= 3 && played.result.status === 'ongoing') {
      assert.deepEqual(played.drawClaim, { reason: 'threefold-repetition' }, `${where}, ply ${index + 1}: a third occurrence offers the claim`);
    } else {
      assert.equal(played.drawClaim, undefined, `${where}, ply ${index + 1}`);
    }
  }
  const rule = ENDED_BY_RULE[file]?.[number];
  if (rule !== undefined && options.brazilianRules === undefined) {
    assert.deepEqual(played.result, { status: 'draw', reason: rule }, `${where} ends by ${rule} on its last ply`);
  } else {
    assert.notEqual(played.result.status, 'draw', `${where}: ${JSON.stringify(played.result)}`);
  }
}

