// `bitdraughts analyse FILE`: every game of a PDN file written back with the engine's opinion.
//
// Each position of a game is searched once, with the game's history (repetitions, counters). The
// comment after a move is the score of the position it leads to, from White's side (+ is good
// for White, in men: +1.00 is a man), with the depth, or `white wins in N` (plies) when the
// search sees the end of the game; a position that is over by the rules is not searched.
//
// A move is marked by what it loses against the engine's best move, from the mover's side:
// score(before) − score(after), where score(before) is the search of the position before the
// move and score(after) that of the position after it, negated. `?` for a loss of 50 centi-men
// (half a man) or more, `??` for 150 (a man and a half) or more: a man lost outright is a
// blunder even when the search's horizon blurs it by a few dozen. No mark for the engine's own
// best move, a forced move (the only legal one), a move that keeps a forced win, a move played
// in a position already lost by force, or a move after the game was over by the rules. A
// marked move's comment also names the engine's best move and its score.
//
// Tags are kept and an Annotator tag says what searched; the game's own comments, marks and
// variations are kept too (writePdn's `record`): the engine's comment follows a move's own,
// and the engine's mark, when it gives one, replaces the move's. Games that cannot be read are
// reported on standard error, left out, and make the exit code 1.

import { writeFileSync } from "node:fs";
import type { Move } from "../core/notation.js";
import type { Color } from "../core/variant.js";
import { Game, describeResult } from "../game/game.js";
import { PDN_RESULTS } from "../pdn/parse.js";
import { type MoveAnnotation, writePdn } from "../pdn/write.js";
import { Options, UsageError, progress, searchLimitsOf, variantOf } from "./args.js";
import { readPdnFile } from "./pdn-file.js";
import { commandBook } from "./book-file.js";
import { withBookMode } from "./search.js";
import { WIN_SCORE } from "../core/engine.js";
import { DEFAULT_MOVETIME } from "../search/request.js";
import { Searcher } from "../search/searcher.js";
import type { SearchLimits } from "../search/types.js";

/** Marks, in centi-men lost against the engine's best move. */
export const MISTAKE = 50;
export const BLUNDER = 150;

/** What the engine thinks of a position, from the side to move. */
interface Verdict {
  readonly score: number;
  /** Plies to the end of the game (> 0: the side to move wins); null when no end is seen. */
  readonly win: number | null;
  /** Whether the side to move wins or loses by force (the game may already be over). */
  readonly forced?: "win" | "loss";
  readonly depth: number;
  readonly best?: Move;
  /** Set when the position is over by the rules; it was not searched. */
  readonly over?: string;
}

export function runAnalyse(operands: string[], options: Options): number {
  const file = operands[0];
  if (file === undefined) throw new UsageError("analyse needs a FILE (- for standard input)");
  // Without a limit, each position gets the searcher's default time for a move (one second).
  const limits = withBookMode(searchLimitsOf(options, { movetime: DEFAULT_MOVETIME }), options);
  const variant = options.variant === undefined ? undefined : variantOf(options);
  const entries = readPdnFile(file, { continueOnError: true, optionalCapture: options["optional-capture"] === true, ...(variant !== undefined && { variant }) });
  // A book of another variant than a game's is never probed for it (Book.moves).
  const book = commandBook(options, variant, false);
  const searcher = new Searcher(book === undefined ? {} : { book });
  const written: string[] = [];
  let failed = false;
  for (const entry of entries) {
    if (entry.error !== undefined || entry.game === undefined) {
      console.error(`bitdraughts: game ${entry.number} left out: ${entry.error?.message ?? "it could not be read"}`);
      failed = true;
      continue;
    }
    searcher.newGame();
    const annotations = annotate(entry.game, searcher, limits, (ply) => progress(`game ${entry.number}: ply ${ply}/${entry.game!.ply}`));
    const result = entry.result !== undefined && PDN_RESULTS.has(entry.result) ? { result: entry.result } : {};
    written.push(writePdn({ game: entry.game, tags: { ...entry.tags, Annotator: annotator(limits) }, record: entry.record, annotations, ...result }));
  }
  progress("");
  const pdn = written.join("\n");
  if (options.output !== undefined) {
    try {
      writeFileSync(options.output, pdn);
    } catch (error) {
      throw new UsageError(`cannot write --output ${options.output}: ${(error as Error).message}`);
    }
  } else process.stdout.write(pdn);
  return failed ? 1 : 0;
}

function annotator(limits: SearchLimits): string {
  const limit = limits.depth !== undefined ? `depth ${limits.depth}` : limits.nodes !== undefined ? `${limits.nodes} nodes` : limits.movetime !== undefined ? `${limits.movetime} ms` : "";
  const level = limits.level !== undefined ? `level ${limits.level}` : "";
  return `bitdraughts search, ${[limit, level].filter((t) => t !== "").join(", ")} per position`;
}

/** The comment and mark of every move of `game`. */
function annotate(game: Game, searcher: Searcher, limits: SearchLimits, onPly: (ply: number) => void): MoveAnnotation[] {
  const moves = game.moves;
  // Replayed from the start so that each search sees the history before its position.
  const replay = Game.fromPosition(game.start, { playAfterDraw: true });
  const verdicts: Verdict[] = [];
  for (let ply = 0; ; ply++) {
    onPly(ply);
    verdicts.push(judge(replay, searcher, limits));
    if (ply === moves.length) break;
    replay.play(moves[ply]!);
  }
  return moves.map((move, ply) => {
    const before = verdicts[ply]!;
    const after = verdicts[ply + 1]!;
    const mover = game.positions[ply]!.turn;
    const mark = markOf(move, game.positions[ply]!.legalMoves().length, before, after);
    let comment = describe(after, mover === "white" ? "black" : "white");
    if (mark !== undefined && before.best !== undefined) comment += `; best ${before.best.notation} ${describe(before, mover)}`;
    return { comment, ...(mark !== undefined && { mark }) };
  });
}

function judge(game: Game, searcher: Searcher, limits: SearchLimits): Verdict {
  const { result } = game;
  if (result.status === "win") {
    // The side to move has lost, except in antidraughts, where having no move wins.
    const won = result.winner === game.turn;
    return { score: won ? WIN_SCORE : -WIN_SCORE, win: null, forced: won ? "win" : "loss", depth: 0, over: describeResult(result, game.variant) };
  }
  if (result.status === "draw") return { score: 0, win: null, depth: 0, over: describeResult(result, game.variant) };
  const found = searcher.search(game, limits);
  const forced = found.win === null ? {} : { forced: found.win > 0 ? ("win" as const) : ("loss" as const) };
  return { score: found.score, win: found.win, depth: found.depth, best: found.move, ...forced };
}

/** `?`, `??` or nothing, by the rules at the top of this file. */
export function markOf(move: Move, legalMoveCount: number, before: Verdict, after: Verdict): "?" | "??" | undefined {
  if (before.over !== undefined || legalMoveCount === 1) return undefined;
  if (before.best !== undefined && sameMove(before.best, move)) return undefined;
  if (before.forced === "loss") return undefined;
  // `after` is from the opponent's side: the mover keeps a forced win when the opponent loses by force.
  if (after.forced === "loss") return undefined;
  const lost = before.score + after.score;
  return lost >= BLUNDER ? "??" : lost >= MISTAKE ? "?" : undefined;
}

/** A verdict in words, from White's side: `+0.35 depth 9`, `white wins in 7`, `black won: …`. */
function describe(verdict: Verdict, toMove: Color): string {
  if (verdict.over !== undefined) return verdict.over;
  const sign = toMove === "white" ? 1 : -1;
  if (verdict.win !== null) {
    const winner: Color = verdict.win > 0 ? toMove : toMove === "white" ? "black" : "white";
    return `${winner} wins in ${Math.abs(verdict.win)} depth ${verdict.depth}`;
  }
  const men = (sign * verdict.score) / 100;
  return `${men > 0 ? "+" : ""}${men.toFixed(2)} depth ${verdict.depth}`;
}

function sameMove(a: Move, b: Move): boolean {
  return a.from === b.from && a.to === b.to && a.captured.length === b.captured.length && a.captured.every((s, i) => s === b.captured[i]);
}
