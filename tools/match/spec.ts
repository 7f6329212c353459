// Player specifications as the command line writes them: comma-separated settings, the first
// one optionally the kind of player.
//
//   movetime=50                      our engine, 50 ms a move (the kind "engine" is the default)
//   depth=6 | nodes=200000 | level=3 our engine at a depth, a node budget or a named level
//   movetime=50,disable=lmr+history  the same with search features switched off (to measure them)
//   movetime=50,enable=killers       an opt-in feature switched on (killer moves are off by default;
//                                    international's early reductions and verification cut are on: disable=early)
//   engine,movetime=50,hash=64,name=base
//   movetime=100,weights=hand        the hand-written evaluation (weights=learned, the default, or a file)
//   depth=6,wasm=baseline            the frozen baseline's core (scripts/baseline.mjs), or wasm=FILE.wasm
//   movetime=300,egdb=DIR            probing the endgame database in DIR (bitdraughts egdb build)
//   movetime=300,book=FILE           an opening book, varied with a new seed each game (book=FILE,seed=S)
//   movetime=300,book=FILE,bookmode=best   the book's best move every time (the API's default without a level)
//   rapid,depth=8                    rapid-draughts' alpha-beta (english), its maxDepth
//   random,seed=7                    a random mover
//   hub,cmd="scan hub",movetime=100  any Hub engine, started from its command line (depth=, nodes= or movetime=)
//
// Specs are plain data so that they can cross to a worker thread and be printed back.

import { FEATURES_OPT_IN } from "../../bindings/core/contract.js";
import { SEARCH_FEATURES } from "../../bindings/core/engine.js";
import { DraughtsError } from "../../bindings/core/errors.js";
import type { BookMode } from "../../bindings/book/book.js";

/** A book player's modes (without a book there is no player's book to switch off). */
export type MatchBookMode = Exclude<BookMode, "off">;

/** A player specification or a match option that cannot be used; names the argument and its value. */
export class MatchArgumentError extends DraughtsError {
  override name = "MatchArgumentError";
  constructor(message: string, readonly argument: string, readonly value: string) {
    super(`${argument} ${JSON.stringify(value)}: ${message}`);
  }
}

/** Short names for the command line. */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  asp: "aspiration", lmr: "lateMoveReductions", probcut: "shallowCut", cut: "shallowCut", single: "singleReply",
  tt: "table", threat: "threatPly", frontier: "tableAtFrontier", deeplmr: "deepReductions",
  early: "earlyReductions", verify: "verifyCut", fullhistory: "fullHistory", pvcut: "pvTableCut", steep: "steepReductions",
};

function featureNames(optIn: boolean): Readonly<Record<string, string>> {
  const names: Record<string, string> = {};
  // Opt-in: the core's bit switches the feature on rather than off (the contract's FEATURES_OPT_IN).
  for (const [name, bit] of Object.entries(SEARCH_FEATURES)) if (((bit & FEATURES_OPT_IN) !== 0) === optIn) names[name] = name;
  for (const [short, name] of Object.entries(SHORT_NAMES)) if (names[name] !== undefined) names[short] = name;
  return names;
}

/** Features that are off unless `enable=` switches them on (killer moves), or a variant uses them by default (defaultFeatures). */
export const OPT_IN_FEATURES: Readonly<Record<string, string>> = featureNames(true);

/** Feature names (the core's SEARCH_FEATURES, and short aliases) that `disable=` switches off: every one (an opt-in one where the variant uses it by default). */
export const FEATURE_ALIASES: Readonly<Record<string, string>> = { ...featureNames(false), ...OPT_IN_FEATURES };

export interface EngineSpec {
  readonly kind: "engine";
  readonly text: string;
  readonly name?: string;
  readonly depth?: number;
  readonly nodes?: number;
  readonly movetime?: number;
  readonly level?: number;
  /** Contract feature names switched off. */
  readonly disable: readonly string[];
  /** Opt-in features switched on (killers). */
  readonly enable: readonly string[];
  /** Transposition table, MiB. */
  readonly hash?: number;
  readonly seed?: number;
  /** "learned" (the package's), "hand", or a weight file's path. */
  readonly weights?: string;
  /** Another build of the core: "baseline" (the frozen baseline) or a .wasm file's path. */
  readonly wasm?: string;
  /** A directory of endgame database files the search probes. */
  readonly egdb?: string;
  /** An opening book's path: its moves varied, seed + the game's number as the seed. */
  readonly book?: string;
  /** How the book is played: `varied` (the default here, so that the games differ) or `best`. */
  readonly bookMode?: MatchBookMode;
}

export interface RapidSpec {
  readonly kind: "rapid";
  readonly text: string;
  readonly name?: string;
  /** rapid-draughts' maxDepth. */
  readonly depth: number;
}

export interface RandomSpec {
  readonly kind: "random";
  readonly text: string;
  readonly name?: string;
  readonly seed: number;
}

export interface HubSpec {
  readonly kind: "hub";
  readonly text: string;
  readonly name?: string;
  /** The engine's command line. */
  readonly cmd: string;
  readonly depth?: number;
  readonly nodes?: number;
  readonly movetime?: number;
}

/** Our command line, one process per move (`bitdraughts search`), as bots that call it do. */
export interface CliSpec {
  readonly kind: "cli";
  readonly text: string;
  readonly name?: string;
  readonly depth?: number;
  readonly nodes?: number;
  readonly movetime?: number;
}

export type PlayerSpec = EngineSpec | RapidSpec | RandomSpec | HubSpec | CliSpec;

const KINDS: Readonly<Record<string, PlayerSpec["kind"]>> = { engine: "engine", bitdraughts: "engine", rapid: "rapid", "rapid-draughts": "rapid", random: "random", hub: "hub", cli: "cli" };
const KEYS: Readonly<Record<PlayerSpec["kind"], readonly string[]>> = {
  engine: ["depth", "nodes", "movetime", "level", "disable", "enable", "hash", "seed", "name", "weights", "wasm", "egdb", "book", "bookmode"],
  rapid: ["depth", "name"],
  random: ["seed", "name"],
  hub: ["cmd", "depth", "nodes", "movetime", "name"],
  cli: ["depth", "nodes", "movetime", "name"],
};
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  depth: [1, 64], nodes: [1, 1e12], movetime: [1, 3_600_000], level: [1, 7], hash: [1, 1024], seed: [0, 2 ** 32 - 1],
};
/** rapid-draughts' search goes deeper very slowly; beyond this a game takes hours. */
const RAPID_MAX_DEPTH = 12;
/** The bar's opponent (issue 9): rapid-draughts at maxDepth 8. */
export const RAPID_DEFAULT_DEPTH = 8;

/** Reads a player specification; `argument` names the option it came from, for errors. */
export function parsePlayerSpec(text: string, argument = "player"): PlayerSpec {
  const fail = (message: string): never => {
    throw new MatchArgumentError(message, argument, text);
  };
  const parts = splitSettings(text).map((p) => p.trim()).filter((p) => p.length > 0);
  if (parts.length === 0) fail("is empty: write e.g. movetime=50, depth=6, level=3, rapid,depth=8 or random");
  let kind: PlayerSpec["kind"] = "engine";
  if (!parts[0]!.includes("=")) {
    const named = KINDS[parts[0]!];
    if (named === undefined) fail(`unknown player kind ${JSON.stringify(parts[0])} (engine, rapid, random, hub, cli)`);
    kind = named!;
    parts.shift();
  }
  const values = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq <= 0) fail(`${JSON.stringify(part)} is not key=value`);
    const key = part.slice(0, eq).trim();
    const value = unquote(part.slice(eq + 1).trim());
    if (!KEYS[kind].includes(key)) fail(`${JSON.stringify(key)} is not a setting of a ${kind} player (${KEYS[kind].join(", ")})`);
    if (values.has(key)) fail(`${key} is given twice`);
    values.set(key, value);
  }
  const number = (key: string): number | undefined => {
    const value = values.get(key);
    if (value === undefined) return undefined;
    const n = Number(value);
    const [lo, hi] = RANGES[key]!;
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < lo || n > hi) fail(`${key}=${value}: expected a whole number from ${lo} to ${hi}`);
    return n;
  };
  const name = values.get("name");
  if (name !== undefined && name.length === 0) fail("name= is empty");
  switch (kind) {
    case "rapid": {
      const depth = number("depth") ?? RAPID_DEFAULT_DEPTH;
      if (depth > RAPID_MAX_DEPTH) fail(`depth=${depth}: rapid-draughts is too slow beyond depth ${RAPID_MAX_DEPTH}`);
      return { kind, text, depth, ...(name !== undefined ? { name } : {}) };
    }
    case "random":
      return { kind, text, seed: number("seed") ?? 1, ...(name !== undefined ? { name } : {}) };
    case "hub": {
      const cmd = values.get("cmd");
      if (cmd === undefined || cmd.length === 0) fail('a Hub engine needs its command line: cmd="…"');
      const spec: HubSpec = { kind, text, cmd: cmd!, ...optional("name", name), ...optional("depth", number("depth")), ...optional("nodes", number("nodes")), ...optional("movetime", number("movetime")) };
      if (spec.depth === undefined && spec.nodes === undefined && spec.movetime === undefined) fail("a Hub engine needs a limit: depth=, nodes= or movetime=");
      return spec;
    }
    case "cli": {
      const spec: CliSpec = { kind, text, ...optional("name", name), ...optional("depth", number("depth")), ...optional("nodes", number("nodes")), ...optional("movetime", number("movetime")) };
      if (spec.depth === undefined && spec.nodes === undefined && spec.movetime === undefined) fail("the command line needs a limit: depth=, nodes= or movetime=");
      return spec;
    }
    case "engine": {
      const disable = parseFeatures(values.get("disable"), FEATURE_ALIASES, "disable", fail);
      const enable = parseFeatures(values.get("enable"), OPT_IN_FEATURES, "enable", fail);
      const spec: EngineSpec = {
        kind, text, disable, enable,
        ...optional("name", name),
        ...optional("depth", number("depth")),
        ...optional("nodes", number("nodes")),
        ...optional("movetime", number("movetime")),
        ...optional("level", number("level")),
        ...optional("hash", number("hash")),
        ...optional("seed", number("seed")),
        ...optional("weights", values.get("weights")),
        ...optional("wasm", values.get("wasm")),
        ...optional("egdb", values.get("egdb")),
        ...optional("book", values.get("book")),
        ...optional("bookMode", bookMode(values.get("bookmode"), fail)),
      };
      if (spec.bookMode !== undefined && spec.book === undefined) fail("bookmode= needs a book: add book=FILE");
      if (spec.egdb !== undefined && spec.egdb.length === 0) fail("egdb= is empty: write a directory of endgame database files");
      if (spec.book !== undefined && spec.book.length === 0) fail("book= is empty: write a book file's path");
      if (spec.wasm !== undefined && spec.wasm.length === 0) fail('wasm= is empty: write "baseline" or a .wasm file\'s path');
      if (spec.weights !== undefined && spec.weights.length === 0) fail('weights= is empty: write "learned", "hand" or a weight file\'s path');
      if (spec.depth === undefined && spec.nodes === undefined && spec.movetime === undefined && spec.level === undefined) {
        fail("an engine needs a limit: depth=, nodes=, movetime= or level=");
      }
      return spec;
    }
  }
}

/** The settings of a spec: split at commas outside double quotes (a command line may hold commas). */
function splitSettings(text: string): string[] {
  const parts: string[] = [];
  let part = "";
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    if (c === "," && !quoted) {
      parts.push(part);
      part = "";
    } else part += c;
  }
  parts.push(part);
  return parts;
}

/** A value without the double quotes around it. */
function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

function parseFeatures(text: string | undefined, known: Readonly<Record<string, string>>, key: string, fail: (message: string) => never): string[] {
  if (text === undefined) return [];
  const names = text.split(/[+|]/).map((n) => n.trim()).filter((n) => n.length > 0);
  if (names.length === 0) fail(`${key}= names no feature`);
  const features = new Set<string>();
  for (const n of names) {
    const feature = known[n];
    if (feature === undefined) fail(`${key}=${n}: not a feature that can be switched ${key === "enable" ? "on" : "off"} (${Object.keys(known).join(", ")})`);
    features.add(feature!);
  }
  return [...features];
}

function bookMode(text: string | undefined, fail: (message: string) => never): MatchBookMode | undefined {
  if (text === undefined || text === "best" || text === "varied") return text;
  return fail(`bookmode=${text}: not a book mode (best, varied)`);
}

/** How a player is shown in PDN tags and the summary. */
export function displayName(spec: PlayerSpec): string {
  if (spec.name !== undefined) return spec.name;
  switch (spec.kind) {
    case "engine": return `bitdraughts ${spec.text.replace(/^(engine|bitdraughts),/, "")}`;
    case "rapid": return `rapid-draughts depth ${spec.depth}`;
    case "random": return `random seed ${spec.seed}`;
    case "hub": {
      const limits = (["depth", "nodes", "movetime"] as const).filter((k) => spec[k] !== undefined).map((k) => `${k}=${spec[k]}`);
      return `hub "${spec.cmd}" ${limits.join(",")}`;
    }
    case "cli": return `bitdraughts search (a process a move) ${spec.text.replace(/^cli,/, "")}`;
  }
}

/** A whole-number option: `fallback` when absent, a MatchArgumentError naming it when not in [lo, hi]. */
export function wholeNumber(argument: string, value: string | undefined, fallback: number, lo: number, hi: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < lo || n > hi) throw new MatchArgumentError(`expected a whole number from ${lo} to ${hi}`, argument, value);
  return n;
}
