// Opening sets for matches, read at run time from tools/openings: the published sets (copied
// with their sources; see the folder's README) and our own generated ones.
//
// An opening is played from the variant's start position by its moves when they can be read and
// reach the opening's FEN (if it has one); otherwise the game starts from the FEN. The games then
// carry the opening moves in their PDN; russian-150 is written in a short algebraic form we do
// not read ("cd4"), and its FEN is authoritative anyway (its README says so).
//
// Which openings are played: the ones a set marks "barred" (traditionally lost) or "dropped"
// (judged lost by our search when the set was made) are left out; entries without a status,
// "playable" ones and the english deck ("deck", "deck-added-…") are played. Any other status is
// an error, so a new category is never played or skipped silently.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DraughtsError } from "../../bindings/core/errors.js";
import { Game } from "../../bindings/game/game.js";
import { Position } from "../../bindings/core/position.js";
import { VariantName, isVariantName, variantInfo } from "../../bindings/core/variant.js";

/** An opening file that cannot be used: missing, malformed, or with an opening that cannot be set up. */
export class OpeningError extends DraughtsError {
  override name = "OpeningError";
  constructor(message: string, readonly file: string) {
    super(`${file}: ${message}`);
  }
}

export interface Opening {
  /** Its name in the set: the ACF number, the id, or its place in the file (1-based). */
  readonly id: string;
  /** The opening's moves as the file writes them. */
  readonly label: string;
  /** Where the game starts: undefined for the variant's start position. */
  readonly fen: string | undefined;
  /** Moves played from there before the players take over. */
  readonly moves: readonly string[];
}

export interface OpeningSet {
  readonly name: string;
  readonly file: string;
  readonly variant: VariantName;
  /** Openings to play, in the file's order. */
  readonly openings: readonly Opening[];
  /** Openings the file lists but that are not played (barred, dropped). */
  readonly skipped: number;
}

/** The repository's root (this file is dist/tools/match/openings.js once compiled). */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const OPENINGS = fileURLToPath(new URL("tools/openings/", `file://${REPO_ROOT}`));

/**
 * Whether two variants open alike: the same moves from the same start (antidraughts and
 * breakthrough play international's openings; only their end differs).
 */
function sameOpenings(a: VariantName, b: VariantName): boolean {
  const [x, y] = [variantInfo(a), variantInfo(b)];
  return x.id === y.id && x.men === y.men;
}

/** The set a variant plays by default. */
export function defaultOpeningSet(variant: VariantName): string {
  switch (variant) {
    case "english": return "english-3move";
    case "international":
    case "antidraughts":
    case "breakthrough": return "international-2move";
    case "russian":
    case "brazilian": return "russian-150";
    default: return `${variant}-2move`;
  }
}

/** A set name (looked up in tools/openings) or a path, as a file path. */
export function openingFile(nameOrPath: string): string {
  const file = `${OPENINGS}${nameOrPath}.json`;
  return /^[\w.-]+$/.test(nameOrPath) && existsSync(file) ? file : nameOrPath;
}

const PLAYED = (status: string | undefined): boolean => status === undefined || status === "playable" || status.startsWith("deck");
const LEFT_OUT = new Set(["barred", "dropped"]);

interface RawOpening {
  moves?: unknown;
  fen?: unknown;
  status?: unknown;
  acf?: unknown;
  id?: unknown;
}

/**
 * The set named `start`: the variant's start position once per pair, for players that vary
 * their own openings (a book's varied moves), as a book's worth is measured from the start.
 */
export const START_SET = "start";
const START_PAIRS = 1000;

/** Reads an opening set for `variant` and checks that every opening to be played can be set up. */
export function loadOpenings(nameOrPath: string, variant: VariantName): OpeningSet {
  variantInfo(variant);
  if (nameOrPath === START_SET) {
    const openings = Array.from({ length: START_PAIRS }, (_, i): Opening => ({ id: `start-${i + 1}`, label: "", fen: undefined, moves: [] }));
    return { name: `the start position (${START_PAIRS} times)`, file: START_SET, variant, openings, skipped: 0 };
  }
  const file = openingFile(nameOrPath);
  if (!existsSync(file)) throw new OpeningError(`no such opening set (looked for ${JSON.stringify(nameOrPath)} in ${OPENINGS})`, file);
  let data: { name?: unknown; variant?: unknown; openings?: unknown };
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new OpeningError(`not JSON: ${(error as Error).message}`, file);
  }
  if (!Array.isArray(data.openings)) throw new OpeningError("has no \"openings\" list", file);
  if (typeof data.variant === "string" && !data.variant.includes(variant) && !(isVariantName(data.variant) && sameOpenings(data.variant, variant))) {
    throw new OpeningError(`is a set for ${JSON.stringify(data.variant)}, not ${variant}`, file);
  }
  const openings: Opening[] = [];
  let skipped = 0;
  (data.openings as RawOpening[]).forEach((raw, index) => {
    const status = typeof raw.status === "string" ? raw.status : undefined;
    if (status !== undefined && LEFT_OUT.has(status)) {
      skipped++;
      return;
    }
    if (!PLAYED(status)) throw new OpeningError(`opening ${index + 1} has the unknown status ${JSON.stringify(status)}`, file);
    const id = raw.acf !== undefined ? String(raw.acf) : raw.id !== undefined ? String(raw.id) : String(index + 1);
    openings.push(setUp(variant, raw, id, file));
  });
  if (openings.length === 0) throw new OpeningError("has no opening to play", file);
  return { name: typeof data.name === "string" ? data.name : file, file, variant, openings, skipped };
}

function setUp(variant: VariantName, raw: RawOpening, id: string, file: string): Opening {
  const label = typeof raw.moves === "string" ? raw.moves : "";
  const fen = typeof raw.fen === "string" ? raw.fen : undefined;
  const moves = label.split(/\s+/).filter((m) => m.length > 0);
  let target: Position | undefined;
  if (fen !== undefined) {
    try {
      target = Position.fromFen(variant, fen);
    } catch (error) {
      throw new OpeningError(`opening ${id}: bad FEN ${JSON.stringify(fen)}: ${(error as Error).message}`, file);
    }
  }
  const played = playFromStart(variant, moves);
  if (played !== undefined && (target === undefined || played.equals(target))) return { id, label, fen: undefined, moves };
  if (target !== undefined) return { id, label, fen, moves: [] };
  throw new OpeningError(`opening ${id}: the moves ${JSON.stringify(label)} cannot be played from the start position and there is no FEN`, file);
}

/** The position after `moves` from the start, or undefined when one of them cannot be read or played. */
function playFromStart(variant: VariantName, moves: readonly string[]): Position | undefined {
  if (moves.length === 0) return undefined;
  const game = new Game(variant);
  try {
    for (const move of moves) game.play(move);
  } catch (error) {
    if (error instanceof DraughtsError) return undefined;
    throw error;
  }
  return game.position;
}

/**
 * `count` openings spread evenly over the set (all of them when count is undefined). With
 * `after`, the openings that a run of `after` pairs played are left out first and the count is
 * spread over the rest, so that a measurement can go on over fresh openings and the two runs be
 * pooled.
 */
export function selectOpenings(openings: readonly Opening[], count: number | undefined, after?: number): readonly Opening[] {
  if (after !== undefined) {
    const played = new Set(selectOpenings(openings, after));
    return selectOpenings(openings.filter((opening) => !played.has(opening)), count);
  }
  if (count === undefined || count >= openings.length) return openings;
  return Array.from({ length: count }, (_, i) => openings[Math.floor((i * openings.length) / count)]!);
}
