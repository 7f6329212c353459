// Opening books: a tiny one built end to end and walked whole (every move legal, every position
// reachable, every score the negamax of the scores below it), the file's refusals, `varied`
// reproducible with a seed, and the searcher answering from a book inside it and searching
// outside it. Expected values come from the rules (english has 7 opening moves, 49 two-ply
// openings: perft 1 and 2) and from the book's own definition, not from a build's output.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Book, BookError, Position, Searcher, WIN_SCORE, buildBook, createSearchEngine } from "../bindings/index.js";
import { backedUp } from "../bindings/book/builder.js";
import { encodeBook } from "../bindings/book/format.js";
import { storedSquares } from "../bindings/book/book.js";
import { searchScorer } from "../bindings/cli/book-scorer.js";
import type { BookSettings, BookState } from "../bindings/index.js";
import { runCli } from "./helpers/cli.js";
import { HubEngine } from "../bindings/protocols/hub-engine.js";
import { hubMove } from "../bindings/protocols/hub-text.js";

const SETTINGS: BookSettings = {
  variant: "english",
  leaf: { depth: 3 },
  plies: 5,
  positions: 30,
  // Two ballots: their positions are roots besides the start.
  openings: [["9-13", "21-17", "5-9"], ["11-15", "23-19", "8-11"]],
};

const built = await buildBook(SETTINGS, { score: searchScorer("english", SETTINGS.leaf) });
const book = built.book;

/** Every position reached from `roots` by playing book moves, by key. */
function walk(roots: readonly Position[]): Map<bigint, Position> {
  const seen = new Map<bigint, Position>();
  const todo = [...roots];
  while (todo.length > 0) {
    const position = todo.pop()!;
    if (seen.has(position.key())) continue;
    const moves = book.moves(position);
    if (moves.length === 0) continue;
    seen.set(position.key(), position);
    for (const m of moves) todo.push(position.play(m.move));
  }
  return seen;
}

describe("a tiny book built end to end", () => {
  test("its size: the target reached, a few hundred positions searched", () => {
    assert.ok(built.complete);
    assert.ok(book.size >= SETTINGS.positions, `${book.size} positions`);
    assert.ok(built.searched >= 100 && built.searched < 1000, `${built.searched} searched`);
    assert.equal(book.variant, "english");
  });

  test("the start position holds all 7 opening moves, and each opening's way is in the book", () => {
    const start = Position.initial("english");
    assert.equal(book.moves(start).length, 7);
    for (const opening of SETTINGS.openings!) {
      let at = start;
      for (const text of opening) {
        const moves = book.moves(at);
        assert.equal(moves.length, at.legalMoves().length, `every move of ${at.toFen()} is in the book`);
        at = at.play(text);
      }
      assert.ok(book.has(at), `the position after ${opening.join(" ")} is in the book`);
    }
  });

  test("walked whole: every stored position is reached from the start by book moves, and every move is legal", () => {
    const reached = walk([Position.initial("english")]);
    // Book.moves gives [] for a position whose stored moves are not all legal: every key counted here had all of its moves legal.
    assert.deepEqual([...reached.keys()].sort(), [...book.keys()].sort());
    assert.equal([...reached.values()].reduce((n, p) => n + book.moves(p).length, 0), book.moveCount);
  });

  test("each score is the negamax of the position it leads to, when that is in the book", () => {
    let checked = 0;
    for (const position of walk([Position.initial("english")]).values()) {
      const moves = book.moves(position);
      for (let i = 1; i < moves.length; i++) assert.ok(moves[i - 1]!.score >= moves[i]!.score, "best first");
      for (const m of moves) {
        const next = book.moves(position.play(m.move));
        if (next.length === 0) continue;
        assert.equal(m.score, backedUp(next[0]!.score), `${position.toFen()} ${m.move.notation}`);
        checked++;
      }
    }
    assert.ok(checked >= SETTINGS.positions - 1);
  });

  test("the principal line of each root stays in the book to the last ply", () => {
    assert.equal(built.covered, built.roots);
    assert.equal(built.roots, 3);
    let at = Position.initial("english");
    for (let ply = 0; ply < SETTINGS.plies; ply++) {
      const best = book.choose(at, "best");
      assert.ok(best !== undefined, `ply ${ply} is in the book`);
      at = at.play(best.move);
    }
  });

  test("a rebuild gives the same file, and so does a build carried on from a smaller one's state", async () => {
    const again = await buildBook(SETTINGS, { score: searchScorer("english", SETTINGS.leaf) });
    assert.deepEqual(again.bytes, built.bytes);
    let saved: BookState | undefined;
    const half = await buildBook({ ...SETTINGS, positions: 12 }, { score: searchScorer("english", SETTINGS.leaf), save: (state) => (saved = state()) });
    assert.ok(half.book.size < book.size);
    let searched = 0;
    const scorer = searchScorer("english", SETTINGS.leaf);
    const resumed = await buildBook(SETTINGS, { resume: saved!, score: async (p) => ((searched += p.length), scorer(p)) });
    assert.deepEqual(resumed.bytes, built.bytes);
    assert.equal(searched, built.searched - half.searched, "the first run's leaves are not searched again");
  });

  test("a state of other settings is refused", async () => {
    const state = built.state;
    await assert.rejects(buildBook({ ...SETTINGS, plies: 6 }, { resume: state, score: searchScorer("english", SETTINGS.leaf) }), (e: Error) => e instanceof BookError && /other settings/.test(e.message));
  });
});

describe("the file's refusals", () => {
  const bytes = built.bytes;
  const refused = (damaged: Uint8Array, why: RegExp): void => {
    assert.throws(() => Book.read(damaged), (e: Error) => e instanceof BookError && e.name === "BookError" && why.test(e.message), String(why));
  };

  test("bad magic", () => {
    const copy = bytes.slice();
    copy[0] = "X".charCodeAt(0);
    refused(copy, /not a book file/);
    refused(new TextEncoder().encode("[Event \"a PDN file\"]\n1. 11-15 23-19 *\n"), /not a book file/);
  });

  test("a damaged byte: the CRC", () => {
    const copy = bytes.slice();
    copy[copy.length - 3]! ^= 0x10;
    refused(copy, /damaged: its CRC-32/);
  });

  test("truncated, too long, too short for a header", () => {
    refused(bytes.subarray(0, bytes.length - 1), /truncated/);
    refused(bytes.subarray(0, 100), /truncated/);
    refused(Uint8Array.from([...bytes, 0]), /1 bytes past/);
    refused(bytes.subarray(0, 10), /shorter than the 32-byte header/);
  });

  test("a foreign variant or version", () => {
    const copy = bytes.slice();
    copy[6] = 250;
    refused(copy, /variant number 250 names no variant/);
    const version = bytes.slice();
    version[4] = 9;
    refused(version, /format version 9/);
    // Marked as an international book: its start key is not international's start position's.
    const international = bytes.slice();
    international[6] = 2;
    refused(international, /keyed otherwise/);
  });

  test("a book of one variant is never probed for another's positions", () => {
    assert.deepEqual(book.moves(Position.initial("international")), []);
    assert.deepEqual(book.moves(Position.initial("english", { optionalCapture: true })), []);
  });
});

/** A book of english's start position alone, its 7 moves with the scores given in legal order. */
function startBook(scores: readonly number[]): Book {
  const start = Position.initial("english");
  const moves = start.legalMoves().map((m, i) => ({ ...storedSquares(start, m), score: scores[i]! })).sort((a, b) => b.score - a.score);
  return Book.read(encodeBook({ variant: "english", optionalCapture: false, startKey: start.key(), entries: new Map([[start.key(), moves]]) }));
}

describe("choosing a move", () => {
  // Three moves level at 20, one 5 below (within BOOK_MARGIN = 10), three far below.
  const crafted = startBook([20, -40, 20, 15, -100, 20, -30]);
  const start = Position.initial("english");
  const legal = start.legalMoves();
  const near = new Set([legal[0]!, legal[2]!, legal[3]!, legal[5]!].map((m) => m.notation));

  test("best: the first of the best", () => {
    assert.equal(crafted.choose(start, "best")?.move.notation, legal[0]!.notation);
    assert.equal(crafted.choose(start, "best")?.score, 20);
    assert.equal(crafted.choose(start, "off"), undefined);
  });

  test("varied: the same seed gives the same move; over seeds, every move within the margin and none outside", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const a = crafted.choose(start, "varied", seed)!;
      const b = crafted.choose(start, "varied", seed)!;
      assert.equal(a.move.notation, b.move.notation, `seed ${seed}`);
      assert.ok(near.has(a.move.notation), `${a.move.notation} (score ${a.score}) is within the margin`);
      seen.add(a.move.notation);
    }
    assert.deepEqual([...seen].sort(), [...near].sort());
  });

  test("a bad mode or seed is refused", () => {
    assert.throws(() => crafted.choose(start, "random" as "best"), (e: Error) => e instanceof BookError && /best, varied, off/.test(e.message));
    assert.throws(() => crafted.choose(start, "varied", 1.5), BookError);
  });

  test("wins are read as plies to the end", () => {
    const winning = startBook([WIN_SCORE - 9, 0, 0, 0, 0, 0, -(WIN_SCORE - 4)]);
    const moves = winning.moves(start);
    assert.equal(moves[0]!.win, 9);
    assert.equal(moves.at(-1)!.win, -4);
    assert.equal(moves[1]!.win, null);
  });
});

describe("searching with a book", () => {
  const searcher = new Searcher({ variants: ["english"], book, hash: 1 });
  const start = Position.initial("english");

  test("inside the book: its best move at depth 0, no nodes, its score, book: true", () => {
    const result = searcher.search(start, { depth: 4 });
    const best = book.choose(start, "best")!;
    assert.equal(result.book, true);
    assert.equal(result.depth, 0);
    assert.equal(result.nodes, 0);
    assert.equal(result.bestmove, best.move.notation);
    assert.equal(result.score, best.score);
    assert.equal(result.lines.length, 7);
    // The start's best move is on the start's principal line, which is in the book to ply 5: the reply is the book's best there.
    assert.equal(result.ponder, book.choose(start.play(best.move), "best")!.move.notation);
    assert.deepEqual(result.pv, [result.bestmove, result.ponder]);
  });

  test("outside the book, or with book off: a search", () => {
    // Two men left: five plies from the start cannot take 22 men off.
    const outside = Position.fromFen("english", "B:W23,27:B14");
    const result = searcher.search(outside, { depth: 3 });
    assert.equal(result.book, undefined);
    assert.equal(result.depth, 3);
    assert.ok(result.nodes > 0);
    const off = searcher.search(start, { depth: 3, book: "off" });
    assert.equal(off.book, undefined);
    assert.equal(off.depth, 3);
  });

  test("a level varies its book move with its seed, the same seed the same move", () => {
    const moves = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const a = searcher.search(start, { level: 3, seed });
      assert.equal(a.book, true);
      assert.equal(searcher.search(start, { level: 3, seed }).bestmove, a.bestmove);
      moves.add(a.bestmove);
    }
    const best = book.moves(start)[0]!.score;
    for (const m of moves) assert.ok(best - book.moves(start).find((b) => b.move.notation === m)!.score <= 10);
  });

  test("limits.book must be a mode; the book option a Book", () => {
    assert.throws(() => searcher.search(start, { book: "always" as "best" }), /limits.book must be best, varied, off/);
    assert.throws(() => new Searcher({ variants: [], book: new Uint8Array(4) as unknown as Book }), /book must be a Book/);
  });

  test("the search engine answers from the book at once, and searches outside it", async () => {
    const engine = await createSearchEngine({ variants: ["english"], hash: 1, book, worker: false });
    try {
      const inside = await engine.search(start, { depth: 4 });
      assert.equal(inside.book, true);
      assert.equal(inside.bestmove, book.choose(start, "best")!.move.notation);
      const off = await engine.search(start, { depth: 2, book: "off" });
      assert.equal(off.book, undefined);
    } finally {
      await engine.dispose();
    }
    // On a worker: the book is probed on this thread, the worker searches outside it.
    const worker = await createSearchEngine({ variants: ["english"], hash: 1, book });
    try {
      assert.equal((await worker.search(start, { depth: 4 })).book, true);
      const outside = await worker.search(Position.fromFen("english", "B:W23,27:B14"), { depth: 3 });
      assert.equal(outside.book, undefined);
      assert.equal(outside.depth, 3);
    } finally {
      await worker.dispose();
    }
  });
});

describe("the Hub engine's book parameter", () => {
  test("declared, off by default; best answers a think from the book at depth 0, an analysis searches; anything else is an error line", async () => {
    const out: string[] = [];
    const hub = new HubEngine((line) => out.push(line), { name: "bitdraughts", version: "0", variant: "english", createSearch: () => createSearchEngine({ hash: 1, book, variants: ["english"] }) });
    const go = async (line = "go think"): Promise<string> => {
      out.length = 0;
      await hub.line(line);
      for (let wait = 0; !out.some((l) => l.startsWith("done")); wait++) {
        assert.ok(wait < 2000, `no done line after 10 s: ${out.join(" | ")}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return out.join("\n");
    };
    try {
      await hub.line("hub");
      assert.ok(out.includes('param name=book value=off type=enum values="best varied off"'), out.join("\n"));
      await hub.line("init");
      await hub.line("level depth=3");
      assert.match(await go(), /info depth=3 /);
      await hub.line("set-param name=book value=best");
      await hub.line("level depth=3");
      const booked = await go();
      assert.match(booked, /info depth=0 /);
      assert.match(booked, new RegExp(`done move=${hubMove(book.choose(Position.initial("english"), "best")!.move)}`));
      await hub.line("level depth=2");
      assert.match(await go("go analyze"), /info depth=2 /);
      out.length = 0;
      await hub.line("set-param name=book value=sometimes");
      assert.match(out.join("\n"), /error message="book must be best, varied, off, not sometimes"/);
    } finally {
      await hub.close();
    }
  });
});

describe("bitdraughts book", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-book-"));
  const file = join(dir, "tiny.book");

  test("build, then probe the start: the 7 moves, best first", () => {
    const made = runCli(["book", "build", "--variant", "english", "--depth", "2", "--plies", "3", "--positions", "10", "--out", file]);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /english book in .*tiny\.book: \d+ positions/);
    const probed = runCli(["book", "probe", "--variant", "english", "--book", file]);
    assert.equal(probed.code, 0, probed.stderr);
    const lines = probed.stdout.trim().split("\n");
    assert.equal(lines.length, 7);
    for (const line of lines) assert.match(line, /^\d+-\d+ score (-?\d+|win \d+|loss \d+)$/);
    const json = JSON.parse(runCli(["book", "probe", "--variant", "english", "--book", file, "--json", "--moves", "11-15"]).stdout) as { moves: unknown[] };
    assert.equal(json.moves.length, 7, "White's 7 replies to 11-15");
    const out = runCli(["book", "probe", "--variant", "english", "--book", file, "--moves", "11-15 23-19 8-11 22-17"]);
    assert.equal(out.code, 1);
    assert.match(out.stdout, /not in the book/);
  });

  test("search --book answers from it; a damaged book is refused and the search goes on without it", () => {
    const found = runCli(["search", "--variant", "english", "--depth", "3", "--book", file, "--json"]);
    assert.equal(found.code, 0, found.stderr);
    const last = JSON.parse(found.stdout.trim().split("\n").at(-1)!) as { book?: boolean; depth: number };
    assert.equal(last.book, true);
    assert.equal(last.depth, 0);
    const damaged = readFileSync(file);
    damaged[damaged.length - 1]! ^= 1;
    writeFileSync(join(dir, "damaged.book"), damaged);
    const without = runCli(["search", "--variant", "english", "--depth", "3", "--book", join(dir, "damaged.book")]);
    assert.equal(without.code, 0);
    assert.match(without.stderr, /damaged: its CRC-32 .*going on without a book/);
    assert.match(without.stdout, /^depth 3 .*\nbestmove /m);
    const foreign = runCli(["search", "--variant", "russian", "--depth", "2", "--book", file]);
    assert.match(foreign.stderr, /is a english book, not a russian one/);
    assert.equal(foreign.code, 0);
  });

  test("bad arguments: exit 2 and one line", () => {
    for (const [args, message] of [
      [["book"], /book needs an action: build or probe/],
      [["book", "build", "--variant", "english", "--depth", "3", "--nodes", "1000"], /one of --depth and --nodes/],
      [["book", "build", "--variant", "english", "--plies", "0"], /--plies/],
      [["search", "--variant", "english", "--book-mode", "sometimes"], /--book-mode must be best, varied, off/],
      [["search", "--variant", "english", "--book-mode", "best"], /--book-mode needs --book FILE/],
    ] as const) {
      const run = runCli([...args]);
      assert.equal(run.code, 2, `${args.join(" ")}: ${run.stderr}`);
      assert.match(run.stderr, message);
    }
  });
});
