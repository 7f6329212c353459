// The static evaluation: a linear sum of weights (weights.ts) times features counted with
// bitboard masks, from White's side, turned to the side to move by the search. It is only
// ever asked about quiet positions (no capture pending): the search resolves captures first.
//
// The terms that are a weight per man's square (advancement, back guard, centre, runaways) are
// read from tables built from the weights (prepareEvaluation): a bitboard's men are summed a
// byte at a time, four or seven table reads instead of a count per row. The search prepares
// once per search; `evaluate` checks the weights on every call, for hosts that change them.

import { bit, count, diagonalTen, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, SE, SW, bitOfIndex, boardSize, step } from "../board/geometry";
import { kingTargets } from "../movegen/quiet";
import { rules } from "../board/variants";
import { fullBoard, kingWindowsInUse, kingWindowsOf, patternIndex, patternScore, patternScoreOf, patternsInUse, pausePatterns, windowCount } from "./patterns";
import { kingWindowScore, kingWindowState } from "./king-windows";
import {
  ADVANCE, BACK_GUARD, BALANCE, CENTRE, DRIVE, FAMILIES, FAMILY_FRISIAN, KING, KING_MOBILITY, RUNAWAY, RUNAWAY_STEP, TRADE, WEIGHT_COUNT,
  weight, weightsOf,
} from "./weights";

// Masks per board, built once: the centre, the left and right halves, the long diagonal, and
// each bit's row (from the top: row 0 is White's promotion row) and column.
const MASKS_8 = memory.data(8 * 7);
const MASKS_10 = memory.data(8 * 7);
const ROW_OF_8 = memory.data(64);
const ROW_OF_10 = memory.data(64);
const COLUMN_OF_8 = memory.data(64);
const COLUMN_OF_10 = memory.data(64);
const MASK_CENTRE = 0;
const MASK_LEFT = 1;
const MASK_RIGHT = 2;
const MASK_LONG_DIAGONAL = 3;
/** The rows where a man of White (Black) is near enough promotion to be checked as a runaway. */
const MASK_NEAR_WHITE = 4;
const MASK_NEAR_BLACK = 5;
/** The two double corners: the playable squares beside the two unplayable corners. */
const MASK_DOUBLE_CORNERS = 6;
/** Per side (White first) and bit: the cone of squares in front of a man, up to promotion. */
const CONES_8 = memory.data(8 * 2 * 64);
const CONES_10 = memory.data(8 * 2 * 64);

@inline function mask<B>(which: i32): B {
  return <B>load<u64>((diagonalTen<B>() ? MASKS_10 : MASKS_8) + (<usize>which << 3));
}

@inline export function rowOf<B>(b: i32): i32 {
  return <i32>load<u8>((diagonalTen<B>() ? ROW_OF_10 : ROW_OF_8) + <usize>b);
}

/** Rows a man of this side on bit `b` has left to its crowning row (row 0 for White). */
@inline export function rowsLeft<B>(b: i32, white: bool): i32 {
  return white ? rowOf<B>(b) : boardSize<B>() - 1 - rowOf<B>(b);
}

@inline function columnOf<B>(b: i32): i32 {
  return <i32>load<u8>((diagonalTen<B>() ? COLUMN_OF_10 : COLUMN_OF_8) + <usize>b);
}

function buildMasks<B>(): void {
  const n = boardSize<B>();
  const half = n >> 1;
  const masks = diagonalTen<B>() ? MASKS_10 : MASKS_8;
  for (let index = 0; index < half * n; index++) {
    const row = index / half;
    const column = ((index % half) << 1) + ((row & 1) ^ 1);
    const b = bitOfIndex<B>(index);
    const at = <u64>bit<B>(b);
    store<u8>((diagonalTen<B>() ? ROW_OF_10 : ROW_OF_8) + <usize>b, <u8>row);
    store<u8>((diagonalTen<B>() ? COLUMN_OF_10 : COLUMN_OF_8) + <usize>b, <u8>column);
    const central = (row == half - 1 || row == half) && column >= 2 && column < n - 2;
    if (central) store<u64>(masks + (MASK_CENTRE << 3), load<u64>(masks + (MASK_CENTRE << 3)) | at);
    const side = column < half ? MASK_LEFT : MASK_RIGHT;
    store<u64>(masks + (<usize>side << 3), load<u64>(masks + (<usize>side << 3)) | at);
    // The long diagonal runs from the bottom-left corner (row n-1, column 0) to the top right.
    if (row + column == n - 1) store<u64>(masks + (MASK_LONG_DIAGONAL << 3), load<u64>(masks + (MASK_LONG_DIAGONAL << 3)) | at);
    // The unplayable corners are top left and bottom right; each has two playable neighbours.
    if (row + column == 1 || row + column == 2 * n - 3) store<u64>(masks + (MASK_DOUBLE_CORNERS << 3), load<u64>(masks + (MASK_DOUBLE_CORNERS << 3)) | at);
    // Runaways are looked for within three rows of promotion (four on 10×10).
    const reach = diagonalTen<B>() ? 4 : 3;
    if (row >= 1 && row <= reach) store<u64>(masks + (MASK_NEAR_WHITE << 3), load<u64>(masks + (MASK_NEAR_WHITE << 3)) | at);
    if (row <= n - 2 && row >= n - 1 - reach) store<u64>(masks + (MASK_NEAR_BLACK << 3), load<u64>(masks + (MASK_NEAR_BLACK << 3)) | at);
    for (let colour = 0; colour < 2; colour++) {
      const white = colour == 0;
      const rowsLeft = white ? row : n - 1 - row;
      let front = bit<B>(b);
      let cone: B = 0;
      for (let i = 0; i < rowsLeft; i++) {
        front = white ? step<B>(front, NW) | step<B>(front, NE) : step<B>(front, SW) | step<B>(front, SE);
        cone |= front;
      }
      store<u64>(coneAt<B>(white, b), <u64>cone);
    }
  }
}

@inline export function coneAt<B>(white: bool, b: i32): usize {
  return (diagonalTen<B>() ? CONES_10 : CONES_8) + (<usize>((white ? 0 : 64) + b) << 3);
}

buildMasks<u32>();
buildMasks<u64>();

/** The weight family of variant `V`: the terms it reads (weights.ts). */
@inline export function familyOf<V>(): i32 {
  return rules<V>().frisian ? FAMILY_FRISIAN : rules<V>().tenByTen ? 2 : rules<V>().flyingKings ? 1 : 0;
}

/**
 * The family whose learned patterns variant `V` reads: its own, but frisian's are the 10×10
 * family's. Its men move as international's do, so the formations those patterns price are the
 * same; a table of its own would take as much data as international's did.
 */
@inline export function patternFamilyOf<V>(): i32 {
  return rules<V>().frisian ? 2 : familyOf<V>();
}

// ---- tables built from the weights -------------------------------------------------------------

/** Bytes of a family's bitboard: 8×8 boards use 32 bits, 10×10 boards 55 (with ghost bits). */
@inline function boardBytes(family: i32): i32 {
  return family == 2 || family == FAMILY_FRISIAN ? 7 : 4;
}

/**
 * Per family, per side (White first), per byte of the bitboard and per value of that byte:
 * the sum over the men it holds of their square's value (advancement or back guard, centre).
 */
const SQUARE_SUMS = memory.data(4 * 256 * 2 * (4 + 4 + 7 + 7));
/** Per family, side and bit: what a runaway man on that square is worth. */
const RUNAWAY_VALUES = memory.data(4 * FAMILIES * 2 * 64);
/** The weights the tables were built from, to see when a host has changed them. */
const BUILT_FROM = memory.data(4 * WEIGHT_COUNT * FAMILIES);
const BUILT = memory.data(FAMILIES);

@inline function squareSums(family: i32, white: bool): usize {
  const before = family == 0 ? 0 : family == 1 ? 4 : family == 2 ? 8 : 15;
  return SQUARE_SUMS + (<usize>((before << 1) + (white ? 0 : boardBytes(family))) << 10);
}

@inline function runawayValueAt(family: i32, white: bool, b: i32): usize {
  return RUNAWAY_VALUES + (<usize>(((family << 1) + (white ? 0 : 1)) * 64 + b) << 2);
}

/** The value of a man of one side on bit `b` for the square terms; 0 off the board. */
function squareValue<B>(family: i32, white: bool, b: i32): i32 {
  const n = boardSize<B>();
  const half = n >> 1;
  const index = b - (diagonalTen<B>() ? b / 11 : 0);
  if (index >= half * n || (diagonalTen<B>() && b % 11 == 10)) return 0;
  const row = rowOf<B>(b);
  const fromBack = white ? n - 1 - row : row;
  let value = 0;
  if (fromBack == 0) value += weight(family, BACK_GUARD);
  else if (fromBack < n - 1) value += weight(family, ADVANCE + fromBack);
  if ((<u64>bit<B>(b) & <u64>mask<B>(MASK_CENTRE)) != 0) value += weight(family, CENTRE);
  return value;
}

function buildTables<B>(family: i32): void {
  const bits = diagonalTen<B>() ? 55 : 32;
  for (let side = 0; side < 2; side++) {
    const white = side == 0;
    const table = squareSums(family, white);
    for (let byte = 0; byte < boardBytes(family); byte++) {
      for (let value = 0; value < 256; value++) {
        let sum = 0;
        for (let i = 0; i < 8; i++) {
          const b = (byte << 3) + i;
          if ((value & (1 << i)) != 0 && b < bits) sum += squareValue<B>(family, white, b);
        }
        store<i32>(table + (<usize>((byte << 8) + value) << 2), sum);
      }
    }
    for (let b = 0; b < 64; b++) {
      const left = b < bits ? rowsLeft<B>(b, white) : 0;
      store<i32>(runawayValueAt(family, white, b), weight(family, RUNAWAY) - weight(family, RUNAWAY_STEP) * left);
    }
  }
}

/** Builds variant `V`'s tables unless they were built from the weights as they are now. */
export function prepareEvaluation<V, B>(): void {
  // Turkish's and canadian's boards have none of these tables: theirs are hand.ts's (static.ts prepares them).
  if (rules<V>().orthogonal || rules<V>().twelveByTwelve) return;
  const family = familyOf<V>();
  const weights = weightsOf(family);
  const copy = BUILT_FROM + <usize>(family * WEIGHT_COUNT * 4);
  if (load<u8>(BUILT + <usize>family) != 0 && memory.compare(weights, copy, WEIGHT_COUNT * 4) == 0) return;
  buildTables<B>(family);
  memory.copy(copy, weights, WEIGHT_COUNT * 4);
  store<u8>(BUILT + <usize>family, 1);
}

// ---- the terms ------------------------------------------------------------------------------------

@inline function byteSum(table: usize, men: u64, byte: i32): i32 {
  return load<i32>(table + (<usize>((byte << 8) | <i32>((men >> (<u64>byte << 3)) & 0xff)) << 2));
}

/** Advancement, back guard, centre and balance of `men`, White's (rows counted up from the bottom) or Black's. */
@inline function menTerms<B>(family: i32, men: B, white: bool): i32 {
  const table = squareSums(family, white);
  const m = <u64>men;
  let score = byteSum(table, m, 0) + byteSum(table, m, 1) + byteSum(table, m, 2) + byteSum(table, m, 3);
  if (diagonalTen<B>()) score += byteSum(table, m, 4) + byteSum(table, m, 5) + byteSum(table, m, 6);
  const balanceWeight = weight(family, BALANCE);
  if (balanceWeight != 0) score -= balanceWeight * abs(count<B>(men & mask<B>(MASK_LEFT)) - count<B>(men & mask<B>(MASK_RIGHT)));
  return score;
}

/**
 * Runaway men: no enemy piece anywhere in the cone of squares in front of the man, up to the
 * promotion row, so nothing can stand in its way. Only men within a few rows of promotion are
 * looked at (MASK_NEAR_*: the cone of a man further back is rarely empty).
 */
function runaways<B>(family: i32, men: B, enemies: B, white: bool): i32 {
  let candidates = men & mask<B>(white ? MASK_NEAR_WHITE : MASK_NEAR_BLACK);
  let score = 0;
  while (candidates != 0) {
    const b = lowest<B>(candidates);
    candidates = withoutLowest<B>(candidates);
    if ((<B>load<u64>(coneAt<B>(white, b)) & enemies) == 0) score += load<i32>(runawayValueAt(family, white, b));
  }
  return score;
}

@inline function kingMoves<V, B>(kings: B, empty: B): i32 {
  if (!rules<V>().flyingKings) {
    return count<B>(step<B>(kings, NW) & empty) + count<B>(step<B>(kings, NE) & empty)
      + count<B>(step<B>(kings, SW) & empty) + count<B>(step<B>(kings, SE) & empty);
  }
  let total = 0;
  while (kings != 0) {
    total += count<B>(kingTargets<V, B>(lowest<B>(kings), empty));
    kings = withoutLowest<B>(kings);
  }
  return total;
}

/** Steps (king moves on an empty board) between two squares. */
@inline function distance<B>(a: i32, b: i32): i32 {
  return max(abs(rowOf<B>(a) - rowOf<B>(b)), abs(columnOf<B>(a) - columnOf<B>(b)));
}

/** For the side with more pieces against kings only: how near its kings are to the enemy's. */
function drive<B>(family: i32, strongKings: B, weakKings: B): i32 {
  const far = diagonalTen<B>() ? 9 : 7;
  let score = 0;
  while (strongKings != 0) {
    const k = lowest<B>(strongKings);
    strongKings = withoutLowest<B>(strongKings);
    let nearest = far;
    let rest = weakKings;
    while (rest != 0) {
      nearest = min(nearest, distance<B>(k, lowest<B>(rest)));
      rest = withoutLowest<B>(rest);
    }
    score += weight(family, DRIVE) * (far - nearest);
  }
  return score;
}

// ---- the classical endings -------------------------------------------------------------------
// Until endgame databases exist, the evaluation knows the endings a lone king cannot hold or
// always holds, as the books of each family teach them. `lone` is the weak side's pieces,
// `strong` the other side's.

/** What a won ending adds for the stronger side, beyond the material: enough that the search converts rather than trades it off. */
const WON_ENDING: i32 = 200;
/**
 * What a lone short king in a double corner takes back from the stronger side: there it can
 * shuttle between two squares and must be driven out before it can be trapped on an edge, so
 * the search of the stronger side is told that driving it out is progress.
 */
const DOUBLE_CORNER_REFUGE: i32 = 30;

/**
 * Flying kings on 10×10 (not frisian) and 8×8: the first king is worth more than the ones
 * after it. Against men alone it goes where it likes and ties them down; a second king adds
 * less. (Scan weighs the first king apart too.) Against every king at the same value, at
 * 100 000 nodes: +24.5 ± 15.7 in international, +21.5 ± 11.8 in russian (bench/RESULTS.md).
 */
const FIRST_KING: i32 = 60;

/** The rules whose hand-set 10×10 terms are measured here: international's, not frisian's (its kings capture along eight lines). */
@inline function internationalRules<V>(): bool {
  return rules<V>().tenByTen && !rules<V>().frisian;
}

/**
 * Where the first king is worth FIRST_KING more: kings that fly, but not frisian's. (Turkish's and
 * canadian's kings fly too; their boards have evaluations of their own, which do not read it.)
 */
@inline function firstKingCounts<V>(): bool {
  return rules<V>().flyingKings && !rules<V>().frisian;
}

/** The weak side is a single king. */
@inline function isLoneKing<B>(lone: B, kings: B): bool {
  return count<B>(lone) == 1 && (lone & kings) != 0;
}

/**
 * Flying kings: a lone king draws against one or two pieces of which one is a king (the
 * 5-move-endgame rules of RULES.md end them drawn; over the board no net can be closed).
 */
@inline function loneKingHoldsTwo<V, B>(lone: B, kings: B, strong: B): bool {
  return rules<V>().flyingKings && isLoneKing<B>(lone, kings) && count<B>(strong) <= 2 && (strong & kings) != 0;
}

/**
 * Flying kings: a lone king on the main diagonal (a1–h8 on 8×8, 46–5 on 10×10) against three
 * pieces with a king draws: it cannot be driven off the diagonal, and three pieces cannot both
 * cut it and attack it (russian counts it drawn in 5 moves, international in 16). Not in
 * frisian, whose kings also capture along the rows and columns: the diagonal is no refuge.
 */
@inline function loneKingHoldsMainDiagonal<V, B>(lone: B, kings: B, strong: B): bool {
  return rules<V>().flyingKings && !rules<V>().frisian && isLoneKing<B>(lone, kings) && count<B>(strong) == 3 && (strong & kings) != 0
    && (lone & mask<B>(MASK_LONG_DIAGONAL)) != 0;
}

/** The endings the lone king holds whatever the stronger side does: the evaluation is 0. */
@inline function heldByLoneKing<V, B>(lone: B, kings: B, strong: B): bool {
  return loneKingHoldsTwo<V, B>(lone, kings, strong) || loneKingHoldsMainDiagonal<V, B>(lone, kings, strong);
}

/**
 * Flying kings against a lone king, won: four kings always win (the net closes in a few moves
 * on either board), and so do three kings with men, which only have to crown. Three bare kings
 * off the main diagonal get no bonus, though the books win them on 8×8 (Petrov's triangle): a
 * bonus for holding the main road kept the search from leaving it to close the net, and at
 * depth 6 it drew such games the baseline won (the 15-move count; two and four pairs of 150 in
 * two runs); on 10×10 it gave away its last man to reach them, and the 16-move count drew it.
 */
@inline function flyingKingsWin<V, B>(lone: B, kings: B, strong: B): bool {
  return rules<V>().flyingKings && isLoneKing<B>(lone, kings) && count<B>(strong & kings) >= 3 && count<B>(strong) >= 4;
}

/**
 * Short kings (english, italian): two kings beat a lone king. It can only run to a double
 * corner; the refuge is scored so that driving it out counts as progress.
 */
@inline function shortKingsWin<V, B>(lone: B, kings: B, strong: B): i32 {
  if (rules<V>().flyingKings || !isLoneKing<B>(lone, kings) || count<B>(strong & kings) < 2) return 0;
  return WON_ENDING - ((lone & mask<B>(MASK_DOUBLE_CORNERS)) != 0 ? DOUBLE_CORNER_REFUGE : 0);
}

/** What the won endings add for the side that wins them (0 for the others). */
@inline function wonEnding<V, B>(lone: B, kings: B, strong: B): i32 {
  return flyingKingsWin<V, B>(lone, kings, strong) ? WON_ENDING : shortKingsWin<V, B>(lone, kings, strong);
}

/**
 * The evaluation from White's side; the tables must be prepared (prepareEvaluation). `windows`:
 * the pattern windows' indices of these men when the caller carries them (patterns.ts's
 * setWindows), or 0 to read them off the bitboards.
 */
export function evaluateWhite<V, B>(white: B, black: B, kings: B, windows: usize = 0): i32 {
  if (heldByLoneKing<V, B>(white, kings, black) || heldByLoneKing<V, B>(black, kings, white)) return 0;
  const family = familyOf<V>();
  const whiteMen = white & ~kings;
  const blackMen = black & ~kings;
  const whiteKings = white & kings;
  const blackKings = black & kings;
  const whitePieces = count<B>(white);
  const blackPieces = count<B>(black);
  const kingValue = weight(family, KING);
  const material = 100 * (count<B>(whiteMen) - count<B>(blackMen)) + kingValue * (count<B>(whiteKings) - count<B>(blackKings));
  let score = material;
  if (firstKingCounts<V>()) score += FIRST_KING * ((whiteKings != 0 ? 1 : 0) - (blackKings != 0 ? 1 : 0));
  score += menTerms<B>(family, whiteMen, true) - menTerms<B>(family, blackMen, false);
  const patterns = patternFamilyOf<V>();
  if (patternsInUse(patterns)) {
    score += windows != 0
      ? patternScoreOf<B>(patterns, windows, whitePieces + blackPieces)
      : patternScore<B>(patterns, whiteMen, blackMen, whitePieces + blackPieces);
  }
  if (kings != 0) {
    const empty = ~(white | black);
    score += weight(family, KING_MOBILITY) * (kingMoves<V, B>(whiteKings, empty) - kingMoves<V, B>(blackKings, empty));
    if (!diagonalTen<B>() && patternsInUse(patterns) && kingWindowsInUse(patterns)) {
      score += kingWindowScore(kingWindowsOf(patterns), <u32>whiteMen, <u32>blackMen, <u32>whiteKings, <u32>blackKings, whitePieces + blackPieces);
    }
  }
  // A runaway only matters while the other side has no king to stop it in time.
  if (blackKings == 0) score += runaways<B>(family, whiteMen, black, true);
  if (whiteKings == 0) score -= runaways<B>(family, blackMen, white, false);
  if (material != 0) score += material * weight(family, TRADE) / (100 * (whitePieces + blackPieces));
  if (whiteMen == 0 && blackMen == 0 && whitePieces != blackPieces) {
    score += whitePieces > blackPieces ? drive<B>(family, whiteKings, blackKings) : -drive<B>(family, blackKings, whiteKings);
  }
  if (blackPieces == 1) score += wonEnding<V, B>(black, kings, white);
  if (whitePieces == 1) score -= wonEnding<V, B>(white, kings, black);
  const divisor = drawishDivisor<V, B>(score > 0, whitePieces, blackPieces, whiteKings, blackKings);
  // Most positions are not drawish: no division for them (it costs more than the test).
  return divisor == 1 ? score : score / divisor;
}

/**
 * 10×10 (not frisian): what the score is divided by when White (`whiteAhead`) or Black leads,
 * 1 but for a lead that the defender's king can usually hold. With three pieces or fewer against
 * a king the stronger side rarely closes a net, and the 16-move count runs (8); with as many
 * kings on each side and at most a man between them, the defending king sweeps men off or holds
 * a diagonal (2). The rule is Scan's material rule; in bitdraughts it gained +27.8 ± 17.1 at
 * 100 000 nodes (bench/RESULTS.md).
 */
@inline function drawishDivisor<V, B>(whiteAhead: bool, whitePieces: i32, blackPieces: i32, whiteKings: B, blackKings: B): i32 {
  if (!internationalRules<V>() || (whiteAhead ? blackKings : whiteKings) == 0) return 1;
  if ((whiteAhead ? whitePieces : blackPieces) <= 3) return 8;
  const whiteKingCount = count<B>(whiteKings);
  const blackKingCount = count<B>(blackKings);
  if (whiteKingCount == blackKingCount && abs((whitePieces - whiteKingCount) - (blackPieces - blackKingCount)) <= 1) return 2;
  return 1;
}

/** The evaluation from the side to move, the tables prepared beforehand (the search's, with its window indices). */
@inline export function evaluatePrepared<V, B>(white: B, black: B, kings: B, whiteToMove: bool, windows: usize = 0): i32 {
  const score = evaluateWhite<V, B>(white, black, kings, windows);
  return whiteToMove ? score : -score;
}

/** The evaluation from the side to move, for hosts: the tables follow the weights as they are. */
export function evaluate<V, B>(white: B, black: B, kings: B, whiteToMove: bool): i32 {
  prepareEvaluation<V, B>();
  return evaluatePrepared<V, B>(white, black, kings, whiteToMove);
}


/**
 * What training needs of a position (tools/train), written to `out` as i32: 0 when a lone king
 * holds the draw (the evaluation is 0 whatever the weights) or the drawish divisor may apply,
 * else 1; the hand-written evaluation from White's side (patterns left out), the pieces on the
 * board, the full board's pieces, then per window (9 on 8×8, 16 on 10×10) White's view index
 * and Black's view index; on 8×8 then per window the kings' windows' state from White's view
 * and Black's (king-windows.ts).
 */
export function writeFeatures<V, B>(white: B, black: B, kings: B, out: usize): void {
  prepareEvaluation<V, B>();
  const patterns = patternFamilyOf<V>();
  // The drawish divisor is not linear in the weights, and which side it shrinks depends on the
  // sign of the whole score: such positions are left out of the fit with the held endings.
  const whitePieces = count<B>(white);
  const blackPieces = count<B>(black);
  const leftOut = heldByLoneKing<V, B>(white, kings, black) || heldByLoneKing<V, B>(black, kings, white)
    || drawishDivisor<V, B>(true, whitePieces, blackPieces, white & kings, black & kings) != 1
    || drawishDivisor<V, B>(false, whitePieces, blackPieces, white & kings, black & kings) != 1;
  const inUse = patternsInUse(patterns);
  if (inUse) pausePatterns(patterns, true);
  store<i32>(out, leftOut ? 0 : 1);
  store<i32>(out, evaluateWhite<V, B>(white, black, kings), 4);
  if (inUse) pausePatterns(patterns, false);
  store<i32>(out, whitePieces + blackPieces, 8);
  store<i32>(out, fullBoard<B>(), 12);
  const whiteMen = white & ~kings;
  const blackMen = black & ~kings;
  const windows = windowCount<B>();
  for (let region = 0; region < windows; region++) {
    store<i32>(out + <usize>(16 + region * 8), patternIndex<B>(whiteMen, blackMen, 0, region));
    store<i32>(out + <usize>(20 + region * 8), patternIndex<B>(whiteMen, blackMen, 1, region));
  }
  if (diagonalTen<B>()) return;
  // 8×8: then per window the kings' windows' state (king-windows.ts) from White's view and Black's.
  for (let region = 0; region < windows; region++) {
    const at = out + <usize>(16 + (windows + region) * 8);
    store<i32>(at, kingWindowState(<u32>whiteMen, <u32>blackMen, <u32>(white & kings), <u32>(black & kings), 0, region));
    store<i32>(at, kingWindowState(<u32>whiteMen, <u32>blackMen, <u32>(white & kings), <u32>(black & kings), 1, region), 4);
  }
}
