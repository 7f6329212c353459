// The variants as data. Each class is a set of rule constants that the generic generators read
// through `rules<V>()`; every getter is inlined, so each variant's generator is compiled with its
// rules folded in and no branch on the variant is left in the hot path.
//
// The constants are spelled out in full for every variant (no base class): an overridden
// getter would be a virtual call, and a rule read here should never depend on another class.
// RULES.md section 1 is the source of every value, and RULES-more-variants.md (docs/RULES-more-variants.md)
// for pool, thai, killer, turkish and frisian.
//
// The last six constants are false in the first seven variants, so the code they guard
// folds away there:
//   kingLandsBehind  a flying king capturing lands on the square right behind the piece (thai);
//   removedAtOnce    a captured piece leaves the board as it is jumped, so its square is empty
//                    for the rest of the move, and no jump turns straight back (thai, turkish;
//                    only kings can meet such a square: their men never capture backwards);
//   haltBehindKing   a king whose last capture takes a king stops right behind it (killer);
//   orthogonal       the board uses all 64 squares and pieces move along ranks and files
//                    (turkish): movegen/legal.ts runs the generators on the geometry of
//                    board/orthogonal.ts, a u64 of 64 squares, for such a variant;
//   frisian          pieces capture along ranks and files as well as diagonals (movegen/legal.ts
//                    runs the generators on board/lines.ts's eight lines for such a variant),
//                    and a king may make only three quiet moves in a row (frisian, frysk: the
//                    restricted king, movegen/king-streak.ts);
//   twelveByTwelve   the 12×12 board of two-word sets (canadian, board/board-12x12.ts): its
//                    moves come from movegen/canadian.ts, and the search, which keeps a set's
//                    low word in its one-word `B`, carries the high words beside it.

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

/** The phantom instance through which generic code reads a variant's constants. */
// @ts-ignore: decorator
@inline export function rules<V>(): V {
  return changetype<V>(0);
}

@final @unmanaged export class English {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Free; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class Italian {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return true; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return false; }
  @inline get flyingKings(): bool { return false; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Italian; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class International {
  @inline get tenByTen(): bool { return true; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class Brazilian {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class Russian {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.FlyOn; }
  @inline get precedence(): Precedence { return Precedence.Free; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class Spanish {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return true; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Spanish; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

@final @unmanaged export class Czech {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Czech; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

// The variants of RULES-more-variants.md on the same two boards. antidraughts and breakthrough
// play international's moves and differ only in how the game ends, which is the binding's
// business: they use International here.

/** American pool checkers: russian's moves, but a man passing the far row mid-capture stays a man. */
@final @unmanaged export class Pool {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Free; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

/**
 * Thai draughts: men capture forwards only; a king slides to the piece it takes and lands right
 * behind it; each captured piece leaves the board as it is jumped, and no jump turns straight back.
 */
@final @unmanaged export class Thai {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.Stop; }
  @inline get precedence(): Precedence { return Precedence.Free; }
  @inline get kingLandsBehind(): bool { return true; }
  @inline get removedAtOnce(): bool { return true; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

/** Killer draughts: international, but a king whose last capture takes a king halts right behind it. */
@final @unmanaged export class Killer {
  @inline get tenByTen(): bool { return true; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return true; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

/**
 * Turkish draughts (dama): all 64 squares, men step and capture forwards and sideways (on the
 * orthogonal board a man's "forward" directions are all but straight back), flying kings move
 * like rooks, each captured piece leaves the board as it is jumped, no jump turns straight back,
 * most pieces must be taken, and a man passing the far row mid-capture stays a man until the
 * move ends.
 */
@final @unmanaged export class Turkish {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return false; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return true; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return true; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return false; }
}

/**
 * Frisian draughts (and frysk, its 5-man start): international's board, men and quiet moves,
 * but men and kings capture along the ranks and files too, the capture of highest value must
 * be played (then one by a king), and the king-move limit applies.
 */
@final @unmanaged export class Frisian {
  @inline get tenByTen(): bool { return true; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Value; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return true; }
  @inline get twelveByTwelve(): bool { return false; }
}

/**
 * Canadian draughts: international's rules on a 12×12 board of 72 squares, 30 men each. Its
 * board needs 128-bit sets (board/board-12x12.ts), so it has its own generator (movegen/canadian.ts),
 * which reads none of these but the optional-capture rule below; the others say its rules in this
 * file's terms, and `twelveByTwelve` sends the search's listings and children to that board.
 */
@final @unmanaged export class Canadian {
  @inline get tenByTen(): bool { return false; }
  @inline get mirrored(): bool { return false; }
  @inline get menCaptureBackward(): bool { return true; }
  @inline get menCaptureKings(): bool { return true; }
  @inline get flyingKings(): bool { return true; }
  @inline get promotion(): Promotion { return Promotion.AtEnd; }
  @inline get precedence(): Precedence { return Precedence.Majority; }
  @inline get kingLandsBehind(): bool { return false; }
  @inline get removedAtOnce(): bool { return false; }
  @inline get haltBehindKing(): bool { return false; }
  @inline get orthogonal(): bool { return false; }
  @inline get frisian(): bool { return false; }
  @inline get twelveByTwelve(): bool { return true; }
}
