// The variants as data. A variant is a class that names its board (the geometry class it
// extends: the board's size and lines) and only the rules where it differs from international's;
// generic code reads every rule through `rules<V>()`, which gives the default where the variant
// is silent. Every getter is inlined, so each variant's generator is compiled with its rules
// folded in and no branch on the variant is left in the hot path.
//
// Why not a base class with the defaults: AssemblyScript makes a getter that any class overrides
// virtual, called through the class id at run time, even on a `@final` class; `isDefined` asks
// the compiler instead, so the default costs nothing. A variant extends its geometry only (whose
// members no other class overrides), so the variant class is also the generators' geometry `G`.
//
// RULES.md section 1 is the source of every value, and RULES-more-variants.md
// (docs/RULES-more-variants.md) for pool, thai, killer, turkish, frisian and canadian.
//
// A new rule: its default in `Rules` below (false, or international's way), one line in each
// variant that has it, and its branch where it acts (movegen/ for moves).
//
// The rules read here, with their defaults:
//   mirrored            the board is numbered from the other corner (italian, spanish; squares.ts);
//   menCaptureBackward  men capture backwards too (true);
//   menCaptureKings     men may capture kings (true; not in italian);
//   flyingKings         kings move and capture along whole lines (true);
//   promotion           what a man does reaching the far row mid-capture (AtEnd);
//   precedence          which of several captures must be played (Majority);
//   kingLandsBehind     a flying king capturing lands on the square right behind the piece (thai);
//   removedAtOnce       a captured piece leaves the board as it is jumped, so its square is empty
//                       for the rest of the move, and no jump turns straight back (thai, turkish;
//                       only kings can meet such a square: their men never capture backwards);
//   haltBehindKing      a king whose last capture takes a king stops right behind it (killer);
//   kingMoveLimit       a king may make only three quiet moves in a row (frisian, frysk: the
//                       restricted king, movegen/king-streak.ts, and the streaks a position carries).
// and from the board (the geometry, board/bitboard.ts `Board`): tenByTen, twelveByTwelve,
// orthogonal; `frisian`, the king-move limit under the game's name (for its streaks and its
// evaluation family). What the rest of the core needs of a board (its squares, its words, the
// bits a set spans, whether it is the one-word diagonal tables' board) it asks the geometry the
// variant extends, `geometry<V>()` (geometry.ts `DiagonalSquares`), not which board it is.

import { Board } from "./bitboard";
import { Diagonal10, Diagonal8 } from "./geometry";
import { Diagonal12 } from "./board-12x12";
import { Lines } from "./lines";
import { Orthogonal } from "./orthogonal";

/** What a man does when a capture brings it to the far row. */
export const enum Promotion {
  /** It becomes a king and the move ends there (english, italian, spanish, czech). */
  Stop = 0,
  /** It becomes a king at once and goes on capturing as a flying king (russian). */
  FlyOn = 1,
  /** It goes on capturing as a man; it promotes only if the move ends there (international, brazilian). */
  AtEnd = 2,
}

/** Which of several captures must be played (RULES.md 4.1). */
export const enum Precedence {
  Free = 0,
  /** Most pieces captured, a king counting as a man. */
  Majority = 1,
  /** Most pieces, then most kings. */
  Spanish = 2,
  /** Most pieces, then by a king, then most kings, then the earliest kings. */
  Italian = 3,
  /** A king's capture before a man's. */
  Czech = 4,
  /** Highest value (men + 2 × kings, then fewer kings), then by a king (frisian). */
  Value = 5,
}

/**
 * The optional-capture house rule (RULES.md: captures are not forced), for the call in progress.
 * It is the one rule read at run time: the dispatch sets it from the variant id's
 * OPTIONAL_CAPTURE bit, so a variant's generator, perft and search are compiled once and serve
 * both rules. As a constant it doubled the core (every variant compiled twice) to save a global
 * read where a move list ends.
 */
let captureOptional: bool = false;

/** Sets the optional-capture rule for the calls that follow (abi/dispatch.ts, once per call). */
export function setOptionalCapture(on: bool): void {
  captureOptional = on;
}

/** Whether a capture may be declined: the optional-capture house rule is in play. */
@inline export function optionalCapture(): bool {
  return captureOptional;
}

/** The variant class itself: its geometry's members and the rules it states. */
// @ts-ignore: decorator
@inline export function variant<V>(): V {
  return changetype<V>(0);
}

/**
 * A variant's rules, each its own value or the default: the phantom instance through which
 * generic code reads them (`rules<V>().flyingKings`). `isDefined` is decided by the compiler, so
 * each getter folds to the variant's constant.
 */
@final @unmanaged export class Rules<V> {
  @inline get mirrored(): bool { return isDefined(variant<V>().mirrored) ? variant<V>().mirrored : false; }
  @inline get menCaptureBackward(): bool { return isDefined(variant<V>().menCaptureBackward) ? variant<V>().menCaptureBackward : true; }
  @inline get menCaptureKings(): bool { return isDefined(variant<V>().menCaptureKings) ? variant<V>().menCaptureKings : true; }
  @inline get flyingKings(): bool { return isDefined(variant<V>().flyingKings) ? variant<V>().flyingKings : true; }
  @inline get promotion(): Promotion { return isDefined(variant<V>().promotion) ? variant<V>().promotion : Promotion.AtEnd; }
  @inline get precedence(): Precedence { return isDefined(variant<V>().precedence) ? variant<V>().precedence : Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return isDefined(variant<V>().kingLandsBehind) ? variant<V>().kingLandsBehind : false; }
  @inline get removedAtOnce(): bool { return isDefined(variant<V>().removedAtOnce) ? variant<V>().removedAtOnce : false; }
  @inline get haltBehindKing(): bool { return isDefined(variant<V>().haltBehindKing) ? variant<V>().haltBehindKing : false; }
  @inline get kingMoveLimit(): bool { return isDefined(variant<V>().kingMoveLimit) ? variant<V>().kingMoveLimit : false; }

  /** The board the variant plays on (its geometry's). */
  @inline get board(): Board { return variant<V>().board; }
  /** The 10×10 diagonal board (international, killer, frisian). */
  @inline get tenByTen(): bool { return variant<V>().board == Board.Diagonal10; }
  /** The 12×12 board of two-word sets (canadian): its moves come from movegen/canadian.ts. */
  @inline get twelveByTwelve(): bool { return variant<V>().board == Board.Diagonal12; }
  /** Turkish's 64 squares, pieces moving along ranks and files (board/orthogonal.ts). */
  @inline get orthogonal(): bool { return variant<V>().board == Board.Orthogonal8; }
  /**
   * Frisian's game (frisian, frysk): what its rule brings beside the moves, the streaks a
   * position carries and the evaluation's family. Its lines are its geometry (`Lines`), its
   * rule `kingMoveLimit`; this is that rule under the game's name.
   */
  @inline get frisian(): bool { return this.kingMoveLimit; }
}

/** The phantom instance through which generic code reads a variant's rules. */
// @ts-ignore: decorator
@inline export function rules<V>(): Rules<V> {
  return changetype<Rules<V>>(0);
}

// Each variant: its board, and the rules where it differs from international's.

@final @unmanaged export class English extends Diagonal8 {
  @inline get menCaptureBackward(): bool { return false; }
  @inline get flyingKings(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Free; }
}

@final @unmanaged export class Italian extends Diagonal8 {
  @inline get mirrored(): bool { return true; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return false; }
  @inline get flyingKings(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Italian; }
}

/** International draughts: the defaults. antidraughts and breakthrough play its moves and differ only in how the game ends, which is the binding's business. */
@final @unmanaged export class International extends Diagonal10 {}

/** Brazilian: international's rules on the 8×8 board. */
@final @unmanaged export class Brazilian extends Diagonal8 {}

@final @unmanaged export class Russian extends Diagonal8 {
  @inline get promotion(): Promotion { return Promotion.FlyOn; }
  @inline get precedence(): Precedence { return Precedence.Free; }
}

@final @unmanaged export class Spanish extends Diagonal8 {
  @inline get mirrored(): bool { return true; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Spanish; }
}

@final @unmanaged export class Czech extends Diagonal8 {
  @inline get menCaptureBackward(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Czech; }
}

// The variants of RULES-more-variants.md.

/** American pool checkers: russian's moves, but a man passing the far row mid-capture stays a man. */
@final @unmanaged export class Pool extends Diagonal8 {
  @inline get precedence(): Precedence { return Precedence.Free; }
}

/**
 * Thai draughts: men capture forwards only; a king slides to the piece it takes and lands right
 * behind it; each captured piece leaves the board as it is jumped, and no jump turns straight back.
 */
@final @unmanaged export class Thai extends Diagonal8 {
  @inline get menCaptureBackward(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Free; }
  @inline get kingLandsBehind(): bool { return true; }
  @inline get removedAtOnce(): bool { return true; }
}

/** Killer draughts: international, but a king whose last capture takes a king halts right behind it. */
@final @unmanaged export class Killer extends Diagonal10 {
  @inline get haltBehindKing(): bool { return true; }
}

/**
 * Turkish draughts (dama): all 64 squares, men step and capture forwards and sideways (on the
 * orthogonal board a man's "forward" directions are all but straight back), flying kings move
 * like rooks, each captured piece leaves the board as it is jumped, no jump turns straight back,
 * most pieces must be taken, and a man passing the far row mid-capture stays a man until the
 * move ends.
 */
@final @unmanaged export class Turkish extends Orthogonal {
  @inline get menCaptureBackward(): bool { return false; }
  @inline get removedAtOnce(): bool { return true; }
}

/**
 * Frisian draughts (and frysk, its 5-man start): international's board, men and quiet moves,
 * but men and kings capture along the ranks and files too (the geometry: lines.ts's eight
 * lines), the capture of highest value must be played (then one by a king), and the king-move
 * limit applies (the rule).
 */
@final @unmanaged export class Frisian extends Lines {
  @inline get precedence(): Precedence { return Precedence.Value; }
  @inline get kingMoveLimit(): bool { return true; }
}

/**
 * Canadian draughts: international's rules on a 12×12 board of 72 squares, 30 men each. Its
 * board needs 128-bit sets (board/board-12x12.ts: `highWords`), so it has its own generator
 * (movegen/canadian.ts; the generic one over two words was measured slower), which reads none
 * of these rules but the optional-capture rule above.
 */
@final @unmanaged export class Canadian extends Diagonal12 {}
