// A progress bar with an ETA for long counts, on stderr, when both stdout and stderr are a
// terminal: never in --json output, never when the output is piped.

import cliProgress from "cli-progress";
import type { PerftProgress } from "../perft/parallel.js";

/** The bar, or nothing when it must not show. */
export function progressBar(json: boolean, label: string): { update(p: PerftProgress): void; stop(): void } {
  if (json || process.stderr.isTTY !== true || process.stdout.isTTY !== true) return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({
    stream: process.stderr,
    format: `${label} [{bar}] {percentage}% | ETA {eta_formatted} | {done}/{units} subtrees | {nodes} nodes`,
    etaBuffer: 50,
    hideCursor: true,
    clearOnComplete: true,
  }, cliProgress.Presets.shades_classic);
  bar.start(1000, 0, { done: 0, units: 0, nodes: "0" });
  return {
    update: (p) => bar.update(Math.round(p.fraction * 1000), { done: p.done, units: p.units, nodes: String(p.nodes) }),
    stop: () => bar.stop(),
  };
}

