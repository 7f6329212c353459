// `bitdraughts book build|probe`: opening books from the engine's own analysis (docs/books.md).
// A build writes its state beside the book every few seconds (FILE.state.json); run the same
// command again and it goes on from there.

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type BookState, type BookSettings, type LeafLimit, buildBook } from "../book/builder.js";
import { BookError } from "../book/format.js";
import { searchScorer } from "./book-scorer.js";
import { threadScorer } from "./book-threads.js";
import type { VariantName } from "../core/variant.js";
import { DEPTH_RANGE, NODES_RANGE } from "../search/limit-range.js";
import { whyNotSearched } from "../search/unsearched.js";
import { type Options, UsageError, allowOnly, gameOf, optionsOf, variantOf, wholeNumberOf } from "./args.js";
import { readBookFile, shippedBookPath } from "./book-file.js";
import { scoreText } from "./search.js";
import { bookBar } from "./progress-bar.js";

/** The leaf search when none is given: depth 12 takes about 50 ms a position here. */
export const DEFAULT_LEAF: LeafLimit = { depth: 12 };
export const DEFAULT_PLIES = 8;
export const DEFAULT_POSITIONS = 500;
/** Seconds between two writes of the state. */
const SAVE_EVERY = 5;

export async function runBook(operands: string[], options: Options): Promise<number> {
  const action = operands[0];
  if (action === "build") return await build(allowOnly(options, "book build", optionsOf("book build")));
  if (action === "probe") return probe(allowOnly(options, "book probe", optionsOf("book probe")));
  throw new UsageError(action === undefined ? "book needs an action: build or probe" : `unknown book action ${JSON.stringify(action)} (build or probe)`);
}

function searchedVariant(options: Options): VariantName {
  const variant = variantOf(options);
  const why = whyNotSearched(variant);
  if (why !== undefined) throw new UsageError(`the search does not play ${variant} (${why}): no book can be built for it`);
  return variant;
}

function leafOf(options: Options): LeafLimit {
  if (options.depth !== undefined && options.nodes !== undefined) throw new UsageError("give one of --depth and --nodes, not both");
  const depth = wholeNumberOf(options, "depth", DEPTH_RANGE.low, DEPTH_RANGE.high);
  const nodes = wholeNumberOf(options, "nodes", NODES_RANGE.low, NODES_RANGE.high);
  return depth !== undefined ? { depth } : nodes !== undefined ? { nodes } : DEFAULT_LEAF;
}

/** --openings FILE: a JSON opening set (tools/openings) whose openings each have `moves`. */
function openingsOf(path: string | undefined): string[][] {
  if (path === undefined) return [];
  let set: unknown;
  try {
    set = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`--openings: cannot read ${JSON.stringify(path)} as JSON: ${(error as Error).message}`);
  }
  const list = (set as { openings?: unknown }).openings;
  if (!Array.isArray(list) || list.some((o) => typeof (o as { moves?: unknown })?.moves !== "string")) {
    throw new UsageError(`--openings: ${JSON.stringify(path)} is no opening set (an object whose "openings" each have "moves")`);
  }
  return list.map((o) => (o as { moves: string }).moves.split(/\s+/).filter((m) => m.length > 0));
}

async function build(options: Options): Promise<number> {
  const variant = searchedVariant(options);
  const settings: BookSettings = {
    variant,
    leaf: leafOf(options),
    plies: wholeNumberOf(options, "plies", 1, 60) ?? DEFAULT_PLIES,
    positions: wholeNumberOf(options, "positions", 1, 10_000_000) ?? DEFAULT_POSITIONS,
    openings: openingsOf(options.openings),
  };
  for (const opening of settings.openings!) {
    try {
      gameOf(variant, { moves: opening.join(" ") });
    } catch (error) {
      throw new UsageError(`--openings: ${(error as Error).message.replace(/^--moves: /, "")} (opening ${opening.join(" ")})`);
    }
  }
  const minutes = wholeNumberOf(options, "time", 1, 100_000);
  const threads = wholeNumberOf(options, "threads", 1, 64) ?? 1;
  const out = options.out ?? `${variant}.book`;
  const statePath = `${out}.state.json`;
  let resume: BookState | undefined;
  if (existsSync(statePath)) {
    try {
      resume = JSON.parse(readFileSync(statePath, "utf8")) as BookState;
    } catch (error) {
      throw new BookError(`cannot read the saved state ${JSON.stringify(statePath)}: ${(error as Error).message}`);
    }
    if (resume.format !== "bitdraughts book state 1") throw new BookError(`${JSON.stringify(statePath)} is not a book build's state`);
  }
  const started = performance.now();
  const deadline = minutes === undefined ? Infinity : started + minutes * 60_000;
  const pool = threads > 1 ? await threadScorer(variant, settings.leaf, threads) : undefined;
  const bar = bookBar(`${variant} book`);
  let saved = 0;
  try {
    const result = await buildBook(settings, {
      score: pool?.score ?? searchScorer(variant, settings.leaf),
      ...(resume === undefined ? {} : { resume }),
      progress: (p) => bar.update(p),
      save: (state) => {
        if (performance.now() - saved < SAVE_EVERY * 1000) return;
        saved = performance.now();
        writeAtomically(statePath, JSON.stringify(state()));
      },
      stop: () => performance.now() > deadline,
    });
    bar.stop();
    const bytes = result.bytes;
    writeAtomically(out, bytes);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${variant} book in ${out}: ${result.book.size} positions, ${result.book.moveCount} moves, ${bytes.length} bytes (${gzipSync(bytes, { level: 9 }).length} gzip); ${result.searched} leaves searched (${leafText(settings.leaf)}) in ${seconds} s on ${threads} thread${threads === 1 ? "" : "s"}; principal lines to ply ${settings.plies} from ${result.covered} of ${result.roots} roots`);
    if (!result.complete) console.log(`stopped after ${minutes} minutes: run the same command again to go on (state in ${statePath})`);
    // The finished state stays: a later run with more --positions goes on from it.
    writeAtomically(statePath, JSON.stringify(result.state));
  } finally {
    bar.stop();
    await pool?.close();
  }
  return 0;
}

function leafText(leaf: LeafLimit): string {
  return "depth" in leaf ? `depth ${leaf.depth}` : `${leaf.nodes} nodes`;
}

/** Written under another name first: a build stopped half-way leaves no half file behind. */
function writeAtomically(path: string, data: string | Uint8Array): void {
  writeFileSync(`${path}.part`, data);
  renameSync(`${path}.part`, path);
}

function probe(options: Options): number {
  const variant = variantOf(options);
  const path = options.book ?? shippedBookPath(variant);
  const book = readBookFile(path, variant);
  const position = gameOf(variant, options).position;
  const moves = book.moves(position);
  if (options.json === true) {
    console.log(JSON.stringify({ fen: position.toFen(), moves: moves.map((m) => ({ move: m.move.notation, score: m.score, win: m.win })) }));
  } else if (moves.length === 0) {
    console.log(`not in the book: ${position.toFen()}`);
  } else {
    for (const m of moves) console.log(`${m.move.notation} ${scoreText(m.score, m.win)}`);
  }
  return moves.length === 0 ? 1 : 0;
}
