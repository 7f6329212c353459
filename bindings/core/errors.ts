// Every failure the library reports is one of these, so callers can tell them apart with
// `instanceof` and show `message` as it is: it names the input that was wrong and why. Each
// class writes out its `name`, so that it reads the same after a bundler has minified it.

/** Base class of the library's errors. */
export class DraughtsError extends Error {
  // Written out in each class, not taken from the constructor: a minifier renames classes.
  override name = "DraughtsError";
}

/** An unknown variant name, or an operation that does not fit the variant. */
export class VariantError extends DraughtsError {
  override name = "VariantError";
}

/** A FEN string that cannot be read. `token` is the part that was wrong, when there is one. */
export class FenError extends DraughtsError {
  override name = "FenError";
  constructor(message: string, readonly fen: string, readonly token?: string) {
    super(message);
  }
}

/** A position that cannot occur: a man on its own promotion row, too many pieces, … */
export class SetupError extends DraughtsError {
  override name = "SetupError";
}

/** Move text that cannot be read as a move, or that fits several legal moves. */
export class NotationError extends DraughtsError {
  override name = "NotationError";
  constructor(message: string, readonly text: string) {
    super(message);
  }
}

/** A move that is well formed but not legal in the position. */
export class IllegalMoveError extends DraughtsError {
  override name = "IllegalMoveError";
  constructor(message: string, readonly move: string) {
    super(message);
  }
}

/**
 * An argument or option of a call that is not valid (a depth that is no whole number, an
 * unknown option, an options value that is no object): names the argument and the value.
 */
export class ArgumentError extends DraughtsError {
  override name = "ArgumentError";
  constructor(message: string, readonly argument: string, readonly value: unknown) {
    super(message);
  }
}

/** A value as a message quotes it: strings in quotes (so `"3"` is not read as 3), bigints with `n`. */
export function quote(value: unknown): string {
  if (typeof value === "string") return escaped(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "object" && value !== null) {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Characters a piece of input takes in a message at most, escapes counted: a binary file read as text must not fill the terminal. */
const EXCERPT_WIDTH = 40;

/**
 * A piece of read input (a move, a square, a tag) as a message shows it: quoted, every control
 * or unprintable character escaped, and cut with … once it would take more than `width`
 * characters (a move as written is shown whole; a run of escaped bytes is cut short).
 */
export function excerpt(text: string, width = EXCERPT_WIDTH): string {
  let shown = "";
  for (const c of text) {
    const next = escaped(c).slice(1, -1);
    if (shown.length + next.length > width) return `"${shown}"…`;
    shown += next;
  }
  return `"${shown}"`;
}

/** JSON's quoting, and also DEL, the C1 controls, the line and paragraph separators and U+FFFD (a byte that was no UTF-8) escaped. */
function escaped(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufffd]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The WebAssembly core could not be loaded or reported a failure. */
export class EngineError extends DraughtsError {
  override name = "EngineError";
}

/** A search that cannot run: limits out of range, or a position with no move to choose. */
export class SearchError extends DraughtsError {
  override name = "SearchError";
}
