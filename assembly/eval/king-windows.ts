// Kings in the 8×8 pattern windows. The men patterns (patterns.ts) read a king as an empty
// square; here each of the nine 4×4 windows also has a weight per king state: how many kings
// of each side stand in it (0, 1, 2 or more) and, beside them, how many men (0 … 3 or more),
// 3 × 3 × 4 × 4 = 144 states. A king among enemy men is hunting them; a king alone in a corner
// window with men of its own in front is a guard; two kings against one in a double corner is
// a net: what a king is worth depends on where it stands and what stands near it, which the
// hand-written king value and mobility do not see.
//
// A state with no king in the window has weight 0 (the men patterns price those windows), so
// the term is evaluated only when there are kings on the board, and then from the bitboards
// (no index to carry from move to move).
//
// Read twice, as the men windows are: White's view of window r counts White's pieces as own in
// r's squares; Black's view of window r counts Black's as own in the squares of window W-1-r
// (the window turned half a turn), and both views of window r share its weights. The score is
// White's views minus Black's, so a position and its colour-flipped mirror score exactly
// opposite, whatever the weights. Weights are int16 in quarter centi-men, an opening and an
// endgame weight per state, blended by the pieces on the board as the men patterns are.

import { count } from "../board/bitboard";

/** King states of a window: own and enemy kings 0 / 1 / 2+, own and enemy men 0 … 3+. */
export const KING_STATES: i32 = 144;
/** The 8×8 windows. */
const WINDOWS: i32 = 9;
/** Bytes of a family's king weights: an (opening, endgame) pair of i16 per window and state. */
export const KING_WINDOW_BYTES: i32 = WINDOWS * KING_STATES * 4;
/** The pieces at which the opening weights count fully on 8×8. */
const FULL_BOARD: i32 = 24;

/** Window r's squares on the 8×8 bitboard: four rows of two, 4 bits apart, from 8 × (r / 3) + r % 3 (patterns.ts). */
function maskOf(region: i32): u32 {
  return <u32>0x3333 << <u32>(8 * (region / 3) + region % 3);
}

/** The windows' squares (maskOf), as a table. */
const MASKS = memory.data(WINDOWS * 4);

@inline function windowMask(region: i32): u32 {
  return load<u32>(MASKS + (<usize>region << 2));
}

/** The state of a window from one side's view: its own and the enemy's kings and men there. */
@inline export function kingState(ownKings: u32, enemyKings: u32, ownMen: u32, enemyMen: u32): i32 {
  return ((min(count<u32>(ownKings), 2) * 3 + min(count<u32>(enemyKings), 2)) * 4 + min(count<u32>(ownMen), 3)) * 4 + min(count<u32>(enemyMen), 3);
}

/** Whether a state has a king in it (the others weigh 0). */
@inline export function hasKing(state: i32): bool {
  return state >= 16;
}

/** The state of window `region` from `view` (0 White's, 1 Black's), as training reads it. */
export function kingWindowState(whiteMen: u32, blackMen: u32, whiteKings: u32, blackKings: u32, view: i32, region: i32): i32 {
  if (view == 0) {
    const m = windowMask(region);
    return kingState(whiteKings & m, blackKings & m, whiteMen & m, blackMen & m);
  }
  const m = windowMask(WINDOWS - 1 - region);
  return kingState(blackKings & m, whiteKings & m, blackMen & m, whiteMen & m);
}

/** Per 8×8 bit: the windows that hold its square, bit r for window r (a square lies in one, two or four). */
const WINDOWS_OF = memory.data(32 * 2);

function buildWindowsOf(): void {
  for (let region = 0; region < WINDOWS; region++) {
    store<u32>(MASKS + (<usize>region << 2), maskOf(region));
    let m = maskOf(region);
    while (m != 0) {
      const at = WINDOWS_OF + (<usize>ctz(m) << 1);
      store<u16>(at, <u16>(<i32>load<u16>(at) | (1 << region)));
      m &= m - 1;
    }
  }
}

buildWindowsOf();

@inline function entry(table: usize, region: i32, state: i32): i32 {
  return load<i32>(table + <usize>((region * KING_STATES + state) << 2));
}

/**
 * The kings' windows' score from White's side, in centi-men, from the weights at `table`
 * (low half the opening weight, high half the endgame weight of each state).
 */
export function kingWindowScore(table: usize, whiteMen: u32, blackMen: u32, whiteKings: u32, blackKings: u32, pieces: i32): i32 {
  let opening = 0;
  let endgame = 0;
  // Only the windows that hold a king: a state without one weighs 0.
  let touched: u32 = 0;
  let kings = whiteKings | blackKings;
  while (kings != 0) {
    touched |= <u32>load<u16>(WINDOWS_OF + (<usize>ctz(kings) << 1));
    kings &= kings - 1;
  }
  while (touched != 0) {
    const region = <i32>ctz(touched);
    touched &= touched - 1;
    const m = windowMask(region);
    const wk = whiteKings & m;
    const bk = blackKings & m;
    const wm = whiteMen & m;
    const bm = blackMen & m;
    // White's view of window r and Black's view of window W-1-r read these squares.
    const a = entry(table, region, kingState(wk, bk, wm, bm));
    const b = entry(table, WINDOWS - 1 - region, kingState(bk, wk, bm, wm));
    opening += <i32>(<i16>a) - <i32>(<i16>b);
    endgame += (a >> 16) - (b >> 16);
  }
  const phase = min(pieces, FULL_BOARD);
  return (opening * phase + endgame * (FULL_BOARD - phase)) / (FULL_BOARD << 2);
}
