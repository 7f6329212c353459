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
