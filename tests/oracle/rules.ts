// Oracle: the legal move generator, written to be read side by side with RULES.md.
//
// Plain on purpose: a mailbox board, a recursive capture search that keeps the captured
// pieces on the board until the move is over (Turkish strike), and the precedence rules of
// section 4.1 written as filters over the list of all complete capture routes.
//
// The further variants of RULES-more-variants.md are here too, read from that text: pool
// (section 2), thai (3: a king lands right behind what it takes, pieces leave the board as
// they are taken, no jump turns straight back), killer (7: the halt behind a king taken last),
// antidraughts and breakthrough (9: international's moves), and turkish (4: all 64 squares,
// men forward and sideways, kings and captures along ranks and files, pieces leaving the
// board as they are taken, no jump straight back, most pieces, a man crowned only where its
// capture ends), frisian and frysk (5 and 6: captures along the diagonals, ranks and files,
// where along a rank or file the next playable square is two squares away; the capture of
// highest value, a king worth a little less than two men, then one made by a king; no more
// than three moves without capture in a row with one king while the side has a man), and
// canadian (8: international's rules on 12x12 with 30 men a side).

import {
  Color,
  Geometry,
  Piece,
  Position,
  VARIANT_NAMES,
  VariantName,
  coordsOf,
  copyPosition,
  forwardRowStep,
  geometryFor,
  onBoard,
  opponent,
  promotionRow,
} from './board.js';

// ---------------------------------------------------------------------------------------------
// Section 1: the variants

/** What a man does when a capture brings it to the far row (RULES.md 4.7). */
export type PromotionDuringCapture =
  /** It becomes a king and the move ends there (english, italian, spanish, czech). */
  | 'stop'
  /** It becomes a king at once and goes on capturing as a flying king (russian). */
  | 'continue-as-king'
  /** It stays a man and goes on capturing; it promotes only if the move ends there. */
  | 'continue-as-man';

export type Precedence = 'free' | 'czech' | 'majority' | 'spanish' | 'italian' | 'value';

export interface VariantRules {
  name: VariantName;
  geometry: Geometry;
  firstToMove: Color;
  menCaptureBackwards: boolean;
  flyingKings: boolean;
  menMayCaptureKings: boolean;
  precedence: Precedence;
  promotionDuringCapture: PromotionDuringCapture;
  /** Men of each side at the start: 12 on 8x8, 20 on 10x10, 30 on 12x12 (canadian), 8 in thai. */
  menPerSide: number;
  /** Thai: a king captures at any distance but lands on the square right behind the piece. */
  kingLandsRightBehind: boolean;
  /** Thai: each captured piece leaves the board as it is jumped (not at the end of the move). */
  removedAtOnce: boolean;
  /** Thai: a piece may go on in the same or a perpendicular direction, never straight back. */
  mayTurnBack: boolean;
  /** Killer: a king whose last capture takes a king must stop right behind it. */
  haltBehindKing: boolean;
  /**
   * Turkish: every square is used and everything moves along ranks and files; a man steps and
   * captures forwards or sideways, never backwards; the men start on the second and third
   * rows from each player.
   */
  orthogonal: boolean;
  /**
   * Turkish: the "keep" convention counts every route, also routes that differ only in where
   * a flying king stops between two captures on one line (RULES-more-variants.md 4 and 11:
   * the only published table counts capture routes "with no merging at all").
   */
  keepsEveryLanding: boolean;
  /** Frisian: men and kings capture along the four diagonals and the four ranks and files. */
  eightLines: boolean;
  /** Frisian: at most three moves without capture in a row with the same king, while the side has a man. */
  kingMoveLimit: boolean;
}

/** The further variants' own rules; every other variant has none of them. */
interface Extras {
  menPerSide?: number;
  kingLandsRightBehind?: boolean;
  removedAtOnce?: boolean;
  mayTurnBack?: boolean;
  haltBehindKing?: boolean;
  orthogonal?: boolean;
  keepsEveryLanding?: boolean;
  eightLines?: boolean;
  kingMoveLimit?: boolean;
}

type Row = Omit<VariantRules, 'name' | 'geometry' | keyof Extras> & Extras & { size: number; mirrored: boolean };

const INTERNATIONAL: Row = {
  size: 10, mirrored: false, firstToMove: 'W', menCaptureBackwards: true, flyingKings: true,
  menMayCaptureKings: true, precedence: 'majority', promotionDuringCapture: 'continue-as-man',
};

const TABLE: Record<VariantName, Row> = {
  english: {
    size: 8, mirrored: false, firstToMove: 'B', menCaptureBackwards: false, flyingKings: false,
    menMayCaptureKings: true, precedence: 'free', promotionDuringCapture: 'stop',
  },
  italian: {
    size: 8, mirrored: true, firstToMove: 'W', menCaptureBackwards: false, flyingKings: false,
    menMayCaptureKings: false, precedence: 'italian', promotionDuringCapture: 'stop',
  },
  international: {
    size: 10, mirrored: false, firstToMove: 'W', menCaptureBackwards: true, flyingKings: true,
    menMayCaptureKings: true, precedence: 'majority', promotionDuringCapture: 'continue-as-man',
  },
  brazilian: {
    size: 8, mirrored: false, firstToMove: 'W', menCaptureBackwards: true, flyingKings: true,
    menMayCaptureKings: true, precedence: 'majority', promotionDuringCapture: 'continue-as-man',
  },
  russian: {
    size: 8, mirrored: false, firstToMove: 'W', menCaptureBackwards: true, flyingKings: true,
    menMayCaptureKings: true, precedence: 'free', promotionDuringCapture: 'continue-as-king',
  },
  spanish: {
    size: 8, mirrored: true, firstToMove: 'W', menCaptureBackwards: false, flyingKings: true,
    menMayCaptureKings: true, precedence: 'spanish', promotionDuringCapture: 'stop',
  },
  czech: {
    size: 8, mirrored: false, firstToMove: 'W', menCaptureBackwards: false, flyingKings: true,
    menMayCaptureKings: true, precedence: 'czech', promotionDuringCapture: 'stop',
  },
  // Black first (APCA rule 7); men jump backwards; free choice; a man passing the far row
  // mid-capture stays a man and is crowned only if the move ends there.
  pool: {
    size: 8, mirrored: false, firstToMove: 'B', menCaptureBackwards: true, flyingKings: true,
    menMayCaptureKings: true, precedence: 'free', promotionDuringCapture: 'continue-as-man',
  },
  // 8 men a side; men capture forwards only; kings slide but land right behind; captured
  // pieces go at once; no 180 degree turn; free choice; a man reaching the far row stops.
  thai: {
    size: 8, mirrored: false, firstToMove: 'W', menCaptureBackwards: false, flyingKings: true,
    menMayCaptureKings: true, precedence: 'free', promotionDuringCapture: 'stop',
    menPerSide: 8, kingLandsRightBehind: true, removedAtOnce: true, mayTurnBack: false,
  },
  killer: { ...INTERNATIONAL, haltBehindKing: true },
  antidraughts: INTERNATIONAL,
  breakthrough: INTERNATIONAL,
  // 16 men a side on the second and third rows; White first; men forward and sideways; flying
  // kings on ranks and files; captured pieces go at once; no 180 degree turn; most pieces;
  // a man reaching the far row mid-capture goes on as a man (sideways) and is crowned at the end.
  turkish: {
    size: 8, mirrored: false, firstToMove: 'W', menCaptureBackwards: false, flyingKings: true,
    menMayCaptureKings: true, precedence: 'majority', promotionDuringCapture: 'continue-as-man',
    menPerSide: 16, removedAtOnce: true, mayTurnBack: false, orthogonal: true, keepsEveryLanding: true,
  },
  // International's board and start; men capture backwards; flying kings; captures along eight
  // lines; captured pieces stay until the move ends; the value rule; a man passing the far row
  // mid-capture goes on as a man; the king-move limit.
  frisian: { ...INTERNATIONAL, precedence: 'value', eightLines: true, kingMoveLimit: true },
  // Frisian from five men a side on the back rows.
  frysk: { ...INTERNATIONAL, precedence: 'value', eightLines: true, kingMoveLimit: true, menPerSide: 5 },
  // International in every respect on 12x12, 30 men a side on the first five rows.
  canadian: { ...INTERNATIONAL, size: 12, menPerSide: 30 },
};

export function rulesOf(variant: string): VariantRules {
  if (!(VARIANT_NAMES as readonly string[]).includes(variant)) {
    throw new Error(`unknown variant "${variant}"`);
  }
  const name = variant as VariantName;
  const t = TABLE[name];
  return {
    name,
    geometry: geometryFor(t.size, t.mirrored, t.orthogonal ?? false),
    firstToMove: t.firstToMove,
    menCaptureBackwards: t.menCaptureBackwards,
    flyingKings: t.flyingKings,
    menMayCaptureKings: t.menMayCaptureKings,
    precedence: t.precedence,
    promotionDuringCapture: t.promotionDuringCapture,
    menPerSide: t.menPerSide ?? (t.size === 10 ? 20 : 12),
    kingLandsRightBehind: t.kingLandsRightBehind ?? false,
    removedAtOnce: t.removedAtOnce ?? false,
    mayTurnBack: t.mayTurnBack ?? true,
    haltBehindKing: t.haltBehindKing ?? false,
    orthogonal: t.orthogonal ?? false,
    keepsEveryLanding: t.keepsEveryLanding ?? false,
    eightLines: t.eightLines ?? false,
    kingMoveLimit: t.kingMoveLimit ?? false,
  };
}

// ---------------------------------------------------------------------------------------------
// Moves

export interface OracleMove {
  from: number;
  to: number;
  /** Squares visited: the origin, every landing square, the destination. */
  path: number[];
  /** Captured squares, sorted ascending. */
  captured: number[];
  /** The moving man is a king at the end of the move (and was not one before). */
  promotes: boolean;
}

export interface GenerateOptions {
  optionalCapture?: boolean;
}

/** The four diagonal directions as (row step, column step). */
const DIAGONALS: readonly [number, number][] = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];

/** The four directions along ranks and files (turkish). */
const ORTHOGONALS: readonly [number, number][] = [
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, 0],
];

/**
 * Frisian's ranks and files on the board of dark squares: the next playable square is two
 * columns (or two rows) away, so one step along them is two cells.
 */
const FRISIAN_LINES: readonly [number, number][] = [
  ...DIAGONALS,
  [-2, 0],
  [0, -2],
  [0, 2],
  [2, 0],
];

/** Directions of moves without capture. */
function directionsOf(rules: VariantRules): readonly [number, number][] {
  return rules.orthogonal ? ORTHOGONALS : DIAGONALS;
}

/** Directions of captures: frisian adds ranks and files to the diagonals. */
function captureDirectionsOf(rules: VariantRules): readonly [number, number][] {
  return rules.eightLines ? FRISIAN_LINES : directionsOf(rules);
}

/**
 * May a man of `color` step or jump with row step `dr`? Forwards always; sideways (dr = 0) in
 * turkish; backwards only when capturing in the variants whose men capture backwards.
 */
function manMayGo(rules: VariantRules, color: Color, dr: number, capturing: boolean): boolean {
  // Frisian: a man captures along all eight lines.
  if (capturing && rules.eightLines) return true;
  if (dr === forwardRowStep(color)) return true;
  if (dr === 0) return rules.orthogonal;
  return capturing && rules.menCaptureBackwards;
}

// ---------------------------------------------------------------------------------------------
// Section 3: moves without capture

function quietMoves(rules: VariantRules, pos: Position): OracleMove[] {
  const g = pos.geometry;
  const moves: OracleMove[] = [];
  for (let r = 0; r < g.size; r++) {
    for (let c = 0; c < g.size; c++) {
      const piece = pos.cells[r][c];
      if (piece === null || piece.color !== pos.sideToMove) continue;
      const from = g.numbers[r][c];
      for (const [dr, dc] of directionsOf(rules)) {
        if (!piece.king) {
          // A man steps one square diagonally forward onto an empty square (turkish: forward
          // or sideways).
          if (!manMayGo(rules, piece.color, dr, false)) continue;
          const tr = r + dr;
          const tc = c + dc;
          if (onBoard(g, tr, tc) && pos.cells[tr][tc] === null) {
            const to = g.numbers[tr][tc];
            moves.push({ from, to, path: [from, to], captured: [], promotes: tr === promotionRow(g, piece.color) });
          }
        } else if (!rules.flyingKings) {
          // A short king steps one square diagonally in any direction.
          const tr = r + dr;
          const tc = c + dc;
          if (onBoard(g, tr, tc) && pos.cells[tr][tc] === null) {
            const to = g.numbers[tr][tc];
            moves.push({ from, to, path: [from, to], captured: [], promotes: false });
          }
        } else {
          // A flying king slides over any number of empty squares.
          let tr = r + dr;
          let tc = c + dc;
          while (onBoard(g, tr, tc) && pos.cells[tr][tc] === null) {
            const to = g.numbers[tr][tc];
            moves.push({ from, to, path: [from, to], captured: [], promotes: false });
            tr += dr;
            tc += dc;
          }
        }
      }
    }
  }
  return moves;
}

// ---------------------------------------------------------------------------------------------
// Section 4: captures

/** One jump of a capture: the piece captured, where it was, the landing square, the direction. */
interface Jump {
  capturedSquare: number;
  capturedKing: boolean;
  landing: number;
  dr: number;
  dc: number;
}

/** A complete capture route, as found by the search, before the precedence rules. */
export interface CaptureRoute {
  from: number;
  /** The moving piece was a king when the move started. */
  byKing: boolean;
  jumps: Jump[];
  /** The piece is a king at the end of the move and was a man at its start. */
  promotes: boolean;
}

interface SearchState {
  rules: VariantRules;
  pos: Position;
  mover: Color;
  from: number;
  byKing: boolean;
  /** Squares (numbers) of the pieces already captured in this move: they stay on the board. */
  taken: Set<number>;
  jumps: Jump[];
  out: CaptureRoute[];
}

/**
 * Is (r, c) empty for the moving piece? Nothing stands there; or, where captured pieces leave
 * the board as they are jumped (thai), a piece taken earlier in this move stood there.
 */
function isEmpty(s: SearchState, r: number, c: number): boolean {
  if (s.pos.cells[r][c] === null) return true;
  return s.rules.removedAtOnce && s.taken.has(s.pos.geometry.numbers[r][c]);
}

/** Would a jump in (dr, dc) turn straight back on the jump before it, where the variant forbids that? */
function turnsBack(s: SearchState, dr: number, dc: number): boolean {
  if (s.rules.mayTurnBack || s.jumps.length === 0) return false;
  const last = s.jumps[s.jumps.length - 1];
  return last.dr === -dr && last.dc === -dc;
}

/**
 * Is there an enemy piece at (r, c) that this piece may capture now? It must not have been
 * captured already in this move (RULES.md 4.5), and in italian a man may not capture a king.
 */
function capturable(s: SearchState, r: number, c: number, asKing: boolean): boolean {
  const target = s.pos.cells[r][c];
  if (target === null || target.color === s.mover) return false;
  if (s.taken.has(s.pos.geometry.numbers[r][c])) return false;
  if (!asKing && target.king && !s.rules.menMayCaptureKings) return false;
  return true;
}

/**
 * Searches on from (r, c), where the moving piece stands (as a king or a man), after the
 * jumps already in s.jumps. Returns true if at least one further jump was possible (then the
 * routes through it have been recorded); false if the piece cannot capture from here.
 */
function continueCapture(s: SearchState, r: number, c: number, asKing: boolean): boolean {
  if (asKing && s.rules.kingLandsRightBehind) return landRightBehindJumps(s, r, c);
  if (asKing && s.rules.flyingKings) return flyingKingJumps(s, r, c);
  return shortJumps(s, r, c, asKing);
}

/**
 * Thai: a king slides over any number of empty squares to an enemy piece and lands on the
 * square right behind it, which must be empty; it may go on only from there.
 */
function landRightBehindJumps(s: SearchState, r: number, c: number): boolean {
  const g = s.pos.geometry;
  let found = false;
  for (const [dr, dc] of captureDirectionsOf(s.rules)) {
    if (turnsBack(s, dr, dc)) continue;
    let vr = r + dr;
    let vc = c + dc;
    while (onBoard(g, vr, vc) && isEmpty(s, vr, vc)) {
      vr += dr;
      vc += dc;
    }
    if (!onBoard(g, vr, vc) || !capturable(s, vr, vc, true)) continue;
    const lr = vr + dr;
    const lc = vc + dc;
    if (!onBoard(g, lr, lc) || !isEmpty(s, lr, lc)) continue;
    found = true;
    const jump: Jump = { capturedSquare: g.numbers[vr][vc], capturedKing: s.pos.cells[vr][vc]!.king, landing: g.numbers[lr][lc], dr, dc };
    afterLanding(s, jump, lr, lc, true);
  }
  return found;
}

/** A man, or a short king, jumps over an adjacent enemy piece onto the empty square behind it. */
function shortJumps(s: SearchState, r: number, c: number, asKing: boolean): boolean {
  const g = s.pos.geometry;
  let found = false;
  for (const [dr, dc] of captureDirectionsOf(s.rules)) {
    if (!asKing && !manMayGo(s.rules, s.mover, dr, true)) continue;
    if (turnsBack(s, dr, dc)) continue;
    const vr = r + dr;
    const vc = c + dc;
    const lr = r + 2 * dr;
    const lc = c + 2 * dc;
    if (!onBoard(g, lr, lc)) continue;
    if (!capturable(s, vr, vc, asKing)) continue;
    // "Empty" means nothing at all: a piece captured earlier in this move still occupies
    // its square (except in thai). The moving piece's own start square was emptied when the
    // search began.
    if (!isEmpty(s, lr, lc)) continue;
    found = true;
    const jump: Jump = {
      capturedSquare: g.numbers[vr][vc],
      capturedKing: s.pos.cells[vr][vc]!.king,
      landing: g.numbers[lr][lc],
      dr,
      dc,
    };
    afterLanding(s, jump, lr, lc, asKing);
  }
  return found;
}

/**
 * A flying king: any number of empty squares, one enemy piece, then any empty square of the
 * run behind it. Landing rule (4.4): if some of those landing squares allow the capture to go
 * on, it must land on one of those.
 */
function flyingKingJumps(s: SearchState, r: number, c: number): boolean {
  const g = s.pos.geometry;
  let found = false;
  for (const [dr, dc] of captureDirectionsOf(s.rules)) {
    if (turnsBack(s, dr, dc)) continue;
    // Slide over empty squares up to the first occupied one.
    let vr = r + dr;
    let vc = c + dc;
    while (onBoard(g, vr, vc) && isEmpty(s, vr, vc)) {
      vr += dr;
      vc += dc;
    }
    if (!onBoard(g, vr, vc)) continue;
    // The first piece met must be an enemy piece not yet captured (a captured piece blocks).
    if (!capturable(s, vr, vc, true)) continue;
    // The landing squares: the run of empty squares right behind it.
    const landings: [number, number][] = [];
    let lr = vr + dr;
    let lc = vc + dc;
    while (onBoard(g, lr, lc) && isEmpty(s, lr, lc)) {
      landings.push([lr, lc]);
      lr += dr;
      lc += dc;
    }
    if (landings.length === 0) continue;
    found = true;
    const capturedSquare = g.numbers[vr][vc];
    const capturedKing = s.pos.cells[vr][vc]!.king;

    // Which landing squares let the capture continue?
    s.taken.add(capturedSquare);
    const continuing = landings.filter(([ar, ac]) => canCaptureFrom(s, ar, ac, dr, dc));
    s.taken.delete(capturedSquare);

    let allowed = continuing.length > 0 ? continuing : landings;
    // Killer: when this is the last capture and it takes a king, the king stops right behind it.
    if (continuing.length === 0 && capturedKing && s.rules.haltBehindKing) allowed = [landings[0]];
    for (const [ar, ac] of allowed) {
      const jump: Jump = { capturedSquare, capturedKing, landing: g.numbers[ar][ac], dr, dc };
      afterLanding(s, jump, ar, ac, true);
    }
  }
  return found;
}

/**
 * Could a flying king standing at (r, c), having arrived moving in (ar, ac), capture anything,
 * given the pieces taken so far? (One jump is enough to know: the landing rule only asks
 * whether the capture can go on.) Where no jump may turn straight back, that way is no option.
 */
function canCaptureFrom(s: SearchState, r: number, c: number, ar: number, ac: number): boolean {
  const g = s.pos.geometry;
  for (const [dr, dc] of captureDirectionsOf(s.rules)) {
    if (!s.rules.mayTurnBack && dr === -ar && dc === -ac) continue;
    let vr = r + dr;
    let vc = c + dc;
    while (onBoard(g, vr, vc) && isEmpty(s, vr, vc)) {
      vr += dr;
      vc += dc;
    }
    if (!onBoard(g, vr, vc) || !capturable(s, vr, vc, true)) continue;
    const lr = vr + dr;
    const lc = vc + dc;
    if (onBoard(g, lr, lc) && isEmpty(s, lr, lc)) return true;
  }
  return false;
}

/** Records the jump, then either goes on capturing or ends the route here. */
function afterLanding(s: SearchState, jump: Jump, r: number, c: number, asKing: boolean): void {
  const g = s.pos.geometry;
  s.taken.add(jump.capturedSquare);
  s.jumps.push(jump);

  const onFarRow = r === promotionRow(g, s.mover);
  let ended = false;
  if (!asKing && onFarRow && s.rules.promotionDuringCapture === 'stop') {
    // english, italian, spanish, czech: the man becomes a king and the move ends.
    ended = true;
  } else if (!asKing && onFarRow && s.rules.promotionDuringCapture === 'continue-as-king') {
    // russian: the man becomes a king at once and goes on as a (flying) king if it can.
    ended = !continueCapture(s, r, c, true);
  } else {
    // A king, or a man anywhere else, or (international, brazilian) a man on the far row,
    // which keeps capturing as a man.
    ended = !continueCapture(s, r, c, asKing);
  }

  if (ended) {
    const becameKing = !s.byKing && (asKing || onFarRow);
    s.out.push({ from: s.from, byKing: s.byKing, jumps: s.jumps.slice(), promotes: becameKing });
  }

  s.jumps.pop();
  s.taken.delete(jump.capturedSquare);
}

/** Every complete capture route of every piece of the side to move, before precedence. */
export function allCaptureRoutes(rules: VariantRules, pos: Position): CaptureRoute[] {
  const g = pos.geometry;
  const out: CaptureRoute[] = [];
  const s: SearchState = {
    rules,
    pos,
    mover: pos.sideToMove,
    from: 0,
    byKing: false,
    taken: new Set<number>(),
    jumps: [],
    out,
  };
  for (let r = 0; r < g.size; r++) {
    for (let c = 0; c < g.size; c++) {
      const piece: Piece | null = pos.cells[r][c];
      if (piece === null || piece.color !== pos.sideToMove) continue;
      // The square the moving piece started from counts as empty during its move.
      pos.cells[r][c] = null;
      s.from = g.numbers[r][c];
      s.byKing = piece.king;
      continueCapture(s, r, c, piece.king);
      pos.cells[r][c] = piece;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Section 4.1: which capture must be played

function piecesCaptured(route: CaptureRoute): number {
  return route.jumps.length;
}

function kingsCaptured(route: CaptureRoute): number {
  return route.jumps.filter((j) => j.capturedKing).length;
}

/** The jump indices (1, 2, ...) at which kings are captured. */
function kingPositions(route: CaptureRoute): number[] {
  const positions: number[] = [];
  route.jumps.forEach((j, i) => {
    if (j.capturedKing) positions.push(i + 1);
  });
  return positions;
}

function keepMaximum(routes: CaptureRoute[], score: (r: CaptureRoute) => number): CaptureRoute[] {
  if (routes.length === 0) return routes;
  const best = Math.max(...routes.map(score));
  return routes.filter((r) => score(r) === best);
}

/** Lexicographic comparison of two equally long lists of numbers. */
function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

export function applyPrecedence(rules: VariantRules, routes: CaptureRoute[]): CaptureRoute[] {
  switch (rules.precedence) {
    case 'free':
      // english, russian: any complete capture.
      return routes;
    case 'czech': {
      // If at least one king has a capture, only king captures are legal.
      const byKings = routes.filter((r) => r.byKing);
      return byKings.length > 0 ? byKings : routes;
    }
    case 'majority':
      // international, brazilian: the maximum number of pieces, a king counting as a man.
      return keepMaximum(routes, piecesCaptured);
    case 'spanish': {
      // The maximum number of pieces; among those, the maximum number of kings.
      const most = keepMaximum(routes, piecesCaptured);
      return keepMaximum(most, kingsCaptured);
    }
    case 'value': {
      // Frisian: the highest value, counting a man 1 and a king 2 less a little: first
      // men + 2 × kings, then among equal totals the fewer kings.
      let left = keepMaximum(routes, (r) => piecesCaptured(r) + kingsCaptured(r));
      left = keepMaximum(left, (r) => -kingsCaptured(r));
      // Among captures of equal value, one made with a king must be played if there is one.
      const byKings = left.filter((r) => r.byKing);
      return byKings.length > 0 ? byKings : left;
    }
    case 'italian': {
      // 1. the maximum number of pieces;
      let left = keepMaximum(routes, piecesCaptured);
      // 2. a capture by a king beats a capture by a man (a man promoting counts as a man);
      const byKings = left.filter((r) => r.byKing);
      if (byKings.length > 0) left = byKings;
      // 3. the maximum number of kings captured;
      left = keepMaximum(left, kingsCaptured);
      // 4. earliest kings, compared lexicographically over the jump indices;
      if (left.length > 0) {
        let best = kingPositions(left[0]);
        for (const r of left) {
          const p = kingPositions(r);
          if (compareLists(p, best) < 0) best = p;
        }
        left = left.filter((r) => compareLists(kingPositions(r), best) === 0);
      }
      // 5. whatever is still tied is free choice.
      return left;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Section 4.2: identity of a move, and capture routes

function routeToMove(route: CaptureRoute): OracleMove {
  const last = route.jumps[route.jumps.length - 1];
  return {
    from: route.from,
    to: last.landing,
    path: [route.from, ...route.jumps.map((j) => j.landing)],
    captured: route.jumps.map((j) => j.capturedSquare).sort((a, b) => a - b),
    promotes: route.promotes,
  };
}

/**
 * The key that tells routes apart for the "keep" convention: the pieces in the order they are
 * captured, and every landing square except one that is followed by a capture straight on in
 * the same direction (there the king passes the same squares wherever it lands).
 */
function routeKey(rules: VariantRules, route: CaptureRoute): string {
  const parts: string[] = [String(route.from)];
  route.jumps.forEach((j, i) => {
    const next = route.jumps[i + 1];
    const straightOn = !rules.keepsEveryLanding && next !== undefined && next.dr === j.dr && next.dc === j.dc;
    parts.push(`x${j.capturedSquare}@${straightOn ? '*' : j.landing}`);
  });
  return parts.join(' ');
}

/** The key of a move for the "drop" convention: origin, destination, set of captured squares. */
function moveKey(m: OracleMove): string {
  // Whether the man promotes is the same for all routes of one move: where it promotes at
  // the end (international, brazilian) or the move stops on the far row (english, italian,
  // spanish, czech) it follows from the destination; in russian a man reaches the far row
  // only by jumping a piece on the row before it, which a route that never promotes cannot
  // capture (as a man it would land on the far row), so it follows from the captured set.
  return `${m.from}-${m.to}x${m.captured.join(',')}`;
}

function sortMoves(moves: OracleMove[]): OracleMove[] {
  return moves.sort(
    (a, b) =>
      a.from - b.from ||
      a.to - b.to ||
      compareLists(a.captured, b.captured) ||
      compareLists(a.path, b.path),
  );
}

function legalCaptureRoutes(rules: VariantRules, pos: Position): CaptureRoute[] {
  return applyPrecedence(rules, allCaptureRoutes(rules, pos));
}

/**
 * The legal moves, one per distinct (origin, destination, captured set): RULES.md 4.2.
 */
export function legalMoves(variant: string | VariantRules, pos: Position, opts: GenerateOptions = {}): OracleMove[] {
  const rules = typeof variant === 'string' ? rulesOf(variant) : variant;
  const routes = legalCaptureRoutes(rules, pos);
  const byKey = new Map<string, OracleMove>();
  for (const route of routes) {
    const m = routeToMove(route);
    const key = moveKey(m);
    if (!byKey.has(key)) byKey.set(key, m);
  }
  const captures = [...byKey.values()];
  if (captures.length > 0 && !opts.optionalCapture) return sortMoves(captures);
  return sortMoves([...captures, ...allowedQuietMoves(rules, pos)]);
}

/**
 * The moves without capture, less (frisian) those of a king that has made three of them in a
 * row while its side still has a man.
 */
function allowedQuietMoves(rules: VariantRules, pos: Position): OracleMove[] {
  const moves = quietMoves(rules, pos);
  const streak = pos.kingMoves?.[pos.sideToMove];
  if (!rules.kingMoveLimit || streak === undefined || streak.count < 3) return moves;
  const hasMan = pos.cells.some((row) => row.some((p) => p !== null && p.color === pos.sideToMove && !p.king));
  if (!hasMan) return moves;
  return moves.filter((m) => m.from !== streak.square);
}

/**
 * Every legal capture route (the "keep" convention of RULES.md 4.2), plus the quiet moves
 * where they are legal. Routes that differ only in where a flying king lands between two
 * captures on one straight line count once (the path shows the first such landing square),
 * except in turkish, whose published table counts each of them.
 */
export function legalRoutes(variant: string | VariantRules, pos: Position, opts: GenerateOptions = {}): OracleMove[] {
  const rules = typeof variant === 'string' ? rulesOf(variant) : variant;
  const routes = legalCaptureRoutes(rules, pos);
  const byKey = new Map<string, OracleMove>();
  for (const route of routes) {
    const key = routeKey(rules, route);
    if (!byKey.has(key)) byKey.set(key, routeToMove(route));
  }
  const captures = [...byKey.values()];
  if (captures.length > 0 && !opts.optionalCapture) return sortMoves(captures);
  return sortMoves([...captures, ...allowedQuietMoves(rules, pos)]);
}

// ---------------------------------------------------------------------------------------------
// Playing a move

/** The position after the move: captured pieces removed together, the piece moved, promoted. */
export function playMove(pos: Position, m: OracleMove): Position {
  const next = copyPosition(pos);
  const g = pos.geometry;
  const a = coordsOf(g, m.from);
  const piece = next.cells[a.r][a.c];
  if (piece === null || piece.color !== pos.sideToMove) {
    throw new Error(`no piece of the side to move on square ${m.from}`);
  }
  next.cells[a.r][a.c] = null;
  for (const sq of m.captured) {
    const q = coordsOf(g, sq);
    next.cells[q.r][q.c] = null;
  }
  const b = coordsOf(g, m.to);
  next.cells[b.r][b.c] = { color: piece.color, king: piece.king || m.promotes };
  next.sideToMove = opponent(pos.sideToMove);
  if (next.kingMoves !== undefined) {
    // Frisian: a king's move without capture goes on its streak (or starts one); any other
    // move of the side ends it.
    const before = next.kingMoves[pos.sideToMove];
    const quietKing = piece.king && m.captured.length === 0;
    next.kingMoves[pos.sideToMove] = !quietKing
      ? { count: 0, square: 0 }
      : { count: before.count > 0 && before.square === m.from ? Math.min(before.count + 1, 3) : 1, square: m.to };
    // (Past three, with only kings left, the count stays at three: more is the same to the rule.)
    // A streak whose king is taken names no king any more: it ends.
    const theirs = next.kingMoves[opponent(pos.sideToMove)];
    if (theirs.count > 0 && m.captured.includes(theirs.square)) next.kingMoves[opponent(pos.sideToMove)] = { count: 0, square: 0 };
  }
  return next;
}

export function startPosition(rules: VariantRules): Position {
  const g = rules.geometry;
  const perSide = rules.menPerSide; // 12 on 8x8, 20 on 10x10, 30 on 12x12, 8 in thai
  const cells: (Piece | null)[][] = [];
  for (let r = 0; r < g.size; r++) cells.push(new Array<Piece | null>(g.size).fill(null));
  for (let s = 1; s <= g.squareCount; s++) {
    const { r, c } = coordsOf(g, s);
    if (rules.orthogonal) {
      // Turkish: the second and third rows from each player, the back rows empty.
      if (r === 1 || r === 2) cells[r][c] = { color: 'B', king: false };
      else if (r === g.size - 3 || r === g.size - 2) cells[r][c] = { color: 'W', king: false };
    } else if (s <= perSide) cells[r][c] = { color: 'B', king: false };
    else if (s > g.squareCount - perSide) cells[r][c] = { color: 'W', king: false };
  }
  const kingMoves = rules.kingMoveLimit ? { kingMoves: { W: { count: 0, square: 0 }, B: { count: 0, square: 0 } } } : {};
  return { geometry: g, sideToMove: rules.firstToMove, cells, ...kingMoves };
}
