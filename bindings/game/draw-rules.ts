// The counting rules of RULES.md 5.5 and 5.6, per variant: each a counter of plies that a ply
// advances, starts again at 0 or drops. The counters are plain numbers kept per ply by the game
// (bindings/game/game.ts), so taking a move back restores them exactly; this module only says
// how one ply changes them and when one is reached. Repetition is the game's business (5.4).
//
// Two kinds of counter:
// - Run counters (`25-move-kings`, `15-move-kings`, `20-move-kings`, `40-move`, `20-move`,
//   `15-move`, `30-move-endgame`, `60-move-endgame`): the plies in a row of the kind the rule
//   counts; any other ply (a capture, a man move or a promotion, as the rule says) makes it 0.
// - Ending classes (5.5: `16-move-endgame`, `5-move-endgame`, `15-move-endgame`,
//   `long-diagonal-endgame`, `12-move-endgame`): 0 in the position where the class first holds,
//   then +1 for every ply after which it still holds, whatever the ply was (a man move, a
//   promotion or a capture inside the class changes nothing); 0 again once it no longer holds.
//   A capture from one class into another therefore starts the other's count at 0.
//
// Decisions where RULES.md is silent:
// - `movesLeft` turns the plies left back into moves each, rounded up, for a "draw in 7 moves"
//   display.
// - The king-only rules of russian and brazilian count a ply only when both sides had kings
//   before it (a side without kings has only man moves, so this changes no result, only what
//   `applies` shows).
// - `long-diagonal-endgame` (russian) and `12-move-endgame` (spanish) hold "from when this
//   holds": the class is the material together with the king on the long diagonal, so a king
//   leaving the diagonal drops the count and coming back starts it again at 0. The long
//   diagonal is the one diagonal with a square in every row: a1–h8 on the standard board,
//   squares 1–32 on the mirrored (spanish) board.
// - A game set up from a FEN starts with every counter at 0: a FEN carries no history.
// - Counters are checked in the order RULES.md 5.6 lists them; the first reached is reported.

import type { Move } from "../core/notation.js";
import type { Position } from "../core/position.js";
import { coordinates, squareCount } from "../core/squares.js";
import { type Color, type VariantName, variantInfo } from "../core/variant.js";

/** The counting rules, by the name `result.reason` reports. */
export type CountingRule =
  | "25-move-kings"
  | "16-move-endgame"
  | "5-move-endgame"
  | "15-move-kings"
  | "15-move-endgame"
  | "long-diagonal-endgame"
  | "30-move-endgame"
  | "60-move-endgame"
  | "20-move-kings"
  | "40-move"
  | "20-move"
  | "12-move-endgame"
  | "15-move"
  | "7-move-endgame"
  | "2-move-endgame";

/** Why a game was drawn. */
export type DrawReason = "threefold-repetition" | CountingRule;

/**
 * The brazilian counting rules: the Brazilian confederation's (`cbd`: 20-move-kings and its
 * 5-move endings) or the russian set (`russian`, what the largest online server plays).
 */
export type BrazilianRules = "cbd" | "russian";

/** The draw rules of brazilian draughts, by name. */
export const BRAZILIAN_RULES: readonly BrazilianRules[] = Object.freeze(["cbd", "russian"]);

/** The third occurrence of a position makes a draw claimable (RULES.md 5.4). */
export const REPETITION_LIMIT = 3;

/** Pieces of one side. */
export interface SideMaterial {
  readonly men: number;
  readonly kings: number;
}

/** The pieces on the board, counted per side. */
export interface Material {
  readonly white: SideMaterial;
  readonly black: SideMaterial;
}

/** What the rules look at in a position: the material, and the kings on the long diagonal. */
export interface Standing {
  readonly material: Material;
  readonly longDiagonalKings: Readonly<Record<Color, number>>;
}

/** What a counter needs to know of a ply. */
export interface PlyFacts {
  readonly before: Standing;
  readonly after: Standing;
  readonly capture: boolean;
  /** The piece that moved was a king (before the move). */
  readonly kingMoved: boolean;
  /** A man ended the move crowned. */
  readonly promotes: boolean;
}

/** A counter as a frontend shows it. */
export interface DrawCounter {
  readonly rule: CountingRule;
  /** Plies counted so far. */
  readonly plies: number;
  /** Plies at which the game is drawn. */
  readonly limit: number;
  /** Moves each (pairs of plies) still to play before the draw, rounded up; 0 once reached. */
  readonly movesLeft: number;
  /**
   * Whether the rule's condition holds in the current position: an ending class's material
   * (and long-diagonal king), both sides having kings for the russian and brazilian king-only
   * rules, a king on the board for the other king-only rules, always for `40-move` (italian)
   * and `20-move`.
   */
  readonly applies: boolean;
}

interface RuleSpec {
  readonly rule: CountingRule;
  readonly limit: number;
  applies(standing: Standing): boolean;
  next(count: number, ply: PlyFacts): number;
}

// ---------------------------------------------------------------------------------------------
// Conditions

type SideTest = (side: SideMaterial) => boolean;

const anyKing = (s: Standing): boolean => s.material.white.kings + s.material.black.kings > 0;
const bothKings = (s: Standing): boolean => s.material.white.kings > 0 && s.material.black.kings > 0;
const isLoneKing: SideTest = (s) => s.kings === 1 && s.men === 0;
const pieces = (s: SideMaterial): number => s.men + s.kings;
const other = (color: Color): Color => (color === "white" ? "black" : "white");
const COLORS: readonly Color[] = ["white", "black"];

/** One side (`lone`) has a lone king, the other's material passes `strong`, and `extra` holds. */
function loneKingAgainst(strong: SideTest, extra: (s: Standing, lone: Color) => boolean = () => true): (s: Standing) => boolean {
  return (s) => COLORS.some((lone) => isLoneKing(s.material[lone]) && strong(s.material[other(lone)]) && extra(s, lone));
}

/** Both sides have a king and there are `min` to `max` pieces on the board. */
function kingsEachWithPieces(min: number, max: number): (s: Standing) => boolean {
  return (s) => {
    const total = pieces(s.material.white) + pieces(s.material.black);
    return bothKings(s) && total >= min && total <= max;
  };
}

/** Brazilian 5-move endings (CBD): each side's material, as an unordered pair. */
function brazilianEnding(s: Standing): boolean {
  const kind = (m: SideMaterial): string | undefined => (m.men === 0 && (m.kings === 1 || m.kings === 2) ? "K".repeat(m.kings) : m.men === 1 && m.kings === 1 ? "KM" : undefined);
  const pair = [kind(s.material.white), kind(s.material.black)].sort().join("+");
  return BRAZILIAN_ENDINGS.has(pair);
}
// Two kings against two kings, two against one, two against a king and a man, king against
// king, king against a king and a man (sorted names, as brazilianEnding writes them).
const BRAZILIAN_ENDINGS = new Set(["KK+KK", "K+KK", "KK+KM", "K+K", "K+KM"]);

// ---------------------------------------------------------------------------------------------
// Counters

/** A run counter: +1 for a ply that `counts`, else 0. */
function run(rule: CountingRule, limit: number, applies: (s: Standing) => boolean, counts: (ply: PlyFacts) => boolean): RuleSpec {
  return { rule, limit, applies, next: (count, ply) => (counts(ply) ? count + 1 : 0) };
}

/** An ending class (5.5): +1 for a ply that stays in the class, else 0. */
function ending(rule: CountingRule, limit: number, holds: (s: Standing) => boolean): RuleSpec {
  return run(rule, limit, holds, (ply) => holds(ply.before) && holds(ply.after));
}

const kingMove = (p: PlyFacts): boolean => p.kingMoved && !p.capture;
const noCaptureNoPromotion = (p: PlyFacts): boolean => !p.capture && !p.promotes;
const always = (): boolean => true;

/** Kings only, both sides having kings: the russian and brazilian king-only rules. */
const kingsBothSides = (rule: CountingRule, limit: number): RuleSpec => run(rule, limit, bothKings, (p) => kingMove(p) && bothKings(p.before));

/** Both sides have a king, `min`–`max` pieces, no capture and no promotion (russian). */
function kingsEndgame(rule: CountingRule, limit: number, min: number, max: number): RuleSpec {
  const holds = kingsEachWithPieces(min, max);
  return run(rule, limit, holds, (p) => holds(p.before) && holds(p.after) && noCaptureNoPromotion(p));
}

const withAKing = (count: (n: number) => boolean): SideTest => (s) => count(pieces(s)) && s.kings >= 1;

const KINGS_25 = run("25-move-kings", 50, anyKing, kingMove);
const ENDGAME_16 = ending("16-move-endgame", 32, loneKingAgainst(withAKing((n) => n === 3)));
const ENDGAME_5 = ending("5-move-endgame", 10, loneKingAgainst(withAKing((n) => n <= 2)));

const KINGS_15 = kingsBothSides("15-move-kings", 30);
const ENDGAME_15 = ending("15-move-endgame", 30, loneKingAgainst((s) => s.men === 0 && s.kings >= 3));
const LONG_DIAGONAL = ending(
  "long-diagonal-endgame",
  10,
  loneKingAgainst(withAKing((n) => n === 3), (s, lone) => s.longDiagonalKings[lone] === 1),
);
const ENDGAME_30 = kingsEndgame("30-move-endgame", 60, 4, 5);
const ENDGAME_60 = kingsEndgame("60-move-endgame", 120, 6, 7);
const RUSSIAN = [KINGS_15, ENDGAME_15, ENDGAME_5, LONG_DIAGONAL, ENDGAME_30, ENDGAME_60];

const KINGS_20 = kingsBothSides("20-move-kings", 40);
const BRAZILIAN_5 = ending("5-move-endgame", 10, brazilianEnding);

const ENGLISH_40 = run("40-move", 80, anyKing, kingMove);
const ITALIAN_40 = run("40-move", 80, always, noCaptureNoPromotion);
const SPANISH_20 = run("20-move", 40, always, noCaptureNoPromotion);
const SPANISH_12 = ending(
  "12-move-endgame",
  24,
  loneKingAgainst((s) => s.men === 0 && s.kings === 3, (s, lone) => s.longDiagonalKings[other(lone)] >= 1),
);
const CZECH_15 = run("15-move", 30, anyKing, kingMove);

// Frisian (RULES-more-variants.md 5, as lidraughts plays the official rules): two kings against
// one king, and nothing else on the board, are drawn after 7 moves each; one king against one
// king after 2 moves each (the official rules draw it at once unless a king is won by force:
// lidraughts' count is taken, Decision).
const onlyKings = (n: number): SideTest => (s) => s.men === 0 && s.kings === n;
const FRISIAN_7 = ending("7-move-endgame", 14, loneKingAgainst(onlyKings(2)));
const FRISIAN_2 = ending("2-move-endgame", 4, loneKingAgainst(onlyKings(1)));

/** The rules of each variant, in the order RULES.md 5.6 lists them (the order of report). */
const SPECS: Record<VariantName, readonly RuleSpec[]> = {
  international: [KINGS_25, ENDGAME_16, ENDGAME_5],
  russian: RUSSIAN,
  brazilian: [KINGS_20, BRAZILIAN_5],
  english: [ENGLISH_40],
  italian: [ITALIAN_40],
  spanish: [SPANISH_20, SPANISH_12],
  czech: [CZECH_15],
  // RULES-more-variants.md: killer is international "in every respect" but the halt rule, so
  // its counting rules too (Decision). Pool's and thai's draw rules are not settled there, and
  // antidraughts and breakthrough have none: only repetition (5.4) applies to them.
  killer: [KINGS_25, ENDGAME_16, ENDGAME_5],
  pool: [],
  thai: [],
  antidraughts: [],
  breakthrough: [],
  // RULES-more-variants.md 4 leaves turkish's draws unsettled (kish's one-piece-each and
  // 25-move rules are not adopted): only repetition (5.4) applies.
  turkish: [],
  // Frysk plays frisian's rules in full; nothing beyond these two endings is settled.
  frisian: [FRISIAN_7, FRISIAN_2],
  frysk: [FRISIAN_7, FRISIAN_2],
  // RULES-more-variants.md 8: canadian is international on 12×12, its draws included (Decision).
  canadian: [KINGS_25, ENDGAME_16, ENDGAME_5],
};

// ---------------------------------------------------------------------------------------------

/** The pieces of each side. */
export function materialOf(position: Position): Material {
  return standingOf(position).material;
}

/** The material and the kings on the long diagonal of `position`. */
export function standingOf(position: Position): Standing {
  const white = { men: 0, kings: 0 };
  const black = { men: 0, kings: 0 };
  const longDiagonalKings = { white: 0, black: 0 };
  const diagonal = longDiagonal(position.variant);
  for (const { square, piece } of position.pieces()) {
    const side = piece.color === "white" ? white : black;
    if (piece.role === "man") side.men++;
    else {
      side.kings++;
      if (diagonal.has(square)) longDiagonalKings[piece.color]++;
    }
  }
  return { material: { white, black }, longDiagonalKings };
}

const DIAGONALS = new Map<VariantName, ReadonlySet<number>>();

/** The squares of the long diagonal: the one diagonal with a playable square in every row. */
export function longDiagonal(variant: VariantName): ReadonlySet<number> {
  let squares = DIAGONALS.get(variant);
  if (squares === undefined) {
    const info = variantInfo(variant);
    const n = info.size;
    // Standard boards: the bottom-left corner is playable, so the diagonal runs up to the right
    // (row + column = N − 1); mirrored boards: from the top-left corner (row = column).
    const onIt = (row: number, column: number): boolean => (info.mirrored ? row === column : row + column === n - 1);
    squares = new Set(Array.from({ length: squareCount(info) }, (_, i) => i + 1).filter((sq) => {
      const { row, column } = coordinates(info, sq);
      return onIt(row, column);
    }));
    DIAGONALS.set(variant, squares);
  }
  return squares;
}

/** The counting rules of one variant: counters as arrays of plies, in the order of `rules`. */
export class DrawRules {
  readonly #specs: readonly RuleSpec[];

  /** `brazilianRules` chooses the brazilian set (default `cbd`); other variants ignore it. */
  constructor(
    readonly variant: VariantName,
    readonly brazilianRules: BrazilianRules = "cbd",
  ) {
    this.#specs = variant === "brazilian" && brazilianRules === "russian" ? RUSSIAN : SPECS[variant];
  }

  /** The variant's counting rules, in the order their counters are kept and reported. */
  get rules(): readonly CountingRule[] {
    return this.#specs.map((s) => s.rule);
  }

  /** The counters of a game's first position: all 0 (a FEN carries no history). */
  start(): readonly number[] {
    return Object.freeze(this.#specs.map(() => 0));
  }

  /** The counters after `move` took `before` to `after`. */
  next(counts: readonly number[], before: Position, move: Move, after: Position): readonly number[] {
    const ply: PlyFacts = {
      before: standingOf(before),
      after: standingOf(after),
      capture: move.isCapture,
      kingMoved: before.pieceAt(move.from)?.role === "king",
      promotes: move.promotes,
    };
    return Object.freeze(this.#specs.map((spec, i) => spec.next(counts[i]!, ply)));
  }

  /** The first rule, in the order of `rules`, whose counter has reached its limit. */
  reached(counts: readonly number[]): CountingRule | undefined {
    return this.#specs.find((spec, i) => counts[i]! >= spec.limit)?.rule;
  }

  /** The counters, named, for `position` (the position they were counted up to). */
  describe(counts: readonly number[], position: Position): readonly DrawCounter[] {
    const standing = standingOf(position);
    return Object.freeze(
      this.#specs.map((spec, i) => {
        const plies = counts[i]!;
        return Object.freeze({
          rule: spec.rule,
          plies,
          limit: spec.limit,
          movesLeft: Math.max(0, Math.ceil((spec.limit - plies) / 2)),
          applies: spec.applies(standing),
        });
      }),
    );
  }
}

const CACHE = new Map<string, DrawRules>();

/** The counting rules of `variant` (`brazilianRules` chooses the brazilian set). */
export function drawRules(variant: VariantName, brazilianRules: BrazilianRules = "cbd"): DrawRules {
  const key = `${variant}/${brazilianRules}`;
  let rules = CACHE.get(key);
  if (!rules) CACHE.set(key, (rules = new DrawRules(variant, brazilianRules)));
  return rules;
}

/** A ply after which no earlier position can come back: a capture or a man move. */
export function isIrreversible(before: Position, move: Move): boolean {
  return move.isCapture || before.pieceAt(move.from)?.role === "man";
}
