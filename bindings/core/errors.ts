// Every failure the library reports is one of these, so callers can tell them apart with
// `instanceof` and show `message` as it is: it names the input that was wrong and why.

/** Base class of the library's errors. */
export class DraughtsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** An unknown variant name, or an operation that does not fit the variant. */
export class VariantError extends DraughtsError {}

/** A FEN string that cannot be read. `token` is the part that was wrong, when there is one. */
export class FenError extends DraughtsError {
  constructor(message: string, readonly fen: string, readonly token?: string) {
    super(message);
  }
}

/** A position that cannot occur: a man on its own promotion row, too many pieces, … */
export class SetupError extends DraughtsError {}

/** Move text that cannot be read as a move, or that fits several legal moves. */
export class NotationError extends DraughtsError {
  constructor(message: string, readonly text: string) {
    super(message);
  }
}

/** A move that is well formed but not legal in the position. */
export class IllegalMoveError extends DraughtsError {
  constructor(message: string, readonly move: string) {
    super(message);
  }
}

/** The WebAssembly core could not be loaded or reported a failure. */
export class EngineError extends DraughtsError {}

/** A search that cannot run: limits out of range, or a position with no move to choose. */
export class SearchError extends DraughtsError {}
