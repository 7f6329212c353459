// The search's use of an endgame database (docs/endgame-databases.md "In the search"): the core
// reads the slice files' blocks as the binding's probe does; a search's move keeps the database
// result (a win stays a win, a draw is not thrown away); a won ending is played to the win.
// Databases are built here from scratch (english up to 4 pieces, international up to 3); their
// values are checked against an independent solver in egdb.test.ts.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { EndgameDatabase, Position, SearchError, Searcher, buildEndgameDatabase, type DatabaseValue, type VariantName } from "../bindings/index.js";
import { type Engine } from "../bindings/core/engine.js";
import { createEngineSync } from "../bindings/core/loader.js";
import { toCore } from "../bindings/core/position.js";
import { seededRandom } from "../bindings/core/seeded.js";
import type { SearchDatabase } from "../bindings/egdb/attach.js";
import { HubEngine } from "../bindings/protocols/hub-engine.js";
import { HubError } from "../bindings/protocols/hub-text.js";
import { createSearchEngine } from "../bindings/search/search-engine.js";
import { runCli } from "./helpers/cli.js";

const CODES: Record<number, DatabaseValue> = { 0: "draw", 1: "win", 2: "loss" };
const OTHER: Record<DatabaseValue, DatabaseValue> = { win: "loss", draw: "draw", loss: "win" };

/** Squares of a board and its promotion rows: a white man never stands on the first, a black man on the last. */
const BOARDS: Record<string, { squares: number; row: number }> = { english: { squares: 32, row: 4 }, international: { squares: 50, row: 5 } };

/**
 * `count` positions of 2 … `pieces` pieces (each side at least one) drawn with `random`, side to
 * move drawn too, every man off its own promotion row, both sides with a legal move.
 */
function randomPositions(variant: VariantName, pieces: number, count: number, random: () => number): Position[] {
  const { squares, row } = BOARDS[variant]!;
  const out: Position[] = [];
  while (out.length < count) {
    const n = 2 + Math.floor(random() * (pieces - 1));
    const taken = new Set<number>();
    const white: string[] = [];
    const black: string[] = [];
    for (let i = 0; i < n; i++) {
      const side = i === 0 ? white : i === 1 ? black : random() < 0.5 ? white : black;
      const king = random() < 0.5;
      let square: number;
      do square = 1 + Math.floor(random() * squares);
      while (taken.has(square) || (!king && side === white && square <= row) || (!king && side === black && square > squares - row));
      taken.add(square);
      side.push(`${king ? "K" : ""}${square}`);
    }
    const position = Position.fromFen(variant, `${random() < 0.5 ? "W" : "B"}:W${white.join(",")}:B${black.join(",")}`);
    if (position.legalMoves().length > 0) out.push(position);
  }
  return out;
}

const databases = new Map<VariantName, EndgameDatabase>();

before(async () => {
  databases.set("english", await buildEndgameDatabase("english", { pieces: 4 }));
  databases.set("international", await buildEndgameDatabase("international", { pieces: 3 }));
});

describe("the core probes the database as the binding does", () => {
  for (const [variant, pieces] of [["english", 4], ["international", 3]] as const) {
    test(`${variant}: 1500 random positions up to ${pieces} pieces, pending captures played out in both`, () => {
      const database = databases.get(variant)!;
      const engine: Engine = createEngineSync();
      new Searcher({ engine, variants: [], endgameDatabase: database });
      const random = seededRandom(pieces * 7919);
      let captures = 0;
      for (const position of randomPositions(variant, pieces, 1500, random)) {
        const code = engine.endgameValue(toCore(position).variantId, toCore(position).board);
        assert.equal(code === undefined ? undefined : CODES[code], database.probe(position), position.toFen());
        if (position.legalMoves()[0]!.captured.length > 0) captures++;
      }
      // Positions with a capture pending are left out of the files: both sides must play them out.
      assert.ok(captures > 100, `only ${captures} positions with a capture pending`);
    });
  }

  test("another variant, the optional-capture rule, and a detached database are not probed", () => {
    const engine = createEngineSync();
    const searcher = new Searcher({ engine, variants: [], endgameDatabase: databases.get("english")! });
    const position = Position.fromFen("english", "W:WK1,K2:BK30");
    assert.equal(engine.endgameValue(toCore(position).variantId, toCore(position).board), 1);
    const optional = Position.fromFen("english", "W:WK1,K2:BK30", { optionalCapture: true });
    assert.equal(engine.endgameValue(toCore(optional).variantId, toCore(optional).board), undefined);
    const italian = Position.fromFen("italian", "W:WK1,K2:BK30");
    assert.equal(engine.endgameValue(toCore(italian).variantId, toCore(italian).board), undefined);
    assert.deepEqual(searcher.status().endgameDatabase, { variant: "english", pieces: 4 });
    searcher.setEndgameDatabase(undefined);
    assert.equal(engine.endgameValue(toCore(position).variantId, toCore(position).board), undefined);
    assert.equal(searcher.status().endgameDatabase, undefined);
    assert.throws(() => searcher.setEndgameDatabase({} as EndgameDatabase), SearchError);
  });
});

describe("the search keeps the database result", () => {
  for (const [variant, pieces, count] of [["english", 4, 300], ["international", 3, 100]] as const) {
    test(`${variant}: the move chosen in ${count} random positions up to ${pieces} pieces keeps the root's value`, () => {
      const database = databases.get(variant)!;
      const searcher = new Searcher({ variants: [variant], endgameDatabase: database });
      const random = seededRandom(pieces * 104729);
      const kept: Record<DatabaseValue, number> = { win: 0, draw: 0, loss: 0 };
      let choices = 0;
      for (const position of randomPositions(variant, pieces, count, random)) {
        const before = database.probe(position)!;
        // A shallow search: with a move that throws the result away among several, the
        // evaluation alone would often pick it; the database must not let it.
        const { move } = searcher.search(position, { depth: 2 });
        const after = database.probe(position.play(move))!;
        assert.equal(OTHER[after], before, `${position.toFen()}: ${move.notation} turns a ${before} into a ${OTHER[after]}`);
        kept[before]++;
        const values = new Set(position.legalMoves().map((m) => OTHER[database.probe(position.play(m))!]));
        if (values.size > 1) choices++;
      }
      assert.ok(kept.win > 20 && kept.draw > 20, `too few wins or draws to tell: ${JSON.stringify(kept)}`);
      assert.ok(choices > 20, `only ${choices} positions had a move that changes the result`);
    });
  }
});

describe("a won ending is played to the win", () => {
  // Published: two kings against one win in english checkers (the lone king cannot hold the
  // double corner), and so do three kings against one or two (the stronger side forces an
  // exchange; with two, the root is beyond this 4-piece database, which decides once the
  // exchange is made). Two men against a man far back is a win too, checked in the database. The
  // winner must reach a position where the loser has no piece or no move, without a threefold
  // repetition, both sides searching with the database.
  for (const fen of ["W:WK1,K2:BK30", "W:WK14,K3,K5:BK27", "B:W21,22:B3", "W:WK1,K2,K3:BK30,K31"]) {
    test(`english ${fen}`, () => {
      const database = databases.get("english")!;
      let position = Position.fromFen("english", fen);
      const winner = "white";
      const value = database.probe(position);
      if (value !== undefined) assert.equal(value, position.turn === winner ? "win" : "loss", `${fen} is not a win for ${winner} in the database`);
      const searcher = new Searcher({ variants: ["english"], endgameDatabase: database });
      const seen = new Map<string, number>();
      let plies = 0;
      for (; plies < 150 && position.legalMoves().length > 0; plies++) {
        position = position.play(searcher.search(position, { nodes: 20000 }).move);
        const times = (seen.get(position.toFen()) ?? 0) + 1;
        assert.ok(times < 3, `${position.toFen()} came a third time at ply ${plies + 1}`);
        seen.set(position.toFen(), times);
      }
      assert.equal(position.legalMoves().length, 0, `not over after ${plies} plies: ${position.toFen()}`);
      assert.notEqual(position.turn, winner, `${winner} lost a won ending: ${position.toFen()}`);
    });
  }
});

describe("the command line and the Hub engine take a database", () => {
  let dir = "";
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "bitdraughts-egdb-"));
    await buildEndgameDatabase("english", { pieces: 3, write: (name, bytes) => writeFileSync(join(dir, name), bytes) });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("search --egdb DIR: the move keeps a win, and a directory without the variant's files is refused", async () => {
    const fen = "W:WK1,K2:BK30";
    const { code, stdout } = runCli(["search", "--variant", "english", "--fen", fen, "--depth", "3", "--egdb", dir]);
    assert.equal(code, 0);
    const bestmove = /^bestmove (\S+)/m.exec(stdout)?.[1];
    const position = Position.fromFen("english", fen);
    const move = position.legalMoves().find((m) => m.notation === bestmove);
    assert.ok(move !== undefined, stdout);
    assert.equal(databases.get("english")!.probe(position.play(move)), "loss", `${bestmove} lets Black off the hook`);
    const refused = runCli(["search", "--variant", "international", "--depth", "2", "--egdb", dir]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--egdb: no international endgame database file in/);
  });

  test("the Hub engine declares egdb-dir and bb-size and makes its search with the database they name", async () => {
    const out: string[] = [];
    const opened: Array<[string, string, number]> = [];
    const made: Array<SearchDatabase | undefined> = [];
    const database = databases.get("english")!;
    const engine = new HubEngine((line) => out.push(line), {
      name: "t", version: "0", variant: "english", databaseDir: "here",
      openDatabase: async (variant, where, pieces) => {
        opened.push([variant, where, pieces]);
        return { database };
      },
      createSearch: async (_hash, db) => {
        made.push(db);
        return { search: () => Promise.reject(new Error("not here")), stop: () => undefined, newGame: async () => undefined, status: () => Promise.reject(new Error("not here")), dispose: async () => undefined };
      },
    });
    await engine.line("hub");
    assert.ok(out.includes('param name=egdb-dir value=here type=string'), out.join("\n"));
    assert.ok(out.includes("param name=bb-size value=8 type=int min=0 max=8"), out.join("\n"));
    await engine.line("set-param name=bb-size value=4");
    await engine.line("init");
    assert.deepEqual(opened, [["english", "here", 4]]);
    assert.equal(made[0], database);
    // bb-size 0: no database; the search engine is made again without one.
    await engine.line("set-param name=bb-size value=0");
    await engine.line("new-game");
    assert.equal(made.length, 2);
    assert.equal(made[1], undefined);
  });

  test("a database that cannot be used is an error line; the engine goes on as it was and does not fetch it again", async () => {
    const out: string[] = [];
    const made: Array<SearchDatabase | undefined> = [];
    let opened = 0;
    const database = databases.get("english")!;
    const engine = new HubEngine((line) => out.push(line), {
      name: "t", version: "0", variant: "english", databaseDir: "here",
      openDatabase: async (_variant, _where, pieces) => {
        opened++;
        if (pieces === 4) throw new HubError("endgame database under here: english-0202.egdb: damaged");
        return { database, note: "held" };
      },
      createSearch: async (_hash, db) => {
        made.push(db);
        return { search: () => Promise.reject(new Error("not here")), stop: () => undefined, newGame: async () => undefined, status: () => Promise.reject(new Error("not here")), dispose: async () => undefined };
      },
    });
    await engine.line("set-param name=bb-size value=3");
    await engine.line("init");
    assert.deepEqual(out, ['info message="bb-size 3: held"', "ready"]);
    out.length = 0;
    await engine.line("set-param name=bb-size value=4");
    await engine.line("init");
    // The refusal, then ready: the search engine made with the 3-piece database is kept.
    assert.deepEqual(out, ['error message="endgame database under here: english-0202.egdb: damaged"', 'info message="bb-size 4: held"', "ready"]);
    assert.deepEqual(made, [database]);
    out.length = 0;
    await engine.line("init");
    assert.equal(opened, 2, "not fetched again while the parameters are the same");
    assert.deepEqual(out, ['info message="bb-size 4: held"', "ready"]);
    // A table of another size: a new search engine, without the database refused.
    await engine.line("set-param name=tt-size value=17");
    await engine.line("init");
    assert.equal(opened, 2);
    assert.deepEqual(made, [database, undefined]);
  });
});

test("a search worker gets a copy of the database's slices and probes them", async () => {
  const database = databases.get("english")!;
  const engine = await createSearchEngine({ hash: 1, variants: ["english"], endgameDatabase: database });
  try {
    assert.deepEqual((await engine.status()).endgameDatabase, { variant: "english", pieces: 4 });
    const random = seededRandom(31337);
    for (const position of randomPositions("english", 4, 40, random)) {
      const before = database.probe(position)!;
      const { move } = await engine.search(position, { depth: 2 });
      assert.equal(OTHER[database.probe(position.play(move))!], before, `${position.toFen()}: ${move.notation}`);
    }
  } finally {
    await engine.dispose();
  }
});
