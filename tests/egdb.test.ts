// Endgame databases: every position of every english and international slice up to 3 pieces
// built from scratch and compared with an independent solver (tests/helpers/endgame-solver.ts),
// published facts of 2, 3 and 4 kings against 1, and the refusal of damaged or foreign files.
// `npm run test:deep` (BITDRAUGHTS_DEEP=1) also compares every kings-only position of 4 pieces
// of english and checks 4 kings against 1 in international.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  EndgameDatabase, EndgameDatabaseError, Position, VariantError, buildEndgameDatabase, loadEndgameDatabase, type DatabaseValue, type VariantName,
} from "../bindings/index.js";
import { DatabaseCore } from "../bindings/egdb/core.js";
import { BLOCK_POSITIONS, DRAW, LOSS, WIN, decodeBlock, encodeSlice, readSliceFile } from "../bindings/egdb/format.js";
import { DRAW as SOLVED_DRAW, LOSS as SOLVED_LOSS, WIN as SOLVED_WIN, solveEndgames } from "./helpers/endgame-solver.js";
import { runCli } from "./helpers/cli.js";

const DEEP = process.env.BITDRAUGHTS_DEEP === "1";

const NAMES: Record<number, DatabaseValue> = { [SOLVED_WIN]: "win", [SOLVED_DRAW]: "draw", [SOLVED_LOSS]: "loss" };
/** The core's value codes (bindings/egdb/format.ts) by name. */
const CODES: Record<number, DatabaseValue> = { [WIN]: "win", [DRAW]: "draw", [LOSS]: "loss" };

/** Builds a database in memory; returns it and its files by name. */
async function build(variant: VariantName, pieces: number): Promise<{ database: EndgameDatabase; files: Map<string, Uint8Array> }> {
  const files = new Map<string, Uint8Array>();
  const database = await buildEndgameDatabase(variant, { pieces, write: (name, bytes) => files.set(name, bytes) });
  return { database, files };
}

/** Every position up to `pieces` solved independently and probed in `database`: the disagreements, at most 5 listed. */
function disagreements(variant: VariantName, pieces: number, probe: (position: Position) => DatabaseValue | undefined, kingsOnly = false): { count: number; checked: number; examples: string[] } {
  const probed: Array<DatabaseValue | undefined> = [];
  const fens: string[] = [];
  const solved = solveEndgames(variant, pieces, (position, id) => {
    probed[id] = probe(position);
    fens[id] = position.toFen();
  }, kingsOnly);
  const examples: string[] = [];
  let count = 0;
  for (let id = 0; id < solved.count; id++) {
    const expected = NAMES[solved.values[id]!];
    if (probed[id] === expected) continue;
    count++;
    if (examples.length < 5) examples.push(`${fens[id]}: solver ${expected}, database ${String(probed[id])}`);
  }
  return { count, checked: solved.count, examples };
}

for (const variant of ["english", "international"] as const) {
  describe(`${variant}: every position up to 3 pieces against the independent solver`, () => {
    test("built from scratch, every slice's file written, every value the solver's", async () => {
      const { database, files } = await build(variant, 3);
      // Slices with both sides on the board: 4 of 2 pieces, 12 of 3 (men and kings to move × the other side).
      assert.equal(files.size, 16);
      assert.deepEqual(database.refused, []);
      const result = disagreements(variant, 3, (position) => database.probe(position));
      assert.ok(result.checked > 100_000, `only ${result.checked} positions enumerated`);
      assert.equal(result.count, 0, result.examples.join("\n"));
    });
  });
}

/** A king of `color` on `square`. */
function king(square: number, color: "white" | "black"): [number, { color: "white" | "black"; role: "king" }] {
  return [square, { color, role: "king" }];
}

/** Every set of `k` squares of 1 … n. */
function* squareSets(n: number, k: number, from = 1, chosen: number[] = []): Generator<number[]> {
  if (k === 0) {
    yield chosen.slice();
    return;
  }
  for (let s = from; s <= n; s++) {
    chosen.push(s);
    yield* squareSets(n, k - 1, s + 1, chosen);
    chosen.pop();
  }
}

/** A kings-only core of a variant with the slices of 2 … `kings` + 1 kings built (kings only ever become kings only). */
async function kingsCore(variantId: number, strongKings: number): Promise<DatabaseCore> {
  const core = await DatabaseCore.create(variantId);
  core.solve({ a: 0, b: 1, c: 0, d: 1 });
  for (let b = 2; b <= strongKings; b++) core.solve({ a: 0, b: 1, c: 0, d: b });
  return core;
}

/** International's main diagonal, 46 to 5. */
const DIAGONAL = [5, 10, 14, 19, 23, 28, 32, 37, 41, 46];

describe("published facts", () => {
  test("english: two kings against one in a double corner win wherever the lone king has no capture", async () => {
    // "With one King entrenched in the double corner it takes two Kings to force the win"
    // (E. Lasker, Chess and Checkers: the Way to Mastership): whoever is to move.
    const core = await kingsCore(0, 2);
    let checked = 0;
    for (const lone of [1, 5, 28, 32]) {
      for (const [p, q] of squareSets(32, 2)) {
        if (p === lone || q === lone) continue;
        for (const turn of ["white", "black"] as const) {
          const position = Position.setup("english", { turn, pieces: [king(p!, "white"), king(q!, "white"), king(lone, "black")] });
          if (turn === "black" && position.legalMoves().some((move) => move.isCapture)) continue;
          assert.equal(core.value(position), turn === "white" ? WIN : LOSS, position.toFen());
          checked++;
        }
      }
    }
    assert.ok(checked > 3000);
  });

  test("international: three kings against one holding the main diagonal alone draw", async () => {
    // The lone king on the long diagonal 46–5, no other piece on it, no capture for it: it can
    // always move along the diagonal, and three kings cannot drive it off.
    const core = await kingsCore(2, 3);
    let checked = 0;
    for (const lone of DIAGONAL) {
      for (const whites of squareSets(50, 3)) {
        if (whites.some((s) => DIAGONAL.includes(s))) continue;
        const position = Position.setup("international", { turn: "black", pieces: [...whites.map((s) => king(s, "white")), king(lone, "black")] });
        if (position.legalMoves().some((move) => move.isCapture)) continue;
        assert.equal(core.value(position), DRAW, position.toFen());
        checked++;
      }
    }
    assert.ok(checked > 50_000);
  });

  // test:deep only: the 4-kings slices take a minute.
  if (DEEP) test("international: four kings against one holding the main diagonal win", async () => {
    // The same lone king on the long diagonal, the four kings to move, none of them on it or
    // open to a capture: where three kings draw, four win.
    const core = await kingsCore(2, 4);
    let checked = 0;
    for (const lone of DIAGONAL) {
      for (const whites of squareSets(50, 4)) {
        if (whites.some((s) => DIAGONAL.includes(s))) continue;
        const pieces = [...whites.map((s) => king(s, "white")), king(lone, "black")];
        if (Position.setup("international", { turn: "black", pieces }).legalMoves().some((move) => move.isCapture)) continue;
        const position = Position.setup("international", { turn: "white", pieces });
        assert.equal(core.value(position), WIN, position.toFen());
        checked++;
      }
    }
    assert.ok(checked > 500_000);
  });
});

if (DEEP) describe("deep: every kings-only position of 4 pieces against the independent solver", () => {
  // English only: international's flying kings give the solver's graph too many edges to hold.
  test("english", async () => {
    const core = await kingsCore(0, 3);
    core.solve({ a: 0, b: 2, c: 0, d: 2 });
    const result = disagreements("english", 4, (position) => CODES[core.value(position) ?? -1], true);
    assert.ok(result.checked > 1_000_000, `only ${result.checked} positions enumerated`);
    assert.equal(result.count, 0, result.examples.join("\n"));
  });
});

describe("slice files", () => {
  let english: Map<string, Uint8Array>;
  let international: Map<string, Uint8Array>;
  before(async () => {
    english = (await build("english", 3)).files;
    international = (await build("international", 2)).files;
  });

  /** A copy of `bytes` with one byte changed. */
  function changed(bytes: Uint8Array, at: number, value: number): Uint8Array {
    const copy = bytes.slice();
    copy[at] = value;
    return copy;
  }

  async function refusedFor(bytes: Uint8Array): Promise<{ database: EndgameDatabase; reason: string }> {
    const database = await EndgameDatabase.create("english");
    assert.equal(database.add(bytes, "the file"), false);
    assert.equal(database.refused.length, 1);
    assert.equal(database.slices.length, 0);
    assert.throws(() => database.add(bytes, "the file", true), EndgameDatabaseError);
    return { database, reason: database.refused[0]!.reason };
  }

  test("a damaged byte fails the CRC", async () => {
    const bytes = english.get("english-1011.egdb")!;
    const { reason } = await refusedFor(changed(bytes, bytes.length - 1, bytes[bytes.length - 1]! ^ 0x10));
    assert.match(reason, /damaged: its CRC-32 is 0x[0-9a-f]{8}, the header says 0x[0-9a-f]{8}/);
  });

  test("a wrong magic is not a database file", async () => {
    const { reason } = await refusedFor(changed(english.get("english-0101.egdb")!, 0, "X".charCodeAt(0)));
    assert.match(reason, /not an endgame database file \(magic "XDEG"/);
  });

  test("another variant's file is foreign", async () => {
    const { reason } = await refusedFor(international.get("international-0101.egdb")!);
    assert.match(reason, /variant id 2, not of this variant \(id 0\)/);
  });

  test("another format version, a truncated file, and a slice of the wrong size are refused", async () => {
    const bytes = english.get("english-0110.egdb")!;
    assert.match((await refusedFor(changed(bytes, 4, 9))).reason, /format version 9/);
    assert.match((await refusedFor(bytes.subarray(0, 20))).reason, /shorter than the 32-byte header/);
    assert.match((await refusedFor(bytes.subarray(0, 34))).reason, /truncated/);
    // The header claims slice 0120 while its size is 0110's: refused before any block is read.
    assert.match((await refusedFor(changed(bytes, 10, 2))).reason, /positions; its index has/);
    assert.match((await refusedFor(changed(bytes, 9, 8))).reason, /names no slice/);
  });

  test("the database goes on without a refused file: the other slices still answer", async () => {
    const damaged = changed(english.get("english-0201.egdb")!, 40, 0xff);
    const database = await loadEndgameDatabase("english", [...[...english].filter(([name]) => name !== "english-0201.egdb").map(([, b]) => b), damaged]);
    assert.equal(database.refused.length, 1);
    assert.equal(database.slices.length, 15);
    assert.equal(database.probe(Position.fromFen("english", "W:WK1,K2:BK3")), undefined);
    // Black's king on 1 takes White's last piece at once (1x10).
    assert.equal(database.probe(Position.fromFen("english", "B:WK6:BK1")), "win");
  });

  test("runs longer than 63, blocks stored packed, and the positions that are none", () => {
    const positions = 3 * BLOCK_POSITIONS + 5;
    const packed = new Uint8Array(Math.ceil(positions / 4));
    const expected = new Uint8Array(positions);
    for (let i = 0; i < positions; i++) {
      // Block 0: one long run of wins with "no position" inside; block 1: values that change at
      // every position (packed is shorter); block 2 and the short last one: short runs.
      const value = i < BLOCK_POSITIONS ? (i % 500 === 7 ? 3 : WIN) : i < 2 * BLOCK_POSITIONS ? (i * 7) % 3 : Math.floor(i / 10) % 3;
      packed[i >> 2]! |= value << ((i & 3) << 1);
      expected[i] = value === 3 ? WIN : value;
    }
    const file = readSliceFile(encodeSlice(0, { a: 0, b: 1, c: 0, d: 1 }, packed, positions), { variantId: 0 });
    assert.ok(file.offsets[1]! < 10, "a block of one run takes a few bytes");
    assert.equal(file.offsets[2]! - file.offsets[1]!, BLOCK_POSITIONS / 4, "a block that runs do not shorten is stored packed");
    for (let block = 0; block < 4; block++) {
      const values = decodeBlock(file, block);
      assert.deepEqual([...values], [...expected.subarray(block * BLOCK_POSITIONS, Math.min(positions, (block + 1) * BLOCK_POSITIONS))]);
    }
  });

  test("loaded from a URL: the files there are fetched, those that are not are skipped", async () => {
    const server = createServer((request, response) => {
      const bytes = english.get((request.url ?? "").slice(1));
      response.writeHead(bytes === undefined ? 404 : 200);
      response.end(bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const database = await loadEndgameDatabase("english", `http://127.0.0.1:${port}/`, { pieces: 4 });
      assert.equal(database.slices.length, 16);
      assert.deepEqual(database.refused, []);
      assert.equal(database.probe(Position.fromFen("english", "B:WK6:BK1")), "win");
    } finally {
      server.close();
    }
  });

  test("probes refuse a position of another variant or under optional capture", async () => {
    const database = await loadEndgameDatabase("english", [...english.values()]);
    assert.throws(() => database.probe(Position.fromFen("italian", "W:WK1:BK32")), VariantError);
    assert.throws(() => database.probe(Position.fromFen("english", "W:WK1:BK32", { optionalCapture: true })), EndgameDatabaseError);
    await assert.rejects(EndgameDatabase.create("turkish"), VariantError);
  });
});

describe("bitdraughts egdb", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bitdraughts-egdb-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("build, resume, probe and verify; a damaged file makes verify fail", async () => {
    const first = runCli(["egdb", "build", "--variant", "english", "--pieces", "2", "--dir", dir]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /4 slices built/);
    assert.deepEqual(readdirSync(dir).sort(), ["english-0101.egdb", "english-0110.egdb", "english-1001.egdb", "english-1010.egdb"]);
    const resumed = runCli(["egdb", "build", "--variant", "english", "--pieces", "3", "--dir", dir]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stdout, /12 slices built .* 4 loaded from an earlier build/);
    // White's king on 1 takes black's last piece at once (1x10).
    const probe = runCli(["egdb", "probe", "--variant", "english", "--fen", "W:WK1:BK6", "--dir", dir]);
    assert.equal(probe.code, 0, probe.stderr);
    assert.equal(probe.stdout.trim(), "win");
    assert.equal(runCli(["egdb", "verify", "--dir", dir]).code, 0);
    const viaUrl = await loadEndgameDatabase("english", pathToFileURL(dir));
    assert.equal(viaUrl.slices.length, 16);
    const path = join(dir, "english-1011.egdb");
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] ^= 1;
    writeFileSync(path, bytes);
    const verify = runCli(["egdb", "verify", "--dir", dir]);
    assert.equal(verify.code, 1);
    assert.match(verify.stderr, /english-1011\.egdb: damaged/);
  });

  test("a build on two threads writes the same files as one on one thread", () => {
    const serial = join(dir, "serial");
    const parallel = join(dir, "parallel");
    assert.equal(runCli(["egdb", "build", "--variant", "international", "--pieces", "3", "--dir", serial]).code, 0);
    const result = runCli(["egdb", "build", "--variant", "international", "--pieces", "3", "--dir", parallel, "--threads", "2"]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /16 slices built .* on 2 threads/);
    const names = readdirSync(serial).sort();
    assert.deepEqual(readdirSync(parallel).sort(), names);
    for (const name of names) assert.deepEqual(readFileSync(join(parallel, name)), readFileSync(join(serial, name)), name);
  });

  test("bad arguments exit with code 2", () => {
    for (const [args, message] of [
      [["egdb"], /egdb needs an action/],
      [["egdb", "solve"], /unknown egdb action "solve"/],
      [["egdb", "build", "--variant", "turkish", "--pieces", "2"], /turkish has no endgame databases/],
      [["egdb", "build", "--variant", "english", "--pieces", "9"], /--pieces must be a whole number from 2 to 8/],
      [["egdb", "probe", "--variant", "english"], /--fen is required/],
      [["egdb", "build", "--variant", "english", "--pieces", "3", "--threads", "0"], /--threads must be a whole number from 1 to 64/],
    ] as const) {
      const result = runCli([...args]);
      assert.equal(result.code, 2, args.join(" "));
      assert.match(result.stderr, message);
    }
  });
});
