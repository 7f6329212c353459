// Work units: the perft tree cut `split` plies below the root into its distinct positions, each
// with its multiplicity (how many move sequences reach it: capture routes too under "keep"), so
// perft(depth) = Σ multiplicity × perft(position, depth − split). The units are plain JSON
// lines, so any batch system can count them; each line carries the whole run's description,
// so a merge can check that its results belong together and cover the split exactly once.

import { RECORD_BYTES } from "../core/contract.js";
import type { Engine } from "../core/engine.js";
import { ArgumentError, DraughtsError, quote } from "../core/errors.js";
import { writeFen } from "../core/fen.js";
import { type MoveRecord, applyMove, readRecord } from "../core/moves.js";
import { Position, toCore } from "../core/position.js";
import { isVariantName, type Duplicates, type VariantName } from "../core/variant.js";
import type { CountTask, PerftKeys } from "./protocol.js";
import { streakBytes, streaksAfter, streaksOfBytes } from "../core/king-streak.js";

/** A position of the split with how many move sequences reach it. */
export interface SplitNode {
  readonly whiteToMove: boolean;
  readonly squares: Uint8Array;
  /** Frisian: the king streaks as the core reads them (they decide the moves, so they are part of the position). */
  readonly streaks?: readonly number[];
  multiplicity: number;
}

/** What every unit of one split shares. */
export interface RunDescription {
  readonly variant: VariantName;
  readonly optionalCapture: boolean;
  readonly duplicates: Duplicates;
  /** perft depth of the whole run, from the root. */
  readonly depth: number;
  /** Root FEN. */
  readonly root: string;
  /** Plies from the root to the units. */
  readonly split: number;
  /** Number of units of the split. */
  readonly units: number;
}

/** One unit, as a line of `perft --split`. */
export interface Unit extends RunDescription {
  readonly unit: number;
  readonly fen: string;
  readonly remaining: number;
  readonly multiplicity: number;
}

/** A counted unit, as a line of `perft --run-units`: `nodes` below one copy of the position. */
export interface UnitResult extends Unit {
  readonly nodes: string;
  readonly ms: number;
  /** The table's key seed, as a decimal string ("0" when the line names none). */
  readonly keySeed: string;
  /** Whether the table's check mode counted it. */
  readonly check: boolean;
  /** The false hits the check mode found (and counted again) in it: "0" without the check mode. */
  readonly falseHits: string;
}

const RUN_FIELDS = ["variant", "optionalCapture", "duplicates", "depth", "root", "split", "units"] as const;

/**
 * The distinct positions `plies` below `position`, in the order they are first reached, with
 * their multiplicities. A line that ends (no legal move) before then reaches none.
 */
export function splitTree(position: Position, plies: number, keepRoutes: boolean): SplitNode[] {
  const engine: Engine = position.options.engine;
  const { variantId, board } = toCore(position);
  let level: SplitNode[] = [{ ...board, multiplicity: 1 }];
  for (let ply = 0; ply < plies; ply++) {
    const next = new Map<string, SplitNode>();
    for (const node of level) {
      const { records, count } = engine.divide(variantId, node, 1, keepRoutes);
      for (let i = 0; i < count; i++) {
        const move = readRecord(records, i * RECORD_BYTES);
        const squares = applyMove(node.squares, move, node.whiteToMove);
        const streaks = node.streaks === undefined ? undefined : streakBytesAfter(move, node);
        const key = String.fromCharCode(...squares, ...(streaks ?? []));
        const known = next.get(key);
        if (known) known.multiplicity += node.multiplicity;
        else next.set(key, { whiteToMove: !node.whiteToMove, squares, multiplicity: node.multiplicity, ...(streaks === undefined ? {} : { streaks }) });
      }
    }
    level = [...next.values()];
  }
  return level;
}

/** Frisian: the king streaks after `move` of the side to move of `node`. */
function streakBytesAfter(move: MoveRecord, node: SplitNode): readonly number[] {
  return streakBytes(streaksAfter(streaksOfBytes(node.streaks!), node.whiteToMove ? "white" : "black", move));
}

/** The units of a split of `position` `split` plies down, for a perft of `depth`. */
export function splitUnits(position: Position, depth: number, split: number, duplicates: Duplicates): Unit[] {
  const nodes = splitTree(position, split, duplicates === "keep");
  const run: RunDescription = {
    variant: position.variant, optionalCapture: position.optionalCapture, duplicates, depth,
    root: position.toFen(), split, units: nodes.length,
  };
  return nodes.map((node, unit) => ({
    ...run, unit,
    fen: writeFen({ turn: node.whiteToMove ? "white" : "black", squares: node.squares, ...(node.streaks === undefined ? {} : { streaks: streaksOfBytes(node.streaks) }) }),
    remaining: depth - split, multiplicity: node.multiplicity,
  }));
}

/** The unit as a task for a worker. */
export function taskOf(unit: Unit): CountTask {
  const { variantId, board } = toCore(Position.fromFen(unit.variant, unit.fen, { optionalCapture: unit.optionalCapture }));
  return { variantId, ...board, depth: unit.remaining, keepRoutes: unit.duplicates === "keep" };
}

/** A unit line's fields in a fixed order (the order `--split` prints them). */
export function unitLine(unit: Unit, result?: { nodes: bigint; ms: number; keys?: PerftKeys; falseHits?: bigint }): string {
  const { variant, optionalCapture, duplicates, depth, root, split, units } = unit;
  const line: Record<string, unknown> = { unit: unit.unit, units, variant, optionalCapture, duplicates, depth, root, split, fen: unit.fen, remaining: unit.remaining, multiplicity: unit.multiplicity };
  if (result) {
    line.nodes = String(result.nodes);
    line.ms = Math.round(result.ms);
    // Which keys counted it: a deep count is confirmed by runs under two seeds and one in the check mode.
    if (result.keys !== undefined) {
      line.keySeed = String(result.keys.keySeed);
      line.check = result.keys.check;
      if (result.keys.check) line.falseHits = String(result.falseHits ?? 0n);
    }
  }
  return JSON.stringify(line);
}

/** Reads a unit (or, with `counted`, a result) line; `where` names it (file:line) in errors. */
export function parseUnitLine(text: string, where: string, counted: false): Unit;
export function parseUnitLine(text: string, where: string, counted: true): UnitResult;
export function parseUnitLine(text: string, where: string, counted: boolean): Unit | UnitResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArgumentError(`${where}: not a JSON line: ${quote(text.slice(0, 80))}`, "line", text);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ArgumentError(`${where}: a unit line must be a JSON object`, "line", text);
  const line = value as Record<string, unknown>;
  const bad = (field: string, expected: string): never => {
    throw new ArgumentError(`${where}: ${field} must be ${expected}, got ${quote(line[field])}`, field, line[field]);
  };
  const whole = (field: string, min: number, max: number): number => {
    const v = line[field];
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) bad(field, `a whole number from ${min} to ${max}`);
    return v as number;
  };
  if (!isVariantName(line.variant)) bad("variant", "a variant name");
  if (typeof line.optionalCapture !== "boolean") bad("optionalCapture", "true or false");
  if (line.duplicates !== "keep" && line.duplicates !== "drop") bad("duplicates", '"keep" or "drop"');
  const depth = whole("depth", 0, 64);
  const split = whole("split", 0, depth);
  const units = whole("units", 0, Number.MAX_SAFE_INTEGER);
  const unit = whole("unit", 0, Math.max(0, units - 1));
  const remaining = whole("remaining", depth - split, depth - split);
  const multiplicity = whole("multiplicity", 1, Number.MAX_SAFE_INTEGER);
  for (const field of ["root", "fen"]) {
    if (typeof line[field] !== "string") bad(field, "a FEN string");
    try {
      Position.fromFen(line.variant as VariantName, line[field] as string);
    } catch (error) {
      if (error instanceof DraughtsError) throw new ArgumentError(`${where}: ${field}: ${error.message}`, field, line[field]);
      throw error;
    }
  }
  const read: Unit = {
    unit, units, variant: line.variant as VariantName, optionalCapture: line.optionalCapture as boolean, duplicates: line.duplicates as Duplicates,
    depth, root: line.root as string, split, fen: line.fen as string, remaining, multiplicity,
  };
  if (!counted) return read;
  if (typeof line.nodes !== "string" || !/^\d{1,20}$/.test(line.nodes) || BigInt(line.nodes) >= 2n ** 64n) bad("nodes", "a count as a decimal string");
  const ms = whole("ms", 0, Number.MAX_SAFE_INTEGER);
  const decimal = (field: string): string => {
    const v = line[field] ?? "0";
    if (typeof v !== "string" || !/^\d{1,20}$/.test(v) || BigInt(v) >= 2n ** 64n) bad(field, "a whole number from 0 to 2^64 - 1 as a decimal string");
    return v as string;
  };
  const check = line.check ?? false;
  if (typeof check !== "boolean") bad("check", "true or false");
  return { ...read, nodes: line.nodes as string, ms, keySeed: decimal("keySeed"), check: check as boolean, falseHits: decimal("falseHits") };
}

/**
 * The total of a run from its results: checks that they belong to one run, that every unit of
 * its split is there exactly once, and that each is the position and multiplicity the split
 * gives (the split is made again from the root). Throws ArgumentError naming what is wrong.
 */
export function mergeResults(results: readonly { result: UnitResult; where: string }[]): { run: RunDescription; nodes: bigint; ms: number; keySeed: string; check: boolean; falseHits: bigint } {
  if (results.length === 0) throw new ArgumentError("merge: no results to merge", "results", results);
  const first = results[0]!.result;
  const byUnit = new Map<number, { result: UnitResult; where: string }>();
  for (const entry of results) {
    const { result, where } = entry;
    // A run is counted under one key seed, in the check mode or not: a confirmation compares whole runs.
    const other = [...RUN_FIELDS, "keySeed" as const, "check" as const].find((field) => result[field] !== first[field]);
    if (other !== undefined) {
      throw new ArgumentError(`merge: ${where} belongs to another run (${other} ${quote(result[other])}, not ${quote(first[other])} as in ${results[0]!.where})`, other, result[other]);
    }
    const earlier = byUnit.get(result.unit);
    if (earlier) throw new ArgumentError(`merge: unit ${result.unit} is there twice (${earlier.where} and ${where})`, "unit", result.unit);
    byUnit.set(result.unit, entry);
  }
  const missing: number[] = [];
  for (let i = 0; i < first.units && missing.length < 10; i++) if (!byUnit.has(i)) missing.push(i);
  if (missing.length > 0) {
    throw new ArgumentError(`merge: ${first.units - byUnit.size} of ${first.units} units have no result (the first: ${missing.join(", ")})`, "units", missing);
  }
  const root = Position.fromFen(first.variant, first.root, { optionalCapture: first.optionalCapture });
  const expected = splitUnits(root, first.depth, first.split, first.duplicates);
  if (expected.length !== first.units) {
    throw new ArgumentError(`merge: the split of the root ${first.split} plies down has ${expected.length} units, the results say ${first.units}`, "units", first.units);
  }
  let nodes = 0n;
  let ms = 0;
  let falseHits = 0n;
  for (const unit of expected) {
    const { result, where } = byUnit.get(unit.unit)!;
    if (result.fen !== unit.fen || result.multiplicity !== unit.multiplicity) {
      throw new ArgumentError(`merge: ${where}: unit ${unit.unit} is ${result.fen} ×${result.multiplicity}, but the split gives ${unit.fen} ×${unit.multiplicity}`, "unit", result.unit);
    }
    nodes += BigInt(result.nodes) * BigInt(result.multiplicity);
    ms += result.ms;
    falseHits += BigInt(result.falseHits);
  }
  return { run: first, nodes, ms, keySeed: first.keySeed, check: first.check, falseHits };
}
