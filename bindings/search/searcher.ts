// The synchronous search: a Position, a Game or a SearchRequest in, the core's raw search
// run over it, the answer named in the position's own move notation. Time is the host's: the
// core polls about every 1024 nodes and the TimeManager answers from the clock.

import { Engine } from "../core/engine.js";
import { RawMove, RawSearchInfo, RawSearchLine } from "../core/raw.js";
import { createEngineSync } from "../core/loader.js";
import { SearchError } from "../core/errors.js";
import { SEARCH_MAX_HISTORY } from "../core/contract.js";
import { Position, toCore } from "../core/position.js";
import { VARIANTS, VariantName, isVariantName, variantInfo } from "../core/variant.js";
import { whyNotSearched } from "./unsearched.js";
import { TimeManager } from "./clock.js";
import { counterPlies, searchRoot } from "./input.js";
import { pickLine, positionSeed, seededRandom } from "../core/seeded.js";
import { type ResolvedLimits, resolveLimits, timeBudget } from "./request.js";
import type { SearchInfo, SearchInput, SearchLimits, SearchResult, SearchStatus } from "./types.js";
import { shippedWeights } from "../eval/shipped.js";
import type { SearchDatabase } from "../egdb/attach.js";
import { EvalWeights, FAMILY_NAMES, FamilyName, WeightsError, parseWeights, weightFamiliesOf } from "../eval/weights.js";
import type { Book } from "../book/book.js";
import { bookResult, booksOf } from "./book-answer.js";

/** The transposition table's size in MiB when the options name none. */
export const DEFAULT_HASH = 32;
/** The variants the search plays. */
export const SEARCHED_VARIANTS: readonly VariantName[] = Object.freeze(VARIANTS.filter((v) => variantInfo(v).searched));
/**
 * Nodes of the search run once per variant when a Searcher is made. WebAssembly functions are
 * compiled on their first call (V8, SpiderMonkey): a search that meets them first spends its
 * first milliseconds compiling, so a cold 50 ms search stopped at depth 1.
 */
export const WARM_UP_NODES = 3000;

/** How a Searcher is set up: its table, core, stop flag, evaluation, variants made ready, endgame database and books. */
export interface SearcherOptions {
  /**
   * Transposition table size in MiB: a power of two from 1 to 1024 (default 32, or the size the
   * given engine's table has already).
   */
  readonly hash?: number;
  /** A core instance for the search alone (default: a new one). Positions must not use it. */
  readonly engine?: Engine;
  /** A shared word that stops the search when it becomes non-zero (a worker's stop flag). */
  readonly stopFlag?: Int32Array;
  /**
   * The evaluation: "learned" (default) uses the package's weight file of each board family the
   * entry provides, "hand" the hand-written terms alone; a weight file (bytes) is used for its
   * own family, the package's for the others.
   */
  readonly weights?: "learned" | "hand" | Uint8Array;
  /**
   * The variants to make ready at construction: their board family's weights are loaded, and
   * each is searched once for WARM_UP_NODES nodes from its start position (then the table and
   * move ordering are cleared), so that its first real search runs compiled code. Default:
   * every variant the search plays; [] for none (a variant's first search then does this).
   */
  readonly variants?: readonly VariantName[];
  /**
   * An endgame database (loadEndgameDatabase) the search probes in its variant: positions within
   * its piece count are scored from it, and at a root within it only the moves that keep the
   * result are searched. See docs/endgame-databases.md "In the search".
   */
  readonly endgameDatabase?: SearchDatabase;
  /**
   * Opening books (Book.read of a book file; one a variant): a search of a position in one
   * answers from it (limits.book), with depth 0 and `book: true`.
   */
  readonly book?: Book | readonly Book[];
}

/**
 * Searches positions on a core of its own. Everything a search needs before its first node is
 * done when the Searcher is made (the table allocated and cleared; for each variant in
 * `options.variants`, its family's weights decoded and loaded and its code compiled), so that
 * the first search has the whole of its time; the lean entry's weights fetched later are
 * loaded by the next search.
 */
export class Searcher {
  readonly #core: Engine;
  readonly #stopFlag: Int32Array | undefined;
  #stopped = false;
  readonly #weights: "learned" | "hand" | EvalWeights;
  /** Families whose evaluation this searcher has set up on its core, and the weights it loaded. */
  readonly #prepared = new Map<number, EvalWeights | undefined>();
  #database: SearchDatabase | undefined;
  readonly #books: readonly Book[];

  constructor(options: SearcherOptions = {}) {
    if (typeof options !== "object" || options === null) throw new SearchError(`options must be an object, not ${String(options)}`);
    this.#core = options.engine ?? createEngineSync();
    this.#stopFlag = options.stopFlag;
    this.#books = booksOf(options.book);
    if (options.hash !== undefined) checkHash(options.hash);
    const weights = options.weights ?? "learned";
    if (weights instanceof Uint8Array) this.#weights = parseWeights(weights);
    else if (weights === "learned" || weights === "hand") this.#weights = weights;
    else throw new WeightsError(`weights must be "learned", "hand" or a weight file's bytes, not ${String(weights)}`);
    // Set-up outside any search's clock.
    if (options.endgameDatabase !== undefined) this.setEndgameDatabase(options.endgameDatabase);
    if (options.hash !== undefined || this.#core.tableSizeMiB() === 0) this.#core.setHashSize(options.hash ?? DEFAULT_HASH);
    // By default every variant the search plays, of those this core has (a family's core has its own).
    const variants = warmUpVariants(options.variants).filter((v) => options.variants !== undefined || this.#core.plays(variantInfo(v).id));
    for (const family of new Set(variants.flatMap(weightFamiliesOf))) this.#prepare(family);
    for (const variant of variants) this.search(Position.initial(variant), { nodes: WARM_UP_NODES, book: "off" });
    // One clear, after the warm-up searches, touches every page of the table here rather than
    // in the first search (a grown table is not written until then): first touches cost about
    // 3 µs a page on some machines, 100 ms for 32 MiB.
    this.newGame();
  }

  /** What is ready for the next search: the table's size and each board family's evaluation. */
  status(): SearchStatus {
    const evaluation = {} as Record<FamilyName, "learned" | "hand">;
    FAMILY_NAMES.forEach((name, family) => (evaluation[name] = this.#core.usesLoadedWeights(family) ? "learned" : "hand"));
    const database = this.#database === undefined ? {} : { endgameDatabase: Object.freeze({ variant: this.#database.variant, pieces: this.#database.pieces }) };
    return Object.freeze({ hashMiB: this.#core.tableSizeMiB(), ...database, evaluation: Object.freeze(evaluation) });
  }

  /**
   * Probes `database` from the next search on (undefined: no database). Its slices are copied
   * into this searcher's core, whose memory never shrinks: set a database once, not per search.
   */
  setEndgameDatabase(database: SearchDatabase | undefined): void {
    if (database === undefined) {
      this.#core.detachEndgameDatabase();
      this.#database = undefined;
      return;
    }
    if (typeof database !== "object" || database === null || typeof (database as SearchDatabase).attachTo !== "function") {
      throw new SearchError(`endgameDatabase must be an EndgameDatabase (loadEndgameDatabase), not ${String(database)}`);
    }
    database.attachTo(this.#core);
    this.#database = database;
  }

  /**
   * Sets up the evaluation of `family` on the core before a search there: once, or again when
   * the package's weights for it have arrived since (the lean entry's loadWeights).
   */
  #prepare(family: number): void {
    const own = typeof this.#weights === "object" && this.#weights.family === family ? this.#weights : undefined;
    const weights = own ?? (this.#weights === "hand" ? undefined : shippedWeights(family));
    if (this.#prepared.has(family) && this.#prepared.get(family) === weights) return;
    // An older core (a baseline) that reads no weights of this family keeps its built-in terms.
    if (weights !== undefined && this.#core.readsWeights(family)) this.#core.loadWeights(weights);
    else this.#core.useHandEvaluation(family);
    this.#prepared.set(family, weights);
  }

  /**
   * Searches `input` within `limits`; onInfo hears each iteration and each new best move. The
   * clock starts when this is called: a `movetime` search returns within the movetime and a
   * few milliseconds (the core looks at the clock about every 1024 nodes, then the lines are
   * named), and `ms` in the result counts from the call.
   */
  search(input: SearchInput, limits: SearchLimits = {}, onInfo?: (info: SearchInfo) => void): SearchResult {
    const called = performance.now();
    const resolved = resolveLimits(limits);
    if (onInfo !== undefined && typeof onInfo !== "function") throw new SearchError(`onInfo must be a function, not ${String(onInfo)}`);
    const root = searchRoot(input);
    const position = root.position;
    for (const family of weightFamiliesOf(position.variant)) this.#prepare(family);
    const legal = position.legalMoves();
    if (legal.length === 0) throw new SearchError(`nothing to search: ${position.turn} has no legal move in ${position.toFen()}`);
    const booked = bookResult(this.#books, position, resolved, performance.now() - called);
    if (booked !== undefined) {
      if (onInfo) for (const line of booked.lines) onInfo(line);
      return booked;
    }
    const timer = new TimeManager(timeBudget(resolved.time, position.turn, legal.length === 1), undefined, called);
    const flag = this.#stopFlag;
    this.#stopped = false;
    let last: SearchInfo[] = [];

    const { variantId, board } = toCore(position);
    const raw = this.#core.search(
      variantId,
      board,
      {
        depth: resolved.depth,
        ...(resolved.nodes === undefined ? {} : { nodes: resolved.nodes }),
        multiPV: resolved.multiPV,
        // The core takes at most SEARCH_MAX_HISTORY; only a game played on long after a draw has more.
        history: root.history.slice(-SEARCH_MAX_HISTORY).map((earlier) => toCore(earlier).board),
        ...counterPlies(root.counters),
        disable: resolved.disable,
        ending: variantInfo(position.variant).ending,
      },
      {
        poll: () => this.#stopped || (flag !== undefined && Atomics.load(flag, 0) !== 0) || timer.expired(),
        info: (info) => {
          last = report(position, info, timer.elapsed());
          if (onInfo) for (const line of last) onInfo(line);
          if (this.#stopped || (flag !== undefined && Atomics.load(flag, 0) !== 0)) return true;
          return info.kind === "iteration" && last.length > 0 && timer.iterationDone(last[0]!.pv[0] ?? "");
        },
      },
    );
    const ms = timer.elapsed();
    const lines = raw.lines.length > 0 ? report(position, raw, ms) : last;
    if (lines.length === 0) throw new SearchError(`the core returned no move for ${position.toFen()}`);
    return resultOf(position, lines, resolved, { depth: raw.depth, seldepth: raw.seldepth, nodes: raw.nodes, ms });
  }

  /** Stops the search running now (call it from onInfo): it returns after this report. */
  stop(): void {
    this.#stopped = true;
  }

  /** Clears the transposition table: a new game. */
  newGame(): void {
    this.#core.clearHash();
  }
}

function warmUpVariants(variants: unknown): readonly VariantName[] {
  if (variants === undefined) return SEARCHED_VARIANTS;
  if (!Array.isArray(variants)) throw new SearchError(`variants must be an array of variant names, not ${String(variants)}`);
  for (const v of variants) {
    if (typeof v !== "string" || !isVariantName(v)) throw new SearchError(`variants: unknown variant ${JSON.stringify(v)}; the search plays ${SEARCHED_VARIANTS.join(", ")}`);
    const why = whyNotSearched(v);
    if (why !== undefined) throw new SearchError(`variants: the search does not play ${v}: ${why}`);
  }
  return variants as VariantName[];
}

/**
 * The answer from a report's lines (best first): the best line, or at a level the line its
 * seeded choice picks among the near-best.
 */
export function resultOf(position: Position, lines: readonly SearchInfo[], limits: ResolvedLimits, totals: Pick<SearchResult, "depth" | "seldepth" | "nodes" | "ms">): SearchResult {
  const chosen = limits.margin > 0 && lines.length > 1 ? pickLine(lines.map((l) => l.score), limits.margin, seededRandom(positionSeed(limits.seed, position.key()))) : 0;
  const line = lines[chosen]!;
  return Object.freeze({
    bestmove: line.pv[0]!,
    ...(line.pv.length > 1 ? { ponder: line.pv[1]! } : {}),
    move: position.parseMove(line.pv[0]!),
    score: line.score,
    win: line.win,
    ...totals,
    pv: line.pv,
    lines: Object.freeze([...lines]),
  });
}

/** The core's report, named: one SearchInfo per line. */
function report(position: Position, info: RawSearchInfo, ms: number): SearchInfo[] {
  const nps = Math.round((info.nodes * 1000) / Math.max(ms, 0.001));
  const out: SearchInfo[] = [];
  info.lines.forEach((line: RawSearchLine, i: number) => {
    const pv = nameLine(position, line.pv);
    if (pv.length === 0) return;
    out.push(Object.freeze({
      depth: info.depth, seldepth: info.seldepth, meanDepth: info.meanDepth, iteration: info.kind === "iteration", score: line.score, win: line.win,
      nodes: info.nodes, nps, hashfull: info.hashfull, ms, pv: Object.freeze(pv), multipv: i + 1,
    }));
  });
  // Lines the binding could not name are dropped; renumber what is left.
  return out.map((l, i) => (l.multipv === i + 1 ? l : Object.freeze({ ...l, multipv: i + 1 })));
}

/** Walks the line from `position`, naming each move as that position's legalMoves() does; stops at a move it cannot find. */
export function nameLine(position: Position, pv: readonly RawMove[]): string[] {
  const names: string[] = [];
  let at = position;
  for (const raw of pv) {
    const move = at.legalMoves().find((m) => m.from === raw.from && m.to === raw.to && sameSet(m.captured, raw.captured));
    if (!move) break;
    names.push(move.notation);
    at = at.play(move);
  }
  return names;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = [...b].sort((x, y) => x - y);
  return [...a].sort((x, y) => x - y).every((s, i) => s === sorted[i]);
}

export function checkHash(hash: unknown): void {
  if (typeof hash !== "number" || !Number.isInteger(hash) || hash < 1 || hash > 1024 || (hash & (hash - 1)) !== 0) {
    throw new SearchError(`hash must be a power of two from 1 to 1024 (MiB), got ${String(hash)}`);
  }
}
