// DXP messages (../shared/protocols/dxp.md, section 3): fixed-width ASCII fields, numbers
// left-padded with '0', names right-padded with blanks. Reading checks every field and throws
// DxpMessageError naming the one that is wrong; writing checks its input the same way.

import { DraughtsError } from "../core/errors.js";

/** A DXP message that cannot be read or written: `text` is the message, the message says which field is wrong. */
export class DxpMessageError extends DraughtsError {
  override name = "DxpMessageError";
  constructor(message: string, readonly text: string) {
    super(message);
  }
}

/** The longest message: 127 characters (the NUL terminator not counted). */
export const MAX_MESSAGE = 127;
export const NAME_WIDTH = 32;

/** White or black in DXP's letters: W, and Z (Dutch "zwart"). */
export type DxpColor = "white" | "black";

export interface GameRequest {
  readonly type: "R";
  readonly version: string;
  readonly name: string;
  readonly followerColor: DxpColor;
  /** Minutes per player. */
  readonly minutes: number;
  /** Moves per player for that time; 0: no move limit. */
  readonly moves: number;
  /** Absent: the start position. Else the side to move and one of w z W Z e per field. */
  readonly setup?: { readonly turn: DxpColor; readonly board: string };
}

export interface GameAccept {
  readonly type: "A";
  readonly name: string;
  /** 0 accepted; 1 version not supported; 2 this game refused; 3 never. */
  readonly code: 0 | 1 | 2 | 3;
}

export interface DxpMove {
  readonly type: "M";
  /** Seconds used for this move. */
  readonly seconds: number;
  readonly from: number;
  readonly to: number;
  readonly captured: readonly number[];
}

export interface GameEnd {
  readonly type: "E";
  /** 0 no reason; 1 the sender loses; 2 draw; 3 the sender wins. */
  readonly reason: 0 | 1 | 2 | 3;
  /** 0 willing to play another game; 1 stop. */
  readonly stop: 0 | 1;
}

export interface Chat {
  readonly type: "C";
  readonly text: string;
}

export interface BackRequest {
  readonly type: "B";
  readonly moveNumber: number;
  readonly turn: DxpColor;
}

export interface BackAccept {
  readonly type: "K";
  /** 0 accepted; 1 not supported; 2 declined. */
  readonly code: 0 | 1 | 2;
}

export type DxpMessage = GameRequest | GameAccept | DxpMove | GameEnd | Chat | BackRequest | BackAccept;

const fail = (text: string, message: string): never => {
  throw new DxpMessageError(`${JSON.stringify(text.slice(0, 60))}: ${message}`, text);
};

/** Reads one message (without its NUL); throws DxpMessageError. */
export function readDxp(text: string): DxpMessage {
  if (text.length === 0) fail(text, "an empty message");
  if (text.length > MAX_MESSAGE) fail(text, `${text.length} characters, more than ${MAX_MESSAGE}`);
  if (!/^[\x01-\x7f]*$/.test(text)) fail(text, "a character outside ASCII 1–127");
  const digits = (at: number, width: number, field: string): number => {
    const part = text.slice(at, at + width);
    if (!new RegExp(`^\\d{${width}}$`).test(part)) fail(text, `${field} must be ${width} digits at offset ${at}, not ${JSON.stringify(part)}`);
    return Number(part);
  };
  const length = (...allowed: number[]): void => {
    if (!allowed.includes(text.length)) fail(text, `a ${text[0]} message has ${allowed.join(" or ")} characters, not ${text.length}`);
  };
  const color = (at: number, field: string): DxpColor => {
    const c = text[at];
    if (c !== "W" && c !== "Z") fail(text, `${field} must be W or Z, not ${JSON.stringify(c ?? "")}`);
    return c === "W" ? "white" : "black";
  };
  const code = <T extends number>(at: number, max: T, field: string): T => {
    const n = digits(at, 1, field);
    if (n > max) fail(text, `${field} must be 0 to ${max}, not ${n}`);
    return n as T;
  };
  switch (text[0]) {
    case "R": {
      length(43, 94);
      const version = text.slice(1, 3);
      digits(1, 2, "the version");
      const name = nameOf(text.slice(3, 35));
      const followerColor = color(35, "the follower's colour");
      const minutes = digits(36, 3, "the thinking time");
      const moves = digits(39, 3, "the number of moves");
      const start = text[42];
      if (start === "A") {
        length(43);
        return { type: "R", version, name, followerColor, minutes, moves };
      }
      if (start !== "B") return fail(text, `the starting position must be A or B, not ${JSON.stringify(start)}`);
      length(94);
      const turn = color(43, "the colour to move");
      const board = text.slice(44);
      if (!/^[wzWZe]{50}$/.test(board)) fail(text, "the position must be 50 of w z W Z e");
      return { type: "R", version, name, followerColor, minutes, moves, setup: { turn, board } };
    }
    case "A":
      length(34);
      return { type: "A", name: nameOf(text.slice(1, 33)), code: code(33, 3, "the acceptance code") };
    case "M": {
      if (text.length < 11) fail(text, `a move message has at least 11 characters, not ${text.length}`);
      const seconds = digits(1, 4, "the time");
      const from = digits(5, 2, "the from field");
      const to = digits(7, 2, "the to field");
      const count = digits(9, 2, "the number captured");
      if (count > 20) fail(text, `at most 20 pieces are captured, not ${count}`);
      length(11 + 2 * count);
      const captured = Array.from({ length: count }, (_, i) => digits(11 + 2 * i, 2, `captured field ${i + 1}`));
      for (const [field, n] of [["from", from], ["to", to], ...captured.map((c) => ["captured", c] as const)] as const) {
        if (n < 1 || n > 50) fail(text, `the ${field} field ${n} is not a field from 01 to 50`);
      }
      return { type: "M", seconds, from, to, captured };
    }
    case "E":
      length(3);
      return { type: "E", reason: code(1, 3, "the reason"), stop: code(2, 1, "the stop code") };
    case "C":
      if (text.length < 2) fail(text, "a chat message has some text");
      return { type: "C", text: text.slice(1) };
    case "B": {
      length(5);
      const moveNumber = digits(1, 3, "the move number");
      if (moveNumber < 1) fail(text, "the move number starts at 001");
      return { type: "B", moveNumber, turn: color(4, "the colour to move") };
    }
    case "K":
      length(2);
      return { type: "K", code: code(1, 2, "the acknowledge code") };
    default:
      return fail(text, `unknown message type ${JSON.stringify(text[0])}`);
  }
}

function pad(n: number, width: number, field: string): string {
  if (!Number.isInteger(n) || n < 0 || n >= 10 ** width) throw new DxpMessageError(`${field} ${n} does not fit ${width} digits`, String(n));
  return String(n).padStart(width, "0");
}

/**
 * A name as it is read and written: printable ASCII only, without blanks around it. A peer's
 * control characters (a line end, say) would otherwise reach logs and PDN tags.
 */
function nameOf(raw: string): string {
  return raw.replace(/[^\x20-\x7e]/g, "").trim();
}

function padName(name: string): string {
  const clean = nameOf(name).slice(0, NAME_WIDTH);
  if (clean.length === 0) throw new DxpMessageError("a name must have a printable character", name);
  return clean.padEnd(NAME_WIDTH, " ");
}

const letter = (c: DxpColor): string => (c === "white" ? "W" : "Z");

/** The text of a message (without its NUL); throws DxpMessageError for a field that does not fit. */
export function writeDxp(message: DxpMessage): string {
  switch (message.type) {
    case "R": {
      const head = `R${message.version}${padName(message.name)}${letter(message.followerColor)}${pad(message.minutes, 3, "the time")}${pad(message.moves, 3, "the moves")}`;
      if (message.setup === undefined) return `${head}A`;
      if (!/^[wzWZe]{50}$/.test(message.setup.board)) throw new DxpMessageError("the position must be 50 of w z W Z e", message.setup.board);
      return `${head}B${letter(message.setup.turn)}${message.setup.board}`;
    }
    case "A":
      return `A${padName(message.name)}${message.code}`;
    case "M":
      if (message.captured.length > 20) throw new DxpMessageError(`at most 20 captured fields, not ${message.captured.length}`, String(message.captured));
      return `M${pad(Math.min(9999, Math.round(message.seconds)), 4, "the time")}${pad(message.from, 2, "from")}${pad(message.to, 2, "to")}${pad(message.captured.length, 2, "the count")}${message.captured.map((c) => pad(c, 2, "a captured field")).join("")}`;
    case "E":
      return `E${message.reason}${message.stop}`;
    case "C": {
      const text = message.text.replace(/[^\x01-\x7f]|\0/g, "?").slice(0, MAX_MESSAGE - 1);
      return `C${text.length > 0 ? text : " "}`;
    }
    case "B":
      return `B${pad(message.moveNumber, 3, "the move number")}${letter(message.turn)}`;
    case "K":
      return `K${message.code}`;
  }
}

/**
 * Splits a byte stream into messages at NUL. Give it chunks as they arrive; it returns the
 * messages complete so far, and throws DxpMessageError once more than 127 bytes have come
 * without a NUL (pydraughts gives up there too).
 */
export class DxpFramer {
  #pending = "";

  push(chunk: Buffer | string): string[] {
    this.#pending += typeof chunk === "string" ? chunk : chunk.toString("latin1");
    const parts = this.#pending.split("\0");
    this.#pending = parts.pop()!;
    if (this.#pending.length > MAX_MESSAGE) {
      const text = this.#pending;
      this.#pending = "";
      fail(text, `no NUL after ${text.length} characters (a message has at most ${MAX_MESSAGE})`);
    }
    return parts;
  }
}
