/**
 * The computer opponent and the evaluation's weights.
 *
 * @module bitdraughts/search
 */

// bitdraughts/search: the computer opponent (Searcher, the worker-backed search engine, levels,
// clocks, opening books) and the evaluation's weights (pair it with "bitdraughts" or "bitdraughts/lean" for the core).

export { DEFAULT_HASH, Searcher } from "../search/searcher.js";
export { DEFAULT_MOVETIME, MAX_DEPTH, MAX_MULTIPV } from "../search/request.js";
export type { SearcherOptions } from "../search/searcher.js";
export { createSearchEngine } from "../search/search-engine.js";
export type { SearchEngine, SearchEngineOptions } from "../search/search-engine.js";
export { LEVELS, levelSettings } from "../search/levels.js";
export type { LevelSettings } from "../search/levels.js";
export { TimeManager, adjustedSoft, clockBudget, movetimeBudget } from "../search/clock.js";
export type { TimeBudget } from "../search/clock.js";
export { toRequest } from "../search/input.js";
export { whyNotSearched } from "../search/unsearched.js";
export { BOOK_MARGIN, BOOK_MODES, Book } from "../book/book.js";
export type { BookMode, BookMove } from "../book/book.js";
export { BookError } from "../book/format.js";
export type { Clock, Level, SearchInfo, SearchInput, SearchLimits, SearchRequest, SearchResult, SearchStatus } from "../search/types.js";
export { FAMILY_NAMES, WeightsError, encodeWeights, familyOf, parseWeights } from "../eval/weights.js";
export type { EvalWeights, FamilyName } from "../eval/weights.js";
export { SHIPPED_FAMILIES, loadWeights, provideWeights } from "../eval/shipped.js";
export type { WeightSource } from "../eval/shipped.js";
