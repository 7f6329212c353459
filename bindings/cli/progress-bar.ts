// A progress bar with an ETA for long counts, on stderr, when both stdout and stderr are a
// terminal: never in --json output, never when the output is piped.

import cliProgress from "cli-progress";
import type { PerftProgress } from "../perft/parallel.js";
import type { BuildProgress } from "../book/builder.js";

/** A bar of `format` (cli-progress tokens, the payload's among them) that shows only on a terminal. */
function terminalBar<P extends object>(json: boolean, format: string, start: P): { update(fraction: number, payload: P): void; stop(): void } {
  if (json || process.stderr.isTTY !== true || process.stdout.isTTY !== true) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({
    stream: process.stderr,
    format,
    etaBuffer: 50,
    hideCursor: true,
    clearOnComplete: true,
  }, cliProgress.Presets.shades_classic);
  bar.start(1000, 0, start);
  return {
    update: (fraction, payload) => bar.update(Math.round(fraction * 1000), payload),
    stop: () => bar.stop(),
  };
}

/** The bar, or nothing when it must not show. */
export function progressBar(json: boolean, label: string): { update(p: PerftProgress): void; stop(): void } {
  const bar = terminalBar(json, `${label} [{bar}] {percentage}% | ETA {eta_formatted} | {done}/{units} subtrees | {nodes} nodes`, { done: 0, units: 0, nodes: "0" });
  return {
    update: (p) => bar.update(p.fraction, { done: p.done, units: p.units, nodes: String(p.nodes) }),
    stop: () => bar.stop(),
  };
}

/** The bar of an endgame database build: positions done, the last slices finished. */
export function buildBar(label: string): { update(done: number, total: number, slices: string): void; stop(): void } {
  const bar = terminalBar(false, `${label} [{bar}] {percentage}% | ETA {eta_formatted} | {done}/{total} positions | slices {slices}`, { done: 0, total: 0, slices: "" });
  return {
    update: (done, total, slices) => bar.update(total === 0 ? 1 : done / total, { done, total, slices }),
    stop: () => bar.stop(),
  };
}

/** The bar of a book build: positions expanded of the target, leaves searched, roots whose principal line is covered. */
export function bookBar(label: string): { update(p: BuildProgress): void; stop(): void } {
  const bar = terminalBar(false, `${label} [{bar}] {percentage}% | ETA {eta_formatted} | {expanded}/{target} positions | {searched} searched | {covered}/{roots} lines`, { expanded: 0, target: 0, searched: 0, covered: 0, roots: 0 });
  return {
    // Coverage can need more positions than the target: the bar waits short of the end until it is done.
    update: (p) => bar.update(Math.min(0.99, p.expanded / Math.max(1, p.target)), { expanded: p.expanded, target: p.target, searched: p.searched, covered: p.covered, roots: p.roots }),
    stop: () => bar.stop(),
  };
}
