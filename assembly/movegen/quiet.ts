// Moves without capture (RULES.md 3): men step forward (and sideways in turkish), short kings
// step one square, flying kings slide over empty squares. Counting them for perft's last ply
// needs no list at all. The board's lines come from the geometry `G`, as in captures.ts.

import { bit, count, has, lowest, withoutLowest } from "../board/bitboard";
import { Diagonal, NE, NW, SE, SW, geometry, nearest, opposite } from "../board/geometry";
import { FLAG_KING, FLAG_PROMOTES, pushQuiet as push } from "./movelist";
import { rules } from "../board/variants";
import { isWhite, notBackward } from "../board/side";

/** Empty squares a flying king on `square` can slide to in `direction`. */
@inline export function slide<B, G = Diagonal>(square: i32, direction: i32, empty: B): B {
  const line = geometry<G>().ray<B>(direction, square);
  const blockers = line & ~empty;
  if (blockers == 0) return line;
  const stop = nearest<B>(direction, blockers);
  return line & ~(geometry<G>().ray<B>(direction, stop) | bit<B>(stop));
}

/** Empty squares the king on `square` can move to. */
@inline export function kingTargets<V, B, G = Diagonal>(square: i32, empty: B): B {
  if (rules<V>().flyingKings) {
    return slide<B, G>(square, NW, empty) | slide<B, G>(square, NE, empty) | slide<B, G>(square, SW, empty) | slide<B, G>(square, SE, empty);
  }
  return neighbours<B, G>(bit<B>(square)) & empty;
}

/** The squares next to those of `set` in any direction. */
@inline function neighbours<B, G>(set: B): B {
  const board = geometry<G>();
  return board.step<B>(set, NW) | board.step<B>(set, NE) | board.step<B>(set, SW) | board.step<B>(set, SE);
}

/**
 * Whether the men of side `C` step in `direction`: every direction but backwards. The one place
 * a man's steps are chosen, for every listing and count and for perft's two-ply count.
 */
@inline export function menStepToward<V, C, G>(direction: i32): bool {
  return notBackward<C, G>(direction);
}

/** The squares the men of `men` (side `C`) step to in `direction`, empty or not: none backwards. */
@inline function menStep<V, B, C, G>(men: B, direction: i32): B {
  return menStepToward<V, C, G>(direction) ? geometry<G>().step<B>(men, direction) : 0;
}

/** Number of moves without capture of the side to move. */
@inline export function countQuiet<V, B, C, G = Diagonal>(us: B, them: B, kings: B): i32 {
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  const men = us & ~kings;
  let total = count<B>(menStep<V, B, C, G>(men, NW) & empty) + count<B>(menStep<V, B, C, G>(men, NE) & empty)
    + count<B>(menStep<V, B, C, G>(men, SW) & empty) + count<B>(menStep<V, B, C, G>(men, SE) & empty);
  let ours = us & kings;
  if (ours == 0) return total;
  if (!rules<V>().flyingKings) {
    const board = geometry<G>();
    return total + count<B>(board.step<B>(ours, NW) & empty) + count<B>(board.step<B>(ours, NE) & empty)
      + count<B>(board.step<B>(ours, SW) & empty) + count<B>(board.step<B>(ours, SE) & empty);
  }
  while (ours != 0) {
    total += count<B>(kingTargets<V, B, G>(lowest<B>(ours), empty));
    ours = withoutLowest<B>(ours);
  }
  return total;
}

/** Whether the side to move has a move without capture: a cheaper question than how many. */
@inline export function hasQuiet<V, B, C, G = Diagonal>(us: B, them: B, kings: B): bool {
  const empty = ~(us | them) & geometry<G>().allSquares<B>();
  const men = us & ~kings;
  if (((menStep<V, B, C, G>(men, NW) | menStep<V, B, C, G>(men, NE) | menStep<V, B, C, G>(men, SW) | menStep<V, B, C, G>(men, SE)) & empty) != 0) return true;
  // A king that can move at all can step to a neighbouring square, flying or not.
  return (neighbours<B, G>(us & kings) & empty) != 0;
}

@inline function stepsToward<B, G>(targets: B, direction: i32, promotion: B, flags: u8, at: i32): i32 {
  const back = opposite(direction);
  while (targets != 0) {
    const to = lowest<B>(targets);
    targets = withoutLowest<B>(targets);
    at = push(at, geometry<G>().neighbour<B>(back, to), to, has<B>(promotion, to) ? flags | FLAG_PROMOTES : flags);
  }
  return at;
}

/** Writes every move without capture from `start` on; returns the end of the list. */
export function generateQuiet<V, B, C, G = Diagonal>(us: B, them: B, kings: B, start: i32): i32 {
  const board = geometry<G>();
  const empty = ~(us | them) & board.allSquares<B>();
  const men = us & ~kings;
  const crowning = board.promotionRow<B>(isWhite<C>());
  // Tested before the loop, so that no loop is left for the directions men do not step in.
  let at = start;
  if (menStepToward<V, C, G>(NW)) at = stepsToward<B, G>(board.step<B>(men, NW) & empty, NW, crowning, 0, at);
  if (menStepToward<V, C, G>(NE)) at = stepsToward<B, G>(board.step<B>(men, NE) & empty, NE, crowning, 0, at);
  if (menStepToward<V, C, G>(SW)) at = stepsToward<B, G>(board.step<B>(men, SW) & empty, SW, crowning, 0, at);
  if (menStepToward<V, C, G>(SE)) at = stepsToward<B, G>(board.step<B>(men, SE) & empty, SE, crowning, 0, at);
  let ours = us & kings;
  if (!rules<V>().flyingKings) {
    at = stepsToward<B, G>(board.step<B>(ours, NW) & empty, NW, 0, FLAG_KING, at);
    at = stepsToward<B, G>(board.step<B>(ours, NE) & empty, NE, 0, FLAG_KING, at);
    at = stepsToward<B, G>(board.step<B>(ours, SW) & empty, SW, 0, FLAG_KING, at);
    return stepsToward<B, G>(board.step<B>(ours, SE) & empty, SE, 0, FLAG_KING, at);
  }
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    let targets = kingTargets<V, B, G>(king, empty);
    while (targets != 0) {
      at = push(at, king, lowest<B>(targets), FLAG_KING);
      targets = withoutLowest<B>(targets);
    }
  }
  return at;
}
