// The evaluation's weights: one table of i32 per board family, in linear memory, so that a host
// (or a training run) can read and replace them without rebuilding the core. Every term of
// evaluate.ts is a weight times a feature; the features are described beside their index.
//
// Families: 0 = 8×8 short kings (english, italian), 1 = 8×8 flying kings (russian, brazilian,
// spanish, czech), 2 = 10×10 flying kings (international); then the evaluations of their own,
// hand-written terms only (no patterns): 3 = turkish and 4 = canadian (hand.ts),
// 5 = antidraughts and 6 = breakthrough (game-end.ts). These read the terms below that they
// name, at the same indices; the rest of their table is unused. 7 = frisian and frysk: every
// term below, on the 10×10 board, with the 10×10 family's patterns (evaluate.ts patternFamilyOf).

export const FAMILIES: i32 = 8;
export const FAMILY_TURKISH: i32 = 3;
export const FAMILY_CANADIAN: i32 = 4;
export const FAMILY_ANTIDRAUGHTS: i32 = 5;
export const FAMILY_BREAKTHROUGH: i32 = 6;
export const FAMILY_FRISIAN: i32 = 7;
export const WEIGHT_COUNT: i32 = 32;

/** Value of a king; a man is 100 by definition of the unit (in antidraughts: what a king costs to give away). */
export const KING: i32 = 0;
/**
 * ADVANCE + r: a man r rows from its own back row (r = 1 … size - 2). Tempo. Canadian's table
 * runs to ADVANCE + 10, over BACK_GUARD's slot, which its evaluation does not read.
 */
export const ADVANCE: i32 = 1;
/** A man still on its own back row: it guards the promotion squares. */
export const BACK_GUARD: i32 = 11;
/** A man on one of the centre squares. */
export const CENTRE: i32 = 12;
/** Each square a king can move to. */
export const KING_MOBILITY: i32 = 13;
/** Each man of difference between one side's men on the left and on the right half (a penalty). */
export const BALANCE: i32 = 14;
/** A runaway man (no enemy piece in the cone in front of it) with no row left to go. */
export const RUNAWAY: i32 = 15;
/** Subtracted from RUNAWAY for each row the runaway still has to go. */
export const RUNAWAY_STEP: i32 = 16;
/** When ahead: material lead × TRADE / pieces on the board, so that trading down pays. */
export const TRADE: i32 = 17;
/** Kings-only ending, the stronger side: for each step its kings are nearer the enemy kings (of 7 / 9). */
export const DRIVE: i32 = 18;

const WEIGHTS = memory.data(4 * WEIGHT_COUNT * FAMILIES);

/** Address of a family's table, for hosts that read or replace the weights. */
export function weightsOf(family: i32): usize {
  return WEIGHTS + <usize>(family * WEIGHT_COUNT * 4);
}

@inline export function weight(family: i32, index: i32): i32 {
  return load<i32>(WEIGHTS + <usize>((family * WEIGHT_COUNT + index) << 2));
}

function set(family: i32, index: i32, value: i32): void {
  store<i32>(WEIGHTS + <usize>((family * WEIGHT_COUNT + index) << 2), value);
}

function setAdvance(family: i32, values: StaticArray<i32>): void {
  for (let r = 0; r < values.length; r++) set(family, ADVANCE + r, unchecked(values[r]));
}

/** The terms every family with patterns sets, in the order of setTerms's rows. */
const SHARED_TERMS: StaticArray<i32> = [KING, BACK_GUARD, CENTRE, KING_MOBILITY, BALANCE, RUNAWAY, RUNAWAY_STEP, TRADE, DRIVE];

function setTerms(family: i32, values: StaticArray<i32>): void {
  for (let i = 0; i < values.length; i++) set(family, unchecked(SHARED_TERMS[i]), unchecked(values[i]));
}

// Hand-set starting values: a short king is worth about a man and a half, a flying king about
// three men (more on the larger board); men gain as they advance, most in the last rows.
export function resetWeights(): void {
  // The families with patterns, a row each: king, back guard, centre, king mobility, balance,
  // runaway, runaway step, trade, drive (SHARED_TERMS), then the advancement table.
  setTerms(0, [150, 10, 5, 3, 0, 90, 15, 300, 6]); // 8×8 short kings
  setAdvance(0, [0, 0, 2, 4, 7, 11, 16, 0, 0, 0]);
  setTerms(1, [260, 10, 5, 2, 0, 160, 25, 300, 4]); // 8×8 flying kings
  setAdvance(1, [0, 0, 2, 4, 7, 11, 16, 0, 0, 0]);
  setTerms(2, [300, 8, 4, 2, 3, 200, 25, 400, 4]); // 10×10
  setAdvance(2, [0, 0, 1, 2, 4, 6, 8, 11, 15, 0]);
  // Turkish: a king takes by the majority rule whatever stands alone on its lines, about three
  // men; a man gains the square of the rows it has come (the last rows count most).
  set(FAMILY_TURKISH, KING, 300);
  setAdvance(FAMILY_TURKISH, [0, 1, 4, 9, 16, 25, 36]);
  set(FAMILY_TURKISH, RUNAWAY, 250);
  set(FAMILY_TURKISH, RUNAWAY_STEP, 25);
  // Canadian: the 10×10 family's values, the advancement table stretched by two rows.
  set(FAMILY_CANADIAN, KING, 300);
  setAdvance(FAMILY_CANADIAN, [0, 0, 1, 2, 3, 4, 6, 8, 10, 13, 17]);
  set(FAMILY_CANADIAN, RUNAWAY, 200);
  set(FAMILY_CANADIAN, RUNAWAY_STEP, 25);
  // Antidraughts: every piece is one more to give away; a king is crowned for good, and its long
  // moves make it hard to hand over.
  set(FAMILY_ANTIDRAUGHTS, KING, 250);
  // Breakthrough (no kings: the first one ends the game): twice the square of the rows a man has
  // come, and the race of the runaways is the game.
  setAdvance(FAMILY_BREAKTHROUGH, [0, 2, 8, 18, 32, 50, 72, 98, 128, 162]);
  set(FAMILY_BREAKTHROUGH, RUNAWAY, 1500);
  set(FAMILY_BREAKTHROUGH, RUNAWAY_STEP, 50);
  // Frisian: the 10×10 values to start from, its own so that a fit to frisian games can move
  // them. What differs there: a king captures along eight lines (a king's worth and its
  // mobility), men capture sideways and backwards too (a runaway's cone leaves out the rows and
  // columns), and the value rule makes trades of a king for two men a common shot (TRADE, DRIVE).
  memory.copy(weightsOf(FAMILY_FRISIAN), weightsOf(2), 4 * WEIGHT_COUNT);
}

resetWeights();
