// The side to move as a type, so that each side's generator is compiled with its forward
// directions and promotion row folded in. Perft alternates the two instantiations.

import { NE, NW, SE, SW, geometry } from "./geometry";

@final @unmanaged export class White {
  @inline get isWhite(): bool { return true; }
}

@final @unmanaged export class Black {
  @inline get isWhite(): bool { return false; }
}

// @ts-ignore: decorator
@inline export function isWhite<C>(): bool {
  return changetype<C>(0).isWhite;
}

/** Whether `direction` on the geometry `G` leads anywhere but backwards for side `C` (where men go). */
@inline export function notBackward<C, G>(direction: i32): bool {
  return isWhite<C>() ? !geometry<G>().isDown(direction) : !geometry<G>().isUp(direction);
}

/** The forward diagonal to the left of side `C` (White moves up the board, Black down). */
@inline export function forwardLeft<C>(): i32 {
  return isWhite<C>() ? NW : SW;
}

/** The forward diagonal to the right of side `C`. */
@inline export function forwardRight<C>(): i32 {
  return isWhite<C>() ? NE : SE;
}
