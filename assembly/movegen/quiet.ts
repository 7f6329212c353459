// Moves without capture (RULES.md 3): men step forward, short kings step one square, flying
// kings slide over empty squares. Counting them for perft's last ply needs no list at all.

import { bit, count, has, lowest, withoutLowest } from "../board/bitboard";
import { NE, NW, SE, SW, allSquares, nearest, neighbour, opposite, promotionRow, ray, step } from "../board/geometry";
import { FLAG_KING, FLAG_PROMOTES, pushQuiet as push } from "./movelist";
import { rules } from "../board/variants";
import { forwardLeft, forwardRight, isWhite } from "../board/side";

/** Empty squares a flying king on `square` can slide to in `direction`. */
@inline export function slide<B>(square: i32, direction: i32, empty: B): B {
  const line = ray<B>(direction, square);
  const blockers = line & ~empty;
  if (blockers == 0) return line;
  const stop = nearest<B>(direction, blockers);
  return line & ~(ray<B>(direction, stop) | bit<B>(stop));
}

/** Empty squares the king on `square` can move to. */
@inline export function kingTargets<V, B>(square: i32, empty: B): B {
  if (rules<V>().flyingKings) {
    return slide<B>(square, NW, empty) | slide<B>(square, NE, empty) | slide<B>(square, SW, empty) | slide<B>(square, SE, empty);
  }
  const at = bit<B>(square);
  return (step<B>(at, NW) | step<B>(at, NE) | step<B>(at, SW) | step<B>(at, SE)) & empty;
}

/** Number of moves without capture of the side to move. */
@inline export function countQuiet<V, B, C>(us: B, them: B, kings: B): i32 {
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  let total = count<B>(step<B>(men, forwardLeft<C>()) & empty) + count<B>(step<B>(men, forwardRight<C>()) & empty);
  let ours = us & kings;
  if (ours == 0) return total;
  if (!rules<V>().flyingKings) {
    return total + count<B>(step<B>(ours, NW) & empty) + count<B>(step<B>(ours, NE) & empty)
      + count<B>(step<B>(ours, SW) & empty) + count<B>(step<B>(ours, SE) & empty);
  }
  while (ours != 0) {
    total += count<B>(kingTargets<V, B>(lowest<B>(ours), empty));
    ours = withoutLowest<B>(ours);
  }
  return total;
}

/** Whether the side to move has a move without capture: a cheaper question than how many. */
@inline export function hasQuiet<V, B, C>(us: B, them: B, kings: B): bool {
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  if (((step<B>(men, forwardLeft<C>()) | step<B>(men, forwardRight<C>())) & empty) != 0) return true;
  const ours = us & kings;
  // A king that can move at all can step to a neighbouring square, flying or not.
  return ((step<B>(ours, NW) | step<B>(ours, NE) | step<B>(ours, SW) | step<B>(ours, SE)) & empty) != 0;
}

@inline function stepsToward<B>(pieces: B, empty: B, direction: i32, promotion: B, flags: u8, at: i32): i32 {
  let targets = step<B>(pieces, direction) & empty;
  const back = opposite(direction);
  while (targets != 0) {
    const to = lowest<B>(targets);
    targets = withoutLowest<B>(targets);
    at = push(at, neighbour<B>(back, to), to, has<B>(promotion, to) ? flags | FLAG_PROMOTES : flags);
  }
  return at;
}

/** Writes every move without capture from `start` on; returns the end of the list. */
export function generateQuiet<V, B, C>(us: B, them: B, kings: B, start: i32): i32 {
  const empty = ~(us | them) & allSquares<B>();
  const men = us & ~kings;
  const crowning = promotionRow<B>(isWhite<C>());
  let at = stepsToward<B>(men, empty, forwardLeft<C>(), crowning, 0, start);
  at = stepsToward<B>(men, empty, forwardRight<C>(), crowning, 0, at);
  let ours = us & kings;
  if (!rules<V>().flyingKings) {
    at = stepsToward<B>(ours, empty, NW, 0, FLAG_KING, at);
    at = stepsToward<B>(ours, empty, NE, 0, FLAG_KING, at);
    at = stepsToward<B>(ours, empty, SW, 0, FLAG_KING, at);
    return stepsToward<B>(ours, empty, SE, 0, FLAG_KING, at);
  }
  while (ours != 0) {
    const king = lowest<B>(ours);
    ours = withoutLowest<B>(ours);
    let targets = kingTargets<V, B>(king, empty);
    while (targets != 0) {
      at = push(at, king, lowest<B>(targets), FLAG_KING);
      targets = withoutLowest<B>(targets);
    }
  }
  return at;
}
