// bitdraughts/env (docs/env.md): perft through the environments' own stepping against the
// published counts, the whole-move form against Position's moves, captures told apart by their
// legs, undo, clone, observation planes, playouts, canonical form, bad input refused with every
// game left as it was, the self-play records, and random games ending as Game says.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Envs, IllegalActionError, RecordError, createEnvs, readRecords, writeRecords } from "../bindings/entries/env.js";
import { ArgumentError, Position, VARIANTS, type VariantName } from "../bindings/index.js";
import { randomMatch } from "../tools/checks/env-match.js";
import { startPerft } from "./published.js";
import { xorshift32 } from "./helpers/xorshift.js";

/** antidraughts and breakthrough play international's moves (RULES-more-variants.md 9). */
const MOVES_OF: Partial<Record<VariantName, VariantName>> = { antidraughts: "international", breakthrough: "international" };

/** The env steps every capture route (keep); a drop row serves where the two conventions agree at that depth (no keep row published). */
function published(variant: VariantName, depth: number): bigint | undefined {
  const rows = startPerft.filter((r) => r.variant === (MOVES_OF[variant] ?? variant) && r.fen === null && r.depth === depth);
  const keep = rows.find((r) => r.duplicates === "keep");
  if (keep) return BigInt(keep.nodes_str);
  const drop = rows.find((r) => r.duplicates === "drop");
  return drop ? BigInt(drop.nodes_str) : undefined;
}


/** One random legal action per unfinished game (−1 for the others). */
function randomActions(envs: Envs, next: () => number): Int32Array {
  const actions = new Int32Array(envs.count).fill(-1);
  for (let g = 0; g < envs.count; g++) {
    const legal = envs.legalActions(g);
    if (envs.done[g] === 0 && legal.length > 0) actions[g] = legal[next() % legal.length]!;
  }
  return actions;
}

/** Everything a host reads of the games, copied. */
function snapshot(envs: Envs): unknown {
  return {
    key: Array.from(envs.key),
    plies: Array.from(envs.plies),
    legs: Array.from(envs.legs),
    done: Array.from(envs.done),
    counts: Array.from(envs.legalCounts),
    rows: Array.from({ length: envs.count }, (_, g) => Array.from(envs.legalActions(g))),
    mask: Array.from(envs.legalMask),
    observation: Array.from(envs.observation),
    toMove: Array.from(envs.toMove),
  };
}

describe("perft through the env's stepping equals the published counts", () => {
  for (const variant of VARIANTS) {
    if (variant === "frysk") continue;
    test(variant, async () => {
      const envs = await createEnvs({ variant, count: 1 });
      let checked = 0;
      for (let depth = 1; depth <= 5; depth++) {
        const expected = published(variant, depth);
        if (expected === undefined) continue;
        assert.equal(BigInt(envs.perft(0, depth)), expected, `${variant} perft(${depth})`);
        checked++;
      }
      assert.ok(checked >= 4, `${variant}: published counts to depth 4 at least`);
    });
  }

  test("frysk (no published table): the env's stepping counts what Position.perft counts with routes kept", async () => {
    const envs = await createEnvs({ variant: "frysk", count: 1 });
    for (let depth = 1; depth <= 5; depth++) assert.equal(BigInt(envs.perft(0, depth)), Position.initial("frysk").perft(depth, { duplicates: "keep" }));
  });

  test("perft by step and undo from JavaScript, one leg a call (english and international, depth 3)", async () => {
    for (const variant of ["english", "international"] as const) {
      const envs = await createEnvs({ variant, count: 1 });
      const actions = new Int32Array(1);
      const walk = (depth: number): number => {
        if (depth === 0) return 1;
        let nodes = 0;
        for (const a of Array.from(envs.legalActions(0))) {
          actions[0] = a;
          envs.step(actions);
          nodes += walk(envs.legs[0] === 0 ? depth - 1 : depth);
          envs.undo(0);
        }
        return nodes;
      };
      assert.equal(BigInt(walk(3)), published(variant, 3));
    }
  });
});

describe("the action index", () => {
  test("its size is squares × directions × distances, as docs/env.md's table says", async () => {
    const sizes: Partial<Record<VariantName, number>> = { english: 256, italian: 256, russian: 896, thai: 896, international: 1800, frisian: 3600, turkish: 1792, canadian: 3168 };
    for (const [variant, size] of Object.entries(sizes) as [VariantName, number][]) {
      const envs = await createEnvs({ variant, count: 1 });
      assert.equal(envs.actions, size, variant);
      assert.equal(envs.actions, envs.squares * envs.directions * envs.distances);
    }
  });

  test("the start: english's seven moves as Black sees the board", async () => {
    const envs = await createEnvs({ variant: "english", count: 1 });
    // Black's men on 9–12 step down the board, up as Black sees it: square s is index 32 − s,
    // directions up-left 0 and up-right 1, distance 1. 9-13 and 9-14 … 12-16 (12 has only 12-16).
    const expected = [[9, 13], [9, 14], [10, 14], [10, 15], [11, 15], [11, 16], [12, 16]].map(([from, to]) => {
      const index = 32 - from!;
      // Seen turned, a step to the higher square on the right (as White sees it) goes up-left.
      const direction = to! - from! === 4 ? (Math.floor((from! - 1) / 4) % 2 === 0 ? 1 : 0) : to! - from! === 5 ? 0 : 1;
      return index * 8 + direction * 2;
    });
    assert.deepEqual(Array.from(envs.legalActions(0)), [...expected].sort((a, b) => a - b));
    assert.deepEqual(envs.moves(0).map((m) => m.actions.length), [1, 1, 1, 1, 1, 1, 1]);
  });

  test("two captures from one square to one square over different pieces are two sequences (english)", async () => {
    const envs = await createEnvs({ variant: "english", count: 1 });
    envs.fromFen(0, "W:W30:B17,18,25,26");
    const moves = envs.moves(0);
    assert.deepEqual(moves.map((m) => m.move.notation).sort(), ["30x21x14", "30x23x14"]);
    assert.notDeepEqual(moves[0]!.actions, moves[1]!.actions);
    // Two legs each, and two first legs to choose from.
    assert.deepEqual(moves.map((m) => m.actions.length), [2, 2]);
    assert.equal(envs.legalCounts[0], 2);
  });

  test("two routes over the same pieces to the same square: one move, and either route steps to it (international)", async () => {
    const envs = await createEnvs({ variant: "international", count: 1 });
    envs.fromFen(0, "W:W33:B18,19,28,29");
    const moves = envs.moves(0);
    assert.equal(moves.length, 1);
    assert.equal(envs.legalCounts[0], 2, "two first legs");
    const after = envs.position(0).play(moves[0]!.move).key();
    for (const first of Array.from(envs.legalActions(0))) {
      envs.fromFen(0, "W:W33:B18,19,28,29");
      const actions = new Int32Array([first]);
      envs.step(actions);
      while (envs.legs[0] !== 0) {
        assert.equal(envs.toMove[0], 0, "White moves again mid-capture");
        actions[0] = envs.legalActions(0)[0]!;
        envs.step(actions);
      }
      assert.equal(envs.key[0], after);
    }
  });

  for (const variant of VARIANTS) {
    test(`${variant}: in random positions each legal move has its own sequence, and stepping it makes that move`, async () => {
      const envs = await createEnvs({ variant, count: 5 });
      const next = xorshift32(17);
      let checked = 0;
      for (let step = 0; step < 160 && checked < 40; step++) {
        for (let g = 0; g < 4; g++) {
          if (envs.legs[g] !== 0 || envs.done[g] !== 0) continue;
          const moves = envs.moves(g);
          const position = envs.position(g);
          assert.equal(moves.length, position.legalMoves().length);
          assert.equal(new Set(moves.map((m) => m.actions.join(","))).size, moves.length, "no two moves share a sequence");
          for (const { move, actions } of moves) {
            envs.copyGame(g, 4);
            for (const a of actions) {
              const batch = new Int32Array(5).fill(-1);
              batch[4] = a;
              envs.step(batch);
            }
            assert.equal(envs.legs[4], 0);
            assert.equal(envs.key[4], position.play(move).key(), `${move.notation} in ${position.toFen()}`);
          }
          checked++;
        }
        const actions = randomActions(envs, next);
        actions[4] = -1;
        envs.step(actions);
        const ended = Array.from(envs.done, (d) => d !== 0);
        if (ended.some(Boolean)) envs.reset(ended);
      }
      assert.ok(checked >= 40);
    });
  }
});

describe("undo, clone and the start again", () => {
  test("undo takes back every step, leg by leg, to the start; once there it refuses", async () => {
    const envs = await createEnvs({ variant: "russian", count: 3 });
    const next = xorshift32(5);
    const history: unknown[] = [];
    const stepped: Int32Array[] = [];
    for (let s = 0; s < 80; s++) {
      history.push(snapshot(envs));
      const actions = randomActions(envs, next);
      envs.step(actions);
      stepped.push(actions);
    }
    for (let s = 79; s >= 0; s--) {
      for (let g = 0; g < 3; g++) if (stepped[s]![g] !== -1) envs.undo(g);
      assert.deepEqual(snapshot(envs), history[s], `after undoing step ${s}`);
    }
    assert.throws(() => envs.undo(0), /nothing to undo/);
  });

  test("a clone plays on as the original does", async () => {
    const envs = await createEnvs({ variant: "international", count: 4 });
    const next = xorshift32(9);
    for (let s = 0; s < 30; s++) envs.step(randomActions(envs, next));
    const copy = await envs.clone();
    assert.deepEqual(snapshot(copy), snapshot(envs));
    for (let s = 0; s < 30; s++) {
      const actions = randomActions(envs, next);
      envs.step(actions);
      copy.step(actions);
    }
    assert.deepEqual(snapshot(copy), snapshot(envs));
    assert.deepEqual(Array.from(copy.reward), Array.from(envs.reward));
  });

  test("reset(mask) starts only the games marked; fromFen starts one from a position", async () => {
    const envs = await createEnvs({ variant: "english", count: 3 });
    const start = envs.key[0];
    envs.step(randomActions(envs, xorshift32(3)));
    envs.reset([false, true, false]);
    assert.equal(envs.key[1], start);
    assert.notEqual(envs.key[0], start);
    envs.fromFen(2, "B:W18:B14");
    assert.equal(envs.key[2], Position.fromFen("english", "B:W18:B14").key());
    assert.equal(envs.position(2).toFen(), "B:W18:B14");
  });
});

describe("observation planes", () => {
  test("english's start from Black's side: its men at the bottom, White's at the top", async () => {
    const envs = await createEnvs({ variant: "english", count: 1 });
    assert.equal(envs.planes, 9);
    const obs = envs.observation;
    const plane = (p: number): number[] => Array.from(obs.subarray(p * 64, p * 64 + 64));
    const rowsWith = (cells: number[]): number[] => [...new Set(cells.flatMap((v, i) => (v ? [Math.floor(i / 8)] : [])))];
    assert.deepEqual(rowsWith(plane(0)), [5, 6, 7]);
    assert.deepEqual(rowsWith(plane(2)), [0, 1, 2]);
    assert.equal(plane(0).reduce((a, b) => a + b), 12);
    assert.equal(plane(1).reduce((a, b) => a + b) + plane(3).reduce((a, b) => a + b), 0);
    // The bottom-left corner as the side to move sees it is a playable square (RULES.md 2).
    assert.equal(plane(0)[56], 1);
    assert.deepEqual(plane(6), new Array(64).fill(1), "one occurrence of the position");
  });

  test("a capture in progress: the capturing piece and the pieces taken so far", async () => {
    const envs = await createEnvs({ variant: "english", count: 1 });
    envs.fromFen(0, "W:W30:B17,18,25,26");
    envs.step(new Int32Array([envs.legalActions(0)[0]!]));
    assert.equal(envs.legs[0], 1);
    const obs = envs.observation;
    const sum = (p: number): number => obs.subarray(p * 64, p * 64 + 64).reduce((a, b) => a + b, 0);
    assert.equal(sum(4), 1, "one capturing piece");
    assert.equal(sum(5), 1, "one piece taken so far");
    assert.equal(sum(0), 1);
    // The capturer's square holds the side to move's man.
    const at = obs.subarray(4 * 64, 5 * 64).indexOf(1);
    assert.equal(obs[at], 1);
  });

  test("the counters' planes hold the counting rules' plies", async () => {
    const envs = await createEnvs({ variant: "international", count: 1 });
    // Kings only. Each ply plays the first legal action: the moves are checked from the
    // positions, then the counters reasoned from them (draw-rules.ts): 46-41 (a king's move:
    // 25-move-kings 1), 5x46 (a capture: 0; White is left with a lone king against two, the
    // 5-move class starts at 0), 50-44 and 46-41 (two king moves: 2 and 2).
    envs.fromFen(0, "W:WK46,K50:BK1,K5");
    const cells = 100;
    assert.deepEqual(envs.rules, ["25-move-kings", "16-move-endgame", "5-move-endgame"]);
    const fens = ["B:WK41,K50:BK1,K5", "W:WK50:BK1,K46", "B:WK44:BK1,K46", "W:WK44:BK1,K41"];
    const counts = [[1, 0, 0], [0, 0, 0], [1, 0, 1], [2, 0, 2]];
    for (let s = 0; s < 4; s++) {
      envs.step(new Int32Array([envs.legalActions(0)[0]!]));
      assert.equal(envs.position(0).toFen(), fens[s]);
      assert.deepEqual(Array.from(envs.counters.subarray(0, 3)), counts[s]);
      const obs = envs.observation;
      for (let k = 0; k < envs.rules.length; k++) assert.equal(obs[(8 + k) * cells + 3], envs.counters[k], envs.rules[k]);
    }
  });
});

describe("playouts, symmetries and canonical form", () => {
  test("playouts: the same seed the same tallies, every playout counted, the games unchanged", async () => {
    const envs = await createEnvs({ variant: "english", count: 3, seed: 4 });
    const before = snapshot(envs);
    const a = envs.playout(20);
    const b = envs.playout(20, 4);
    assert.deepEqual(a, b);
    for (let g = 0; g < 3; g++) assert.equal(a.wins[g]! + a.draws[g]! + a.losses[g]!, 20);
    assert.ok(a.plies[0]! > 20 * 10);
    assert.deepEqual(snapshot(envs), before);
  });

  test("canonical form: Black to move is seen as White, colours swapped and the board turned", async () => {
    const envs = await createEnvs({ variant: "english", count: 1 });
    envs.fromFen(0, "B:W18,K30:B14");
    const { position, swapped, mirrored } = envs.canonical(0);
    assert.equal(swapped, true);
    assert.equal(mirrored, false);
    // Square s turned is 33 − s: Black's 14 → White's 19; White's 18, K30 → Black's 15, K3.
    assert.equal(position.toFen(), "W:W19:BK3,15");
    assert.deepEqual(envs.symmetries, []);
  });

  test("turkish has the mirror: a position and its mirror have one canonical form", async () => {
    const envs = await createEnvs({ variant: "turkish", count: 2 });
    assert.deepEqual(envs.symmetries, ["mirror"]);
    envs.fromFen(0, "W:Wa2,b2,Kc5:Bd7,h7");
    envs.fromFen(1, "W:Wh2,g2,Kf5:Be7,a7");
    assert.equal(envs.canonical(0).position.toFen(), envs.canonical(1).position.toFen());
    // The mirror of a legal action is legal in the mirrored position.
    const mirrored = Array.from(envs.legalActions(0), (a) => envs.mirrorAction(a)).sort((a, b) => a - b);
    assert.deepEqual(mirrored, Array.from(envs.legalActions(1)));
  });
});

describe("bad input is refused by name and leaves every game as it was", () => {
  test("an illegal action, an action out of range, a wrong-sized buffer, a finished game stepped", async () => {
    const envs = await createEnvs({ variant: "english", count: 3 });
    envs.fromFen(2, "W:W18:B14,K9");
    envs.step(new Int32Array([-1, -1, envs.legalActions(2)[0]!]));
    // 18x9 took the man; Black's king on 9 is left... or the game is over: step it until it is.
    while (envs.done[2] === 0) envs.step(new Int32Array([-1, -1, envs.legalActions(2)[0]!]));
    const before = snapshot(envs);
    const legal = envs.legalActions(0)[0]!;
    const illegal = envs.legalActions(1)[0]! + 1;
    assert.throws(() => envs.step(new Int32Array([legal, illegal, -1])), (e: unknown) => e instanceof IllegalActionError && e.game === 1 && /not legal in game 1/.test(e.message));
    assert.deepEqual(snapshot(envs), before);
    assert.throws(() => envs.step(new Int32Array([legal, envs.actions, -1])), (e: unknown) => e instanceof IllegalActionError && /out of range/.test(e.message));
    assert.throws(() => envs.step(new Int32Array([legal, -2, -1])), /out of range/);
    assert.throws(() => envs.step(new Int32Array([legal, -1, 0])), (e: unknown) => e instanceof IllegalActionError && e.game === 2 && /is over/.test(e.message));
    assert.throws(() => envs.step(new Int32Array([legal, -1])), (e: unknown) => e instanceof ArgumentError && /3 entries/.test(e.message));
    assert.throws(() => envs.step([legal, -1, -1] as unknown as Int32Array), ArgumentError);
    assert.throws(() => envs.reset([true]), /3 entries/);
    assert.throws(() => envs.undo(3), ArgumentError);
    assert.throws(() => envs.fromFen(0, "W:W99"), /FEN|square/);
    assert.deepEqual(snapshot(envs), before);
  });

  test("createEnvs refuses bad options by name", async () => {
    await assert.rejects(createEnvs({ variant: "english", count: 0 }), /count must be an integer from 1/);
    await assert.rejects(createEnvs({ variant: "english", count: 2, maxPlies: 0 }), /maxPlies/);
    await assert.rejects(createEnvs({ variant: "nope" as VariantName, count: 2 }), /unknown variant/);
    await assert.rejects(createEnvs({ variant: "english", count: 2, drawRules: "some" as "none" }), /drawRules/);
  });
});

describe("self-play records", () => {
  test("written and read back; a file of another kind is refused", () => {
    const squares = new Uint8Array(32);
    squares[0] = 3;
    squares[31] = 1;
    const records = [
      { ply: 0, toMove: 1 as const, squares, legs: [], action: 162, policy: { actions: [162, 168], probabilities: [0.25, 0.75] }, result: -1 as const, last: false },
      { ply: 1, toMove: 0 as const, squares, streaks: [0, 0, 0, 0], legs: [5, 9], action: 40, policy: { actions: [], probabilities: [] }, result: 1 as const, last: true },
    ];
    const bytes = writeRecords({ variantId: 0, squares: 32, actions: 256 }, records);
    const read = readRecords(bytes);
    assert.deepEqual(read.header, { variantId: 0, squares: 32, actions: 256 });
    assert.equal(read.records.length, 2);
    assert.deepEqual(read.records[0]!.policy, records[0]!.policy);
    assert.deepEqual(read.records[1]!.legs, [5, 9]);
    assert.deepEqual(Array.from(read.records[1]!.squares), Array.from(squares));
    assert.equal(read.records[1]!.last, true);
    assert.throws(() => readRecords(bytes.subarray(0, bytes.length - 4)), RecordError);
    assert.throws(() => readRecords(new Uint8Array(16)), /BDSR/);
  });
});

describe("random games through the env end by the rule Game reports", () => {
  for (const variant of VARIANTS) {
    test(variant, async () => {
      const report = await randomMatch(variant, 24, 3, 24);
      assert.deepEqual(report.mismatches, []);
      assert.equal(Object.values(report.ends).reduce((a, b) => a + b, 0), 24);
    });
  }
});
