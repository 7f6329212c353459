// The exports' error channel, one for every board: 0, or why the call in progress failed
// (contract.ts's ERROR_* codes). A call clears it when it starts; index.ts `error` reads it.

let lastError: i32 = 0;

/** 0, or why the last call failed. */
@inline export function lastErrorCode(): i32 { return lastError; }

/** Fails the call in progress with `code`. */
@inline export function failWith(code: i32): void { lastError = code; }

/** Fails the call in progress with `code`; the call answers 0. */
@inline export function failed(code: i32): u64 {
  lastError = code;
  return 0;
}

/** A call starts without an error. */
@inline export function clearError(): void { lastError = 0; }
