// The API's edges as a new user meets them: typed errors for every bad perft argument, depth 0,
// file: URLs for init in Node, readable console.log and JSON, the text board, positions that
// carry their options, the lazily built moves, and the cursor over the core's search state.

import assert from "node:assert/strict";
import { inspect } from "node:util";
import { describe, test } from "node:test";
import * as api from "../bindings/index.js";
import { startPerft } from "./published.js";
import { ArgumentError, DraughtsError, EngineError, Game, IllegalMoveError, Position, createEngine, createEngineSync, init, type Move, type VariantName } from "../bindings/index.js";

function throwsArgument(fn: () => unknown, argument: string, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof ArgumentError && error instanceof DraughtsError, `expected an ArgumentError, got ${String(error)}`);
    assert.equal(error.argument, argument);
    assert.match(error.message, pattern);
    return true;
  });
}

/** A small seeded generator for random playouts. */
function random(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

describe("perft and divide refuse bad arguments with ArgumentError naming argument and value", () => {
  const start = Position.initial("english");
  test("an unknown duplicates convention", () => throwsArgument(() => start.perft(3, { duplicates: "x" as "keep" }), "duplicates", /duplicates must be "keep" or "drop", got "x"/));
  test("a depth given as a string is quoted as one", () => throwsArgument(() => start.perft("3" as unknown as number), "depth", /depth must be a whole number from 0 to 64, got "3"/));
  test("null options", () => throwsArgument(() => start.perft(3, null as never), "options", /options must be an object, got null/));
  test("negative, fractional and too deep depths", () => {
    for (const depth of [-1, 1.5, 65, Number.NaN]) throwsArgument(() => start.perft(depth), "depth", new RegExp(`got ${String(depth).replace(".", "\\.")}`));
    throwsArgument(() => start.divide(-1), "depth", /divide\(depth\)/);
  });
  test("the removed divide option says where divide went", () => throwsArgument(() => start.perft(3, { divide: true } as never), "divide", /use divide\(depth\)/));
  test("after a refused call the position still counts", () => assert.equal(start.perft(3), 302n));
});

describe("depth 0: perft(0) = 1, divide(0) is empty", () => {
  for (const variant of ["english", "international", "russian"] as VariantName[]) {
    test(variant, () => {
      const position = Position.initial(variant);
      assert.equal(position.perft(0), 1n);
      assert.equal(position.perft(0, { duplicates: "keep" }), 1n);
      // No move is played at depth 0: the one node is the position itself, below no move.
      assert.equal(position.divide(0).size, 0);
      // From depth 1 on, divide's counts sum to perft and name every legal move.
      for (const depth of [1, 2, 3]) {
        const divide = position.divide(depth);
        assert.equal([...divide.values()].reduce((a, b) => a + b, 0n), position.perft(depth));
        assert.deepEqual([...divide.keys()], position.legalMoves().map((m) => m.notation));
      }
    });
  }
});

describe("init and createEngine take file: URLs in Node", () => {
  const wasm = new URL("../bindings/bitdraughts.wasm", import.meta.url);
  test("init(new URL(file:…)) loads the core the positions then use", async () => {
    const engine = await init(wasm);
    const position = Position.initial("international");
    assert.equal(position.options.engine, engine);
    assert.equal(String(position.perft(3)), startPerft.find((r) => r.variant === "international" && r.depth === 3 && r.duplicates === "drop")!.nodes_str);
  });
  test("a file: URL string, and a missing file as an EngineError", async () => {
    const engine = await createEngine(wasm.href);
    assert.equal(Position.initial("english", { engine }).perft(2), 49n); // 7 × 7
    await assert.rejects(createEngine(new URL("./no-such-core.wasm", wasm)), (error: unknown) => error instanceof EngineError && /no-such-core\.wasm/.test(error.message));
  });
});

describe("console.log, JSON and the text board", () => {
  test("a Position shows its variant, FEN, board and side to move; JSON gives variant, FEN and rules", () => {
    const position = Position.fromFen("international", "W:W31,K46:B5");
    const shown = inspect(position);
    assert.match(shown, /^Position international W:W31,K46:B5\n/);
    assert.ok(shown.includes(position.toAscii()));
    assert.match(shown, /white to move$/);
    assert.deepEqual(JSON.parse(JSON.stringify(position)), { variant: "international", fen: "W:W31,K46:B5", optionalCapture: false });
  });

  test("a Game shows itself and its board; JSON gives its moves and result", () => {
    const game = new Game("english");
    game.play("11-15");
    assert.match(inspect(game), /^Game english game, 1 plies, W:W21-32:B1-10,12,15, ongoing\n/);
    assert.deepEqual(JSON.parse(JSON.stringify(game)), { variant: "english", start: "B:W21-32:B1-12", fen: "W:W21-32:B1-10,12,15", moves: ["11-15"], result: { status: "ongoing" } });
  });

  test("a Move shows its notation and its fields", () => {
    const move = Position.fromFen("international", "W:W28,32:B23").legalMoves()[0]!;
    assert.deepEqual(JSON.parse(JSON.stringify(move)), { from: 28, to: 19, path: [28, 19], captured: [23], isCapture: true, promotes: false, notation: "28x19" });
    assert.equal(String(move), "28x19");
    assert.match(inspect(move), /^Move 28x19 /);
  });

  test("toAscii: english start, numbered rows, dark square bottom left", () => {
    // RULES.md 2: squares numbered from the top row, left to right as White sees the board;
    // on the standard board the playable squares have row + column odd, so square 1 is the
    // second square of the top row and square 29 the bottom-left corner.
    assert.equal(Position.initial("english").toAscii(), [
      "  b   b   b   b   1-4",
      "b   b   b   b     5-8",
      "  b   b   b   b   9-12",
      ".   .   .   .     13-16",
      "  .   .   .   .   17-20",
      "w   w   w   w     21-24",
      "  w   w   w   w   25-28",
      "w   w   w   w     29-32",
    ].join("\n"));
  });

  test("toAscii: italian is drawn mirrored, square 1 in the top-left corner", () => {
    const rows = Position.fromFen("italian", "W:WK32:B1").toAscii().split("\n");
    assert.equal(rows[0], "b   .   .   .     1-4");
    assert.equal(rows[7], "  .   .   .   W   29-32");
  });

  test("toAscii: algebraic variants get ranks and files", () => {
    const rows = Position.fromFen("russian", "W:Wa1,Kh2:Bb8").toAscii().split("\n");
    assert.equal(rows[0], " 8    b   .   .   .");
    assert.equal(rows[6], " 2    .   .   .   W");
    assert.equal(rows[7], " 1  w   .   .   .");
    assert.equal(rows[8], "    a b c d e f g h");
  });
});

describe("a Position carries its options", () => {
  test("Game.fromPosition keeps the capture rule, the notation style and the engine", () => {
    const engine = createEngineSync();
    const position = Position.fromFen("russian", "W:Wc3:Bd4", { optionalCapture: true, algebraic: false, engine });
    assert.deepEqual(position.options, { optionalCapture: true, algebraic: false, engine });
    const game = Game.fromPosition(position);
    assert.equal(game.position.optionalCapture, true);
    assert.equal(game.position.options.engine, engine);
    // Numeric notation kept: c3 is square 22, d4 18, e5 15, b4 17 on the 8×8 numbering (rows
    // of four from the top). With captures optional, the step c3-b4 is legal beside c3xe5.
    assert.deepEqual(game.legalMoves().map((m) => m.notation), ["22x15", "22-17"]);
    assert.equal(position.play(position.legalMoves()[0]!).options.engine, engine);
  });

  test("the Engine is a type only: its raw methods are the library's plumbing", () => {
    assert.equal("Engine" in api, false);
    assert.equal("readPdnGames" in api, false, "parsePdn is the one lower-level PDN reader");
  });
});

describe("moves: built lazily, immutable, and the same moves as before", () => {
  test("fields cannot be assigned, arrays are frozen and made once", () => {
    const move = Position.fromFen("international", "W:WK38:B18,19,32,33").legalMoves()[0]!;
    for (const field of ["from", "to", "path", "captured", "isCapture", "promotes", "notation"]) {
      assert.throws(() => ((move as unknown as Record<string, unknown>)[field] = 1), TypeError, field);
    }
    assert.equal(move.from, 38);
    assert.ok(Object.isFrozen(move.path) && Object.isFrozen(move.captured));
    assert.equal(move.path, move.path, "made once");
    assert.throws(() => (move.captured as number[]).push(1), TypeError);
  });

  for (const variant of ["international", "english", "italian", "russian"] as VariantName[]) {
    test(`${variant}: over random playouts, a move's notation names it and plays like it`, () => {
      const pick = random(7);
      let position = Position.initial(variant);
      for (let ply = 0; ply < 400; ply++) {
        const moves = position.legalMoves();
        if (moves.length === 0 || ply % 120 === 119) {
          position = Position.initial(variant);
          continue;
        }
        const move = moves[pick(moves.length)]!;
        assert.equal(position.parseMove(move.notation), move);
        const next = position.play(move);
        assert.ok(next.equals(position.play(move.notation)));
        // A Move of another listing (a copy of the position) is found by its squares.
        const copy = Position.fromFen(variant, position.toFen());
        assert.ok(copy.play(move).equals(next));
        assert.ok(copy.play(JSON.parse(JSON.stringify(move)) as Move).equals(next));
        position = next;
      }
    });
  }
});

describe("Position.cursor(): make and unmake by index over the core's search state", () => {
  /** Leaf nodes below the cursor, walked in JavaScript with moves()/make()/unmake(). */
  function perft(cursor: ReturnType<Position["cursor"]>, depth: number): bigint {
    if (depth === 0) return 1n;
    const n = cursor.moves();
    if (depth === 1) return BigInt(n);
    let nodes = 0n;
    for (let i = 0; i < n; i++) {
      cursor.make(i);
      nodes += perft(cursor, depth - 1);
      cursor.unmake();
    }
    return nodes;
  }

  const FENS: Array<[VariantName, string]> = [
    ["international", "W:W31-50:B1-20"],
    ["international", "W:WK38:B18,19,32,33"],
    ["english", "B:W21-32:B1-12"],
    ["russian", "W:Wc3,e3,Kh2:Bb6,d6,f6"],
    ["italian", "W:W21-32:B1-12"],
  ];
  for (const [variant, fen] of FENS) {
    test(`${variant} ${fen}: a cursor's perft is the core's perft (moves counted once, as drop counts)`, () => {
      const position = Position.fromFen(variant, fen);
      const cursor = position.cursor();
      for (const depth of [1, 2, 3]) assert.equal(perft(cursor, depth), position.perft(depth, { duplicates: "drop" }));
      assert.equal(cursor.ply, 0);
    });
  }

  test("moveAt names the same moves as legalMoves; make then position() is play; unmake goes back", () => {
    const pick = random(11);
    const root = Position.initial("international");
    const cursor = root.cursor();
    let position = root;
    for (let ply = 0; ply < 60; ply++) {
      const n = cursor.moves();
      assert.equal(n, position.legalMoves().length);
      if (n === 0) break;
      const names = Array.from({ length: n }, (_, i) => cursor.moveAt(i).notation);
      assert.deepEqual([...names].sort(), position.legalMoves().map((m) => m.notation).sort());
      const i = pick(n);
      const move = cursor.moveAt(i);
      cursor.make(i);
      position = position.play(move.notation);
      assert.ok(cursor.position().equals(position));
      assert.equal(cursor.key(), position.key());
      assert.equal(cursor.turn, position.turn);
    }
    while (cursor.unmake());
    assert.equal(cursor.ply, 0);
    assert.ok(cursor.position().equals(root));
    assert.equal(cursor.unmake(), false, "nothing to take back at the root");
  });

  test("a bad index is an IllegalMoveError naming it, and the cursor stays where it was", () => {
    const cursor = Position.initial("english").cursor();
    for (const index of [-1, 7, 1.5, Number.NaN]) {
      assert.throws(() => cursor.make(index), (e: unknown) => e instanceof IllegalMoveError && e.message.includes(`no move ${index}`) && e.message.includes("7 legal moves"));
      assert.throws(() => cursor.moveAt(index), IllegalMoveError);
    }
    assert.equal(cursor.ply, 0);
    assert.equal(cursor.moves(), 7);
  });

  test("two cursors on one engine do not disturb each other", () => {
    const engine = createEngineSync();
    const a = Position.initial("english", { engine }).cursor();
    const b = Position.initial("international", { engine }).cursor();
    a.make(0);
    b.make(3);
    a.make(a.moves() - 1);
    b.make(0);
    // Each ends where the same moves, made on a cursor of its own engine, end.
    const alone = (variant: VariantName, indices: number[]) => {
      const cursor = Position.initial(variant, { engine: createEngineSync() }).cursor();
      for (const i of indices) cursor.make(i);
      return cursor.position().toFen();
    };
    assert.equal(a.position().toFen(), alone("english", [0, 6]), "english: 7 moves after 9-13 too, the last index 6");
    assert.equal(b.position().toFen(), alone("international", [3, 0]));
    assert.equal(b.ply, 2);
    b.unmake();
    a.unmake();
    assert.equal(a.position().toFen(), alone("english", [0]));
    assert.equal(b.position().toFen(), alone("international", [3]));
  });
});
