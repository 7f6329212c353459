// The Hub protocol (../shared/protocols/hub.md): the text layer (lines, positions, moves), the
// `bitdraughts hub` engine in scripted transcripts (each command, malformed lines, stop during a
// search, ponder-hit, EOF, version 1), and the match runner playing Hub engines as child
// processes. Expected lines come from the protocol summary (Scan's messages, the start
// position, the move form) or from positions small enough to reason about: a position with a
// single legal move has one right answer whatever the search thinks.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Position, readPdn } from "../bindings/index.js";
import { HubEngine } from "../bindings/protocols/hub-engine.js";
import { createSearchEngine } from "../bindings/search/search-engine.js";
import { HubError, hubMove, hubPosition, hubValue, moveOfHub, positionOfHub, readHubLine } from "../bindings/protocols/hub-text.js";
import { splitCommand } from "../bindings/protocols/hub-client.js";
import { EngineError } from "../bindings/core/errors.js";
import { match, parseMatchArgs } from "../tools/match/main.js";
import { MatchArgumentError, parsePlayerSpec } from "../tools/match/spec.js";
import { ChildLines } from "./helpers/child-lines.js";
import { Rng } from "./fuzz/prng.js";
import { CLI } from "./helpers/cli.js";

const VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/** A Hub position string built by hand: the side letter, then each square's letter from `pieces` (else e). */
function hubString(side: string, squares: number, pieces: Record<number, string>): string {
  let text = side;
  for (let s = 1; s <= squares; s++) text += pieces[s] ?? "e";
  return text;
}

// hub.md section 5: the start position of international draughts.
const START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
// International, White: a man on 32, black men on 27 and 17. 32 (row 6, column 3) jumps 27
// (row 5, column 2) to 21 (row 4, column 1), then 17 (row 3, column 2) to 12 (row 2, column 3):
// the only capture, and capturing is compulsory. Hub form: from 32 to 12, captured 17 and 27.
const TWO_TAKEN = hubString("W", 50, { 17: "b", 27: "b", 32: "w" });
const TWO_TAKEN_MOVE = "32x12x17x27";
// English, White: 23 jumps 18 to 14 (tests/cli-search.test.ts reasons it out), the only move.
const ENGLISH_ONE = hubString("W", 32, { 18: "b", 23: "w" });

/** Fields of a v2 line, checked to be name=value pairs as pydraughts reads them. */
function fields(line: string): Map<string, string> {
  const parsed = readHubLine(line);
  for (const [name, value] of parsed.args) assert.ok(value.length > 0, `${name} in ${line} has no value: pydraughts needs name=value`);
  return new Map(parsed.args);
}

/** An info line's fields checked against hub.md section 4 and the pv replayed from `root`. */
function checkInfo(line: string, root: Position): void {
  const f = fields(line);
  assert.match(f.get("depth") ?? "", /^\d+$/, line);
  assert.match(f.get("nodes") ?? "", /^\d+$/, line);
  for (const real of ["score", "time", "nps"]) assert.ok(Number.isFinite(Number(f.get(real))), `${real} in ${line}`);
  let at = root;
  for (const text of (f.get("pv") ?? "").split(" ").filter((m) => m.length > 0)) at = at.play(moveOfHub(at, text));
}

async function handshake(hub: ChildLines): Promise<string[]> {
  hub.send("hub");
  const lines = await hub.until((l) => l === "wait");
  hub.send("init");
  assert.equal(await hub.next(), "ready");
  return lines;
}

describe("Hub text", () => {
  test("lines: names, quoted values, flags; malformed lines are HubErrors", () => {
    const line = readHubLine(`pos  pos=${START} moves="32-28 17-22"\tstart`);
    assert.equal(line.command, "pos");
    assert.deepEqual([...line.args], [["pos", START], ["moves", "32-28 17-22"], ["start", ""]]);
    assert.deepEqual([...readHubLine('set-param name=x value=""').args], [["name", "x"], ["value", ""]]);
    for (const [text, reply] of [["", "missing command"], ["   ", "missing command"], ['pos pos="open', "unclosed quote"], ["=x", "expected a command"], ['go "think"', "expected an argument name"], ["go x=\u0001", "bad value"]] as const) {
      assert.throws(() => readHubLine(text), (e: unknown) => e instanceof HubError && e.reply.includes(reply), text);
    }
    // Values are quoted only when they are not names (hub.md section 1).
    assert.deepEqual([hubValue("32-28"), hubValue("32-28 17-22"), hubValue(""), hubValue("a=b")], ["32-28", '"32-28 17-22"', '""', '"a=b"']);
  });

  test("positions: 51 characters on 10×10, 33 on 8×8, both ways", () => {
    assert.equal(hubPosition(Position.initial("international")), START);
    assert.equal(positionOfHub("international", START).toFen(), Position.initial("international").toFen());
    // English starts with Black to move: 12 black men, 8 empty squares, 12 white men.
    assert.equal(hubPosition(Position.initial("english")), `B${"b".repeat(12)}${"e".repeat(8)}${"w".repeat(12)}`);
    assert.equal(hubPosition(Position.fromFen("international", "W:W32:B17,27"), true), TWO_TAKEN.replace(/^W/, "w"));
    for (const bad of [START.slice(1), `X${START.slice(1)}`, START.replace("e", "x"), ENGLISH_ONE, `W${"w".repeat(50)}`]) {
      assert.throws(() => positionOfHub("international", bad), (e: unknown) => e instanceof HubError && e.reply === "bad position", bad);
    }
  });

  test("moves: every captured square, read in any order, a unique capture without them", () => {
    const p = positionOfHub("international", TWO_TAKEN);
    const [only] = p.legalMoves();
    assert.equal(hubMove(only!), TWO_TAKEN_MOVE);
    for (const text of [TWO_TAKEN_MOVE, "32x12x27x17", "32x12"]) assert.equal(moveOfHub(p, text), only, text);
    for (const [text, reply] of [["32x12x17", "illegal move"], ["32-28", "illegal move"], ["32x12x17x17x27", "bad move"], ["32-99", "bad move"], ["32:12", "bad move"], ["", "bad move"]] as const) {
      assert.throws(() => moveOfHub(p, text), (e: unknown) => e instanceof HubError && e.reply === reply, text);
    }
    assert.equal(hubMove(Position.initial("international").parseMove("32-28")), "32-28");
  });
});

describe("bitdraughts hub (version 2)", () => {
  test("a transcript through every command, with malformed lines answered by error lines", async () => {
    const hub = new ChildLines(["hub"]);
    try {
      hub.send("hub");
      const intro = await hub.until((l) => l === "wait");
      assert.deepEqual([...fields(intro[0]!)], [["name", "bitdraughts"], ["version", VERSION]]);
      const params = new Map(intro.slice(1, -1).map((l) => [fields(l).get("name"), fields(l)]));
      assert.ok(intro.slice(1, -1).every((l) => l.startsWith("param ")));
      for (const name of ["variant", "tt-size", "level", "threads"]) assert.ok(params.get(name)?.get("type"), name);
      assert.ok(params.get("variant")!.get("values")!.split(" ").includes("english"));

      hub.send("set-param name=tt-size value=16");
      hub.send("set-param value=3");
      assert.equal(await hub.next(), 'error message="missing name"');
      hub.send("");
      assert.equal(await hub.next(), 'error message="missing command"');
      hub.send("init");
      assert.equal(await hub.next(), "ready");
      hub.send("frobnicate x=1 y");
      hub.send("ping");
      assert.equal(await hub.next(), "pong", "an unknown command is ignored");

      hub.send(`pos pos=${TWO_TAKEN}`);
      for (const [line, reply] of [
        [`pos pos=${START.slice(0, 40)}`, "bad position"],
        [`pos pos=${START.replace("e", "q")}`, "bad position"],
        ['pos moves="32-28 99-98"', "bad move"],
        ['pos moves="32-28 32-28"', "illegal move"],
      ] as const) {
        hub.send(line);
        assert.equal(await hub.next(), `error message="${reply}"`, line);
      }
      for (const line of ['pos pos="unclosed', "level depth=abc", "level move-time=-1", "set-param name=tt-size value=99", "set-param name=variant value=chess", "go x=\u0001"]) {
        hub.send(line);
        assert.match(await hub.next(), /^error message=/, line);
      }
      // Nothing above changed the position: its only move comes back.
      hub.send("level depth=3");
      hub.send("go think unknown=1");
      const think = await hub.until((l) => l.startsWith("done"));
      for (const l of think.slice(0, -1)) checkInfo(l, positionOfHub("international", TWO_TAKEN));
      assert.equal(think.at(-1), `done move=${TWO_TAKEN_MOVE}`);

      hub.send("new-game");
      // The game so far in pos's moves: 32-28 19-23 forces 28x19x23; Black must retake with 13 or 14.
      hub.send(`pos pos=${START} moves="32-28 19-23"`);
      hub.send("level depth=2");
      hub.send("go think");
      const done = fields((await hub.until((l) => l.startsWith("done"))).at(-1)!);
      assert.equal(done.get("move"), "28x19x23");
      assert.ok(["13x24x19", "14x23x19"].includes(done.get("ponder")!), done.get("ponder"));
      hub.send('pos start moves="32-28 19-23 28x19x23"');
      hub.send("level nodes=500");
      hub.send("go think");
      assert.ok(["13x24x19", "14x23x19"].includes(fields((await hub.until((l) => l.startsWith("done"))).at(-1)!).get("move")!));

      hub.send("quit");
      assert.ok((await hub.waitExit(5000)) < 5000);
      assert.deepEqual(hub.exit, { code: 0, signal: null });
      assert.equal(hub.stderr, "", "nothing on standard error: Hub clients read it with standard output");
    } finally {
      hub.kill();
    }
  });

  test("stop during an infinite analysis answers done; ping is answered while it thinks", async () => {
    const hub = new ChildLines(["hub"]);
    try {
      await handshake(hub);
      hub.send("pos start");
      hub.send("level infinite");
      hub.send("go analyze");
      const first = await hub.next();
      checkInfo(first, Position.initial("international"));
      hub.send("ping");
      const before = await hub.until((l) => !l.startsWith("info"));
      assert.equal(before.at(-1), "pong", "the search goes on and ping is answered");
      hub.send("stop");
      const stopped = await hub.until((l) => !l.startsWith("info"), 5000);
      const move = fields(stopped.at(-1)!).get("move");
      assert.ok(stopped.at(-1)!.startsWith("done move="), stopped.at(-1));
      assert.doesNotThrow(() => moveOfHub(Position.initial("international"), move!));
      hub.send("stop");
      hub.send("ping");
      assert.equal(await hub.next(), "pong", "one done per go: a stop with no search answers nothing");

      // A ponder search has no clock until ponder-hit; then it thinks its move-time and answers alone.
      hub.send(`pos pos=${START} moves="32-28"`);
      hub.send("level move-time=0.2");
      hub.send("go ponder");
      await hub.next();
      hub.send("ponder-hit");
      const pondered = await hub.until((l) => l.startsWith("done"), 10_000);
      assert.doesNotThrow(() => moveOfHub(Position.initial("international").play("32-28"), fields(pondered.at(-1)!).get("move")!));

      // analyze keeps the level's time: it answers alone.
      hub.send("pos start");
      hub.send("level move-time=0.2");
      hub.send("go analyze");
      assert.ok((await hub.until((l) => l.startsWith("done"), 10_000)).at(-1)!.startsWith("done move="));

      // Any other line during a search ends it first, then is handled.
      hub.send("level infinite");
      hub.send("go think");
      await hub.next();
      hub.send(`pos pos=${TWO_TAKEN}`);
      hub.send("ping");
      const after = await hub.until((l) => l === "pong");
      assert.equal(after.filter((l) => l.startsWith("done")).length, 1);
    } finally {
      hub.kill();
    }
  });

  test("the end of the input during a search exits at once", async () => {
    const hub = new ChildLines(["hub"]);
    try {
      await handshake(hub);
      hub.send("level infinite");
      hub.send("go analyze");
      await hub.next();
      hub.child.stdin.end();
      assert.ok((await hub.waitExit(5000)) < 5000);
      assert.deepEqual(hub.exit, { code: 0, signal: null });
    } finally {
      hub.kill();
    }
  });

  test("8×8 variants: 33-character positions, set by --variant or set-param", async () => {
    const hub = new ChildLines(["hub", "--variant", "english"]);
    try {
      hub.send("hub");
      const variant = (await hub.until((l) => l === "wait")).map((l) => fields(l)).find((f) => f.get("name") === "variant");
      assert.equal(variant?.get("value"), "english");
      hub.send("init");
      await hub.next();
      hub.send(`pos pos=${ENGLISH_ONE}`);
      hub.send("level depth=2");
      hub.send("go think");
      assert.equal((await hub.until((l) => l.startsWith("done"))).at(-1), "done move=23x14x18");
      hub.send("set-param name=variant value=international");
      hub.send(`pos pos=${ENGLISH_ONE}`);
      assert.equal(await hub.next(), 'error message="bad position"', "33 characters are no international position");
      hub.send("quit");
      await hub.waitExit();
    } finally {
      hub.kill();
    }
  });
});

describe("bitdraughts hub: the games that end otherwise", () => {
  test("Scan's name losing is antidraughts: the engine hands its last man over, as that game wants", async () => {
    // White's only man on 33 steps to 28, where Black's 22 must take it: White, left without a
    // piece, has no move and wins (RULES-more-variants.md, antidraughts). In international 33-28
    // would only lose the man (tests/search-searcher.test.ts).
    const hub = new ChildLines(["hub"]);
    try {
      hub.send("hub");
      const values = (await hub.until((l) => l === "wait")).map((l) => fields(l)).find((f) => f.get("name") === "variant")?.get("values")?.split(" ");
      assert.ok(values?.includes("antidraughts") && values.includes("breakthrough"), String(values));
      hub.send("init");
      await hub.next();
      hub.send("set-param name=variant value=losing");
      hub.send(`pos pos=${hubString("W", 50, { 33: "w", 22: "b" })}`);
      hub.send("level depth=4");
      hub.send("go think");
      // The move, and the answer it forces: 22 takes 28 and lands on 33 (Hub form: from, to, taken).
      assert.equal((await hub.until((l) => l.startsWith("done"))).at(-1), "done move=33-28 ponder=22x33x28");
      hub.send("quit");
      await hub.waitExit();
    } finally {
      hub.kill();
    }
  });
});

describe("bitdraughts hub (version 1)", () => {
  test("Scan 2.0's dialect: bare words, lower-case side, move and depth commands", async () => {
    const hub = new ChildLines(["hub", "--protocol", "1"]);
    try {
      hub.send("hub");
      assert.deepEqual(await hub.until((l) => l === "wait"), [`name bitdraughts ${VERSION}`, "wait"]);
      hub.send("init");
      assert.equal(await hub.next(), "ready");
      hub.send("pos wbbb");
      assert.equal(await hub.next(), "error bad position");
      hub.send(`pos ${TWO_TAKEN.replace(/^W/, "w")}`);
      hub.send("move 99-1");
      assert.equal(await hub.next(), "error bad move");
      hub.send("move 32-28");
      assert.equal(await hub.next(), "error illegal move");
      hub.send("depth 3");
      hub.send("go");
      const lines = await hub.until((l) => l.startsWith("move"));
      for (const info of lines.slice(0, -1)) assert.match(info, /^info \d+ [\d.]+ -?\d+ \d+ [\d.]+ [\d.]+/);
      assert.equal(lines.at(-1), `move ${TWO_TAKEN_MOVE}`);
      hub.send("start");
      hub.send("move 32-28");
      hub.send("move 19-23");
      hub.send("depth 2");
      hub.send("go");
      const [, move, ponder] = (await hub.until((l) => l.startsWith("move"))).at(-1)!.split(" ");
      assert.equal(move, "28x19x23");
      assert.ok(["13x24x19", "14x23x19"].includes(ponder!));
      hub.send("quit");
      await hub.waitExit();
      assert.equal(hub.exit?.code, 0);
    } finally {
      hub.kill();
    }
  });

  test("a version 1 command switches a version 2 engine to version 1", async () => {
    const hub = new ChildLines(["hub", "--variant", "english"]);
    try {
      hub.send(`pos ${ENGLISH_ONE.replace(/^W/, "w")}`);
      hub.send("depth 2");
      hub.send("go");
      assert.equal((await hub.until((l) => l.startsWith("move"))).at(-1), "move 23x14x18");
      hub.child.stdin.end();
      await hub.waitExit();
    } finally {
      hub.kill();
    }
  });
});

describe("bitdraughts hub: one session, one dialect", () => {
  test("a session that began with hub keeps version 2: a lone set is refused with an error line, and nothing changes", async () => {
    const hub = new ChildLines(["hub"]);
    try {
      hub.send("hub");
      await hub.until((l) => l === "wait");
      hub.send("set variant english");
      assert.match(await hub.next(), /^error message="set is a word of Hub version 1; .*set-param/);
      hub.send("depth 2");
      assert.match(await hub.next(), /^error message="depth is a word of Hub version 1/);
      hub.send("init");
      assert.equal(await hub.next(), "ready");
      // Still international (51 characters read), still version 2 (done move=…, not move …).
      hub.send(`pos pos=${TWO_TAKEN}`);
      hub.send("level depth=2");
      hub.send("go think");
      assert.equal((await hub.until((l) => l.startsWith("done") || l.startsWith("move") || l.startsWith("error"))).at(-1), `done move=${TWO_TAKEN_MOVE}`);
      hub.send("quit");
      await hub.waitExit();
    } finally {
      hub.kill();
    }
  });
});

/** The info line analysis pages parse (their regex): depth, mean-depth, score, nodes, [time], [nps], pv. */
const PAGE_INFO = /^info depth=(\d+) mean-depth=(\S+) score=(\S+) nodes=(\d+)(?: time=\S+)?(?: nps=\S+)? pv=/;

/** A Hub engine in this process on a worker search engine; `send` handles lines, `until` waits for one. */
function inProcessHub(): { out: string[]; send(...lines: string[]): Promise<void>; until(test: (l: string) => boolean, from?: number): Promise<string[]>; close(): Promise<void> } {
  const out: string[] = [];
  const engine = new HubEngine((line) => out.push(line), { name: "bitdraughts", version: VERSION, createSearch: (hash) => createSearchEngine({ hash }) });
  return {
    out,
    send: async (...lines) => {
      for (const line of lines) await engine.line(line);
    },
    until: async (test, from = 0) => {
      const started = Date.now();
      while (!out.slice(from).some(test)) {
        if (Date.now() - started > 30_000) throw new Error(`no such line within 30 s:\n${out.join("\n")}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return out.slice(from, from + out.slice(from).findIndex(test) + 1);
    },
    close: () => engine.close(),
  };
}

describe("bitdraughts hub: Scan's dialect as analysis pages speak it", () => {
  test("bt, normal and frisian from frysk's start; wolf=; bb-size noted without a database; mean-depth in every info line; multi-pv", async () => {
    const hub = inProcessHub();
    try {
      await hub.send("hub");
      const params = hub.out.filter((l) => l.startsWith("param")).map((l) => fields(l));
      assert.deepEqual(params.find((f) => f.get("name") === "multi-pv")?.get("max"), "16");
      await hub.send("set-param name=tt-size value=16", "set-param name=bb-size value=4", "init");
      const init = hub.out.slice(hub.out.indexOf("wait") + 1);
      assert.equal(init.at(-1), "ready");
      assert.match(init.join("\n"), /^info message="bb-size 4: no endgame database/m, "the page is told its bb-size is not used");

      // bt is breakthrough: the first king wins, so crowning on 1 or 2 scores as a won game
      // (±99.xx, hub.md section 4), which a man's promotion in international never does.
      let at = hub.out.length;
      await hub.send("set-param name=variant value=bt", `pos pos=${hubString("W", 50, { 6: "w", 45: "b" })}`, "level depth=3", "go analyze");
      let lines = await hub.until((l) => l.startsWith("done"), at);
      assert.ok(["6-1", "6-2"].includes(fields(lines.at(-1)!).get("move")!), lines.at(-1));
      const infos = lines.filter((l) => l.startsWith("info"));
      assert.ok(infos.length >= 1);
      for (const info of infos) {
        const m = PAGE_INFO.exec(info);
        assert.ok(m, `${info} matches the page's regex`);
        assert.ok(Number(m[3]) > 90, `a win: ${info}`);
      }

      // normal is international: mean-depth is the iterations' leaf depth, near the depth searched.
      at = hub.out.length;
      await hub.send("set-param name=variant value=normal", `pos pos=${START} moves="32-28 19-23"`, "level depth=5", "go analyze");
      lines = await hub.until((l) => l.startsWith("done"), at);
      assert.equal(fields(lines.at(-1)!).get("move"), "28x19x23", "the capture is forced after the moves");
      const depths = lines.filter((l) => l.startsWith("info")).map((l) => PAGE_INFO.exec(l));
      assert.deepEqual(depths.map((m) => Number(m![1])), [1, 2, 3, 4, 5], "one line per finished iteration");
      for (const m of depths) assert.ok(Number(m![2]) > 0 && Number(m![2]) <= 2 * Number(m![1]) + 4, `mean-depth ${m![2]} at depth ${m![1]}`);

      // frisian, from frysk's start (5 men each on the back rows): the answer is a frysk move.
      const frysk = hubString("W", 50, { 1: "b", 2: "b", 3: "b", 4: "b", 5: "b", 46: "w", 47: "w", 48: "w", 49: "w", 50: "w" });
      at = hub.out.length;
      await hub.send("set-param name=variant value=frisian", `pos pos=${frysk}`, "level depth=3", "go analyze");
      const move = fields((await hub.until((l) => l.startsWith("done"), at)).at(-1)!).get("move")!;
      assert.doesNotThrow(() => moveOfHub(Position.fromFen("frysk", "W:W46-50:B1-5"), move));

      // wolf=: White's king on 28 has made three quiet moves in a row while White has a man, so
      // it may not make a fourth (RULES-more-variants.md 5): the man on 49 moves.
      const kingAndMan = hubString("W", 50, { 28: "W", 49: "w", 3: "b" });
      at = hub.out.length;
      await hub.send(`pos pos=${kingAndMan} wolf="W28=3 B3=0"`, "level depth=3", "go think");
      const answer = fields((await hub.until((l) => l.startsWith("done"), at)).at(-1)!).get("move")!;
      assert.match(answer, /^49-4[34]$/, answer);
      for (const [line, why] of [
        [`pos pos=${kingAndMan} wolf="W27=2"`, "no king of White on 27"],
        [`pos pos=${kingAndMan} wolf="W28=4"`, "a count above 3"],
        [`pos pos=${kingAndMan} wolf="W28=1 W28=2"`, "two streaks for one side"],
        [`pos pos=${kingAndMan} wolf="X28=1"`, "no side X"],
      ] as const) {
        at = hub.out.length;
        await hub.send(line);
        assert.equal(hub.out.slice(at).join("\n"), 'error message="bad position"', why);
      }
      at = hub.out.length;
      await hub.send("set-param name=variant value=normal", `pos pos=${START} wolf="W46=1"`, "set-param name=multi-pv value=17");
      assert.deepEqual(hub.out.slice(at).map((l) => l.split(" ")[0]), ["error", "error"], "wolf= outside frisian, multi-pv out of range");

      // multi-pv 3: each iteration writes three lines, numbered, with three different first moves.
      at = hub.out.length;
      await hub.send("set-param name=multi-pv value=3", "pos start", "level depth=3", "go analyze");
      lines = (await hub.until((l) => l.startsWith("done"), at)).filter((l) => l.startsWith("info"));
      assert.equal(lines.length, 9, lines.join("\n"));
      for (let depth = 1; depth <= 3; depth++) {
        const lot = lines.filter((l) => PAGE_INFO.exec(l)![1] === String(depth)).map((l) => fields(l));
        assert.deepEqual(lot.map((f) => f.get("multipv")), ["1", "2", "3"]);
        assert.equal(new Set(lot.map((f) => f.get("pv")!.split(" ")[0])).size, 3);
      }
    } finally {
      await hub.close();
    }
  });
});

describe("the Hub engine on a search engine without a worker", () => {
  test("the reports that come before the search returns are written, then one done", async () => {
    const out: string[] = [];
    // Without a worker the search runs, and reports, inside the engine's search call.
    const engine = new HubEngine((line) => out.push(line), { name: "bitdraughts", version: VERSION, createSearch: () => createSearchEngine({ hash: 1, worker: false }) });
    for (const line of ["hub", "init", `pos pos=${START}`, "level depth=4", "go think"]) assert.equal(await engine.line(line), true, line);
    await engine.line("stop");
    await engine.close();
    const done = out.filter((l) => l.startsWith("done"));
    assert.equal(done.length, 1, out.join("\n"));
    // One info line per iteration at least, every one before the answer.
    const infos = out.filter((l) => l.startsWith("info"));
    assert.ok(infos.length >= 1, out.join("\n"));
    assert.ok(out.lastIndexOf(infos.at(-1)!) < out.indexOf(done[0]!));
  });
});

describe("the Hub engine under random lines", () => {
  test("600 seeded lines of commands, arguments and junk: every line handled, no crash, every go answered once", async () => {
    const out: string[] = [];
    const engine = new HubEngine((line) => out.push(line), { name: "bitdraughts", version: VERSION, createSearch: () => createSearchEngine({ hash: 1 }) });
    const rng = new Rng(99, "hub lines");
    const words = ["hub", "init", "pos", "level", "go", "stop", "ping", "ponder-hit", "new-game", "set-param", "frob", "=", '"', "pos=", "x=1"];
    const args = [`pos=${START}`, `pos=${TWO_TAKEN}`, "pos=Wbad", 'moves="32-28 19-23"', 'moves="32-28 32-28"', "moves=99-1", "depth=2", "nodes=300", "move-time=0.01", "infinite", "think", "ponder", "analyze", "name=tt-size", "value=16", "name=variant", "value=english", "value=x", 'pos="', "start", "=", "\u0007"];
    let gos = 0;
    for (let i = 0; i < 600; i++) {
      const line = [rng.pick(words), ...Array.from({ length: rng.int(4) }, () => rng.pick(args))].join(rng.pick([" ", "  ", "\t"]));
      let valid = false;
      try {
        valid = readHubLine(line).command === "go";
      } catch {
        // a malformed line is answered with an error line, and starts nothing
      }
      if (valid) gos++;
      assert.equal(await engine.line(line), true, line);
    }
    assert.equal(engine.version, 2, "no version 1 word in the list");
    await engine.line("stop");
    await engine.close();
    for (const line of out) if (!line.startsWith("id") && !line.startsWith("param")) assert.doesNotThrow(() => readHubLine(line), line);
    // Every position these lines set has a legal move, so every go is answered by exactly one done.
    assert.ok(gos > 20, `${gos} go lines`);
    assert.equal(out.filter((l) => l.startsWith("done")).length, gos);
  });
});

/** Processes whose parent is this one and whose command line runs `hub`. */
function hubChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("hub")) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

describe("the match runner with Hub engines", () => {
  test("hub player specifications: a quoted command line, a limit", () => {
    const spec = parsePlayerSpec('hub,cmd="scan hub --x=1,2",movetime=100,name=Scan');
    assert.deepEqual(spec, { kind: "hub", text: 'hub,cmd="scan hub --x=1,2",movetime=100,name=Scan', cmd: "scan hub --x=1,2", movetime: 100, name: "Scan" });
    assert.throws(() => parsePlayerSpec("hub,depth=3", "--a"), (e: unknown) => e instanceof MatchArgumentError && /cmd=/.test(e.message));
    assert.throws(() => parsePlayerSpec('hub,cmd="x"', "--a"), (e: unknown) => e instanceof MatchArgumentError && /limit/.test(e.message));
    assert.deepEqual(splitCommand(`node "a b/main.js" hub 'x y'`), ["node", "a b/main.js", "hub", "x y"]);
  });

  test("two bitdraughts hub processes (versions 2 and 1) play a match with the runner's openings, PDN and statistics", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-hub-"));
    const pdn = join(dir, "games.pdn");
    const options = parseMatchArgs([
      "--variant", "english", "--pairs", "2", "--pdn", pdn, "--max-plies", "200",
      "--a", `hub,cmd="${process.execPath} ${CLI} hub",nodes=400,name=v2`,
      "--b", `hub,cmd="${process.execPath} ${CLI} hub --protocol 1",depth=2,name=v1`,
    ]);
    assert.ok(options !== "help");
    const summary = await match(options);
    assert.match(summary, /games 4: A \+(\d+) =(\d+) -(\d+)/);
    const [, w, d, l] = /games 4: A \+(\d+) =(\d+) -(\d+)/.exec(summary)!.map(Number);
    assert.equal(w! + d! + l!, 4);
    const games = readPdn(readFileSync(pdn, "utf8"));
    assert.equal(games.length, 4);
    let points = 0;
    for (const entry of games) {
      assert.deepEqual([entry.tags.White, entry.tags.Black].sort(), ["v1", "v2"]);
      assert.ok(entry.game!.ply > 0);
      const r = entry.tags.Result;
      const aWhite = entry.tags.White === "v2";
      points += r === "1/2-1/2" ? 0.5 : (r === "1-0") === aWhite ? 1 : 0;
      // Games are adjudicated by the rules: an ended game's result is the replayed game's.
      if (entry.game!.isOver) assert.equal(entry.game!.result.status === "draw" ? "1/2-1/2" : entry.game!.result.winner === "white" ? "1-0" : "0-1", r);
    }
    assert.equal(points, w! + d! / 2);
    assert.deepEqual(hubChildren(), [], "every engine process has exited");
  });

  test("a Hub engine that plays an illegal move or dies stops the match with an EngineError naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-hub-"));
    const fake = join(dir, "fake-hub.mjs");
    writeFileSync(fake, [
      'import { createInterface } from "node:readline";',
      'const mode = process.argv[2];',
      'createInterface({ input: process.stdin }).on("line", (line) => {',
      '  const out = (s) => process.stdout.write(s + "\\n");',
      '  if (line === "hub") { out("id name=fake version=1"); out("wait"); }',
      '  else if (line === "init") out("ready");',
      '  else if (line.startsWith("go")) { if (mode === "die") process.exit(3); out("done move=1-2"); }',
      '  else if (line === "quit") process.exit(0);',
      "});",
    ].join("\n"));
    for (const [mode, pattern] of [["illegal", /played 1-2/], ["die", /exited \(code 3\)/]] as const) {
      const options = parseMatchArgs(["--variant", "international", "--pairs", "1", "--a", "depth=1", "--b", `hub,cmd="${process.execPath} ${fake} ${mode}",depth=1`]);
      assert.ok(options !== "help");
      await assert.rejects(match(options), (e: unknown) => e instanceof EngineError && pattern.test(e.message), mode);
      assert.deepEqual(hubChildren(), []);
    }
  });
});
