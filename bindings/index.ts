// bitdraughts: draughts rules for JavaScript, with a WebAssembly core.
//
// One way for each task: Position (moves, play, perft, divide), Position.cursor() for walking
// trees, Game (history, results, draws), readPdn / writePdn. Lower-level, and documented as
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
export { createEngine, createEngineSync, init } from "./core/engine.js";
export type { Engine, WasmSource } from "./core/engine.js";
export { algebraicName, squareOfName } from "./core/squares.js";
export { ArgumentError, DraughtsError, EngineError, FenError, IllegalMoveError, NotationError, SetupError, VariantError } from "./core/errors.js";
export { Game, GameOverError, describeResult } from "./game/game.js";
export type { EndReason, GameOptions, GameResult, GameStatus } from "./game/game.js";
export { DrawRules, REPETITION_LIMIT, drawRules, materialOf } from "./game/draw-rules.js";
export type { CountingRule, DrawCounter, DrawReason, Material, SideMaterial } from "./game/draw-rules.js";
export { PDN_RESULTS, PdnError, gameTypeOfVariant, parsePdn, variantOfGameType } from "./pdn/parse.js";
export type { ParsePdnOptions, PdnGame, PdnMove, PdnRecord } from "./pdn/parse.js";
export { PdnGameError, outcomeOfResult, readPdn } from "./pdn/read.js";
export type { PdnEntry, PdnOutcome, ReadPdnOptions } from "./pdn/read.js";
export { PdnWriteError, markerOf, writePdn } from "./pdn/write.js";
export type { PdnWriteInput, ResultStyle, WritePdnOptions } from "./pdn/write.js";
