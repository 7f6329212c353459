// The tactics suites: bench/tactics/<variant>.json, positions with the move that wins material,
// the forced line that shows it and the piece count once the line is played, each with its
// reasoning or its published source. `loadSuite` reads a file and checks all of that with
// Position, so a position whose stated line is not legal never reaches a run.

import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DraughtsError } from "../../bindings/core/errors.js";
import { Position } from "../../bindings/core/position.js";
import { VariantName, isVariantName } from "../../bindings/core/variant.js";

/** A suite file that cannot be used: names the file, the position and what is wrong. */
export class TacticsSuiteError extends DraughtsError {}

export interface TacticsPosition {
  readonly id: string;
  readonly fen: string;
  /** Moves that win (any of them solves the position). */
  readonly best: readonly string[];
  /** The forced line from the position, the best move first. */
  readonly line: readonly string[];
  /** Pieces (men and kings) on each side once the line is played. */
  readonly after: { readonly white: number; readonly black: number };
  /** The reasoning, or the published source of the position. */
  readonly why: string;
}

export interface TacticsSuite {
  readonly file: string;
  /** The variant the file is written for. */
  readonly variant: VariantName;
  /** Further variants whose rules give every line the same meaning. */
  readonly alsoFor: readonly VariantName[];
  readonly about: string;
  readonly positions: readonly TacticsPosition[];
}

/** bench/tactics/ in the repository (the JSON files are not compiled into dist/). */
export const SUITES_DIR = new URL("../../../bench/tactics/", import.meta.url);

/** The suite files there. */
export function suiteFiles(): string[] {
  return readdirSync(SUITES_DIR).filter((f) => f.endsWith(".json")).sort().map((f) => fileURLToPath(new URL(f, SUITES_DIR)));
}

/** The suite that covers `variant`: its own file, or a file that lists it under alsoFor. */
export function suiteFor(variant: VariantName): TacticsSuite {
  for (const file of suiteFiles()) {
    const suite = loadSuite(file);
    if (suite.variant === variant || suite.alsoFor.includes(variant)) return suite;
  }
  throw new TacticsSuiteError(`no tactics suite covers ${variant} (files in ${fileURLToPath(SUITES_DIR)})`);
}

/** Pieces of each side on a position. */
export function pieceCount(position: Position): { white: number; black: number } {
  let white = 0;
  let black = 0;
  for (const { piece } of position.pieces()) piece.color === "white" ? white++ : black++;
  return { white, black };
}

/** Reads a suite file and checks every position in each variant it names. */
export function loadSuite(file: string): TacticsSuite {
  const fail = (message: string): never => {
    throw new TacticsSuiteError(`${file}: ${message}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    fail(`not readable JSON: ${(error as Error).message}`);
  }
  const raw = data as Partial<TacticsSuite>;
  if (typeof raw.variant !== "string" || !isVariantName(raw.variant)) fail(`"variant" ${JSON.stringify(raw.variant)} is not a variant`);
  const alsoFor = raw.alsoFor ?? [];
  for (const v of alsoFor) if (!isVariantName(v)) fail(`"alsoFor" names ${JSON.stringify(v)}, not a variant`);
  if (typeof raw.about !== "string" || raw.about.length === 0) fail('"about" (where the positions come from) is missing');
  if (!Array.isArray(raw.positions) || raw.positions.length === 0) fail('"positions" is missing or empty');
  const ids = new Set<string>();
  for (const p of raw.positions!) {
    if (typeof p.id !== "string" || ids.has(p.id)) fail(`position id ${JSON.stringify(p.id)} is missing or repeated`);
    ids.add(p.id);
    if (typeof p.why !== "string" || p.why.length < 20) fail(`${p.id}: "why" must give the reasoning or the source`);
    for (const variant of [raw.variant!, ...alsoFor]) checkPosition(p, variant, (m) => fail(`${p.id} (${variant}): ${m}`));
  }
  return { file, variant: raw.variant!, alsoFor, about: raw.about!, positions: raw.positions! };
}

function checkPosition(p: TacticsPosition, variant: VariantName, fail: (message: string) => never): void {
  let position: Position;
  try {
    position = Position.fromFen(variant, p.fen);
  } catch (error) {
    return fail(`the FEN does not read: ${(error as Error).message}`);
  }
  if (!Array.isArray(p.best) || p.best.length === 0) fail('"best" names no move');
  for (const move of p.best) {
    try {
      position.parseMove(move);
    } catch (error) {
      fail(`best move ${move} is not legal: ${(error as Error).message}`);
    }
  }
  if (!Array.isArray(p.line) || p.line.length === 0) fail('"line" is empty');
  const first = position.parseMove(p.line[0]!).toString();
  if (!p.best.some((m) => position.parseMove(m).toString() === first)) fail(`the line starts with ${p.line[0]}, not with a best move`);
  let at = position;
  for (const [ply, move] of p.line.entries()) {
    try {
      at = at.play(move);
    } catch (error) {
      fail(`move ${ply + 1} of the line, ${move}, is not legal: ${(error as Error).message}`);
    }
  }
  const count = pieceCount(at);
  if (count.white !== p.after?.white || count.black !== p.after?.black) {
    fail(`after the line White has ${count.white} and Black ${count.black} pieces, not ${p.after?.white} and ${p.after?.black}`);
  }
}
