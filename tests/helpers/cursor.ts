// Shared checks of a cursor (the core's make and unmake) for the variants on their own boards:
// the leaf count of its tree, and a line of moves made on it against Position.play.

import assert from 'node:assert/strict';

import type { Cursor, Position } from '../../bindings/index.js';

/** The number of leaves `depth` plies below the cursor, walked with make and unmake. */
export function cursorPerft(cursor: Cursor, depth: number): bigint {
  if (depth === 0) return 1n;
  let nodes = 0n;
  for (let i = 0; i < cursor.moves(); i++) {
    cursor.make(i);
    nodes += cursorPerft(cursor, depth - 1);
    cursor.unmake();
  }
  return nodes;
}

/**
 * Makes the moves `texts` on a cursor of `start`, checking after each that its position and key
 * are those of Position.play; then unmakes them all and checks it is back at `start`.
 */
export function assertCursorFollows(start: Position, texts: readonly string[]): void {
  const cursor = start.cursor();
  let position = start;
  for (const text of texts) {
    const move = position.parseMove(text);
    const index = Array.from({ length: cursor.moves() }, (_, i) => cursor.moveAt(i).notation).indexOf(move.notation);
    assert.ok(index >= 0, `${text} is not among the cursor's moves`);
    cursor.make(index);
    position = position.play(move);
    assert.ok(cursor.position().equals(position), text);
    assert.equal(cursor.key(), position.key(), text);
  }
  while (cursor.unmake());
  assert.ok(cursor.position().equals(start));
}
