// A perft suite: positions with their counts to a stated depth and where each count comes from,
// as engine authors keep them to check a move generator beyond the start position
// (suites/perft-positions.json; `bitdraughts perft --suite FILE` runs one).

import { ArgumentError, DraughtsError, quote } from "../core/errors.js";
import { Position } from "../core/position.js";
import { isVariantName, variantInfo, type Duplicates, type VariantName } from "../core/variant.js";

/** The board families a suite covers: each has its own geometry and generator. */
export const FAMILIES = ["8x8", "10x10", "turkish", "frisian", "canadian"] as const;
/** A board family: the 8×8 diagonal boards, 10×10, turkish's 64 squares, frisian's (and frysk's) eight lines, canadian's 12×12. */
export type Family = (typeof FAMILIES)[number];

/** What a position tests most. */
export const KINDS = ["middle-game", "endgame", "king-heavy", "capture-heavy"] as const;
/** What a suite's position tests most (one of KINDS). */
export type Kind = (typeof KINDS)[number];

/** One position of a perft suite, with its counts and where they come from. */
export interface SuitePosition {
  /** A name unique within the suite. */
  readonly id: string;
  /** The variant whose rules count it. */
  readonly variant: VariantName;
  /** What it tests most. */
  readonly kind: Kind;
  /** The position, in the variant's FEN. */
  readonly fen: string;
  /** Counted with the optional-capture house rule (default false). */
  readonly optionalCapture: boolean;
  /** How capture routes count (default: the variant's). */
  readonly duplicates: Duplicates;
  /** perft(1) … perft(depth): `counts[d - 1]` is perft(d). */
  readonly counts: readonly bigint[];
  /** Where the counts come from: a publication, or how they were computed and confirmed. */
  readonly source: string;
  /** Counts up to this depth are published (the source names where); deeper ones were computed. 0: none. */
  readonly published: number;
}

/** A perft suite as parseSuite reads it. */
export interface Suite {
  /** What the suite holds and how it was made. */
  readonly description: string;
  /** Its positions, in the file's order. */
  readonly positions: readonly SuitePosition[];
}

/** The board family of a variant. */
export function boardFamilyOf(variant: VariantName): Family {
  const info = variantInfo(variant);
  if (info.allSquares) return "turkish";
  if (info.frisian) return "frisian";
  return info.size === 8 ? "8x8" : info.size === 10 ? "10x10" : "canadian";
}

/** The deepest depth of `position` whose count is at most `nodes` (at least 1). */
export function depthWithin(position: SuitePosition, nodes: bigint): number {
  let depth = 1;
  while (depth < position.counts.length && position.counts[depth]! <= nodes) depth++;
  return depth;
}

/** Reads a suite (JSON text); `where` names it in errors. Every position's FEN is read, every count checked. */
export function parseSuite(text: string, where: string): Suite {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ArgumentError(`${where}: not JSON: ${(error as Error).message}`, "suite", text.slice(0, 80));
  }
  const object = (v: unknown, what: string): Record<string, unknown> => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw new ArgumentError(`${where}: ${what} must be a JSON object`, "suite", v);
    return v as Record<string, unknown>;
  };
  const top = object(value, "the suite");
  if (!Array.isArray(top.positions)) throw new ArgumentError(`${where}: positions must be an array`, "positions", top.positions);
  const ids = new Set<string>();
  const positions = top.positions.map((entry: unknown, i: number): SuitePosition => {
    const line = object(entry, `positions[${i}]`);
    const at = `${where}: positions[${i}]${typeof line.id === "string" ? ` (${line.id})` : ""}`;
    const bad = (field: string, expected: string): never => {
      throw new ArgumentError(`${at}: ${field} must be ${expected}, got ${quote(line[field])}`, field, line[field]);
    };
    if (typeof line.id !== "string" || line.id === "") bad("id", "a name");
    if (ids.has(line.id as string)) bad("id", "unique");
    ids.add(line.id as string);
    if (!isVariantName(line.variant)) bad("variant", "a variant name");
    const variant = line.variant as VariantName;
    if (!(KINDS as readonly unknown[]).includes(line.kind)) bad("kind", KINDS.join(", "));
    const optionalCapture = line.optionalCapture ?? false;
    if (typeof optionalCapture !== "boolean") bad("optionalCapture", "true or false");
    const duplicates = line.duplicates ?? variantInfo(variant).defaultDuplicates;
    if (duplicates !== "keep" && duplicates !== "drop") bad("duplicates", '"keep" or "drop"');
    if (typeof line.fen !== "string") bad("fen", "a FEN string");
    try {
      Position.fromFen(variant, line.fen as string, { optionalCapture: optionalCapture as boolean });
    } catch (error) {
      if (error instanceof DraughtsError) throw new ArgumentError(`${at}: fen: ${error.message}`, "fen", line.fen);
      throw error;
    }
    const counts = line.counts;
    if (!Array.isArray(counts) || counts.length === 0 || !counts.every((c) => typeof c === "string" && /^\d{1,20}$/.test(c) && BigInt(c) < 2n ** 64n)) {
      bad("counts", "perft(1), perft(2), … as decimal strings");
    }
    if (typeof line.source !== "string" || line.source === "") bad("source", "where the counts come from");
    const published = line.published ?? 0;
    if (!Number.isInteger(published) || (published as number) < 0 || (published as number) > (counts as string[]).length) bad("published", `a depth from 0 to ${(counts as string[]).length}`);
    return {
      id: line.id as string, variant, kind: line.kind as Kind, fen: line.fen as string, optionalCapture: optionalCapture as boolean,
      duplicates: duplicates as Duplicates, counts: (counts as string[]).map(BigInt), source: line.source as string, published: published as number,
    };
  });
  return { description: typeof top.description === "string" ? top.description : "", positions };
}
