// bitdraughts' positions part: Position (moves, play, perft, FEN), cursors, variants, squares,
// loading the core and the errors. Core-neutral: the core comes from the entry the app imports
// beside it ("bitdraughts" inlined, or "bitdraughts/lean" and init).

export { Position } from "../core/position.js";
export type { Piece, PositionOptions, PerftOptions, Setup } from "../core/position.js";
export type { Move } from "../core/notation.js";
export type { Cursor } from "../core/position.js";
export { VARIANTS, isVariantName, variantInfo } from "../core/variant.js";
export type { Color, Duplicates, Ending, VariantInfo, VariantName } from "../core/variant.js";
export type { KingStreak, KingStreaks } from "../core/king-streak.js";
export { SEARCH_FEATURES, WIN_SCORE, defaultFeatures } from "../core/engine.js";
export { createEngine, createEngineSync, init } from "../core/loader.js";
export type { Engine } from "../core/engine.js";
export type { RawBoard, RawMove, RawSearchHooks, RawSearchInfo, RawSearchLimits, RawSearchLine } from "../core/raw.js";
export type { InitOptions, WasmSource } from "../core/loader.js";
export { VARIANT_CORES, coreFileOf } from "../core/builds.js";
export type { VariantCore } from "../core/builds.js";
export { algebraicName, squareOfName } from "../core/squares.js";
export { ArgumentError, DraughtsError, EngineError, FenError, IllegalMoveError, NotationError, SearchError, SetupError, VariantError } from "../core/errors.js";
