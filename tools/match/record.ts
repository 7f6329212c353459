// A match's record file (`--record FILE`): a line of JSON saying which match it is, then one line
// per finished pair, written as the pair finishes. Run again with the same options and file, a
// match takes the pairs recorded as played and plays only the rest, so a long match at a clock
// (hours at 300 ms a move) survives an interrupt, a crash or the end of a working day, and its
// pairs are pooled exactly rather than by hand.
//
// The first line pins what makes two runs one measurement: the variant, both players' specs and
// what they run (a digest of each engine's core, weights and book), the openings selected and the
// ply cap. A record of another match is refused with the first difference named, and the file is
// left as it was. A last line cut short (the process killed while writing it) is dropped when
// the run goes on.
//
// Version 1 has grown by optional fields only, so a record of any earlier runner is read as it
// is: each game's `forcedMoves` and `searched` (the searched moves' depths by phase, depth.ts)
// came later, and a game without them counts in everything but the searched-only depth, whose
// summary says over how many games it is taken. Present but malformed, they are refused as
// damage. A change that an older runner could not read, or that would misread an older line,
// takes version 2.

import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, writeSync, ftruncateSync } from "node:fs";
import type { VariantName } from "../../bindings/core/variant.js";
import type { PairRecord, PlayerTotals } from "./match.js";
import { isDepthSamples } from "./depth.js";
import type { Opening } from "./openings.js";
import { MatchArgumentError } from "./spec.js";

export const RECORD_FORMAT = "bitdraughts-match-record";
export const RECORD_VERSION = 1;

/** What the first line of a record holds. */
export interface RecordHeader {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  readonly variant: VariantName;
  /** The players' specs as given (--a, --b). */
  readonly a: string;
  readonly b: string;
  /** A digest of what each player runs (an engine's core, weights and book; empty for others). */
  readonly aRuns: string;
  readonly bRuns: string;
  /** The opening set (--openings) and the ids of the openings selected from it, in order. */
  readonly openings: string;
  readonly selected: readonly string[];
  readonly maxPlies: number;
}

export function recordHeader(fields: Omit<RecordHeader, "format" | "version" | "selected">, selected: readonly Opening[]): RecordHeader {
  return { format: RECORD_FORMAT, version: RECORD_VERSION, ...fields, selected: selected.map((o) => o.id) };
}

/** A digest of byte strings (and labels), for RecordHeader's aRuns and bRuns. */
export function digestOf(parts: ReadonlyArray<Uint8Array | string>): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(typeof part === "string" ? `label:${part}` : part);
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** An open record: the pairs it already holds, and where the new ones go. */
export interface MatchRecord {
  readonly file: string;
  /** The pairs recorded by earlier runs, by index. */
  readonly done: readonly PairRecord[];
  append(pair: PairRecord): void;
  close(): void;
}

function refuse(file: string, why: string): never {
  throw new MatchArgumentError(why, "--record", file);
}

/** The first field where the record's header and this match's differ, described; undefined when none. */
function difference(found: Record<string, unknown>, wanted: RecordHeader): string | undefined {
  for (const key of Object.keys(wanted) as (keyof RecordHeader)[]) {
    const a = JSON.stringify(found[key]);
    const b = JSON.stringify(wanted[key]);
    if (a === b) continue;
    if (key === "selected") return `it selected other openings (${(found[key] as unknown[] | undefined)?.length ?? 0} in it, ${wanted.selected.length} here)`;
    return `its ${key} is ${a ?? "missing"}, this match's ${b}`;
  }
  const extra = Object.keys(found).find((key) => !(key in wanted));
  return extra === undefined ? undefined : `it has a field this version does not know: ${extra}`;
}

const POINTS = new Set([0, 0.5, 1]);

function checkPair(value: unknown, header: RecordHeader, seen: Set<number>): PairRecord | string {
  const pair = value as PairRecord;
  if (typeof pair !== "object" || pair === null || !Number.isInteger(pair.index) || !Array.isArray(pair.games) || pair.games.length !== 2) return "not a pair";
  if (pair.index < 0 || pair.index >= header.selected.length) return `pair index ${pair.index} is outside the ${header.selected.length} openings`;
  if (seen.has(pair.index)) return `pair ${pair.index + 1} is recorded twice`;
  for (const game of pair.games) {
    if (typeof game !== "object" || game === null || !POINTS.has(game.points)) return "a game without points 0, ½ or 1";
    if (game.openingId !== header.selected[pair.index]) return `pair ${pair.index + 1} was played from opening ${game.openingId}, not ${header.selected[pair.index]}`;
    for (const side of ["a", "b"] as const) {
      const totals = game[side] as Partial<PlayerTotals> | undefined;
      // Absent in lines written before the runner kept them; damaged when present but not numbers.
      if (totals?.searched !== undefined && !isDepthSamples(totals.searched)) return `pair ${pair.index + 1}: player ${side.toUpperCase()}'s searched depths are damaged`;
      if (totals?.forcedMoves !== undefined && !(Number.isInteger(totals.forcedMoves) && totals.forcedMoves >= 0)) return `pair ${pair.index + 1}: player ${side.toUpperCase()}'s forced moves are not a count`;
    }
  }
  return pair;
}

/**
 * Opens `file` for `header`'s match: a new record when there is none, else the one there, whose
 * pairs become `done`. Refuses (MatchArgumentError, the file untouched) a record of another
 * match, a damaged one, or one that is not a record at all.
 */
export function openRecord(file: string, header: RecordHeader): MatchRecord {
  const done: PairRecord[] = [];
  let keep: number | undefined;
  // An empty file is taken as a new record (e.g. made by mktemp).
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (text.length > 0) {
    const complete = text.split("\n");
    // Every line is written with its newline in one write: what follows the last newline is ""
    // or a line cut short, and is dropped.
    complete.pop();
    let first: Record<string, unknown>;
    try {
      first = JSON.parse(complete[0] ?? "") as Record<string, unknown>;
    } catch {
      refuse(file, "not a match record (its first line is not JSON)");
    }
    if (first?.format !== RECORD_FORMAT) refuse(file, "not a match record (no format field naming one)");
    if (first.version !== RECORD_VERSION) refuse(file, `a match record of version ${String(first.version)}; this runner reads version ${RECORD_VERSION}`);
    const why = difference(first, header);
    if (why !== undefined) refuse(file, `the record is of another match: ${why}`);
    const seen = new Set<number>();
    let length = Buffer.byteLength(`${complete[0]}\n`);
    for (let i = 1; i < complete.length; i++) {
      const line = complete[i]!;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        refuse(file, `line ${i + 1} is damaged (not JSON)`);
      }
      const pair = checkPair(value, header, seen);
      if (typeof pair === "string") refuse(file, `line ${i + 1}: ${pair}`);
      seen.add(pair.index);
      done.push(pair);
      length += Buffer.byteLength(`${line}\n`);
    }
    keep = length;
  }
  const fd = openSync(file, keep === undefined ? "w" : "r+");
  if (keep !== undefined) ftruncateSync(fd, keep);
  let position = keep ?? writeSync(fd, `${JSON.stringify(header)}\n`, 0);
  return {
    file,
    done,
    append(pair: PairRecord): void {
      const line = `${JSON.stringify(pair)}\n`;
      position += writeSync(fd, line, position);
    },
    close(): void {
      closeSync(fd);
    },
  };
}
