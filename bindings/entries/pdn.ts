/**
 * Reading and writing PDN.
 *
 * @module bitdraughts/pdn
 */

// bitdraughts/pdn: reading and writing PDN (pair it with "bitdraughts" or "bitdraughts/lean" for the core).

export { PDN_RESULTS, PdnError, gameTypeOfVariant, parsePdn, variantOfGameType } from "../pdn/parse.js";
export type { ParsePdnOptions, PdnGame, PdnMove, PdnRecord } from "../pdn/parse.js";
export { PdnGameError, outcomeOfResult, readPdn } from "../pdn/read.js";
export type { PdnEntry, PdnOutcome, ReadPdnOptions } from "../pdn/read.js";
export { MOVE_MARKS, PdnWriteError, markerOf, writePdn } from "../pdn/write.js";
export type { MoveAnnotation, PdnWriteInput, ResultStyle, WritePdnOptions } from "../pdn/write.js";
