/**
 * Batched game environments for learning agents: a fixed action index, legal masks and lists,
 * observation planes, rewards and the draw rules, many games stepped in one call; self-play records.
 *
 * @module bitdraughts/env
 */

// bitdraughts/env: batched environments over the core (docs/env.md). It loads its own instance
// of the core, so it needs neither "bitdraughts" nor "bitdraughts/lean" first.

export { Envs, IllegalActionError, createEnvs } from "../env/env.js";
export type { ActionParts, EnvDrawRules, EnvEndReason, EnvMove, EnvOptions, EnvResult, PlayoutTallies } from "../env/env.js";
export { RECORD_HEADER_BYTES, RECORD_VERSION, RecordError, readRecords, writeRecords } from "../env/records.js";
export type { RecordHeader, SelfPlayRecord } from "../env/records.js";
