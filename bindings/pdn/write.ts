// Writing games as PDN that other programs read: the seven standard tags (Event, Site, Date,
// Round, White, Black, Result, with "?" for what is not known), GameType, SetUp and FEN when
// the game did not start from the variant's start position, the caller's other tags, then the
// moves, numbered (`1.` for the first mover, `1...` when the other side moves first), each in
// the shortest text that names it among the legal moves of its position (`28x19`, or
// `28x17x26` when origin and destination fit several moves), and the result.
//
// Result conventions: english PDN writes `1-0`, `0-1`, `1/2-1/2`; the FMJD's PDN (and
// lidraughts, for every other variant) `2-0`, `0-2`, `1-1`. `resultStyle` chooses; by default
// english takes the first and the others the second. White's result is always on the left.
//
// What the reader keeps of a game's text (its `record`: comments, move annotations and NAGs,
// variations) is written back with the moves it belongs to, so read → write → read keeps it.
// Main-line moves are written in their shortest notation; variations as they were written (the
// reader keeps them as text, unchecked). Move numbers are layout: written where PDN needs them
// (every first mover's move, and the other side's after a comment or variation).
//
// Annotations: a move may also be given a strength mark (`32-28?`) and a comment written after
// it (`32-28? {-1.20}`), e.g. an engine's analysis; they replace the record's mark and follow
// its comments.
//
// The optional-capture house rule has no PDN tag: games played with it are read back with
// `readPdn(text, { optionalCapture: true })`.

import { DraughtsError } from "../core/errors.js";
import type { Game, GameResult } from "../game/game.js";
import { PDN_RESULTS, type PdnMove, type PdnRecord, gameTypeOfVariant, needsVariantTag, variantOfGameType } from "./parse.js";
import { Position } from "../core/position.js";
import { VariantName, variantInfo } from "../core/variant.js";

/** A game that cannot be written: a bad tag name, a result that is no PDN result, a game that was not read. */
export class PdnWriteError extends DraughtsError {
  override name = "PdnWriteError";
}

/** A game with its tags and result, as readPdn returns them. */
export interface PdnWriteInput {
  readonly game: Game | undefined;
  /** Tag pairs; Result, GameType, SetUp and FEN are written from the game (see writePdn). */
  readonly tags?: Readonly<Record<string, string>>;
  /** The termination marker; default: the game's result when it has ended, else the Result tag, else `*`. */
  readonly result?: string;
  /**
   * The game's text as read (readPdn's `record`): its comments, annotations and variations are
   * written with the moves of the game they were read with, as long as the game's moves are
   * still those of the record.
   */
  readonly record?: PdnRecord;
  /** What to write with each move, by ply (index 0: the first move); undefined for a bare move. */
  readonly annotations?: ReadonlyArray<MoveAnnotation | undefined>;
}

/** The move strength marks PDN writes after a move. */
export const MOVE_MARKS: ReadonlySet<string> = new Set(["!", "?", "!!", "??", "!?", "?!"]);

/** What writePdn adds to a move: a mark (! ?) and a comment. */
export interface MoveAnnotation {
  /** One of MOVE_MARKS. */
  readonly mark?: string;
  /** Written in braces after the move; it cannot contain `}`. */
  readonly comment?: string;
}

/** How writePdn writes a result: 2-0 style or 1-0 style. */
export type ResultStyle = "auto" | "one-point" | "two-point";

/** How writePdn writes: tags, annotations, the result's style, line length. */
export interface WritePdnOptions {
  /** `one-point` writes 1-0/0-1/1/2-1/2, `two-point` 2-0/0-2/1-1; `auto` (default): one-point for english only. */
  readonly resultStyle?: ResultStyle;
  /** Longest line of move text (default 80). */
  readonly lineLength?: number;
}

const ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"] as const;
const UNKNOWN: Record<string, string> = { Date: "????.??.??" };

/** A date as PDN's Date tag writes it: YYYY.MM.DD (UTC). */
export function pdnDate(d: Date): string {
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCDate()).padStart(2, "0")}`;
}
const WRITTEN_FROM_GAME = new Set<string>([...ROSTER, "GameType", "SetUp", "FEN"]);

/** Writes one game or several, separated by blank lines. */
export function writePdn(games: Game | PdnWriteInput | Iterable<Game | PdnWriteInput>, options: WritePdnOptions = {}): string {
  const list = isInput(games) ? [games] : [...games];
  return list.map((g) => writeOne(isGame(g) ? { game: g } : g, options)).join("\n");
}

function isGame(value: unknown): value is Game {
  return typeof value === "object" && value !== null && "position" in value && "moves" in value && "play" in value;
}

function isInput(value: unknown): value is Game | PdnWriteInput {
  return isGame(value) || (typeof value === "object" && value !== null && "game" in value);
}

function writeOne(input: PdnWriteInput, options: WritePdnOptions): string {
  const { game } = input;
  if (game === undefined) throw new PdnWriteError("cannot write a game that was not read (its `game` is undefined)");
  const tags = input.tags ?? {};
  const variant = game.variant;
  const result = resultMarker(input, variant, options.resultStyle ?? "auto");

  const lines: string[] = [];
  const tag = (name: string, value: string): void => {
    if (!/^[A-Za-z0-9_]+$/.test(name)) throw new PdnWriteError(`tag name ${JSON.stringify(name)} must be letters, digits and '_'`);
    lines.push(`[${name} "${value.replace(/[\r\n]+/g, " ").replace(/[\\"]/g, "\\$&")}"]`);
  };
  for (const name of ROSTER) tag(name, name === "Result" ? result : (tags[name] ?? UNKNOWN[name] ?? "?"));
  const number = gameTypeOfVariant(variant);
  const gameType = tags.GameType !== undefined && variantOfGameType(tags.GameType) === variant ? tags.GameType : number === undefined ? undefined : String(number);
  if (gameType !== undefined) tag("GameType", gameType);
  if (needsVariantTag(variant)) tag("Variant", variant);
  const initial = Position.initial(variant, { optionalCapture: game.start.optionalCapture });
  if (tags.FEN !== undefined || !game.start.equals(initial)) {
    tag("SetUp", "1");
    tag("FEN", game.start.toFen());
  }
  for (const [name, value] of Object.entries(tags)) if (!WRITTEN_FROM_GAME.has(name) && !(name === "Variant" && needsVariantTag(variant))) tag(name, value);

  lines.push("", ...wrap(moveTokens(game, result, input.record, input.annotations ?? []), options.lineLength ?? 80), "");
  return lines.join("\n");
}

/** The move text's words: moves with their numbers (`12. 32-28`, kept on one line), what the record adds, the result. */
function moveTokens(game: Game, result: string, record: PdnRecord | undefined, annotations: ReadonlyArray<MoveAnnotation | undefined>): string[] {
  const firstMover = game.start.turn === variantInfo(game.variant).firstToMove;
  const annotated = record === undefined ? 0 : matchingMoves(game, record.moves);
  const main: TextMove[] = game.moves.map((move, ply) => {
    const read: TextMove = ply < annotated ? { ...record!.moves[ply]!, text: move.notation } : { text: move.notation };
    const { mark, comment } = checkedAnnotation(annotations[ply], ply);
    if (mark === undefined && comment === undefined) return read;
    return { ...read, annotation: mark ?? read.annotation, comments: comment === undefined ? read.comments : [...(read.comments ?? []), comment] };
  });
  const tokens: string[] = (record?.comments ?? []).map(comment);
  lineTokens(main, firstMover ? 0 : 1, tokens);
  tokens.push(result);
  return tokens;
}

function checkedAnnotation(annotation: MoveAnnotation | undefined, ply: number): MoveAnnotation {
  if (annotation === undefined) return {};
  if (annotation.mark !== undefined && !MOVE_MARKS.has(annotation.mark)) {
    throw new PdnWriteError(`ply ${ply + 1}: ${JSON.stringify(annotation.mark)} is not a move mark (${[...MOVE_MARKS].join(" ")})`);
  }
  if (annotation.comment !== undefined && annotation.comment.includes("}")) {
    throw new PdnWriteError(`ply ${ply + 1}: a comment cannot contain '}': ${JSON.stringify(annotation.comment)}`);
  }
  return annotation;
}

/** A move to write: its text and what was written around it. */
type TextMove = Pick<PdnMove, "text" | "annotation" | "nags" | "commentsBefore" | "comments" | "variations">;

/** How many of the game's first moves are the record's (its text names the move played), so the record's notes belong to them. */
function matchingMoves(game: Game, moves: readonly PdnMove[]): number {
  const positions = game.positions;
  const played = game.moves;
  let n = 0;
  for (; n < Math.min(played.length, moves.length); n++) {
    try {
      const read = positions[n]!.parseMove(moves[n]!.text);
      const move = played[n]!;
      if (read.from !== move.from || read.to !== move.to || read.captured.join() !== move.captured.join()) break;
    } catch (error) {
      if (error instanceof DraughtsError) break;
      throw error;
    }
  }
  return n;
}

/**
 * Appends the words of a line of moves whose first move is ply `ply` (counted so that even plies
 * are the first mover's): numbers, moves with annotations and NAGs, comments, and variations in
 * brackets, each from the ply of the move it replaces.
 */
function lineTokens(moves: readonly TextMove[], ply: number, tokens: string[]): void {
  let numbered = true; // the other side's move needs its `n...` at the start and after a note
  moves.forEach((move, j) => {
    const k = ply + j;
    for (const text of move.commentsBefore ?? []) tokens.push(comment(text));
    const number = Math.floor(k / 2) + 1;
    const label = k % 2 === 0 ? `${number}. ` : numbered || (move.commentsBefore?.length ?? 0) > 0 ? `${number}... ` : "";
    tokens.push(`${label}${move.text}${move.annotation ?? ""}`);
    numbered = false;
    for (const nag of move.nags ?? []) tokens.push(`$${nag}`);
    for (const text of move.comments ?? []) {
      tokens.push(comment(text));
      numbered = true;
    }
    for (const variation of move.variations ?? []) {
      const inner: string[] = [];
      lineTokens(variation, k, inner);
      if (inner.length === 0) tokens.push("()");
      else {
        inner[0] = `(${inner[0]}`;
        inner[inner.length - 1] += ")";
        tokens.push(...inner);
      }
      numbered = true;
    }
  });
}

function comment(text: string): string {
  return `{${text}}`;
}

function wrap(tokens: string[], width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const token of tokens) {
    if (line.length > 0 && line.length + 1 + token.length > width) {
      lines.push(line);
      line = token;
    } else line = line.length > 0 ? `${line} ${token}` : token;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function resultMarker(input: PdnWriteInput, variant: VariantName, style: ResultStyle): string {
  if (input.result !== undefined) {
    if (!PDN_RESULTS.has(input.result)) throw new PdnWriteError(`${JSON.stringify(input.result)} is not a PDN result (${[...PDN_RESULTS].join(", ")})`);
    return input.result;
  }
  const ended = markerOf(input.game!.result, style === "auto" ? (variant === "english" ? "one-point" : "two-point") : style);
  if (ended !== undefined) return ended;
  const tagged = input.tags?.Result;
  return tagged !== undefined && PDN_RESULTS.has(tagged) ? tagged : "*";
}

/** The marker of a game's result; undefined while it goes on. */
export function markerOf(result: GameResult, style: Exclude<ResultStyle, "auto">): string | undefined {
  const onePoint = style === "one-point";
  if (result.status === "draw") return onePoint ? "1/2-1/2" : "1-1";
  if (result.status === "win") return result.winner === "white" ? (onePoint ? "1-0" : "2-0") : onePoint ? "0-1" : "0-2";
  return undefined;
}
