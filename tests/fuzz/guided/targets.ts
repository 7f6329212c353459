// The fuzz targets of issue 65: every reader of input a user does not control. Each takes raw
// bytes, refuses bad ones with the library's named error (a DraughtsError), and checks what
// must hold of what it accepted; a refused input must leave every state as it was, which each
// target checks by asking a fixed valid question afterwards and comparing the answer with the
// one given before any input. Anything else it throws is a finding (coverage.ts).

import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";

import { DraughtsError } from "../../../bindings/core/errors.js";
import { PIECE_BLACK_MAN, PIECE_WHITE_MAN } from "../../../bindings/core/contract.js";
import { Position, VARIANTS, type VariantName } from "../../../bindings/index.js";
import { readPdn } from "../../../bindings/pdn/read.js";
import { writePdn } from "../../../bindings/pdn/write.js";
import { readBookTable } from "../../../bindings/book/format.js";
import { readSliceFile } from "../../../bindings/egdb/format.js";
import { crc32, parseWeights } from "../../../bindings/eval/weights.js";
import { mergeResults, parseUnitLine, type UnitResult } from "../../../bindings/perft/units.js";
import { HubEngine } from "../../../bindings/protocols/hub-engine.js";
import { DxpFramer, readDxp, writeDxp } from "../../../bindings/protocols/dxp-messages.js";
import { DxpConnection } from "../../../bindings/protocols/dxp-connection.js";
import { followConnection } from "../../../bindings/protocols/dxp-game.js";
import { createSearchEngine, type SearchEngine } from "../../../bindings/search/search-engine.js";
import { InvariantError, type FuzzTarget } from "./coverage.js";

function check(ok: boolean, why: string): asserts ok {
  if (!ok) throw new InvariantError(why);
}

/** The first byte picks a variant, the rest is the text. */
function variantAndText(data: Buffer): { variant: VariantName; text: string } {
  return { variant: VARIANTS[(data[0] ?? 0) % VARIANTS.length]!, text: data.subarray(1).toString("utf8") };
}

/** A fixed question to the shared core: the same answer before and after any refused input. */
function coreAnswer(): string {
  const international = Position.fromFen("international", "W:W27,28,32,33,37,38,K46:B12,13,17,18,19,22,23,K5");
  const english = Position.initial("english");
  return [international.perft(3), international.legalMoves().map((m) => m.notation).join(" "), english.perft(4), Position.initial("frisian").perft(3), Position.initial("turkish").key()].join("|");
}
let coreBefore: string | undefined;
function checkCore(): void {
  coreBefore ??= coreAnswer();
  const now = coreAnswer();
  check(now === coreBefore, `a refused input changed the core's answers: ${now} ≠ ${coreBefore}`);
}

/** Runs `fn`; after a refusal checks that the shared core answers as before, and rethrows it. */
function refusedLeavesCore<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof DraughtsError) checkCore();
    throw error;
  }
}

const FEN_WORDS = ["W:", "B:", ":W", ":B", "K", ",", "-", ":", "+", "+0", "+3", "[FEN \"", "\"]", "a1", "h8", "j10", "50", "51", "0", "32", "64", "99", "W", "B", "1-5", "46-50", ".", "?"];

const fen: FuzzTarget = {
  name: "fen",
  about: "Position.fromFen in the variant the first byte picks; an accepted FEN writes back to one that reads as the same position",
  maxLength: 400,
  dictionary: FEN_WORDS,
  run(data) {
    const { variant, text } = variantAndText(data);
    const position = refusedLeavesCore(() => Position.fromFen(variant, text));
    const again = Position.fromFen(variant, position.toFen());
    check(again.equals(position) && again.key() === position.key(), `${JSON.stringify(text)} read as ${position.toFen()}, which reads back as ${again.toFen()}`);
  },
};

const POSITIONS: ReadonlyArray<readonly [VariantName, string]> = [
  ["international", "W:W27,28,32,33,37,38,K46:B12,13,17,18,19,22,23,K5"],
  ["english", "B:W18,22,23,K30:B9,10,14,K27"],
  ["russian", "W:Wc3,e3,Kg1:Bd4,f6,b6,Kh8"],
  ["turkish", "W:Wd4,e4,Kc1:Bd5,e6,Kh8"],
  ["frisian", "W:WK23,31,32:BK5,18,19,22:+0+223"],
  ["canadian", ""],
  ["italian", ""],
];

const notation: FuzzTarget = {
  name: "notation",
  about: "Position.parseMove on a few positions (first byte); an accepted move is one of the legal moves, a refused one leaves the position's moves and FEN as they were",
  maxLength: 200,
  dictionary: ["-", "x", "X", ":", "×", "a1", "c3", "d4", "e5", "h8", "28", "19", "32", "46", "x23", "-22", " ", "0", "100", "K"],
  run(data) {
    const [variant, text] = POSITIONS[(data[0] ?? 0) % POSITIONS.length]!;
    let position: Position;
    try {
      position = text === "" ? Position.initial(variant) : Position.fromFen(variant, text);
    } catch (error) {
      // A setup the seeds get wrong would refuse every input: that is the harness's fault.
      throw new InvariantError(`the position ${text} of ${variant} does not read: ${String(error)}`);
    }
    const before = position.toFen();
    const moves = position.legalMoves().map((m) => m.notation).join(" ");
    let move;
    try {
      move = position.parseMove(data.subarray(1).toString("utf8"));
    } catch (error) {
      check(position.toFen() === before && position.legalMoves().map((m) => m.notation).join(" ") === moves, "a refused move changed the position");
      throw error;
    }
    check(position.legalMoves().some((m) => m.notation === move.notation), `parseMove answered ${move.notation}, which is not a legal move`);
  },
};

const PDN_WORDS = ["[GameType \"20\"]\n", "[GameType \"21\"]\n", "[GameType \"25\"]\n", "[FEN \"W:W31-50:B1-20\"]\n", "[Event \"", "\"]\n", "1. ", "2. ", "32-28 ", "19-23 ", "28x19 ", "14x23 ", "{", "}", "(", ")", "$1", "!", "?", "*", "1-0", "0-1", "2-0", "0-2", "1-1", "1/2-1/2", ";", "\n", "...", "%", "[", "]", "\"", "\\", "11-15 ", "23-19 ", "c3-d4 "];

const pdn: FuzzTarget = {
  name: "pdn",
  about: "readPdn on whole files; what is read writes back as PDN that reads as the same games",
  maxLength: 4000,
  dictionary: PDN_WORDS,
  run(data) {
    const entries = refusedLeavesCore(() => readPdn(data.toString("utf8"), { continueOnError: (data[0] ?? 0) % 2 === 0 }));
    const complete = entries.filter((e) => e.error === undefined && e.game !== undefined);
    if (complete.length === 0) return;
    const written = writePdn(complete);
    const back = readPdn(written);
    check(back.length === complete.length, `wrote ${complete.length} games, read back ${back.length}`);
    for (const [i, entry] of complete.entries()) {
      check(back[i]!.game!.position.equals(entry.game!.position) && back[i]!.game!.ply === entry.game!.ply, `game ${i + 1} does not read back to the same position`);
    }
  },
};

const DXP_WORDS = ["R01", "A", "M", "E", "C", "B", "K", "01", "W", "Z", "0000", "0500", "050", "001", "00", "3228", "1923", "0132", "02", "0", "1", "2", "wwwwwwwwwwwwwwwwwwwweeeeeeeeeezzzzzzzzzzzzzzzzzzzz", "\0", "\n", " "];

const dxpMessages: FuzzTarget = {
  name: "dxp-message",
  about: "the DXP framer and readDxp on a byte stream; an accepted message writes back to text that reads as the same message",
  maxLength: 600,
  dictionary: DXP_WORDS,
  run(data) {
    const framer = new DxpFramer();
    // The stream comes in two chunks, cut where the first byte says.
    const cut = Math.min(data.length, 1 + (data[0] ?? 0));
    let refusal: unknown;
    for (const chunk of [data.subarray(1, cut), data.subarray(cut)]) {
      let texts: string[];
      try {
        texts = framer.push(chunk);
      } catch (error) {
        refusal ??= error;
        continue;
      }
      for (const text of texts) {
        // A chunk may hold a whole message longer than 127 bytes (the framer bounds only what is
        // pending); readDxp refuses it by name, so an accepted message is never longer.
        try {
          const message = readDxp(text.trim());
          check(text.trim().length <= 127, `a message of ${text.trim().length} characters was accepted`);
          const back = readDxp(writeDxp(message));
          check(isDeepStrictEqual(back, message), `${JSON.stringify(text)} read as ${JSON.stringify(message)}, written as ${JSON.stringify(writeDxp(message))}, read back as ${JSON.stringify(back)}`);
        } catch (error) {
          refusal ??= error;
        }
      }
    }
    if (refusal !== undefined) {
      checkCore();
      throw refusal;
    }
  },
};

/** A socket as DxpConnection uses it, fed from memory; what the engine writes is kept. */
class MemorySocket extends EventEmitter {
  readonly written: string[] = [];
  destroyed = false;
  setNoDelay(): void {}
  setTimeout(): void {}
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
  end(): void {
    this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    queueMicrotask(() => this.emit("close"));
  }
}

const sharedSearch = new Map<boolean, Promise<SearchEngine>>();
const madeSearches: SearchEngine[] = [];
/** A search engine for every session, in a worker (as the commands have it) or on this thread. */
function search(worker = false): Promise<SearchEngine> {
  let engine = sharedSearch.get(worker);
  if (engine === undefined) {
    // One engine for every session: disposing it is the session's end, not the engine's.
    const keep = (made: SearchEngine) => {
      madeSearches.push(made);
      return new Proxy(made, {
        get: (target, key) => {
          if (key === "dispose") return async () => {};
          const value = Reflect.get(target, key) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    };
    engine = createSearchEngine({ hash: 1, worker, variants: ["international", "english"] }).then(keep);
    sharedSearch.set(worker, engine);
  }
  return engine;
}

/** Ends the shared search engines (their workers would keep the process alive). */
async function closeSearches(): Promise<void> {
  for (const made of madeSearches.splice(0)) await made.dispose();
  sharedSearch.clear();
}

const dxpGame: FuzzTarget = {
  name: "dxp-game",
  about: "the DXP follower's game state machine fed a message stream from a peer that then closes: it returns (to wait for the next peer), writes only well-formed messages and never rejects",
  maxLength: 1500,
  dictionary: [...DXP_WORDS, "R01Z0001000Wpeer\0", "M0001322800\0", "E00\0", "E01\0", "B001W\0", "K2\0"],
  async run(data) {
    const socket = new MemorySocket();
    const connection = new DxpConnection(socket as never);
    const side = { name: "fuzz", variant: "international" as const, search: await search(), level: 1 as const, log: () => {} };
    const games: unknown[] = [];
    const done = followConnection(side, connection, (record) => games.push(record));
    // The peer's bytes in chunks of up to 64, then it hangs up.
    for (let at = 0; at < data.length; at += 64) {
      socket.emit("data", data.subarray(at, at + 64));
      await new Promise((resolve) => setImmediate(resolve));
    }
    socket.emit("close");
    await done;
    for (const text of socket.written) {
      check(text.endsWith("\0") && text.length <= 128, `the engine wrote ${JSON.stringify(text)}`);
      readDxp(text.slice(0, -1));
    }
  },
  async prepare() {
    await search(false);
  },
  close: closeSearches,
};

/** What the Hub engine answers in a session: each line's answers, then the probe's. */
async function hubSession(lines: readonly string[]): Promise<{ answers: string[][]; probe: string[] }> {
  let out: string[] = [];
  const answers: string[][] = [];
  const engine = new HubEngine((line) => out.push(line), { name: "bitdraughts", version: "fuzz", createSearch: () => search(true) });
  for (const line of lines) {
    const start = performance.now();
    const going = await engine.line(line);
    // `init` loads the tables (the search engine's worker, once per run): Hub gives it no limit.
    check(line === "init" || performance.now() - start < 1000, `the line ${JSON.stringify(line)} took ${(performance.now() - start).toFixed(0)} ms`);
    answers.push(out);
    out = [];
    if (!going) break;
  }
  await engine.line("stop");
  out = [];
  // The probe: a fixed, shallow search from the start position must answer the same.
  for (const line of ["new-game", "pos start", "level depth=2", "go think"]) await engine.line(line);
  for (let i = 0; i < 200 && !out.some((l) => l.startsWith("done")); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await engine.line("stop");
  await engine.close();
  return { answers, probe: out.filter((l) => !l.startsWith("info")) };
}

const hub: FuzzTarget = {
  name: "hub",
  about: "the Hub engine's line handler on a sequence of lines after `hub` and `init`: no internal error, each line answered within 1 s, and the answer to a probe search after the lines is the one given when the refused lines are left out",
  maxLength: 1200,
  dictionary: ["hub\n", "init\n", "pos ", "pos=", "start", "moves=\"32-28 19-23\"", "level ", "depth=1", "nodes=100", "move-time=0.01", "infinite", "go ", "think", "ponder", "analyze", "stop\n", "ping\n", "ponder-hit\n", "new-game\n", "set-param ", "set ", "name=variant", "name=tt-size", "name=book", "value=english", "value=16", "value=true", "\"", "=", "\n", "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "quit\n"],
  async run(data) {
    const lines = ["hub", "init", ...data.toString("utf8").split("\n").filter((l) => !/^\s*quit(\s|$)/.test(l))];
    const all = await hubSession(lines);
    const internal = all.answers.flat().find((l) => /internal error/.test(l));
    check(internal === undefined, `the engine answered ${internal}`);
    check(all.probe.some((l) => l.startsWith("done")), `the probe search got no answer: ${all.probe.join(" | ")}`);
    const refused = all.answers.map((a) => a.some((l) => l.startsWith("error")));
    if (!refused.includes(true)) return;
    // Again without the lines answered with an error: the probe's answer must be the same.
    const clean = await hubSession(lines.filter((_, i) => !refused[i]));
    check(isDeepStrictEqual(all.probe, clean.probe), `with the refused lines the probe answered ${all.probe.join(" | ")}, without them ${clean.probe.join(" | ")}`);
    throw new DraughtsError(`${refused.filter(Boolean).length} lines refused`);
  },
  async prepare() {
    await search(true);
  },
  close: closeSearches,
};

/** Writes a CRC-32 over bytes[from…] at `at`, so that mutations reach past the checksum (chosen by a flag byte). */
function withCrc(bytes: Buffer, at: number, from: number): Buffer {
  if (bytes.length < from) return bytes;
  const fixed = Buffer.from(bytes);
  fixed.writeUInt32LE(crc32(fixed.subarray(from)), at);
  return fixed;
}

function binaryTarget(name: string, about: string, maxLength: number, crcAt: number, headerBytes: number, read: (bytes: Uint8Array) => unknown, again: (value: unknown, bytes: Uint8Array) => void): FuzzTarget {
  return {
    name,
    about,
    maxLength,
    dictionary: ["\0", "\x01", "\xff", "\xff\xff\xff\xff", "\0\0\0\0", "BDEW", "BDBK", "BDDB", "\x03\0", "\x01\0"],
    run(data) {
      // The first byte says whether the checksum is made right before reading (odd) or left as it is.
      const body = data.subarray(1);
      const bytes = (data[0] ?? 0) % 2 === 1 ? withCrc(body, crcAt, headerBytes) : body;
      const copy = Buffer.from(bytes);
      let value: unknown;
      try {
        value = read(new Uint8Array(bytes));
      } catch (error) {
        check(copy.equals(bytes), "the reader changed the bytes it refused");
        throw error;
      }
      again(value, bytes);
    },
  };
}

const book = binaryTarget("book", "readBookTable on a book file (checksum made right for odd first bytes); an accepted book has ascending keys and as many moves as it says", 4096, 24, 32, (bytes) => readBookTable(bytes), (value) => {
  const table = value as ReturnType<typeof readBookTable>;
  for (let i = 1; i < table.keys.length; i++) check(table.keys[i]! > table.keys[i - 1]!, "keys not ascending");
  check(table.first[table.keys.length] === table.scores.length, "move counts disagree");
});

const weights = binaryTarget("weights", "parseWeights on a weight file (checksum made right for odd first bytes); an accepted file reads the same twice and is a copy", 600, 16, 20, (bytes) => parseWeights(bytes), (value, bytes) => {
  check(isDeepStrictEqual(parseWeights(new Uint8Array(bytes)), value), "a weight file read twice differs");
});

const slice = binaryTarget("egdb-slice", "readSliceFile on an endgame database slice of english or international (the second byte's variant); checksum made right for odd first bytes", 8192, 24, 32, (bytes) => readSliceFile(bytes, { variantId: bytes[6] === 2 ? 2 : 0 }), (value) => {
  const file = value as ReturnType<typeof readSliceFile>;
  check(file.offsets.length > 0 && file.offsets[file.offsets.length - 1] === file.data.length, "block offsets disagree with the size");
});

const perftUnits: FuzzTarget = {
  name: "perft-units",
  about: "parseUnitLine on units and results files (one line each), and mergeResults on the results read; what is read writes back to a line that reads the same",
  maxLength: 2000,
  dictionary: ["{", "}", "\"unit\":", "\"units\":", "\"variant\":\"international\"", "\"variant\":\"english\"", "\"optionalCapture\":false", "\"duplicates\":\"keep\"", "\"duplicates\":\"drop\"", "\"depth\":", "\"root\":", "\"split\":", "\"fen\":", "\"remaining\":", "\"multiplicity\":", "\"nodes\":\"", "\"ms\":", ",", "\n", "null", "true", "-1", "1e309", "\"W:W21-32:B1-12\""],
  run(data) {
    const counted = (data[0] ?? 0) % 2 === 1;
    const lines = data.subarray(1).toString("utf8").split("\n").filter((l) => l.trim() !== "");
    const results: Array<{ result: UnitResult; where: string }> = [];
    for (const [i, line] of lines.entries()) {
      if (counted) results.push({ result: refusedLeavesCore(() => parseUnitLine(line, `results:${i + 1}`, true)), where: `results:${i + 1}` });
      else refusedLeavesCore(() => parseUnitLine(line, `units:${i + 1}`, false));
    }
    if (counted && results.length > 0) {
      const merged = refusedLeavesCore(() => mergeResults(results));
      check(merged.nodes >= 0n, "a negative total");
    }
  },
};

/** The two page workers, run as Node worker threads: their message handlers get what the bytes decode to. */
class WorkerHarness {
  readonly #worker: Worker;
  readonly #answers = new Map<number, (message: { type: string; name?: string }) => void>();
  #next = 1;
  ready: Promise<void>;

  constructor(file: string, init: object) {
    this.#worker = new Worker(fileURLToPath(new URL(`../../../bindings/${file}`, import.meta.url)));
    this.ready = new Promise((resolve) => {
      this.#worker.on("message", (message: { type: string; id?: number; name?: string }) => {
        if (message.type === "ready") resolve();
        else if (message.type !== "info" && message.id !== undefined) this.#answers.get(message.id)?.(message);
      });
    });
    this.#worker.postMessage(init);
  }

  ask(message: Record<string, unknown>): Promise<{ type: string; name?: string; [k: string]: unknown }> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new InvariantError(`the worker did not answer ${JSON.stringify(message).slice(0, 200)} within 1 s`)), 1000);
      this.#answers.set(id, (answer) => {
        clearTimeout(timer);
        this.#answers.delete(id);
        resolve(answer);
      });
      try {
        this.#worker.postMessage({ ...message, id });
      } catch (error) {
        clearTimeout(timer);
        reject(new DraughtsError(`not cloneable: ${String(error)}`));
      }
    });
  }

  close(): Promise<number> {
    return this.#worker.terminate();
  }
}

/** JSON from the bytes when they are JSON, else a request made of them field by field. */
function messageOf(data: Buffer, types: readonly string[]): Record<string, unknown> {
  try {
    const value = JSON.parse(data.toString("utf8"));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return { type: types[0], value };
  } catch {
    return { type: types[(data[0] ?? 0) % types.length], task: { variantId: data[1] ?? 0, whiteToMove: (data[2] ?? 0) % 2 === 0, squares: new Uint8Array(data.subarray(3, 3 + (data[3] ?? 0))), depth: (data[4] ?? 0) % 6, keepRoutes: true } };
  }
}

/** A worker target: refusals come back as `error` messages whose name is one of the library's errors. */
function workerTarget(name: string, file: string, init: () => object, types: readonly string[], probe: Record<string, unknown>): FuzzTarget {
  let harness: WorkerHarness | undefined;
  let before: string | undefined;
  // The probe's answer without what depends on the clock or the table's history.
  const answer = async (message: Record<string, unknown>) => {
    if (message.type === "search") await harness!.ask({ type: "newGame" });
    const a = await harness!.ask(message);
    const result = a.result as { move?: { notation: string }; score?: number } | undefined;
    return JSON.stringify({ type: a.type, nodes: a.nodes, move: result?.move?.notation, score: result?.score }, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
  };
  const start = async () => {
    harness = new WorkerHarness(file, init());
    await harness.ready;
    before ??= await answer(probe);
  };
  return {
    name,
    about: `the ${file} message handler, as a worker thread, on a message decoded from the bytes: answered within 1 s with a result or an error named after one of the library's errors; the probe request answers as before`,
    maxLength: 600,
    dictionary: ["{\"type\":\"", "\"search\"", "\"count\"", "\"status\"", "\"newGame\"", "\"init\"", "\"request\":", "\"limits\":", "\"task\":", "\"depth\":", "\"variant\":\"international\"", "\"fen\":", "{", "}", ",", ":", "null", "[]", "-1", "1e9"],
    async prepare() {
      if (harness === undefined) await start();
    },
    async run(data) {
      if (harness === undefined) await start();
      const message = messageOf(data, types);
      if (message.type === "init") message.type = "status"; // a second init is the page's own mistake, not input
      // A search runs as long as its limits say (a depth of 20 takes minutes, as asked): the
      // target gives every search a node budget that fits in the second.
      if (message.type === "search") {
        const limits = typeof message.limits === "object" && message.limits !== null ? (message.limits as Record<string, unknown>) : {};
        message.limits = { ...limits, nodes: typeof limits.nodes === "number" ? Math.min(limits.nodes, 20_000) : 20_000 };
      }
      let reply: Awaited<ReturnType<WorkerHarness["ask"]>>;
      try {
        reply = await harness!.ask(message);
      } catch (error) {
        // A worker still busy would make every later input late too: a new one, in this input's time.
        await harness!.close();
        await start();
        throw error;
      }
      if (reply.type === "error") {
        check(/Error$/.test(reply.name ?? "") && reply.name !== "Error" && reply.name !== "TypeError" && reply.name !== "RangeError" && reply.name !== "RuntimeError", `the worker answered ${JSON.stringify(message).slice(0, 200)} with ${reply.name}: ${String(reply.message)}`);
        const now = await answer(probe);
        check(now === before, `after a refused message the probe answered ${now}, before ${before}`);
        throw new DraughtsError(`refused: ${reply.name}`);
      }
    },
    async close() {
      await harness?.close();
      harness = undefined;
    },
  };
}

const perftWorker = workerTarget("perft-worker", "perft/worker.js", () => ({ type: "init", module: new WebAssembly.Module(coreBytes()), hashBytes: 0 }), ["count"], {
  type: "count",
  task: { variantId: 0, whiteToMove: true, squares: englishSquares(), depth: 3, keepRoutes: true },
});

const searchWorker = workerTarget("search-worker", "search/worker.js", () => ({ type: "init", hash: 1, variants: ["english"] }), ["search", "status", "newGame"], {
  type: "search",
  request: { variant: "english", fen: Position.initial("english").toFen() },
  limits: { depth: 2 },
});

function coreBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(fileURLToPath(new URL("../../../bindings/bitdraughts.wasm", import.meta.url))));
}
function englishSquares(): Uint8Array {
  const squares = new Uint8Array(33);
  const position = Position.initial("english");
  for (const { square, piece } of position.pieces()) squares[square] = piece.color === "white" ? PIECE_WHITE_MAN : PIECE_BLACK_MAN;
  return squares;
}

export const TARGETS: readonly FuzzTarget[] = [fen, pdn, notation, hub, dxpMessages, dxpGame, book, slice, weights, perftUnits, perftWorker, searchWorker];

export function targetNamed(name: string): FuzzTarget {
  const target = TARGETS.find((t) => t.name === name);
  if (target === undefined) throw new Error(`no fuzz target ${JSON.stringify(name)}: the targets are ${TARGETS.map((t) => t.name).join(", ")}`);
  return target;
}
