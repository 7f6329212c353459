// `bitdraughts search`: the engine's best move in one position, with a line per iteration. Tools
// script against these lines, so their forms are fixed (docs/cli.md):
//   depth 8 seldepth 13 score 35 nodes 81234 nps 1210000 ms 67 pv 11-15 23-19 8-11
//   bestmove 11-15 ponder 23-19
// `score` is in centi-men from the side to move, or `win N` / `loss N` (plies to the end of the
// game); with --multipv K each iteration gives K lines, each with `multipv i` after the depth.
// With --json every line is a JSON object, nodes as a decimal string (counts can outgrow what
// some JSON readers hold exactly).

import { GameOverError, describeResult } from "../game/game.js";
import { Options, gameOf, searchLimitsOf, variantOf } from "./args.js";
import { DEFAULT_MOVETIME } from "../search/request.js";
import { DEFAULT_HASH, Searcher } from "../search/searcher.js";
import type { SearchInfo, SearchLimits, SearchResult } from "../search/types.js";
import { bookModeOption, commandBook } from "./book-file.js";

export async function runSearch(options: Options): Promise<void> {
  const variant = variantOf(options);
  // Without a limit or a level, the searcher's default time for a move (one second).
  const limits = withBookMode(searchLimitsOf(options, { movetime: DEFAULT_MOVETIME }), options);
  const game = gameOf(variant, options);
  if (game.position.legalMoves().length === 0) {
    throw new GameOverError(`no move to search: ${describeResult(game.result, game.variant)}`, game.result);
  }
  const json = options.json === true;
  const wanted = limits.multipv ?? 1;
  const several = wanted > 1;
  const print = (lines: readonly SearchInfo[]): void => {
    // A level searches more lines to choose among; only those asked for are shown.
    for (const info of lines) if (info.multipv <= wanted) console.log(json ? JSON.stringify(infoJson(info)) : infoLine(info, several));
  };
  // The searcher reports each finished iteration and each new best move found during one, with
  // nothing to tell them apart; an iteration's lines are printed once a deeper report shows it
  // finished, and the last finished one from the result, so there is one report per iteration.
  let pending = new Map<number, SearchInfo>();
  let pendingDepth = 0;
  let printedDepth = 0;
  // Only this variant's search is made ready: a process searches one position.
  const book = commandBook(options, variant, false);
  // Loaded only when asked for: the search command's start-up is a bar of its own.
  const database = options.egdb === undefined ? undefined : await (await import("./egdb.js")).searchDatabaseOf(options, variant);
  const searcher = new Searcher({ variants: [variant], hash: tableFor(limits), ...(book !== undefined && { book }), ...(database === undefined ? {} : { endgameDatabase: database }) });
  const result = searcher.search(game, limits, (info) => {
    if (info.depth > pendingDepth && pending.size > 0) {
      print([...pending.values()]);
      printedDepth = pendingDepth;
      pending = new Map();
    }
    pendingDepth = info.depth;
    pending.set(info.multipv, info);
  });
  // A move from the book is a report of depth 0: the book's moves, best first.
  if (result.depth > printedDepth || result.book === true) print(result.lines);
  console.log(json ? JSON.stringify(resultJson(result)) : `bestmove ${result.bestmove}${result.ponder !== undefined ? ` ponder ${result.ponder}` : ""}`);
}

/** The limits with --book-mode, when given. */
export function withBookMode(limits: SearchLimits, options: Options): SearchLimits {
  const mode = bookModeOption(options);
  return mode === undefined ? limits : { ...limits, book: mode };
}

/**
 * The table for one search in a process of its own, in MiB: about what the search can fill.
 * Its pages are touched when it is cleared, and on some machines a first touch costs 3 µs a page
 * (100 ms for 32 MiB), more than a short search gains from room it never uses: a 50 ms search
 * visits about half a million positions and reaches the same depths with 4 MiB as with 32.
 */
export function tableFor(limits: SearchLimits): number {
  const fit = (mib: number): number => Math.min(DEFAULT_HASH, 2 ** Math.max(0, Math.ceil(Math.log2(mib))));
  if (limits.movetime !== undefined) return fit(limits.movetime / 12.5);
  if (limits.nodes !== undefined) return fit(limits.nodes / 131_072);
  return DEFAULT_HASH;
}

/** `score 35`, `score win 7` or `score loss 6`. */
export function scoreText(score: number, win: number | null): string {
  if (win === null) return `score ${score}`;
  return win > 0 ? `score win ${win}` : `score loss ${-win}`;
}

function infoLine(info: SearchInfo, several: boolean): string {
  const multipv = several ? ` multipv ${info.multipv}` : "";
  return `depth ${info.depth} seldepth ${info.seldepth}${multipv} ${scoreText(info.score, info.win)} nodes ${info.nodes} nps ${info.nps} ms ${Math.round(info.ms)} pv ${info.pv.join(" ")}`;
}

function infoJson(info: SearchInfo): Record<string, unknown> {
  return {
    depth: info.depth, seldepth: info.seldepth, multipv: info.multipv, score: info.score, win: info.win,
    nodes: String(info.nodes), nps: info.nps, hashfull: info.hashfull, ms: Math.round(info.ms), pv: info.pv,
  };
}

/** The documented final object; `ponder` is null when the line holds a single move. */
function resultJson(result: SearchResult): Record<string, unknown> {
  return {
    bestmove: result.bestmove, ponder: result.ponder ?? null, score: result.score, win: result.win,
    depth: result.depth, nodes: String(result.nodes), ms: Math.round(result.ms), ...(result.book === true && { book: true }),
  };
}
