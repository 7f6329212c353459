// A position of one variant: immutable, built only by parsing or validated set-up, so every
// Position the library hands out is one the rules allow. Moves are listed by the core and
// played here, returning a new Position. Its Cursor lives here too (below): each names the
// other, and one module keeps the two from importing each other.

import { PIECE_BLACK_KING, PIECE_BLACK_MAN, PIECE_EMPTY, PIECE_WHITE_KING, PIECE_WHITE_MAN } from "./contract.js";
import { Engine, MAX_DEPTH } from "./engine.js";
import { type RawBoard } from "./raw.js";
import { engineFor } from "./loader.js";
import { ArgumentError, IllegalMoveError, NotationError, SetupError, quote } from "./errors.js";
import { FenBoard, parseFen, writeFen } from "./fen.js";
import { INSPECT, ListedMove, listMoves } from "./moves.js";
import { Move, capturesAlong, moveText, readMoveText } from "./notation.js";
import { onOwnPromotionRow, squareAt, squareCount, startSquares } from "./squares.js";
import { Color, Duplicates, VariantInfo, VariantName, coreVariantId, variantInfo } from "./variant.js";
import { type KingStreaks, NO_STREAKS, sameStreaks, streakBytes, streaksAfter, streaksOfBytes } from "./king-streak.js";

/** A piece on the board: its colour, and whether it is a man or a king. */
export interface Piece {
  readonly color: Color;
  readonly role: "man" | "king";
}

/** How positions are made: the optional-capture house rule, the square notation, and the engine (core instance) they use. */
export interface PositionOptions {
  /** The optional-capture house rule: captures are allowed, never forced. Default false. */
  readonly optionalCapture?: boolean;
  /** Write moves with algebraic squares (default: the variant's custom, RULES.md 2). */
  readonly algebraic?: boolean;
  /** The core instance to use (default: the shared one, see `init`). */
  readonly engine?: Engine;
}

/** How perft counts captures that take the same pieces by different routes (RULES.md 4.2). */
export interface PerftOptions {
  /** Count capture routes (`keep`) or moves (`drop`); default: the variant's (RULES.md 4.2). */
  readonly duplicates?: Duplicates;
}

/** A position given piece by piece (Position.fromSetup): the side to move and each side's men and kings. */
export interface Setup {
  readonly turn: Color;
  /** Pieces by square number. */
  readonly pieces: Iterable<readonly [number, Piece]>;
}

/** Characters of toAscii by piece code. */
const PIECE_CHARS: Record<number, string> = { [PIECE_EMPTY]: ".", [PIECE_WHITE_MAN]: "w", [PIECE_WHITE_KING]: "W", [PIECE_BLACK_MAN]: "b", [PIECE_BLACK_KING]: "B" };

const CODES: Record<string, number> = { "white-man": PIECE_WHITE_MAN, "white-king": PIECE_WHITE_KING, "black-man": PIECE_BLACK_MAN, "black-king": PIECE_BLACK_KING };

function pieceOfCode(code: number): Piece | undefined {
  switch (code) {
    case PIECE_WHITE_MAN: return { color: "white", role: "man" };
    case PIECE_WHITE_KING: return { color: "white", role: "king" };
    case PIECE_BLACK_MAN: return { color: "black", role: "man" };
    case PIECE_BLACK_KING: return { color: "black", role: "king" };
  }
  return undefined;
}

/** What the core reads of a position: the id of its variant's rules and its raw board. */
export interface CoreInput {
  readonly variantId: number;
  /** The position's own board: read it, never write to it. */
  readonly board: RawBoard;
}

/** Set by Position's static block: reads a position's private fields. */
let coreInputOf: (position: Position) => CoreInput;

/** What the core reads of `position` (made once per position): for Position itself, perft's work units and the search. */
export function toCore(position: Position): CoreInput {
  return coreInputOf(position);
}

/** A position of one variant: whose turn it is, the pieces, and the rules it is played by (immutable; `play` returns the next one). */
export class Position {
  readonly #info: VariantInfo;
  readonly #turn: Color;
  readonly #squares: Uint8Array;
  readonly #optionalCapture: boolean;
  readonly #algebraic: boolean;
  readonly #engine: Engine;
  readonly #streaks: KingStreaks;
  #moves: readonly ListedMove[] | undefined;
  #core: CoreInput | undefined;

  static {
    coreInputOf = (position) => {
      if (position.#core === undefined) {
        const variantId = coreVariantId(position.#info, position.#optionalCapture);
        const board: RawBoard = { whiteToMove: position.#turn === "white", squares: position.#squares };
        position.#core = { variantId, board: position.#info.frisian ? { ...board, streaks: streakBytes(position.#streaks) } : board };
      }
      return position.#core;
    };
  }

  private constructor(info: VariantInfo, turn: Color, squares: Uint8Array, optionalCapture: boolean, algebraic: boolean, engine: Engine, streaks: KingStreaks = NO_STREAKS) {
    this.#info = info;
    this.#streaks = streaks;
    this.#turn = turn;
    this.#squares = squares;
    this.#optionalCapture = optionalCapture;
    this.#algebraic = algebraic;
    this.#engine = engine;
  }

  static #make(info: VariantInfo, board: FenBoard, options: PositionOptions): Position {
    return new Position(info, board.turn, board.squares, options.optionalCapture ?? false, options.algebraic ?? info.algebraic, options.engine ?? engineFor(info.name, options.optionalCapture ?? false), board.streaks ?? NO_STREAKS);
  }

  /** The variant's start position (RULES.md 2). */
  static initial(variant: VariantName, options: PositionOptions = {}): Position {
    const info = variantInfo(variant);
    checkOptions(options, "Position.initial(variant, options)");
    const squares = new Uint8Array(squareCount(info) + 1);
    for (const s of startSquares(info, false)) squares[s] = PIECE_BLACK_MAN;
    for (const s of startSquares(info, true)) squares[s] = PIECE_WHITE_MAN;
    return Position.#make(info, { turn: info.firstToMove, squares }, options);
  }

  /** Reads a PDN FEN; throws VariantError or FenError. */
  static fromFen(variant: VariantName, fen: string, options: PositionOptions = {}): Position {
    const info = variantInfo(variant);
    checkOptions(options, "Position.fromFen(variant, fen, options)");
    const board = parseFen(info, fen);
    checkPieceCounts(info, board.squares, (message) => new SetupError(`${message} in FEN ${JSON.stringify(fen)}`));
    return Position.#make(info, board, options);
  }

  /** Builds a position from pieces; throws SetupError when the rules could not produce it. */
  static setup(variant: VariantName, setup: Setup, options: PositionOptions = {}): Position {
    const info = variantInfo(variant);
    checkOptions(options, "Position.setup(variant, setup, options)");
    if (typeof setup !== "object" || setup === null) throw new SetupError(`a set-up must be an object { turn, pieces }, not ${String(setup)}`);
    if (typeof (setup.pieces as Iterable<unknown> | undefined)?.[Symbol.iterator] !== "function") {
      throw new SetupError("the set-up's pieces must be an iterable of [square, piece] pairs");
    }
    if (setup.turn !== "white" && setup.turn !== "black") throw new SetupError(`turn must be "white" or "black", not ${JSON.stringify(setup.turn)}`);
    const count = squareCount(info);
    const squares = new Uint8Array(count + 1);
    for (const entry of setup.pieces) {
      if (!Array.isArray(entry) || entry.length !== 2) throw new SetupError(`a piece must be a [square, piece] pair, not ${JSON.stringify(entry)}`);
      const [square, piece] = entry as [number, Piece];
      if (!Number.isInteger(square) || square < 1 || square > count) throw new SetupError(`square ${square} is off the board (squares are 1 to ${count})`);
      const code = CODES[`${piece?.color}-${piece?.role}`];
      if (code === undefined) throw new SetupError(`square ${square}: ${JSON.stringify(piece)} is not a piece`);
      if (squares[square] !== PIECE_EMPTY) throw new SetupError(`square ${square} holds two pieces`);
      if (piece.role === "man" && onOwnPromotionRow(info, square, piece.color === "white")) {
        throw new SetupError(`a ${piece.color} man cannot stand on square ${square}, its own promotion row`);
      }
      squares[square] = code;
    }
    checkPieceCounts(info, squares, (message) => new SetupError(message));
    return Position.#make(info, { turn: setup.turn, squares }, options);
  }

  get variant(): VariantName {
    return this.#info.name;
  }

  get turn(): Color {
    return this.#turn;
  }

  /**
   * Frisian and frysk: each side's king streak, the quiet moves in a row it made with one king
   * and that king's square (a third forbids it a fourth while the side has a man). A position
   * read from a FEN without the king-move field, set up, or of another variant has none.
   */
  get kingStreaks(): KingStreaks {
    return this.#streaks;
  }

  get optionalCapture(): boolean {
    return this.#optionalCapture;
  }

  /** Whether moves are written with algebraic squares (the variant's custom unless set). */
  get algebraic(): boolean {
    return this.#algebraic;
  }

  /**
   * The options the position was made with, engine included: every position played from it
   * has the same, and `Game.fromPosition(position)` needs nothing else.
   */
  get options(): Required<PositionOptions> {
    return { optionalCapture: this.#optionalCapture, algebraic: this.#algebraic, engine: this.#engine };
  }

  /** Number of playable squares (32, 50, or turkish's 64). */
  get squareCount(): number {
    return this.#squares.length - 1;
  }

  /** The piece on a square (a number, or an algebraic name where the variant uses them), or undefined when it is empty. */
  pieceAt(square: number): Piece | undefined {
    return pieceOfCode(this.#squares[square] ?? PIECE_EMPTY);
  }

  /** Every piece on the board, by ascending square. */
  pieces(): Array<{ square: number; piece: Piece }> {
    const out: Array<{ square: number; piece: Piece }> = [];
    for (let s = 1; s < this.#squares.length; s++) {
      const piece = pieceOfCode(this.#squares[s]!);
      if (piece) out.push({ square: s, piece });
    }
    return out;
  }

  /** The canonical PDN FEN. */
  toFen(): string {
    return writeFen({ turn: this.#turn, squares: this.#squares, streaks: this.#streaks });
  }

  /** The legal moves (RULES.md 3–4); empty when the side to move has lost. */
  legalMoves(): readonly Move[] {
    return this.#listed();
  }

  #listed(): readonly ListedMove[] {
    if (this.#moves === undefined) {
      const { variantId, board } = toCore(this);
      const { records, count } = this.#engine.moveRecords(variantId, board);
      this.#moves = listMoves(records, count, this.#info, this.#algebraic);
    }
    return this.#moves;
  }

  /** The move that `text` names; throws NotationError or IllegalMoveError. */
  parseMove(text: string): Move {
    const read = readMoveText(this.#info, text);
    const squares = read.squares;
    const from = squares[0]!;
    const to = squares[squares.length - 1]!;
    let candidates = this.legalMoves().filter((m) => m.from === from && m.to === to);
    // `-` is a step and `x` or `:` a capture (RULES.md 6): a text of the wrong kind names no move.
    const ofKind = candidates.filter((m) => m.isCapture === read.capture);
    if (candidates.length > 0 && ofKind.length === 0) {
      throw new NotationError(`${text.trim()} ${read.capture ? "is written as a capture, but the move is a step: write it with '-'" : "is written as a step, but the move is a capture: write it with 'x'"}`, text);
    }
    candidates = ofKind;
    if (squares.length > 2) {
      const walked = capturesAlong(this.#info, squares, (s) => this.#squares[s]!, this.#turn === "white");
      candidates = candidates.filter((m) => isSubsequence(squares, m.path) || (walked !== undefined && sameSquares(walked, m.captured)));
    }
    if (candidates.length > 1) {
      // A path written out in full names its move even when a shorter text would not.
      const exact = candidates.filter((m) => m.path.length === squares.length && m.path.every((s, i) => s === squares[i]));
      if (exact.length === 1) return exact[0]!;
    }
    if (candidates.length === 1) return candidates[0]!;
    if (candidates.length > 1) {
      throw new NotationError(`${text.trim()} fits ${candidates.length} legal moves (${candidates.map((m) => m.notation).join(", ")}): give the landing squares`, text);
    }
    const piece = this.pieceAt(from);
    const why = !piece
      ? `square ${from} is empty`
      : piece.color !== this.#turn
        ? `the piece on square ${from} is ${piece.color}'s, and ${this.#turn} is to move`
        : `it is not among the legal moves (${this.legalMoves().map((m) => m.notation).join(", ") || "none"})`;
    throw new IllegalMoveError(`illegal move ${text.trim()}: ${why}`, text);
  }

  /**
   * The position after `move` (a listed Move or move text); this position is unchanged.
   * (`Game.play` changes its game instead, and returns the Move it played.)
   */
  play(move: Move | string): Position {
    // A move of this position's own listing needs no search (the fast path of playouts).
    const listed = this.#listed();
    const own = listed.indexOf(move as ListedMove);
    const legal = own >= 0 ? listed[own]! : typeof move === "string" ? this.parseMove(move) : this.#find(move);
    const white = this.#turn === "white";
    const squares = ListedMove.applied(legal as ListedMove, this.#squares, white);
    const king = this.#squares[legal.from] === PIECE_WHITE_KING || this.#squares[legal.from] === PIECE_BLACK_KING;
    const streaks = this.#info.frisian ? streaksAfter(this.#streaks, this.#turn, { from: legal.from, to: legal.to, king, captured: legal.captured }) : NO_STREAKS;
    return new Position(this.#info, white ? "black" : "white", squares, this.#optionalCapture, this.#algebraic, this.#engine, streaks);
  }

  /**
   * Number of leaf nodes of the legal-move tree `depth` plies deep (0 to 64): perft(0) = 1, the
   * position itself. Throws ArgumentError for a bad depth or option.
   */
  perft(depth: number, options: PerftOptions = {}): bigint {
    const keep = this.#keep("perft", depth, options);
    const { variantId, board } = toCore(this);
    return this.#engine.perft(variantId, board, depth, keep);
  }

  /**
   * Perft(depth − 1) below each legal move, by its notation (full paths where routes must be
   * told apart), in legalMoves() order; the counts sum to perft(depth). divide(0) is empty:
   * perft(0) = 1 counts the position itself, below no move.
   */
  divide(depth: number, options: PerftOptions = {}): Map<string, bigint> {
    const keep = this.#keep("divide", depth, options);
    if (depth === 0) return new Map();
    const { variantId, board } = toCore(this);
    const { records, count, counts } = this.#engine.divide(variantId, board, depth, keep);
    const moves = listMoves(records, count, this.#info, this.#algebraic, counts);
    return new Map(moves.map((m, k) => [m.notation, counts[k]!]));
  }

  /**
   * A cursor on this position: make and unmake moves by index over the core's search state,
   * for walking trees without building a Position or a Move a node (see Cursor).
   */
  cursor(): Cursor {
    const count = this.#squares.length;
    const { variantId, board } = toCore(this);
    return new Cursor({
      engine: this.#engine,
      info: this.#info,
      variantId,
      algebraic: this.#algebraic,
      board,
      materialise: (board) => new Position(this.#info, board.whiteToMove ? "white" : "black", board.squares.slice(0, count), this.#optionalCapture, this.#algebraic, this.#engine,
        this.#info.frisian && board.streaks !== undefined ? streaksOfBytes(board.streaks) : NO_STREAKS),
    });
  }

  /** The 64-bit Zobrist key of the position (pieces and side to move). */
  key(): bigint {
    const { variantId, board } = toCore(this);
    return this.#engine.key(variantId, board);
  }

  /** Same variant, rules, side to move, pieces and (frisian) king streaks. */
  equals(other: Position): boolean {
    if (other.#info !== this.#info || other.#turn !== this.#turn || other.#optionalCapture !== this.#optionalCapture) return false;
    if (!sameStreaks(other.#streaks, this.#streaks)) return false;
    return this.#squares.every((code, s) => other.#squares[s] === code);
  }

  /** The position's FEN. */
  toString(): string {
    return `${this.#info.name}${this.#optionalCapture ? " (optional capture)" : ""} ${this.toFen()}`;
  }

  /**
   * The board as text, White at the bottom, in the variant's own orientation (italian and
   * spanish mirrored): `w`/`W` a white man/king, `b`/`B` black, `.` an empty playable square.
   * Coordinates as the variant writes squares: ranks and files for algebraic variants, the
   * range of square numbers beside each row otherwise.
   */
  toAscii(): string {
    const size = this.#info.size;
    const lines: string[] = [];
    for (let row = 0; row < size; row++) {
      const cells: string[] = [];
      const numbers: number[] = [];
      for (let column = 0; column < size; column++) {
        const square = squareAt(this.#info, row, column);
        if (square === undefined) cells.push(" ");
        else {
          cells.push(PIECE_CHARS[this.#squares[square]!] ?? "?");
          numbers.push(square);
        }
      }
      const board = cells.join(" ");
      lines.push(this.#algebraic ? `${String(size - row).padStart(2)}  ${board}`.trimEnd() : `${board}   ${numbers[0]}-${numbers.at(-1)}`);
    }
    if (this.#algebraic) lines.push(`    ${Array.from({ length: size }, (_, c) => String.fromCharCode(97 + c)).join(" ")}`);
    return lines.join("\n");
  }

  /** For JSON.stringify: the variant, the FEN and the rules in force. */
  toJSON(): { variant: VariantName; fen: string; optionalCapture: boolean } {
    return { variant: this.#info.name, fen: this.toFen(), optionalCapture: this.#optionalCapture };
  }

  /** What console.log shows in Node: the variant, the FEN, the board and the side to move. */
  [INSPECT](): string {
    return `Position ${this.toString()}\n${this.toAscii()}\n${this.#turn} to move`;
  }

  /** Checks perft's and divide's arguments; whether capture routes are counted. */
  #keep(call: string, depth: number, options: PerftOptions): boolean {
    if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
      throw new ArgumentError(`${call}(depth): depth must be a whole number from 0 to ${MAX_DEPTH}, got ${quote(depth)}`, "depth", depth);
    }
    checkOptions(options, `${call}(depth, options)`, ["duplicates"]);
    const duplicates = options.duplicates ?? this.#info.defaultDuplicates;
    if (duplicates !== "keep" && duplicates !== "drop") {
      throw new ArgumentError(`${call}(depth, options): duplicates must be "keep" or "drop", got ${quote(duplicates)}`, "duplicates", duplicates);
    }
    return duplicates === "keep";
  }

  #find(move: Move): Move {
    const isSquareList = (value: unknown): boolean => Array.isArray(value) && value.every((s) => Number.isInteger(s));
    if (typeof move !== "object" || move === null || !Number.isInteger(move.from) || !Number.isInteger(move.to)
      || !isSquareList(move.captured) || (move.path !== undefined && !isSquareList(move.path))) {
      throw new IllegalMoveError(`not a move: ${JSON.stringify(move)} (expected a Move from legalMoves(), or move text)`, String(JSON.stringify(move)));
    }
    const found = this.legalMoves().find((m) => m.from === move?.from && m.to === move.to && sameSquares(m.captured, move.captured ?? []));
    if (!found) {
      const text = moveText(this.#info, { from: move.from, to: move.to, isCapture: move.captured.length > 0, path: move.path ?? [move.from, move.to] }, true, this.#algebraic);
      throw new IllegalMoveError(`illegal move ${text}: it is not among the legal moves`, text);
    }
    return found;
  }

}

/**
 * Options must be an object; with `known`, one with only those members (a typo or a removed
 * option is an error, not ignored). Positions take wider objects (a Game's options) as they are.
 */
export function checkOptions(options: unknown, where: string, known?: readonly string[]): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new ArgumentError(`${where}: options must be an object, got ${quote(options)}`, "options", options);
  }
  for (const name of known === undefined ? [] : Object.keys(options)) {
    if (!known!.includes(name)) {
      const hint = name === "divide" ? " (use divide(depth) for the count below each move)" : "";
      throw new ArgumentError(`${where}: unknown option ${quote(name)}${hint}; the options are ${known!.join(", ")}`, name, (options as Record<string, unknown>)[name]);
    }
  }
}

function checkPieceCounts(info: VariantInfo, squares: Uint8Array, error: (message: string) => Error): void {
  const limit = info.men;
  let white = 0;
  let black = 0;
  for (const code of squares) {
    if (code === PIECE_WHITE_MAN || code === PIECE_WHITE_KING) white++;
    else if (code === PIECE_BLACK_MAN || code === PIECE_BLACK_KING) black++;
  }
  if (white > limit) throw error(`white has ${white} pieces, more than the ${limit} a game starts with`);
  if (black > limit) throw error(`black has ${black} pieces, more than the ${limit} a game starts with`);
}

function sameSquares(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function isSubsequence(wanted: readonly number[], path: readonly number[]): boolean {
  let i = 0;
  for (const s of path) if (s === wanted[i]) i++;
  return i === wanted.length;
}

// A cursor: a position walked with make and unmake on the core's search state, for hosts that
// walk trees (bots, solvers, perft in JavaScript). Moves are indices 0 … moves() − 1 in the
// core's order; nothing is read back into JavaScript until moveAt or position asks for it.
//
// The search state is one per engine. A cursor remembers the indices it made from its root, so
// when something else loaded the engine's state in between (another cursor, a search), it loads
// its root again and replays them before going on.

/** What a cursor needs from its root position (see Position.cursor). */
export interface CursorRoot {
  readonly engine: Engine;
  readonly info: VariantInfo;
  readonly variantId: number;
  readonly algebraic: boolean;
  readonly board: RawBoard;
  /** Builds a position of the root's variant and options from a board of the search state. */
  readonly materialise: (board: RawBoard) => Position;
}

/** A walker over the move tree from one position (Position.cursor()): play and undo moves in place, without making a Position per node. */
export class Cursor {
  readonly #root: CursorRoot;
  /** Indices made from the root, one a ply. */
  readonly #made: number[] = [];
  /** Moves listed at each ply (−1: not listed yet), from the root to the current ply. */
  readonly #counts: number[] = [-1];
  /** Moves named at each ply, for moveAt. */
  readonly #named: Array<readonly Move[] | undefined> = [undefined];

  /** Made by `Position.cursor()`. */
  constructor(root: CursorRoot) {
    this.#root = root;
    root.engine.stateLoad(root.variantId, root.board);
    root.engine.claimState(this);
  }

  /** Plies made from the root. */
  get ply(): number {
    return this.#made.length;
  }

  /** The side to move. */
  get turn(): Color {
    const rootWhite = this.#root.board.whiteToMove;
    return rootWhite === (this.#made.length % 2 === 0) ? "white" : "black";
  }

  /** The number of legal moves here (0: the side to move has lost); moves are 0 … moves() − 1. */
  moves(): number {
    this.#own();
    const ply = this.#made.length;
    if (this.#counts[ply]! < 0) this.#counts[ply] = this.#root.engine.stateMoveCount(this.#root.variantId);
    return this.#counts[ply]!;
  }

  /** Plays move `index` (0 … moves() − 1); throws IllegalMoveError for another index. */
  make(index: number): void {
    const count = this.moves();
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new IllegalMoveError(`make(index): no move ${String(index)} here, the position has ${count} legal moves (indices 0 to ${count - 1})`, String(index));
    }
    this.#root.engine.stateMake(this.#root.variantId, index);
    this.#made.push(index);
    this.#counts.push(-1);
    this.#named.push(undefined);
  }

  /** Takes back the last move made; false at the root. */
  unmake(): boolean {
    if (this.#made.length === 0) return false;
    this.#own();
    this.#root.engine.stateUnmake(this.#root.variantId);
    this.#made.pop();
    this.#counts.pop();
    this.#named.pop();
    return true;
  }

  /** Move `index` of this ply as a Move (named among this ply's moves), read from the core only now. */
  moveAt(index: number): Move {
    const count = this.moves();
    if (!Number.isInteger(index) || index < 0 || index >= count) {
      throw new IllegalMoveError(`moveAt(index): no move ${String(index)} here, the position has ${count} legal moves (indices 0 to ${count - 1})`, String(index));
    }
    const ply = this.#made.length;
    if (this.#named[ply] === undefined) {
      const { records, count: listed } = this.#root.engine.stateMoveRecords(this.#root.variantId);
      this.#named[ply] = listMoves(records, listed, this.#root.info, this.#root.algebraic, undefined, false);
    }
    return this.#named[ply]![index]!;
  }

  /** The current position, as an immutable Position. */
  position(): Position {
    this.#own();
    return this.#root.materialise(this.#root.engine.stateBoard(this.#root.variantId));
  }

  /** The current position's Zobrist key (as Position.key gives it), kept up to date move by move. */
  key(): bigint {
    this.#own();
    return this.#root.engine.stateKey();
  }

  /** The current position's FEN. */
  toString(): string {
    return `Cursor ${this.#root.info.name}, ${this.#made.length} plies from the root`;
  }

  /** What Node's console shows: the current position's FEN. */
  [INSPECT](): string {
    return this.toString();
  }

  /** Loads the root and replays the moves made when the engine's state served something else meanwhile. */
  #own(): void {
    const { engine, variantId, board } = this.#root;
    if (engine.claimState(this)) return;
    engine.stateLoad(variantId, board);
    engine.claimState(this);
    this.#made.forEach((index) => {
      engine.stateMoveCount(variantId);
      engine.stateMake(variantId, index);
    });
  }
}
