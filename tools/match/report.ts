// What a match prints: the progress line while it runs, the summary at the end, and the same
// summary as JSON for scripts.

import { relative } from "node:path";
import type { Opening, OpeningSet } from "./openings.js";
import { Ending, MatchOutcome, MatchProgress, PlayerTotals, NO_TOTALS, addTotals } from "./match.js";
import type { PlayerSpec } from "./spec.js";
import { SprtSettings, eloEstimate, games, normalizedElo, scoreOf, sprtBounds } from "./stats.js";
import type { VariantName } from "../../bindings/core/variant.js";
import { DepthByPhase, DepthFigures, PHASES, Phase, depthByPhase } from "./depth.js";

export interface MatchDescription {
  readonly variant: VariantName;
  readonly a: { readonly spec: PlayerSpec; readonly name: string };
  readonly b: { readonly spec: PlayerSpec; readonly name: string };
  readonly set: OpeningSet;
  readonly openings: readonly Opening[];
  readonly maxPlies: number;
  readonly concurrency: number;
  readonly sprt?: SprtSettings;
  readonly pdn?: string;
}

export function signed(x: number, digits = 0): string {
  if (Number.isNaN(x)) return "n/a";
  if (!Number.isFinite(x)) return x > 0 ? "+inf" : "-inf";
  const text = x.toFixed(digits);
  return x >= 0 && !text.startsWith("-") ? `+${text}` : text;
}

function plusMinus(x: number): string {
  return Number.isFinite(x) ? x.toFixed(1) : "inf";
}

function percent(x: number): string {
  return Number.isNaN(x) ? "n/a" : `${(100 * x).toFixed(1)} %`;
}

/** One line: games, W/D/L, score, Elo ± error, and the LLR when there is an SPRT. */
export function progressLine(p: MatchProgress, sprt: SprtSettings | undefined): string {
  const t = p.tally;
  const e = eloEstimate(t.pentanomial);
  let line = `pairs ${p.pairsDone}/${p.pairsPlanned}  games ${games(t)}  +${t.wins} =${t.draws} -${t.losses}  score ${percent(scoreOf(t))}  Elo ${signed(e.elo, 1)} ± ${plusMinus(e.error)}`;
  if (sprt !== undefined && p.llr !== undefined) {
    const b = sprtBounds(sprt);
    line += `  LLR ${p.llr.toFixed(2)} [${b.lower.toFixed(2)}, ${b.upper.toFixed(2)}]`;
  }
  return line;
}

interface Side {
  readonly totals: PlayerTotals;
}

function sides(outcome: MatchOutcome): { a: Side; b: Side } {
  let a = NO_TOTALS;
  let b = NO_TOTALS;
  for (const pair of outcome.pairs) for (const g of pair.games) {
    a = addTotals(a, g.a);
    b = addTotals(b, g.b);
  }
  return { a: { totals: a }, b: { totals: b } };
}

/** One side's searched-only depth (depth.ts), over the games whose record keeps it. */
export interface SideDepth {
  /** Games that keep per-move depths, of all the games played. */
  readonly games: number;
  readonly ofGames: number;
  /** Moves with one legal move in those games, left out of the figures. */
  readonly forcedMoves: number;
  readonly byPhase: DepthByPhase;
}

/** Side "a" or "b"'s searched-only depth over the games of `outcome`. */
export function sideDepth(outcome: MatchOutcome, side: "a" | "b"): SideDepth {
  // Gathered in place: a long match holds some hundred thousand depths.
  const lists = (): Record<Phase, number[]> => ({ opening: [], middle: [], ending: [] });
  const samples = { depth: lists(), meanDepth: lists() };
  let kept = 0;
  let all = 0;
  let forcedMoves = 0;
  for (const pair of outcome.pairs) for (const g of pair.games) {
    all++;
    const t = g[side];
    if (t.searched === undefined) continue;
    kept++;
    for (const phase of PHASES) {
      for (const x of t.searched.depth[phase]) samples.depth[phase].push(x);
      for (const x of t.searched.meanDepth[phase]) samples.meanDepth[phase].push(x);
    }
    forcedMoves += t.forcedMoves ?? 0;
  }
  return { games: kept, ofGames: all, forcedMoves, byPhase: depthByPhase(samples) };
}

const tenth = (x: number): string => (Number.isNaN(x) ? "-" : x.toFixed(1));

/** The searched-only depth table of both sides: a row per side and phase, then all phases. */
export function depthLines(a: SideDepth, b: SideDepth): string[] {
  const lines = ["searched-only depth (forced and book moves left out; phase by pieces left of the start's: opening >= 80 %, ending <= 40 %):", "      phase     moves  median   mean  mean-depth"];
  for (const [label, side] of [["A", a], ["B", b]] as const) {
    if (side.byPhase.all.moves === 0) {
      lines.push(`   ${label}  no searched moves reported${side.forcedMoves > 0 ? ` (${side.forcedMoves} forced)` : ""}`);
      continue;
    }
    for (const phase of [...PHASES, "all"] as const) {
      const f = side.byPhase[phase];
      lines.push(`   ${label}  ${phase.padEnd(8)} ${String(f.moves).padStart(6)}  ${tenth(f.median).padStart(6)} ${tenth(f.mean).padStart(6)}  ${tenth(f.meanDepth).padStart(10)}`);
    }
    lines.push(`   ${label}  ${side.forcedMoves} forced moves left out${side.games < side.ofGames ? `; over ${side.games} of ${side.ofGames} games (older record lines keep no per-move depths)` : ""}`);
  }
  return lines;
}

/** A side's depth for --json: NaN (nothing to take a figure over) becomes null. */
function depthJson(side: SideDepth): object {
  const figures = (f: DepthFigures): object => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Number.isNaN(v) ? null : Number(v.toFixed(2))]));
  return { games: side.games, ofGames: side.ofGames, forcedMoves: side.forcedMoves, ...Object.fromEntries([...PHASES, "all" as const].map((p) => [p, figures(side.byPhase[p])])) };
}

function endings(outcome: MatchOutcome): Record<string, number> {
  const count: Partial<Record<Ending, number>> = {};
  for (const pair of outcome.pairs) for (const g of pair.games) count[g.ending] = (count[g.ending] ?? 0) + 1;
  return count as Record<string, number>;
}

function byColour(outcome: MatchOutcome, colour: "white" | "black"): { wins: number; draws: number; losses: number } {
  const r = { wins: 0, draws: 0, losses: 0 };
  for (const pair of outcome.pairs) for (const g of pair.games) {
    if (g.aColor !== colour) continue;
    if (g.points === 1) r.wins++;
    else if (g.points === 0) r.losses++;
    else r.draws++;
  }
  return r;
}

function describeTotals(t: PlayerTotals, games: number): string {
  if (t.moves === 0) return "no moves";
  const parts = [`${t.moves} moves`, `${(t.ms / t.moves).toFixed(1)} ms/move`, `${(t.ms / 1000 / games).toFixed(1)} s a game`];
  if (t.bookMoves === undefined) parts.push("book moves not counted (older record)");
  else if (t.bookMoves > 0) parts.push(`${(t.bookMoves / games).toFixed(1)} book moves a game`);
  if (t.depthMoves > 0) parts.push(`depth ${(t.depthSum / t.depthMoves).toFixed(1)} (all moves)`);
  if (t.nodes > 0 && t.ms > 0) parts.push(`${((t.nodes / t.ms) * 1000 / 1e6).toFixed(2)} M nodes/s`);
  return parts.join(", ");
}

/** The summary printed at the end (stdout). */
export function summaryText(d: MatchDescription, outcome: MatchOutcome, seconds: number): string {
  const t = outcome.tally;
  const e = eloEstimate(t.pentanomial);
  const s = sides(outcome);
  const w = byColour(outcome, "white");
  const k = byColour(outcome, "black");
  const wdl = (r: { wins: number; draws: number; losses: number }): string => `+${r.wins} =${r.draws} -${r.losses}`;
  const lines = [
    `match: ${d.variant}, ${outcome.pairsDone} openings (of ${d.openings.length} planned, ${d.set.openings.length} playable in ${JSON.stringify(d.set.name)}, ${relative(process.cwd(), d.set.file)}), each twice with colours reversed`,
    `  A  ${d.a.name}  [${d.a.spec.text}]  ${describeTotals(s.a.totals, games(t))}`,
    `  B  ${d.b.name}  [${d.b.spec.text}]  ${describeTotals(s.b.totals, games(t))}`,
    `games ${games(t)}: A ${wdl(t)}  score ${percent(scoreOf(t))}   (A as White ${wdl(w)}, as Black ${wdl(k)})`,
    `pairs by A's points 0 / ½ / 1 / 1½ / 2: ${t.pentanomial.join(" / ")}`,
    `Elo A - B: ${signed(e.elo, 1)} ± ${plusMinus(e.error)}  (95 %: ${signed(e.lower, 1)} .. ${signed(e.upper, 1)}, over pairs)  LOS ${percent(e.los)}`,
    `endings: ${Object.entries(endings(outcome)).map(([r, n]) => `${r} ${n}`).join(", ")}  (cap ${d.maxPlies} plies)`,
    ...depthLines(sideDepth(outcome, "a"), sideDepth(outcome, "b")),
  ];
  if (d.sprt !== undefined) {
    const b = sprtBounds(d.sprt);
    const unit = d.sprt.model === "normalized" ? "nElo" : "Elo";
    const verdict = outcome.decision === "H1" ? `H1 accepted: A is at least ${d.sprt.elo1} ${unit} better` : outcome.decision === "H0" ? `H0 accepted: A is not ${d.sprt.elo1} ${unit} better (at most ${d.sprt.elo0})` : "no decision";
    if (d.sprt.model === "normalized") lines.push(`normalized Elo A - B: ${signed(normalizedElo(t.pentanomial), 1)}`);
    lines.push(`SPRT (${unit}) elo0=${d.sprt.elo0} elo1=${d.sprt.elo1} alpha=${d.sprt.alpha} beta=${d.sprt.beta}: LLR ${(outcome.llr ?? 0).toFixed(2)} [${b.lower.toFixed(2)}, ${b.upper.toFixed(2)}]: ${verdict}`);
  }
  if (outcome.stoppedBy === "interrupted") lines.push(`interrupted after ${outcome.pairsDone} of ${d.openings.length} pairs: the pairs in play are left out`);
  lines.push(`${seconds.toFixed(1)} s, concurrency ${d.concurrency}${d.pdn !== undefined ? `, games in ${d.pdn}` : ""}`);
  return lines.join("\n");
}

/** Totals without the per-move depths (the summary gives their figures). */
function withoutSamples(t: PlayerTotals): Omit<PlayerTotals, "searched"> {
  const { searched: _, ...rest } = t;
  return rest;
}

/** The summary as plain data for --json. */
export function summaryJson(d: MatchDescription, outcome: MatchOutcome, seconds: number): object {
  const t = outcome.tally;
  const e = eloEstimate(t.pentanomial);
  const s = sides(outcome);
  const finite = (x: number): number | string => (Number.isFinite(x) ? Number(x.toFixed(2)) : String(x));
  return {
    variant: d.variant,
    openings: { file: d.set.file, name: d.set.name, planned: d.openings.length, played: outcome.pairsDone },
    a: { name: d.a.name, spec: d.a.spec, ...withoutSamples(s.a.totals), searchedDepth: depthJson(sideDepth(outcome, "a")) },
    b: { name: d.b.name, spec: d.b.spec, ...withoutSamples(s.b.totals), searchedDepth: depthJson(sideDepth(outcome, "b")) },
    games: games(t), wins: t.wins, draws: t.draws, losses: t.losses,
    score: finite(scoreOf(t)),
    elo: finite(e.elo), eloError: finite(e.error), eloLower: finite(e.lower), eloUpper: finite(e.upper), los: finite(e.los),
    pentanomial: t.pentanomial,
    asWhite: byColour(outcome, "white"), asBlack: byColour(outcome, "black"),
    endings: endings(outcome), maxPlies: d.maxPlies,
    ...(d.sprt !== undefined ? { sprt: { ...d.sprt, ...sprtBounds(d.sprt), llr: finite(outcome.llr ?? 0), decision: outcome.decision ?? null } } : {}),
    stoppedBy: outcome.stoppedBy,
    pdn: d.pdn ?? null,
    seconds: Number(seconds.toFixed(1)),
    concurrency: d.concurrency,
  };
}
