// The ranges of the search's whole-number limits and the one sentence that refuses a value
// outside them, so the API (limits.depth), the command line (--depth) and the Hub engine
// (depth=) answer a bad depth with the same words, only the limit's name written their way.

import { SEARCH_MAX_LINES } from "../core/contract.js";
import { MAX_DEPTH } from "../core/engine.js";
import { quote } from "../core/errors.js";

export interface LimitRange {
  readonly low: number;
  readonly high: number;
}

/** Plies: the binding asks the core for at most MAX_DEPTH. */
export const DEPTH_RANGE: LimitRange = { low: 1, high: MAX_DEPTH };
export const NODES_RANGE: LimitRange = { low: 1, high: Number.MAX_SAFE_INTEGER };
/** Lines reported at once. */
export const MULTIPV_RANGE: LimitRange = { low: 1, high: SEARCH_MAX_LINES };

/** The refusal of `value` for the limit called `name` where it was given (limits.depth, --depth, depth). */
export function outOfRange(name: string, range: LimitRange, value: unknown): string {
  return `${name} must be a whole number from ${range.low} to ${range.high}, not ${quote(value)}`;
}

/** Whether `value` is a whole number within `range`. */
export function inRange(value: unknown, range: LimitRange): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= range.low && value <= range.high;
}

/** `text` read as a whole number within `range` (digits only: no sign, point or exponent), or undefined. */
export function wholeNumberIn(text: string, range: LimitRange): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return inRange(value, range) ? value : undefined;
}
