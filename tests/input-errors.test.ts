// Bad input (RULES.md section 6, last paragraph): every malformed input is refused with a
// typed error whose message says what is wrong, and nothing changes. Also FEN and move-text
// round trips.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import {
  DraughtsError,
  FenError,
  IllegalMoveError,
  NotationError,
  Position,
  SetupError,
  VARIANTS,
  VariantError,
} from '../bindings/index.js';
import type { Move, Piece, VariantName } from '../bindings/index.js';
import { keysOf, sq } from './helpers/board.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Asserts that `fn` throws one of `classes`, with a message matching every pattern. */
function throwsTyped(fn: () => unknown, classes: readonly ErrorClass[], patterns: readonly RegExp[]): Error {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught !== undefined, 'expected an error, none was thrown');
  assert.ok(caught instanceof Error, `expected an Error, got ${String(caught)}`);
  assert.ok(caught instanceof DraughtsError, `expected a DraughtsError, got ${caught.constructor.name}: ${caught.message}`);
  assert.ok(
    classes.some((c) => caught instanceof c),
    `expected ${classes.map((c) => c.name).join(' or ')}, got ${caught.constructor.name}: ${caught.message}`,
  );
  for (const pattern of patterns) {
    assert.match(caught.message, pattern, `message of ${caught.constructor.name} should say what is wrong`);
  }
  return caught;
}

/** A snapshot of everything observable about a position. */
function snapshot(p: Position) {
  return {
    fen: p.toFen(),
    turn: p.turn,
    keys: keysOf(p),
    notations: p.legalMoves().map((m) => m.notation),
    pieces: JSON.stringify(p.pieces()),
  };
}

const MAN_W: Piece = { color: 'white', role: 'man' };
const MAN_B: Piece = { color: 'black', role: 'man' };
const OFF = /off the board|out of range|no such square|not on the board|1 to \d+/i;

// -------------------------------------------------------------------------------------------
describe('unknown variant', () => {
  for (const name of ['checkers', 'English', '', 'frisia']) {
    test(`${JSON.stringify(name)} is refused with VariantError`, () => {
      const pattern = name ? new RegExp(name) : /variant/i;
      throwsTyped(() => Position.fromFen(name as VariantName, 'W:W31:B1'), [VariantError], [pattern]);
      throwsTyped(() => Position.initial(name as VariantName), [VariantError], [pattern]);
      throwsTyped(() => Position.setup(name as VariantName, { turn: 'white', pieces: [] }), [VariantError], [pattern]);
    });
  }
});

// -------------------------------------------------------------------------------------------
describe('malformed FEN', () => {
  // [variant, fen, patterns the message must match]
  const syntax: Array<[VariantName, string, RegExp[]]> = [
    ['international', 'X:W31-50:B1-20', [/X/, /W or B|side/i]],
    ['international', '', [/empty/i]],
    ['english', 'W:W21,2z:B1', [/2z/]],
    ['english', 'W:W21:Q5', [/Q5/]],
    ['english', 'W:W21:B1,?', [/\?/]],
    ['english', 'W:W21-:B1', [/21-/]],
    ['international', 'W:W0:B1', [/\b0\b/, OFF]],
    ['international', 'W:W51:B1', [/51/, OFF]],
    ['english', 'W:W33:B1', [/33/, OFF]],
    ['italian', 'W:W21:B33', [/33/, OFF]],
    ['english', 'W:Wa2:B1', [/a2/, /playable|light|dark/i]],
    ['russian', 'W:Wb1:Bh8', [/b1/, /playable|light|dark/i]],
    ['italian', 'W:Wa1:B1', [/a1/, /playable|light|dark/i]],
    ['international', 'W:Wl1:B1', [/l1/]],
    ['international', 'W:Wb11:B1', [/b11/]],
    ['english', 'W::W21:B1', [/.+/]],
    ['english', 'W:W21,,22:B1', [/empty|comma/i]],
    ['english', 'W:W21:B1::', [/.+/]],
    ['english', 'W:W21--23:B1', [/21--23/]],
    ['english', 'W:W25-21:B1', [/25-21/, /backwards|descending|order/i]],
    ['english', 'W:W21:W22:B1', [/twice|repeated|more than once/i]],
  ];
  for (const [variant, fen, patterns] of syntax) {
    test(`${variant} ${JSON.stringify(fen)} → FenError`, () => {
      const e = throwsTyped(() => Position.fromFen(variant, fen), [FenError], patterns);
      assert.equal((e as FenError).fen, fen);
    });
  }

  // Readable FENs describing impossible positions: FenError or SetupError both fit the spec.
  const impossible: Array<[VariantName, string, RegExp[]]> = [
    ['english', 'W:W1:B20', [/\b1\b/, /promotion|crown|far row|last row/i]],
    ['english', 'W:W20:B30', [/30/, /promotion|crown|far row|last row/i]],
    ['italian', 'W:W4:B20', [/\b4\b/, /promotion|crown|far row|last row/i]],
    ['international', 'W:W3:B40', [/\b3\b/, /promotion|crown|far row|last row/i]],
    ['international', 'W:W40:B48', [/48/, /promotion|crown|far row|last row/i]],
    ['english', 'W:W20:B20', [/20/, /two pieces|occupied|twice|more than once/i]],
    ['english', 'W:W21-25,23:B1', [/23/, /two pieces|occupied|twice|more than once/i]],
    ['english', 'W:WK20,20:B1', [/20/, /two pieces|occupied|twice|more than once/i]],
    ['english', 'W:W13-32:B1-4', [/20/, /12|too many|more than/i]],
    ['international', 'W:W11-50:B1-10', [/40/, /20|too many|more than/i]],
    ['russian', 'W:W9-32:B1', [/24/, /12|too many|more than/i]],
  ];
  for (const [variant, fen, patterns] of impossible) {
    test(`${variant} ${JSON.stringify(fen)} → FenError or SetupError`, () => {
      throwsTyped(() => Position.fromFen(variant, fen), [FenError, SetupError], patterns);
    });
  }
});

// -------------------------------------------------------------------------------------------
describe('invalid set-up', () => {
  const cases: Array<[string, () => unknown, RegExp[]]> = [
    ['square 0', () => Position.setup('english', { turn: 'white', pieces: [[0, MAN_W]] }), [/\b0\b/, OFF]],
    ['square 33 on 8×8', () => Position.setup('english', { turn: 'white', pieces: [[33, MAN_W]] }), [/33/, OFF]],
    ['square 51 on 10×10', () => Position.setup('international', { turn: 'white', pieces: [[51, MAN_W]] }), [/51/, OFF]],
    ['square 1.5', () => Position.setup('english', { turn: 'white', pieces: [[1.5, MAN_W]] }), [/1\.5/]],
    ['two pieces on one square', () => Position.setup('english', { turn: 'white', pieces: [[20, MAN_W], [20, MAN_B]] }), [/20/, /two pieces|occupied|twice/i]],
    ['white man on its promotion row', () => Position.setup('english', { turn: 'white', pieces: [[2, MAN_W]] }), [/\b2\b/, /promotion/i]],
    ['black man on its promotion row', () => Position.setup('international', { turn: 'black', pieces: [[50, MAN_B]] }), [/50/, /promotion/i]],
    ['bad turn', () => Position.setup('english', { turn: 'red' as 'white', pieces: [] }), [/red/]],
    ['bad piece', () => Position.setup('english', { turn: 'white', pieces: [[20, { color: 'white', role: 'queen' } as unknown as Piece]] }), [/queen|piece/]],
    ['too many pieces', () => Position.setup('english', { turn: 'white', pieces: Array.from({ length: 13 }, (_, i) => [i + 13, MAN_W] as const) }), [/13/, /12|too many|more than/i]],
  ];
  for (const [name, fn, patterns] of cases) {
    test(`${name} → SetupError`, () => {
      throwsTyped(fn, [SetupError], patterns);
    });
  }

  test('a valid set-up gives the same position as its FEN', () => {
    const p = Position.setup('english', { turn: 'black', pieces: [[23, MAN_W], [19, MAN_B], [5, { color: 'white', role: 'king' }]] });
    assert.equal(p.toFen(), 'B:WK5,23:B19');
    assert.ok(p.equals(Position.fromFen('english', 'B:WK5,23:B19')));
  });
});

// -------------------------------------------------------------------------------------------
describe('bad move text and illegal moves leave the position unchanged', () => {
  // English, White to move, capture 23x16 mandatory; quiet moves exist but are illegal.
  const fen = 'W:W23,30:B19';

  const notation: Array<[string, RegExp[]]> = [
    ['', [/empty/i]],
    ['   ', [/empty/i]],
    ['hello', [/hello/]],
    ['23', [/23/, /two squares|needs|incomplete|destination/i]],
    ['23x', [/23x|missing/i]],
    ['x16', [/x16|missing/i]],
    ['23xx16', [/23xx16|missing/i]],
    ['23x16-9', [/mix|separator/i]],
    ['99-1', [/99/, OFF]],
    ['0-5', [/\b0\b/, OFF]],
    ['33x16', [/33/, OFF]],
    ['a2-b3', [/a2/, /playable|light|dark/i]],
    ['23/16', [/23\/16/]],
  ];
  for (const [text, patterns] of notation) {
    test(`unparsable ${JSON.stringify(text)} → NotationError`, () => {
      const p = Position.fromFen('english', fen);
      const before = snapshot(p);
      throwsTyped(() => p.parseMove(text), [NotationError], patterns);
      throwsTyped(() => p.play(text), [NotationError], patterns);
      assert.deepEqual(snapshot(p), before);
    });
  }

  const illegal: Array<[string, string, RegExp[]]> = [
    ['a quiet move while a capture is mandatory', '30-26', [/30-26/]],
    ['a quiet move of the capturing man', '23-18', [/23-18/]],
    ['a step from an empty square', '22-18', [/22/, /empty/i]],
    ['moving the opponent\'s piece', '19-24', [/19/, /black/i]],
    ['a capture that does not exist', '23x14', [/23x14/]],
    ['a backward step', '23-27', [/23-27/]],
    ['a capture written with too long a path', '23x16x7', [/23x16x7/]],
  ];
  for (const [name, text, patterns] of illegal) {
    test(`${name} (${text}) → IllegalMoveError`, () => {
      const p = Position.fromFen('english', fen);
      const before = snapshot(p);
      throwsTyped(() => p.parseMove(text), [IllegalMoveError], patterns);
      throwsTyped(() => p.play(text), [IllegalMoveError], patterns);
      assert.deepEqual(snapshot(p), before);
    });
  }

  test('an illegal Move object → IllegalMoveError, position unchanged', () => {
    const p = Position.fromFen('english', fen);
    const before = snapshot(p);
    const fake: Move = { from: 30, to: 26, path: [30, 26], captured: [], isCapture: false, promotes: false, notation: '30-26' };
    throwsTyped(() => p.play(fake), [IllegalMoveError], [/30-26/]);
    // A move of another position: 23x16 taking 19 is legal here, but not 23x16 taking 20.
    const wrong: Move = { from: 23, to: 16, path: [23, 16], captured: [20], isCapture: true, promotes: false, notation: '23x16' };
    throwsTyped(() => p.play(wrong), [IllegalMoveError], [/23/]);
    // A legal move of a different position.
    const other = Position.fromFen('english', 'W:W30:B18,26').legalMoves()[0]!;
    throwsTyped(() => p.play(other), [IllegalMoveError], [/30/]);
    assert.deepEqual(snapshot(p), before);
  });

  test('Black to move: moving a white man is refused', () => {
    const p = Position.initial('english');
    const before = snapshot(p);
    throwsTyped(() => p.play('22-18'), [IllegalMoveError], [/22/, /white/i]);
    assert.deepEqual(snapshot(p), before);
  });

  test('ambiguous move text fitting two legal moves → NotationError naming both', () => {
    // Man 30 reaches 14 over 25, 17 (via 21) or over 26, 18 (via 23).
    const p = Position.fromFen('english', 'W:W30:B17,18,25,26');
    const before = snapshot(p);
    throwsTyped(() => p.parseMove('30x14'), [NotationError], [/30x14/, /30x21x14/, /30x23x14/]);
    throwsTyped(() => p.play('30x14'), [NotationError], [/30x14/]);
    assert.deepEqual(snapshot(p), before);
    // The full paths pick one each.
    assert.deepEqual(p.parseMove('30x21x14').captured, [17, 25]);
    assert.deepEqual(p.parseMove('30x23x14').captured, [18, 26]);
    assert.deepEqual(p.parseMove('30x21x14').path, [30, 21, 14]);
  });

  test('a legal move does not change the position it was played from', () => {
    const p = Position.fromFen('english', fen);
    const before = snapshot(p);
    const after = p.play('23x16');
    assert.deepEqual(snapshot(p), before);
    assert.equal(after.toFen(), 'B:W16,30:B');
  });
});

// -------------------------------------------------------------------------------------------
describe('FEN round trips', () => {
  const starts: Record<VariantName, string> = {
    english: 'B:W21-32:B1-12',
    italian: 'W:W21-32:B1-12',
    international: 'W:W31-50:B1-20',
    brazilian: 'W:W21-32:B1-12',
    russian: 'W:W21-32:B1-12',
    spanish: 'W:W21-32:B1-12',
    czech: 'W:W21-32:B1-12',
    // RULES-more-variants.md sections 2, 3, 7 and 9.
    pool: 'B:W21-32:B1-12',
    thai: 'W:W25-32:B1-8',
    killer: 'W:W31-50:B1-20',
    antidraughts: 'W:W31-50:B1-20',
    breakthrough: 'W:W31-50:B1-20',
    // RULES-more-variants.md 4: the second and third rows of each side, all 64 squares numbered.
    turkish: 'W:W41-56:B9-24',
    // RULES-more-variants.md 5 and 6: international's start, and frysk's five men a side.
    frisian: 'W:W31-50:B1-20',
    frysk: 'W:W46-50:B1-5',
    // RULES-more-variants.md 8: 30 men each on the first five rows of 72 squares.
    canadian: 'W:W43-72:B1-30',
  };
  for (const variant of VARIANTS) {
    test(`${variant}: the start position is written canonically and reads back`, () => {
      const p = Position.initial(variant);
      assert.equal(p.toFen(), starts[variant]);
      const q = Position.fromFen(variant, p.toFen());
      assert.ok(q.equals(p));
      assert.equal(q.toFen(), p.toFen());
      assert.deepEqual(keysOf(q), keysOf(p));
    });
  }

  const canonical: Array<[VariantName, string, string]> = [
    // Either colour order, spaces, unsorted squares, a short range, a trailing '.'.
    ['english', 'B: B12, 3, 1-2, K30 :W32,K5,24.', 'B:WK5,24,32:B1-3,12,K30'],
    // A king breaks a run of men into ranges.
    ['english', 'W:W27,21,22,23,K24,25,26:B1', 'W:W21-23,K24,25-27:B1'],
    ['international', 'W:W31-50:B1-20', 'W:W31-50:B1-20'],
    ['international', 'W:WK1,K2,K3,31,33,35:BK50,K49,10', 'W:WK1,K2,K3,31,33,35:B10,K49,K50'],
    // An empty colour, listed or left out.
    ['english', 'W:W28:B', 'W:W28:B'],
    ['english', 'W:W28', 'W:W28:B'],
    ['english', 'B:B5', 'B:W:B5'],
    // Algebraic squares: a1 = bottom-left on standard boards.
    ['russian', 'W:Wa1,c1,e1,Kh2:Bh8,Kb8', 'W:WK28,29-31:BK1,4'],
    ['czech', 'B:Wc3:Bd4,Kf6', 'B:W22:BK11,18'],
    // Mirrored boards: h1 = 32, b1 = 29, a8 = 1.
    ['italian', 'W:Wh1,Kb1:Ba8', 'W:WK29,32:B1'],
    ['spanish', 'W:Wd3:Bc4,e4', 'W:W22:B18,19'],
    // 10×10: a1 = 46, j4 = 35, b10 = 1, j10 = 5.
    ['international', 'W:Wa1,j4:Bb10,j10', 'W:W35,46:B1,5'],
  ];
  for (const [variant, input, output] of canonical) {
    test(`${variant} ${JSON.stringify(input)} → ${output}`, () => {
      const p = Position.fromFen(variant, input);
      assert.equal(p.toFen(), output);
      const q = Position.fromFen(variant, output);
      assert.ok(q.equals(p));
      assert.equal(q.toFen(), output);
    });
  }

  test('algebraic squares are derived from RULES.md 2, not hand-typed', () => {
    // Cross-check the expected numbers above with the independent helper.
    assert.deepEqual(['a1', 'c1', 'e1', 'h2', 'h8', 'b8'].map((n) => sq('russian', n)), [29, 30, 31, 28, 4, 1]);
    assert.deepEqual(['h1', 'b1', 'a8', 'd3', 'c4', 'e4'].map((n) => sq('italian', n)), [32, 29, 1, 22, 18, 19]);
    assert.deepEqual(['a1', 'j4', 'b10', 'j10'].map((n) => sq('international', n)), [46, 35, 1, 5]);
  });

  test('positions along a game round-trip in every variant', () => {
    for (const variant of VARIANTS) {
      let p = Position.initial(variant);
      for (let ply = 0; ply < 30 && p.legalMoves().length > 0; ply++) {
        const q = Position.fromFen(variant, p.toFen());
        assert.ok(q.equals(p), `${variant} ${p.toFen()}`);
        assert.deepEqual(keysOf(q), keysOf(p));
        const moves = p.legalMoves();
        // Deterministic but varied: prefer captures, otherwise walk through the list.
        const captures = moves.filter((m) => m.isCapture);
        p = p.play((captures.length > 0 ? captures : moves)[(ply * 7) % (captures.length || moves.length)]!);
      }
    }
  });
});

// -------------------------------------------------------------------------------------------
describe('notation round trips', () => {
  // Positions with every kind of move: steps, captures, promotions, multi-captures, loops,
  // full-path notations.
  const positions: Array<[VariantName, string]> = [
    ['english', 'W:W21,23:B11,17,19'],
    ['english', 'W:W30:B17,18,25,26'],
    ['english', 'W:W10:B7,8'],
    ['english', 'W:W6,K7:B28'],
    ['english', 'W:W23,30:B19'],
    ['italian', 'W:WKb1:BKc2,Ke4,g6,c4,Kc6'],
    ['italian', 'W:WKd3:Bc4,e4'],
    ['international', 'W:W33:B18,19,28,29'],
    ['international', 'W:WK41,19:B17,18,32,38'],
    ['international', 'W:WK46:B28'],
    ['international', 'W:W15:B9,10'],
    ['brazilian', 'W:Wd4:Bc5,e3'],
    ['russian', 'W:Wh6:Bg7,c5,d2'],
    ['russian', 'W:WKa1:Bc3,f6'],
    ['russian', 'W:WKd4,f6:Bb2,Ka1'],
    ['spanish', 'W:WKd3,a2:Be4,b3'],
    ['czech', 'W:WKa1,e1:Bg7,d2,b4'],
    ['czech', 'W:WKa1:Bc3,f4'],
  ];
  for (const variant of VARIANTS) positions.push([variant, Position.initial(variant).toFen()]);

  for (const [variant, fen] of positions) {
    test(`${variant} ${fen}: parseMove(m.notation) is m for every legal move`, () => {
      const p = Position.fromFen(variant, fen);
      assert.ok(p.legalMoves().length > 0);
      const notations = p.legalMoves().map((m) => m.notation);
      assert.equal(new Set(notations).size, notations.length, `notations must be distinct: ${notations.join(' ')}`);
      for (const m of p.legalMoves()) {
        assert.deepEqual(p.parseMove(m.notation), m, m.notation);
        // The full path, written out, also names the move.
        const sep = m.isCapture ? 'x' : '-';
        const full = m.path.map(String).join(sep);
        assert.deepEqual(p.parseMove(full), m, full);
        assert.ok(p.play(m.notation).equals(p.play(m)));
      }
    });
  }

  test('russian: the direct capture d4xf2 and the loop d4x…xf2 both read back', () => {
    // Two moves d4→f2 with different captured sets (see rules.test.ts): the direct one takes
    // only e3, the loop takes c7, e3, e5, e7.
    const p = Position.fromFen('russian', 'W:WKd4:Be5,e7,c7,e3');
    for (const m of p.legalMoves()) assert.deepEqual(p.parseMove(m.notation), m, m.notation);
  });

  test('readers accept ":" and algebraic squares; the rule case h6:f8:b4:e1', () => {
    const p = Position.fromFen('russian', 'W:Wh6:Bg7,c5,d2');
    const only = p.legalMoves()[0]!;
    for (const text of ['h6:f8:b4:e1', 'h6xe1', 'h6:e1', 'h6xf8xb4xe1', '12x31', '12:3:17:31']) {
      assert.deepEqual(p.parseMove(text), only, text);
    }
  });

  test('english reads algebraic squares and ":" too', () => {
    const p = Position.fromFen('english', 'W:W30:B18,26');
    const only = p.legalMoves()[0]!;
    for (const text of ['30x14', '30:14', '30x23x14', 'c1xc5', 'c1:e3:c5']) {
      assert.deepEqual(p.parseMove(text), only, text);
    }
    const q = Position.initial('english');
    assert.deepEqual(q.parseMove('b6-a5'), q.parseMove('9-13'));
  });

  test('a flying king path may name any landing square on the way', () => {
    // Russian king a1 takes c3 and f6; it may land on d4 or e5 between them (the same move).
    const p = Position.fromFen('russian', 'W:WKa1:Bc3,f6');
    const g7 = p.legalMoves().find((m) => m.to === sq('russian', 'g7'))!;
    assert.deepEqual(p.parseMove('a1:d4:g7'), g7);
    assert.deepEqual(p.parseMove('a1:e5:g7'), g7);
    assert.deepEqual(p.parseMove('a1xg7'), g7);
  });

  test('italian notation uses square numbers of the mirrored board', () => {
    const p = Position.fromFen('italian', 'W:WKd3:Bc4,e4');
    assert.deepEqual(p.legalMoves().map((m) => m.notation).sort(), ['22x13', '22x15']);
    assert.deepEqual(p.parseMove('d3xb5').captured, [18]);
  });
});
