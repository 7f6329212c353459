// A Hub engine driven from here (../shared/protocols/hub.md): started as a child process from
// its command line, spoken to in version 2 or version 1 (told apart by its answer to `hub`:
// `id …` or `name …`). It is asked for one move at a time: the game so far, a limit, `go`.
// Anything it gets wrong (an exit, no answer in time, a move that is not legal) is an
// EngineError naming the engine and what it did; the child is ended then.

import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { DraughtsError, EngineError } from "../core/errors.js";
import type { Move } from "../core/notation.js";
import type { VariantName } from "../core/variant.js";
import type { Game } from "../game/game.js";
import { isIrreversible } from "../game/draw-rules.js";
import { HubError, hubLine, hubMove, hubPosition, moveOfHub, readHubLine } from "./hub-text.js";
import type { HubVersion } from "./hub-engine.js";

export interface HubClientOptions {
  /** The engine's command line: program and arguments. */
  readonly command: readonly string[];
  readonly variant: VariantName;
  /** Parameters to set before `init` (version 2 `set-param`, version 1 `set`). */
  readonly params?: Readonly<Record<string, string>>;
  /** How long the handshake and `init` may take, ms (default 60 000: an engine may load tables). */
  readonly startMs?: number;
  /** Time allowed beyond a move's own limit before the engine counts as hung, ms (default 60 000). */
  readonly graceMs?: number;
}

/** What a move is searched to. */
export interface HubLimits {
  readonly depth?: number;
  readonly nodes?: number;
  /** Ms for the move. */
  readonly movetime?: number;
}

export interface HubAnswer {
  readonly move: Move;
  readonly ponder?: string;
  /** From the engine's last `info` line, when it sent one. */
  readonly depth?: number;
  /** `mean-depth`: the mean depth of the iteration's leaves, as the engine counts it. */
  readonly meanDepth?: number;
  readonly nodes?: number;
  /** Centi-men from the mover's side. */
  readonly score?: number;
  readonly ms: number;
}

/** Splits a command line at blanks outside single or double quotes. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const c of text) {
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= "";
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? "") + c;
  }
  if (quote !== undefined) throw new EngineError(`unclosed quote in the command line ${JSON.stringify(text)}`);
  if (word !== undefined) words.push(word);
  return words;
}

export class HubClient {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #label: string;
  readonly #lines: string[] = [];
  #waiter: (() => void) | undefined;
  #exited: string | undefined;
  readonly #stderr: string[] = [];
  readonly #graceMs: number;
  #version: HubVersion = 2;
  #id: Record<string, string> = {};
  readonly #params = new Map<string, ReadonlyMap<string, string>>();

  private constructor(options: HubClientOptions) {
    const [program, ...args] = options.command;
    if (program === undefined) throw new EngineError("the Hub engine's command line is empty");
    this.#label = options.command.join(" ");
    this.#graceMs = options.graceMs ?? 60_000;
    this.#child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.#child.stdin.on("error", () => undefined); // a write after the engine died: its exit says why
    createInterface({ input: this.#child.stdout, crlfDelay: Infinity }).on("line", (line) => {
      this.#lines.push(line);
      this.#wake();
    });
    this.#child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr.push(...chunk.toString("utf8").split("\n").filter((l) => l.length > 0));
      this.#stderr.splice(0, Math.max(0, this.#stderr.length - 5));
    });
    this.#child.on("error", (error) => this.#exit(`could not start: ${error.message}`));
    this.#child.on("exit", (code, signal) => this.#exit(`exited (${signal ?? `code ${code}`})`));
  }

  /** Starts the engine, shakes hands, sets the variant and parameters, and waits for `ready`. */
  static async start(options: HubClientOptions): Promise<HubClient> {
    const client = new HubClient(options);
    try {
      await client.#handshake(options);
    } catch (error) {
      await client.quit();
      throw error;
    }
    return client;
  }

  /** The dialect the engine answered in. */
  get version(): HubVersion {
    return this.#version;
  }

  /** The engine's `id` fields (version 1: its `name` line as `name`). */
  get id(): Readonly<Record<string, string>> {
    return this.#id;
  }

  /** The parameters the engine declared (version 2), by name: their fields. */
  get params(): ReadonlyMap<string, ReadonlyMap<string, string>> {
    return this.#params;
  }

  /** The next game is unrelated to the last one. */
  newGame(): void {
    this.#send(this.#version === 1 ? "new" : "new-game");
  }

  /** Asks the engine for its move in `game` (ongoing, with a legal move) within `limits`. */
  async play(game: Game, limits: HubLimits): Promise<HubAnswer> {
    const started = performance.now();
    const position = game.position;
    if (this.#version === 1) {
      if (limits.depth === undefined && limits.movetime === undefined && limits.nodes !== undefined) {
        throw new EngineError(`${this.#label} speaks Hub version 1, which has no node limit: give it a depth or a time`);
      }
      // Version 1 has no move list on `pos`: the position since the last irreversible move, then each move after it.
      let from = game.ply;
      while (from > 0 && !isIrreversible(game.positions[from - 1]!, game.moves[from - 1]!)) from--;
      this.#send(`pos ${hubPosition(game.positions[from]!, true)}`);
      for (const move of game.moves.slice(from)) this.#send(`move ${hubMove(move)}`);
      if (limits.depth !== undefined) this.#send(`depth ${limits.depth}`);
      if (limits.movetime !== undefined) this.#send(`time ${Math.round(limits.movetime)}`);
      this.#send("go");
    } else {
      const moves = game.moves.map(hubMove).join(" ");
      this.#send(hubLine("pos", [["pos", hubPosition(game.start)], ["moves", moves.length > 0 ? moves : undefined]]));
      this.#send(hubLine("level", [["depth", limits.depth], ["nodes", limits.nodes], ["move-time", limits.movetime === undefined ? undefined : (limits.movetime / 1000).toFixed(3)]]));
      this.#send("go think");
    }
    const deadline = performance.now() + (limits.movetime ?? 0) + this.#graceMs;
    let info: InfoNumbers = {};
    for (;;) {
      const line = await this.#next(deadline, "its move");
      const words = line.trim().split(/\s+/);
      if (this.#version === 1) {
        if (words[0] === "info" && words.length >= 5) info = numbers({ depth: words[1], meanDepth: words[2], nodes: words[4], score: words[3] }, 1);
        else if (words[0] === "move" && words[1] !== undefined) return this.#answer(position, words[1], words[2], info, started);
        else if (words[0] === "error") throw new EngineError(`${this.#label}: ${line} (after ${position.toFen()})`);
        continue;
      }
      if (words[0] === "error") throw new EngineError(`${this.#label}: ${line} (after ${position.toFen()})`);
      if (words[0] !== "info" && words[0] !== "done") continue;
      let fields: ReadonlyMap<string, string>;
      try {
        fields = readHubLine(line).args;
      } catch (error) {
        if (!(error instanceof HubError)) throw error;
        continue; // an info line we cannot read tells nothing we need
      }
      if (words[0] === "info") info = numbers({ depth: fields.get("depth"), meanDepth: fields.get("mean-depth"), nodes: fields.get("nodes"), score: fields.get("score") }, 100);
      else {
        const move = fields.get("move");
        if (move === undefined) throw new EngineError(`${this.#label}: "done" without a move: ${line}`);
        return this.#answer(position, move, fields.get("ponder"), info, started);
      }
    }
  }

  /** Sends `quit`, and ends the child if it has not exited within a second. */
  async quit(): Promise<void> {
    if (this.#exited !== undefined) return;
    const exited = new Promise<void>((resolve) => this.#child.once("exit", () => resolve()));
    this.#send("quit");
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), 1000);
    await exited;
    clearTimeout(timer);
  }

  #answer(position: Game["position"], text: string, ponder: string | undefined, info: InfoNumbers, started: number): HubAnswer {
    let move: Move;
    try {
      move = moveOfHub(position, text);
    } catch (error) {
      if (!(error instanceof DraughtsError)) throw error;
      throw new EngineError(`${this.#label} played ${text}: ${error.message}`);
    }
    return { move, ...(ponder !== undefined ? { ponder } : {}), ...info, ms: performance.now() - started };
  }

  async #handshake(options: HubClientOptions): Promise<void> {
    const deadline = performance.now() + (options.startMs ?? 60_000);
    this.#send("hub");
    for (;;) {
      const line = await this.#next(deadline, "the end of its parameters (wait)");
      const words = line.trim().split(/\s+/);
      if (words[0] === "wait") break;
      if (words[0] === "name" && !line.includes("=")) {
        this.#version = 1;
        this.#id = { name: words.slice(1).join(" ") };
        continue;
      }
      if (words[0] !== "id" && words[0] !== "param") continue;
      try {
        const read = readHubLine(line);
        if (read.command === "id") this.#id = Object.fromEntries(read.args);
        else if (read.args.has("name")) this.#params.set(read.args.get("name")!, read.args);
      } catch (error) {
        if (!(error instanceof HubError)) throw error;
      }
    }
    const params: Record<string, string> = { ...this.#variantParam(options.variant), ...options.params };
    for (const [name, value] of Object.entries(params)) {
      this.#send(this.#version === 1 ? `set ${name} ${value}` : hubLine("set-param", [["name", name], ["value", value]]));
    }
    this.#send("init");
    for (;;) if ((await this.#next(deadline, "ready")).trim() === "ready") break;
  }

  /** The variant parameter to set, if any; an EngineError when the engine does not play the variant. */
  #variantParam(variant: VariantName): Record<string, string> {
    const declared = this.#params.get("variant");
    const values = (declared?.get("values") ?? "").split(/\s+/).filter((v) => v.length > 0);
    const names = variant === "international" ? ["international", "normal"] : [variant];
    if (this.#version === 1) return variant === "international" ? {} : { variant };
    if (declared === undefined) {
      if (variant === "international") return {};
      throw new EngineError(`${this.#label} declares no variant parameter, so it plays international draughts only, not ${variant}`);
    }
    if (names.includes(declared.get("value") ?? "")) return {};
    const name = names.find((n) => values.includes(n));
    if (name === undefined) throw new EngineError(`${this.#label} does not play ${variant} (its variants: ${values.join(", ") || "none listed"})`);
    return { variant: name };
  }

  #send(line: string): void {
    if (this.#exited === undefined && this.#child.stdin.writable) this.#child.stdin.write(`${line}\n`);
  }

  /** The next line the engine writes, by `deadline` (performance.now() ms). */
  async #next(deadline: number, waitingFor: string): Promise<string> {
    for (;;) {
      const line = this.#lines.shift();
      if (line !== undefined) return line;
      if (this.#exited !== undefined) throw this.#failure(`${this.#exited} while we waited for ${waitingFor}`);
      const left = deadline - performance.now();
      if (left <= 0) {
        this.#child.kill("SIGKILL");
        throw this.#failure(`gave no ${waitingFor} in time`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.#waiter = undefined;
          resolve();
        }, left);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  #wake(): void {
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.();
  }

  #exit(why: string): void {
    this.#exited ??= why;
    this.#wake();
  }

  #failure(what: string): EngineError {
    const errors = this.#stderr.length > 0 ? `; its last error output: ${this.#stderr.join(" | ")}` : "";
    return new EngineError(`the Hub engine ${this.#label} ${what}${errors}`);
  }
}

/** What an `info` line tells of a search, as numbers. */
type InfoNumbers = Pick<HubAnswer, "depth" | "meanDepth" | "nodes" | "score">;

/** depth, mean-depth, nodes and score as numbers (score scaled to centi-men); fields that are not numbers are left out. */
function numbers(fields: Readonly<Record<"depth" | "meanDepth" | "nodes" | "score", string | undefined>>, scoreScale: number): InfoNumbers {
  const out: { -readonly [K in keyof InfoNumbers]: InfoNumbers[K] } = {};
  for (const key of ["depth", "meanDepth", "nodes"] as const) {
    const value = Number(fields[key]);
    if (fields[key] !== undefined && Number.isFinite(value)) out[key] = value;
  }
  const score = Number(fields.score);
  if (fields.score !== undefined && Number.isFinite(score)) out.score = Math.round(score * scoreScale);
  return out;
}
