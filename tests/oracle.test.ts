// Tests of the oracle itself (tests/oracle/): it must reproduce the published start-position
// perft counts and the published rule cases before it can be trusted to cross-check the
// engine. The published data is the project's copy in tests/data (with its sources).
//
// Set ORACLE_DEEP=1 to go one ply deeper on every start-position table (slower).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleCases, startPerft } from './published.js';

import {
  OracleMove,
  VARIANT_NAMES,
  algebraicName,
  coordsOf,
  oracleMoves,
  oraclePerft,
  oraclePlay,
  oracleRoutes,
  oracleStartFen,
  parseFen,
  rulesOf,
  squareAt,
  squareFromAlgebraic,
  writeFen,
} from './oracle/index.js';

// ---------------------------------------------------------------------------------------------
// Data

interface PerftEntry {
  variant: string;
  fen: string | null;
  depth: number;
  nodes: number;
  nodes_str: string;
  duplicates: 'keep' | 'drop' | 'n/a' | 'unknown';
  source: string;
  confidence: string;
  note?: string;
  moves?: string[] | null;
}

const START: readonly PerftEntry[] = startPerft;
const RULE_CASES: readonly PerftEntry[] = ruleCases;

/**
 * The start-position depths tested per variant: every published row up to `both` (keep and
 * drop), and the drop row up to `drop`. Depth 8 is the first where the 'keep' and 'drop'
 * counts of the flying-king variants differ; depth 9 is the first where the czech and
 * spanish precedence rules change the published counts (compare english and italian).
 * International is slower. ORACLE_DEEP=1 goes one ply deeper everywhere (about two minutes in all).
 */
const DEEP = process.env.ORACLE_DEEP === '1';
const DEPTHS: Record<string, { both: number; drop: number }> = {
  english: { both: 8, drop: 8 },
  italian: { both: 8, drop: 8 },
  international: { both: 7, drop: 7 },
  brazilian: { both: 8, drop: 8 },
  russian: { both: 8, drop: 8 },
  spanish: { both: 8, drop: 9 },
  czech: { both: 8, drop: 9 },
  // pool: depth 8 is where its keep and drop counts part; thai has only a drop table.
  pool: { both: 8, drop: 8 },
  thai: { both: 7, drop: 7 },
  killer: { both: 7, drop: 7 },
  antidraughts: { both: 6, drop: 6 },
  breakthrough: { both: 6, drop: 6 },
  // turkish has only a keep table (kish); 7 takes the oracle some seconds (ORACLE_DEEP).
  turkish: { both: 6, drop: 6 },
  // frisian: dctl's keep and drop tables; depth 4 is where they part.
  frisian: { both: 6, drop: 6 },
  // frysk has no published table: checked by hand below instead.
  frysk: { both: 0, drop: 0 },
  // canadian has only a drop table (dctl); its 12x12 board makes each ply some 8 times wider.
  canadian: { both: 5, drop: 5 },
};
/** Variants that play another's moves (RULES-more-variants.md 9), checked against its table. */
const TABLE_OF: Record<string, string> = { antidraughts: 'international', breakthrough: 'international' };
if (DEEP) {
  for (const v of Object.keys(DEPTHS)) DEPTHS[v] = { both: DEPTHS[v].both + 1, drop: DEPTHS[v].drop + 1 };
  DEPTHS.international = { both: 8, drop: 8 };
  DEPTHS.killer = { both: 8, drop: 8 };
}

// ---------------------------------------------------------------------------------------------
// Notation helpers for the published move lists

/**
 * pydraughts numbers the 8x8 board from White's side: 1 = a1, 2 = c1, 3 = e1, 4 = g1, 5 = b2,
 * ... (row by row from the bottom, left to right). Converted here through the coordinates.
 */
function fromPydraughtsSquare(variant: string, p: number): number {
  const g = rulesOf(variant).geometry;
  const perRow = g.size / 2;
  const rank = Math.floor((p - 1) / perRow) + 1; // 1 = bottom row
  const k = (p - 1) % perRow; // k-th playable square of that row, from the left
  const r = g.size - rank;
  const playableColumns: number[] = [];
  for (let c = 0; c < g.size; c++) if (g.numbers[r][c] !== 0) playableColumns.push(c);
  return squareAt(g, r, playableColumns[k]);
}

/** The squares of a published move ("31x08", "25x18x11x4", "28-22", "h6:f8:b4:e1"). */
function notationSquares(variant: string, text: string): number[] {
  const g = rulesOf(variant).geometry;
  return text.split(/[-x:]/).map((t) => {
    if (/^\d+$/.test(t)) {
      const n = Number(t);
      return variant === 'russian' ? fromPydraughtsSquare(variant, n) : n;
    }
    return squareFromAlgebraic(g, t);
  });
}

/** Does the written move describe this move/route? Intermediate squares must occur in order. */
function notationMatches(squares: number[], m: OracleMove, isCapture: boolean): boolean {
  if (squares[0] !== m.from || squares[squares.length - 1] !== m.to) return false;
  if (isCapture !== m.captured.length > 0) return false;
  const inner = m.path.slice(1, -1);
  let i = 0;
  for (const s of squares.slice(1, -1)) {
    while (i < inner.length && inner[i] !== s) i++;
    if (i === inner.length) return false;
    i++;
  }
  return true;
}

/** A one-to-one pairing of the written moves with the generated ones (augmenting paths). */
function pairOneToOne(written: string[], generated: OracleMove[], matches: (w: string, m: OracleMove) => boolean): boolean {
  if (written.length !== generated.length) return false;
  const owner: number[] = new Array(generated.length).fill(-1);
  const tryAssign = (w: number, seen: boolean[]): boolean => {
    for (let j = 0; j < generated.length; j++) {
      if (seen[j] || !matches(written[w], generated[j])) continue;
      seen[j] = true;
      if (owner[j] === -1 || tryAssign(owner[j], seen)) {
        owner[j] = w;
        return true;
      }
    }
    return false;
  };
  for (let w = 0; w < written.length; w++) {
    if (!tryAssign(w, new Array(generated.length).fill(false))) return false;
  }
  return true;
}

function show(moves: OracleMove[]): string {
  return moves.map((m) => m.path.join(m.captured.length > 0 ? 'x' : '-')).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Board geometry and FEN

test('oracle geometry: numbering and algebraic names (RULES.md 2)', () => {
  const std8 = rulesOf('english').geometry;
  assert.deepEqual(coordsOf(std8, 1), { r: 0, c: 1 });
  assert.deepEqual(coordsOf(std8, 29), { r: 7, c: 0 });
  assert.equal(algebraicName(std8, 29), 'a1');
  assert.equal(algebraicName(std8, 4), 'h8');
  assert.deepEqual(
    [1, 2, 3, 4].map((s) => algebraicName(std8, s)),
    ['b8', 'd8', 'f8', 'h8'],
  );
  const mir8 = rulesOf('italian').geometry;
  assert.deepEqual(coordsOf(mir8, 1), { r: 0, c: 0 });
  assert.deepEqual(coordsOf(mir8, 32), { r: 7, c: 7 });
  assert.deepEqual(
    [1, 2, 3, 4].map((s) => algebraicName(mir8, s)),
    ['a8', 'c8', 'e8', 'g8'],
  );
  assert.equal(algebraicName(mir8, 32), 'h1');
  const ten = rulesOf('international').geometry;
  assert.deepEqual(coordsOf(ten, 1), { r: 0, c: 1 });
  assert.deepEqual(coordsOf(ten, 46), { r: 9, c: 0 });
  assert.deepEqual(coordsOf(ten, 50), { r: 9, c: 8 });
  for (const g of [std8, mir8, ten]) {
    for (let s = 1; s <= g.squareCount; s++) assert.equal(squareFromAlgebraic(g, algebraicName(g, s)), s);
  }
  // Turkish: all 64 squares, 1 = a8, 8 = h8, 57 = a1, 64 = h1 (RULES-more-variants.md 4).
  const full = rulesOf('turkish').geometry;
  assert.equal(full.squareCount, 64);
  assert.deepEqual([1, 8, 57, 64, 36].map((s) => algebraicName(full, s)), ['a8', 'h8', 'a1', 'h1', 'd4']);
  for (let s = 1; s <= 64; s++) assert.equal(squareFromAlgebraic(full, algebraicName(full, s)), s);
  // Canadian: 12x12, 1 = r0 c1 (b12), 67 = r11 c0 (a1), 72 = r11 c10 (k1) (RULES-more-variants.md 8).
  const twelve = rulesOf('canadian').geometry;
  assert.equal(twelve.squareCount, 72);
  assert.deepEqual([1, 6, 7, 67, 72].map((s) => algebraicName(twelve, s)), ['b12', 'l12', 'a11', 'a1', 'k1']);
  for (let s = 1; s <= 72; s++) assert.equal(squareFromAlgebraic(twelve, algebraicName(twelve, s)), s);
  // pydraughts numbering used by the russian rule cases: 1 = a1, 2 = c1, 5 = b2, 32 = h8.
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 32].map((p) => algebraicName(std8, fromPydraughtsSquare('russian', p))),
    ['a1', 'c1', 'e1', 'g1', 'b2', 'd2', 'h8'],
  );
});

test('oracle start positions', () => {
  assert.equal(oracleStartFen('english'), 'B:W21-32:B1-12');
  assert.equal(oracleStartFen('international'), 'W:W31-50:B1-20');
  // RULES-more-variants.md: pool's black moves first; thai has 8 men a side.
  assert.equal(oracleStartFen('pool'), 'B:W21-32:B1-12');
  assert.equal(oracleStartFen('thai'), 'W:W25-32:B1-8');
  for (const v of ['killer', 'antidraughts', 'breakthrough']) assert.equal(oracleStartFen(v), 'W:W31-50:B1-20');
  for (const v of ['italian', 'brazilian', 'russian', 'spanish', 'czech']) {
    assert.equal(oracleStartFen(v), 'W:W21-32:B1-12');
  }
  // Turkish: the second and third rows of each side on the 64-square board (section 4).
  assert.equal(oracleStartFen('turkish'), 'W:W41-56:B9-24');
  // Canadian: 30 men each on 72 squares (section 8).
  assert.equal(oracleStartFen('canadian'), 'W:W43-72:B1-30');
});

test('oracle FEN reader and writer (RULES.md 6)', () => {
  const canon = (v: string, fen: string) => writeFen(parseFen(v, fen));
  assert.equal(canon('international', 'W:W31-50:B1-20'), 'W:W31-50:B1-20');
  assert.equal(canon('international', 'W:B1-20:W31-50.'), 'W:W31-50:B1-20');
  assert.equal(canon('international', ' B : W 50,49,K48,47 : B K1,2,3 '), 'B:W47,K48,49-50:BK1,2-3');
  assert.equal(canon('international', 'W:W28'), 'W:W28:B');
  assert.equal(canon('international', 'W:W28:B'), 'W:W28:B');
  assert.equal(canon('international', 'B:BK1'), 'B:W:BK1');
  assert.equal(canon('international', 'W:W27,32:B1,2:H0:F2'), 'W:W27,32:B1-2');
  assert.equal(canon('russian', 'W:Wh6:Bg7,c5,d2'), 'W:W12:B8,14,26');
  assert.equal(canon('russian', 'W:WKd2:Bc5,e5,c3,e3'), 'W:WK26:B14-15,22-23');
  assert.equal(canon('italian', 'W:Wh1:Ba8'), 'W:W32:B1');
  assert.throws(() => parseFen('international', 'X:W31-50:B1-20'));
  assert.throws(() => parseFen('international', 'W:W51'));
  assert.throws(() => parseFen('english', 'W:Wa8')); // not a playable square
  assert.throws(() => parseFen('international', 'W:W3')); // white man on its promotion row
  assert.throws(() => parseFen('international', 'W:B47')); // black man on its promotion row
  assert.throws(() => parseFen('international', 'W:W30:B30')); // two pieces on one square
  assert.throws(() => parseFen('international', 'W:W30:W31'));
  assert.throws(() => parseFen('chess', 'W:W30'));
});

test('oracle plays moves: captures removed together, promotion per variant (RULES.md 4.7)', () => {
  // International: a man passing the far row mid-capture stays a man.
  const [pass] = oracleMoves('international', 'W:W15:B9,10');
  assert.deepEqual(pass.captured, [9, 10]);
  assert.equal(pass.promotes, false);
  assert.equal(oraclePlay('international', 'W:W15:B9,10', pass), 'B:W13:B');
  // International: a man ending its move on the far row promotes.
  const steps = oracleMoves('international', 'W:W8');
  assert.deepEqual(steps.map((m) => oraclePlay('international', 'W:W8', m)), ['B:WK2:B', 'B:WK3:B']);
  // Russian: a man promotes on f8 and goes on as a flying king.
  const [fly] = oracleMoves('russian', 'W:Wh6:Bg7,c5,d2');
  assert.equal(fly.promotes, true);
  assert.equal(oraclePlay('russian', 'W:Wh6:Bg7,c5,d2', fly), 'B:WK31:B');
  // English: a man reaching the far row by a capture is crowned and the move ends.
  // (9x2 lands on the far row; the new king could take 7 next, but not in this move.)
  const crown = oracleMoves('english', 'W:W9:B6,7');
  assert.deepEqual(crown.map((m) => [m.path, m.captured, m.promotes]), [[[9, 2], [6], true]]);
  assert.equal(oraclePlay('english', 'W:W9:B6,7', crown[0]), 'B:WK2:B7');
});

test('oracle optional capture house rule (RULES.md 1)', () => {
  // International: the capture 28x19 plus the non-capturing moves 28-22 and 32-27.
  const fen = 'W:W28,32:B23';
  assert.equal(oracleMoves('international', fen).length, 1);
  const optional = oracleMoves('international', fen, { optionalCapture: true });
  assert.deepEqual(show(optional), '28x19 28-22 32-27');
  // Precedence still holds among the captures: only the majority capture 48x19 is offered.
  const maj = oracleMoves('international', 'W:W48,50:B24,K31,34,K42,43', { optionalCapture: true });
  assert.equal(show(maj), '48x39x30x19 50-44 50-45');
  // Over every published rule case: captures unchanged, quiet moves added.
  for (const c of RULE_CASES) {
    if (c.fen === null) continue;
    const strict = oracleMoves(c.variant, c.fen);
    const opt = oracleMoves(c.variant, c.fen, { optionalCapture: true });
    const strictCaptures = strict.filter((m) => m.captured.length > 0);
    assert.deepEqual(opt.filter((m) => m.captured.length > 0), strictCaptures, c.fen);
    if (strictCaptures.length === 0) assert.deepEqual(opt, strict, c.fen);
  }
  // From the start no capture is possible in the first two plies; later the house rule
  // only adds moves.
  // (Thai's men start with four empty rows between them: no capture before ply 5. Frysk's
  // start eight rows apart and meet only at ply 8, too deep for the oracle here.)
  for (const v of VARIANT_NAMES.filter((name) => name !== 'frysk')) {
    const later = v === 'thai' ? 5 : 4;
    assert.equal(oraclePerft(v, null, later - 2, { optionalCapture: true }), oraclePerft(v, null, later - 2));
    assert.ok(oraclePerft(v, null, later, { optionalCapture: true }) > oraclePerft(v, null, later), v);
  }
});

// ---------------------------------------------------------------------------------------------
// Hand-made positions for rules the published data hardly exercises. Squares are algebraic
// (file a.. from White's left, rank 1 at White's side); the expected lists were worked out by
// hand from RULES.md.

/** The paths of the moves (or routes), written algebraically, e.g. "a1:d4:b6", sorted. */
function algebraicPaths(variant: string, moves: OracleMove[]): string[] {
  const g = rulesOf(variant).geometry;
  return moves
    .map((m) => m.path.map((sq) => algebraicName(g, sq)).join(m.captured.length > 0 ? ':' : '-'))
    .sort();
}

test('oracle landing rule for flying kings (RULES.md 4.4)', () => {
  // The king takes c3 and may land on d4..h8; only from d4 can it go on (taking c5), so it
  // must land there. Without the rule a1:e5, a1:f6, a1:g7, a1:h8 would be legal too.
  for (const v of ['russian', 'czech', 'brazilian']) {
    assert.deepEqual(algebraicPaths(v, oracleMoves(v, 'W:WKa1:Bc3,c5')), ['a1:d4:a7', 'a1:d4:b6'], v);
  }
  // A man promoted mid-capture (russian) obeys it too: h6:f8, then f8:b4 (the king must
  // land on b4, not a3, because only from b4 can it take d2).
  assert.deepEqual(algebraicPaths('russian', oracleMoves('russian', 'W:Wh6:Bg7,c5,d2')), ['h6:f8:b4:e1']);
});

test('oracle keep convention: landing between two captures on one line is not a new route (RULES.md 4.2)', () => {
  // a1 takes c3, lands on d4 or e5, takes f6 straight on, lands on g7 or h8: two routes.
  const straight = oracleRoutes('russian', 'W:WKa1:Bc3,f6');
  assert.deepEqual(algebraicPaths('russian', straight), ['a1:d4:g7', 'a1:d4:h8']);
  assert.equal(oraclePerft('russian', 'W:WKa1:Bc3,f6', 1, { duplicates: 'keep' }), 2n);
  // Turning on d4 (to take c5) is a different route from going straight on to f6.
  const turning = oracleRoutes('russian', 'W:WKa1:Bc3,c5,f6');
  assert.deepEqual(algebraicPaths('russian', turning), ['a1:d4:a7', 'a1:d4:b6', 'a1:d4:g7', 'a1:d4:h8']);
  // A loop taken both ways: two routes, one move (the international rule case with 38...38).
  assert.equal(oracleRoutes('russian', 'W:WKd2:Bc5,e5,c3,e3').length, 4);
  assert.equal(oracleMoves('russian', 'W:WKd2:Bc5,e5,c3,e3').length, 3);
});

test('oracle czech precedence: a king capture beats any man capture (RULES.md 4.1)', () => {
  // The man a3 can take two (b4, b6); the king f2 can take one (b6 or g3).
  const fen = 'W:Wa3,Kf2:Bb4,b6,g3';
  assert.deepEqual(algebraicPaths('czech', oracleMoves('czech', fen)), ['f2:a7', 'f2:h4']);
  // Russian: free choice among all three; brazilian: the majority capture only.
  assert.deepEqual(algebraicPaths('russian', oracleMoves('russian', fen)), ['a3:c5:a7', 'f2:a7', 'f2:h4']);
  assert.deepEqual(algebraicPaths('brazilian', oracleMoves('brazilian', fen)), ['a3:c5:a7']);
  // Without a king capture, men capture freely.
  assert.deepEqual(algebraicPaths('czech', oracleMoves('czech', 'W:Wa3,Kh8:Bb4,b6,g3')), ['a3:c5:a7']);
});

test('oracle spanish and italian precedence on equal counts (RULES.md 4.1)', () => {
  // Mirrored board: d3 may take the man c4 or the king e4, one piece either way.
  const fen = 'W:Wd3:Bc4,Ke4';
  // spanish: most kings captured.
  assert.deepEqual(algebraicPaths('spanish', oracleMoves('spanish', fen)), ['d3:f5']);
  // italian: a man may not capture a king at all.
  assert.deepEqual(algebraicPaths('italian', oracleMoves('italian', fen)), ['d3:b5']);
  // italian, mid-sequence: after c2:e4 the king on f5 is a wall to the man.
  assert.deepEqual(algebraicPaths('italian', oracleMoves('italian', 'W:Wc2:Bd3,Kf5')), ['c2:e4']);
  assert.deepEqual(algebraicPaths('spanish', oracleMoves('spanish', 'W:Wc2:Bd3,Kf5')), ['c2:e4:g6']);
});

test('oracle Turkish strike: captured pieces block until the move is over (RULES.md 4.5)', () => {
  // English: the king c3 takes d4 and lands on e5; d4 cannot be jumped again (back to the
  // empty start square c3), so the move ends on e5.
  assert.deepEqual(algebraicPaths('english', oracleMoves('english', 'W:WKc3:Bd4')), ['c3:e5']);
  // International: the king 25 cannot cross 38 after capturing it (published case 25x33).
  assert.deepEqual(
    oracleMoves('international', 'B:W27,28,38,39,42:BK25').map((m) => m.captured),
    [[27, 28, 39, 42]],
  );
  // The moving piece's start square is empty during the move: the king may pass and end there.
  const loops = oracleRoutes('international', 'W:WK38:B18,19,32,33').filter((m) => m.to === 38);
  assert.equal(loops.length, 2);
});

// ---------------------------------------------------------------------------------------------
// The further variants (RULES-more-variants.md), on the same hand-made positions as the
// engine's tests in rules.test.ts; the reasoning is written out there.

/** Numeric paths with the captured squares and a K for a crowning: "11x2x9 {6,7}". */
function numericMoves(moves: OracleMove[]): string[] {
  return moves.map((m) => `${m.path.join(m.captured.length > 0 ? 'x' : '-')} {${m.captured.join(',')}}${m.promotes ? ' K' : ''}`).sort();
}

test('oracle pool: a man passing the far row mid-capture stays a man (section 2)', () => {
  assert.deepEqual(numericMoves(oracleMoves('pool', 'W:W11:B6,7')), ['11x2x9 {6,7}']);
  assert.deepEqual(numericMoves(oracleMoves('russian', 'W:W11:B6,7')), ['11x2x13 {6,7} K', '11x2x9 {6,7} K']);
  assert.deepEqual(numericMoves(oracleMoves('pool', 'W:W10:B6')), ['10x1 {6} K']);
});

test('oracle thai: land right behind, pieces removed at once, no turning back (section 3)', () => {
  assert.deepEqual(numericMoves(oracleMoves('thai', 'W:WK29:B18')), ['29x15 {18}']);
  assert.deepEqual(numericMoves(oracleMoves('thai', 'W:WK26:B14,15,16,22,23')), [
    '26x17x10x19x12 {14,15,16,22}',
    '26x17x10x19x26 {14,15,22,23}',
    '26x19x10x17x26x12 {14,15,16,22,23}',
    '26x19x12 {16,23}',
  ]);
  assert.deepEqual(numericMoves(oracleMoves('thai', 'W:WK18:B15,22')), ['18x11 {15}', '18x25 {22}']);
  assert.deepEqual(numericMoves(oracleMoves('thai', 'W:W14:B18')), ['14-10 {}', '14-9 {}']);
});

test('oracle killer: a king taking a king last halts right behind it (section 7)', () => {
  assert.deepEqual(numericMoves(oracleMoves('killer', 'W:WK46:BK28')), ['46x23 {28}']);
  assert.deepEqual(numericMoves(oracleMoves('international', 'W:WK46:BK28')).length, 5);
  assert.deepEqual(numericMoves(oracleMoves('killer', 'W:WK46:B28,K13')), ['46x19x8 {13,28}']);
  assert.deepEqual(numericMoves(oracleMoves('killer', 'W:WK46:BK28,9')), ['46x14x3 {9,28}']);
});

test('oracle turkish: orthogonal men and kings, pieces removed at once, no turning back, pass (section 4)', () => {
  // Squares: 8 * row + column + 1 (a8 = 1, d4 = 36); captured squares listed by number. The
  // positions and their reasoning are those of tests/turkish.test.ts.
  const alg = (v: string, fen: string, opts = {}) => oracleMoves(v, fen, opts).map((m) => {
    const g = rulesOf(v).geometry;
    const names = m.path.map((s) => algebraicName(g, s)).join(m.captured.length > 0 ? 'x' : '-');
    return `${names}${m.captured.length > 0 ? ` {${m.captured.map((s) => algebraicName(g, s)).join(',')}}` : ''}${m.promotes ? ' K' : ''}`;
  }).sort();
  // Men: forward and sideways steps; captures forward and sideways, never backwards.
  assert.deepEqual(alg('turkish', 'W:Wd4:Bh8'), ['d4-c4', 'd4-d5', 'd4-e4']);
  assert.deepEqual(alg('turkish', 'W:Wd4:Bd5,c4,e4,d3'), ['d4xb4 {c4}', 'd4xd6 {d5}', 'd4xf4 {e4}']);
  assert.deepEqual(alg('turkish', 'W:Wd4:Bd3'), ['d4-c4', 'd4-d5', 'd4-e4']);
  // Most pieces, with a turning man.
  assert.deepEqual(alg('turkish', 'W:Wa3,h3:Ba4,b5,c6,h4'), ['a3xa5xc5xc7 {c6,b5,a4}']);
  // A flying king crossing the square of a piece it took (c3), four pieces.
  assert.deepEqual(alg('turkish', 'W:WKc1:Bc3,e5,f4,b3'), ['c1xc5xf5xf3xa3 {e5,f4,b3,c3}']);
  // No 180 degree turn.
  assert.deepEqual(alg('turkish', 'W:WKd4:Bd6,d2'), ['d4xd1 {d2}', 'd4xd7 {d6}', 'd4xd8 {d6}']);
  // Pass: the man goes on sideways along the far row and is crowned at the end.
  assert.deepEqual(alg('turkish', 'W:Wb6:Bb7,c8,e8'), ['b6xb8xd8xf8 {c8,e8,b7} K']);
  // Keep counts both landing squares before a capture straight on; drop one move per end.
  assert.equal(oracleRoutes('turkish', 'W:WKa1:Ba3,a6').length, 4);
  assert.equal(oracleMoves('turkish', 'W:WKa1:Ba3,a6').length, 2);
});

test('oracle frisian: eight capture lines, the value rule, king first, pass, the king-move limit (section 5)', () => {
  // The positions and their reasoning are those of tests/frisian.test.ts.
  const keys = (variant: string, fen: string) => oracleMoves(variant, fen).map((m) => `${m.from}x${m.to} {${m.captured.join(',')}}${m.promotes ? ' K' : ''}`);
  // A man along its rank, along its file both ways, and turning from one to the other.
  assert.deepEqual(keys('frisian', 'W:W28:B29'), ['28x30 {29}']);
  assert.deepEqual(keys('frisian', 'W:W28:B18,38'), ['28x8 {18}', '28x48 {38}']);
  assert.deepEqual(keys('frisian', 'W:W28:B20,29'), ['28x10 {20,29}']);
  // A king up a file at any distance; it must land where the capture goes on.
  assert.deepEqual(keys('frisian', 'W:WK46:B26'), ['46x6 {26}', '46x16 {26}']);
  assert.deepEqual(keys('frisian', 'W:WK46:B8,26'), ['46x9 {8,26}', '46x10 {8,26}']);
  // Two men outweigh a king, a king one man; on equal value the king's capture.
  assert.deepEqual(keys('frisian', 'W:W36,45:BK31,24,40'), ['45x14 {24,40}']);
  assert.deepEqual(keys('frisian', 'W:W36,45:BK31,40'), ['36x27 {31}']);
  assert.deepEqual(keys('frisian', 'W:WK46,16,45:B36,40'), ['46x26 {36}']);
  assert.deepEqual(keys('frisian', 'W:WK46,16,45:B24,36,40'), ['45x14 {24,40}']);
  // Pass: over the far row and on, uncrowned; ending there, crowned.
  assert.deepEqual(keys('frisian', 'W:W13:B7,8'), ['13x11 {7,8}']);
  assert.deepEqual(keys('frisian', 'W:W13:B8'), ['13x2 {8} K']);
  // The king-move limit: three quiet moves made, only the man moves; only kings, no limit;
  // the streak goes on with the same king and ends with the man's move.
  assert.equal(oracleMoves('frisian', 'W:WK46,35:B5:+0+246').length, 9);
  assert.deepEqual(oracleMoves('frisian', 'W:WK46,35:B5:+0+346').map((m) => `${m.from}-${m.to}`), ['35-30']);
  assert.equal(oracleMoves('frisian', 'W:WK46:B5:+0+346').length, 8);
  const after = oraclePlay('frisian', 'W:WK46,35,36:B15:+0+246', oracleMoves('frisian', 'W:WK46,35,36:B15:+0+246').find((m) => m.from === 46 && m.to === 41)!);
  assert.equal(after, 'B:W35-36,K41:B15:+0+341');
  const manMoved = oraclePlay('frisian', 'W:W35,K41:B20:+0+341', oracleMoves('frisian', 'W:W35,K41:B20:+0+341')[0]!);
  assert.equal(manMoved, 'B:W30,K41:B20');
});

test('oracle frysk: five men a side, perft 1-3 worked out by hand (section 6)', () => {
  // See tests/frisian.test.ts: 9 first moves, 9 replies, then 9 or 8 moves for White: 657.
  assert.equal(oracleStartFen('frysk'), 'W:W46-50:B1-5');
  assert.deepEqual([1, 2, 3].map((d) => oraclePerft('frysk', null, d)), [9n, 81n, 657n]);
});

test('oracle canadian: the hand-made positions of tests/canadian.test.ts (section 8)', () => {
  // The reasoning is beside each position there; here the oracle, written from the rule text
  // alone, must find the same moves (paths and captured squares by number).
  assert.deepEqual(numericMoves(oracleMoves('canadian', 'W:WK67:B50,8')), ['67x34x1 {8,50}']);
  assert.deepEqual(numericMoves(oracleMoves('canadian', 'W:W50:BK44,45,34')), ['50x39x28 {34,45}']);
  assert.deepEqual(numericMoves(oracleMoves('canadian', 'W:W13:B8,9')), ['13x2x15 {8,9}']);
  assert.deepEqual(numericMoves(oracleMoves('canadian', 'W:WK56:B25,27,50,57')), ['56x34x14x31 {25,27,50}']);
  // Round a loop both ways: 7 moves, 8 routes.
  assert.equal(oracleMoves('canadian', 'W:WK51:B33,34,45,46').length, 7);
  assert.equal(oracleRoutes('canadian', 'W:WK51:B33,34,45,46').length, 8);
  // The a1 king's long diagonal, and the steps at the edges and across rows 9-10.
  assert.equal(oracleMoves('canadian', 'W:WK67:B1').length, 11);
  assert.deepEqual(numericMoves(oracleMoves('canadian', 'B:W67:B60')), ['60-65 {}', '60-66 {}']);
});

// ---------------------------------------------------------------------------------------------
// Published start-position perft counts

for (const variant of VARIANT_NAMES.filter((v) => v !== 'frysk')) {
  const { both, drop } = DEPTHS[variant];
  const table = TABLE_OF[variant] ?? variant;
  const rows = START.filter(
    (e) =>
      e.variant === table &&
      e.fen === null &&
      (e.depth <= both || (e.depth <= drop && e.duplicates === 'drop')),
  );
  const conventions = [...new Set(rows.map((e) => e.duplicates))].sort().reverse().join(' and ');
  const title = `${drop > both ? `1..${both} keep and drop, ${drop} drop` : `1..${both}, ${conventions}`}${table !== variant ? ` (${table}'s table)` : ''}`;
  test(`oracle perft from the ${variant} start position, depth ${title}`, () => {
    // Every variant has a published drop table (its own or the one whose moves it plays) but
    // turkish; thai and canadian have no keep row.
    assert.ok(variant === 'turkish' || rows.some((e) => e.duplicates === 'drop'));
    assert.ok(variant === 'thai' || variant === 'canadian' || rows.some((e) => e.duplicates === 'keep'));
    for (const e of rows) {
      const duplicates = e.duplicates === 'keep' ? 'keep' : 'drop';
      const got = oraclePerft(variant, null, e.depth, { duplicates });
      assert.equal(got, BigInt(e.nodes_str), `${variant} perft(${e.depth}) ${duplicates} [${e.source}]`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Published rule cases (depth 1)

for (const c of RULE_CASES) {
  if (c.fen === null || c.depth !== 1) continue;
  const fen = c.fen;
  test(`oracle rule case ${c.variant} ${fen} (${c.duplicates})`, () => {
    const moves = oracleMoves(c.variant, fen);
    const routes = oracleRoutes(c.variant, fen);
    const expected = BigInt(c.nodes_str);
    const where = `${c.variant} ${fen} [${c.source}]`;
    if (c.duplicates === 'keep') {
      assert.equal(BigInt(routes.length), expected, `${where}: routes ${show(routes)}`);
    } else if (c.duplicates === 'unknown') {
      // The source does not say how it counts duplicate routes: here both counts agree.
      assert.equal(BigInt(moves.length), expected, `${where}: moves ${show(moves)}`);
      assert.equal(BigInt(routes.length), expected, `${where}: routes ${show(routes)}`);
    } else {
      assert.equal(BigInt(moves.length), expected, `${where}: moves ${show(moves)}`);
      if (c.duplicates === 'n/a') assert.equal(routes.length, moves.length, where);
    }
    // The perft entry point must agree with the move list.
    const dup = c.duplicates === 'keep' ? 'keep' : 'drop';
    assert.equal(oraclePerft(c.variant, fen, 1, { duplicates: dup }), expected, where);

    if (c.moves === null || c.moves === undefined) return;
    const isCapture = (w: string) => /[x:]/.test(w);
    if (c.duplicates === 'keep') {
      // Every written route is a distinct generated route.
      const ok = pairOneToOne(c.moves, routes, (w, m) =>
        notationMatches(notationSquares(c.variant, w), m, isCapture(w)),
      );
      assert.ok(ok, `${where}: expected routes ${c.moves.join(' ')}, got ${show(routes)}`);
    } else {
      // Exact move list: each written move is exactly one generated move, and a written full
      // path must be one of the legal routes of that move.
      const ok = pairOneToOne(c.moves, moves, (w, m) => {
        const squares = notationSquares(c.variant, w);
        const key = (x: OracleMove) => `${x.from}-${x.to}:${x.captured.join(',')}`;
        return routes.some((r) => key(r) === key(m) && notationMatches(squares, r, isCapture(w)));
      });
      assert.ok(ok, `${where}: expected moves ${c.moves.join(' ')}, got ${show(moves)}`);
    }
  });
}
