// King endings (docs/endgame-databases.md "King endings"): the distances the generator records for
// the slices with kings only, checked one ply on against the rules' legal moves with the index as
// the design note writes it (tests/helpers/egdb-index.ts), and their use in the search: a won
// ending is won within the counting rules, and a win the count cuts off is scored a draw.

import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { EndgameDatabase, Game, Position, Searcher, buildEndgameDatabase, type VariantName } from "../bindings/index.js";
import { DatabaseCore } from "../bindings/egdb/core.js";
import { type KingEnding, KING_ENDING_PIECES, solveKingEndings } from "../bindings/egdb/king-endings.js";
import { sliceName } from "../bindings/egdb/slices.js";
import { variantInfo } from "../bindings/core/variant.js";
import { seededRandom } from "../bindings/core/seeded.js";
import { databaseIndex } from "./helpers/egdb-index.js";
import { type Groups, SliceSolver } from "./helpers/slice-solver.js";

/** The mark of a loss in a distance byte; the rest is the plies. */
const LOST = 0x80;

/** A distance byte as words, for the messages. */
function words(code: number): string {
  return code === 0 ? "draw" : code & LOST ? `loss in ${code & 0x7f}` : `win in ${code}`;
}

/**
 * What a position's distance byte must be from its moves one ply on: a win in 1 + the fewest plies
 * of a move to a lost position (1 for a capture, which leaves the slice), a loss in 1 + the most
 * plies when every move reaches a won position (0 with no move), else a draw.
 */
function expected(solver: SliceSolver, g: Groups, codeOf: (g: Groups) => number): number {
  const moves = solver.position(g).legalMoves();
  if (moves.length === 0) return LOST;
  let win = Infinity;
  let loss = 0;
  let allWon = true;
  for (const move of moves) {
    const child = solver.childOf(g, move.from, move.to, move.captured, move.promotes);
    const over = child.wm.length + child.wk.length === 0;
    const code = over ? LOST : codeOf(child);
    const plies = move.captured.length > 0 ? 1 : 1 + (code & 0x7f);
    if (code & LOST) win = Math.min(win, plies);
    else if (code === 0) allWon = false;
    else loss = Math.max(loss, plies);
  }
  if (win < Infinity) return win;
  return allWon ? LOST | loss : 0;
}

/** The distance byte of a position with White to move, read from `endings` by the design note's index. */
function distanceReader(solver: SliceSolver, endings: readonly KingEnding[]): (g: Groups) => number {
  const tables = new Map(endings.map((e) => [sliceName(e.slice), e.distances]));
  return (g) => {
    const { slice, index } = databaseIndex(solver.squares, solver.row, { usMen: g.wm, usKings: g.wk, themMen: g.bm, themKings: g.bk });
    const table = tables.get(slice);
    assert.ok(table !== undefined, `no distances for slice ${slice}`);
    return table[index]!;
  };
}

function checkOnePly(variant: VariantName, endings: readonly KingEnding[], sampled: number, random: () => number): void {
  const solver = new SliceSolver(variant);
  const codeOf = distanceReader(solver, endings);
  for (const { slice } of endings) {
    let positions = [...solver.positions(0, slice.b, 0, slice.d)];
    if (slice.b + slice.d > 3) positions = Array.from({ length: sampled }, () => positions[Math.floor(random() * positions.length)]!);
    const wrong: string[] = [];
    for (const g of positions) {
      const want = expected(solver, g, codeOf);
      const have = codeOf(g);
      if (have !== want && wrong.length < 5) wrong.push(`${solver.position(g).toFen()}: ${words(have)}, its moves say ${words(want)}`);
    }
    assert.deepEqual(wrong, [], `${variant} ${sliceName(slice)}`);
  }
}

const cores = new Map<VariantName, KingEnding[]>();

before(async () => {
  for (const variant of ["english", "russian"] as const) {
    cores.set(variant, solveKingEndings(await DatabaseCore.create(variantInfo(variant).id)));
  }
});

describe("distances one ply on: every position up to 3 pieces, 3000 of each 4-piece slice", () => {
  for (const variant of ["english", "russian"] as const) {
    test(variant, () => {
      const endings = cores.get(variant)!;
      // Kings only, both sides on the board: 1 slice of 2 pieces, 2 of 3, 3 of 4.
      assert.deepEqual(endings.map((e) => sliceName(e.slice)), ["0101", "0102", "0201", "0103", "0301", "0202"]);
      assert.equal(KING_ENDING_PIECES, 4);
      checkOnePly(variant, endings, 3000, seededRandom(7));
    });
  }

  test("english: two kings against one win wherever the lone king has no capture, within the 40-move count", () => {
    // Published (the database's published facts, egdb.test.ts): 2 kings beat 1. The distances add
    // that the win never needs more than the 80 plies english allows without a capture.
    const solver = new SliceSolver("english");
    const distances = cores.get("english")!.find((e) => sliceName(e.slice) === "0201")!.distances;
    let wins = 0;
    for (const g of solver.positions(0, 2, 0, 1)) {
      const { index } = databaseIndex(solver.squares, solver.row, { usMen: [], usKings: g.wk, themMen: [], themKings: g.bk });
      const code = distances[index]!;
      if (code === 0 || code & LOST) continue;
      wins++;
      assert.ok(code <= 80, `${solver.position(g).toFen()}: a win in ${code} plies`);
    }
    assert.ok(wins > 14000, `only ${wins} wins of 14 880`);
  });
});

describe("the search plays king endings by their distances", () => {
  let database: EndgameDatabase;
  before(async () => {
    database = await buildEndgameDatabase("russian", { pieces: 4 });
  });

  // Three kings against one off the long diagonal, from bitdraughts' own games: at 100 000 nodes
  // a move, without the distances, the engine drew each by the 15-move count (30 plies of king
  // moves). The database says they are won; the distances say within 23 plies.
  for (const fen of ["W:WK10:BK18,K20,K30", "W:WK9:BK3,K15,K30", "W:WK9:BK22,K30,K32", "B:WK3,K5,K29:BK30", "W:WK6:BK3,K18,K30", "B:WK2,K15,K32:BK3"]) {
    test(`russian ${fen} is won within the count`, () => {
      const game = new Game("russian", { fen });
      const strong = game.position.pieces().filter(({ piece }) => piece.color === "white").length === 3 ? "white" : "black";
      assert.equal(database.probe(game.position), game.position.turn === strong ? "win" : "loss");
      const searcher = new Searcher({ variants: ["russian"], endgameDatabase: database });
      while (game.result.status === "ongoing" && game.ply < 60) game.play(searcher.search(game, { nodes: 20000 }).move);
      assert.deepEqual({ status: game.result.status, winner: "winner" in game.result ? game.result.winner : undefined }, { status: "win", winner: strong }, `${game.toString()}`);
    });
  }

  test("EndgameDatabase.distance reads the king endings by the design note's index and agrees with probe", () => {
    const solver = new SliceSolver("russian");
    const read = distanceReader(solver, cores.get("russian")!);
    const random = seededRandom(11);
    let decided = 0;
    for (const { slice } of cores.get("russian")!) {
      const positions = [...solver.positions(0, slice.b, 0, slice.d)];
      for (let i = 0; i < 300; i++) {
        const g = positions[Math.floor(random() * positions.length)]!;
        const position = solver.position(g);
        const distance = database.distance(position);
        assert.ok(distance !== undefined, position.toFen());
        assert.equal(distance.value === "draw" ? "draw" : `${distance.value} in ${distance.plies}`, words(read(g)), position.toFen());
        assert.equal(distance.value, database.probe(position), position.toFen());
        if (distance.value !== "draw") decided++;
      }
    }
    assert.ok(decided > 0);
    // Black to move is the same position turned: three kings against one, won within 23 plies.
    const turned = database.distance(Position.fromFen("russian", "B:WK10:BK18,K20,K30"));
    assert.ok(turned !== undefined && turned.value === "win" && turned.plies > 0 && turned.plies <= 23, JSON.stringify(turned));
    // Men on the board, or more pieces than the king endings hold: no distance.
    assert.equal(database.distance(Position.fromFen("russian", "W:W10:BK18")), undefined);
    assert.equal(database.distance(Position.fromFen("russian", "W:WK10,K12:BK18,K20,K30")), undefined);
    assert.equal(database.distance(Position.initial("russian")), undefined);
  });

  test("a win the counting rules cut off is a draw, and a win again without them", () => {
    // From three kings against one, both sides walk 24 plies without a capture, each keeping the
    // longest road to the end that keeps the result: russian's 15-move rules then leave 6 plies.
    const solver = new SliceSolver("russian");
    const read = distanceReader(solver, cores.get("russian")!);
    const codeOf = (position: Position): number => {
      const mine = position.pieces().filter(({ piece }) => piece.color === position.turn).map(({ square }) => square);
      const theirs = position.pieces().filter(({ piece }) => piece.color !== position.turn).map(({ square }) => square);
      // Black to move is seen turned, as the index reads it.
      const view = (squares: number[]) => (position.turn === "white" ? squares : squares.map((s) => solver.squares + 1 - s));
      return read({ wm: [], wk: view(mine), bm: [], bk: view(theirs) });
    };
    const start = "B:WK10:BK18,K20,K30";
    let position = Position.fromFen("russian", start);
    const moves: string[] = [];
    const seen = new Set([position.toFen()]);
    for (let ply = 0; ply < 24; ply++) {
      let best: { notation: string; next: Position; plies: number } | undefined;
      for (const move of position.legalMoves()) {
        // The strong side keeps the lone king lost, the lone king keeps the strong side winning; no capture, no position twice.
        if (move.captured.length > 0) continue;
        const next = position.play(move);
        const code = codeOf(next);
        if (seen.has(next.toFen()) || code <= 0 || (ply % 2 === 0) !== ((code & LOST) !== 0)) continue;
        if (next.legalMoves().some((m) => m.captured.length > 0)) continue;
        const plies = code & 0x7f;
        if (best === undefined || plies > best.plies) best = { notation: move.notation, next, plies };
      }
      assert.ok(best !== undefined, `no move keeps the walk going at ply ${ply}: ${position.toFen()}`);
      moves.push(best.notation);
      position = best.next;
      seen.add(position.toFen());
    }
    const left = 30 - moves.length;
    const distance = codeOf(position);
    assert.ok(distance > left && (distance & LOST) === 0, `the walk ends ${words(distance)} for the side to move, not a win beyond the ${left} plies left`);
    const searcher = new Searcher({ variants: ["russian"], endgameDatabase: database });
    const counted = searcher.search({ variant: "russian", fen: start, moves }, { nodes: 20000 });
    assert.equal(counted.score, 0, `with ${left} plies left on the count: ${counted.score}`);
    searcher.newGame();
    const fresh = searcher.search(position, { nodes: 20000 });
    assert.ok(fresh.score > 20000, `without the count: ${fresh.score}`);
  });
});
