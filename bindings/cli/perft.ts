// `bitdraughts perft`: a line per depth, progress on a terminal, divide and JSON.

import { Position } from "../core/position.js";
import { Duplicates } from "../core/variant.js";
import { Options, depthOf, duplicatesOf, millions, positionOf, progress, timed, variantOf } from "./args.js";

/**
 * Perft, one root move at a time when the run is long, so that progress can be shown and
 * divide counts come for free. Returns the total and the count of each root move (or route).
 */
function perftByRoots(position: Position, depth: number, duplicates: Duplicates, label: string): { nodes: bigint; divide: Map<string, bigint> } {
  const divide = new Map<string, bigint>();
  if (depth === 0) return { nodes: 1n, divide };
  const roots = [...position.divide(1, { duplicates }).keys()];
  let nodes = 0n;
  roots.forEach((name, i) => {
    progress(`${label}: root move ${i + 1}/${roots.length} (${name})`);
    const count = position.play(name).perft(depth - 1, { duplicates });
    divide.set(name, count);
    nodes += count;
  });
  progress("");
  return { nodes, divide };
}

export function runPerft(options: Options): void {
  const variant = variantOf(options);
  const depth = depthOf(options, true)!;
  const duplicates = duplicatesOf(options, variant);
  const position = positionOf(variant, options.fen, options["optional-capture"] === true);
  const json = options.json === true;
  if (!json) console.log(`perft ${variant}${position.optionalCapture ? " (optional capture)" : ""}, duplicates ${duplicates}, ${position.toFen()}`);
  // Shallow depths first, each on its own line; the last is split by root move for progress.
  let last = { value: { nodes: 0n, divide: new Map<string, bigint>() }, ms: 0 };
  // perft(0) = 1, the start position itself: depth 0 prints its line like any other depth.
  const first = json ? depth : Math.min(1, depth);
  for (let d = first; d <= depth; d++) {
    const byRoots = options.divide === true || (d === depth && d >= 8);
    last = timed(() => byRoots ? perftByRoots(position, d, duplicates, `depth ${d}`) : { nodes: position.perft(d, { duplicates }), divide: new Map() });
    if (!json) console.log(`depth ${String(d).padStart(2)}  nodes ${String(last.value.nodes).padStart(16)}  ${String(last.ms).padStart(8)} ms  ${millions(last.value.nodes, last.ms).padStart(12)}`);
  }
  if (json) {
    const line: Record<string, unknown> = { variant, depth, duplicates, nodes: String(last.value.nodes), ms: last.ms };
    if (options.divide === true) line.divide = Object.fromEntries([...last.value.divide].map(([k, v]) => [k, String(v)]));
    console.log(JSON.stringify(line));
  } else if (options.divide === true) {
    for (const [name, count] of last.value.divide) console.log(`${name.padEnd(20)} ${count}`);
    console.log(`${"total".padEnd(20)} ${last.value.nodes}`);
  }
}

