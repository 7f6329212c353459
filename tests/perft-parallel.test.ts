// Perft at scale: the table (same counts as without it, also when a table of one cluster makes
// every position collide), the workers (same counts as one thread, both conventions, optional
// capture), perftAsync's progress, abort and argument errors. Expected counts are the published
// ones (tests/data/start-perft.json, with their sources) or, where none is published, the plain
// single-thread perft of the same run.
//
// `npm run test:deep` (BITDRAUGHTS_DEEP=1) also counts the deep published rows with the table
// and two workers: english keep 14–17, russian drop 13–15, international keep 12.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ArgumentError, Position, createEngineSync, perftAsync, variantInfo, type Duplicates, type PerftProgress, type VariantName } from "../bindings/index.js";
import { parseFen } from "../bindings/core/fen.js";
import { splitUnits } from "../bindings/perft/units.js";
import { publishedCount } from "./published.js";

const DEEP = process.env.BITDRAUGHTS_DEEP === "1";

/** Positions with kings and captures by several routes, where keep and drop differ. */
const KINGS: readonly { variant: VariantName; fen: string; depth: number }[] = [
  { variant: "international", fen: "W:WK38,40,45:B18,19,32,33,K3", depth: 5 },
  { variant: "russian", fen: "W:W7,22,29:B4,8,9,13,16,K32", depth: 7 },
  { variant: "english", fen: "W:WK5,24:B4,8,10,15,17,18,K21,27", depth: 7 },
  // Turkish kings taking two pieces on one file land on either square between them (keep).
  { variant: "turkish", fen: "W:WKa1,Kh1,c3,f3:Ba3,a6,c6,f6,Kd8,e7", depth: 6 },
];

describe("perft's table", () => {
  const engine = createEngineSync();
  const board = (position: Position) => {
    const { turn, squares } = parseFen(variantInfo(position.variant), position.toFen());
    return { whiteToMove: turn === "white", squares };
  };
  const id = (position: Position) => variantInfo(position.variant).id + (position.optionalCapture ? 8 : 0);

  for (const bytes of [64, 2 ** 20]) {
    test(`${bytes === 64 ? "one cluster (every position collides)" : "1 MiB"}: the same counts as without the table, both conventions, optional capture`, () => {
      engine.setPerftHash(bytes);
      for (const { variant, fen, depth } of KINGS) {
        for (const optionalCapture of [false, true]) {
          const position = Position.fromFen(variant, fen, { optionalCapture });
          for (const keep of [true, false]) {
            const plain = engine.perft(id(position), board(position), depth, keep);
            assert.equal(engine.perftWithTable(id(position), board(position), depth, keep), plain, `${variant} ${fen} ${keep ? "keep" : "drop"}${optionalCapture ? " optional" : ""}`);
          }
        }
      }
      // One table for several runs: the variant and the convention are part of every entry.
      // Pool's start is english's board with the same side to move, so only the variant id
      // (16, beyond four bits) tells their entries apart; killer's is international's.
      for (const [variant, depth] of [["english", 8], ["italian", 8], ["international", 6], ["russian", 8], ["pool", 8], ["thai", 8], ["killer", 6], ["turkish", 7]] as const) {
        const start = Position.initial(variant);
        for (const keep of [true, false]) {
          assert.equal(engine.perftWithTable(id(start), board(start), depth, keep), engine.perft(id(start), board(start), depth, keep), `${variant} start ${keep}`);
        }
      }
    });
  }

  test("keep and drop differ on the positions above (the routes are exercised)", () => {
    for (const { variant, fen, depth } of KINGS) {
      const position = Position.fromFen(variant, fen);
      assert.notEqual(position.perft(depth, { duplicates: "keep" }), position.perft(depth, { duplicates: "drop" }), `${variant} ${fen}`);
    }
  });

  test("with the table, the published counts: english keep 13, russian drop 12, international keep 9 and drop 9", () => {
    engine.setPerftHash(2 ** 24);
    for (const [variant, depth, duplicates] of [["english", 13, "keep"], ["russian", 12, "drop"], ["international", 9, "keep"], ["international", 9, "drop"]] as const) {
      const start = Position.initial(variant);
      assert.equal(engine.perftWithTable(id(start), board(start), depth, duplicates === "keep"), publishedCount(variant, depth, duplicates), `${variant} ${depth} ${duplicates}`);
    }
  });

  test("a table size that is no power of two, or too small, is refused and the table stays usable", () => {
    engine.setPerftHash(1024);
    for (const bad of [0, 63, 100, 3 * 2 ** 20, 2 ** 32, 1.5, NaN]) assert.throws(() => engine.setPerftHash(bad), /power of two from 64 bytes/);
    const start = Position.initial("english");
    assert.equal(engine.perftWithTable(0, board(start), 8, true), publishedCount("english", 8, "keep"));
  });
});

describe("perft in workers", () => {
  test("same counts as one thread: both conventions, optional capture, start positions and positions with kings", async () => {
    const cases: { position: Position; depth: number }[] = [
      { position: Position.initial("english"), depth: 8 },
      { position: Position.initial("international"), depth: 5 },
      { position: Position.initial("russian", { optionalCapture: true }), depth: 6 },
      ...KINGS.map(({ variant, fen, depth }) => ({ position: Position.fromFen(variant, fen), depth })),
      ...KINGS.map(({ variant, fen, depth }) => ({ position: Position.fromFen(variant, fen, { optionalCapture: true }), depth })),
    ];
    // Two workers without a table, three with one, in turn.
    let k = 0;
    for (const { position, depth } of cases) {
      for (const duplicates of ["keep", "drop"] as const) {
        const options = k++ % 2 === 0 ? { threads: 2 } : { threads: 3, hash: 1 };
        assert.equal(await perftAsync(position, depth, { ...options, duplicates }), position.perft(depth, { duplicates }), `${position} ${depth} ${duplicates} ${JSON.stringify(options)}`);
      }
    }
  });

  test("the published counts: english keep 11, international drop 8, and depths 0 and 1", async () => {
    assert.equal(await perftAsync(Position.initial("english"), 11, { threads: 2 }), publishedCount("english", 11, "keep"));
    assert.equal(await perftAsync(Position.initial("international"), 8, { threads: 2, hash: 4 }), publishedCount("international", 8, "drop"));
    assert.equal(await perftAsync(Position.initial("english"), 0, { threads: 2 }), 1n);
    assert.equal(await perftAsync(Position.initial("english"), 1, { threads: 2 }), publishedCount("english", 1, "keep"));
    assert.equal(await perftAsync(Position.fromFen("international", "W:W:B1"), 3, { threads: 2 }), 0n, "no move: no leaf");
  });

  test("progress: nodes grow to the total, the estimated share to 1, a report per subtree", async () => {
    const reports: PerftProgress[] = [];
    const total = await perftAsync(Position.initial("english"), 10, { threads: 2, onProgress: (p) => reports.push(p) });
    assert.equal(total, publishedCount("english", 10, "keep"));
    assert.ok(reports.length > 2 * 4, `${reports.length} reports`);
    const units = reports[0]!.units;
    reports.forEach((p, i) => {
      assert.equal(p.done, i + 1);
      assert.equal(p.units, units);
      assert.ok(p.fraction > 0 && p.fraction <= 1);
      if (i > 0) {
        assert.ok(p.nodes >= reports[i - 1]!.nodes);
        assert.ok(p.fraction >= reports[i - 1]!.fraction);
      }
    });
    assert.equal(reports.at(-1)!.nodes, total);
    assert.equal(reports.at(-1)!.fraction, 1);
    assert.ok(reports.slice(0, -1).every((p) => p.fraction < 1));
  });

  test("abort: rejects with an AbortError and ends the workers", async () => {
    const controller = new AbortController();
    let reports = 0;
    const pending = perftAsync(Position.initial("english"), 24, {
      threads: 2, hash: 1, signal: controller.signal,
      onProgress: () => {
        reports++;
        controller.abort();
      },
    });
    // The first subtrees are large: abort on the first report or, failing that, when the workers run.
    const running = setInterval(() => {
      if (process.getActiveResourcesInfo().includes("MessagePort")) controller.abort();
    }, 20);
    await assert.rejects(pending, (error: Error) => error.name === "AbortError");
    clearInterval(running);
    assert.ok(reports <= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(process.getActiveResourcesInfo().filter((r) => r === "MessagePort"), [], "no worker is left");
  });

  test("abort before the start: rejects with the signal's reason, no worker started", async () => {
    const reason = new DOMException("stopped by the user", "AbortError");
    await assert.rejects(perftAsync(Position.initial("english"), 30, { signal: AbortSignal.abort(reason) }), (error) => error === reason);
  });

  test("bad arguments throw ArgumentError naming the argument", () => {
    const start = Position.initial("english");
    const cases: [() => unknown, string][] = [
      [() => perftAsync(start, -1), "depth"],
      [() => perftAsync(start, 65), "depth"],
      [() => perftAsync(start, 3.5), "depth"],
      [() => perftAsync(start, 3, { threads: 0 }), "threads"],
      [() => perftAsync(start, 3, { threads: 1.5 }), "threads"],
      [() => perftAsync(start, 3, { hash: 3 }), "hash"],
      [() => perftAsync(start, 3, { hash: 2048 }), "hash"],
      [() => perftAsync(start, 3, { duplicates: "all" as Duplicates }), "duplicates"],
      [() => perftAsync(start, 3, { signal: {} as AbortSignal }), "signal"],
      [() => perftAsync(start, 3, { onProgress: 1 as unknown as () => void }), "onProgress"],
      [() => perftAsync(start, 3, { depth: 3 } as object), "depth"],
      [() => perftAsync("english" as unknown as Position, 3), "position"],
    ];
    for (const [call, argument] of cases) {
      assert.throws(call, (error: unknown) => error instanceof ArgumentError && error.argument === argument && error.message.includes(argument), argument);
    }
  });
});

describe("work units", () => {
  test("a split sums to perft: Σ multiplicity × perft(unit) over the distinct positions", () => {
    for (const [variant, duplicates] of [["english", "keep"], ["international", "drop"]] as const) {
      const start = Position.initial(variant);
      const units = splitUnits(start, 6, 3, duplicates);
      assert.equal(new Set(units.map((u) => u.fen)).size, units.length, "transpositions merged");
      assert.ok(units.some((u) => u.multiplicity > 1));
      const total = units.reduce((sum, u) => sum + BigInt(u.multiplicity) * Position.fromFen(variant, u.fen).perft(u.remaining, { duplicates }), 0n);
      assert.equal(total, publishedCount(variant, 6, duplicates));
    }
  });

  test("a frisian split carries each unit's king streaks, read from the core's 80-byte move records", () => {
    // White's king on 46 has made two quiet moves in a row (+0+246): each of its eight moves
    // is the third (+0+3 and its square), the man's 35-30 ends the streak (no field). The units
    // are read move record by move record, so a wrong record size shows here as wrong streaks.
    const root = Position.fromFen("frisian", "W:WK46,35:B5:+0+246");
    const units = splitUnits(root, 3, 1, "drop");
    const fens = units.map((u) => u.fen).sort();
    const kingTo = [10, 14, 19, 23, 28, 32, 37, 41];
    // Read and written back, so the FEN lists the squares in the writer's order.
    const expected = [...kingTo.map((to) => `B:W35,K${to}:B5:+0+3${to}`), "B:W30,K46:B5"].map((fen) => Position.fromFen("frisian", fen).toFen()).sort();
    assert.deepEqual(fens, expected);
    // Σ over the units is the root's perft, the streaks deciding White's third ply.
    const total = units.reduce((sum, u) => sum + BigInt(u.multiplicity) * Position.fromFen("frisian", u.fen).perft(u.remaining), 0n);
    assert.equal(total, root.perft(3));
  });
});

if (DEEP) describe("deep published counts with the table and two workers", () => {
  const runs: [VariantName, Duplicates, number[]][] = [["english", "keep", [14, 15, 16, 17]], ["russian", "drop", [13, 14, 15]], ["international", "keep", [12]]];
  for (const [variant, duplicates, depths] of runs) {
    for (const depth of depths) {
      test(`${variant} ${duplicates} ${depth}`, async () => {
        const start = performance.now();
        assert.equal(await perftAsync(Position.initial(variant), depth, { threads: 2, hash: 512, duplicates }), publishedCount(variant, depth, duplicates));
        console.log(`# ${variant} ${duplicates} ${depth}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
      });
    }
  }
});
