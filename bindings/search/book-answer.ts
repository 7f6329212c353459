// A search answered from the book: what Searcher and SearchEngine return while the position is
// in one of their books and the mode is not `off`.

import type { Position } from "../core/position.js";
import { SearchError } from "../core/errors.js";
import { Book } from "../book/book.js";
import type { ResolvedLimits } from "./request.js";
import type { SearchInfo, SearchResult } from "./types.js";

/** The books of a searcher's options: one, several (one a variant), or none. */
export function booksOf(option: unknown): readonly Book[] {
  if (option === undefined) return [];
  const books = Array.isArray(option) ? option : [option];
  for (const book of books) if (!(book instanceof Book)) throw new SearchError(`book must be a Book (Book.read of a book file) or an array of them, not ${String(book)}`);
  return Object.freeze([...(books as Book[])]);
}

/**
 * The result from the books for `position` in the resolved limits' mode and seed, or undefined
 * when none holds it (or the mode is off): depth 0, no nodes, `book: true`, the book's score,
 * and the book's best reply as the ponder move when it has one; its lines are the book's
 * moves, best first, each with its score.
 */
export function bookResult(books: readonly Book[], position: Position, limits: ResolvedLimits, ms: number): SearchResult | undefined {
  if (limits.book === "off" || books.length === 0) return undefined;
  for (const book of books) {
    const chosen = book.choose(position, limits.book, limits.seed);
    if (chosen === undefined) continue;
    const lines: SearchInfo[] = book.moves(position).map((m, i) => Object.freeze({
      depth: 0, seldepth: 0, meanDepth: 0, iteration: true, score: m.score, win: m.win, nodes: 0, nps: 0, hashfull: 0, ms, pv: Object.freeze([m.move.notation]), multipv: i + 1,
    }));
    // The reply the book expects, when the position the move leads to is in it too.
    const reply = book.choose(position.play(chosen.move), "best");
    return Object.freeze({
      bestmove: chosen.move.notation,
      ...(reply !== undefined && { ponder: reply.move.notation }),
      move: chosen.move,
      score: chosen.score,
      win: chosen.win,
      depth: 0,
      seldepth: 0,
      nodes: 0,
      ms,
      pv: Object.freeze(reply === undefined ? [chosen.move.notation] : [chosen.move.notation, reply.move.notation]),
      lines: Object.freeze(lines),
      book: true,
    });
  }
  return undefined;
}
