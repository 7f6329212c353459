// PDN (Portable Draughts Notation) text: the structure of a file of games. `parsePdn` reads each
// game's tag pairs and move text with everything kept: comments, annotations, NAGs and
// variations as a tree; each move is returned as written, for Position.play to interpret
// (RULES.md 6). It is the lower-level reader the package exports beside readPdn (read.ts), which
// plays the games; writing is write.ts's job. `readPdnGames`, the main line only, is internal.

import { DraughtsError, VariantError, excerpt } from "../core/errors.js";
import { type VariantName, isVariantName } from "../core/variant.js";

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
  override name = "PdnError";
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
  "23": "pool",
  "31": "thai",
  // Not in PDN 3.0's list: the numbers lidraughts writes for its two international-board games.
  "96": "breakthrough",
  "98": "antidraughts",
};

/**
 * Variants without a GameType number of their own: written with their board's number and a
 * Variant tag that names them (a reader that knows no Variant tag sees the nearest game).
 */
const SHARED_GAME_TYPE: Readonly<Partial<Record<VariantName, number>>> = { killer: 20 };

/**
 * Variants written with a Variant tag alone: turkish and canadian have no GameType number in
 * the texts we follow, and no other game's number is near enough to stand for them (turkish's
 * pieces move along ranks and files on all 64 squares; canadian's board is 12×12), so a reader
 * that knows no Variant tag is not misled. (Canadian is often given 27 in GameType tables, but
 * no table we follow lists it, so we do not write or read 27.)
 * Frisian and frysk likewise (Decision): GameType 40, which some lists give frisian, is not in
 * the texts we follow, and international's 20 would mislead a reader (frisian pieces capture
 * along ranks and files too).
 */
const WITHOUT_GAME_TYPE: ReadonlySet<VariantName> = new Set<VariantName>(["turkish", "frisian", "frysk", "canadian"]);

/** The variant a Variant tag names (`"Killer"`, `"killer draughts"`), if it is one this library plays. */
export function variantOfVariantTag(value: string | undefined): VariantName | undefined {
  if (value === undefined) return undefined;
  // "Frysk!" is the game's own spelling.
  const name = value.trim().toLowerCase().replace(/\s+(draughts|checkers)$/, "").replace(/!$/, "");
  return isVariantName(name) ? name : undefined;
}

/** Whether a game of `variant` is written with a Variant tag (beside its GameType, or alone). */
export function needsVariantTag(variant: VariantName): boolean {
  return SHARED_GAME_TYPE[variant] !== undefined || WITHOUT_GAME_TYPE.has(variant);
}

/** The GameType number of a variant (PDN 3.0); undefined for turkish and canadian, written with a Variant tag alone. */
export function gameTypeOfVariant(variant: VariantName): number | undefined {
  if (WITHOUT_GAME_TYPE.has(variant)) return undefined;
  const shared = SHARED_GAME_TYPE[variant];
  if (shared !== undefined) return shared;
  const found = Object.entries(VARIANT_OF_GAME_TYPE).find(([, name]) => name === variant);
  if (!found) throw new VariantError(`unknown variant ${excerpt(variant)}`);
  return Number(found[0]);
}

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
      case "comment":
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
  | { readonly kind: "word" | "comment"; readonly text: string; readonly line: number };

const TAG_PAIR = /\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/y;
const WORD = /[^\s{}()[\];]+/y;

/** Splits PDN text into tag pairs, variation brackets, comments and words. */
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
      yield { kind: "comment", text: text.slice(i + 1, end).trim(), line };
      i = end + 1;
    } else if (c === ";" || (c === "%" && (i === 0 || text[i - 1] === "\n"))) {
      // A comment to the end of the line, or an escaped line (`%` in the first column).
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
      if (c === ";") yield { kind: "comment", text: text.slice(start + 1, i).trim(), line };
    } else if (c === "(" || c === ")") {
      yield { kind: c === "(" ? "open" : "close", line };
      i++;
    } else if (c === "[") {
      TAG_PAIR.lastIndex = i;
      const match = TAG_PAIR.exec(text);
      if (!match) throw new PdnError(`malformed tag pair, expected [Name "value"]: ${excerpt(text.slice(i).split("\n")[0]!)}`, line);
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

type Word =
  | { readonly kind: "move"; readonly text: string; readonly number?: string; readonly annotation?: string }
  | { readonly kind: "result"; readonly text: string }
  | { readonly kind: "skip"; readonly number?: string; readonly annotation?: string };

const MOVE_NUMBER = /^\d*\.+/; // `12.`, `12...`, `...`, also glued to a move: `12.32-28`
const ANNOTATIONS = /(?:[!?*]+|\$\d+)+$/; // `!`, `?!`, `*`, `$3`, alone or after a move

/** What a word of move text is: a move, a result, or something to skip (a number, an annotation). */
function readWord(text: string): Word {
  if (PDN_RESULTS.has(text)) return { kind: "result", text };
  const number = MOVE_NUMBER.exec(text)?.[0];
  const unnumbered = number === undefined ? text : text.slice(number.length);
  if (PDN_RESULTS.has(unnumbered)) return { kind: "result", text: unnumbered };
  const annotation = ANNOTATIONS.exec(unnumbered)?.[0];
  const move = annotation === undefined ? unnumbered : unnumbered.slice(0, -annotation.length);
  const extra = { ...(number !== undefined && { number }), ...(annotation !== undefined && { annotation }) };
  return move.length > 0 ? { kind: "move", text: move, ...extra } : { kind: "skip", ...extra };
}

// ---------------------------------------------------------------------------------------------
// The whole text of each game: parsePdn

/** A move of a game's text, with what was written around it. */
export interface PdnMove {
  /** The move as written, without its number and annotations (`32-28`, `c3xe5`). */
  readonly text: string;
  /** Line of the file where the move is. */
  readonly line: number;
  /** The move number written just before it (`12.`, `12...`), when there is one. */
  readonly number?: string;
  /** Move strength annotations written after it: `!`, `?`, `!?`, `*`, … */
  readonly annotation?: string;
  /** Numeric annotation glyphs after it (`$3` gives 3). */
  readonly nags?: readonly number[];
  /** Comments written before it, when it opens the game or a variation. */
  readonly commentsBefore?: readonly string[];
  /** Comments written after it, without their braces. */
  readonly comments?: readonly string[];
  /** Variations: other lines played instead of this move, each from the same position. */
  readonly variations?: ReadonlyArray<readonly PdnMove[]>;
}

/** One game of a PDN file, as written. */
export interface PdnRecord {
  /** Tag pairs by name, in the order written, escapes resolved. */
  readonly tags: Record<string, string>;
  /** The main line. */
  readonly moves: readonly PdnMove[];
  /** The game termination marker, when there is one. */
  readonly result?: string;
  /** Comments of a game without moves (otherwise comments go with the moves); comments after
   * the last game's result, with nothing after them, are dropped. */
  readonly comments?: readonly string[];
  /** Line of the file where the game starts. */
  readonly line: number;
}

/** How parsePdn reads a file: with or without its variations. */
export interface ParsePdnOptions {
  /** Keep variations in the tree (default true); false skips them. */
  readonly variations?: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends ReadonlyArray<infer E> | undefined ? E[] : T[K] };
type MoveNode = Omit<Mutable<PdnMove>, "variations"> & { variations?: MoveNode[][] };

/**
 * Reads every game of a PDN file with its comments, annotations and variations. Games are split
 * as readPdnGames splits them; throws PdnError on broken structure.
 */
export function parsePdn(text: string, options: ParsePdnOptions = {}): PdnRecord[] {
  const keepVariations = options.variations ?? true;
  const records: PdnRecord[] = [];
  let tags: Record<string, string> = {};
  let main: MoveNode[] = [];
  let gameComments: string[] = [];
  let startLine: number | undefined;
  // The open variations, innermost last; `moves` is undefined for one that is skipped.
  const stack: Array<{ moves: MoveNode[] | undefined; line: number; comments: string[] }> = [];
  let pendingNumber: string | undefined;

  const finish = (result?: string): void => {
    if (startLine !== undefined || result !== undefined) {
      const record: { -readonly [K in keyof PdnRecord]: PdnRecord[K] } = { tags, moves: main, line: startLine ?? 0 };
      if (result !== undefined) record.result = result;
      if (gameComments.length > 0) record.comments = gameComments;
      records.push(record);
    }
    tags = {};
    main = [];
    gameComments = [];
    startLine = undefined;
    pendingNumber = undefined;
  };
  const frame = () => stack[stack.length - 1];
  const currentMoves = (): MoveNode[] | undefined => (stack.length === 0 ? main : frame()!.moves);
  const lastMove = (): MoveNode | undefined => currentMoves()?.at(-1);

  for (const token of scan(text.replace(/^\uFEFF/, ""))) {
    switch (token.kind) {
      case "tag":
        if (stack.length > 0) throw new PdnError(`tag pair [${token.name} …] inside a variation`, token.line);
        if (main.length > 0) finish();
        tags[token.name] = token.value;
        startLine ??= token.line;
        break;
      case "open": {
        startLine ??= token.line;
        const anchor = lastMove();
        const moves: MoveNode[] | undefined = keepVariations && anchor !== undefined ? [] : undefined;
        if (moves !== undefined) (anchor!.variations ??= []).push(moves);
        stack.push({ moves, line: token.line, comments: [] });
        pendingNumber = undefined;
        break;
      }
      case "close":
        if (stack.pop() === undefined) throw new PdnError("')' without a matching '('", token.line);
        pendingNumber = undefined;
        break;
      case "comment": {
        const moves = currentMoves();
        if (moves === undefined) break;
        const anchor = moves.at(-1);
        if (stack.length === 0) {
          // Main line: a comment after a move belongs to it; one before the first move goes
          // with the first move (commentsBefore), or with the game when it has no move. A
          // comment alone does not make a game (games split as in readPdnGames).
          if (anchor === undefined) gameComments.push(token.text);
          else (anchor.comments ??= []).push(token.text);
        } else if (anchor === undefined) frame()!.comments.push(token.text);
        else (anchor.comments ??= []).push(token.text);
        break;
      }
      case "word": {
        const word = readWord(token.text);
        if (word.kind === "result") {
          if (stack.length === 0) finish(word.text);
          break;
        }
        const moves = currentMoves();
        if (word.kind === "skip") {
          if (word.number !== undefined) pendingNumber = word.number;
          const anchor = moves?.at(-1);
          if (word.annotation !== undefined && anchor !== undefined) annotate(anchor, word.annotation);
          break;
        }
        startLine ??= token.line;
        if (moves === undefined) break;
        const node: MoveNode = { text: word.text, line: token.line };
        const number = word.number ?? pendingNumber;
        if (number !== undefined) node.number = number;
        if (word.annotation !== undefined) annotate(node, word.annotation);
        const before = stack.length === 0 ? (main.length === 0 ? gameComments : []) : moves.length === 0 ? frame()!.comments : [];
        if (before.length > 0) {
          node.commentsBefore = before.splice(0);
        }
        moves.push(node);
        pendingNumber = undefined;
        break;
      }
    }
  }
  if (stack.length > 0) throw new PdnError("variation '(' is never closed", stack[0]!.line);
  finish();
  return records;
}

/** Splits `!?$3` into the strength annotation and the NAG numbers. */
function annotate(node: MoveNode, annotation: string): void {
  const strength = annotation.replace(/\$\d+/g, "");
  if (strength.length > 0) node.annotation = (node.annotation ?? "") + strength;
  for (const match of annotation.matchAll(/\$(\d+)/g)) (node.nags ??= []).push(Number(match[1]));
}
