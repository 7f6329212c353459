// A minimal PDN (Portable Draughts Notation) reader, enough to replay recorded games: it splits
// a file into games, reads each game's tag pairs and the main line of its move text. Move
// numbers, comments, variations, annotations and numeric annotation glyphs are skipped; each
// move is returned as written, for Position.play to interpret (RULES.md 6).

import { DraughtsError } from "./errors.js";
import type { VariantName } from "./variant.js";

/** One game of a PDN file. */
export interface PdnGame {
  /** Tag pairs by name (`[Event "x"]` gives `tags.Event === "x"`), escapes resolved. */
  tags: Record<string, string>;
  /** The main line's moves as written (`32-28`, `c3xe5`), without numbers or annotations. */
  moves: string[];
  /** The game termination marker that ends the move text, when there is one. */
  result?: string;
}

/** PDN text that cannot be read; `line` is the 1-based line where the problem starts. */
export class PdnError extends DraughtsError {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * Game termination markers. None of them can be a move: they name square 0, or a step that
 * returns to its own square (`1-1`), or are not squares at all.
 */
export const PDN_RESULTS: ReadonlySet<string> = new Set(["1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "½-½", "1/2-1/2", "*"]);

const VARIANT_OF_GAME_TYPE: Readonly<Record<string, VariantName>> = {
  "20": "international",
  "21": "english",
  "22": "italian",
  "24": "spanish",
  "25": "russian",
  "26": "brazilian",
  "29": "czech",
};

/**
 * The variant of a GameType tag value (`"20"`, or the long form `"20,W,10,10,N2,0"`);
 * undefined for a game type this library does not play.
 */
export function variantOfGameType(gameType: string | number): VariantName | undefined {
  const number = String(gameType).split(",")[0]!.trim();
  return Object.hasOwn(VARIANT_OF_GAME_TYPE, number) ? VARIANT_OF_GAME_TYPE[number] : undefined;
}

/** Reads every game of a PDN file; throws PdnError on broken structure (an unclosed comment, …). */
export function readPdnGames(text: string): PdnGame[] {
  const games: PdnGame[] = [];
  let game: PdnGame = { tags: {}, moves: [] };
  let started = false;
  const openLines: number[] = []; // lines of the open variations' '('

  const finish = (result?: string): void => {
    if (result !== undefined) game.result = result;
    if (started || result !== undefined) games.push(game);
    game = { tags: {}, moves: [] };
    started = false;
  };

  for (const token of scan(text.replace(/^\uFEFF/, ""))) {
    switch (token.kind) {
      case "tag":
        if (openLines.length > 0) throw new PdnError(`tag pair [${token.name} …] inside a variation`, token.line);
        // Tags after move text belong to the next game (the previous one had no result).
        if (game.moves.length > 0) finish();
        game.tags[token.name] = token.value;
        started = true;
        break;
      case "open":
        openLines.push(token.line);
        started = true;
        break;
      case "close":
        if (openLines.pop() === undefined) throw new PdnError("')' without a matching '('", token.line);
        break;
      case "word": {
        if (openLines.length > 0) break; // a variation: not part of the main line
        const word = readWord(token.text);
        if (word.kind === "result") finish(word.text);
        else if (word.kind === "move") {
          game.moves.push(word.text);
          started = true;
        }
        break;
      }
    }
  }
  if (openLines.length > 0) throw new PdnError("variation '(' is never closed", openLines[0]!);
  finish();
  return games;
}

type Token =
  | { readonly kind: "tag"; readonly name: string; readonly value: string; readonly line: number }
  | { readonly kind: "open" | "close"; readonly line: number }
  | { readonly kind: "word"; readonly text: string; readonly line: number };

const TAG_PAIR = /\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/y;
const WORD = /[^\s{}()[\];]+/y;

/** Splits PDN text into tag pairs, variation brackets and words; drops comments. */
function* scan(text: string): Generator<Token> {
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const start = i;
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "{") {
      const end = text.indexOf("}", i);
      if (end < 0) throw new PdnError("comment '{' is never closed", line);
      i = end + 1;
    } else if (c === ";") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === "(" || c === ")") {
      yield { kind: c === "(" ? "open" : "close", line };
      i++;
    } else if (c === "[") {
      TAG_PAIR.lastIndex = i;
      const match = TAG_PAIR.exec(text);
      if (!match) throw new PdnError(`malformed tag pair, expected [Name "value"]: ${text.slice(i, i + 40).split("\n")[0]}`, line);
      yield { kind: "tag", name: match[1]!, value: match[2]!.replace(/\\(.)/g, "$1"), line };
      i = TAG_PAIR.lastIndex;
    } else if (c === "}" || c === "]") {
      throw new PdnError(`'${c}' without a matching opening bracket`, line);
    } else {
      WORD.lastIndex = i;
      const word = WORD.exec(text)![0];
      yield { kind: "word", text: word, line };
      i += word.length;
    }
    for (let k = start; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  }
}

type Word = { readonly kind: "move" | "result"; readonly text: string } | { readonly kind: "skip" };

const MOVE_NUMBER = /^\d*\.+/; // `12.`, `12...`, `...`, also glued to a move: `12.32-28`
const ANNOTATIONS = /(?:[!?*]+|\$\d+)+$/; // `!`, `?!`, `*`, `$3`, alone or after a move

/** What a word of move text is: a move, a result, or something to skip. */
function readWord(text: string): Word {
  if (PDN_RESULTS.has(text)) return { kind: "result", text };
  const unnumbered = text.replace(MOVE_NUMBER, "");
  if (PDN_RESULTS.has(unnumbered)) return { kind: "result", text: unnumbered };
  const move = unnumbered.replace(ANNOTATIONS, "");
  return move.length > 0 ? { kind: "move", text: move } : { kind: "skip" };
}
