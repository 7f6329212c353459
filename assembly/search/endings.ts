// The endings' scores: the endgame database's value of a position (its pending captures played
// out at the root), a king ending's score from its distance, and the root moves that keep the
// root's value. Read by the node search and the root; reads the line (its counting rules and
// the evaluation) and the databases' probes.

import { Black, White, isWhite } from "../board/side";
import { UNKNOWN, VALUE_DRAW, VALUE_LOSS, VALUE_WIN, attachedPieces, distancePieces, hasDatabases, probeDistance, probeValue } from "../egdb/probe";
import { LOST_IN, MAX_DISTANCE } from "../egdb/tables";
import { capturesOn, capturersOn } from "../movegen/legal";
import { moveAt } from "../movegen/movelist";
import { nextUs } from "../position/make";
import { kingsAfter, themAfter } from "../position/high-words";
import { recordAt } from "../position/record";
import { convertsInTime, drawnByCounters, staticScore } from "./line";
import { DRAW, KNOWN_WIN, KNOWN_WIN_SPREAD, lossIn } from "./score";

/** Not a score: the database does not decide the position. */
export const NO_SCORE: i32 = i32.MIN_VALUE;

/** Pieces on the board at most for the endgame database to be probed (0: no database; -1 in a variant without databases). */
let probeLimit: i32 = 0;
/** Pieces on the board at most for a king ending's distances to be probed (0: none attached). */
let distanceLimit: i32 = 0;
/** Pieces on the board at the root of the search in progress. */
let rootPieces: i32 = 0;

/** Probes the attached endgame database in the searches that follow (when `on` and one is attached). */
export function useDatabase(on: bool): void {
  probeLimit = on ? attachedPieces : 0;
  distanceLimit = on ? distancePieces : 0;
}

@inline export function piecesOf<B>(us: B, them: B): i32 {
  return <i32>popcnt(<u64>(us | them));
}

/**
 * The database's score of a position of side `C` with no capture pending, or NO_SCORE. A draw
 * is exact. A win is KNOWN_WIN plus the evaluation (clamped), less the distance from the root:
 * among won positions the search still prefers the ones the evaluation likes, reached soonest,
 * so it makes progress (promotes, exchanges, hunts) instead of shuffling. When the root itself
 * is in the database, wins and losses with as many pieces as the root are left to the search,
 * which then plays the root's ending on toward the captures that decide it; the database cuts
 * the draws there, and everything once a capture has been made.
 */
function databaseScore<V, B, C>(us: B, them: B, kings: B, pieces: i32, ply: i32): i32 {
  const value = probeValue<B>(us, them, kings, isWhite<C>());
  if (value == UNKNOWN) return NO_SCORE;
  if (value == VALUE_DRAW) return DRAW;
  if (pieces >= rootPieces) return NO_SCORE;
  const spread = min(KNOWN_WIN_SPREAD, max(-KNOWN_WIN_SPREAD, staticScore<V, B, C>(us, them, kings, ply)));
  return value == VALUE_WIN ? KNOWN_WIN + spread - ply : -KNOWN_WIN + spread + ply;
}

/**
 * A king ending's score from its distance (egdb/probe.ts probeDistance), or NO_SCORE when its
 * distances are not attached. A win in d plies scores above every database win and below every
 * win at a known end, less the plies to the capture that converts it, so the search heads
 * straight for it; when a counting rule passed in by the host would draw the game before that
 * capture, it is a draw (a loss too: the defender holds out). After a capture in the tree the
 * counters start again, which the host's counts do not say: no rule is applied there.
 */
function kingEndingScore<B, C>(us: B, them: B, kings: B, ply: i32): i32 {
  const code = probeDistance<B>(us, them, kings, isWhite<C>());
  if (code == UNKNOWN) return NO_SCORE;
  if (code == 0) return DRAW;
  const distance = code & ~(<i32>LOST_IN);
  const lost = (code & <i32>LOST_IN) != 0;
  if (lost && distance == 0) return lossIn(ply);
  if (!convertsInTime(ply, ply + distance)) return DRAW;
  const score = KNOWN_WIN + KNOWN_WIN_SPREAD + <i32>MAX_DISTANCE - ply - distance;
  return lost ? -score : score;
}

/** Whether a position of `pieces` may be in the database or a king ending attached. */
@inline export function withinEndings(pieces: i32): bool {
  return pieces <= probeLimit || pieces <= distanceLimit;
}

/**
 * The score of a position of side `C` with no capture pending from what is attached: a king
 * ending's distance, else the database's value; NO_SCORE when neither knows it. A side with no
 * piece left is not asked about: the game is over, and the search scores it as it scores every
 * end (the database's loss would rank it above a king ending lost at a distance).
 */
@inline export function endingScore<V, B, C>(us: B, them: B, kings: B, pieces: i32, ply: i32): i32 {
  if (us == 0 || them == 0) return NO_SCORE;
  if (pieces <= distanceLimit && (us | them) == kings) {
    const score = kingEndingScore<B, C>(us, them, kings, ply);
    if (score != NO_SCORE) return score;
  }
  if (pieces > probeLimit) return NO_SCORE;
  const score = databaseScore<V, B, C>(us, them, kings, pieces, ply);
  return score != NO_SCORE && score != DRAW && drawnByCounters(ply) ? DRAW : score;
}

/**
 * The database's value of a position of side `C`, its pending captures played out (the moves
 * go on the move stack from `top`); UNKNOWN when a position on the way is not in it. The
 * databases' boards carry nothing a capture reads beyond the pieces, so the positions on the
 * way share the record `at` (its listing conventions).
 */
function resolvedValue<V, B, C>(us: B, them: B, kings: B, at: usize, top: i32): i32 {
  const pieces = capturersOn<V, B, C>(us, them, kings, at);
  if (pieces == 0) return probeValue<B>(us, them, kings, isWhite<C>());
  const end = capturesOn<V, B, C>(us, them, kings, at, pieces, top);
  let best = VALUE_LOSS;
  let unknown = false;
  for (let i = top; i < end; i++) {
    const child = valueAfter<V, B, C>(moveAt(i), us, them, kings, at, end);
    if (child == VALUE_LOSS) return VALUE_WIN;
    if (child == UNKNOWN) unknown = true;
    else if (child == VALUE_DRAW) best = VALUE_DRAW;
  }
  return unknown ? UNKNOWN : best;
}

/** resolvedValue of the position after side `C`'s `move`, for the side to move there. */
@inline function valueAfter<V, B, C>(move: usize, us: B, them: B, kings: B, at: usize, top: i32): i32 {
  const childUs = nextUs<B>(move, them);
  const childThem = themAfter<V, B>(move, us);
  const childKings = kingsAfter<V, B>(move, kings);
  return isWhite<C>()
    ? resolvedValue<V, B, Black>(childUs, childThem, childKings, at, top)
    : resolvedValue<V, B, White>(childUs, childThem, childKings, at, top);
}

/** The database's value of a position (`white` to move or not, its record at `at`), captures played out; UNKNOWN when not in it. */
export function databaseValue<V, B>(white: bool, us: B, them: B, kings: B, at: usize): i32 {
  return white ? resolvedValue<V, B, White>(us, them, kings, at, 0) : resolvedValue<V, B, Black>(us, them, kings, at, 0);
}

/** A value's rank for the side it belongs to: loss 0, draw 1, win 2. */
@inline function valueRank(value: i32): i32 {
  return value == VALUE_WIN ? 2 : value == VALUE_DRAW ? 1 : 0;
}

/**
 * The root of side `C` with its moves [0, count): its pieces noted (the database leaves it the
 * wins and losses with as many), and, when it is in the database, only the moves that hold its
 * value (a win stays a win, a draw is not thrown away); the others leave the root list. Nothing
 * changes when the root or a move's position is not in it. Returns the moves kept. A variant
 * without databases (egdb/probe.ts hasDatabases) probes none: its limits go below every count,
 * even 0, which is what canadian's low words count when every piece stands on rows 10 and 11.
 */
export function rootEndings<V, B, C>(us: B, them: B, kings: B, count: i32): i32 {
  if (!hasDatabases<V>()) {
    probeLimit = -1;
    distanceLimit = -1;
  }
  rootPieces = piecesOf<B>(us, them);
  if (rootPieces > probeLimit || count <= 1) return count;
  const root = resolvedValue<V, B, C>(us, them, kings, recordAt(0), count);
  if (root == UNKNOWN) return count;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const child = valueAfter<V, B, C>(moveAt(i), us, them, kings, recordAt(0), count);
    if (child != UNKNOWN && 2 - valueRank(child) < valueRank(root)) continue;
    if (kept != i) memory.copy(moveAt(kept), moveAt(i), 16);
    kept++;
  }
  return kept > 0 ? kept : count;
}
