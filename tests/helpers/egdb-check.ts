// Checks of a built database that do not go through its generator: every position of every slice
// up to a piece count against the slice solver (tests/helpers/slice-solver.ts), and, for slices
// too large for it, random positions against their moves one ply on, each child's value read
// from the decoded files by the index as the design note writes it (tests/helpers/egdb-index.ts)
// and pending captures played out with the rules' legal moves.

import type { EndgameDatabase } from "../../bindings/index.js";
import { databaseIndex } from "./egdb-index.js";
import { type Groups, SOLVED_DRAW, SOLVED_LOSS, SOLVED_WIN, SliceSolver } from "./slice-solver.js";

/** The files' value codes (docs/endgame-databases.md "Values") as the solver's. */
const FROM_FILE = [SOLVED_DRAW, SOLVED_WIN, SOLVED_LOSS];
const FROM_PROBE: Record<string, number> = { draw: SOLVED_DRAW, win: SOLVED_WIN, loss: SOLVED_LOSS };
const NAMES = ["", "win", "draw", "loss"];

export interface SliceReport {
  readonly slice: string;
  /** Positions compared. */
  readonly checked: number;
  /** Of which with a capture pending (answered by the probe, which plays the captures out). */
  readonly capturing: number;
  readonly wrong: number;
  readonly examples: string[];
}

/** A database's files decoded, a slice at a time, read by the design note's index. */
class FileValues {
  readonly #packed = new Map<string, Uint8Array>();
  constructor(readonly database: EndgameDatabase, readonly solver: SliceSolver) {}

  /** The stored value (solver codes) of a position with White to move and no capture pending. */
  stored(g: Groups): number {
    const { slice, index } = databaseIndex(this.solver.squares, this.solver.row, { usMen: g.wm, usKings: g.wk, themMen: g.bm, themKings: g.bk });
    let packed = this.#packed.get(slice);
    if (packed === undefined) {
      const [a, b, c, d] = [...slice].map(Number) as [number, number, number, number];
      packed = this.database.packedValues({ a, b, c, d });
      this.#packed.set(slice, packed);
    }
    return FROM_FILE[(packed[index >> 2]! >> ((index & 3) << 1)) & 3]!;
  }

  /** The value of any position with White to move: pending captures played out, then the files. */
  value(g: Groups): number {
    if (g.wm.length + g.wk.length === 0) return SOLVED_LOSS;
    if (g.bm.length + g.bk.length === 0) return SOLVED_WIN;
    const moves = this.solver.position(g).legalMoves();
    if (moves.length > 0 && moves[0]!.captured.length > 0) return this.best(g, moves);
    return this.stored(g);
  }

  /** The value `moves` give one ply on. */
  best(g: Groups, moves: ReturnType<ReturnType<SliceSolver["position"]>["legalMoves"]>): number {
    let best = SOLVED_LOSS;
    for (const move of moves) {
      const after = this.value(this.solver.childOf(g, move.from, move.to, move.captured, move.promotes));
      if (after === SOLVED_LOSS) return SOLVED_WIN;
      if (after === SOLVED_DRAW) best = SOLVED_DRAW;
    }
    return best;
  }
}

/**
 * Every position of every slice up to `pieces` solved by the slice solver and compared with the
 * database: stored values from the decoded files, positions with a capture pending by a probe.
 */
export function checkAgainstSolver(database: EndgameDatabase, pieces: number, onSlice?: (report: SliceReport) => void): SliceReport[] {
  const solver = new SliceSolver(database.variant);
  const files = new FileValues(database, solver);
  const reports: SliceReport[] = [];
  solver.solveAll(pieces, (slices, positions) => {
    const tally = new Map(slices.map((slice) => [slice, { slice, checked: 0, capturing: 0, wrong: 0, examples: [] as string[] }]));
    for (const { groups, value, capturing } of positions) {
      const report = tally.get(`${groups.wm.length}${groups.wk.length}${groups.bm.length}${groups.bk.length}`)!;
      report.checked++;
      let stored: number;
      if (capturing) {
        report.capturing++;
        stored = FROM_PROBE[database.probe(solver.position(groups)) ?? ""] ?? 0;
      } else {
        stored = files.stored(groups);
      }
      if (stored === value) continue;
      report.wrong++;
      if (report.examples.length < 3) report.examples.push(`${solver.position(groups).toFen()}: solver ${NAMES[value]}, database ${NAMES[stored] ?? "none"}`);
    }
    for (const report of tally.values()) {
      reports.push(report);
      onSlice?.(report);
    }
  });
  return reports;
}

/** `k` distinct squares of `from` … `to`, drawn with `random`. */
function drawSquares(from: number, to: number, k: number, random: () => number, taken: readonly number[] = []): number[] {
  const out: number[] = [];
  while (out.length < k) {
    const square = from + Math.floor(random() * (to - from + 1));
    if (!out.includes(square) && !taken.includes(square)) out.push(square);
  }
  return out;
}

/**
 * `samples` positions of slice `abcd` without a capture pending, drawn uniformly with White to
 * move, each stored value compared with what its moves give one ply on (children read from the
 * files, their pending captures played out). Consistency, not a proof: a slice whose values all
 * agree one ply on may still call a drawn cycle won; the solver check covers that up to 4 pieces.
 */
export function checkSampled(database: EndgameDatabase, slice: string, samples: number, random: () => number): SliceReport {
  const solver = new SliceSolver(database.variant);
  const files = new FileValues(database, solver);
  const [a, b, c, d] = [...slice].map(Number) as [number, number, number, number];
  const { squares: n, row } = solver;
  const report = { slice, checked: 0, capturing: 0, wrong: 0, examples: [] as string[] };
  while (report.checked < samples) {
    const wm = drawSquares(row + 1, n, a, random);
    const bm = drawSquares(1, n - row, c, random);
    if (bm.some((s) => wm.includes(s))) continue;
    const wk = drawSquares(1, n, b, random, [...wm, ...bm]);
    const bk = drawSquares(1, n, d, random, [...wm, ...bm, ...wk]);
    const g = { wm, wk, bm, bk };
    const moves = solver.position(g).legalMoves();
    if (moves.length > 0 && moves[0]!.captured.length > 0) {
      report.capturing++;
      continue;
    }
    report.checked++;
    const expected = files.best(g, moves);
    const stored = files.stored(g);
    if (stored === expected) continue;
    report.wrong++;
    if (report.examples.length < 3) report.examples.push(`${solver.position(g).toFen()}: one ply on ${NAMES[expected]}, stored ${NAMES[stored]}`);
  }
  return report;
}
