// The side to move as a type, so that each side's generator is compiled with its forward
// directions and promotion row folded in. Perft alternates the two instantiations.

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
