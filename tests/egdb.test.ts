// Endgame databases: every position of every english and international slice up to 3 pieces
// built from scratch and compared with an independent solver (tests/helpers/slice-solver.ts),
// published facts of 2, 3 and 4 kings against 1, and the refusal of damaged or foreign files.
// `npm run test:deep` (BITDRAUGHTS_DEEP=1) also compares every position of every english slice up
// to 4 pieces with the slice solver (tests/helpers/slice-solver.ts) and checks 4 kings against 1
// in international; `npm run verify:egdb` does international's 4 pieces and samples 5 pieces.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, test } from "node:test";
import {
  EndgameDatabase, EndgameDatabaseError, Position, VariantError, buildEndgameDatabase, loadEndgameDatabase, type VariantName,
} from "../bindings/index.js";
import { DatabaseCore } from "../bindings/egdb/core.js";
import { BLOCK_POSITIONS, DRAW, LOSS, WIN, decodeBlock, encodeSlice, readSliceFile } from "../bindings/egdb/format.js";
import { CodeReader, LONGEST_CODE, codeLengths, encodeBytes, isPrefixCode } from "../bindings/egdb/run-code.js";
import { crc32 } from "../bindings/eval/weights.js";
import { seededRandom } from "../bindings/core/seeded.js";
import { runCli } from "./helpers/cli.js";
import { checkAgainstSolver } from "./helpers/egdb-check.js";

const DEEP = process.env.BITDRAUGHTS_DEEP === "1";

/** Builds a database in memory; returns it and its files by name. */
async function build(variant: VariantName, pieces: number): Promise<{ database: EndgameDatabase; files: Map<string, Uint8Array> }> {
  const files = new Map<string, Uint8Array>();
  const database = await buildEndgameDatabase(variant, { pieces, write: (name, bytes) => files.set(name, bytes) });
  return { database, files };
}

for (const variant of ["english", "international"] as const) {
  describe(`${variant}: every position up to 3 pieces against the slice solver`, () => {
    test("built from scratch, every slice's file written, every value the solver's", async () => {
      const { database, files } = await build(variant, 3);
      // Slices with both sides on the board: 4 of 2 pieces, 12 of 3 (men and kings to move × the other side).
      assert.equal(files.size, 16);
      assert.deepEqual(database.refused, []);
      const reports = checkAgainstSolver(database, 3);
      assert.deepEqual(reports.map((r) => r.slice).sort(), [...files.keys()].map((name) => name.slice(-9, -5)).sort());
      const checked = reports.reduce((sum, r) => sum + r.checked, 0);
      assert.ok(checked > 100_000, `only ${checked} positions solved`);
      assert.deepEqual(reports.filter((r) => r.wrong > 0), []);
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

if (DEEP) describe("deep: every position of every english slice up to 4 pieces against the slice solver", () => {
  // International's 4 pieces take half an hour: `npm run verify:egdb` (tests/egdb-verify.test.ts).
  test("english, men and kings", async () => {
    const { database } = await build("english", 4);
    const reports = checkAgainstSolver(database, 4);
    assert.equal(reports.length, 41);
    const checked = reports.reduce((sum, r) => sum + r.checked, 0);
    assert.ok(checked > 6_000_000, `only ${checked} positions solved`);
    assert.deepEqual(reports.filter((r) => r.wrong > 0), []);
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
    const blocks = 23;
    const positions = (blocks - 1) * BLOCK_POSITIONS + 5;
    const packed = new Uint8Array(Math.ceil(positions / 4));
    const expected = new Uint8Array(positions);
    const random = seededRandom(20261202);
    let previous = DRAW;
    for (let i = 0; i < positions; i++) {
      // Block 0: one long run of wins with "no position" inside; block 1: runs of one, rare in
      // the file, so their codes are long and packed is shorter; then runs of two, and a short
      // last block. Each run's value is one of the two it may be, drawn at random.
      const other = (previous + 1 + Math.floor(random() * 2)) % 3;
      const value = i < BLOCK_POSITIONS ? (i % 500 === 7 ? 3 : WIN) : i < 2 * BLOCK_POSITIONS || i % 2 === 0 ? other : previous;
      packed[i >> 2]! |= value << ((i & 3) << 1);
      expected[i] = value === 3 ? WIN : value;
      previous = expected[i]!;
    }
    const file = readSliceFile(encodeSlice(0, { a: 0, b: 1, c: 0, d: 1 }, packed, positions), { variantId: 0 });
    assert.ok(file.offsets[1]! - file.offsets[0]! < 10, "a block of one run takes a few bytes");
    assert.equal(file.offsets[2]! - file.offsets[1]!, BLOCK_POSITIONS / 4, "a block that the code does not shorten is stored packed");
    // Runs of two of three values: a two-bit or three-bit code a run, under a bit a position.
    assert.ok(file.offsets[3]! - file.offsets[2]! < BLOCK_POSITIONS / 8, `a block of runs of two takes ${file.offsets[3]! - file.offsets[2]!} bytes`);
    for (let block = 0; block < blocks; block++) {
      const values = decodeBlock(file, block);
      assert.deepEqual([...values], [...expected.subarray(block * BLOCK_POSITIONS, Math.min(positions, (block + 1) * BLOCK_POSITIONS))]);
    }
  });

  test("the run code: a prefix code of at most 15 bits that reads back what it wrote", () => {
    const random = seededRandom(7);
    // Weights as uneven as the powers of two: a plain Huffman code would need 39-bit codes.
    const counts = Array.from({ length: 256 }, (_, byte) => (byte < 40 ? 2 ** byte : byte % 3));
    const lengths = codeLengths(counts);
    assert.ok(lengths.every((length, byte) => (counts[byte] === 0) === (length === 0) && length <= LONGEST_CODE));
    assert.ok(isPrefixCode(lengths));
    const bytes = Uint8Array.from({ length: 5000 }, () => {
      let byte: number;
      do byte = Math.floor(random() * 256);
      while (lengths[byte] === 0);
      return byte;
    });
    const reader = new CodeReader(lengths);
    reader.start(encodeBytes(bytes, lengths));
    assert.deepEqual(Array.from(bytes, () => reader.next()), [...bytes]);
    // Three codes of one bit are no prefix code: a file holding such a table is refused.
    assert.equal(isPrefixCode(Uint8Array.from({ length: 256 }, (_, byte) => (byte < 3 ? 1 : 0))), false);
  });

  test("a file whose code table is no prefix code is refused", async () => {
    const bytes = english.get("english-1011.egdb")!.slice();
    const view = new DataView(bytes.buffer);
    const tableAt = 32 + 2 * view.getUint32(20, true);
    bytes.fill(0x11, tableAt, tableAt + 128);
    view.setUint32(24, crc32(bytes.subarray(32)), true);
    assert.match((await refusedFor(bytes)).reason, /the code of its runs after a draw is no prefix code/);
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
    assert.equal(probe.stdout.trim(), "win, capture in 1 ply");
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
