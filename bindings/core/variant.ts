// The variants the library plays, and what the binding needs to know of each: the rules
// themselves live in the core (assembly/variants.ts) and RULES.md.

import { VariantError } from "./errors.js";

/** The names of the sixteen variants the library plays. */
export const VARIANTS = [
  "english", "italian", "international", "brazilian", "russian", "spanish", "czech",
  "pool", "thai", "killer", "antidraughts", "breakthrough", "turkish", "frisian", "frysk", "canadian",
] as const;

/** One of VARIANTS. */
export type VariantName = (typeof VARIANTS)[number];

/** A side: white or black. */
export type Color = "white" | "black";

/** How perft counts captures that take the same pieces by different routes (RULES.md 4.2). */
export type Duplicates = "keep" | "drop";

/** What the library knows of a variant (variantInfo): its board, numbering, first player, perft convention and whether the search plays it. */
export interface VariantInfo {
  readonly name: VariantName;
  /**
   * The core's id for the variant's moves. antidraughts and breakthrough play international's
   * moves (RULES-more-variants.md 9), so they share its id; only their game ends differ.
   * Frysk plays frisian's moves from another start, and shares its id too.
   */
  readonly id: number;
  /** Squares per side of the board: 8, 10, or canadian's 12. */
  readonly size: 8 | 10 | 12;
  /**
   * Turkish: all N² squares are played, numbered 1 … 64 row by row from the top, and pieces
   * move along ranks and files (RULES-more-variants.md 4); otherwise the N²/2 dark squares.
   */
  readonly allSquares: boolean;
  /**
   * Frisian and frysk: pieces capture along ranks and files as well as diagonals, and a side's
   * moves depend on its king streak, the quiet moves in a row it made with one king
   * (RULES-more-variants.md 5; bindings/core/king-streak.ts).
   */
  readonly frisian: boolean;
  /** Italian and spanish boards have the bottom-right corner playable (RULES.md 2). */
  readonly mirrored: boolean;
  readonly firstToMove: Color;
  /** The perft convention of the variant's commonly quoted tables. */
  readonly defaultDuplicates: Duplicates;
  /** Whether moves are written with algebraic squares by default. */
  readonly algebraic: boolean;
  /** Men of each side in the start position (on the first squares of each side; turkish: its second and third rows). */
  readonly men: number;
  /** How the game ends: the side without a move loses (`standard`), wins (`antidraughts`), or the first king wins (`breakthrough`). */
  readonly ending: Ending;
  /** Whether the search and the evaluation play the variant (not antidraughts, breakthrough, turkish, frisian, frysk, canadian). */
  readonly searched: boolean;
}

/** How a game ends (RULES.md 5.1; RULES-more-variants.md 9). */
export type Ending = "standard" | "antidraughts" | "breakthrough";

const INFO: Record<VariantName, VariantInfo> = {
  english: { name: "english", id: 0, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "black", defaultDuplicates: "keep", algebraic: false, men: 12, ending: "standard", searched: true },
  italian: { name: "italian", id: 1, size: 8, allSquares: false, frisian: false, mirrored: true, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  international: { name: "international", id: 2, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: true },
  brazilian: { name: "brazilian", id: 3, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  russian: { name: "russian", id: 4, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  spanish: { name: "spanish", id: 5, size: 8, allSquares: false, frisian: false, mirrored: true, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  czech: { name: "czech", id: 6, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  // Pool is written in numbers like english (APCA); black moves first.
  pool: { name: "pool", id: 16, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "black", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  thai: { name: "thai", id: 17, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 8, ending: "standard", searched: true },
  killer: { name: "killer", id: 18, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: true },
  antidraughts: { name: "antidraughts", id: 2, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "antidraughts", searched: false },
  breakthrough: { name: "breakthrough", id: 2, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "breakthrough", searched: false },
  // Turkish: written in algebraic squares as is customary; its only published perft table counts
  // capture routes (keep), so that is its default (Decision, as english's).
  turkish: { name: "turkish", id: 19, size: 8, allSquares: true, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "keep", algebraic: true, men: 16, ending: "standard", searched: false },
  // Frisian: written in numbers as international; perft's default is drop (RULES.md 4.2) though
  // both published tables are reproduced. Frysk! starts with the five men of each back row.
  frisian: { name: "frisian", id: 20, size: 10, allSquares: false, frisian: true, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: false },
  frysk: { name: "frysk", id: 20, size: 10, allSquares: false, frisian: true, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 5, ending: "standard", searched: false },
  // Canadian: international on 12×12 (RULES-more-variants.md 8), written in numbers like it;
  // its published table counts moves (drop). The evaluation reads only the 8×8 and 10×10 boards.
  canadian: { name: "canadian", id: 22, size: 12, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 30, ending: "standard", searched: false },
};

/** The core's flag for the optional-capture house rule, added to a variant id. */
export const OPTIONAL_CAPTURE_FLAG = 8;

/** Whether a value is one of VARIANTS. */
export function isVariantName(name: unknown): name is VariantName {
  return typeof name === "string" && (VARIANTS as readonly string[]).includes(name);
}

/** The variant's data; throws VariantError for a name that is not one of VARIANTS. */
export function variantInfo(name: string): VariantInfo {
  if (!isVariantName(name)) {
    throw new VariantError(`unknown variant ${JSON.stringify(name)}: expected one of ${VARIANTS.join(", ")}`);
  }
  return INFO[name];
}
