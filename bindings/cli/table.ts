// `bitdraughts table`: perft from every variant's start position (what `npm start` runs).

import { Position } from "../core/position.js";
import { VARIANTS, VariantName, variantInfo } from "../core/variant.js";
import { Options, depthOf, millions, progress, timed, variantOf } from "./args.js";

/** Start-position depths for `table`: about a second each on a small machine. */
const TABLE_DEPTHS: Record<VariantName, number> = {
  english: 11, italian: 11, international: 9, brazilian: 11, russian: 11, spanish: 11, czech: 11,
  pool: 11, thai: 9, killer: 9, antidraughts: 9, breakthrough: 9, turkish: 8, canadian: 7,
  frisian: 8, frysk: 9,
};

export function runTable(options: Options): void {
  const depth = depthOf(options, false);
  const variants = options.variant === undefined ? VARIANTS : [variantOf(options)];
  const rows = variants.map((variant) => {
    const position = Position.initial(variant);
    const d = depth ?? TABLE_DEPTHS[variant];
    const duplicates = variantInfo(variant).defaultDuplicates;
    progress(`${variant} perft ${d}…`);
    const { value: nodes, ms } = timed(() => position.perft(d, { duplicates }));
    progress("");
    const row = { variant, depth: d, duplicates, nodes: String(nodes), ms, rate: millions(nodes, ms) };
    if (options.json === true) console.log(JSON.stringify({ variant, depth: d, duplicates, nodes: row.nodes, ms }));
    return row;
  });
  if (options.json === true) return;
  console.log(`Perft from the start position (leaf nodes, bulk-counted last ply)`);
  console.log(`${"variant".padEnd(14)} ${"depth".padStart(5)}  ${"dups".padEnd(4)} ${"nodes".padStart(14)} ${"ms".padStart(8)} ${"leaf nodes/s".padStart(13)}`);
  for (const r of rows) {
    console.log(`${r.variant.padEnd(14)} ${String(r.depth).padStart(5)}  ${r.duplicates.padEnd(4)} ${r.nodes.padStart(14)} ${String(r.ms).padStart(8)} ${r.rate.padStart(13)}`);
  }
}

