// Exchanges: the quiet man moves that offer a trade the opponent cannot decline and that we win
// back at once, for quiescence to search beside the captures (issue 61, step 3). Not every move
// answered by a capture: a sacrifice, or a trade whose recapture the rules forbid, is left out.
//
// Precisely, a move of side `C` is an exchange when, in a position without kings where `C` has
// nothing to capture:
//   - it is a man's move without capture that does not crown;
//   - after it the opponent has a capture, and captures are compulsory, so it must take;
//   - after each capture the opponent may legally play (its precedence rule applied), `C` has a
//     legal capture taking at least as many pieces as it lost, and, if the opponent's capture
//     crowned its man, taking that new king. A man crowned where its capture ends stands on the
//     far row, which nothing can jump, so in practice only a russian man crowned on the way and
//     going on as a king can be taken back; a trade that gives the opponent a king is no trade.
// The man given may be the one moved or one it uncovers: on the board it is the same trade. The
// recapture is only looked for among `C`'s legal captures after the opponent's, so a backing man
// that may not jump that way (english men never capture backwards) does not count, and where
// the precedence rule makes another capture compulsory, that one is the recapture (it counts if
// it takes as many). What follows the recapture is quiescence's to search.
//
// None where the idea does not hold: with kings on the board (the set is for the men's game),
// under the optional-capture house rule (nothing is forced), in antidraughts (giving pieces away
// is the aim), on 12×12 (its sets take two words that the one-word moves here do not carry); in
// breakthrough a capture that crowns wins, so no trade allows one.

import { ENDING_ANTIDRAUGHTS, ENDING_BREAKTHROUGH } from "../contract/contract";
import { bit } from "../board/bitboard";
import { Black, White, isWhite } from "../board/side";
import { optionalAt } from "../board/record";
import { gameEnd } from "../eval/game-end";
import { capturesOn, capturersOn, quietOn } from "../movegen/legal";
import { FLAG_PROMOTES, MOVE_BYTES, capturedOf, countOf, flagsAt, moveAt, toAt } from "../movegen/movelist";
import { nextKings, nextThem, nextUs } from "../position/make";
import { twoWords } from "../position/high-words";

/**
 * Writes on the move stack from `top` the exchanges of side `C` (owning `us`; see above), in the
 * order the quiet moves are generated; returns the end of the list (`top` when there is none).
 *
 * The position must be one quiescence calls quiet, `at` its record (board/record.ts): its listing
 * flags serve the positions after each move too, which differ only in men (no streak or
 * restricted king without kings, and 12×12 lists none). The moves above the returned end are scratch and are
 * overwritten. Nothing is allocated and no state a caller reads is changed (the capture
 * generator's own working state aside).
 *
 * Cost: one capture-set test for side `C`, one quiet listing, and one capture-set test per quiet
 * move; only a move after which the opponent can capture costs a listing of its captures, and
 * each of those a capture-set test and a listing of ours. Under the usual guard (a quiet node
 * without kings) most moves stop at the first test.
 */
export function exchangesOn<V, B, C>(us: B, them: B, kings: B, at: usize, top: i32): i32 {
  if (kings != 0 || optionalAt(at) || twoWords<V>() || gameEnd == ENDING_ANTIDRAUGHTS) return top;
  if (capturersOn<V, B, C>(us, them, kings, at) != 0) return top;
  const end = quietOn<V, B, C>(us, them, kings, at, top);
  let out = top;
  for (let i = top; i < end; i++) {
    if (!offersExchange<V, B, C>(moveAt(i), us, them, at, end)) continue;
    if (out != i) memory.copy(moveAt(out), moveAt(i), MOVE_BYTES);
    out++;
  }
  return out;
}

/** Whether `move` (a quiet move of side `C` in a position without kings) offers an exchange; lists above `scratch`. */
@inline function offersExchange<V, B, C>(move: usize, us: B, them: B, at: usize, scratch: i32): bool {
  if ((flagsAt(move) & FLAG_PROMOTES) != 0) return false;
  const ours = nextThem<B>(move, us);
  return isWhite<C>()
    ? everyCaptureRetaken<V, B, Black, White>(them, ours, at, scratch)
    : everyCaptureRetaken<V, B, White, Black>(them, ours, at, scratch);
}

/**
 * Whether side `O` (owning `theirs`, no kings on the board) has a capture, and each of its legal
 * captures is answered by a legal capture of side `C` (owning `ours`) that takes as many pieces
 * or more, the crowned man among them if the capture crowned one.
 */
function everyCaptureRetaken<V, B, O, C>(theirs: B, ours: B, at: usize, scratch: i32): bool {
  const pieces = capturersOn<V, B, O>(theirs, ours, 0, at);
  if (pieces == 0) return false;
  const end = capturesOn<V, B, O>(theirs, ours, 0, at, pieces, scratch);
  for (let i = scratch; i < end; i++) {
    const capture = moveAt(i);
    const crowned = (flagsAt(capture) & FLAG_PROMOTES) != 0;
    if (crowned && gameEnd == ENDING_BREAKTHROUGH) return false;
    const left = nextUs<B>(capture, ours);
    const after = nextThem<B>(capture, theirs);
    const kings = nextKings<B>(capture, 0);
    if (!retakes<V, B, C>(left, after, kings, at, countOf(i), crowned ? bit<B>(toAt(capture)) : 0, end)) return false;
  }
  return true;
}

/** Whether side `C` has a legal capture of at least `lost` pieces that takes `king` too (if not 0); lists from `scratch`. */
@inline function retakes<V, B, C>(us: B, them: B, kings: B, at: usize, lost: i32, king: B, scratch: i32): bool {
  const pieces = capturersOn<V, B, C>(us, them, kings, at);
  if (pieces == 0) return false;
  const end = capturesOn<V, B, C>(us, them, kings, at, pieces, scratch);
  for (let i = scratch; i < end; i++) {
    if (countOf(i) >= lost && (<B>capturedOf(i) & king) == king) return true;
  }
  return false;
}
