// The move stack: every generated move is a 16-byte record in static linear memory, so
// generation allocates nothing. A node of a search or perft owns the records from where its
// generation started to the stack's top; its children generate above them.
//
// Record layout:
//   0  u64 captured   the captured pieces (a bitboard; 8×8 boards use the low 32 bits)
//   8  u8  from       bit index of the moving piece
//   9  u8  to         bit index it ends on (may equal `from` after a capture round a loop)
//  10  u8  flags      FLAG_KING: the moving piece is a king; FLAG_PROMOTES: a man is crowned
//  11  u8  count      number of pieces captured
//  12  u32 captured, high word: bits 64 … 95 of the 12×12 board's 128-bit sets (board/board-12x12.ts;
//          it uses bits up to 76); unused by the other boards

export const MOVE_BYTES: i32 = 16;
export const MAX_MOVES: i32 = 1 << 16;
export const FLAG_KING: u8 = 1;
export const FLAG_PROMOTES: u8 = 2;

/** Landing squares of the first PATHS_KEPT moves of a list, when paths are asked for. */
export const PATH_BYTES: i32 = 32;
export const PATHS_KEPT: i32 = 4096;

/** Set when a list would have outgrown the move stack; the caller reports it. */
let overflowed: bool = false;

export function noteOverflow(): void {
  overflowed = true;
}

/** Whether a list overflowed since the last call; clears the mark, so each overflow is reported once. */
export function takeOverflow(): bool {
  const was = overflowed;
  overflowed = false;
  return was;
}

const MOVES = memory.data(MOVE_BYTES * MAX_MOVES);
const PATHS = memory.data(PATH_BYTES * PATHS_KEPT);

@inline export function moveAt(index: i32): usize {
  return MOVES + <usize>(index * MOVE_BYTES);
}

@inline export function pathAt(index: i32): usize {
  return PATHS + <usize>(index * PATH_BYTES);
}

// A record's fields, by its address (a listing kept elsewhere, like the game state's, holds the
// same records) or by its index on the move stack.
@inline export function capturedAt(move: usize): u64 { return load<u64>(move); }
@inline export function fromAt(move: usize): i32 { return <i32>load<u8>(move, 8); }
@inline export function toAt(move: usize): i32 { return <i32>load<u8>(move, 9); }
@inline export function flagsAt(move: usize): u8 { return load<u8>(move, 10); }
@inline export function countAt(move: usize): i32 { return <i32>load<u8>(move, 11); }

@inline export function capturedOf(index: i32): u64 { return capturedAt(moveAt(index)); }
@inline export function fromOf(index: i32): i32 { return fromAt(moveAt(index)); }
@inline export function toOf(index: i32): i32 { return toAt(moveAt(index)); }
@inline export function flagsOf(index: i32): u8 { return flagsAt(moveAt(index)); }
@inline export function countOf(index: i32): i32 { return countAt(moveAt(index)); }

@inline export function writeMove(index: i32, from: i32, to: i32, captured: u64, flags: u8, count: i32): void {
  const at = moveAt(index);
  store<u64>(at, captured);
  store<u8>(at, <u8>from, 8);
  store<u8>(at, <u8>to, 9);
  store<u8>(at, flags, 10);
  store<u8>(at, <u8>count, 11);
}

/** Writes a move without capture at `at`; returns where the next goes (`at` again when the stack is full, the overflow noted). */
@inline export function pushQuiet(at: i32, from: i32, to: i32, flags: u8): i32 {
  if (at >= MAX_MOVES) {
    noteOverflow();
    return at;
  }
  writeMove(at, from, to, 0, flags, 0);
  return at + 1;
}

/** The captured pieces' high word on the 12×12 board (bits 64 …), by the record's address. */
@inline export function capturedHighAt(move: usize): u64 {
  return <u64>load<u32>(move, 12);
}

/** The captured pieces' high word on the 12×12 board (bits 64 …). */
@inline export function capturedHighOf(index: i32): u64 {
  return capturedHighAt(moveAt(index));
}

/** Sets the captured pieces' high word of the record at `index` (12×12 board only). */
@inline export function setCapturedHigh(index: i32, high: u64): void {
  store<u32>(moveAt(index), <u32>high, 12);
}

/** holdsCapture on the 12×12 board, whose captured set has a high word too. */
export function holdsCapture12(start: i32, end: i32, from: i32, to: i32, capturedLo: u64, capturedHi: u64): bool {
  for (let i = start; i < end; i++) {
    if (capturedOf(i) == capturedLo && capturedHighOf(i) == capturedHi && fromOf(i) == from && toOf(i) == to) return true;
  }
  return false;
}

/** Whether a list of one node's moves already holds this capture (RULES.md 4.2 identity). */
export function holdsCapture(start: i32, end: i32, from: i32, to: i32, captured: u64): bool {
  for (let i = start; i < end; i++) {
    if (capturedOf(i) == captured && fromOf(i) == from && toOf(i) == to) return true;
  }
  return false;
}
