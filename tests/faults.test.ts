// Issue 65, part 4: faults survived with nothing lost, each brought about for real — a worker
// thread that dies in the middle of a search, files cut short or with a byte flipped on disk, a
// results file whose last line a killed run left half written, and a DXP peer that hangs up in
// the middle of a game (or floods, or falls silent). The perft run killed outright is
// tests/perft-units.test.ts; the DXP listener process losing its peer mid-game, tests/dxp.test.ts.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { type AddressInfo, type Socket, createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

import { Book, BookError, EngineError, Position, buildEndgameDatabase, loadEndgameDatabase } from "../bindings/index.js";
import { createSearchEngine, type SearchEngine } from "../bindings/search/search-engine.js";
import { DxpConnection, MAX_QUEUED } from "../bindings/protocols/dxp-connection.js";
import { followConnection } from "../bindings/protocols/dxp-game.js";
import { writeDxp } from "../bindings/protocols/dxp-messages.js";
import { CLI } from "./helpers/cli.js";
import { DIE_MOVETIME } from "./helpers/dying-search-worker.js";
import { publishedCount } from "./published.js";

const unhandled: unknown[] = [];
process.on("unhandledRejection", (reason) => unhandled.push(reason));
after(() => assert.deepEqual(unhandled, [], "no unhandled rejection"));

describe("a search worker killed in the middle of a search", () => {
  test("the lost search fails with EngineError; the engine answers the next request from a new worker", async () => {
    const engine = await createSearchEngine({ hash: 1, variants: ["english"], workerUrl: new URL("./helpers/dying-search-worker.js", import.meta.url) });
    try {
      const start = Position.initial("english");
      let reports = 0;
      await assert.rejects(engine.search(start, { movetime: DIE_MOVETIME }, () => reports++), (e: unknown) => {
        assert.ok(e instanceof EngineError, String(e));
        assert.match((e as Error).message, /the search worker failed: the worker exited with code 7/);
        return true;
      });
      assert.equal(reports, 0, "the worker died before its first report reached the caller");
      const result = await engine.search(start, { depth: 4 });
      assert.ok(start.legalMoves().some((m) => m.notation === result.move.notation), result.move.notation);
      // And again: one death does not leave the engine half working.
      await assert.rejects(engine.search(start, { movetime: DIE_MOVETIME }), EngineError);
      assert.equal((await engine.search(start.play("11-15"), { depth: 3 })).move.from > 0, true);
    } finally {
      await engine.dispose();
    }
  });
});

describe("files cut short or with a flipped byte are refused by name at load", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-faults-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("a book file: cut short (truncated), a byte flipped (its CRC-32); the file on disk is what is read", () => {
    const shipped = readFileSync(new URL("../../books/international.book", import.meta.url));
    const whole = join(dir, "whole.book");
    writeFileSync(whole, shipped);
    const good = Book.read(readFileSync(whole), whole);
    const cut = join(dir, "cut.book");
    writeFileSync(cut, shipped);
    truncateSync(cut, shipped.length - 7);
    assert.throws(() => Book.read(readFileSync(cut), cut), (e: unknown) => e instanceof BookError && e.message.startsWith(`${cut}: truncated`));
    for (const at of [40, Math.floor(shipped.length / 2), shipped.length - 1]) {
      const flipped = Buffer.from(shipped);
      flipped[at]! ^= 0x04;
      const file = join(dir, `flipped-${at}.book`);
      writeFileSync(file, flipped);
      assert.throws(() => Book.read(readFileSync(file), file), (e: unknown) => e instanceof BookError && /damaged: its CRC-32 is 0x[0-9a-f]{8}, the header says 0x[0-9a-f]{8}/.test(e.message), `byte ${at}`);
    }
    // The good book still answers as it did.
    const start = Position.initial("international");
    assert.deepEqual(Book.read(readFileSync(whole), whole).moves(start), good.moves(start));
  });

  test("database slices: one cut short, one flipped; both refused by name, the others load and answer", async () => {
    const files = new Map<string, Uint8Array>();
    const built = await buildEndgameDatabase("english", { pieces: 3, write: (name, bytes) => files.set(name, bytes) });
    for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
    const names = [...files.keys()].sort();
    const [cut, flipped] = [names.at(-1)!, names.at(-2)!];
    truncateSync(join(dir, cut), files.get(cut)!.length - 3);
    const bytes = readFileSync(join(dir, flipped));
    bytes[bytes.length - 2]! ^= 0x80;
    writeFileSync(join(dir, flipped), bytes);

    const loaded = await loadEndgameDatabase("english", dir);
    const refused = new Map(loaded.refused.map((r) => [r.name, r.reason]));
    assert.deepEqual([...refused.keys()].sort(), [cut, flipped].sort(), JSON.stringify(loaded.refused));
    assert.match(refused.get(flipped)!, /damaged: its CRC-32|prefix code|its blocks take/);
    assert.match(refused.get(cut)!, /truncated|damaged|its blocks take/);
    // A three-piece ending of a slice that was not damaged is answered as by the database built.
    const probe = Position.fromFen("english", "W:WK10,K14:BK1");
    assert.equal(loaded.probe(probe), built.probe(probe));
  });
});

describe("a perft results file whose last line a killed run left half written", () => {
  test("the resumed run drops the torn line, counts that unit once, and the merge gives the published count", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-torn-"));
    const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8" });
    try {
      const split = run(["perft", "--variant", "international", "--depth", "6", "--split", "2"]);
      assert.equal(split.status, 0, split.stderr);
      writeFileSync(join(dir, "units.jsonl"), split.stdout);
      const units = split.stdout.trim().split("\n").length;
      const first = run(["perft", "--run-units", "units.jsonl", "--results", "results.jsonl", "--threads", "1"]);
      assert.equal(first.status, 0, first.stderr);
      // What a kill in the middle of an append leaves: some units whole, the next one cut short.
      const lines = readFileSync(join(dir, "results.jsonl"), "utf8").trim().split("\n");
      const kept = Math.floor(units / 2);
      writeFileSync(join(dir, "results.jsonl"), `${lines.slice(0, kept).join("\n")}\n${lines[kept]!.slice(0, 25)}`);
      const resumed = run(["perft", "--run-units", "units.jsonl", "--results", "results.jsonl", "--threads", "1"]);
      assert.equal(resumed.status, 0, resumed.stderr);
      assert.match(resumed.stdout, new RegExp(`counted ${units - kept} units .*\\(${kept} were already in results\\.jsonl\\)`));
      const after = readFileSync(join(dir, "results.jsonl"), "utf8");
      assert.ok(after.endsWith("\n"));
      const unitNumbers = after.trim().split("\n").map((l) => (JSON.parse(l) as { unit: number }).unit).sort((a, b) => a - b);
      assert.deepEqual(unitNumbers, [...Array(units).keys()], "every unit once");
      const merged = run(["perft", "--merge", "results.jsonl", "--json"]);
      assert.equal(merged.status, 0, merged.stderr);
      assert.equal((JSON.parse(merged.stdout.trim()) as { nodes: string }).nodes, String(publishedCount("international", 6, "keep")));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a DXP peer that hangs up, floods or falls silent", () => {
  let search: SearchEngine;
  const REQUEST = writeDxp({ type: "R", version: "01", name: "peer", followerColor: "white", minutes: 10, moves: 50 });

  /** A follower behind a real TCP socket, and a peer connected to it. */
  async function pair(idleMs?: number): Promise<{ peer: Socket; received: string[]; done: Promise<void>; close: () => void }> {
    search ??= await createSearchEngine({ hash: 1, variants: ["international"] });
    const server = createServer();
    let done!: Promise<void>;
    const accepted = new Promise<void>((resolve) =>
      server.on("connection", (socket) => {
        const connection = new DxpConnection(socket, () => {}, idleMs === undefined ? {} : { idleMs });
        done = followConnection({ name: "follower", variant: "international", search, level: 1, log: () => {} }, connection, () => {}).then(() => connection.close());
        resolve();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const peer = createConnection({ host: "127.0.0.1", port: (server.address() as AddressInfo).port });
    const received: string[] = [];
    peer.on("data", (chunk: Buffer) => received.push(...chunk.toString("latin1").split("\0").filter((t) => t !== "")));
    peer.on("error", () => undefined);
    await accepted;
    return { peer, received, done, close: () => server.close() };
  }

  async function until(check: () => boolean, ms = 10_000): Promise<void> {
    for (const deadline = Date.now() + ms; !check(); ) {
      assert.ok(Date.now() < deadline, "timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  after(async () => search?.dispose());

  for (const when of ["after its game request", "after the engine's first move", "in the middle of a message"] as const) {
    test(`the peer disconnects ${when}: the follower returns, its search engine still answers`, async () => {
      const { peer, received, done, close } = await pair();
      try {
        peer.write(`${REQUEST}\0`, "latin1");
        await until(() => received.some((t) => t.startsWith("A")));
        if (when !== "after its game request") await until(() => received.some((t) => t.startsWith("M")));
        if (when === "in the middle of a message") peer.write("M00013", "latin1");
        peer.destroy();
        await done;
        const answer = await search.search(Position.initial("international"), { depth: 2 });
        assert.ok(answer.move.from > 0);
      } finally {
        close();
      }
    });
  }

  test(`a peer that sends more than ${MAX_QUEUED} messages the game has not read is cut off`, async () => {
    const { peer, done, close } = await pair();
    try {
      const closed = new Promise((resolve) => peer.on("close", resolve));
      // Chat lines are read between games; many at once, in one write, outrun the reader.
      peer.write(`${REQUEST}\0${"Cflood\0".repeat(20 * MAX_QUEUED)}`, "latin1");
      await done;
      await closed;
    } finally {
      close();
    }
  });

  test("a peer silent for the read timeout is hung up on", async () => {
    const { peer, done, close } = await pair(200);
    try {
      const start = performance.now();
      const closed = new Promise((resolve) => peer.on("close", resolve));
      await done;
      await closed;
      assert.ok(performance.now() - start >= 150, "not before the timeout");
    } finally {
      close();
    }
  });
});
