// Frisian's king-move limit as the binding carries it (RULES-more-variants.md 5): while a side
// has a man, it may not make more than three moves without capture in a row with the same king.
// Each side has a streak, the count of such moves its last moves made with one king (0 … 3) and
// the square that king now stands on; any other move of that side starts it afresh. A position
// holds both streaks, since they decide which moves are legal (assembly/movegen/king-streak.ts).
//
// FEN (Decision): lidraughts appends the streaks to its frisian FEN as `+<Black's><White's>`,
// each a count and a square. We read and write one extra field `+<count><square>+<count><square>`,
// Black's first as lidraughts has it, e.g. `W:WK46,31:BK5,18:+0+223` (White's king on 23 has made
// two quiet moves in a row); a count of 0 has no square. The count is one digit, so the square
// is what follows it. Writers emit the field only when a count is not 0, so every position
// without a streak has the same FEN as before; readers refuse it in other variants.

import type { Color } from "./variant.js";

/** One side's king streak (frisian): how many quiet moves in a row it made with one king, and that king's square (0: none). */
export interface KingStreak {
  /** Quiet moves in a row made with one king, 0 … 3. */
  readonly count: number;
  /** The square that king stands on; 0 when `count` is 0. */
  readonly square: number;
}

/** Frisian's king streaks of both sides: how many quiet moves in a row each side made with one king, and which. */
export type KingStreaks = Readonly<Record<Color, KingStreak>>;

/** The limit: after three quiet moves in a row, that king may only capture. */
export const STREAK_LIMIT = 3;

const NONE: KingStreak = Object.freeze({ count: 0, square: 0 });
export const NO_STREAKS: KingStreaks = Object.freeze({ white: NONE, black: NONE });

/**
 * The streaks after a move of `mover`: a quiet king move goes on (or starts) its streak, any
 * other move ends it. A capture that takes the other side's streaking king ends that streak
 * too (Decision: it names no king any more, and a FEN names only kings that stand).
 */
export function streaksAfter(streaks: KingStreaks, mover: Color, move: { readonly from: number; readonly to: number; readonly king: boolean; readonly captured: readonly number[] }): KingStreaks {
  const before = streaks[mover];
  let next = NONE;
  if (move.king && move.captured.length === 0) {
    const goesOn = before.count > 0 && before.square === move.from;
    // A side with only kings may go on past three: the count stays at the limit (Decision: all
    // the rule asks is whether three are reached, and FEN counts are 0 … 3).
    next = Object.freeze({ count: goesOn ? Math.min(before.count + 1, STREAK_LIMIT) : 1, square: move.to });
  }
  const otherColor: Color = mover === "white" ? "black" : "white";
  const other = streaks[otherColor].count > 0 && move.captured.includes(streaks[otherColor].square) ? NONE : streaks[otherColor];
  if ((next === before || (next.count === 0 && before.count === 0)) && other === streaks[otherColor]) return streaks;
  return Object.freeze(mover === "white" ? { white: next, black: other } : { white: other, black: next });
}

export function hasStreak(streaks: KingStreaks): boolean {
  return streaks.white.count > 0 || streaks.black.count > 0;
}

export function sameStreaks(a: KingStreaks, b: KingStreaks): boolean {
  return a.white.count === b.white.count && a.white.square === b.white.square && a.black.count === b.black.count && a.black.square === b.black.square;
}

/** The FEN field, `+<Black's count><square>+<White's count><square>`. */
export function streakField(streaks: KingStreaks): string {
  const one = (s: KingStreak): string => (s.count === 0 ? "+0" : `+${s.count}${s.square}`);
  return `${one(streaks.black)}${one(streaks.white)}`;
}

/** The streaks a FEN field writes, or what is wrong with it (square and king checks are the caller's). */
export function readStreakField(field: string): KingStreaks | { problem: string } {
  const match = /^\+(\d)(\d*)\+(\d)(\d*)$/.exec(field);
  if (!match) return { problem: `bad king-move field ${JSON.stringify(field)}: expected +<count><square>+<count><square> (Black's, then White's)` };
  const one = (count: string, square: string, color: Color): KingStreak | string => {
    const n = Number(count);
    if (n > STREAK_LIMIT) return `${color}'s king-move count ${n} is more than ${STREAK_LIMIT}`;
    if (n === 0) return square === "" ? NONE : `${color}'s king-move count is 0 but names square ${square}`;
    if (square === "") return `${color}'s king-move count ${n} names no square`;
    return Object.freeze({ count: n, square: Number(square) });
  };
  const black = one(match[1]!, match[2]!, "black");
  if (typeof black === "string") return { problem: black };
  const white = one(match[3]!, match[4]!, "white");
  if (typeof white === "string") return { problem: white };
  return Object.freeze({ white, black });
}

/** The four bytes the core reads beside the board (contract.ts BOARD_STREAKS): White's count and square, Black's. */
export function streakBytes(streaks: KingStreaks): readonly number[] {
  return [streaks.white.count, streaks.white.square, streaks.black.count, streaks.black.square];
}

/** Streaks from the core's four bytes. */
export function streaksOfBytes(bytes: ArrayLike<number>): KingStreaks {
  const one = (count: number, square: number): KingStreak => (count === 0 ? NONE : Object.freeze({ count, square }));
  const white = one(bytes[0]!, bytes[1]!);
  const black = one(bytes[2]!, bytes[3]!);
  return white === NONE && black === NONE ? NO_STREAKS : Object.freeze({ white, black });
}
