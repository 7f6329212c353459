// `bitdraughts play`: a game against the computer in the terminal. The board is drawn whenever
// the person is to move; they type moves as the variant writes them (`11-15`, `c3-d4`, `28x19`)
// or `undo`, `hint`, `moves`, `draw` (claim a draw by repetition), `help`, `quit`. Bad input is
// answered with the error and the prompt again; the game's end is printed with its reason.
// Repetitions are claimed, as over the board: the person with `draw`, the computer when its
// search sees it no better than level. Standard input may be a pipe: each line is then echoed
// after its prompt, so a transcript reads like a session, and the end of the input quits.

import { createInterface } from "node:readline";
import { DraughtsError } from "../core/errors.js";
import type { Color } from "../core/variant.js";
import { variantInfo } from "../core/variant.js";
import { Game, describeResult } from "../game/game.js";
import { Options, UsageError, colorOf, levelOf, positionOf, variantOf } from "./args.js";
import { scoreText } from "./search.js";
import { bookModeOption, commandBook } from "./book-file.js";
import { LEVELS } from "../search/levels.js";
import { Searcher } from "../search/searcher.js";
import { whyNotSearched } from "../search/unsearched.js";
import type { Level } from "../search/types.js";

/** A middle level: a beginner can choose 1, a strong player the top one. */
const DEFAULT_LEVEL: Level = 3;
/** How long a hint thinks, at full strength. */
const HINT_MOVETIME = 1000;

/** Moves left on a draw counter from which the status line shows it. */
const COUNTER_WARNING = 10;

const HELP = "Type a move (as listed by `moves`), or: undo (take back your last move), hint, moves, draw (claim a draw by repetition), help, quit";

export async function runPlay(options: Options): Promise<void> {
  const variant = variantOf(options);
  // Refused before the first move: a game the computer cannot answer is no game.
  const why = whyNotSearched(variant);
  if (why !== undefined) throw new UsageError(`play: the computer cannot play ${variant} yet: the search does not play it (${why})`);
  const level = levelOf(options) ?? DEFAULT_LEVEL;
  // By default the person moves first: the side that opens in this variant.
  const human: Color = colorOf(options) ?? variantInfo(variant).firstToMove;
  const start = positionOf(variant, options.fen, options["optional-capture"] === true);
  const game = Game.fromPosition(start);
  const computer: Color = human === "white" ? "black" : "white";
  // The package's book of the variant unless another is named: the levels vary their openings from it.
  const book = commandBook(options, variant, true);
  const bookMode = bookModeOption(options);
  const database = options.egdb === undefined ? undefined : await (await import("./egdb.js")).searchDatabaseOf(options, variant);
  const searcher = new Searcher({ ...(book === undefined ? {} : { book }), ...(database === undefined ? {} : { endgameDatabase: database }) });
  searcher.newGame();

  const piped = process.stdin.isTTY !== true;
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  const lines = input[Symbol.asyncIterator]();
  const say = (text: string): void => void process.stdout.write(`${text}\n`);
  const levelName = LEVELS.find((l) => l.level === level)?.name ?? String(level);
  say(`${variant}${start.optionalCapture ? " (optional capture)" : ""}: you play ${human}, the computer ${computer} at level ${level} (${levelName}). Men are w and b, kings W and B. ${HELP}.`);

  let showBoard = true;
  try {
    for (;;) {
      if (game.isOver) {
        const { result } = game;
        const verdict = result.status === "draw" ? "a draw" : result.winner === human ? "you won" : "the computer won";
        say(`\n${game.position.toAscii()}\n${status(game)}\ngame over: ${describeResult(result, game.variant)} (${verdict})`);
        return;
      }
      if (game.turn === computer) {
        const found = searcher.search(game, { level, ...(bookMode !== undefined && { book: bookMode }) });
        if (game.drawClaim !== undefined && found.score <= 0) {
          game.claimDraw();
          say(`computer (${computer}) claims the draw`);
          continue;
        }
        game.play(found.move);
        say(`computer (${computer}) plays ${found.move.notation}`);
        showBoard = true;
        continue;
      }
      // The board is drawn when the person is to move: after the computer's reply, an undo, the start.
      if (showBoard) say(`\n${game.position.toAscii()}\n${status(game)}`);
      const prompt = `${human} to move (you)> `;
      if (!piped) process.stdout.write(prompt);
      const next = await lines.next();
      if (next.done === true) {
        if (piped) say(`${prompt}(end of input)`);
        say("bye");
        return;
      }
      const text = next.value.trim();
      if (piped) say(`${prompt}${text}`);
      showBoard = false;
      if (text === "") continue;
      if (text === "quit" || text === "exit") {
        say("bye");
        return;
      }
      if (text === "help") say(HELP);
      else if (text === "draw") {
        try {
          game.claimDraw();
        } catch (error) {
          if (!(error instanceof DraughtsError)) throw error;
          say(`error: ${error.message}`);
        }
      }
      else if (text === "moves") say(`legal moves: ${game.legalMoves().map((m) => m.notation).join(" ")}`);
      else if (text === "hint") {
        const found = searcher.search(game, { movetime: HINT_MOVETIME });
        say(`hint: ${found.bestmove} (${scoreText(found.score, found.win)} for you, depth ${found.depth})`);
      } else if (text === "undo") {
        if (undoTurn(game, human)) showBoard = true;
        else say("nothing to undo: you have not moved yet");
      } else {
        try {
          game.play(text);
          showBoard = true;
        } catch (error) {
          if (!(error instanceof DraughtsError)) throw error;
          say(`error: ${error.message}`);
        }
      }
    }
  } finally {
    input.close();
  }
}

/** Takes back the computer's reply and the person's move before it; false when the person has not moved. */
function undoTurn(game: Game, human: Color): boolean {
  if (!game.positions.slice(0, -1).some((p) => p.turn === human)) return false;
  do game.undo();
  while (game.turn !== human);
  return true;
}

/** Whose move it is, the last move, and the draw counters running down. */
function status(game: Game): string {
  const moveNumber = Math.floor(game.ply / 2) + 1;
  const parts = [`ply ${game.ply} (move ${moveNumber}), ${game.turn} to move`];
  const last = game.moves.at(-1);
  if (last !== undefined) parts.push(`last move ${last.notation}`);
  if (game.drawClaim !== undefined) parts.push("the position has occurred three times: a draw can be claimed (draw)");
  // A counting rule is announced once the draw is near; most of a game runs under some counter.
  for (const counter of game.counters) if (counter.applies && counter.movesLeft <= COUNTER_WARNING) parts.push(`draw in ${counter.movesLeft} moves by the ${counter.rule} rule`);
  return parts.join("; ");
}
