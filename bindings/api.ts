// bitdraughts: draughts rules for JavaScript, with a WebAssembly core. The API both package
// entries export (index.ts: the core inlined; lean.ts: the core fetched from its file).
//
// One way for each task: Position (moves, play, perft, divide), Position.cursor() for walking
// trees, perftAsync (perft in workers, with a table), Game (history, results, draws),
// readPdn / writePdn. Lower-level, and documented as
// such: parsePdn (a PDN file's text as a tree, nothing played). The Engine is a handle to one
// instance of the core, made by createEngine and passed as the `engine` option; its methods are
// the library's own plumbing (square codes, variant ids) and not part of the API, so only its
// type is exported.

export { Position } from "./core/position.js";
export type { Piece, PositionOptions, PerftOptions, Setup } from "./core/position.js";
export type { Move } from "./core/notation.js";
export type { Cursor } from "./core/cursor.js";
export { VARIANTS, isVariantName, variantInfo } from "./core/variant.js";
export type { Color, Duplicates, VariantInfo, VariantName } from "./core/variant.js";
export { SEARCH_FEATURES, WIN_SCORE, createEngine, createEngineSync, init } from "./core/engine.js";
export type { Engine, RawBoard, RawMove, RawSearchHooks, RawSearchInfo, RawSearchLimits, RawSearchLine, WasmSource } from "./core/engine.js";
export { algebraicName, squareOfName } from "./core/squares.js";
export { ArgumentError, DraughtsError, EngineError, FenError, IllegalMoveError, NotationError, SetupError, VariantError } from "./core/errors.js";
export { DrawClaimError, Game, GameOptionError, GameOverError, REPETITION_RULES, describeResult } from "./game/game.js";
export type { DrawClaim, EndReason, GameOptions, GameResult, GameStatus, RepetitionRule } from "./game/game.js";
export { BRAZILIAN_RULES, DrawRules, REPETITION_LIMIT, drawRules, longDiagonal, materialOf, standingOf } from "./game/draw-rules.js";
export type { BrazilianRules, CountingRule, DrawCounter, DrawReason, Material, SideMaterial, Standing } from "./game/draw-rules.js";
export { PDN_RESULTS, PdnError, gameTypeOfVariant, parsePdn, variantOfGameType } from "./pdn/parse.js";
export type { ParsePdnOptions, PdnGame, PdnMove, PdnRecord } from "./pdn/parse.js";
export { PdnGameError, outcomeOfResult, readPdn } from "./pdn/read.js";
export type { PdnEntry, PdnOutcome, ReadPdnOptions } from "./pdn/read.js";
export { MOVE_MARKS, PdnWriteError, markerOf, writePdn } from "./pdn/write.js";
export type { MoveAnnotation, PdnWriteInput, ResultStyle, WritePdnOptions } from "./pdn/write.js";
export { SearchError } from "./core/errors.js";
export { DEFAULT_HASH, DEFAULT_MOVETIME, MAX_DEPTH, MAX_MULTIPV, Searcher } from "./search/searcher.js";
export type { SearcherOptions } from "./search/searcher.js";
export { createSearchEngine } from "./search/search-engine.js";
export type { SearchEngine, SearchEngineOptions } from "./search/search-engine.js";
export { LEVELS, levelSettings } from "./search/levels.js";
export type { LevelSettings } from "./search/levels.js";
export { TimeManager, adjustedSoft, clockBudget, movetimeBudget } from "./search/clock.js";
export type { TimeBudget } from "./search/clock.js";
export { toRequest } from "./search/input.js";
export { whyNotSearched } from "./search/unsearched.js";
export type { Clock, Level, SearchInfo, SearchInput, SearchLimits, SearchRequest, SearchResult, SearchStatus } from "./search/types.js";
export { boardLayout, captureRequired, destinations, moveTrail, movesBetween, routeChoices } from "./ui/board.js";
export type { BoardLayout, BoardSquare, MoveTrail, RouteChoice } from "./ui/board.js";
export { perftAsync } from "./perft/parallel.js";
export type { PerftAsyncOptions, PerftProgress } from "./perft/parallel.js";
export { FAMILY_NAMES, WeightsError, encodeWeights, familyOf, parseWeights } from "./eval/weights.js";
export type { EvalWeights, FamilyName } from "./eval/weights.js";
export { SHIPPED_FAMILIES, loadWeights, provideWeights } from "./eval/shipped.js";
export type { WeightSource } from "./eval/shipped.js";
export { EndgameDatabase, buildEndgameDatabase, loadEndgameDatabase } from "./egdb/database.js";
export type { BuildOptions, BuildProgress, DatabaseSource, DatabaseValue, LoadOptions, RefusedFile } from "./egdb/database.js";
export { EndgameDatabaseError } from "./egdb/format.js";
export { BOOK_MARGIN, BOOK_MODES, Book } from "./book/book.js";
export type { BookMode, BookMove } from "./book/book.js";
export { BookError } from "./book/format.js";
export { buildBook } from "./book/builder.js";
export type { BookSettings, BookState, BuildHooks as BookBuildHooks, BuildProgress as BookBuildProgress, BuildResult as BookBuildResult, LeafLimit } from "./book/builder.js";
