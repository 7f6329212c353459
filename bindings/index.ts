// bitdraughts: draughts rules for JavaScript, with a WebAssembly core.

export { Position } from "./core/position.js";
export type { Piece, PositionOptions, PerftOptions, Setup } from "./core/position.js";
export type { Move } from "./core/notation.js";
export { VARIANTS, isVariantName, variantInfo } from "./core/variant.js";
export type { Color, Duplicates, VariantInfo, VariantName } from "./core/variant.js";
export { Engine, SEARCH_FEATURES, WIN_SCORE, createEngine, createEngineSync, init } from "./core/engine.js";
export type { RawBoard, RawMove, RawSearchHooks, RawSearchInfo, RawSearchLimits, RawSearchLine } from "./core/engine.js";
export type { WasmSource } from "./core/engine.js";
export { algebraicName, squareOfName } from "./core/squares.js";
export { DraughtsError, EngineError, FenError, IllegalMoveError, NotationError, SetupError, VariantError } from "./core/errors.js";
export { DrawClaimError, Game, GameOptionError, GameOverError, REPETITION_RULES, describeResult } from "./game/game.js";
export type { DrawClaim, EndReason, GameOptions, GameResult, GameStatus, RepetitionRule } from "./game/game.js";
export { BRAZILIAN_RULES, DrawRules, REPETITION_LIMIT, drawRules, longDiagonal, materialOf, standingOf } from "./game/draw-rules.js";
export type { BrazilianRules, CountingRule, DrawCounter, DrawReason, Material, SideMaterial, Standing } from "./game/draw-rules.js";
export { PDN_RESULTS, PdnError, gameTypeOfVariant, parsePdn, readPdnGames, variantOfGameType } from "./pdn/parse.js";
export type { ParsePdnOptions, PdnGame, PdnMove, PdnRecord } from "./pdn/parse.js";
export { PdnGameError, outcomeOfResult, readPdn } from "./pdn/read.js";
export type { PdnEntry, PdnOutcome, ReadPdnOptions } from "./pdn/read.js";
export { PdnWriteError, markerOf, writePdn } from "./pdn/write.js";
export type { PdnWriteInput, ResultStyle, WritePdnOptions } from "./pdn/write.js";
