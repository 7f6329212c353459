// DXP games over one connection (../shared/protocols/dxp.md, section 2): the initiator asks
// for a game with `R` and the follower answers `A`; then `M` messages alternate until one side
// sends `E` on its turn and the other confirms. Our side ends a game on its own turn when it has
// no legal move or the rules draw it (repetition, the variant's counting rules), as real peers
// expect. `C` is logged at any time; `B` (take-back) is honoured when it names a position of
// the game. A malformed or illegal message from the peer is reported (log and `C`), the game
// ends with `E` and stop code 1, and the connection is closed: the caller decides whether to
// go on (a listener takes the next connection).

import { DraughtsError } from "../core/errors.js";
import { Piece, Position } from "../core/position.js";
import { Color, VariantName, variantInfo } from "../core/variant.js";
import { Game } from "../game/game.js";
import { markerOf, pdnDate, writePdn } from "../pdn/write.js";
import type { SearchEngine } from "../search/search-engine.js";
import type { Level, SearchLimits } from "../search/types.js";
import type { DxpConnection, DxpEvent } from "./dxp-connection.js";
import type { DxpColor, DxpMessage, GameEnd, GameRequest } from "./dxp-messages.js";
import { moveWith } from "./hub-text.js";

export const DXP_VERSION = "01";
/** How long to wait for the peer's answer to a game request, and for the `E` that confirms ours. */
export const ANSWER_MS = 30_000;
export const CONFIRM_MS = 10_000;
/** A game still going after this many plies is ended by us (reason 0): a safety net, the rules end games long before. */
export const MAX_PLIES = 1000;
/**
 * Repetition draws at once, as in engine matches. A peer whose rules draw later may still move
 * after our board has drawn: its moves are played (the first draw stands), and we end the game
 * with E on our next turn.
 */
const GAME_OPTIONS = { repetition: "automatic", playAfterDraw: true } as const;

export interface DxpSide {
  readonly name: string;
  readonly variant: VariantName;
  readonly search: SearchEngine;
  /** A level for people (1–7), with or without a clock. */
  readonly level?: Level;
  /** Reports for people (standard error). */
  readonly log: (line: string) => void;
}

/** How a game over DXP ended. */
export interface DxpGameRecord {
  readonly game: Game;
  readonly white: string;
  readonly black: string;
  /** The PDN result marker. */
  readonly result: string;
  /** Why it ended, for the PDN's Termination tag and the report. */
  readonly termination: string;
  /** The peer asked to stop (stop code 1), or the connection is unusable. */
  readonly stop: boolean;
  /** The peer broke the protocol or the rules. */
  readonly fault?: string;
}

interface Clock {
  readonly minutes: number;
  readonly moves: number;
  usedMs: number;
  movesMade: number;
}

/** The game's PDN, with the players, the date and how it ended. */
export function dxpPdn(record: DxpGameRecord, event: string, round: number): string {
  return writePdn({
    game: record.game,
    tags: { Event: event, Date: pdnDate(new Date()), Round: String(round), White: record.white, Black: record.black, Termination: record.termination },
    result: record.result,
  });
}

/** Our side of one game: the moves, the clock, the end. */
class DxpGame {
  readonly #side: DxpSide;
  readonly #connection: DxpConnection;
  readonly #game: Game;
  readonly #us: Color;
  readonly #peer: string;
  readonly #clock: Clock;
  readonly #finalStop: boolean;
  #incoming: Promise<DxpEvent> | undefined;

  constructor(side: DxpSide, connection: DxpConnection, game: Game, us: Color, peer: string, clock: Clock, finalStop: boolean) {
    this.#side = side;
    this.#connection = connection;
    this.#game = game;
    this.#us = us;
    this.#peer = peer;
    this.#clock = clock;
    this.#finalStop = finalStop;
  }

  async play(): Promise<DxpGameRecord> {
    await this.#side.search.newGame();
    for (;;) {
      if (this.#game.turn === this.#us) {
        const end = this.#ourEnd();
        if (end !== undefined) return this.#endByUs(end.reason, end.termination);
        const outcome = await this.#ourMove();
        if (outcome !== undefined) return outcome;
      } else {
        const outcome = await this.#theirMove();
        if (outcome !== undefined) return outcome;
      }
    }
  }

  /** Why we end the game on our turn, if we do: no move, or the rules drew it. */
  #ourEnd(): { reason: GameEnd["reason"]; termination: string } | undefined {
    const result = this.#game.result;
    // The game's own reason names the end in the PDN, the same on both sides of a game between two of us.
    if (result.status === "win") return { reason: 1, termination: result.reason ?? "no-moves" };
    if (result.status === "draw") return { reason: 2, termination: result.reason ?? "draw" };
    if (this.#game.ply >= MAX_PLIES) return { reason: 0, termination: `${MAX_PLIES} plies` };
    return undefined;
  }

  async #ourMove(): Promise<DxpGameRecord | undefined> {
    const started = performance.now();
    const search = this.#side.search.search(this.#game, this.#limits()).then(
      (result) => ({ kind: "result" as const, result }),
      (error: unknown) => ({ kind: "failed" as const, error: error instanceof Error ? error.message : String(error) }),
    );
    // The peer's next message is read meanwhile: a read still pending after our move waits for its reply.
    const event = await Promise.race([search, this.#nextEvent()]);
    if (event.kind === "failed") return this.#fault(`our search failed: ${event.error}`);
    if (event.kind === "result") {
      const move = event.result.move;
      const ms = performance.now() - started;
      this.#clock.usedMs += ms;
      this.#clock.movesMade++;
      this.#game.play(move);
      this.#connection.send({ type: "M", seconds: Math.round(ms / 1000), from: move.from, to: move.to, captured: move.captured });
      return undefined;
    }
    // Something came in while we think: only chat, a take-back or the end belong here. The
    // search is abandoned (the time it took counts) and the turn starts again if it is still ours.
    this.#incoming = undefined;
    this.#side.search.stop();
    await search;
    this.#clock.usedMs += performance.now() - started;
    return this.#handleOutOfTurn(event, "while it was our turn");
  }

  async #theirMove(): Promise<DxpGameRecord | undefined> {
    const event = await this.#nextEvent();
    this.#incoming = undefined;
    if (event.kind === "message" && event.message.type === "M") {
      const m = event.message;
      const move = moveWith(this.#game.legalMoves(), m.from, m.to, m.captured);
      if (move === undefined) return this.#fault(`illegal move ${event.text} (${m.from}${m.captured.length > 0 ? "x" : "-"}${m.to}${m.captured.length > 0 ? ` capturing ${m.captured.join(",")}` : ""}) in ${this.#game.position.toFen()}`);
      this.#game.play(move);
      return undefined;
    }
    return this.#handleOutOfTurn(event, "while it was the peer's turn");
  }

  /** Anything but a move of the side to move: chat, take-back, game end, or a fault. */
  async #handleOutOfTurn(event: DxpEvent, when: string): Promise<DxpGameRecord | undefined> {
    switch (event.kind) {
      case "closed":
        return this.#record("*", "connection closed", true, "the peer closed the connection");
      case "timeout":
        return this.#fault("no answer");
      case "malformed":
        return this.#fault(`malformed message: ${event.error.message}`);
    }
    const message = event.message;
    switch (message.type) {
      case "C":
        this.#side.log(`chat from ${this.#peer}: ${message.text}`);
        return undefined;
      case "B":
        this.#takeBack(message.moveNumber, message.turn);
        return undefined;
      case "K":
        return undefined; // we never ask to take back: an answer to nothing is ignored
      case "E":
        return this.#endByPeer(message);
      default:
        return this.#fault(`unexpected ${message.type} message ${event.text} ${when}`);
    }
  }

  /** B: back to move `moveNumber` with `turn` to move, when the game has been there; answered with K. */
  #takeBack(moveNumber: number, turn: DxpColor): void {
    const startsBlack = this.#game.start.turn === "black";
    const ply = (moveNumber - 1) * 2 + (turn === "black" ? 1 : 0) - (startsBlack ? 1 : 0);
    if (ply < 0 || ply > this.#game.ply || this.#game.positions[ply]!.turn !== turn) {
      this.#side.log(`take-back to move ${moveNumber} (${turn}) declined: the game has no such position`);
      this.#connection.send({ type: "K", code: 2 });
      return;
    }
    while (this.#game.ply > ply) this.#game.undo();
    this.#side.log(`took back to move ${moveNumber}, ${turn} to move`);
    this.#connection.send({ type: "K", code: 0 });
  }

  async #endByUs(reason: GameEnd["reason"], termination: string): Promise<DxpGameRecord> {
    this.#connection.send({ type: "E", reason, stop: this.#finalStop ? 1 : 0 });
    const deadline = performance.now() + CONFIRM_MS;
    for (;;) {
      const event = await this.#nextEventWithin(deadline - performance.now());
      if (event.kind === "message" && event.message.type === "C") {
        this.#side.log(`chat from ${this.#peer}: ${event.message.text}`);
        continue;
      }
      const peerStops = event.kind !== "message" || (event.message.type === "E" && event.message.stop === 1);
      if (event.kind === "timeout") this.#side.log(`${this.#peer} did not confirm the end of the game`);
      else if (event.kind === "message" && event.message.type !== "E") this.#side.log(`${this.#peer} answered the end of the game with ${event.text}`);
      return this.#record(this.#resultMarker(), termination, peerStops || this.#finalStop);
    }
  }

  #endByPeer(message: GameEnd): DxpGameRecord {
    const stop = message.stop === 1 || this.#finalStop;
    this.#connection.send({ type: "E", reason: 0, stop: stop ? 1 : 0 });
    // The rules' verdict when the game is over on our board; else what the peer said of it.
    if (this.#game.isOver) return this.#record(this.#resultMarker(), this.#game.result.reason ?? "ended", stop);
    const peer: Color = this.#us === "white" ? "black" : "white";
    const style = this.#game.variant === "english" ? "one-point" : "two-point";
    const reasons: Record<GameEnd["reason"], [string, string]> = {
      0: ["*", "ended by the peer, no reason given"],
      1: [markerOf({ status: "win", winner: this.#us }, style)!, "the peer resigned"],
      2: [markerOf({ status: "draw" }, style)!, "draw by agreement of the peer"],
      3: [markerOf({ status: "win", winner: peer }, style)!, "the peer claimed the win"],
    };
    const [result, termination] = reasons[message.reason];
    return this.#record(result, termination, stop);
  }

  /** The peer broke the rules or the protocol: say so, end the game, ask to stop. */
  #fault(problem: string): DxpGameRecord {
    this.#side.log(`${this.#peer}: ${problem}; the game ends`);
    this.#connection.send({ type: "C", text: `bitdraughts: ${problem}` });
    this.#connection.send({ type: "E", reason: 0, stop: 1 });
    return this.#record("*", "protocol error", true, problem);
  }

  #resultMarker(): string {
    return markerOf(this.#game.result, this.#game.variant === "english" ? "one-point" : "two-point") ?? "*";
  }

  #record(result: string, termination: string, stop: boolean, fault?: string): DxpGameRecord {
    const us = this.#side.name;
    const [white, black] = this.#us === "white" ? [us, this.#peer] : [this.#peer, us];
    return { game: this.#game, white, black, result, termination, stop, ...(fault !== undefined ? { fault } : {}) };
  }

  #nextEvent(): Promise<DxpEvent> {
    this.#incoming ??= this.#connection.next();
    return this.#incoming;
  }

  /** The next event, or a timeout after `ms` (the read then stays pending and is dropped with the game). */
  async #nextEventWithin(ms: number): Promise<DxpEvent> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<DxpEvent>((resolve) => {
      timer = setTimeout(() => resolve({ kind: "timeout" }), Math.max(0, ms));
    });
    const event = await Promise.race([this.#nextEvent(), timeout]);
    clearTimeout(timer);
    if (event.kind !== "timeout") this.#incoming = undefined;
    return event;
  }

  /** The clock from the game request (minutes for a number of moves, repeating), and the level. */
  #limits(): SearchLimits {
    const c = this.#clock;
    const level = this.#side.level !== undefined ? { level: this.#side.level } : {};
    if (c.minutes === 0) return this.#side.level !== undefined ? level : { movetime: 1000 };
    const period = c.minutes * 60_000;
    let left: number;
    let movestogo: number | undefined;
    if (c.moves > 0) {
      const inPeriod = c.movesMade % c.moves;
      const periods = Math.floor(c.movesMade / c.moves);
      left = period * (periods + 1) - c.usedMs;
      movestogo = c.moves - inPeriod;
    } else left = period - c.usedMs;
    left = Math.max(left, 100);
    return { ...level, clock: { wtime: left, btime: left, ...(movestogo !== undefined ? { movestogo } : {}) } };
  }
}

const DXP_PIECES: Record<string, Piece | null> = {
  w: { color: "white", role: "man" }, W: { color: "white", role: "king" },
  z: { color: "black", role: "man" }, Z: { color: "black", role: "king" }, e: null,
};

/** The position of a game request's set-up (international: 50 fields). */
export function positionOfRequest(variant: VariantName, setup: NonNullable<GameRequest["setup"]>): Position {
  const pieces: Array<[number, Piece]> = [];
  [...setup.board].forEach((c, i) => {
    const piece = DXP_PIECES[c];
    if (piece) pieces.push([i + 1, piece]);
  });
  return Position.setup(variant, { turn: setup.turn, pieces });
}

/** A game request's board: w z W Z e for each field. */
export function requestBoard(position: Position): string {
  let board = "";
  for (let s = 1; s <= position.squareCount; s++) {
    const p = position.pieceAt(s);
    board += p === undefined ? "e" : p.color === "white" ? (p.role === "man" ? "w" : "W") : p.role === "man" ? "z" : "Z";
  }
  return board;
}

function opposite(c: Color): Color {
  return c === "white" ? "black" : "white";
}

export interface InitiatorGame {
  /** Our colour. */
  readonly color: Color;
  readonly minutes: number;
  readonly moves: number;
  /** Ask the follower to stop after this game. */
  readonly last: boolean;
  /** The start position (default the variant's). */
  readonly start?: Position;
}

/** The initiator's side of one game: request, acceptance, the game. Undefined when refused or the connection failed before the game. */
export async function initiateGame(side: DxpSide, connection: DxpConnection, request: InitiatorGame): Promise<DxpGameRecord | { refused: string }> {
  const start = request.start ?? Position.initial(side.variant);
  const initial = start.equals(Position.initial(side.variant));
  if (!initial && variantInfo(side.variant).size !== 10) return { refused: "a set-up position can be sent for 10×10 boards only" };
  connection.send({
    type: "R", version: DXP_VERSION, name: side.name, followerColor: opposite(request.color) === "white" ? "white" : "black",
    minutes: request.minutes, moves: request.moves,
    ...(initial ? {} : { setup: { turn: start.turn, board: requestBoard(start) } }),
  });
  for (;;) {
    const event = await connection.next(ANSWER_MS);
    if (event.kind === "message" && event.message.type === "C") {
      side.log(`chat: ${event.message.text}`);
      continue;
    }
    if (event.kind !== "message") return { refused: event.kind === "malformed" ? `malformed answer: ${event.error.message}` : event.kind === "timeout" ? "no answer to the game request" : "the connection closed" };
    const m: DxpMessage = event.message;
    if (m.type !== "A") return { refused: `answered the game request with ${event.text}` };
    if (m.code !== 0) return { refused: `${m.name} refused the game (code ${m.code}: ${["", "version not supported", "this game not accepted", "never"][m.code]})` };
    const game = Game.fromPosition(start, GAME_OPTIONS);
    const clock: Clock = { minutes: request.minutes, moves: request.moves, usedMs: 0, movesMade: 0 };
    return new DxpGame(side, connection, game, request.color, m.name || "peer", clock, request.last).play();
  }
}

/**
 * The follower's side of a connection: answer each game request and play the game, until the
 * peer asks to stop, breaks the protocol, or closes. `onGame` hears every game played.
 */
export async function followConnection(side: DxpSide, connection: DxpConnection, onGame: (record: DxpGameRecord) => void): Promise<void> {
  for (;;) {
    const event = await connection.next();
    if (event.kind === "closed" || event.kind === "timeout") return;
    if (event.kind === "malformed") {
      side.log(`malformed message: ${event.error.message}; closing the connection`);
      connection.send({ type: "C", text: `bitdraughts: ${event.error.message}` });
      return;
    }
    const m = event.message;
    if (m.type === "C") {
      side.log(`chat: ${m.text}`);
      continue;
    }
    if (m.type === "E") {
      // An end between games (a late confirmation, or the peer stopping): nothing to confirm.
      if (m.stop === 1) return;
      continue;
    }
    if (m.type === "B") {
      connection.send({ type: "K", code: 2 });
      continue;
    }
    if (m.type !== "R") {
      side.log(`unexpected ${event.text} outside a game; closing the connection`);
      connection.send({ type: "C", text: `bitdraughts: ${m.type} outside a game` });
      return;
    }
    if (m.version !== DXP_VERSION) {
      side.log(`refused a game of protocol version ${m.version}`);
      connection.send({ type: "A", name: side.name, code: 1 });
      continue;
    }
    let start: Position;
    try {
      start = m.setup === undefined ? Position.initial(side.variant) : positionOfRequest(side.variant, m.setup);
    } catch (error) {
      if (!(error instanceof DraughtsError)) throw error;
      side.log(`refused a game from ${m.name}: ${error.message}`);
      connection.send({ type: "A", name: side.name, code: 2 });
      continue;
    }
    connection.send({ type: "A", name: side.name, code: 0 });
    const game = Game.fromPosition(start, GAME_OPTIONS);
    const clock: Clock = { minutes: m.minutes, moves: m.moves, usedMs: 0, movesMade: 0 };
    const record = await new DxpGame(side, connection, game, m.followerColor, m.name || "peer", clock, false).play();
    onGame(record);
    if (record.stop) return;
  }
}
