// The classical endings the evaluation knows (assembly/eval/evaluate.ts, "the classical endings"),
// each against positions reasoned by hand: drawn endings score exactly 0, won endings score the
// material and a bonus for the winner, and the same position with the colours swapped scores the
// same for the side to move. The engine here has the hand-written weights only (no patterns).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { createEngineSync } from '../bindings/core/loader.js';
import { Position } from '../bindings/core/position.js';
import { VariantName, variantInfo } from '../bindings/core/variant.js';
import { familyOf } from '../bindings/eval/weights.js';
import { toCore } from '../bindings/core/position.js';

const engine = createEngineSync();
const evaluate = (variant: VariantName, fen: string): number => engine.evaluate(variantInfo(variant).id, toCore(Position.fromFen(variant, fen)).board);
/** A king's value in the hand-written weights (term 0). */
const king = (variant: VariantName): number => engine.handTerms(familyOf(variant))[0]!;

describe('international: three kings against one', () => {
  // The main diagonal runs 46-41-37-32-28-23-19-14-10-5.
  test('a lone king on the main diagonal holds three kings: 0, whoever moves and whichever colour', () => {
    for (const fen of ['W:WK1,K2,K3:BK28', 'B:WK1,K2,K3:BK28', 'W:WK46:BK48,K49,K50', 'B:WK5:BK26,K36,K45']) {
      assert.equal(evaluate('international', fen), 0, fen);
    }
  });

  test('four kings beat the lone king even on the main diagonal: above the material of three kings', () => {
    // Material 3 kings; the won bonus is added; mobility (four kings from the top row against one
    // king), the drive towards the lone king and the trade term all favour White, none is negative.
    const score = evaluate('international', 'W:WK1,K2,K3,K4:BK28');
    assert.ok(score >= 3 * king('international') + 150, `4 kings against 1 scores ${score}`);
    // the same position turned half a turn, colours swapped, Black to move
    assert.equal(evaluate('international', 'B:WK23:BK47,K48,K49,K50'), score);
  });
  test('three kings and a man beat the lone king wherever it stands: the man is not worth giving away', () => {
    // 3 kings + a man on 45 against the king on 28 (on the diagonal) is won (the man crowns);
    // without the man it is the held ending (0). Giving the man away must cost more than a man.
    const withMan = evaluate('international', 'W:WK1,K2,K3,45:BK28');
    assert.equal(evaluate('international', 'W:WK1,K2,K3:BK28'), 0);
    assert.ok(withMan >= 2 * king('international') + 100 + 150, `3 kings and a man against 1 scores ${withMan}`);
  });

  test('three bare kings against a lone king off the main diagonal: no bonus, and an eighth of the lead (drawishDivisor)', () => {
    // White kings 46 (on the diagonal), 47, 48 against the king on 15, off it; and the same with
    // 50 for 46, nobody on the diagonal. By hand: 46 and 50 both have 9 king moves and cross
    // nobody else's lines, 47 has 8 (stopped by the king on 15), 48 has 9, Black's king 8 in
    // both; the drive term counts 0 steps for 46 (9 away) and 2 for each of 47, 48, 50 (7 away).
    // Without a bonus the one holding the diagonal is the lower by exactly those 2 drive steps,
    // an eighth of them once scaled: three pieces against a king are drawish.
    const holding = evaluate('international', 'W:WK46,K47,K48:BK15');
    const notHolding = evaluate('international', 'W:WK47,K48,K50:BK15');
    const drive = engine.handTerms(familyOf('international'))[18]!; // DRIVE, per step
    assert.equal((2 * drive) % 8, 0, 'the hand-set drive weight divides evenly by 8 over two steps');
    assert.equal(notHolding - holding, (2 * drive) / 8);
    // Unscaled, two kings up (600) and the trade term (600 × 400 / (100 × 4)) alone are 1200.
    assert.ok(holding > 0 && holding < 1300 / 8, `three kings against one score ${holding}`);
    assert.equal(evaluate('international', 'B:WK36:BK3,K4,K5'), holding); // colours swapped: s goes to 51 - s
  });
});

describe('international: drawish material (drawishDivisor)', () => {
  // White: king 46, men 31, 32, 33; Black: king 5, men 20, 19, the mirror images of 46, 31 and 32
  // (s goes to 51 - s). Both kings are stopped by their own men after two squares (46: 41, 37;
  // 5: 10, 14), so everything cancels but White's man on 33: a man (100), the trade term
  // (100 × 400 / (100 × 7) = 57) and that man's square terms (a few points), 150 to 170 in all.
  const fen = 'W:WK46,31,32,33:BK5,20,19';

  test('a king each and a man between them: half the lead', () => {
    const score = evaluate('international', fen);
    assert.ok(score >= 75 && score <= 85, `${fen} scores ${score}`);
    assert.equal(evaluate('international', 'B:WK46,31,32,33:BK5,20,19'), -score);
  });

  test('frisian keeps the whole lead: its kings capture along eight lines, the rule is 10×10 international\'s', () => {
    const score = evaluate('frisian', fen);
    assert.ok(score >= 150, `${fen} scores ${score} in frisian`);
  });

  test('two men between them: the whole lead', () => {
    // Black's man on 19 taken off: two men up, no scale; more than twice the half-lead above.
    const score = evaluate('international', 'W:WK46,31,32,33:BK5,20');
    assert.ok(score >= 250, `two men up scores ${score}`);
  });
});

describe('international: the first king (FIRST_KING)', () => {
  test('a king that cannot move, against men: its value, the first king\'s 60, the trade term, less the back guard it left', () => {
    // White: man or king on 46, men 41 and 47; Black: men 5, 10, 4, the mirror images (s goes to
    // 51 - s). With a man on 46 the position is its own mirror: 0. With a king there, blocked by
    // its own man on 41 (46's only diagonal), nothing moves but the material: a king for a man
    // (KING - 100, and the first king's 60), the trade term on a lead of KING - 100 with six
    // pieces, the back guard the man on 46 no longer earns, and one man less on White's left
    // (41, 46 and 47 are all on the left half), so one BALANCE less of penalty.
    const [kingValue, , , , , , , , , , , backGuard, , , balance, , , trade] = engine.handTerms(familyOf('international'));
    assert.equal(evaluate('international', 'W:W46,41,47:B5,10,4'), 0);
    const lead = kingValue! - 100;
    const expected = lead + 60 + Math.trunc((lead * trade!) / (100 * 6)) - backGuard! + balance!;
    assert.equal(evaluate('international', 'W:WK46,41,47:B5,10,4'), expected);
    assert.equal(evaluate('international', 'B:WK46,41,47:B5,10,4'), -expected);
    // Frisian's kings are not measured with it: the same position without the 60.
    assert.equal(evaluate('frisian', 'W:WK46,41,47:B5,10,4'), expected - 60);
  });
});

describe('russian and brazilian: the first king (FIRST_KING)', () => {
  for (const variant of ['russian', 'brazilian'] as const) {
    test(`${variant}: a king in the corner that cannot move: its value, the first king's 60, the trade term, less the back guard it left`, () => {
      // White: man or king on 29 (a1) and a man on 25, the king's only diagonal square; Black:
      // men on 4 and 8, the mirror images (s goes to 33 - s). With a man on 29 the position is its
      // own mirror: 0. With a king there nothing changes but the material (a king for a man:
      // KING - 100, and the first king's 60), the trade term on that lead with four pieces, and the
      // back guard the man on 29 no longer earns; the king has no square to move to.
      const [kingValue, , , , , , , , , , , backGuard, , , , , , trade] = engine.handTerms(familyOf(variant));
      assert.equal(evaluate(variant, 'W:W29,25:B4,8'), 0);
      const lead = kingValue! - 100;
      const expected = lead + 60 + Math.trunc((lead * trade!) / (100 * 4)) - backGuard!;
      assert.equal(evaluate(variant, 'W:WK29,25:B4,8'), expected);
      assert.equal(evaluate(variant, 'B:WK29,25:B4,8'), -expected);
    });
  }

  test('english (short kings): the same position without the first king\'s 60', () => {
    const [kingValue, , , , , , , , , , , backGuard, , , , , , trade] = engine.handTerms(familyOf('english'));
    const lead = kingValue! - 100;
    assert.equal(evaluate('english', 'W:WK29,25:B4,8'), lead + Math.trunc((lead * trade!) / (100 * 4)) - backGuard!);
  });
});

describe('frisian: the main diagonal is no refuge', () => {
  test('three kings against a lone king on the main diagonal are not a held ending: White is ahead', () => {
    // Frisian kings also capture along rows and columns (RULES-more-variants.md 5), so the king
    // on 28 can be attacked from its row and column, which the diagonal does not cover: the
    // international fortress does not hold, and the score is the stronger side's material edge.
    for (const fen of ['W:WK1,K2,K3:BK28', 'B:WK1,K2,K3:BK28']) {
      const score = evaluate('frisian', fen);
      const mover = fen.startsWith('W') ? 1 : -1;
      assert.ok(mover * score >= 2 * king('frisian'), `${fen} scores ${score}`);
    }
    assert.equal(evaluate('international', 'W:WK1,K2,K3:BK28'), 0);
  });
});

describe('russian and brazilian: three kings against one on the 8×8 board', () => {
  // The main road is a1-h8: squares 29, 25, 22, 18, 15, 11, 8, 4.
  for (const variant of ['russian', 'brazilian'] as const) {
    test(`${variant}: a lone king on the main road holds three kings: 0`, () => {
      for (const fen of ['W:WK29,K30,K31:BK8', 'B:WK30,K31,K32:BK15', 'W:WK4:BK2,K3,K1']) assert.equal(evaluate(variant, fen), 0, fen);
    });
  }

  test('three kings and a man beat the lone king on the road; three bare kings off it get no bonus', () => {
    assert.ok(evaluate('russian', 'W:WK29,K30,K31,21:BK8') >= 2 * king('russian') + 100 + 150);
    // White kings a1 (on the road), c1, e1 against the king on h6, off it; and the same with g1
    // for a1, nobody on the road. By hand: White has 20 king moves in both (a1: 7 along the road,
    // c1: 6, e1: 7; or g1: 7), Black's h6 king 6; the drive term counts 0 steps for a1 (7 away)
    // and 2 for each of c1, e1, g1 (5 away). Without a bonus they differ by those 2 drive steps.
    const holding = evaluate('russian', 'W:WK29,K30,K31:BK12');
    const notHolding = evaluate('russian', 'W:WK30,K31,K32:BK12');
    assert.equal(notHolding - holding, 2 * engine.handTerms(familyOf('russian'))[18]!);
    assert.equal(evaluate('russian', 'B:WK21:BK4,K3,K2'), holding); // colours swapped: s goes to 33 - s
  });
});

describe('english and italian: two kings against one, and the double corner', () => {
  // english: White kings on 10 and 30, the lone king on 1 (the double corner 1-5) or on 3 (the
  // top edge). Each lone king has two moves, White's kings have the same moves, and each White
  // king is as far from 1 as from 3 (10: 2 steps from both; 30: 7 from both), so only the double
  // corner differs. italian is drawn mirrored (square 1 is the top-left corner, a single corner;
  // the double corners are 4-8 and 25-29): the same picture is kings on 11 and 30, the lone king
  // on 4 (double corner) or 2 (edge). Colours swapped: square s goes to 33 - s on both boards.
  const cases = [
    { variant: 'english', edge: 'W:WK10,K30:BK3', corner: 'W:WK10,K30:BK1', swapped: 'B:WK32:BK23,K3' },
    { variant: 'italian', edge: 'W:WK11,K30:BK2', corner: 'W:WK11,K30:BK4', swapped: 'B:WK29:BK22,K3' },
  ] as const;
  for (const { variant, edge, corner, swapped } of cases) {
    test(`${variant}: two kings against one are won, less so while the lone king sits in a double corner`, () => {
      const atEdge = evaluate(variant, edge);
      const inCorner = evaluate(variant, corner);
      assert.ok(inCorner < atEdge, `double corner ${inCorner}, edge ${atEdge}`);
      // both above the material and most of the won bonus
      assert.ok(inCorner >= king(variant) + 150, `${inCorner}`);
      assert.equal(evaluate(variant, swapped), inCorner);
    });
  }

  test('english: one king against one is no win: material level, no bonus', () => {
    assert.ok(Math.abs(evaluate('english', 'W:WK10:BK1')) < 50);
  });
});
