// Hand-made rule positions for RULES.md sections 1–4. Every expected move set below was
// worked out by hand from RULES.md (the reasoning is in the comment of each test), never
// taken from the engine's output. Board pictures use the RULES.md coordinates: rows from the
// top as White sees the board, squares numbered row by row; algebraic a1 = bottom-left.
//
//   8×8 standard (english, brazilian, russian, czech)   8×8 mirrored (italian, spanish)
//     rank 8:  b8=1  d8=2  f8=3  h8=4                     a8=1  c8=2  e8=3  g8=4
//     rank 7:  a7=5  c7=6  e7=7  g7=8                     b7=5  d7=6  f7=7  h7=8
//     rank 6:  b6=9  d6=10 f6=11 h6=12                    a6=9  c6=10 e6=11 g6=12
//     rank 5:  a5=13 c5=14 e5=15 g5=16                    b5=13 d5=14 f5=15 h5=16
//     rank 4:  b4=17 d4=18 f4=19 h4=20                    a4=17 c4=18 e4=19 g4=20
//     rank 3:  a3=21 c3=22 e3=23 g3=24                    b3=21 d3=22 f3=23 h3=24
//     rank 2:  b2=25 d2=26 f2=27 h2=28                    a2=25 c2=26 e2=27 g2=28
//     rank 1:  a1=29 c1=30 e1=31 g1=32                    b1=29 d1=30 f1=31 h1=32
//
// 10×10: square 5r + ⌊c/2⌋ + 1; even rows have c odd, odd rows c even. Neighbours of a square
// s on an even row: up-left s−5, up-right s−4, down-left s+5, down-right s+6; on an odd row:
// up-left s−6, up-right s−5, down-left s+4, down-right s+5 (where on the board).
//
// Move sets are compared as sorted keys, see tests/helpers/board.ts: "c3-d4", "d4xb6 [c5]",
// "... =K" when the man ends the move crowned.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { Position } from '../bindings/index.js';
import type { PositionOptions, VariantName } from '../bindings/index.js';
import { assertMoves, sq } from './helpers/board.js';

function pos(variant: VariantName, fen: string, options: PositionOptions = {}): Position {
  return Position.fromFen(variant, fen, options);
}

// -------------------------------------------------------------------------------------------
describe('helpers: square geometry from RULES.md 2', () => {
  test('the diagram above agrees with RULES.md section 2', () => {
    assert.equal(sq('english', 'b8'), 1);
    assert.equal(sq('english', 'a1'), 29);
    assert.equal(sq('english', 'h8'), 4);
    assert.equal(sq('italian', 'a8'), 1);
    assert.equal(sq('italian', 'h1'), 32);
    assert.equal(sq('international', 'b10'), 1);
    assert.equal(sq('international', 'a1'), 46);
    assert.equal(sq('international', 'i1'), 50);
  });
});

// -------------------------------------------------------------------------------------------
describe('3. moves without capture', () => {
  test('english: men step one square diagonally forward, both colours', () => {
    // White man c3=22 goes up to b4=17 or d4=18; white man a3=21 on the edge has only b4=17
    // (two different moves may share a destination). Black's man f6=11 is not White's to move.
    assertMoves(pos('english', 'W:W21,22:B11'), ['21-17', '22-17', '22-18']);
    // Black men go down: f6=11 → e5=15, g5=16. White's men are not Black's to move.
    assertMoves(pos('english', 'B:W21,22:B11'), ['11-15', '11-16']);
  });

  test('english: a man never steps backwards, and a taken square blocks it', () => {
    // White man d4=18 (up: c5=14, e5=15); white man c3=22 (up: b4=17, d4=18 — d4 is own).
    // Nothing goes down (c3→b2/d2, d4→c3/e3 would be backwards).
    assertMoves(pos('english', 'W:W18,22:B1'), ['18-14', '18-15', '22-17']);
    // Black man d6=10 steps down to c5=14 or e5=15 only, never up to c7/e7.
    assertMoves(pos('english', 'B:W30:B10'), ['10-14', '10-15']);
  });

  test('russian: men step forward only although they capture backwards', () => {
    // c3 → b4, d4 (white); e5 → d4, f4 (black). No backward steps.
    assertMoves(pos('russian', 'W:Wc3:Be5'), ['c3-b4', 'c3-d4']);
    assertMoves(pos('russian', 'B:Wc3:Be5'), ['e5-d4', 'e5-f4']);
  });

  test('italian (mirrored board): men step forward only, both colours', () => {
    // Mirrored board: d3=22 up to c4=18, e4=19; black e6=11 down to d5=14, f5=15.
    assertMoves(pos('italian', 'W:W22:B11'), ['d3-c4', 'd3-e4']);
    assertMoves(pos('italian', 'B:W22:B11'), ['e6-d5', 'e6-f5']);
  });

  test('international (10×10): men step forward only, both colours', () => {
    // 33 (r6 c5, even row): up-left 28, up-right 29. Black 18 (r3 c4, odd row): down-left 22,
    // down-right 23.
    assertMoves(pos('international', 'W:W33:B18'), ['33-28', '33-29']);
    assertMoves(pos('international', 'B:W33:B18'), ['18-22', '18-23']);
  });

  test('english: a king steps one square in all four directions', () => {
    // King d4=18: c5=14, e5=15, c3=22, e3=23 — but own man on e5=15 blocks that one.
    // The man e5=15 steps to d6=10, f6=11.
    assertMoves(pos('english', 'W:WK18,15:B4'), ['18-14', '18-22', '18-23', '15-10', '15-11']);
    // Black king moves the same way: black king d4, nothing in the way.
    assertMoves(pos('english', 'B:W32:BK18'), ['18-14', '18-15', '18-22', '18-23']);
  });

  test('english: a king in the corner has one step; a short king does not slide', () => {
    // King a1=29: only b2=25. It does not slide to c3 etc.
    assertMoves(pos('english', 'W:WK29:B1'), ['29-25']);
  });

  test('italian: a king steps one square in all four directions', () => {
    // Mirrored board: king e4=19 → d5=14, f5=15, d3=22, f3=23.
    assertMoves(pos('italian', 'W:WK19:B1'), ['e4-d5', 'e4-f5', 'e4-d3', 'e4-f3']);
  });

  for (const variant of ['russian', 'brazilian', 'czech'] as const) {
    test(`${variant}: a flying king slides along its diagonals until something is in the way`, () => {
      // King d4. NE: e5, then own man f6 stops it. NW: c5, b6, a7. SW: c3, then black b2
      // with the black king a1 behind it (no empty square to land: no capture, blocked).
      // SE: e3, f2, g1. Man f6: e7, g7. No capture anywhere.
      assertMoves(pos(variant, 'W:WKd4,f6:Bb2,Ka1'), [
        'd4-e5', 'd4-c5', 'd4-b6', 'd4-a7', 'd4-c3', 'd4-e3', 'd4-f2', 'd4-g1', 'f6-e7', 'f6-g7',
      ]);
    });
  }

  test('english: the same position with a short king', () => {
    // Short king d4: c5, e5, c3, e3 (one square each). Man f6: e7, g7.
    assertMoves(pos('english', 'W:WKd4,f6:Bb2,Ka1'), ['d4-e5', 'd4-c5', 'd4-c3', 'd4-e3', 'f6-e7', 'f6-g7']);
  });

  test('spanish (mirrored): a flying king stops before a pair of enemy pieces', () => {
    // King h1=32 has one diagonal: g2=28, f3=23, e4=19, d5=14, c6=10 (black) then b7=5
    // (black): nothing to land on, so no capture; the king slides to g2, f3, e4, d5.
    assertMoves(pos('spanish', 'W:WK32:B10,5'), ['h1-g2', 'h1-f3', 'h1-e4', 'h1-d5']);
  });

  test('international: a flying king slides until its own man', () => {
    // King 46 (a1 corner): diagonal 41, 37, 32, 28, then own man 23. Man 23 (r4 c5): 18, 19.
    assertMoves(pos('international', 'W:WK46,23:B1'), ['46-41', '46-37', '46-32', '46-28', '23-18', '23-19']);
  });
});

// -------------------------------------------------------------------------------------------
describe('4.1 man captures: adjacent piece, forward only or also backwards', () => {
  test('english (seed example): a man jumps the adjacent piece and lands behind it; the capture is forced', () => {
    // Man e3=23 jumps f4=19 to g5=16. The man c1=30 could step to 25/26 and 23 could step to
    // 18, but capturing is mandatory: only 23x16.
    assertMoves(pos('english', 'W:W23,30:B19'), ['23x16 [19]']);
  });

  test('english (seed example): a man captures a king like any piece', () => {
    // Same geometry with a black king on 19.
    assertMoves(pos('english', 'W:W23:BK19'), ['23x16 [19]']);
  });

  test('english: the square behind must be empty and on the board', () => {
    // e3=23 against f4=19: g5=16 behind is taken, no capture. g3=24 against f4=19: e5=15
    // behind is taken; against h4=20: the square behind is off the board. So no capture, and
    // the only quiet move is 23-18 (24's steps f4, h4 are taken).
    assertMoves(pos('english', 'W:W23,24:B15,16,19,20'), ['23-18']);
  });

  for (const variant of ['english', 'czech'] as const) {
    test(`${variant}: men capture forwards only`, () => {
      // White man d4 with black c5 in front (landing b6 empty) and black e3 behind (landing f2
      // empty). Only the forward capture exists; from b6 nothing more (a7, c7 empty).
      assertMoves(pos(variant, 'W:Wd4:Bc5,e3'), ['d4xb6 [c5]']);
    });
  }

  for (const variant of ['russian', 'brazilian'] as const) {
    test(`${variant}: men capture backwards too`, () => {
      // Same position: d4xb6 (forward) and d4xf2 (backward), one piece each. From b6: a7, c7,
      // a5 empty, c5 already taken; from f2: e1/g1 lead off the board, g3 empty. Brazilian
      // majority: 1 = 1, both stay; russian free choice.
      assertMoves(pos(variant, 'W:Wd4:Bc5,e3'), ['d4xb6 [c5]', 'd4xf2 [e3]']);
    });
  }

  test('russian: black men capture backwards too; english black men do not', () => {
    // Black man e5=15, white d6=10 behind it (for Black, up is backwards; landing c7=6) and
    // white f4=19 in front (landing g3=24). Russian: both. English: only the forward one.
    assertMoves(pos('russian', 'B:Wd6,f4:Be5'), ['e5xc7 [d6]', 'e5xg3 [f4]']);
    assertMoves(pos('english', 'B:W10,19:B15'), ['15x24 [19]']);
  });

  for (const variant of ['italian', 'spanish'] as const) {
    test(`${variant} (mirrored): men capture forwards only`, () => {
      // Man e4=19, black d5=14 in front (landing c6=10), black f3=23 behind (landing g2=28).
      assertMoves(pos(variant, 'W:We4:Bd5,f3'), ['e4xc6 [d5]']);
    });
  }

  test('international: men capture backwards too', () => {
    // Man 28 (r5 c4): up-left 22 black → 17; down-right 33 black → 39. From 17 (r3 c2):
    // 11, 12, 21 empty, 22 taken; from 39 (r7 c6): 34, 43, 44 empty, 33 taken. 1 = 1 piece.
    assertMoves(pos('international', 'W:W28:B22,33'), ['28x17 [22]', '28x39 [33]']);
  });

  test('english: a short king captures in all four directions, only adjacent pieces', () => {
    // King d4=18: c5=14 (NW) → b6=9; e3=23 (SE) → f2=27. Nothing more from b6 or f2.
    assertMoves(pos('english', 'W:WK18:B14,23'), ['18x9 [14]', '18x27 [23]']);
    // King a1=29 and a black man on d4=18 two squares away: a short king cannot capture at a
    // distance, so it just steps to b2.
    assertMoves(pos('english', 'W:WK29:B18'), ['29-25']);
  });
});

// -------------------------------------------------------------------------------------------
describe('mandatory capture and the optional-capture house rule', () => {
  test('english: quiet moves disappear when any capture exists, for every piece', () => {
    // 23x16 exists, so 23-18, 30-25, 30-26 are not moves.
    assertMoves(pos('english', 'W:W23,30:B19'), ['23x16 [19]']);
  });

  test('english, optional capture: the quiet moves stay beside the capture', () => {
    // Quiet: 23-18 (23-19 is taken), 30-25, 30-26; plus the capture 23x16.
    assertMoves(pos('english', 'W:W23,30:B19', { optionalCapture: true }), ['23x16 [19]', '23-18', '30-25', '30-26']);
  });

  test('english, optional capture: a capture that is played must still be completed', () => {
    // 30x23 would stop half-way: only the complete 30x14 is a capture; quiet 30-25 stays
    // (30-26 is taken by the black man on d2=26).
    assertMoves(pos('english', 'W:W30:B18,26', { optionalCapture: true }), ['30x14 [18,26]', '30-25']);
  });

  test('brazilian, optional capture: the majority rule still ranks the captures', () => {
    // The seed's free-choice position: 21x14 takes 1, 23x7 takes 2 (via g5). Majority keeps
    // 23x7 only; optional capture adds the quiet move 23-18 (21's only step, b4, is taken).
    assertMoves(pos('brazilian', 'W:W21,23:B11,17,19'), ['23x7 [11,19]']);
    assertMoves(pos('brazilian', 'W:W21,23:B11,17,19', { optionalCapture: true }), ['23x7 [11,19]', '23-18']);
  });

  test('international, optional capture: only the maximal capture, plus every quiet move', () => {
    // 33x22 takes the king 28 (1 piece); 33x24x13 takes 29 and 19 (2): only 33x13. Quiet:
    // 46-41 (46 is the corner a1); 33's steps 28/29 are taken.
    assertMoves(pos('international', 'W:W33,46:BK28,19,29', { optionalCapture: true }), ['33x13 [19,29]', '46-41']);
  });

  test('italian, optional capture: king-before-man precedence still applies', () => {
    // King d3 takes e4 → f5; man a2 takes b3 → c4. Level 2: the king capture only. Quiet:
    // king d3 → c4, c2, e2 (e4 is taken); man a2 → b3 is taken.
    assertMoves(pos('italian', 'W:WKd3,a2:Be4,b3', { optionalCapture: true }), ['d3xf5 [e4]', 'd3-c4', 'd3-c2', 'd3-e2']);
  });

  test('optional capture is off by default', () => {
    const p = pos('english', 'W:W23,30:B19');
    assert.equal(p.optionalCapture, false);
    assertMoves(p, ['23x16 [19]']);
  });
});

// -------------------------------------------------------------------------------------------
describe('4.2–4.3 flying kings: capture at a distance, landing squares, completion', () => {
  for (const variant of ['russian', 'brazilian', 'czech'] as const) {
    test(`${variant}: a flying king captures at a distance and may land on any empty square behind`, () => {
      // King a1, black d4 (b2, c3 empty): landing squares e5, f6, g7, h8. None leads on
      // (nothing else on the board).
      assertMoves(pos(variant, 'W:WKa1:Bd4'), ['a1xe5 [d4]', 'a1xf6 [d4]', 'a1xg7 [d4]', 'a1xh8 [d4]']);
    });
  }

  test('spanish (mirrored): a flying king captures at a distance', () => {
    // King h1=32: g2, f3 empty, black e4=19, then d5, c6, b7, a8 all empty.
    assertMoves(pos('spanish', 'W:WK32:B19'), ['h1xd5 [e4]', 'h1xc6 [e4]', 'h1xb7 [e4]', 'h1xa8 [e4]']);
  });

  test('international: a flying king captures at a distance', () => {
    // King 46, long diagonal 41, 37, 32, black 28, then 23, 19, 14, 10, 5 empty.
    assertMoves(pos('international', 'W:WK46:B28'), ['46x23 [28]', '46x19 [28]', '46x14 [28]', '46x10 [28]', '46x5 [28]']);
  });

  test('english (seed example): a multi-jump must be completed', () => {
    // Man c1=30: jumps d2=26 to e3=23, then must go on over d4=18 to c5=14 (the direction
    // changes from up-right to up-left). 30x23 alone is not a move. From c5: b6/d6 empty.
    const p = pos('english', 'W:W30:B18,26');
    assertMoves(p, ['30x14 [18,26]']);
    assert.deepEqual(p.legalMoves()[0]!.path, [30, 23, 14]);
  });

  for (const variant of ['english', 'czech'] as const) {
    test(`${variant}: a forward-only man keeps to its forward diagonals during a multi-jump`, () => {
      // Man c1 jumps d2 to e3; the only further piece, f2, is behind it: the move ends at e3.
      assertMoves(pos(variant, 'W:Wc1:Bd2,f2'), ['c1xe3 [d2]']);
    });
  }

  for (const variant of ['russian', 'brazilian'] as const) {
    test(`${variant}: a man turns backwards mid-capture and must go on`, () => {
      // Man c1 jumps d2 to e3, then must jump f2 backwards to g1 (direction changes twice
      // over). From g1: h2 empty, f2 taken. Only c1xg1.
      assertMoves(pos(variant, 'W:Wc1:Bd2,f2'), ['c1xg1 [d2,f2]']);
    });
  }

  for (const variant of ['russian', 'czech', 'brazilian'] as const) {
    test(`${variant}: landing rule 4.4 — the king must land where the capture continues`, () => {
      // King a1 takes c3; landings d4, e5, f6, g7, h8. Only from e5 does a capture go on (f4,
      // with g3 and h2 empty behind); d4 (c5-b6-a7 / e3-f2-g1), f6 (e7-d8 / g5-h4), g7, h8 see
      // nothing. So it lands on e5, takes f4, and then may stop on g3 or h2 (nothing more).
      assertMoves(pos(variant, 'W:WKa1:Bc3,f4'), ['a1xg3 [c3,f4]', 'a1xh2 [c3,f4]']);
    });
  }

  test('spanish (mirrored): landing rule — only the landing square that goes on', () => {
    // King h1 takes f3; landings e4, d5, c6, b7, a8. From d5 the NE diagonal e6, f7 (black),
    // g8 (empty) continues; e4 (f5-g6-h7 / d3-c2-b1), c6 (d7-e8 / b5-a4), b7 (c8 / a6), a8
    // see nothing. So h1 x f3, land d5, x f7 → g8, and from g8 (h7) nothing more.
    assertMoves(pos('spanish', 'W:WKh1:Bf3,f7'), ['h1xg8 [f3,f7]']);
  });

  test('russian: two pieces on one line — the king must go on past the first', () => {
    // King a1, black c3 and f6 on the long diagonal. After c3 it may land on d4 or e5, and from
    // both the capture of f6 continues, so stopping after c3 is illegal; it lands on g7 or h8.
    // Where it lands between the two does not make a different route (RULES.md 4.2), so perft
    // counts 2 with either convention.
    const p = pos('russian', 'W:WKa1:Bc3,f6');
    assertMoves(p, ['a1xg7 [c3,f6]', 'a1xh8 [c3,f6]']);
    assert.equal(p.perft(1, { duplicates: 'drop' }), 2n);
    assert.equal(p.perft(1, { duplicates: 'keep' }), 2n);
  });
});

// -------------------------------------------------------------------------------------------
describe('4.5 Turkish strike and the empty start square', () => {
  // International, king 41 (r8 c1). Black X=32, Y=18, Z=17, W=38; white man 19 as a wall.
  //   41 →NE (37 empty) over X=32 → landings 28, 23 (19 is own: stop).
  //   from 23: NW over Y=18 → 12, 7, 1; only 12 goes on: SW over Z=17 → 21 or 26.
  //   from 21: SE along 27 then X=32 — already captured: it stays on the board and blocks, so
  //            W=38 behind it cannot be reached (removing X at once would allow 21x…x43/49).
  //   from 26: SE 31, 37, 42, 48 empty — nothing.
  //   from 28: NW 22 then Z=17 → 11 or 6; nothing after that (2 pieces only).
  //   Majority: the 3-piece sequences 41x21 and 41x26, both capturing {17, 18, 32}.
  test('international: a captured piece still blocks (cannot be passed to reach another piece)', () => {
    assertMoves(pos('international', 'W:WK41,19:B17,18,32,38'), ['41x21 [17,18,32]', '41x26 [17,18,32]']);
  });

  test('international: a captured piece cannot be jumped a second time', () => {
    // Without W: from 21 the king sees 27 empty, then X=32 (taken) with 38, 43, 49 empty
    // behind. Jumping X again is not allowed, so the result is the same.
    assertMoves(pos('international', 'W:WK41,19:B17,18,32'), ['41x21 [17,18,32]', '41x26 [17,18,32]']);
  });

  test('international: a man loop ends on its own start square (start counts as empty)', () => {
    // Man 33 (r6 c5); black 29, 19, 18, 28 round the empty square 23 (r4 c5). The man runs
    // the diamond 33 → 24 → 13 → 22 → 33: over 29 to 24, over 19 to 13, over 18 to 22, over 28
    // back to 33 (its start square, empty during the move), or the same loop the other way.
    // No side branches (24: 20, 30 empty; 13: 8, 9 empty; 22: 17, 27 empty). Both routes give
    // the same origin, destination and captured set: one move (4.2).
    const p = pos('international', 'W:W33:B18,19,28,29');
    assertMoves(p, ['33x33 [18,19,28,29]']);
  });

  for (const variant of ['russian', 'brazilian'] as const) {
    test(`${variant}: a flying king passes over its start square mid-capture`, () => {
      // King d4; black e5, e7, c7, e3.
      //   Direct: d4 SE over e3 → f2 or g1 (1 piece; nothing follows from f2/g1).
      //   Loop: d4 NE over e5 → f6 (only landing that goes on: g7, h8 see nothing), NW over e7
      //   → d8, SW over c7 → b6 (a5 sees nothing), then SE along b6-c5-d4-e3: d4 is the start
      //   square, empty during the move, so it passes and takes e3 → f2 or g1 (4 pieces).
      //   Russian (free choice): all four moves; two share d4→f2 and two d4→g1 with different
      //   captured sets, so they are different moves (4.2). Brazilian: the 4-piece ones only.
      const p = pos(variant, 'W:WKd4:Be5,e7,c7,e3');
      const loop = ['d4xf2 [c7,e3,e5,e7]', 'd4xg1 [c7,e3,e5,e7]'];
      assertMoves(p, variant === 'russian' ? [...loop, 'd4xf2 [e3]', 'd4xg1 [e3]'] : loop);
      const long = p.legalMoves().find((m) => m.to === sq(variant, 'f2') && m.captured.length === 4)!;
      assert.deepEqual(long.path, ['d4', 'f6', 'd8', 'b6', 'f2'].map((s) => sq(variant, s)));
    });
  }
});

// -------------------------------------------------------------------------------------------
describe('4.6 italian: men cannot capture kings', () => {
  test('a king in front of a man is a wall, not a capture', () => {
    // Man d3=22, black king c4=18 (b5 empty), nothing else: no capture, the man steps to e4.
    assertMoves(pos('italian', 'W:W22:BK18'), ['d3-e4']);
  });

  test('a man takes the man beside the king, never the king', () => {
    // Man d3: black king c4 (b5 empty) and black man e4 (f5 empty). Only d3xf5.
    assertMoves(pos('italian', 'W:Wd3:BKc4,e4'), ['d3xf5 [e4]']);
  });

  test('spanish, same position: the man takes the king (most kings)', () => {
    // Spanish men capture kings: d3xb5 (king) and d3xf5 (man), 1 piece each; the second
    // criterion, most kings, keeps d3xb5.
    assertMoves(pos('spanish', 'W:Wd3:BKc4,e4'), ['d3xb5 [c4]']);
  });

  test('a king met mid-sequence stops the man', () => {
    // Man e2=27 takes d3=22 → c4=18. From c4: up-right d5 is a black king (e6 empty) — a
    // wall; up-left b5 empty. The move ends on c4.
    assertMoves(pos('italian', 'W:We2:Bd3,Kd5'), ['e2xc4 [d3]']);
  });
});

// -------------------------------------------------------------------------------------------
describe('4.7 promotion during a capture', () => {
  test('english (seed example): reaching the far row ends the move, even with a piece left to take', () => {
    // Man d6=10 takes e7=7 → f8=3, far row: crowned, the move ends. As a king it could take
    // g7=8 next, but only next turn.
    assertMoves(pos('english', 'W:W10:B7,8'), ['10x3 [7] =K']);
  });

  test('italian: reaching the far row ends the move', () => {
    // Mirrored: man c6=10 takes d7=6 → e8=3 (far row); a king on e8 could take f7=7 → g6, but
    // the move is over.
    assertMoves(pos('italian', 'W:W10:B6,7'), ['10x3 [6] =K']);
  });

  test('spanish: a capture that reaches the far row ends there with promotion', () => {
    // Same as italian; the new flying king does not capture f7 in this move.
    assertMoves(pos('spanish', 'W:W10:B6,7'), ['10x3 [6] =K']);
  });

  test('russian rule case W:Wh6:Bg7,c5,d2: crowned mid-capture, continues as a flying king', () => {
    // h6 takes g7 → f8: crowned at once. As a flying king on f8: SW along e7, d6, then c5 →
    // landings b4, a3; only b4 goes on (SE c3, then d2 → e1); a3 sees nothing (b2, c1).
    // From e1 nothing more (f2-g3-h4). Only h6:f8:b4:e1.
    const p = pos('russian', 'W:Wh6:Bg7,c5,d2');
    assertMoves(p, ['h6xe1 [c5,d2,g7] =K']);
    assert.deepEqual(p.legalMoves()[0]!.path, ['h6', 'f8', 'b4', 'e1'].map((s) => sq('russian', s)));
    const after = p.play(p.legalMoves()[0]!);
    assert.equal(after.pieceAt(sq('russian', 'e1'))?.role, 'king');
    assert.equal(after.toFen(), 'B:WK31:B');
  });

  // h6 takes g7 → f8 (far row); e7 is the next piece, d6 empty behind it.
  test('russian: the new king continues flying (W:Wh6:Bg7,e7)', () => {
    // Crowned on f8, the king takes e7 and may land on d6, c5, b4 or a3 (none goes on).
    assertMoves(pos('russian', 'W:Wh6:Bg7,e7'), ['h6xd6 [e7,g7] =K', 'h6xc5 [e7,g7] =K', 'h6xb4 [e7,g7] =K', 'h6xa3 [e7,g7] =K']);
  });

  test('brazilian: a man passing the far row goes on as a man and is not crowned (W:Wh6:Bg7,e7)', () => {
    // On f8 it is still a man (capturing backwards, one square): e7 → d6, and the move ends
    // on d6, not on the far row: no promotion.
    assertMoves(pos('brazilian', 'W:Wh6:Bg7,e7'), ['h6xd6 [e7,g7]']);
  });

  for (const variant of ['english', 'czech'] as const) {
    test(`${variant}: W:Wh6:Bg7,e7 ends on the far row with promotion`, () => {
      assertMoves(pos(variant, 'W:Wh6:Bg7,e7'), ['h6xf8 [g7] =K']);
    });
  }

  test('international: W:W15:B9,10 — the man passes the far row and is not crowned', () => {
    // 15 (r2 c9) takes 10 → 4 (far row), goes on as a man over 9 → 13, and ends there: 15x13,
    // no promotion. From 13: 8, 18, 19 empty, 9 taken.
    const p = pos('international', 'W:W15:B9,10');
    assertMoves(p, ['15x13 [9,10]']);
    assert.deepEqual(p.legalMoves()[0]!.path, [15, 4, 13]);
    assert.equal(p.play('15x13').pieceAt(13)?.role, 'man');
  });

  test('international: a capture that ends on the far row promotes', () => {
    // 15 takes 10 → 4 and stops there (nothing else): crowned.
    assertMoves(pos('international', 'W:W15:B10'), ['15x4 [10] =K']);
  });

  test('a king reaching the far row does not "promote"; a quiet step to the far row does', () => {
    // Man c7=6 steps to b8=1 or d8=2 and is crowned; king e7=7 steps to d8, f8, d6, f6.
    assertMoves(pos('english', 'W:W6,K7:B28'), ['6-1 =K', '6-2 =K', '7-2', '7-3', '7-10', '7-11']);
  });
});

// -------------------------------------------------------------------------------------------
describe('4.1 precedence: which capture must be played', () => {
  test('english (seed example): free choice between a 1-piece and a 2-piece capture', () => {
    // 21x14 over b4=17; 23x16x7 over f4=19 and f6=11 (from g5: f6 → e7; h6 side runs off the
    // board). Both legal: english has no quantity rule.
    assertMoves(pos('english', 'W:W21,23:B11,17,19'), ['21x14 [17]', '23x7 [11,19]']);
  });

  test('russian: free choice as well (no backward captures appear here)', () => {
    // Backward looks: c5 → d4 empty; g5 → h4 empty; e7 → d6 empty; a3/e3 → b2/d2/f2 empty.
    assertMoves(pos('russian', 'W:W21,23:B11,17,19'), ['a3xc5 [b4]', 'e3xe7 [f4,f6]']);
  });

  test('czech: no king can capture, so any man capture (free choice)', () => {
    assertMoves(pos('czech', 'W:W21,23:B11,17,19'), ['a3xc5 [b4]', 'e3xe7 [f4,f6]']);
  });

  test('brazilian: most pieces', () => {
    assertMoves(pos('brazilian', 'W:W21,23:B11,17,19'), ['e3xe7 [f4,f6]']);
  });

  test('brazilian: a king counts as a man', () => {
    // Man e3 takes the king d4 → c5, or the man f4 → g5: one piece each, both legal.
    assertMoves(pos('brazilian', 'W:We3:BKd4,f4'), ['e3xc5 [d4]', 'e3xg5 [f4]']);
  });

  test('international: most pieces; a king counts as a man', () => {
    // 33x22 takes the king 28; 33x24 takes 29: tie at one piece, both legal.
    assertMoves(pos('international', 'W:W33:BK28,29'), ['33x22 [28]', '33x24 [29]']);
    // With black 19 too, 33x24 goes on over 19 → 13: two men beat one king.
    assertMoves(pos('international', 'W:W33:BK28,19,29'), ['33x13 [19,29]']);
  });

  // King a1 can take g7 → h8 (its only capture, 1 piece); man e1 takes d2 → c3, b4 → a5 (2).
  test('czech: if a king can capture, only king captures are legal', () => {
    assertMoves(pos('czech', 'W:WKa1,e1:Bg7,d2,b4'), ['a1xh8 [g7]']);
  });

  // King d4: NE over e5 → f6, g7, h8 (nothing follows: f6 sees e7-d8 / g5-h4, g7 f8 / h6);
  // NW over c5 → b6 (a7 sees nothing, 4.4), then over c7 → d8 (2 pieces; d8 sees e7…h4 empty).
  // Man e1 takes d2 → c3 and stops (b4 empty, d4 is its own king).
  test('czech: king captures only, but free choice among them (no majority)', () => {
    assertMoves(pos('czech', 'W:WKd4,e1:Bc5,c7,e5,d2'), ['d4xf6 [e5]', 'd4xg7 [e5]', 'd4xh8 [e5]', 'd4xd8 [c5,c7]']);
  });

  test('russian / brazilian / english: the same position under their rules', () => {
    assertMoves(pos('russian', 'W:WKd4,e1:Bc5,c7,e5,d2'), ['d4xf6 [e5]', 'd4xg7 [e5]', 'd4xh8 [e5]', 'd4xd8 [c5,c7]', 'e1xc3 [d2]']);
    assertMoves(pos('brazilian', 'W:WKd4,e1:Bc5,c7,e5,d2'), ['d4xd8 [c5,c7]']);
    // English short king: c5 → b6, c7 → d8; or e5 → f6. Free choice with the man's capture.
    assertMoves(pos('english', 'W:WKd4,e1:Bc5,c7,e5,d2'), ['d4xd8 [c5,c7]', 'd4xf6 [e5]', 'e1xc3 [d2]']);
  });

  test('russian: same position, free choice', () => {
    assertMoves(pos('russian', 'W:WKa1,e1:Bg7,d2,b4'), ['a1xh8 [g7]', 'e1xa5 [b4,d2]']);
  });

  test('brazilian: same position, most pieces wins over the king', () => {
    assertMoves(pos('brazilian', 'W:WKa1,e1:Bg7,d2,b4'), ['e1xa5 [b4,d2]']);
  });

  test('english: same position — the short king cannot reach g7', () => {
    assertMoves(pos('english', 'W:WKa1,e1:Bg7,d2,b4'), ['e1xa5 [b4,d2]']);
  });

  // Spanish / italian: king h3 takes the king g2 → f1 (1 piece, a king); man a2 takes b3 → c4
  // and d5 → e6 (2 men). From f1 the king sees e2, d3, c4, b5, a6 (all empty at the start).
  test('spanish: most pieces beats most kings', () => {
    assertMoves(pos('spanish', 'W:WKh3,a2:BKg2,b3,d5'), ['a2xe6 [b3,d5]']);
  });

  test('spanish: among equal counts, most kings', () => {
    // Flying king d3: NE over the king e4 → f5, g6, h7; NW over the man c4 → b5, a6. One piece
    // each, the captures of the king win. None of the landings goes on.
    assertMoves(pos('spanish', 'W:WKd3:BKe4,c4'), ['d3xf5 [e4]', 'd3xg6 [e4]', 'd3xh7 [e4]']);
  });

  test('spanish: no king-before-man level — a man capture ties with a king capture', () => {
    // Flying king d3 over e4 → f5, g6, h7; man a2 over b3 → c4. One man each: all legal.
    assertMoves(pos('spanish', 'W:WKd3,a2:Be4,b3'), ['d3xf5 [e4]', 'd3xg6 [e4]', 'd3xh7 [e4]', 'a2xc4 [b3]']);
  });

  test('spanish: free choice when tied', () => {
    assertMoves(pos('spanish', 'W:Wd3:Bc4,e4'), ['d3xb5 [c4]', 'd3xf5 [e4]']);
  });

  test('italian level 1: most pieces (two men beat one king)', () => {
    // Short king h3 takes the king g2 → f1; man a2 takes b3, d5 → e6. 2 > 1.
    assertMoves(pos('italian', 'W:WKh3,a2:BKg2,b3,d5'), ['a2xe6 [b3,d5]']);
  });

  test('italian level 2: a capture by a king beats a capture by a man', () => {
    // King d3 takes e4 → f5; man a2 takes b3 → c4; one piece each: the king's capture.
    assertMoves(pos('italian', 'W:WKd3,a2:Be4,b3'), ['d3xf5 [e4]']);
  });

  test('italian level 2: a man that promotes while capturing still counts as a man', () => {
    // King d3 takes e4 → f5; man c6 takes d7 → e8 (crowned). One piece each: the king's.
    assertMoves(pos('italian', 'W:WKd3,c6:Be4,d7'), ['d3xf5 [e4]']);
  });

  test('italian level 3: most kings captured', () => {
    // King d3 takes the king e4 → f5, or the man c4 → b5: the king capture.
    assertMoves(pos('italian', 'W:WKd3:BKe4,c4'), ['d3xf5 [e4]']);
  });

  test('italian level 4: the first captured king earliest', () => {
    // King b1: c2 (king) → d3, e4 (man) → f5: kings at jump 1. King g8: f7 (man) → e6,
    // d5 (king) → c4: king at jump 2. Both 2 pieces by a king with 1 king: b1's wins.
    // (f5: e6 empty, g6, g4 empty; c4: b5, b3, d3 empty; d3: c4, e2 empty.)
    assertMoves(pos('italian', 'W:WKb1,Kg8:BKc2,e4,f7,Kd5'), ['b1xf5 [c2,e4]']);
  });

  test('italian level 4 (Decision): then the second captured king earliest', () => {
    // King b1 takes the king c2 → d3; then
    //   A: the king e4 → f5, then the man g6 → h7 (kings at jumps 1, 2), or
    //   B: the man c4 → b5, then the king c6 → d7 (kings at jumps 1, 3).
    // 3 pieces, by a king, 2 kings each; first king at jump 1 in both; A's second is earlier.
    // (h7: g8 empty; d7: c8, e8, e6 empty; b5: a6, a4 empty; f5: e6, g4 empty.)
    assertMoves(pos('italian', 'W:WKb1:BKc2,Ke4,g6,c4,Kc6'), ['b1xh7 [c2,e4,g6]']);
  });

  test('italian level 5: whatever is still tied is free choice', () => {
    // King d3 takes c4 → b5 or e4 → f5 (one man each).
    assertMoves(pos('italian', 'W:WKd3:Bc4,e4'), ['d3xb5 [c4]', 'd3xf5 [e4]']);
  });

  test('precedence compares all pieces: a piece with a capture can be immobile', () => {
    // Brazilian seed position: a3 has a 1-piece capture, e3 a 2-piece one: a3 cannot move.
    const p = pos('brazilian', 'W:W21,23:B11,17,19');
    assert.ok(p.legalMoves().every((m) => m.from === 23));
  });
});

// -------------------------------------------------------------------------------------------
describe('4.2 identity of a move', () => {
  test('two routes with the same origin, destination and captured set are one move', () => {
    // The international man loop: 33 round the diamond either way, same captured set.
    const p = pos('international', 'W:W33:B18,19,28,29');
    assert.equal(p.legalMoves().length, 1);
    assert.equal(p.legalMoves()[0]!.notation, '33x33');
    assert.equal(p.perft(1, { duplicates: 'drop' }), 1n);
    assert.equal(p.perft(1, { duplicates: 'keep' }), 2n);
    const drop = p.divide(1, { duplicates: 'drop' });
    assert.deepEqual([...drop.entries()], [['33x33', 1n]]);
    // keep: two routes, told apart by their full paths.
    const keep = p.divide(1, { duplicates: 'keep' });
    assert.deepEqual([...keep.keys()].sort(), ['33x22x13x24x33', '33x24x13x22x33']);
    assert.deepEqual([...keep.values()], [1n, 1n]);
  });

  test('same origin and destination, different captured sets: two moves, full-path notation', () => {
    // English man c1=30: over b2=25 to a3=21 then b4=17 to c5=14, or over d2=26 to e3=23 then
    // d4=18 to c5=14. Both end on 14 with different captured sets.
    const p = pos('english', 'W:W30:B17,18,25,26');
    assertMoves(p, ['30x14 [17,25]', '30x14 [18,26]']);
    assert.deepEqual(p.legalMoves().map((m) => m.notation).sort(), ['30x21x14', '30x23x14']);
    const byNotation = new Map(p.legalMoves().map((m) => [m.notation, m]));
    assert.deepEqual(byNotation.get('30x21x14')!.captured, [17, 25]);
    assert.deepEqual(byNotation.get('30x23x14')!.captured, [18, 26]);
    assert.equal(p.perft(1), 2n);
  });

  test('italian: routes removed by precedence do not force a full-path notation', () => {
    // Level 4 keeps only b1xh7 (b1=29, h7=8); the other route ends elsewhere anyway, and the
    // survivor is written short.
    const p = pos('italian', 'W:WKb1:BKc2,Ke4,g6,c4,Kc6');
    assert.deepEqual(p.legalMoves().map((m) => m.notation), ['29x8']);
  });

  test('captured squares are listed in ascending order; path runs from origin to destination', () => {
    const p = pos('russian', 'W:Wh6:Bg7,c5,d2');
    const m = p.legalMoves()[0]!;
    assert.deepEqual(m.captured, [14, 26, 8].sort((a, b) => a - b));
    assert.equal(m.path[0], m.from);
    assert.equal(m.path[m.path.length - 1], m.to);
    assert.equal(m.isCapture, true);
  });
});

// -------------------------------------------------------------------------------------------
// The further variants of RULES-more-variants.md on the two boards above. Squares of the 8×8
// board by (row, column): square = 4r + ⌊c/2⌋ + 1; of the 10×10 board: 5r + ⌊c/2⌋ + 1.
describe('further variants: pool, thai, killer (RULES-more-variants.md 2, 3, 7)', () => {
  test('pool: black moves first from the same start as english', () => {
    const p = Position.initial('pool');
    assert.equal(p.turn, 'black');
    assert.equal(p.toFen(), 'B:W21-32:B1-12');
  });

  test('pool: a man passing the far row mid-capture stays a man; russian crowns it', () => {
    // White man 11 (r2 c5) takes 7 (r1 c4), landing on 2 (r0 c3), the far row. From there it
    // can take 6 (r1 c2) backwards, landing on 9 (r2 c1). Pool (APCA item 5): it must go on as
    // a man and is not crowned, since the move does not end on the far row: 11x9 over 7 and 6.
    // Russian: crowned on 2, it goes on as a flying king over 6 and may land on 9 or 13.
    assertMoves(pos('pool', 'W:W11:B6,7'), ['11x9 [6,7]']);
    assertMoves(pos('russian', 'W:W11:B6,7'), ['11x9 [6,7] =K', '11x13 [6,7] =K']);
    const [move] = pos('pool', 'W:W11:B6,7').legalMoves();
    assert.deepEqual(move!.path, [11, 2, 9]);
    assert.equal(pos('pool', 'W:W11:B6,7').play(move!).pieceAt(9)?.role, 'man');
    // A capture that ends on the far row crowns: 10 (r2 c3) over 6 (r1 c2) to 1 (r0 c1).
    assertMoves(pos('pool', 'W:W10:B6'), ['10x1 [6] =K']);
    // Free choice (no majority): 10 over 6 to 1 (one piece) or 10 over 15 and 23 (two pieces,
    // men jump backwards: 10 r2 c3 → over 15 r3 c4 → 19 r4 c5 → over 23 r5 c4 → 26 r6 c3) are both legal.
    assertMoves(pos('pool', 'W:W10:B6,15,23'), ['10x1 [6] =K', '10x26 [15,23]']);
  });

  test('thai: start, and a king lands on the square right behind the piece it takes', () => {
    assert.equal(Position.initial('thai').toFen(), 'W:W25-32:B1-8');
    assert.equal(Position.initial('thai').turn, 'white');
    // King 29 (r7 c0) slides up the long diagonal over 25 and 22 to the man on 18 (r4 c3) and
    // must land on 15 (r3 c4) right behind it: not on 11, 8 or 4 as an international king would.
    assertMoves(pos('thai', 'W:WK29:B18'), ['29x15 [18]']);
    // It goes on only from there: from 15, the man on 11 (r2 c5) is right ahead with 8 empty
    // behind it, so the capture must go on over it: 29x8.
    assertMoves(pos('thai', 'W:WK29:B18,11'), ['29x8 [11,18]']);
    // With the square right behind taken (15), there is no capture at all; the king slides.
    assertMoves(pos('thai', 'W:WK29:B18,15'), ['29-25', '29-22']);
  });

  test('thai: captured pieces leave the board at once, so their squares can be crossed and landed on', () => {
    // King 26 (r6 c3); black men 23 (r5 c4), 15 (r3 c4), 14 (r3 c2), 22 (r5 c2), 16 (r3 c6).
    // From 26 it can take 23 landing on 19 (r4 c5), or 22 landing on 17 (r4 c1).
    //  a. x23 → 19: then 16 straight on (land 12, nothing more: 26x12 over 23, 16), or 15 to
    //     the upper left (land 10), then 14 (land 17), then 22 (land 26, its start square,
    //     empty), then straight on up the diagonal across 23's square — empty now, 23 was
    //     removed — and 19 to 16, landing on 12: 26x12 over all five.
    //  b. x22 → 17: then 14 (land 10), then 15 (land 19); from 19: 16 (land 12: four pieces)
    //     or 23 (land 26, the start square: four pieces; nothing more from there, the long
    //     way back up-left runs over 22's square and finds no piece).
    // Under the Turkish strike 23 would still block in a., leaving only 26x26 over four.
    assertMoves(pos('thai', 'W:WK26:B14,15,16,22,23'), [
      '26x12 [16,23]',
      '26x12 [14,15,16,22,23]',
      '26x12 [14,15,16,22]',
      '26x26 [14,15,22,23]',
    ]);
    const five = pos('thai', 'W:WK26:B14,15,16,22,23').legalMoves().find((m) => m.captured.length === 5)!;
    assert.deepEqual(five.path, [26, 19, 10, 17, 26, 12]);
  });

  test('thai: no jump turns straight back, though the square behind is empty', () => {
    // King 18 (r4 c3), men 15 (r3 c4) and 22 (r5 c2) on one diagonal either side of it. It takes
    // 15 landing on 11, or 22 landing on 25. Turning back from 11 over 15's empty square and its
    // own start square would reach 22 (land 25), and from 25 back to 15: both forbidden.
    assertMoves(pos('thai', 'W:WK18:B15,22'), ['18x11 [15]', '18x25 [22]']);
  });

  test('thai: men capture forwards only, and a man reaching the far row stops crowned', () => {
    // White man 14 (r3 c2) with a black man behind it on 18: no capture, two steps.
    assertMoves(pos('thai', 'W:W14:B18'), ['14-9', '14-10']);
    assertMoves(pos('thai', 'W:W10:B6'), ['10x1 [6] =K']);
  });

  test('thai: a position of more than 8 men a side is refused', () => {
    assert.throws(() => Position.fromFen('thai', 'W:W21-29:B1'), /white has 9 pieces, more than the 8/);
  });

  test('killer: a king whose last capture takes a king halts right behind it', () => {
    // King 46 (r9 c0) up the long diagonal 41, 37, 32, 28, 23, 19, 14, 10, 5. Over the black
    // king on 28 it must stop on 23; over a man there it may land on any of 23, 19, 14, 10, 5.
    assertMoves(pos('killer', 'W:WK46:BK28'), ['46x23 [28]']);
    assertMoves(pos('killer', 'W:WK46:B28'), ['46x23 [28]', '46x19 [28]', '46x14 [28]', '46x10 [28]', '46x5 [28]']);
    assertMoves(pos('international', 'W:WK46:BK28'), ['46x23 [28]', '46x19 [28]', '46x14 [28]', '46x10 [28]', '46x5 [28]']);
  });

  test('killer: the halt applies to the last piece taken, not to a king taken before it', () => {
    // Over the man 28, only from 19 (r3 c6) can the king go on: up-left over the king 13
    // (r2 c5), landing on 8 (r1 c4) or 2 (r0 c3); the king taken last makes it halt on 8.
    // International keeps both.
    assertMoves(pos('killer', 'W:WK46:B28,K13'), ['46x8 [13,28]']);
    assertMoves(pos('international', 'W:WK46:B28,K13'), ['46x8 [13,28]', '46x2 [13,28]']);
    // Over the king 28 first, the landing rule sends it on to 14 (r2 c7), the one landing with a
    // capture after it (the man 9 at r1 c6, landing on 3): the first king taken halts nothing.
    assertMoves(pos('killer', 'W:WK46:BK28,9'), ['46x3 [9,28]']);
  });
});
