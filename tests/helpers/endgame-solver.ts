// An endgame solver that shares nothing with the databases' generator: every position with up to
// n pieces is set up as a Position, its legal moves are played on a list of pieces here, and
// the values come from plain minimax repeated over the whole set until nothing changes (a
// position is won when a move reaches a lost one, lost when every move reaches a won one or it
// has none; what never settles is a draw).

import { Position, type VariantName, variantInfo } from "../../bindings/index.js";

export const WIN = 1;
export const DRAW = 0;
export const LOSS = -1;

/** A piece as a number: square × 4 + code (0 white man, 1 white king, 2 black man, 3 black king). */
type Placed = number;

function keyOf(pieces: readonly Placed[], whiteToMove: boolean): number {
  const sorted = [...pieces].sort((x, y) => x - y);
  let key = 0;
  for (const piece of sorted) key = key * 256 + piece + 1;
  return key * 2 + (whiteToMove ? 1 : 0);
}

const isWhite = (piece: Placed): boolean => (piece & 3) < 2;
const isKing = (piece: Placed): boolean => (piece & 1) === 1;

/** Every position of `variant` with 2 … `maxPieces` pieces, both sides on the board, either side to move. */
function* positions(variant: VariantName, maxPieces: number, kingsOnly: boolean): Generator<{ pieces: Placed[]; whiteToMove: boolean }> {
  const info = variantInfo(variant);
  const squares = info.size * info.size / 2;
  const row = info.size / 2;
  const allowed = (square: number, code: number): boolean => {
    if (code === 0) return square > row; // a white man never stands on the top row
    if (code === 2) return square <= squares - row; // a black man never on the bottom row
    return true;
  };
  const chosen: Placed[] = [];
  function* place(from: number, left: number): Generator<Placed[]> {
    if (left === 0) {
      yield chosen;
      return;
    }
    for (let square = from; square <= squares; square++) {
      for (let code = kingsOnly ? 1 : 0; code < 4; code += kingsOnly ? 2 : 1) {
        if (!allowed(square, code)) continue;
        chosen.push(square * 4 + code);
        yield* place(square + 1, left - 1);
        chosen.pop();
      }
    }
  }
  for (let n = 2; n <= maxPieces; n++) {
    for (const pieces of place(1, n)) {
      if (!pieces.some(isWhite) || pieces.every(isWhite)) continue;
      yield { pieces: pieces.slice(), whiteToMove: true };
      yield { pieces: pieces.slice(), whiteToMove: false };
    }
  }
}

function positionOf(variant: VariantName, pieces: readonly Placed[], whiteToMove: boolean): Position {
  return Position.setup(variant, {
    turn: whiteToMove ? "white" : "black",
    pieces: pieces.map((p) => [p >> 2, { color: isWhite(p) ? "white" : "black", role: isKing(p) ? "king" : "man" }] as const),
  });
}

/** The child after a move, as pieces, or undefined when the side then to move has no piece left. */
function after(pieces: readonly Placed[], from: number, to: number, captured: readonly number[], promotes: boolean): Placed[] {
  const out: Placed[] = [];
  let mover = -1;
  for (const p of pieces) {
    const square = p >> 2;
    if (square === from) mover = p & 3;
    else if (!captured.includes(square)) out.push(p);
  }
  out.push(to * 4 + (promotes ? mover | 1 : mover));
  return out;
}

export interface Solved {
  /** Number of positions. */
  readonly count: number;
  /** Value of each position for its side to move (WIN, DRAW, LOSS), by the order `visit` saw them. */
  readonly values: Int8Array;
}

/**
 * Solves every position up to `maxPieces` (only those of kings with `kingsOnly`: kings never
 * become men, so they are a closed set); `visit` sees each position once, with its number in
 * `values`, while the graph is built.
 */
export function solveEndgames(variant: VariantName, maxPieces: number, visit?: (position: Position, id: number) => void, kingsOnly = false): Solved {
  const ids = new Map<number, number>();
  const all: Array<{ pieces: Placed[]; whiteToMove: boolean }> = [];
  for (const p of positions(variant, maxPieces, kingsOnly)) {
    ids.set(keyOf(p.pieces, p.whiteToMove), all.length);
    all.push(p);
  }
  // Children as ids; -1 stands for a position whose side to move has no piece (lost).
  const starts = new Int32Array(all.length + 1);
  const children: number[] = [];
  all.forEach(({ pieces, whiteToMove }, id) => {
    const position = positionOf(variant, pieces, whiteToMove);
    visit?.(position, id);
    for (const move of position.legalMoves()) {
      const child = after(pieces, move.from, move.to, move.captured, move.promotes);
      const opponentLeft = child.some((p) => isWhite(p) !== whiteToMove);
      if (!opponentLeft) {
        children.push(-1);
        continue;
      }
      const childId = ids.get(keyOf(child, !whiteToMove));
      if (childId === undefined) throw new Error(`child of ${position.toFen()} by ${move.notation} is not enumerated`);
      children.push(childId);
    }
    starts[id + 1] = children.length;
  });
  const edges = Int32Array.from(children);
  const values = new Int8Array(all.length);
  const settled = new Uint8Array(all.length);
  let changed = true;
  while (changed) {
    changed = false;
    for (let id = 0; id < all.length; id++) {
      if (settled[id]) continue;
      let allWon = true;
      let wins = false;
      for (let e = starts[id]!; e < starts[id + 1]!; e++) {
        const child = edges[e]!;
        const value = child < 0 ? LOSS : settled[child] ? values[child]! : undefined;
        if (value === LOSS) {
          wins = true;
          break;
        }
        if (value !== WIN) allWon = false;
      }
      if (wins || allWon) {
        values[id] = wins ? WIN : LOSS;
        settled[id] = 1;
        changed = true;
      }
    }
  }
  return { count: all.length, values };
}
