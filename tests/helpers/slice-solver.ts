// An endgame solver for whole slices, lean enough for every 4-piece slice of international, that
// shares nothing with the databases' generator but the rules: each position is set up as a
// Position and its legal moves are the rules' oracle; the pieces are moved, indexed and turned
// here. It works a pair of slices at a time (a men and b kings of the side to move against c men
// and d kings, and the same material with the other side to move), fewest pieces first, then
// fewest men: a capture or a promotion leads into a pair solved before. Within a pair, values
// come from plain minimax swept over the pair until nothing changes (a position is won when a
// move reaches a lost one, lost when every move reaches a won one or it has none; what never
// settles is a draw).
//
// Every position is kept with White to move: Black to move is the same position turned by half
// a turn with the colours swapped (the rules are the same for both sides), so a child after
// White's move is turned before it is looked up.

import { Position, type VariantName, variantInfo } from "../../bindings/index.js";

export const SOLVED_WIN = 1;
export const SOLVED_DRAW = 2;
export const SOLVED_LOSS = 3;

/** A position with White to move: square numbers (1 … N) of White's men and kings, Black's men and kings. */
export interface Groups {
  readonly wm: number[];
  readonly wk: number[];
  readonly bm: number[];
  readonly bk: number[];
}

export interface SolvedPosition {
  readonly groups: Groups;
  /** SOLVED_WIN, SOLVED_DRAW or SOLVED_LOSS for White, to move. */
  readonly value: number;
  /** Whether White has a capture pending (captures are compulsory). */
  readonly capturing: boolean;
}

const sliceName = (g: Groups): string => `${g.wm.length}${g.wk.length}${g.bm.length}${g.bk.length}`;

/** A growable Int32Array. */
class IntList {
  data = new Int32Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

export class SliceSolver {
  readonly variant: VariantName;
  readonly squares: number;
  readonly row: number;
  /** Values with White to move, per slice, by dense key (0: not a position). */
  readonly #tables = new Map<string, Int8Array>();

  constructor(variant: VariantName) {
    const info = variantInfo(variant);
    this.variant = variant;
    this.squares = (info.size * info.size) / 2;
    this.row = info.size / 2;
  }

  /** A dense key: each piece's square (0 … N−1) a digit in base N, groups in order, each ascending. */
  key(g: Groups): number {
    let key = 0;
    for (const group of [g.wm, g.wk, g.bm, g.bk]) {
      for (const square of [...group].sort((x, y) => x - y)) key = key * this.squares + square - 1;
    }
    return key;
  }

  /** The value of a solved position with White to move; undefined when its slice is not solved. */
  value(g: Groups): number | undefined {
    if (g.wm.length + g.wk.length === 0) return SOLVED_LOSS;
    if (g.bm.length + g.bk.length === 0) return SOLVED_WIN;
    const value = this.#tables.get(sliceName(g))?.[this.key(g)];
    if (value === 0) throw new Error(`position ${JSON.stringify(g)} is not in its slice`);
    return value;
  }

  /** The position after White's move, turned so that the side then to move is White. */
  childOf(g: Groups, from: number, to: number, captured: readonly number[], promotes: boolean): Groups {
    const turn = (s: number): number => this.squares + 1 - s;
    const king = g.wk.includes(from) || promotes;
    const wm = g.wm.filter((s) => s !== from);
    const wk = g.wk.filter((s) => s !== from);
    (king ? wk : wm).push(to);
    return {
      wm: g.bm.filter((s) => !captured.includes(s)).map(turn),
      wk: g.bk.filter((s) => !captured.includes(s)).map(turn),
      bm: wm.map(turn),
      bk: wk.map(turn),
    };
  }

  position(g: Groups): Position {
    const piece = (color: "white" | "black", role: "man" | "king") => ({ color, role });
    return Position.setup(this.variant, {
      turn: "white",
      pieces: [
        ...g.wm.map((s) => [s, piece("white", "man")] as const),
        ...g.wk.map((s) => [s, piece("white", "king")] as const),
        ...g.bm.map((s) => [s, piece("black", "man")] as const),
        ...g.bk.map((s) => [s, piece("black", "king")] as const),
      ],
    });
  }

  /** Every position of slice `abcd` with White to move: no man on its own promotion row, one piece a square. */
  *positions(a: number, b: number, c: number, d: number): Generator<Groups> {
    const n = this.squares;
    const row = this.row;
    const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (const wm of sets(range(row + 1, n), a)) {
      for (const bm of sets(range(1, n - row), c)) {
        if (bm.some((s) => wm.includes(s))) continue;
        const free = range(1, n).filter((s) => !wm.includes(s) && !bm.includes(s));
        for (const wk of sets(free, b)) {
          const left = free.filter((s) => !wk.includes(s));
          for (const bk of sets(left, d)) yield { wm, wk, bm, bk };
        }
      }
    }
  }

  /**
   * Solves every slice up to `pieces` in the order above; `onPair` sees each pair's positions as
   * they are solved (the tables of fewer pieces stay, so later pairs can read them).
   */
  solveAll(pieces: number, onPair?: (slices: string[], positions: SolvedPosition[] | Iterable<SolvedPosition>) => void): void {
    for (let n = 2; n <= pieces; n++) {
      for (let men = 0; men <= n; men++) {
        for (let a = 0; a <= men; a++) {
          for (let b = 0; b <= n - men; b++) {
            const [c, d] = [men - a, n - men - b];
            if (a + b === 0 || c + d === 0 || this.#tables.has(`${a}${b}${c}${d}`)) continue;
            onPair?.(...this.#solvePair(a, b, c, d));
          }
        }
      }
    }
  }

  #solvePair(a: number, b: number, c: number, d: number): [string[], Iterable<SolvedPosition>] {
    const names = [...new Set([`${a}${b}${c}${d}`, `${c}${d}${a}${b}`])];
    const size = this.squares ** (a + b + c + d);
    const tables = names.map((name) => {
      const table = new Int8Array(size);
      this.#tables.set(name, table);
      return table;
    });
    const ids = names.map(() => new Int32Array(size).fill(-1));
    // Ids: both slices' positions, the first slice's first.
    const keys = new IntList();
    const sliceOf = new IntList();
    names.forEach((name, s) => {
      const [p, q, r, t] = [...name].map(Number) as [number, number, number, number];
      for (const g of this.positions(p, q, r, t)) {
        const key = this.key(g);
        ids[s]![key] = keys.length;
        keys.push(key);
        sliceOf.push(s);
      }
    });
    const count = keys.length;
    const starts = new Int32Array(count + 1);
    const edges = new IntList();
    const state = new Int8Array(count);
    const drawExit = new Uint8Array(count);
    const capturing = new Uint8Array(count);
    const groupsOf = (id: number): Groups => this.groupsOfKey(names[sliceOf.data[id]!]!, keys.data[id]!);
    for (let id = 0; id < count; id++) {
      const g = groupsOf(id);
      const moves = this.position(g).legalMoves();
      capturing[id] = moves.length > 0 && moves[0]!.captured.length > 0 ? 1 : 0;
      for (const move of moves) {
        const child = this.childOf(g, move.from, move.to, move.captured, move.promotes);
        const at = names.indexOf(sliceName(child));
        if (at >= 0 && move.captured.length === 0 && !move.promotes) {
          edges.push(ids[at]![this.key(child)]!);
          continue;
        }
        const value = this.value(child);
        if (value === undefined) throw new Error(`slice ${sliceName(child)} is not solved before ${names.join(", ")}`);
        if (value === SOLVED_LOSS) state[id] = SOLVED_WIN;
        else if (value === SOLVED_DRAW) drawExit[id] = 1;
      }
      starts[id + 1] = edges.length;
    }
    const to = edges.data;
    for (let changed = true; changed; ) {
      changed = false;
      for (let id = 0; id < count; id++) {
        if (state[id] !== 0) continue;
        let allWon = drawExit[id] === 0;
        let won = false;
        for (let e = starts[id]!; e < starts[id + 1]!; e++) {
          const value = state[to[e]!];
          if (value === SOLVED_LOSS) {
            won = true;
            break;
          }
          if (value !== SOLVED_WIN) allWon = false;
        }
        if (won || allWon) {
          state[id] = won ? SOLVED_WIN : SOLVED_LOSS;
          changed = true;
        }
      }
    }
    for (let id = 0; id < count; id++) tables[sliceOf.data[id]!]![keys.data[id]!] = state[id] === 0 ? SOLVED_DRAW : state[id]!;
    const positions = function* (): Generator<SolvedPosition> {
      for (let id = 0; id < count; id++) {
        yield { groups: groupsOf(id), value: tables[sliceOf.data[id]!]![keys.data[id]!]!, capturing: capturing[id] === 1 };
      }
    };
    return [names, positions()];
  }

  /** The groups of a dense key of slice `abcd`. */
  groupsOfKey(name: string, key: number): Groups {
    const counts = [...name].map(Number);
    const total = counts.reduce((x, y) => x + y, 0);
    const squares: number[] = [];
    for (let i = 0; i < total; i++) {
      squares.unshift((key % this.squares) + 1);
      key = Math.floor(key / this.squares);
    }
    const groups: number[][] = [];
    let at = 0;
    for (const k of counts) {
      groups.push(squares.slice(at, at + k));
      at += k;
    }
    return { wm: groups[0]!, wk: groups[1]!, bm: groups[2]!, bk: groups[3]! };
  }
}

/** Every ascending set of `k` of `items`. */
function* sets(items: readonly number[], k: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (k === 0) {
    yield chosen.slice();
    return;
  }
  for (let i = from; i <= items.length - k; i++) {
    chosen.push(items[i]!);
    yield* sets(items, k - 1, i + 1, chosen);
    chosen.pop();
  }
}
