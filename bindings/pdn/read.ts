// Reading PDN files into games: every game's variant (its GameType, or the caller's fallback),
// its start position (the FEN tag, or the variant's start), and its main line played move by
// move with Game.play, which resolves each move by legality (RULES.md 6): a capture written
// origin-to-destination only is the legal capture it names, an ambiguous one is an error that
// lists the candidates, a full path is always accepted. Results are read in both conventions.
//
// Decisions:
// - A FEN tag sets the start position whether or not a `SetUp "1"` tag goes with it (real files
//   often leave SetUp out); `SetUp "0"` with a FEN is refused as contradictory.
// - Repetition never ends a game read here: games are replayed with repetition as a claim
//   (RULES.md 5.4), so a recorded game goes on after a third occurrence and the game's
//   `drawClaim` says when the last position allows the claim.
// - Games are replayed with `playAfterDraw`, for the counting rules: over the board some are
//   claims (english's 40-move rule), and a record may go on after the engine's automatic limit;
//   the game's `result` still reports the first draw reached. A move after a game is won cannot
//   be legal anyway.
// - Variations are kept in `record` as text (not checked against the rules), or skipped.

import { DraughtsError, excerpt } from "../core/errors.js";
import { Game, GameOverError } from "../game/game.js";
import { PdnError, PdnMove, PdnRecord, parsePdn, variantOfGameType, variantOfVariantTag } from "./parse.js";
import type { PositionOptions } from "../core/position.js";
import { Color, VariantName, variantInfo } from "../core/variant.js";

/** A game of a PDN file that cannot be played: a bad FEN tag, an unknown GameType, an illegal or unreadable move. */
export class PdnGameError extends PdnError {
  override name = "PdnGameError";
  constructor(
    message: string,
    line: number,
    /** 1-based number of the game in the file. */
    readonly game: number,
    /** The move number as PDN writes it (`12.` or `12...`), for a move error. */
    readonly moveNumber?: string,
    /** The move text as written, for a move error. */
    readonly moveText?: string,
    cause?: unknown,
  ) {
    super(`game ${game}${moveNumber !== undefined ? `, move ${moveNumber} ${shownMove(moveText ?? "")}` : ""}: ${message}`, line);
    if (cause !== undefined) this.cause = cause;
  }
}

/** A move as the file writes it when it is plain and short, else a quoted, escaped excerpt (a binary file's bytes are not echoed). */
function shownMove(text: string): string {
  return /^[!-~]{1,40}$/.test(text) ? text : excerpt(text);
}

/** How readPdn plays a file's games: the variant when no GameType tag says it, the optional-capture rule, and whether a bad move stops the file or only its game. */
export interface ReadPdnOptions extends Pick<PositionOptions, "optionalCapture" | "algebraic" | "engine"> {
  /** The variant of games whose GameType is absent or names no variant this library plays. */
  readonly variant?: VariantName;
  /**
   * Go on with the next game after one that cannot be read (default false: throw its
   * PdnGameError). The bad game is returned with `error` and the moves read before it.
   */
  readonly continueOnError?: boolean;
  /** Keep variations in each game's `record` (default true). */
  readonly variations?: boolean;
}

/** A game read from a PDN file. */
export interface PdnEntry {
  /** 1-based number of the game in the file. */
  readonly number: number;
  /** Tag pairs as written. */
  readonly tags: Readonly<Record<string, string>>;
  /** The variant played; undefined only when it could not be told (see `error`). */
  readonly variant: VariantName | undefined;
  /** The game: every move of the main line, or those before the error. Undefined only when the start could not be set up. */
  readonly game: Game | undefined;
  /** The termination marker as written (`2-0`, `1/2-1/2`, `*`, …), when there is one. */
  readonly result?: string;
  /** Why the game could not be read completely (only with `continueOnError`). */
  readonly error?: PdnGameError;
  /** The text of the game: comments, annotations, variations. */
  readonly record: PdnRecord;
}

/**
 * Reads and plays every game of a PDN file. Throws PdnError for broken structure (an unclosed
 * comment or variation, a malformed tag pair) and, unless `continueOnError`, PdnGameError for
 * the first game that cannot be played.
 */
export function readPdn(text: string, options: ReadPdnOptions = {}): PdnEntry[] {
  if (options.variant !== undefined) variantInfo(options.variant); // an unknown fallback is the caller's error
  return parsePdn(text, { variations: options.variations ?? true }).map((record, index) => {
    const read = playRecord(record, index + 1, options);
    if (read.error !== undefined && options.continueOnError !== true) throw read.error;
    return read;
  });
}

function playRecord(record: PdnRecord, number: number, options: ReadPdnOptions): PdnEntry {
  const base = { number, tags: record.tags, record, ...(record.result !== undefined && { result: record.result }) };
  const fail = (message: string, cause?: unknown, line = record.line) => new PdnGameError(message, line, number, undefined, undefined, cause);

  const gameType = record.tags.GameType;
  // A Variant tag naming a game we play says more than a GameType some variants share (killer's 20).
  const variant = variantOfVariantTag(record.tags.Variant) ?? (gameType !== undefined ? variantOfGameType(gameType) : undefined) ?? options.variant;
  if (variant === undefined) {
    const why = gameType === undefined ? "it has no GameType tag" : `its GameType ${excerpt(gameType)} is not a variant this library plays`;
    return { ...base, variant, game: undefined, error: fail(`${why}, and no fallback variant was given`) };
  }
  const fen = record.tags.FEN;
  if (fen !== undefined && record.tags.SetUp?.trim() === "0") {
    return { ...base, variant, game: undefined, error: fail('the FEN tag contradicts [SetUp "0"]') };
  }
  let game: Game;
  try {
    game = new Game(variant, { ...positionOptions(options), ...(fen !== undefined && { fen }), playAfterDraw: true });
  } catch (error) {
    if (!(error instanceof DraughtsError)) throw error;
    return { ...base, variant, game: undefined, error: fail(`FEN tag: ${error.message}`, error) };
  }

  const label = moveLabels(record.moves, game.turn === variantInfo(variant).firstToMove);
  for (const [ply, move] of record.moves.entries()) {
    try {
      game.play(move.text);
    } catch (error) {
      if (!(error instanceof DraughtsError)) throw error;
      const message = error instanceof GameOverError ? error.message : `${error.message} (position ${game.position.toFen()})`;
      return { ...base, variant, game, error: new PdnGameError(message, move.line, number, label(ply), move.text, error) };
    }
  }
  return { ...base, variant, game };
}

function positionOptions(options: ReadPdnOptions): PositionOptions {
  return {
    ...(options.optionalCapture !== undefined && { optionalCapture: options.optionalCapture }),
    ...(options.algebraic !== undefined && { algebraic: options.algebraic }),
    ...(options.engine !== undefined && { engine: options.engine }),
  };
}

/**
 * Move numbers as PDN writes them (the first mover's `n.`, the other side's `n...`), counted
 * from the number written before the first move when there is one.
 */
export function moveLabels(moves: readonly PdnMove[], firstMoverToMove: boolean): (ply: number) => string {
  const written = moves[0]?.number !== undefined ? Number.parseInt(moves[0].number, 10) : Number.NaN;
  const first = Number.isInteger(written) && written > 0 ? written : 1;
  const offset = firstMoverToMove ? 0 : 1;
  return (ply) => `${first + Math.floor((ply + offset) / 2)}${(ply + offset) % 2 === 0 ? "." : "..."}`;
}

// ---------------------------------------------------------------------------------------------
// Results

/** What a termination marker says, in either convention (`1-0`/`2-0`, `1/2-1/2`/`1-1`, …). */
export interface PdnOutcome {
  /** `unknown` for `*` (ongoing or not recorded) and `0-0` (both lost, or not played). */
  readonly status: "win" | "draw" | "unknown";
  readonly winner?: Color;
}

/** Reads a termination marker; undefined for text that is none. */
export function outcomeOfResult(marker: string): PdnOutcome | undefined {
  switch (marker.trim()) {
    case "1-0":
    case "2-0":
      return { status: "win", winner: "white" };
    case "0-1":
    case "0-2":
      return { status: "win", winner: "black" };
    case "1-1":
    case "1/2-1/2":
    case "½-½":
      return { status: "draw" };
    case "0-0":
    case "*":
      return { status: "unknown" };
  }
  return undefined;
}
