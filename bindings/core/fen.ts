// PDN FEN (RULES.md section 6): `W:W31-50:B1-20`. Reading is lenient where real files are
// (either colour order, ranges, algebraic squares, spaces, a trailing '.', an empty or missing
// colour) and strict about the position itself; writing is canonical.

import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "./contract.js";
import { FenError, excerpt } from "./errors.js";
import { onOwnPromotionRow, readSquare, squareCount } from "./squares.js";
import type { Color, VariantInfo } from "./variant.js";
import { type KingStreaks, NO_STREAKS, hasStreak, readStreakField, streakField } from "./king-streak.js";

/** A position as FEN describes it. `squares[s]` holds the piece code on square s (1-based). */
export interface FenBoard {
  readonly turn: Color;
  readonly squares: Uint8Array;
  /** Frisian's king streaks (king-streak.ts); none when left out. */
  readonly streaks?: KingStreaks;
}

/** Reads a FEN; throws FenError naming the token that is wrong. */
export function parseFen(variant: VariantInfo, fen: string): FenBoard {
  if (typeof fen !== "string") throw new FenError("a FEN must be a string", String(fen));
  const text = fen.replace(/\s+/g, "").replace(/\.$/, "");
  if (text.length === 0) throw new FenError("the FEN is empty", fen);
  if (text.length > 1000) throw new FenError(`the FEN is too long (${text.length} characters)`, fen);
  const fields = text.split(":");
  const side = fields[0]!.toUpperCase();
  if (side !== "W" && side !== "B") {
    // Quoted as written: the spaces removed above are part of what the caller wrote.
    const written = fen.split(":")[0]!.trim();
    throw new FenError(`the FEN must start with the side to move, W or B, not ${excerpt(written)}`, fen, written);
  }
  const count = squareCount(variant);
  const squares = new Uint8Array(count + 1);
  const seen = new Set<string>();
  let streaks: KingStreaks = NO_STREAKS;
  let streakText: string | undefined;
  for (const field of fields.slice(1)) {
    const tag = field.charAt(0).toUpperCase();
    if (tag === "+") {
      if (!variant.frisian) throw new FenError(`${excerpt(field)}: a king-move field belongs to frisian's FEN, not ${variant.name}'s`, fen, field);
      if (streakText !== undefined) throw new FenError("the king-move field is given twice", fen, field);
      const read = readStreakField(field);
      if ("problem" in read) throw new FenError(read.problem, fen, field);
      streaks = read;
      streakText = field;
      continue;
    }
    if (tag === "H" || tag === "F") {
      // Move counters some programs append (`:H0:F1`); they are not part of the position.
      if (!/^\d+$/.test(field.slice(1))) throw new FenError(`bad move counter ${excerpt(field)}`, fen, field);
      continue;
    }
    if (tag !== "W" && tag !== "B") {
      throw new FenError(`expected a piece list starting with W or B, found ${excerpt(field)}`, fen, field);
    }
    if (seen.has(tag)) throw new FenError(`the ${tag === "W" ? "white" : "black"} pieces are listed twice`, fen, field);
    seen.add(tag);
    const white = tag === "W";
    const list = field.slice(1);
    if (list.length === 0) continue;
    for (const token of list.split(",")) {
      readToken(variant, fen, token, white, squares);
    }
  }
  if (streakText !== undefined) checkStreaks(streaks, squares, fen, streakText);
  return { turn: side === "W" ? "white" : "black", squares, streaks };
}

/** Each streak must name a king of its own colour. */
function checkStreaks(streaks: KingStreaks, squares: Uint8Array, fen: string, field: string): void {
  for (const color of ["white", "black"] as const) {
    const { count, square } = streaks[color];
    if (count === 0) continue;
    if (square < 1 || square >= squares.length) throw new FenError(`${color}'s king-move square ${square} is off the board (squares are 1 to ${squares.length - 1})`, fen, field);
    if (squares[square] !== (color === "white" ? PIECE_WHITE_KING : PIECE_BLACK_KING)) {
      throw new FenError(`${color}'s king-move field names square ${square}, where no ${color} king stands`, fen, field);
    }
  }
}

function readToken(variant: VariantInfo, fen: string, token: string, white: boolean, squares: Uint8Array): void {
  if (token.length === 0) throw new FenError("empty square in a piece list (two commas in a row?)", fen, token);
  const king = token.charAt(0).toUpperCase() === "K";
  const body = king ? token.slice(1) : token;
  const range = /^(\d+)-(\d+)$/.exec(body);
  let first: number;
  let last: number;
  if (range) {
    first = squareNumber(variant, fen, range[1]!);
    last = squareNumber(variant, fen, range[2]!);
    if (last < first) throw new FenError(`range ${token} runs backwards`, fen, token);
  } else {
    first = last = squareNumber(variant, fen, body);
  }
  for (let square = first; square <= last; square++) {
    if (squares[square] !== PIECE_EMPTY) throw new FenError(`square ${square} holds two pieces`, fen, token);
    if (!king && onOwnPromotionRow(variant, square, white)) {
      throw new FenError(`a ${white ? "white" : "black"} man cannot stand on square ${square}, its own promotion row`, fen, token);
    }
    squares[square] = white ? (king ? PIECE_WHITE_KING : PIECE_WHITE_MAN) : king ? PIECE_BLACK_KING : PIECE_BLACK_MAN;
  }
}

function squareNumber(variant: VariantInfo, fen: string, text: string): number {
  const read = readSquare(variant, text);
  if ("problem" in read) throw new FenError(read.problem, fen, text);
  return read.square;
}

/** The canonical FEN: White's list first, squares ascending, runs of three or more men as ranges. */
export function writeFen(board: FenBoard): string {
  const list = (man: number, king: number): string => {
    const parts: string[] = [];
    const squares = board.squares;
    for (let s = 1; s < squares.length; s++) {
      if (squares[s] === king) parts.push(`K${s}`);
      else if (squares[s] === man) {
        let end = s;
        while (end + 1 < squares.length && squares[end + 1] === man) end++;
        if (end - s >= 2) {
          parts.push(`${s}-${end}`);
          s = end;
        } else parts.push(String(s));
      }
    }
    return parts.join(",");
  };
  const streaks = board.streaks !== undefined && hasStreak(board.streaks) ? `:${streakField(board.streaks)}` : "";
  return `${board.turn === "white" ? "W" : "B"}:W${list(PIECE_WHITE_MAN, PIECE_WHITE_KING)}:B${list(PIECE_BLACK_MAN, PIECE_BLACK_KING)}${streaks}`;
}
