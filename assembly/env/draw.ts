// The counting rules of RULES.md 5.5 and 5.6 for the environments, as bindings/game/draw-rules.ts
// states them for Game (the same rules, ids and limits; that file says how each one counts and
// why). A game keeps one u16 counter a rule in play; after each whole move every counter goes
// on, or starts again at 0, from what the move was and the material before and after it.

import {
  ENDING_STANDARD, ENV_DRAW_RUSSIAN_SET, ENV_RULE_12_MOVE_ENDGAME, ENV_RULE_15_MOVE, ENV_RULE_15_MOVE_ENDGAME, ENV_RULE_15_MOVE_KINGS,
  ENV_RULE_16_MOVE_ENDGAME, ENV_RULE_20_MOVE, ENV_RULE_20_MOVE_KINGS, ENV_RULE_25_MOVE_KINGS, ENV_RULE_2_MOVE_ENDGAME, ENV_RULE_30_MOVE_ENDGAME,
  ENV_RULE_40_MOVE, ENV_RULE_40_MOVE_KINGS, ENV_RULE_5_MOVE_ENDGAME, ENV_RULE_60_MOVE_ENDGAME, ENV_RULE_7_MOVE_ENDGAME, ENV_RULE_BRAZILIAN_5,
  ENV_RULE_LONG_DIAGONAL, VARIANT_BRAZILIAN, VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_FRISIAN, VARIANT_INTERNATIONAL,
  VARIANT_ITALIAN, VARIANT_KILLER, VARIANT_RUSSIAN, VARIANT_SPANISH,
} from "../contract/contract";

// What the rules read of a position, before a move ([0 … 5]) and after it ([6 … 11]): White's
// men, White's kings, Black's men, Black's kings, White's kings on the long diagonal, Black's.
const STANDING = memory.data(4 * 12);
export const BEFORE: i32 = 0;
export const AFTER: i32 = 6;

/** Sets what the rules read of a position (`at`: BEFORE or AFTER). */
@inline export function setStanding(at: i32, whiteMen: i32, whiteKings: i32, blackMen: i32, blackKings: i32, whiteDiagonal: i32, blackDiagonal: i32): void {
  const p = STANDING + (<usize>at << 2);
  store<i32>(p, whiteMen, 0);
  store<i32>(p, whiteKings, 4);
  store<i32>(p, blackMen, 8);
  store<i32>(p, blackKings, 12);
  store<i32>(p, whiteDiagonal, 16);
  store<i32>(p, blackDiagonal, 20);
}

@inline function men(at: i32, white: bool): i32 { return load<i32>(STANDING + (<usize>(at + (white ? 0 : 2)) << 2)); }
@inline function kings(at: i32, white: bool): i32 { return load<i32>(STANDING + (<usize>(at + (white ? 1 : 3)) << 2)); }
@inline function diagonalKings(at: i32, white: bool): i32 { return load<i32>(STANDING + (<usize>(at + (white ? 4 : 5)) << 2)); }
@inline function pieces(at: i32, white: bool): i32 { return men(at, white) + kings(at, white); }

/** The rules of a variant in the order of report, packed a byte each (0: none), for the env's flags. */
export function rulesOf(variant: i32, ending: i32, flags: i32): u64 {
  if (ending != ENDING_STANDARD) return 0;
  const russian: u64 = pack6(ENV_RULE_15_MOVE_KINGS, ENV_RULE_15_MOVE_ENDGAME, ENV_RULE_5_MOVE_ENDGAME, ENV_RULE_LONG_DIAGONAL, ENV_RULE_30_MOVE_ENDGAME, ENV_RULE_60_MOVE_ENDGAME);
  switch (variant) {
    case VARIANT_INTERNATIONAL:
    case VARIANT_KILLER:
    case VARIANT_CANADIAN: return pack6(ENV_RULE_25_MOVE_KINGS, ENV_RULE_16_MOVE_ENDGAME, ENV_RULE_5_MOVE_ENDGAME, 0, 0, 0);
    case VARIANT_RUSSIAN: return russian;
    case VARIANT_BRAZILIAN: return (flags & ENV_DRAW_RUSSIAN_SET) != 0 ? russian : pack6(ENV_RULE_20_MOVE_KINGS, ENV_RULE_BRAZILIAN_5, 0, 0, 0, 0);
    case VARIANT_ENGLISH: return pack6(ENV_RULE_40_MOVE_KINGS, 0, 0, 0, 0, 0);
    case VARIANT_ITALIAN: return pack6(ENV_RULE_40_MOVE, 0, 0, 0, 0, 0);
    case VARIANT_SPANISH: return pack6(ENV_RULE_20_MOVE, ENV_RULE_12_MOVE_ENDGAME, 0, 0, 0, 0);
    case VARIANT_CZECH: return pack6(ENV_RULE_15_MOVE, 0, 0, 0, 0, 0);
    case VARIANT_FRISIAN: return pack6(ENV_RULE_7_MOVE_ENDGAME, ENV_RULE_2_MOVE_ENDGAME, 0, 0, 0, 0);
  }
  // Pool, thai, turkish: no counting rule is settled (draw-rules.ts).
  return 0;
}

@inline function pack6(a: i32, b: i32, c: i32, d: i32, e: i32, f: i32): u64 {
  return <u64>a | (<u64>b << 8) | (<u64>c << 16) | (<u64>d << 24) | (<u64>e << 32) | (<u64>f << 40);
}

/** Whether any of the packed rules reads the material (the others count from the move alone). */
export function readsMaterial(packed: u64): bool {
  for (let k: u64 = 0; k < 6; k++) {
    const rule = <i32>((packed >> (k << 3)) & 0xff);
    if (rule != 0 && rule != ENV_RULE_25_MOVE_KINGS && rule != ENV_RULE_40_MOVE_KINGS && rule != ENV_RULE_15_MOVE && rule != ENV_RULE_40_MOVE && rule != ENV_RULE_20_MOVE) return true;
  }
  return false;
}

/** The plies at which a rule draws. */
export function ruleLimit(rule: i32): i32 {
  switch (rule) {
    case ENV_RULE_25_MOVE_KINGS: return 50;
    case ENV_RULE_16_MOVE_ENDGAME: return 32;
    case ENV_RULE_5_MOVE_ENDGAME: return 10;
    case ENV_RULE_15_MOVE_KINGS: return 30;
    case ENV_RULE_15_MOVE_ENDGAME: return 30;
    case ENV_RULE_LONG_DIAGONAL: return 10;
    case ENV_RULE_30_MOVE_ENDGAME: return 60;
    case ENV_RULE_60_MOVE_ENDGAME: return 120;
    case ENV_RULE_20_MOVE_KINGS: return 40;
    case ENV_RULE_BRAZILIAN_5: return 10;
    case ENV_RULE_40_MOVE_KINGS: return 80;
    case ENV_RULE_40_MOVE: return 80;
    case ENV_RULE_20_MOVE: return 40;
    case ENV_RULE_12_MOVE_ENDGAME: return 24;
    case ENV_RULE_15_MOVE: return 30;
    case ENV_RULE_7_MOVE_ENDGAME: return 14;
    case ENV_RULE_2_MOVE_ENDGAME: return 4;
  }
  return 0x7fffffff;
}

/** One side (`lone`) has a lone king and the other side passes the rule's test, in the standing at `at`. */
function loneKingAgainst(rule: i32, at: i32): bool {
  for (let side = 0; side < 2; side++) {
    const lone = side == 0;
    if (!(kings(at, lone) == 1 && men(at, lone) == 0)) continue;
    const strong = !lone;
    const n = pieces(at, strong);
    const k = kings(at, strong);
    let holds = false;
    switch (rule) {
      case ENV_RULE_16_MOVE_ENDGAME: holds = n == 3 && k >= 1; break;
      case ENV_RULE_5_MOVE_ENDGAME: holds = n <= 2 && k >= 1; break;
      case ENV_RULE_15_MOVE_ENDGAME: holds = men(at, strong) == 0 && k >= 3; break;
      case ENV_RULE_LONG_DIAGONAL: holds = n == 3 && k >= 1 && diagonalKings(at, lone) == 1; break;
      case ENV_RULE_12_MOVE_ENDGAME: holds = men(at, strong) == 0 && k == 3 && diagonalKings(at, strong) >= 1; break;
      case ENV_RULE_7_MOVE_ENDGAME: holds = men(at, strong) == 0 && k == 2; break;
      case ENV_RULE_2_MOVE_ENDGAME: holds = men(at, strong) == 0 && k == 1; break;
    }
    if (holds) return true;
  }
  return false;
}

/** Brazilian 5-move endings (CBD): each side K, KK or KM, the pair one of five. */
function brazilianEnding(at: i32): bool {
  const a = endingKind(at, true);
  const b = endingKind(at, false);
  if (a == 0 || b == 0) return false;
  // Kinds: 1 K, 2 KK, 3 KM. The pairs: KK+KK, K+KK, KK+KM, K+K, K+KM (all but KM+KM).
  return !(a == 3 && b == 3);
}

@inline function endingKind(at: i32, white: bool): i32 {
  const m = men(at, white);
  const k = kings(at, white);
  if (m == 0 && (k == 1 || k == 2)) return k;
  return m == 1 && k == 1 ? 3 : 0;
}

@inline function bothKings(at: i32): bool { return kings(at, true) > 0 && kings(at, false) > 0; }

/** Both sides have a king and `low` … `high` pieces are on the board. */
@inline function kingsEachWithPieces(at: i32, low: i32, high: i32): bool {
  const total = pieces(at, true) + pieces(at, false);
  return bothKings(at) && total >= low && total <= high;
}

/** Whether either side has a lone king at `at` (the other endings' classes all need one). */
@inline function loneKing(at: i32): bool {
  return (kings(at, true) == 1 && men(at, true) == 0) || (kings(at, false) == 1 && men(at, false) == 0);
}

/** Whether an ending class's material holds at `at`. */
function holds(rule: i32, at: i32): bool {
  if (rule == ENV_RULE_BRAZILIAN_5) return brazilianEnding(at);
  return loneKing(at) && loneKingAgainst(rule, at);
}

/** A counter after a move (BEFORE and AFTER set): capture, the piece a king before, a man crowned. */
export function ruleNext(rule: i32, count: i32, capture: bool, kingMoved: bool, promotes: bool): i32 {
  const kingMove = kingMoved && !capture;
  let counts = false;
  switch (rule) {
    case ENV_RULE_25_MOVE_KINGS:
    case ENV_RULE_40_MOVE_KINGS:
    case ENV_RULE_15_MOVE: counts = kingMove; break;
    case ENV_RULE_15_MOVE_KINGS:
    case ENV_RULE_20_MOVE_KINGS: counts = kingMove && bothKings(BEFORE); break;
    case ENV_RULE_40_MOVE:
    case ENV_RULE_20_MOVE: counts = !capture && !promotes; break;
    case ENV_RULE_30_MOVE_ENDGAME: counts = kingsEachWithPieces(BEFORE, 4, 5) && kingsEachWithPieces(AFTER, 4, 5) && !capture && !promotes; break;
    case ENV_RULE_60_MOVE_ENDGAME: counts = kingsEachWithPieces(BEFORE, 6, 7) && kingsEachWithPieces(AFTER, 6, 7) && !capture && !promotes; break;
    default: counts = holds(rule, BEFORE) && holds(rule, AFTER);
  }
  return counts ? count + 1 : 0;
}
