// DXP (../shared/protocols/dxp.md): the messages against the protocol's own examples, the
// framing, two bitdraughts processes playing whole games over loopback (both PDNs read back),
// a peer's illegal and malformed messages, and bounded fuzzing of a listener, which must
// survive it all and leave no socket open. Loopback (127.0.0.1) and ephemeral ports only.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { Socket, createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Game, Position, readPdn } from "../bindings/index.js";
import { DxpFramer, DxpMessageError, readDxp, writeDxp } from "../bindings/protocols/dxp-messages.js";
import { positionOfRequest, requestBoard } from "../bindings/protocols/dxp-game.js";
import { ChildLines } from "./helpers/child-lines.js";
import { Rng } from "./fuzz/prng.js";

describe("DXP messages", () => {
  test("the protocol's examples read field by field and write back the same", () => {
    const examples: Array<[string, unknown]> = [
      ["R01Tornado voor Windows 4.0        W060065A", { type: "R", version: "01", name: "Tornado voor Windows 4.0", followerColor: "white", minutes: 60, moves: 65 }],
      ["M0012061100", { type: "M", seconds: 12, from: 6, to: 11, captured: [] }],
      ["M001205250422122320", { type: "M", seconds: 12, from: 5, to: 25, captured: [22, 12, 23, 20] }],
      ["E00", { type: "E", reason: 0, stop: 0 }],
      ["CWhat do you think about move 35?", { type: "C", text: "What do you think about move 35?" }],
      ["B005Z", { type: "B", moveNumber: 5, turn: "black" }],
      ["K2", { type: "K", code: 2 }],
      [`A${"Scan".padEnd(32)}0`, { type: "A", name: "Scan", code: 0 }],
    ];
    for (const [text, message] of examples) {
      assert.deepEqual(readDxp(text), message, text);
      assert.equal(writeDxp(readDxp(text)), text);
    }
    // A set-up request: 94 characters, the side to move, then w z W Z e for fields 1 to 50.
    const board = `${"z".repeat(20)}${"e".repeat(10)}${"w".repeat(20)}`;
    const setup = `R01${"x".padEnd(32)}Z003075BW${board}`;
    assert.equal(setup.length, 94);
    assert.deepEqual(readDxp(setup), { type: "R", version: "01", name: "x", followerColor: "black", minutes: 3, moves: 75, setup: { turn: "white", board } });
    assert.equal(requestBoard(Position.initial("international")), board);
    assert.equal(positionOfRequest("international", { turn: "white", board }).toFen(), Position.initial("international").toFen());
  });

  test("every field is checked: a wrong one is a DxpMessageError that names it", () => {
    for (const [text, part] of [
      ["", "empty"], ["X01", "unknown message type"], ["E0", "3"], ["E40", "reason"], ["E02", "stop code"],
      ["M001206110", "at least 11"], ["M00a2061100", "time"], ["M0012061101", "characters"], ["M0012061121", "at most 20"],
      ["M0012000100", "from field 0"], ["M0012065100", "to field 51"], ["R01abc", "43 or 94"],
      [`R01${"x".padEnd(32)}Q060065A`, "W or Z"], [`R01${"x".padEnd(32)}W060065C`, "A or B"], [`R01${"x".padEnd(32)}W06x065A`, "thinking time"],
      [`A${"x".padEnd(32)}7`, "acceptance code"], ["B000W", "001"], ["B005Q", "W or Z"], ["K9", "acknowledge"], ["C", "some text"],
      ["M\u00e90120611", "ASCII"], [`C${"x".repeat(127)}`, "more than 127"],
    ] as const) {
      assert.throws(() => readDxp(text), (e: unknown) => e instanceof DxpMessageError && e.message.includes(part), text);
    }
    assert.throws(() => writeDxp({ type: "M", seconds: 1, from: 100, to: 1, captured: [] }), DxpMessageError);
  });

  test("framing: messages end at NUL, split anywhere; 128 bytes without NUL is an error", () => {
    const framer = new DxpFramer();
    assert.deepEqual(framer.push("E0"), []);
    assert.deepEqual(framer.push("0\0M001206"), ["E00"]);
    assert.deepEqual(framer.push("1100\0\0"), ["M0012061100", ""]);
    assert.throws(() => new DxpFramer().push("C".repeat(128)), DxpMessageError);
  });
});

/**
 * How the rules end a game read back from its PDN. A PDN game is replayed with repetition as a
 * claim (pdn/read.ts), so a game the DXP side drew by repetition is not over when read back:
 * its last position allows the claim instead.
 */
function rulesEnd(game: Game): { status: "win" | "draw"; winner?: string; reason: string | undefined } | undefined {
  const result = game.result;
  if (result.status !== "ongoing") return { status: result.status, winner: result.status === "win" ? result.winner : undefined, reason: result.reason };
  const claim = game.drawClaim;
  return claim !== undefined ? { status: "draw", reason: claim.reason } : undefined;
}

/** A listener process and its port. */
async function listener(args: readonly string[]): Promise<{ child: ChildLines; port: number }> {
  const child = new ChildLines(["dxp", "--listen", "127.0.0.1:0", ...args]);
  const line = await child.next(20_000);
  const port = Number(/^listening on 127\.0\.0\.1:(\d+)$/.exec(line)?.[1]);
  assert.ok(port > 0, line);
  return { child, port };
}

/** Sockets the process holds open (Linux: /proc/PID/fd links to socket:[…]). */
function openSockets(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:");
    } catch {
      return false;
    }
  }).length;
}

/** A raw DXP peer for the tests: send messages, read what comes back until the listener closes. */
class RawPeer {
  readonly socket: Socket;
  readonly received: string[] = [];
  readonly framer = new DxpFramer();
  readonly closed: Promise<void>;
  #waiter: (() => void) | undefined;

  constructor(port: number) {
    this.socket = createConnection({ host: "127.0.0.1", port });
    this.socket.on("data", (chunk: Buffer) => {
      try {
        this.received.push(...this.framer.push(chunk));
      } catch {
        this.received.push("<overlong>");
      }
      this.#waiter?.();
    });
    this.socket.on("error", () => undefined);
    this.closed = new Promise((resolve) => this.socket.on("close", () => resolve()));
  }

  async connected(): Promise<void> {
    if (!this.socket.connecting) return;
    await new Promise((resolve) => this.socket.once("connect", resolve));
  }

  send(text: string): void {
    this.socket.write(`${text}\0`, "latin1");
  }

  /** The first message received that `accept` takes, within `ms`. */
  async expect(accept: (text: string) => boolean, ms = 10_000): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.received.find(accept);
      if (found !== undefined) return found;
      if (Date.now() > deadline || this.socket.destroyed) throw new Error(`not received; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Resolves true when the other side closed the connection within `ms`. */
  async closedWithin(ms: number): Promise<boolean> {
    return Promise.race([this.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
  }
}

const REQUEST_WHITE_FOLLOWER = `R01${"test peer".padEnd(32)}W001000A`;
const REQUEST_BLACK_FOLLOWER = `R01${"test peer".padEnd(32)}Z001000A`;

describe("bitdraughts dxp", () => {
  test("two processes play whole games over loopback, colours alternating, both writing the PDN", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-dxp-"));
    const [lpdn, cpdn] = [join(dir, "listener.pdn"), join(dir, "initiator.pdn")];
    const { child: follower, port } = await listener(["--level", "2", "--games", "2", "--pdn", lpdn]);
    const initiator = new ChildLines(["dxp", "--connect", `127.0.0.1:${port}`, "--games", "2", "--level", "2", "--time", "1", "--moves", "0", "--pdn", cpdn], { BITDRAUGHTS_DXP_TRACE: "1" });
    try {
      await Promise.all([initiator.waitExit(60_000), follower.waitExit(60_000)]);
      assert.deepEqual(initiator.exit, { code: 0, signal: null }, initiator.stderr);
      assert.deepEqual(follower.exit, { code: 0, signal: null }, follower.stderr);
      // Game 1: the follower plays Black (Z); game 2: White. One minute each, no move count.
      const requests = initiator.stderr.split("\n").filter((l) => l.startsWith("dxp: > R"));
      assert.deepEqual(requests.map((l) => l.slice("dxp: > ".length + 35)), ["Z001000A", "W001000A"]);
      const mine = readPdn(readFileSync(cpdn, "utf8"));
      const theirs = readPdn(readFileSync(lpdn, "utf8"));
      assert.equal(mine.length, 2);
      assert.equal(theirs.length, 2);
      for (let g = 0; g < 2; g++) {
        const [a, b] = [mine[g]!, theirs[g]!];
        assert.deepEqual(a.game!.moves.map((m) => m.notation), b.game!.moves.map((m) => m.notation), "both sides saw the same game");
        assert.equal(a.tags.Result, b.tags.Result);
        // Our side ends a game only when the rules end it, so every game ends as the rules say and with their result.
        const game = a.game!;
        const ended = rulesEnd(game);
        assert.ok(ended !== undefined, `game ${g + 1} ended by ${a.tags.Termination}`);
        assert.equal(a.tags.Result, ended.status === "draw" ? "1-1" : ended.winner === "white" ? "2-0" : "0-2");
        assert.equal(a.tags.Termination, ended.reason);
      }
    } finally {
      initiator.kill();
      follower.kill();
    }
  });

  test("another variant by agreement: two processes started with --variant english play a game", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-dxp-"));
    const pdn = join(dir, "english.pdn");
    const { child: follower, port } = await listener(["--variant", "english", "--level", "2", "--games", "1"]);
    const initiator = new ChildLines(["dxp", "--connect", `127.0.0.1:${port}`, "--variant", "english", "--games", "1", "--level", "2", "--time", "1", "--moves", "0", "--pdn", pdn]);
    try {
      await Promise.all([initiator.waitExit(60_000), follower.waitExit(60_000)]);
      assert.equal(initiator.exit?.code, 0, initiator.stderr);
      const [entry] = readPdn(readFileSync(pdn, "utf8"));
      assert.equal(entry!.game!.variant, "english");
      const ended = rulesEnd(entry!.game!);
      assert.ok(ended !== undefined, `ended by ${entry!.tags.Termination}`);
      assert.equal(entry!.tags.Termination, ended.reason);
    } finally {
      initiator.kill();
      follower.kill();
    }
  });

  test("an illegal or malformed move is reported, ends the game with stop code 1 and closes the connection; the listener goes on", async () => {
    const { child, port } = await listener(["--level", "1"]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const baseline = openSockets(child.child.pid!);
      for (const bad of ["M0000322300", "M0000", "R01x"]) {
        const peer = new RawPeer(port);
        await peer.connected();
        peer.send(REQUEST_BLACK_FOLLOWER); // the listener plays Black: our move first
        assert.equal((await peer.expect((t) => t.startsWith("A"))).at(-1), "0", "accepted");
        peer.send(bad);
        assert.match(await peer.expect((t) => t.startsWith("C")), /illegal move|malformed|unexpected R/, bad);
        assert.equal(await peer.expect((t) => t.startsWith("E")), "E01");
        assert.ok(await peer.closedWithin(5000), "the listener closed the connection");
      }
      // Protocol version 02 is refused with code 1 (version not supported); the connection stays usable.
      const future = new RawPeer(port);
      await future.connected();
      future.send(REQUEST_WHITE_FOLLOWER.replace("R01", "R02"));
      assert.equal((await future.expect((t) => t.startsWith("A"))).at(-1), "1");
      future.socket.end();
      assert.ok(await future.closedWithin(5000));
      // A peer that goes away in the middle of a game.
      const quitter = new RawPeer(port);
      await quitter.connected();
      quitter.send(REQUEST_WHITE_FOLLOWER);
      await quitter.expect((t) => t.startsWith("M"));
      quitter.socket.destroy();
      // Still listening, and a game request is still answered.
      const peer = new RawPeer(port);
      await peer.connected();
      peer.send("CHello");
      peer.send(REQUEST_WHITE_FOLLOWER);
      const move = readDxp(await peer.expect((t) => t.startsWith("M")));
      assert.ok(Position.initial("international").legalMoves().some((m) => m.from === (move.type === "M" && move.from) && m.to === (move.type === "M" && move.to)));
      peer.send("E01");
      assert.equal(await peer.expect((t) => t.startsWith("E")), "E01", "the end confirmed");
      assert.ok(await peer.closedWithin(5000));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(openSockets(child.child.pid!), baseline, "no socket left open");
      assert.equal(child.exit, undefined, "the listener is still running");
      child.child.kill("SIGTERM");
      await child.waitExit();
      assert.deepEqual(child.exit as unknown, { code: 0, signal: null }, "a clean exit on SIGTERM");
      assert.ok(/illegal move/.test(child.stderr), "the listener reported the illegal move");
    } finally {
      child.kill();
    }
  });

  test("a take-back request to a position of the game is accepted (K0) and play goes on from there; any other is declined (K2)", async () => {
    const { child, port } = await listener(["--level", "1"]);
    try {
      const peer = new RawPeer(port);
      await peer.connected();
      peer.send(REQUEST_BLACK_FOLLOWER);
      await peer.expect((t) => t.startsWith("A"));
      peer.send("M0000322800"); // 32-28
      const reply = await peer.expect((t) => t.startsWith("M"));
      peer.send("B009W"); // move 9 has not been reached
      assert.equal(await peer.expect((t) => t.startsWith("K")), "K2");
      peer.received.length = 0;
      peer.send("B001W"); // back to the start, White to move
      assert.equal(await peer.expect((t) => t.startsWith("K")), "K0");
      // 31-27 is legal only if the board went back: after 32-28 and a reply it is White's turn in another position.
      peer.send("M0000312700");
      const answer = readDxp(await peer.expect((t) => t.startsWith("M")));
      assert.ok(answer.type === "M");
      const after = Position.initial("international").play("31-27");
      assert.ok(after.legalMoves().some((m) => m.from === answer.from && m.to === answer.to), `${JSON.stringify(answer)} after 31-27 (the first reply was ${reply})`);
      assert.ok(!peer.received.some((t) => t.startsWith("E")), "no fault");
      peer.send("E01");
      assert.ok(await peer.closedWithin(5000));
    } finally {
      child.kill();
    }
  });

  test("fuzzed messages (seeded, at most 60 connections or 20 s) never crash the listener or leave a socket open", async () => {
    const { child, port } = await listener(["--level", "1"]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const baseline = openSockets(child.child.pid!);
      const rng = new Rng(12345, "dxp messages");
      const valid = [REQUEST_WHITE_FOLLOWER, REQUEST_BLACK_FOLLOWER, "M0012322800", "M001205250422122320", "E00", "E11", "E21", "CHi", "B001W", "K0", `A${"x".padEnd(32)}0`];
      const fuzz = (): string => {
        switch (rng.int(4)) {
          case 0: // random bytes, NUL included
            return Buffer.from(Array.from({ length: 1 + rng.int(200) }, () => rng.int(256))).toString("latin1");
          case 1: { // a valid message with characters changed
            const chars = [...rng.pick(valid)];
            for (let k = 0; k <= rng.int(3); k++) chars[rng.int(chars.length)] = String.fromCharCode(32 + rng.int(95));
            return `${chars.join("")}\0`;
          }
          case 2: // a valid message cut short or run long
            return `${rng.pick(valid).slice(0, 1 + rng.int(40))}${"9".repeat(rng.int(3))}\0`;
          default: // a game request, then moves of any kind
            return `${valid[rng.int(2)]}\0${Array.from({ length: 1 + rng.int(4) }, () => `M00${String(rng.int(100)).padStart(2, "0")}${String(1 + rng.int(50)).padStart(2, "0")}${String(1 + rng.int(50)).padStart(2, "0")}00\0`).join("")}`;
        }
      };
      const started = Date.now();
      let connections = 0;
      while (connections < 60 && Date.now() - started < 20_000) {
        connections++;
        const peer = new RawPeer(port);
        await peer.connected();
        for (let m = 0; m <= rng.int(3); m++) peer.socket.write(fuzz(), "latin1");
        await new Promise((resolve) => setTimeout(resolve, rng.int(30)));
        peer.socket.end();
        assert.ok(await peer.closedWithin(5000), `connection ${connections} was closed`);
        assert.equal(child.exit, undefined, `the listener survived connection ${connections}`);
      }
      assert.ok(connections >= 10, `only ${connections} connections in the time`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(openSockets(child.child.pid!), baseline, "no socket left open");
      // And it still plays.
      const initiator = new ChildLines(["dxp", "--connect", `127.0.0.1:${port}`, "--games", "1", "--level", "1", "--time", "1", "--moves", "0"]);
      await initiator.waitExit(60_000);
      assert.equal(initiator.exit?.code, 0, initiator.stderr);
      child.child.kill("SIGTERM");
      await child.waitExit();
      assert.deepEqual(child.exit as unknown, { code: 0, signal: null }, "a clean exit on SIGTERM");
    } finally {
      child.kill();
    }
  });
});
