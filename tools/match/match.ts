// The match loop: one game from an opening between two players, a pair of games with colours
// reversed, and a match over a list of openings with its running tally and SPRT stop.
//
// Games are adjudicated by the rules alone (Game with repetition "automatic": no legal move loses,
// threefold repetition and the variant's counting rules draw at once); a hard cap on plies is a safety net against a bug that
// would never end a game, and a game stopped there is a draw marked "ply-cap" in its PDN.

import { Game, EndReason } from "../../bindings/game/game.js";
import { markerOf, pdnDate, writePdn } from "../../bindings/pdn/write.js";
import type { Color, VariantName } from "../../bindings/core/variant.js";
import type { Opening } from "./openings.js";
import type { MoveStats, Player } from "./player.js";
import { DepthSamples, NO_SAMPLES, Phase, addMoveSample, addSamples, phaseOfPosition } from "./depth.js";
import { EMPTY_TALLY, Points, SprtDecision, SprtSettings, Tally, addPair, sprtDecision, sprtLlr } from "./stats.js";

export type Ending = EndReason | "ply-cap";

/** What a player did over one game. */
export interface PlayerTotals {
  readonly moves: number;
  readonly ms: number;
  readonly nodes: number;
  /** Sum of the depths of the moves that reported one, and how many did. */
  readonly depthSum: number;
  readonly depthMoves: number;
  /**
   * Moves answered from an opening book. Undefined in a record written before the match counted
   * them, and then in any sum that takes such a game in (a count that leaves games out would
   * understate a book's use).
   */
  readonly bookMoves?: number;
  /**
   * Moves played where the position had one legal move, and the searched moves' depths by phase
   * (depth.ts). Undefined in a record written before the match kept them, and then in any sum
   * that takes such a game in; the summary takes its depth figures over the games that have them.
   */
  readonly forcedMoves?: number;
  readonly searched?: DepthSamples;
}

export const NO_TOTALS: PlayerTotals = Object.freeze({ moves: 0, ms: 0, nodes: 0, depthSum: 0, depthMoves: 0, bookMoves: 0, forcedMoves: 0, searched: NO_SAMPLES });

/** a + b, or undefined when either is (a count that leaves games out would mislead). */
function both<T>(a: T | undefined, b: T | undefined, add: (x: T, y: T) => T): T | undefined {
  return a !== undefined && b !== undefined ? add(a, b) : undefined;
}

const sum = (x: number, y: number): number => x + y;

export function addTotals(a: PlayerTotals, b: PlayerTotals): PlayerTotals {
  const bookMoves = both(a.bookMoves, b.bookMoves, sum);
  const forcedMoves = both(a.forcedMoves, b.forcedMoves, sum);
  const searched = both(a.searched, b.searched, addSamples);
  return {
    moves: a.moves + b.moves, ms: a.ms + b.ms, nodes: a.nodes + b.nodes, depthSum: a.depthSum + b.depthSum, depthMoves: a.depthMoves + b.depthMoves,
    ...(bookMoves !== undefined ? { bookMoves } : {}), ...(forcedMoves !== undefined ? { forcedMoves } : {}), ...(searched !== undefined ? { searched } : {}),
  };
}

/** `t` after one more move: `s` is what the player said, `legalMoves` and `phase` describe the position it moved in. */
export function addMove(t: PlayerTotals, s: MoveStats, legalMoves: number, phase: Phase): PlayerTotals {
  return addTotals(t, {
    moves: 1, ms: s.ms, nodes: s.nodes ?? 0,
    depthSum: s.depth ?? 0, depthMoves: s.depth !== undefined ? 1 : 0, bookMoves: s.book === true ? 1 : 0,
    forcedMoves: legalMoves === 1 ? 1 : 0,
    searched: addMoveSample(NO_SAMPLES, { legalMoves, phase, ...s }),
  });
}

/** One finished game, as plain data (it crosses from worker threads). */
export interface GameRecord {
  /** 1-based pair number and game in the pair (1: A has White, 2: A has Black). */
  readonly round: string;
  readonly openingId: string;
  readonly aColor: Color;
  readonly winner: Color | undefined;
  readonly ending: Ending;
  readonly plies: number;
  /** Player A's points. */
  readonly points: Points;
  readonly a: PlayerTotals;
  readonly b: PlayerTotals;
  /** The game in PDN, ending with a blank line. */
  readonly pdn: string;
}

export interface PairRecord {
  /** 0-based index of the pair in the match. */
  readonly index: number;
  readonly games: readonly [GameRecord, GameRecord];
}

export interface GameSettings {
  readonly variant: VariantName;
  /** A game still going after this many plies (opening included) is stopped as a draw. */
  readonly maxPlies: number;
  /** PDN Event tag. */
  readonly event: string;
}

/** The first ply of `opening` to the end, A playing `aColor`, in the pair of 0-based `index`. */
export async function playGame(settings: GameSettings, opening: Opening, a: Player, b: Player, aColor: Color, index: number): Promise<GameRecord> {
  const round = `${index + 1}.${aColor === "white" ? 1 : 2}`;
  const number = index * 2 + (aColor === "white" ? 0 : 1);
  // Repetition draws at once here: a player never has to claim it (RULES.md 5.4 makes it a claim).
  const game = new Game(settings.variant, { repetition: "automatic", ...(opening.fen === undefined ? {} : { fen: opening.fen }) });
  for (const move of opening.moves) game.play(move);
  a.newGame(number);
  b.newGame(number);
  let totalsA = NO_TOTALS;
  let totalsB = NO_TOTALS;
  while (!game.isOver && game.ply < settings.maxPlies) {
    const aMoves = game.turn === aColor;
    // Let the event loop run between moves (a Ctrl-C, a timer): an engine in this thread never yields otherwise.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const legalMoves = game.legalMoves().length;
    const phase = phaseOfPosition(game.position);
    const { move, stats } = await (aMoves ? a : b).move(game);
    game.play(move); // a move the game refuses is a player's bug: it throws and stops the match
    if (aMoves) totalsA = addMove(totalsA, stats, legalMoves, phase);
    else totalsB = addMove(totalsB, stats, legalMoves, phase);
  }
  const result = game.result;
  const ending: Ending = result.reason ?? "ply-cap";
  const winner = result.status === "win" ? result.winner : undefined;
  const points: Points = winner === undefined ? 0.5 : winner === aColor ? 1 : 0;
  const [white, black] = aColor === "white" ? [a, b] : [b, a];
  const draw = markerOf({ status: "draw" }, settings.variant === "english" ? "one-point" : "two-point")!;
  const pdn = writePdn({
    game,
    tags: {
      Event: settings.event,
      Date: pdnDate(new Date()),
      Round: round,
      White: white.name,
      Black: black.name,
      Opening: opening.label.length > 0 ? opening.label : opening.id,
      OpeningId: opening.id,
      Termination: ending,
    },
    ...(game.isOver ? {} : { result: draw }),
  });
  return { round, openingId: opening.id, aColor, winner, ending, plies: game.ply, points, a: totalsA, b: totalsB, pdn };
}

/** Both games of an opening: A with White, then A with Black. */
export async function playPair(settings: GameSettings, opening: Opening, index: number, a: Player, b: Player): Promise<PairRecord> {
  const first = await playGame(settings, opening, a, b, "white", index);
  const second = await playGame(settings, opening, a, b, "black", index);
  return { index, games: [first, second] };
}

/** Plays pairs somewhere: in this thread, or in worker threads. */
export interface PairRunner {
  /** How many pairs it can play at once. */
  readonly slots: number;
  play(opening: Opening, index: number): Promise<PairRecord>;
  close(): Promise<void>;
}

/** A runner that plays one pair at a time in this thread. */
export function localRunner(settings: GameSettings, a: Player, b: Player): PairRunner {
  return {
    slots: 1,
    play: (opening, index) => playPair(settings, opening, index, a, b),
    close: async () => {
      await Promise.all([a.dispose(), b.dispose()]);
    },
  };
}

export interface MatchProgress {
  readonly tally: Tally;
  readonly pairsDone: number;
  readonly pairsPlanned: number;
  readonly llr?: number;
  readonly decision?: SprtDecision;
}

export interface MatchOutcome extends MatchProgress {
  readonly pairs: readonly PairRecord[];
  /** Why it ended: every opening played, the SPRT decided, or the caller interrupted it. */
  readonly stoppedBy: "openings" | "sprt" | "interrupted";
}

/**
 * Plays every opening as a pair, as many at once as the runner has slots, stopping early when
 * the SPRT decides (pairs already started are finished and counted). `onPair` sees every pair
 * in the order they finish, with the tally so far. When `signal` aborts, the match ends at once
 * with the pairs finished so far (the pairs in play are left out: they would take minutes).
 * `done` holds pairs an earlier run of the same match played (its record file): they are
 * counted first, and their openings are not played again.
 */
export async function runMatch(
  runner: PairRunner,
  openings: readonly Opening[],
  options: { sprt?: SprtSettings; onPair?: (pair: PairRecord, progress: MatchProgress) => void; signal?: AbortSignal; done?: readonly PairRecord[] } = {},
): Promise<MatchOutcome> {
  const pairs: PairRecord[] = [];
  let tally = EMPTY_TALLY;
  let decision: SprtDecision;
  let llr: number | undefined;
  const count = (pair: PairRecord): void => {
    pairs.push(pair);
    tally = addPair(tally, pair.games[0].points, pair.games[1].points);
    if (options.sprt !== undefined) {
      llr = sprtLlr(tally.pentanomial, options.sprt.elo0, options.sprt.elo1, options.sprt.model);
      decision = sprtDecision(llr, options.sprt);
    }
  };
  // Pairs an earlier run played (a record file) count first, in their order, and are not played again.
  const played = new Set<number>();
  for (const pair of [...(options.done ?? [])].sort((x, y) => x.index - y.index)) {
    count(pair);
    played.add(pair.index);
  }
  const left = openings.map((_, index) => index).filter((index) => !played.has(index));
  let next = 0;
  const interruptedNow = (): boolean => options.signal?.aborted === true;
  const worker = async (): Promise<void> => {
    while (next < left.length && decision === undefined && !interruptedNow()) {
      const index = left[next++]!;
      const pair = await runner.play(openings[index]!, index);
      if (interruptedNow()) return;
      count(pair);
      options.onPair?.(pair, { tally, pairsDone: pairs.length, pairsPlanned: openings.length, ...(llr !== undefined ? { llr, decision } : {}) });
    }
  };
  const interrupted = new Promise<void>((resolve) => options.signal?.addEventListener("abort", () => resolve(), { once: true }));
  try {
    // A pair that fails after an interrupt (its runner closed under it) is no longer heard: the race is settled.
    await Promise.race([Promise.all(Array.from({ length: Math.min(runner.slots, left.length) }, worker)), interrupted]);
  } finally {
    await runner.close();
  }
  pairs.sort((x, y) => x.index - y.index);
  return {
    pairs, tally, pairsDone: pairs.length, pairsPlanned: openings.length,
    ...(llr !== undefined ? { llr, decision } : {}),
    stoppedBy: interruptedNow() ? "interrupted" : decision !== undefined ? "sprt" : "openings",
  };
}
