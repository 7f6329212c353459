// The variants the library plays, and what the binding needs to know of each: the rules
// themselves live in the core (assembly/board/variants.ts) and RULES.md, the ids in the contract
// with it (assembly/contract/contract.ts).

import {
  OPTIONAL_CAPTURE, VARIANT_BRAZILIAN, VARIANT_CANADIAN, VARIANT_CZECH, VARIANT_ENGLISH, VARIANT_FRISIAN, VARIANT_INTERNATIONAL, VARIANT_ITALIAN,
  VARIANT_KILLER, VARIANT_POOL, VARIANT_RUSSIAN, VARIANT_SPANISH, VARIANT_THAI, VARIANT_TURKISH,
} from "./contract.js";
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
  /** Whether the search and the evaluation play the variant (every variant now; a core built without a search would not). */
  readonly searched: boolean;
}

/** How a game ends (RULES.md 5.1; RULES-more-variants.md 9). */
export type Ending = "standard" | "antidraughts" | "breakthrough";

const INFO: Record<VariantName, VariantInfo> = {
  english: { name: "english", id: VARIANT_ENGLISH, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "black", defaultDuplicates: "keep", algebraic: false, men: 12, ending: "standard", searched: true },
  italian: { name: "italian", id: VARIANT_ITALIAN, size: 8, allSquares: false, frisian: false, mirrored: true, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  international: { name: "international", id: VARIANT_INTERNATIONAL, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: true },
  brazilian: { name: "brazilian", id: VARIANT_BRAZILIAN, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  russian: { name: "russian", id: VARIANT_RUSSIAN, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  spanish: { name: "spanish", id: VARIANT_SPANISH, size: 8, allSquares: false, frisian: false, mirrored: true, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  czech: { name: "czech", id: VARIANT_CZECH, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: true, men: 12, ending: "standard", searched: true },
  // Pool is written in numbers like english (APCA); black moves first.
  pool: { name: "pool", id: VARIANT_POOL, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "black", defaultDuplicates: "drop", algebraic: false, men: 12, ending: "standard", searched: true },
  thai: { name: "thai", id: VARIANT_THAI, size: 8, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 8, ending: "standard", searched: true },
  killer: { name: "killer", id: VARIANT_KILLER, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: true },
  antidraughts: { name: "antidraughts", id: VARIANT_INTERNATIONAL, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "antidraughts", searched: true },
  breakthrough: { name: "breakthrough", id: VARIANT_INTERNATIONAL, size: 10, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "breakthrough", searched: true },
  // Turkish: written in algebraic squares as is customary; its only published perft table counts
  // capture routes (keep), so that is its default (Decision, as english's).
  turkish: { name: "turkish", id: VARIANT_TURKISH, size: 8, allSquares: true, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "keep", algebraic: true, men: 16, ending: "standard", searched: true },
  // Frisian: written in numbers as international; perft's default is drop (RULES.md 4.2) though
  // both published tables are reproduced. Frysk! starts with the five men of each back row.
  frisian: { name: "frisian", id: VARIANT_FRISIAN, size: 10, allSquares: false, frisian: true, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 20, ending: "standard", searched: true },
  frysk: { name: "frysk", id: VARIANT_FRISIAN, size: 10, allSquares: false, frisian: true, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 5, ending: "standard", searched: true },
  // Canadian: international on 12×12 (RULES-more-variants.md 8), written in numbers like it;
  // its published table counts moves (drop). The evaluation reads only the 8×8 and 10×10 boards.
  canadian: { name: "canadian", id: VARIANT_CANADIAN, size: 12, allSquares: false, frisian: false, mirrored: false, firstToMove: "white", defaultDuplicates: "drop", algebraic: false, men: 30, ending: "standard", searched: true },
};

/** The core's id of a variant's rules (bindings/core/contract.ts): its moves' id, with the optional-capture flag when that house rule is on. */
export function coreVariantId(info: VariantInfo, optionalCapture: boolean): number {
  return info.id + (optionalCapture ? OPTIONAL_CAPTURE : 0);
}

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
