/**
 * Games: history, results and draw rules.
 *
 * @module bitdraughts/game
 */

// bitdraughts/game: a game's history, results and draw rules (pair it with "bitdraughts" or "bitdraughts/lean" for the core).

export { DrawClaimError, Game, GameOptionError, GameOverError, REPETITION_RULES, describeResult } from "../game/game.js";
export type { DrawClaim, EndReason, GameOptions, GameResult, GameStatus, RepetitionRule } from "../game/game.js";
export { BRAZILIAN_RULES, DrawRules, REPETITION_LIMIT, drawRules, longDiagonal, materialOf, standingOf } from "../game/draw-rules.js";
export type { BrazilianRules, CountingRule, DrawCounter, DrawReason, Material, SideMaterial, Standing } from "../game/draw-rules.js";
