// Building a book from the engine's own analysis (docs/books.md "Building"). The opening tree is
// held as a graph of positions by key, so transpositions are one node. Leaves are scored by a
// search of fixed depth or nodes on a cleared table, so a rebuild gives the same file; values
// are backed up by negamax. Which leaves are expanded:
//   1. coverage first: along each root's principal line (both sides' best moves), every position
//      before ply `plies` is expanded — the roots are the start position and the openings given;
//   2. then drop-out expansion: a leaf's priority for a side is PLY_WEIGHT per ply from its root
//      plus what that side gave away on the way (best value minus the value of the move it
//      chose; the other side's choices cost nothing, the book must answer any of them); the
//      leaves of least priority are expanded, a batch at a time, until `positions` are expanded.
// The host scores positions (a Searcher here, or workers) and keeps the state between runs.

import { WIN_BOUND, WIN_SCORE } from "../core/engine.js";
import type { Move } from "../core/notation.js";
import { Position } from "../core/position.js";
import type { VariantName } from "../core/variant.js";
import { Book, storedSquares } from "./book.js";
import { BookError, MAX_BOOK_MOVES, type StoredMove, encodeBook } from "./format.js";

/** Centi-men a ply costs in the drop-out priority: a move 24 worse than best is as far off as three plies deeper. */
export const PLY_WEIGHT = 8;
/** Leaves expanded together in the drop-out phase (each leads to a few searches: the batch keeps both threads busy). */
export const BATCH = 8;

/** How a leaf is searched: a fixed depth or a fixed node count. */
export type LeafLimit = { readonly depth: number } | { readonly nodes: number };

/** What a book build grows: its variant, roots, leaf searches and size. */
export interface BookSettings {
  readonly variant: VariantName;
  readonly leaf: LeafLimit;
  /** Positions before this ply may be expanded: the book plays moves up to this ply. */
  readonly plies: number;
  /** Expanded positions to reach (coverage may need more). */
  readonly positions: number;
  /** Openings (move lists from the start) whose positions are roots besides the start. */
  readonly openings?: readonly (readonly string[])[];
}

/** What a build writes between runs: the expansions in their order and every leaf's score. */
export interface BookState {
  readonly format: "bitdraughts book state 1";
  readonly settings: { readonly variant: VariantName; readonly leaf: LeafLimit; readonly plies: number; readonly openings: readonly (readonly string[])[] };
  /** Keys (hex) of the expanded positions, in the order they were expanded. */
  readonly expanded: readonly string[];
  /** Leaf scores by key (hex). */
  readonly scores: Readonly<Record<string, number>>;
}

/** What a book build reports as it goes. */
export interface BuildProgress {
  readonly expanded: number;
  readonly target: number;
  readonly nodes: number;
  readonly searched: number;
  /** Roots whose principal line is in the book to the last ply. */
  readonly covered: number;
  readonly roots: number;
}

/** How a book build scores its leaves, reports and saves its state. */
export interface BuildHooks {
  /** Scores each position (centi-men from its side to move) by the fixed leaf search. */
  readonly score: (positions: readonly Position[]) => Promise<readonly number[]>;
  /** Called after each batch of leaves scored. */
  readonly progress?: (p: BuildProgress) => void;
  /** Called after each batch with the state to save, made when asked (the host decides how often it writes). */
  readonly save?: (state: () => BookState) => void;
  /** A state saved by an earlier run of the same settings: its work is taken over. */
  readonly resume?: BookState;
  /** Checked between batches: true stops the build, which then returns what it has. */
  readonly stop?: () => boolean;
}

interface Edge {
  readonly move: Move;
  readonly key: bigint;
}

interface Node {
  readonly position: Position;
  /** Fewest plies from the start. */
  ply: number;
  children?: Edge[];
  /** The leaf search's score, or the end of the game's. */
  score?: number;
  /** No legal move, or too many for a book entry: never expanded. */
  closed?: boolean;
  value: number;
}

/** A finished (or stopped) book build: the book file and what it holds. */
export interface BuildResult {
  readonly book: Book;
  /** The book file. */
  readonly bytes: Uint8Array;
  /** What a later run takes over (BuildHooks.resume). */
  readonly state: BookState;
  readonly expanded: number;
  readonly nodes: number;
  readonly searched: number;
  readonly covered: number;
  readonly roots: number;
  /** False when stopped before the target (the state carries on from there). */
  readonly complete: boolean;
}

/** A parent's value for a move that leads to a position of `value` (from that position's side). */
export function backedUp(value: number): number {
  // A draw stays 0, not -0: scores are compared and stored as integers.
  const v = value === 0 ? 0 : -value;
  // A win or loss one ply further away.
  return v >= WIN_BOUND ? v - 1 : v <= -WIN_BOUND ? v + 1 : v;
}

const hexKey = (key: bigint): string => key.toString(16);

/**
 * Builds (or continues) an opening book: best-first expansion of the opening tree from its
 * roots, leaves scored by fixed searches, values backed up by negamax (docs/books.md).
 */
export async function buildBook(settings: BookSettings, hooks: BuildHooks): Promise<BuildResult> {
  const variant = settings.variant;
  const start = Position.initial(variant);
  const nodes = new Map<bigint, Node>();
  const scores = new Map<string, number>(Object.entries(hooks.resume?.scores ?? {}));
  const expandedOrder: bigint[] = [];
  let searched = 0;
  const stateSettings = { variant, leaf: settings.leaf, plies: settings.plies, openings: settings.openings ?? [] };
  if (hooks.resume !== undefined && JSON.stringify(hooks.resume.settings) !== JSON.stringify(stateSettings)) {
    throw new BookError(`the saved state was made with other settings (${JSON.stringify(hooks.resume.settings)}), not ${JSON.stringify(stateSettings)}`);
  }

  const nodeOf = (position: Position, ply: number): bigint => {
    const key = position.key();
    const known = nodes.get(key);
    if (known === undefined) nodes.set(key, { position, ply, value: 0 });
    else known.ply = Math.min(known.ply, ply);
    return key;
  };

  /** Expands the given leaves and scores their new children. */
  const expand = async (keys: readonly bigint[]): Promise<void> => {
    const fresh: Node[] = [];
    for (const key of keys) {
      const node = nodes.get(key)!;
      if (node.children !== undefined) continue;
      const legal = node.position.legalMoves();
      if (legal.length === 0 || legal.length > MAX_BOOK_MOVES) {
        node.closed = true;
        continue;
      }
      node.children = legal.map((move) => {
        const childKey = nodeOf(node.position.play(move), node.ply + 1);
        const child = nodes.get(childKey)!;
        if (child.children === undefined && child.score === undefined && !fresh.includes(child)) fresh.push(child);
        return { move, key: childKey };
      });
      expandedOrder.push(key);
    }
    const unknown: Node[] = [];
    for (const child of fresh) {
      const saved = scores.get(hexKey(child.position.key()));
      const legal = child.position.legalMoves().length;
      child.closed = legal === 0 || legal > MAX_BOOK_MOVES;
      if (legal === 0) child.score = -WIN_SCORE; // no move: lost now
      else if (saved !== undefined) child.score = saved;
      else unknown.push(child);
    }
    if (unknown.length > 0) {
      const found = await hooks.score(unknown.map((n) => n.position));
      unknown.forEach((n, i) => {
        n.score = found[i]!;
        scores.set(hexKey(n.position.key()), n.score);
      });
      searched += unknown.length;
    }
  };

  // The roots: the start and each opening's position, every position on an opening's way expanded.
  const roots: bigint[] = [nodeOf(start, 0)];
  await expand([roots[0]!]);
  for (const opening of settings.openings ?? []) {
    let key = roots[0]!;
    for (const text of opening) {
      const node = nodes.get(key)!;
      await expand([key]);
      const move = node.position.parseMove(text);
      key = node.children!.find((e) => e.move.notation === move.notation)!.key;
    }
    if (!roots.includes(key)) roots.push(key);
  }
  // Taken over from the earlier run, in its order: the same children, scores from the state.
  for (const hex of hooks.resume?.expanded ?? []) {
    const key = BigInt(`0x${hex}`);
    if (!nodes.has(key)) throw new BookError(`the saved state expands position ${hex}, which its earlier expansions do not reach`);
    await expand([key]);
  }

  const values = (): void => negamax(nodes, roots);
  const state = (): BookState => ({
    format: "bitdraughts book state 1",
    settings: stateSettings,
    expanded: expandedOrder.map(hexKey),
    scores: Object.fromEntries(scores),
  });
  const report = (covered: number): void =>
    hooks.progress?.({ expanded: expandedOrder.length, target: settings.positions, nodes: nodes.size, searched, covered, roots: roots.length });

  let complete = false;
  for (;;) {
    values();
    const uncovered = coverageLeaves(nodes, roots, settings.plies);
    const covered = roots.length - uncovered.roots;
    report(covered);
    hooks.save?.(state);
    let next = uncovered.leaves;
    if (next.length === 0) {
      if (expandedOrder.length >= settings.positions) {
        complete = true;
        break;
      }
      // Always a whole batch, so that a build carried on to a larger target passes the same states as one run to it.
      next = dropoutLeaves(nodes, roots, settings.plies, BATCH);
      if (next.length === 0) {
        complete = true;
        break;
      }
    }
    if (hooks.stop?.() === true) break;
    await expand(next);
  }
  values();
  const covered = roots.length - coverageLeaves(nodes, roots, settings.plies).roots;
  const bytes = encodeBook({ variant, optionalCapture: false, startKey: start.key(), entries: bookEntries(nodes) });
  return { book: Book.read(bytes), bytes, state: state(), expanded: expandedOrder.length, nodes: nodes.size, searched, covered, roots: roots.length, complete };
}

/** Every node's value by negamax from its children; leaves keep their score. A position met again on its own line (a cycle) counts as a draw. */
function negamax(nodes: Map<bigint, Node>, roots: readonly bigint[]): void {
  const done = new Set<bigint>();
  const onLine = new Set<bigint>();
  const visit = (key: bigint): number => {
    const node = nodes.get(key)!;
    if (done.has(key)) return node.value;
    if (onLine.has(key)) return 0;
    if (node.children === undefined) {
      node.value = node.score ?? 0;
    } else {
      onLine.add(key);
      let best = -Infinity;
      for (const edge of node.children) best = Math.max(best, backedUp(visit(edge.key)));
      onLine.delete(key);
      node.value = best;
    }
    done.add(key);
    return node.value;
  };
  for (const root of roots) visit(root);
}

/** The move a node's value comes from (the first of equals, in legal order). */
function bestEdge(nodes: Map<bigint, Node>, node: Node): Edge {
  let best = node.children![0]!;
  let bestValue = -Infinity;
  for (const edge of node.children!) {
    const v = backedUp(nodes.get(edge.key)!.value);
    if (v > bestValue) {
      best = edge;
      bestValue = v;
    }
  }
  return best;
}

/** The leaves on the roots' principal lines before ply `plies`, and how many roots have one. */
function coverageLeaves(nodes: Map<bigint, Node>, roots: readonly bigint[], plies: number): { leaves: bigint[]; roots: number } {
  const leaves: bigint[] = [];
  let uncovered = 0;
  for (const root of roots) {
    let key = root;
    const seen = new Set<bigint>();
    for (;;) {
      const node = nodes.get(key)!;
      if (node.ply >= plies || seen.has(key)) break;
      seen.add(key);
      if (node.children === undefined) {
        if (node.closed === true) break;
        if (!leaves.includes(key)) leaves.push(key);
        uncovered++;
        break;
      }
      key = bestEdge(nodes, node).key;
    }
  }
  return { leaves, roots: uncovered };
}

/**
 * The `count` leaves of least drop-out priority before ply `plies` (ties by key, so the choice
 * is the same on every run). Priorities run from each root, for each side as the book's own.
 */
function dropoutLeaves(nodes: Map<bigint, Node>, roots: readonly bigint[], plies: number, count: number): bigint[] {
  const priority = new Map<bigint, number>();
  for (const side of ["white", "black"] as const) {
    // Dijkstra over the graph: every edge costs PLY_WEIGHT and more, so the first pop is the least.
    const best = new Map<bigint, number>();
    const heap = new MinHeap();
    for (const root of roots) heap.push(0, root);
    while (heap.size > 0) {
      const [p, key] = heap.pop();
      if (best.has(key)) continue;
      best.set(key, p);
      const node = nodes.get(key)!;
      if (node.children === undefined) continue;
      const own = node.position.turn === side;
      for (const edge of node.children) {
        if (best.has(edge.key)) continue;
        const loss = own ? node.value - backedUp(nodes.get(edge.key)!.value) : 0;
        heap.push(p + PLY_WEIGHT + Math.min(loss, 10_000), edge.key);
      }
    }
    for (const [key, p] of best) priority.set(key, Math.min(priority.get(key) ?? Infinity, p));
  }
  const leaves = [...priority].filter(([key]) => {
    const node = nodes.get(key)!;
    return node.children === undefined && node.ply < plies && node.closed !== true;
  });
  leaves.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return leaves.slice(0, count).map(([key]) => key);
}

/** The book: each expanded position's moves, best first, with the values of the positions they lead to. */
function bookEntries(nodes: Map<bigint, Node>): Map<bigint, StoredMove[]> {
  const entries = new Map<bigint, StoredMove[]>();
  for (const [key, node] of nodes) {
    if (node.children === undefined) continue;
    const moves = node.children.map((edge) => ({ ...storedSquares(node.position, edge.move), score: backedUp(nodes.get(edge.key)!.value) }));
    // Stable: equal scores keep the legal order.
    entries.set(key, moves.sort((a, b) => b.score - a.score));
  }
  return entries;
}

/** A binary heap of (priority, key), least first; ties by key. */
class MinHeap {
  readonly #items: Array<[number, bigint]> = [];

  get size(): number {
    return this.#items.length;
  }

  push(p: number, key: bigint): void {
    const items = this.#items;
    items.push([p, key]);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): [number, bigint] {
    const items = this.#items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && less(items[l]!, items[m]!)) m = l;
        if (r < items.length && less(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(a: [number, bigint], b: [number, bigint]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}
