// bitdraughts: draughts rules for JavaScript, with a WebAssembly core.

export { Position } from "./position.js";
export type { Piece, PositionOptions, PerftOptions, Setup } from "./position.js";
export type { Move } from "./notation.js";
export { VARIANTS, isVariantName, variantInfo } from "./variant.js";
export type { Color, Duplicates, VariantInfo, VariantName } from "./variant.js";
export { Engine, createEngine, createEngineSync, init } from "./engine.js";
export type { WasmSource } from "./engine.js";
export { algebraicName, squareOfName } from "./squares.js";
export { DraughtsError, EngineError, FenError, IllegalMoveError, NotationError, SetupError, VariantError } from "./errors.js";
export { Game, GameOverError, describeResult } from "./game.js";
export type { EndReason, GameOptions, GameResult, GameStatus } from "./game.js";
export { DrawRules, REPETITION_LIMIT, drawRules, materialOf } from "./draw-rules.js";
export type { CountingRule, DrawCounter, DrawReason, Material, SideMaterial } from "./draw-rules.js";
export { PDN_RESULTS, PdnError, gameTypeOfVariant, parsePdn, readPdnGames, variantOfGameType } from "./pdn.js";
export type { ParsePdnOptions, PdnGame, PdnMove, PdnRecord } from "./pdn.js";
export { PdnGameError, outcomeOfResult, readPdn } from "./pdn-read.js";
export type { PdnEntry, PdnOutcome, ReadPdnOptions } from "./pdn-read.js";
export { PdnWriteError, markerOf, writePdn } from "./pdn-write.js";
export type { PdnWriteInput, ResultStyle, WritePdnOptions } from "./pdn-write.js";
