// bitdraughts as a Hub engine (../shared/protocols/hub.md): a GUI or match runner sends lines,
// the engine answers through `write`. Version 2 is spoken by default; version 1 (Scan 2.0's
// bare words) when asked for, or as soon as a command only version 1 has arrives before any
// `hub`: a session that began with version 2's `hub` keeps its dialect, and refuses version 1's
// words with an error line. The stdio command (cli/hub.ts) and the page's worker
// (hub/worker.ts) are transports around this one engine.
//
// Scan's dialect as analysis pages speak it is read here too: its variant names (normal,
// killer, bt, frisian, losing; frysk is frisian from frysk's start, sent in `pos`), `wolf=` on
// `pos` (frisian's king streaks), `bb-size` (the database's pieces where the transport opens
// one; without, noted at `init` and ignored), and
// `mean-depth` in every `info` line. `multi-pv` is an extension parameter (lines 2… carry `multipv=`).
//
// The search runs on the worker engine, so stdin keeps being read while it thinks: `ping` is
// answered and `stop` ends the search at once. Any other line during a search ends it first
// (its `done` is written), then is handled, as Scan does. Every `go` gets exactly one `done`
// (`move` in version 1), or an `error` line when there is no move to give.

import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { VARIANTS, VariantName, isVariantName, variantInfo } from "../core/variant.js";

/** The variants an engine plays (VariantInfo.searched). */
const SEARCHED: readonly VariantName[] = VARIANTS.filter((v) => variantInfo(v).searched);
import { Game } from "../game/game.js";
import { LEVELS } from "../search/levels.js";
import type { SearchDatabase } from "../egdb/attach.js";
import type { SearchEngine } from "../search/search-engine.js";
import { DEPTH_RANGE } from "../search/limit-range.js";
import { MAX_MULTIPV } from "../search/request.js";
import type { Level, SearchInfo, SearchResult } from "../search/types.js";
import { BOOK_MODES, type BookMode } from "../book/book.js";
import { HubError, hubLine, hubLineOf, hubMove, hubScore, moveOfHub, positionOfHub, readHubLine } from "./hub-text.js";
import { type GoMode, type HubLevel, intParam, levelOf, limitOf, searchLimits, thinkingTime, wholeNumber } from "./hub-level.js";
import { STREAK_LIMIT, streakField, type KingStreak } from "../core/king-streak.js";

export type HubVersion = 1 | 2;

/** Table sizes as Scan declares them: log2 of the entry count. Our entries take 16 bytes, so 16 is 1 MiB and 26 is 1024 MiB. */
export const TT_SIZE_MIN = 16;
export const TT_SIZE_MAX = 26;
export const TT_SIZE_DEFAULT = 21;
const ENTRY_BYTES_LOG2 = 4;

export interface HubEngineOptions {
  readonly name: string;
  readonly version: string;
  readonly variant?: VariantName;
  /** The dialect spoken from the start (default 2). */
  readonly protocol?: HubVersion;
  /** Makes the search engine for `variant` (a worker engine in the command; tests may pass their own), probing `database` when given. */
  readonly createSearch: (hashMiB: number, database: SearchDatabase | undefined, variant: VariantName) => Promise<SearchEngine>;
  /**
   * Makes ready what positions and searches of `variant` need, awaited before the engine's first
   * position or search of it (the page's worker fetches the variant's core and weights). A
   * failure is answered with an error line. Default: nothing to do (the command has every core).
   */
  readonly prepare?: (variant: VariantName) => Promise<void>;
  /** The core a variant's search runs on: a new search engine is made when it changes with the variant (the worker's small cores). Default: one for all. */
  readonly coreOf?: (variant: VariantName) => string;
  /**
   * Opens the endgame database of a variant in a directory (or under an address: the page's
   * worker), slices of at most `pieces` pieces (the `egdb-dir` and `bb-size` parameters): the
   * database, or none with a note saying why. A HubError names a database that cannot be used
   * (a damaged or missing slice): it is written as an error line, and the engine goes on as it
   * was. Without it the engine declares neither parameter.
   */
  readonly openDatabase?: (variant: VariantName, dir: string, pieces: number) => Promise<OpenedDatabase>;
  /** The `egdb-dir` parameter's default (the command's --egdb). */
  readonly databaseDir?: string;
}

/** What openDatabase found: a database, or a note on why none (written at `init`). */
export interface OpenedDatabase {
  readonly database?: SearchDatabase;
  /** Said at `init` in an `info message="…"` line, after `bb-size N: `. */
  readonly note?: string;
}

/** The `egdb-dir` value for no database. */
const NO_DIR = "none";
/** The most pieces of a database the `bb-size` parameter can ask for, and its default. */
const BB_SIZE_MAX = 8;

/** Scan's variant names (hub.md section 2) and what they are here: frysk is played as frisian from frysk's start. */
const SCAN_VARIANTS: Readonly<Record<string, VariantName>> = { normal: "international", losing: "antidraughts", bt: "breakthrough" };

interface Running {
  readonly promise: Promise<void>;
  readonly mode: GoMode;
  readonly game: Game;
  readonly level: HubLevel;
  timer?: ReturnType<typeof setTimeout>;
  /** Stopped or answered: reports the worker still sends for it are not written. */
  over: boolean;
}

/** Commands that only version 1 has: one of them switches the dialect. */
const V1_ONLY = new Set(["set", "new", "start", "move", "time", "depth", "analyse", "ponder"]);

export class HubEngine {
  readonly #write: (line: string) => void;
  readonly #options: HubEngineOptions;
  #version: HubVersion;
  #variant: VariantName;
  #ttSize = TT_SIZE_DEFAULT;
  #level: Level = 7;
  /** Lines an analysis reports (the `multi-pv` extension parameter). */
  #multiPv = 1;
  /** A version 2 `hub` began the session: its dialect is kept (version 1's words are refused). */
  #handshaken = false;
  /** `bb-size` was set: init says so when no database comes of it. */
  #bbSizeSet = false;
  /** The `book` parameter: off until a GUI sets it, so that an engine nobody asked for a book searches as before. */
  #book: BookMode = "off";
  #search: SearchEngine | undefined;
  #searchTtSize = 0;
  /** The core the search engine was made for (HubEngineOptions.coreOf). */
  #searchCore = "";
  #databaseDir: string;
  #bbSize = BB_SIZE_MAX;
  /** The database the search engine was made with: variant, directory and pieces, as a key. */
  #searchDatabase = "";
  /** The search engine probes a database (one was asked for, and opened). */
  #hasDatabase = false;
  /** What the last database asked for came to, said at `init` (OpenedDatabase.note). */
  #databaseNote: string | undefined;
  /** A database asked for that could not be used (its key): not tried again until the parameters change. */
  #failedDatabase = "";
  /** The game the next `go` searches; made at first use, once the variant's core is at hand. */
  #game: Game | undefined;
  #limits: HubLevel = {};
  #running: Running | undefined;
  #quit = false;

  constructor(write: (line: string) => void, options: HubEngineOptions) {
    this.#write = write;
    this.#options = options;
    this.#version = options.protocol ?? 2;
    this.#variant = options.variant ?? "international";
    this.#databaseDir = options.databaseDir ?? "";
  }

  get version(): HubVersion {
    return this.#version;
  }

  /** Handles one line; false once the engine should exit (`quit`). A `go` returns once its search has started. */
  async line(text: string): Promise<boolean> {
    if (this.#quit) return false;
    const words = text.trim().split(/\s+/).filter((w) => w.length > 0);
    const command = words[0] ?? "";
    if (this.#running) {
      // Only these three belong to a search; any other line ends it first, as Scan does.
      if (command === "ping") this.#out("pong");
      else if (command === "ponder-hit") this.#ponderHit();
      else await this.#stop();
      if (command === "ping" || command === "ponder-hit" || command === "stop") return true;
    }
    try {
      const v1Word = V1_ONLY.has(command) || isV1Form(command, words);
      if (this.#version === 2 && this.#handshaken && v1Word) {
        throw new HubError(`${command} is a word of Hub version 1; this session began with version 2's hub and keeps its dialect${command === "set" ? " (set-param name=… value=…)" : ""}`);
      }
      if (this.#version === 1 || v1Word) {
        this.#version = 1;
        await this.#lineV1(command, words.slice(1));
      } else {
        await this.#lineV2(readHubLine(text));
      }
    } catch (error) {
      // Whatever went wrong with this line is answered on it; the engine goes on with the next.
      const reply = error instanceof HubError ? error.reply : error instanceof DraughtsError ? error.message : `internal error: ${errorText(error)}`;
      this.#out(this.#version === 1 ? `error ${reply}` : hubLine("error", [["message", reply]]));
    }
    return !this.#quit;
  }

  /** Ends a running search (its answer is not written) and frees the search engine. */
  async close(): Promise<void> {
    this.#quit = true;
    const running = this.#running;
    if (running) {
      this.#search?.stop();
      await running.promise;
    }
    await this.#search?.dispose();
    this.#search = undefined;
  }

  async #lineV2(line: ReturnType<typeof readHubLine>): Promise<void> {
    const arg = (name: string): string | undefined => line.args.get(name);
    switch (line.command) {
      case "hub":
        this.#handshaken = true;
        this.#out(hubLine("id", [["name", this.#options.name], ["version", this.#options.version]]));
        this.#out(hubLine("param", [["name", "variant"], ["value", this.#variant], ["type", "enum"], ["values", SEARCHED.join(" ")]]));
        this.#out(hubLine("param", [["name", "tt-size"], ["value", TT_SIZE_DEFAULT], ["type", "int"], ["min", TT_SIZE_MIN], ["max", TT_SIZE_MAX]]));
        this.#out(hubLine("param", [["name", "level"], ["value", 7], ["type", "int"], ["min", 1], ["max", LEVELS.length]]));
        this.#out(hubLine("param", [["name", "threads"], ["value", 1], ["type", "int"], ["min", 1], ["max", 1]]));
        this.#out(hubLine("param", [["name", "multi-pv"], ["value", 1], ["type", "int"], ["min", 1], ["max", MAX_MULTIPV]]));
        this.#out(hubLine("param", [["name", "book"], ["value", "off"], ["type", "enum"], ["values", BOOK_MODES.join(" ")]]));
        if (this.#options.openDatabase !== undefined) {
          // Peers read every parameter as name=value: no database is "none", never an empty value.
          this.#out(hubLine("param", [["name", "egdb-dir"], ["value", this.#databaseDir === "" ? NO_DIR : this.#databaseDir], ["type", "string"]]));
          this.#out(hubLine("param", [["name", "bb-size"], ["value", BB_SIZE_MAX], ["type", "int"], ["min", 0], ["max", BB_SIZE_MAX]]));
        }
        this.#out("wait");
        return;
      case "set-param": {
        const name = arg("name");
        if (name === undefined) throw new HubError("missing name");
        const value = arg("value");
        if (value === undefined) throw new HubError("missing value");
        this.#setParam(name, value);
        return;
      }
      case "init": {
        await this.#engine();
        // Output during init is ignored by GUIs (hub.md section 2): the place for a note.
        if (this.#bbSizeSet && this.#bbSize > 0) {
          const note = this.#databaseNote ?? (this.#hasDatabase ? undefined : "no endgame database is at hand here, the search runs without one");
          if (note !== undefined) this.#out(hubLine("info", [["message", `bb-size ${this.#bbSize}: ${note}`]]));
        }
        this.#out("ready");
        return;
      }
      case "new-game":
        await this.#newGame();
        return;
      case "pos": {
        await this.#prepare();
        const text = arg("pos");
        const start = withStreaks(text === undefined ? this.#initial() : positionOfHub(this.#variant, text), arg("wolf") ?? "");
        const moves = (arg("moves") ?? "").split(/\s+/).filter((m) => m.length > 0);
        this.#game = playMoves(start, moves);
        this.#limits = {};
        return;
      }
      case "level":
        this.#limits = { ...this.#limits, ...levelOf(line.args) };
        return;
      case "go": {
        const mode: GoMode = line.args.has("ponder") ? "ponder" : line.args.has("analyze") ? "analyze" : "think";
        await this.#go(mode);
        return;
      }
      case "ping":
        this.#out("pong");
        return;
      case "stop":
      case "ponder-hit":
        return; // no search is running: nothing to stop
      case "quit":
        this.#quit = true;
        return;
      default:
        return; // unknown commands are ignored (the protocol's rule for extensions)
    }
  }

  async #lineV1(command: string, args: readonly string[]): Promise<void> {
    switch (command) {
      case "hub":
        this.#out(`name ${this.#options.name} ${this.#options.version}`);
        this.#out("wait");
        return;
      case "set":
        if (args.length < 2) throw new HubError("set takes a name and a value");
        this.#setParam(args[0]!, args.slice(1).join(" "));
        return;
      case "init":
        await this.#engine();
        this.#out("ready");
        return;
      case "new":
        await this.#newGame();
        this.#game = undefined;
        return;
      case "start":
        this.#game = undefined;
        return;
      case "pos":
        if (args.length !== 1) throw new HubError("bad position", "pos takes one position string");
        await this.#prepare();
        this.#game = Game.fromPosition(positionOfHub(this.#variant, args[0]!), { playAfterDraw: true });
        return;
      case "move": {
        if (args.length !== 1) throw new HubError("bad move", "move takes one move");
        const game = await this.#currentGame();
        game.play(moveOfHub(game.position, args[0]!));
        return;
      }
      case "level": {
        if (args.length !== 3) throw new HubError("level takes moves, time and increment (ms)");
        const [moves, time, inc] = args.map((a) => wholeNumber(a, "level"));
        this.#limits = { moves: moves!, time: time! / 1000, inc: inc! / 1000 };
        return;
      }
      case "time":
        this.#limits = { moveTime: wholeNumber(args[0], "time") / 1000 };
        return;
      case "depth":
        this.#limits = { depth: limitOf("depth", args[0] ?? "", DEPTH_RANGE) };
        return;
      case "go":
        return this.#go("think");
      case "ponder":
        return this.#go("ponder");
      case "analyse":
        return this.#go("analyze");
      case "ping":
        this.#out("pong");
        return;
      case "quit":
        this.#quit = true;
        return;
      default:
        return;
    }
  }

  #setParam(name: string, value: string): void {
    switch (name) {
      case "variant": {
        const variant = SCAN_VARIANTS[value] ?? value;
        if (!isVariantName(variant) || !SEARCHED.includes(variant)) throw new HubError(`unknown variant ${value} (${SEARCHED.join(", ")})`);
        this.#variant = variant;
        this.#game = undefined;
        return;
      }
      case "tt-size":
        this.#ttSize = intParam(name, value, TT_SIZE_MIN, TT_SIZE_MAX);
        return;
      case "level":
        this.#level = intParam(name, value, 1, LEVELS.length) as Level;
        return;
      case "threads":
        intParam(name, value, 1, 1);
        return;
      case "multi-pv":
        this.#multiPv = intParam(name, value, 1, MAX_MULTIPV);
        return;
      case "egdb-dir":
        this.#databaseDir = value === NO_DIR ? "" : value;
        return;
      case "bb-size":
        this.#bbSize = intParam(name, value, 0, BB_SIZE_MAX);
        this.#bbSizeSet = true;
        return;
      case "book":
        if (!(BOOK_MODES as readonly string[]).includes(value)) throw new HubError(`book must be ${BOOK_MODES.join(", ")}, not ${value}`);
        this.#book = value as BookMode;
        return;
      default:
        return; // an unknown parameter is ignored like any unknown argument
    }
  }

  async #engine(): Promise<SearchEngine> {
    await this.#prepare();
    const open = this.#options.openDatabase;
    const wanted = open === undefined || this.#databaseDir === "" || this.#bbSize < 2 ? "" : `${this.#variant}:${this.#bbSize}:${this.#databaseDir}`;
    const core = this.#options.coreOf?.(this.#variant) ?? "";
    const kept = this.#search !== undefined && this.#searchTtSize === this.#ttSize && this.#searchCore === core;
    const failedBefore = wanted !== "" && wanted === this.#failedDatabase;
    if (kept && (this.#searchDatabase === wanted || failedBefore)) return this.#search!;
    // The database first: one that cannot be used leaves the search engine as it was.
    let opened: OpenedDatabase = {};
    let failure: HubError | undefined;
    if (wanted !== "" && !failedBefore) {
      try {
        opened = await open!(this.#variant, this.#databaseDir, this.#bbSize);
      } catch (error) {
        if (!(error instanceof HubError)) throw error;
        failure = error;
      }
    }
    const refused = failure !== undefined || failedBefore;
    if (failure !== undefined) this.#failedDatabase = wanted;
    else if (!failedBefore) {
      this.#failedDatabase = "";
      this.#databaseNote = opened.note;
    }
    if (!kept || failure === undefined) {
      await this.#search?.dispose();
      this.#search = undefined;
      // Without the database asked for (opened is empty then), the search runs without one.
      const database = opened.database;
      this.#search = await this.#options.createSearch(2 ** (this.#ttSize + ENTRY_BYTES_LOG2 - 20), database, this.#variant);
      this.#searchTtSize = this.#ttSize;
      this.#searchCore = core;
      this.#searchDatabase = refused ? "" : wanted;
      this.#hasDatabase = database !== undefined;
      if (refused) this.#databaseNote = undefined;
    }
    // Said once, as the line's refusal; the line itself (init, go) goes on.
    if (failure !== undefined) this.#out(this.#version === 1 ? `error ${failure.reply}` : hubLine("error", [["message", failure.reply]]));
    return this.#search!;
  }

  async #newGame(): Promise<void> {
    await (await this.#engine()).newGame();
  }

  /** What positions of the variant need (HubEngineOptions.prepare). */
  async #prepare(): Promise<void> {
    await this.#options.prepare?.(this.#variant);
  }

  async #currentGame(): Promise<Game> {
    await this.#prepare();
    return (this.#game ??= this.#startGame());
  }

  #initial(): Position {
    return Position.initial(this.#variant);
  }

  #startGame(): Game {
    return Game.fromPosition(this.#initial(), { playAfterDraw: true });
  }

  async #go(mode: GoMode): Promise<void> {
    const game = await this.#currentGame();
    if (game.position.legalMoves().length === 0) throw new HubError("no legal move", `${game.turn} has no move to play`);
    const engine = await this.#engine();
    const level = { ...this.#limits };
    // Only a think answers from the book: a ponder or an analysis is a search the GUI stops.
    const limits = { ...searchLimits(level, mode, this.#level), book: mode === "think" ? this.#book : "off", ...(this.#multiPv > 1 ? { multipv: this.#multiPv } : {}) };
    const root = game.position;
    // The worker may report a little longer than the answer takes to come: nothing after `done`.
    // A search engine without a worker reports before `search` returns, before `running` is set.
    let running: Running | undefined;
    const onInfo = (info: SearchInfo): void => {
      // One line per finished iteration (and per asked line), as Scan writes them: a new best move in mid-iteration is not one.
      if (info.iteration && info.multipv <= this.#multiPv && running?.over !== true && !this.#quit) this.#out(this.#infoLine(root, info));
    };
    const promise = engine.search(game, limits, onInfo).then(
      (result) => {
        this.#clear(running!);
        if (!this.#quit) this.#out(this.#doneLine(root, result));
      },
      (error: unknown) => {
        this.#clear(running!);
        if (this.#quit) return;
        this.#out(this.#version === 1 ? `error ${errorText(error)}` : hubLine("error", [["message", errorText(error)]]));
      },
    );
    running = { promise, mode, game, level, over: false };
    this.#running = running;
  }

  #clear(running: Running): void {
    running.over = true;
    if (running.timer !== undefined) clearTimeout(running.timer);
    if (this.#running === running) this.#running = undefined;
  }

  async #stop(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    running.over = true;
    this.#search?.stop();
    await running.promise;
  }

  /** The opponent played the expected move: the clock runs from now, so the search gets the time a think would have. */
  #ponderHit(): void {
    const running = this.#running;
    if (!running || running.mode !== "ponder" || running.timer !== undefined) return;
    const ms = thinkingTime(running.level, running.game);
    if (ms !== undefined) running.timer = setTimeout(() => this.#search?.stop(), ms);
  }

  #infoLine(root: Position, info: SearchInfo): string {
    const pv = hubLineOf(root, info.pv);
    const seconds = info.ms / 1000;
    const mnps = info.nps / 1e6;
    if (this.#version === 1) {
      return `info ${info.depth} ${info.meanDepth.toFixed(1)} ${info.score} ${info.nodes} ${seconds.toFixed(3)} ${mnps.toFixed(1)} ${pv.join(" ")}`.trimEnd();
    }
    return hubLine("info", [
      ["depth", info.depth], ["mean-depth", info.meanDepth.toFixed(1)], ["score", hubScore(info)], ["nodes", info.nodes],
      ["time", seconds.toFixed(3)], ["nps", mnps.toFixed(1)], ["pv", pv.length > 0 ? pv.join(" ") : undefined],
      ["multipv", this.#multiPv > 1 ? info.multipv : undefined],
    ]);
  }

  #doneLine(root: Position, result: SearchResult): string {
    const move = hubMove(result.move);
    let ponder: string | undefined;
    if (result.ponder !== undefined) ponder = hubLineOf(root.play(result.move), [result.ponder])[0];
    if (this.#version === 1) return `move ${move}${ponder !== undefined ? ` ${ponder}` : ""}`;
    return hubLine("done", [["move", move], ["ponder", ponder]]);
  }

  #out(line: string): void {
    this.#write(line);
  }
}

/** `pos` with a bare position, `level` with bare numbers, `go` with a bare word: version 1's forms. */
function isV1Form(command: string, words: readonly string[]): boolean {
  if (command === "pos") return words.length === 2 && !words[1]!.includes("=") && /^[wb]/.test(words[1]!) && words[1]!.length > 20;
  if (command === "level") return words.length === 4 && words.slice(1).every((w) => /^\d+$/.test(w));
  return false;
}

/**
 * `start` with frisian's king streaks from `wolf="W46=3 B5=1"`: a side letter, the square of
 * its king and the quiet moves in a row that king has made (0 … 3), at most one per side. The
 * streaks are those of `pos` (the moves after it go on counting). Empty: none. HubError "bad
 * position" for anything else, or a streak outside frisian.
 */
export function withStreaks(start: Position, wolf: string): Position {
  const entries = wolf.split(/\s+/).filter((w) => w.length > 0);
  if (entries.length === 0) return start;
  if (!variantInfo(start.variant).frisian) throw new HubError("bad position", `wolf= gives frisian's king streaks, and ${start.variant} has none`);
  const streaks: Record<"white" | "black", KingStreak> = { white: { count: 0, square: 0 }, black: { count: 0, square: 0 } };
  const seen = new Set<string>();
  for (const entry of entries) {
    const m = /^([WB])(\d{1,2})=(\d)$/.exec(entry);
    if (m === null || Number(m[3]) > STREAK_LIMIT) throw new HubError("bad position", `wolf: ${JSON.stringify(entry)} is not W or B, a king's square, = and its quiet moves in a row (0 to ${STREAK_LIMIT})`);
    if (seen.has(m[1]!)) throw new HubError("bad position", `wolf: two streaks for ${m[1]}`);
    seen.add(m[1]!);
    const count = Number(m[3]);
    streaks[m[1] === "W" ? "white" : "black"] = { count, square: count === 0 ? 0 : Number(m[2]) };
  }
  if (streaks.white.count === 0 && streaks.black.count === 0) return start;
  try {
    return Position.fromFen(start.variant, `${start.toFen()}:${streakField(streaks)}`);
  } catch (error) {
    if (error instanceof DraughtsError) throw new HubError("bad position", `wolf: ${error.message}`);
    throw error;
  }
}

/** The game from `start` with `moves` played (checked); HubError "bad move" or "illegal move" otherwise. */
export function playMoves(start: Position, moves: readonly string[]): Game {
  const game = Game.fromPosition(start, { playAfterDraw: true });
  for (const text of moves) game.play(moveOfHub(game.position, text));
  return game;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
