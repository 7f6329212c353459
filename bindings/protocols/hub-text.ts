// The Hub protocol's text (../shared/protocols/hub.md): lines of `command name=value …` (version
// 2) or of bare words (version 1), position strings of one side letter and one letter per
// square, and moves written `from-to` or `fromxto` followed by `x` and every captured square.

import { DraughtsError } from "../core/errors.js";
import type { Move } from "../core/notation.js";
import { Piece, Position } from "../core/position.js";
import { VariantName, variantInfo } from "../core/variant.js";
import { squareCount } from "../core/squares.js";
import { SEARCH_KNOWN_WIN, SEARCH_KNOWN_WIN_SPREAD } from "../core/contract.js";
import type { SearchInfo } from "../search/types.js";

/** A Hub line, position or move that cannot be read; `reply` is the `error` message Hub engines answer with. */
export class HubError extends DraughtsError {
  override name = "HubError";
  constructor(readonly reply: string, detail?: string) {
    super(detail === undefined ? reply : `${reply}: ${detail}`);
  }
}

/** One line as version 2 reads it: the command and its arguments (a flag's value is ""). */
export interface HubLine {
  readonly command: string;
  readonly args: ReadonlyMap<string, string>;
}

/** A name: no control character, no blank, no `=` and no `"` (Scan's Scanner::is_id). */
function isNameChar(c: string): boolean {
  const code = c.charCodeAt(0);
  return code > 32 && code !== 127 && c !== "=" && c !== '"';
}

function isBlank(c: string): boolean {
  return c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\f" || c === "\v";
}

/** Reads a version 2 line; throws HubError for an empty line, a stray `=` or `"`, an unclosed quote. */
export function readHubLine(text: string): HubLine {
  let i = 0;
  const skipBlanks = (): void => {
    while (i < text.length && isBlank(text[i]!)) i++;
  };
  const name = (what: string): string => {
    const start = i;
    while (i < text.length && isNameChar(text[i]!)) i++;
    if (i === start) {
      const c = text[i]!;
      throw new HubError(`expected ${what}, found ${c === '"' ? "a quote" : c === "=" ? "'='" : `character ${c.charCodeAt(0)}`} at column ${i + 1}`);
    }
    return text.slice(start, i);
  };
  const value = (): string => {
    if (text[i] !== '"') return i < text.length && isNameChar(text[i]!) ? name("a value") : "";
    const close = text.indexOf('"', i + 1);
    if (close < 0) throw new HubError(`unclosed quote at column ${i + 1}`);
    const quoted = text.slice(i + 1, close);
    i = close + 1;
    return quoted;
  };
  skipBlanks();
  if (i >= text.length) throw new HubError("missing command");
  const command = name("a command");
  const args = new Map<string, string>();
  for (;;) {
    if (i < text.length && !isBlank(text[i]!)) throw new HubError(`expected a blank after ${JSON.stringify(text.slice(0, i))}`);
    skipBlanks();
    if (i >= text.length) break;
    const key = name("an argument name");
    let v = "";
    if (text[i] === "=") {
      i++;
      if (i < text.length && !isBlank(text[i]!) && text[i] !== '"' && !isNameChar(text[i]!)) throw new HubError(`bad value for ${key}`);
      v = value();
    }
    args.set(key, v);
  }
  return { command, args };
}

/** A value as Hub writes it: bare when it is a name, else in quotes (a `"` inside cannot be written and is dropped). */
export function hubValue(value: string | number): string {
  const text = String(value);
  if (text.length > 0 && [...text].every(isNameChar)) return text;
  return `"${text.replaceAll('"', "")}"`;
}

/** `command name=value …`, values quoted where they need it. */
export function hubLine(command: string, fields: ReadonlyArray<readonly [string, string | number | undefined]> = []): string {
  const parts = [command];
  for (const [name, value] of fields) if (value !== undefined) parts.push(`${name}=${hubValue(value)}`);
  return parts.join(" ");
}

const LETTERS: Record<string, Piece | null> = {
  w: { color: "white", role: "man" }, W: { color: "white", role: "king" },
  b: { color: "black", role: "man" }, B: { color: "black", role: "king" }, e: null,
};

/** The Hub position string: W or B (lower case for version 1), then w b W B e for each square in order. */
export function hubPosition(position: Position, lowerSide = false): string {
  const side = position.turn === "white" ? "W" : "B";
  let text = lowerSide ? side.toLowerCase() : side;
  for (let s = 1; s <= position.squareCount; s++) {
    const piece = position.pieceAt(s);
    text += piece === undefined ? "e" : piece.color === "white" ? (piece.role === "man" ? "w" : "W") : piece.role === "man" ? "b" : "B";
  }
  return text;
}

/** The position a Hub string describes (either case of side letter); HubError "bad position" otherwise. */
export function positionOfHub(variant: VariantName, text: string, optionalCapture = false): Position {
  const count = squareCount(variantInfo(variant));
  if (text.length !== count + 1) throw new HubError("bad position", `${count + 1} characters expected for ${variant}, got ${text.length}`);
  const side = text[0]!.toUpperCase();
  if (side !== "W" && side !== "B") throw new HubError("bad position", `the side to move must be W or B, not ${JSON.stringify(text[0])}`);
  const pieces: Array<[number, Piece]> = [];
  for (let s = 1; s <= count; s++) {
    const piece = LETTERS[text[s]!];
    if (piece === undefined) throw new HubError("bad position", `square ${s}: ${JSON.stringify(text[s])} is none of w b W B e`);
    if (piece !== null) pieces.push([s, piece]);
  }
  try {
    return Position.setup(variant, { turn: side === "W" ? "white" : "black", pieces }, { optionalCapture });
  } catch (error) {
    if (error instanceof DraughtsError) throw new HubError("bad position", error.message);
    throw error;
  }
}

/** The Hub text of a move: `32-28`, or `28x19x23` (from, to, then every captured square in ascending order). */
export function hubMove(move: Pick<Move, "from" | "to" | "captured" | "isCapture">): string {
  if (!move.isCapture) return `${move.from}-${move.to}`;
  return [move.from, move.to, ...[...move.captured].sort((a, b) => a - b)].join("x");
}

/** A Hub move read: origin, destination and captured squares (undefined: a capture written without them). */
export interface HubMoveText {
  readonly from: number;
  readonly to: number;
  readonly capture: boolean;
  readonly captured?: readonly number[];
}

/** Reads `from-to` or `fromxto[xc…]`; HubError "bad move" when it is neither, or a square is off the board. */
export function readHubMove(text: string, squares: number): HubMoveText {
  const quiet = /^(\d{1,2})-(\d{1,2})$/.exec(text);
  const numbers = quiet ? [quiet[1]!, quiet[2]!] : /^\d{1,2}(x\d{1,2})+$/.test(text) ? text.split("x") : undefined;
  if (numbers === undefined) throw new HubError("bad move", `${JSON.stringify(text)} is neither from-to nor fromxto[xcaptured…]`);
  const values = numbers.map(Number);
  const off = values.find((s) => s < 1 || s > squares);
  if (off !== undefined) throw new HubError("bad move", `square ${off} is off the board in ${text} (1 to ${squares})`);
  const [from, to, ...captured] = values as [number, number, ...number[]];
  if (quiet) return { from, to, capture: false };
  return { from, to, capture: true, ...(captured.length > 0 ? { captured } : {}) };
}

/** The legal move of `position` that a Hub move names (from, to and the set of captured squares). */
export function moveOfHub(position: Position, text: string): Move {
  const read = readHubMove(text, position.squareCount);
  const candidates = position.legalMoves().filter((m) => m.from === read.from && m.to === read.to && m.isCapture === read.capture);
  const wanted = read.captured === undefined ? undefined : [...new Set(read.captured)].sort((a, b) => a - b);
  if (wanted !== undefined && wanted.length !== read.captured!.length) throw new HubError("bad move", `${text} names a captured square twice`);
  const found = wanted === undefined ? candidates : candidates.filter((m) => m.captured.length === wanted.length && m.captured.every((s, i) => s === wanted[i]));
  // A capture written without its captured squares is read when one legal capture fits (as Scan does).
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw new HubError("bad move", `${text} fits ${found.length} legal captures: list the captured squares`);
  throw new HubError("illegal move", `${text} is not legal in ${hubPosition(position)}`);
}

/**
 * The move of `moves` with this origin, destination and set of captured squares (in any order),
 * as both protocols name a move; undefined when none has them.
 */
export function moveWith(moves: readonly Move[], from: number, to: number, captured: readonly number[]): Move | undefined {
  const wanted = [...captured].sort((a, b) => a - b);
  return moves.find((m) => m.from === from && m.to === to && m.captured.length === wanted.length && m.captured.every((s, i) => s === wanted[i]));
}

/** A line of moves (a principal variation) in Hub form; stops at a move it cannot read. */
export function hubLineOf(position: Position, moves: readonly string[]): string[] {
  const out: string[] = [];
  let at = position;
  for (const text of moves) {
    let move: Move;
    try {
      move = at.parseMove(text);
    } catch {
      break;
    }
    out.push(hubMove(move));
    at = at.play(move);
  }
  return out;
}

/** The score in men from the side to move; a game won or lost in n plies is ±(99.99 − n/100), as Scan marks the game's end with ±99.xx. */
export function hubScore(info: SearchInfo): string {
  if (info.win === null) {
    // An endgame database's win (a known result, not a known distance) reads as Scan's bitbase
    // result, ±89.xx, so that a page that reads scores above 80 as won sees it so; the better
    // the evaluation behind it, the higher xx.
    const beyond = Math.abs(info.score) - (SEARCH_KNOWN_WIN - SEARCH_KNOWN_WIN_SPREAD);
    if (beyond < 0) return (info.score / 100).toFixed(2);
    const men = 89 + Math.min(99, Math.floor((beyond * 100) / (2 * SEARCH_KNOWN_WIN_SPREAD + 1))) / 100;
    return (info.score > 0 ? men : -men).toFixed(2);
  }
  const men = 99.99 - Math.min(99, Math.abs(info.win)) / 100;
  return (info.win > 0 ? men : -men).toFixed(2);
}
