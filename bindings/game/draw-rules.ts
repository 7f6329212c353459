// The draw rules of RULES.md section 5, per variant: threefold repetition everywhere, and the
// move-count rules, each a counter that a ply either advances or resets. The counters are
// plain numbers kept per ply by the game (bindings/game.ts), so taking a move back restores
// them exactly; this module only says how one ply changes them and when one is reached.
//
// Decisions where RULES.md is silent:
// - Unit. Every counter counts plies (one side's move). RULES.md's "N moves each" is 2N plies,
//   so the limits are 50 (25 moves), 32 (16), 10 (5), 80 (40) and 30 (15). `movesLeft` turns
//   the remaining plies back into moves, rounded up, for a "draw in 7 moves" display.
// - Consecutive. The king-only and 40-move counters count the plies since the last ply that
//   breaks the rule: a capture, or a man move (international, spanish, czech, english,
//   russian, brazilian), or a capture or a promotion (italian, where other man moves count).
// - Russian and brazilian kings rule: a ply counts only when both sides had kings before it.
// - Endgame rules (international 16 and 5 moves, russian and brazilian 15 moves). The counter
//   starts at 0 in the position where the material first fits the rule (after the move that
//   made it so, or at the start of a game set up that way) and advances on every ply while the
//   material keeps fitting it, whatever the ply is: a man move or a promotion that keeps the
//   material inside the rule does not reset it (otherwise the stronger side could stretch the
//   limit by walking men). A capture changes the material and so leaves the rule (e.g. from the
//   16-move to the 5-move rule, whose counter then starts at 0).
//   * 16-move-endgame: one side has a single piece, a king; the other exactly three pieces, at
//     least one of them a king.
//   * 5-move-endgame: one side has a single piece, a king; the other one or two pieces, at least
//     one of them a king (so also king against king).
//   * 15-move-endgame (russian, brazilian): one side has a single piece, a king; the other at
//     least three kings (men besides them do not matter).
// - The game is drawn when a counter reaches its limit after a ply. A ply that leaves the
//   opponent without a legal move wins, even when it also reaches a draw limit (the loss is
//   checked first), and repetition is checked before the counters; when two counters are
//   reached by the same ply the one listed first for the variant is reported: the endgame
//   rules come first, being the more specific (three kings against one in russian reach the
//   15-move-kings limit on the same ply as the 15-move-endgame limit when only kings move).
// - A game set up from a FEN starts with every counter at 0: a FEN carries no history.

import type { Move } from "../core/notation.js";
import type { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";

/** The move-count rules, by the name `result.reason` reports. */
export type CountingRule = "25-move-kings" | "16-move-endgame" | "5-move-endgame" | "40-move" | "15-move-kings" | "15-move-endgame";

/** Why a game was drawn. */
export type DrawReason = "threefold-repetition" | CountingRule;

/** The third occurrence of a position draws (RULES.md 5). */
export const REPETITION_LIMIT = 3;

/** Pieces of one side. */
export interface SideMaterial {
  readonly men: number;
  readonly kings: number;
}

export interface Material {
  readonly white: SideMaterial;
  readonly black: SideMaterial;
}

/** What a counter needs to know of a ply. */
export interface PlyFacts {
  readonly before: Material;
  readonly after: Material;
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
   * Whether the rule's material condition holds in the current position: the endgame rules'
   * material, both sides having kings for `15-move-kings`, a king on the board for the
   * king-only rules, always for the italian `40-move`.
   */
  readonly applies: boolean;
}

interface RuleSpec {
  readonly rule: CountingRule;
  readonly limit: number;
  applies(material: Material): boolean;
  next(count: number, ply: PlyFacts): number;
}

const anyKing = (m: Material): boolean => m.white.kings + m.black.kings > 0;
const bothKings = (m: Material): boolean => m.white.kings > 0 && m.black.kings > 0;
const isLoneKing = (s: SideMaterial): boolean => s.kings === 1 && s.men === 0;

/** One side has a lone king and the other's material passes `strong`. */
function loneKingAgainst(strong: (s: SideMaterial) => boolean): (m: Material) => boolean {
  return (m) => (isLoneKing(m.white) && strong(m.black)) || (isLoneKing(m.black) && strong(m.white));
}

/** The plies since the last ply that breaks the rule. */
function consecutive(rule: CountingRule, limit: number, applies: (m: Material) => boolean, counts: (ply: PlyFacts) => boolean): RuleSpec {
  return { rule, limit, applies, next: (count, ply) => (counts(ply) ? count + 1 : 0) };
}

/** The plies since the material first fitted the rule (0 in that position). */
function endgame(rule: CountingRule, limit: number, applies: (m: Material) => boolean): RuleSpec {
  return { rule, limit, applies, next: (count, ply) => (applies(ply.after) && applies(ply.before) ? count + 1 : 0) };
}

const KINGS_25 = consecutive("25-move-kings", 50, anyKing, (p) => p.kingMoved && !p.capture);
const ENDGAME_16 = endgame("16-move-endgame", 32, loneKingAgainst((s) => s.men + s.kings === 3 && s.kings >= 1));
const ENDGAME_5 = endgame("5-move-endgame", 10, loneKingAgainst((s) => s.men + s.kings <= 2 && s.kings >= 1));
const ITALIAN_40 = consecutive("40-move", 80, () => true, (p) => !p.capture && !p.promotes);
const ENGLISH_40 = consecutive("40-move", 80, anyKing, (p) => p.kingMoved && !p.capture);
const KINGS_15 = consecutive("15-move-kings", 30, bothKings, (p) => p.kingMoved && !p.capture && bothKings(p.before));
const ENDGAME_15 = endgame("15-move-endgame", 30, loneKingAgainst((s) => s.kings >= 3));

const SPECS: Record<VariantName, readonly RuleSpec[]> = {
  international: [ENDGAME_16, ENDGAME_5, KINGS_25],
  spanish: [KINGS_25],
  czech: [KINGS_25],
  italian: [ITALIAN_40],
  english: [ENGLISH_40],
  russian: [ENDGAME_15, KINGS_15],
  brazilian: [ENDGAME_15, KINGS_15],
};

/** The pieces of each side. */
export function materialOf(position: Position): Material {
  const white = { men: 0, kings: 0 };
  const black = { men: 0, kings: 0 };
  for (const { piece } of position.pieces()) {
    const side = piece.color === "white" ? white : black;
    if (piece.role === "man") side.men++;
    else side.kings++;
  }
  return { white, black };
}

/** The draw rules of one variant: counters as arrays of plies, in the order of `rules`. */
export class DrawRules {
  readonly #specs: readonly RuleSpec[];

  constructor(readonly variant: VariantName) {
    this.#specs = SPECS[variant];
  }

  /** The variant's move-count rules, in the order their counters are kept and reported. */
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
      before: materialOf(before),
      after: materialOf(after),
      capture: move.isCapture,
      kingMoved: before.pieceAt(move.from)?.role === "king",
      promotes: move.promotes,
    };
    return Object.freeze(this.#specs.map((spec, i) => spec.next(counts[i]!, ply)));
  }

  /** The first rule whose counter has reached its limit. */
  reached(counts: readonly number[]): CountingRule | undefined {
    return this.#specs.find((spec, i) => counts[i]! >= spec.limit)?.rule;
  }

  /** The counters, named, for `position` (the position they were counted up to). */
  describe(counts: readonly number[], position: Position): readonly DrawCounter[] {
    const material = materialOf(position);
    return Object.freeze(
      this.#specs.map((spec, i) => {
        const plies = counts[i]!;
        return Object.freeze({
          rule: spec.rule,
          plies,
          limit: spec.limit,
          movesLeft: Math.max(0, Math.ceil((spec.limit - plies) / 2)),
          applies: spec.applies(material),
        });
      }),
    );
  }
}

const CACHE = new Map<VariantName, DrawRules>();

/** The draw rules of `variant`. */
export function drawRules(variant: VariantName): DrawRules {
  let rules = CACHE.get(variant);
  if (!rules) CACHE.set(variant, (rules = new DrawRules(variant)));
  return rules;
}

/** A ply after which no earlier position can come back: a capture or a man move. */
export function isIrreversible(before: Position, move: Move): boolean {
  return move.isCapture || before.pieceAt(move.from)?.role === "man";
}
