// Perft drivers for the two JavaScript draughts engines we compare against, built only on
// their own legal-move generators, plus the published perft counts used to check them.
//
// Both drivers bulk-count the last ply (perft(1) = number of legal moves, without playing
// them), exactly like bitdraughts' own perft, so "leaf nodes per second" means the same
// thing for every engine.
//
// rapid-draughts (ESM, typed): the engine-level API `EnglishDraughtsEngineFactory.setup()`
// gives an engine with `moves`, `clone()` and `move(m)`; there is no undo, so a child is a
// clone plus a move (this is also how the package's own alpha-beta search walks the tree).
// `move()` validates the move against the engine's legal-move list; a fresh clone has no
// cached list, so validating would generate the parent's moves a second time. The fast
// driver hands the clone the parent's list (the same position, hence the identical list)
// so every node costs one generation; the "public" driver uses nothing but the documented
// API and pays that extra generation.
//
// draughts (CommonJS, untyped, 0.2.1): `moves()`, `move({from, to})` and `undo()`. `move()`
// regenerates all legal moves to find the one matching from/to, and that cannot be avoided
// through its API (its internal makeMove is a closure). Its own `perft()` method is not
// usable: it calls generate_moves({legal: false}), which is taken as a square lookup and
// returns no moves, so it reports 0 for every depth. Because `move()` matches on from/to
// only, a position with two different captures sharing from and to would be ambiguous; the
// checked driver counts such positions (none occur from the start position up to depth 7).

import { createRequire } from 'node:module';
import { startPerft } from '../tests/published.js';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------- published counts ----

/**
 * Published start-position counts of a variant in one convention, indexed by depth (depth 0
 * is 1), as far as the published rows run without a gap. They come from tests/data, the
 * project's copy of the published tables with their sources.
 */
export function publishedCounts(variant: string, duplicates: 'keep' | 'drop'): readonly bigint[] {
  const rows = startPerft.filter((r) => r.variant === variant && r.duplicates === duplicates).sort((a, b) => a.depth - b.depth);
  const counts = [1n];
  for (const row of rows) {
    if (row.depth !== counts.length) break;
    counts.push(BigInt(row.nodes_str));
  }
  return counts;
}

/** English draughts / American checkers from the start position (duplicate captures kept). */
export const ENGLISH_PERFT = publishedCounts('english', 'keep');

/** International draughts (10x10) from the start position (duplicate captures removed). */
export const INTERNATIONAL_PERFT = publishedCounts('international', 'drop');

// ------------------------------------------------------------------- rapid-draughts ----

// rapid-draughts' english.d.ts re-exports './english/index' without an extension, which
// NodeNext resolution cannot follow, so the types it needs are declared here.
interface RapidMove {
  readonly origin: number;
  readonly destination: number;
  readonly captures: number;
}
interface RapidEngine {
  readonly moves: RapidMove[];
  clone(): RapidEngine;
  move(move: RapidMove): void;
}
interface RapidEnglishModule {
  EnglishDraughtsEngineFactory: { setup(): RapidEngine };
}

const { EnglishDraughtsEngineFactory } = (await import(
  'rapid-draughts/english'
)) as unknown as RapidEnglishModule;

/** The engine keeps its generated list in `_moves` (a private field, see the class above). */
const CACHE_FIELD = '_moves';
const rapidHasCache = CACHE_FIELD in (EnglishDraughtsEngineFactory.setup() as object);

function rapidWalk(engine: RapidEngine, depth: number): number {
  const moves = engine.moves;
  if (depth <= 1) return depth <= 0 ? 1 : moves.length;
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    const child = engine.clone();
    // Same position, same legal moves: let move() validate against the list we already have.
    (child as unknown as Record<string, RapidMove[] | undefined>)[CACHE_FIELD] = moves;
    child.move(moves[i]);
    nodes += rapidWalk(child, depth - 1);
  }
  return nodes;
}

function rapidWalkPublic(engine: RapidEngine, depth: number): number {
  const moves = engine.moves;
  if (depth <= 1) return depth <= 0 ? 1 : moves.length;
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    const child = engine.clone();
    child.move(moves[i]);
    nodes += rapidWalkPublic(child, depth - 1);
  }
  return nodes;
}

/** rapid-draughts perft from the English start position, one move generation per node. */
export function rapidDraughtsPerft(depth: number): number {
  const root = EnglishDraughtsEngineFactory.setup();
  return rapidHasCache ? rapidWalk(root, depth) : rapidWalkPublic(root, depth);
}

/** rapid-draughts perft through its documented API only (clone + move, as its own search). */
export function rapidDraughtsPerftPublic(depth: number): number {
  return rapidWalkPublic(EnglishDraughtsEngineFactory.setup(), depth);
}

/** False if a rapid-draughts update renamed the cache: rapidDraughtsPerft then is the public driver. */
export const rapidDraughtsUsesMoveListReuse = rapidHasCache;

// ------------------------------------------------------------------------- draughts ----

interface DraughtsMove {
  from: number;
  to: number;
  takes: number[];
}
interface DraughtsGame {
  moves(): DraughtsMove[];
  move(move: { from: number; to: number }): DraughtsMove | false;
  undo(): DraughtsMove | null;
  fen(): string;
}
type DraughtsConstructor = new (fen?: string) => DraughtsGame;

const Draughts = require('draughts') as DraughtsConstructor;

function draughtsWalk(game: DraughtsGame, depth: number): number {
  const moves = game.moves();
  if (depth <= 1) return depth <= 0 ? 1 : moves.length;
  let nodes = 0;
  for (let i = 0; i < moves.length; i++) {
    game.move(moves[i]);
    nodes += draughtsWalk(game, depth - 1);
    game.undo();
  }
  return nodes;
}

/** draughts perft from the international start position (make / undo on one game). */
export function draughtsPerft(depth: number): number {
  return draughtsWalk(new Draughts(), depth);
}

export interface DraughtsCheckedResult {
  nodes: number;
  /** Positions where two legal captures share from and to, which `move()` cannot tell apart. */
  ambiguousPositions: number;
  /** Moves whose `move()` call was refused or picked a different capture than the one listed. */
  misplayedMoves: number;
}

/** Like draughtsPerft, but also checks that every move is played as listed (slower). */
export function draughtsPerftChecked(depth: number): DraughtsCheckedResult {
  const result: DraughtsCheckedResult = { nodes: 0, ambiguousPositions: 0, misplayedMoves: 0 };
  const walk = (game: DraughtsGame, d: number): number => {
    const moves = game.moves();
    const seen = new Set<number>();
    let ambiguous = false;
    for (const m of moves) {
      const key = m.from * 128 + m.to;
      if (seen.has(key)) ambiguous = true;
      seen.add(key);
    }
    if (ambiguous) result.ambiguousPositions++;
    if (d <= 1) return d <= 0 ? 1 : moves.length;
    let nodes = 0;
    for (const m of moves) {
      const played = game.move(m);
      if (played === false) {
        result.misplayedMoves++;
        continue;
      }
      if (played.takes.join(',') !== m.takes.join(',')) result.misplayedMoves++;
      nodes += walk(game, d - 1);
      game.undo();
    }
    return nodes;
  };
  result.nodes = walk(new Draughts(), depth);
  return result;
}

// ------------------------------------------------------------------------ metadata ----

/** Installed version of a package, found by walking up from its resolved entry point. */
export function packageVersion(name: string): string {
  try {
    let dir = dirname(require.resolve(name));
    for (;;) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version ?? '?';
      }
      const parent = dirname(dir);
      if (parent === dir) return '?';
      dir = parent;
    }
  } catch {
    return '?';
  }
}

export interface Competitor {
  /** npm package name. */
  pkg: string;
  /** Our variant it plays. */
  variant: 'english' | 'international';
  /** Short label of the driver. */
  driver: string;
  /** Perft from the start position. */
  perft: (depth: number) => number;
  /** Published counts, index = depth. */
  reference: readonly bigint[];
  /** Depths that take roughly 1-3 s per run on a current desktop core, and for --quick. */
  depth: number;
  quickDepth: number;
  /** Depths verified against the published counts before timing (1..verifyDepth). */
  verifyDepth: number;
  /** Not the headline comparison: shown for information only. */
  secondary?: boolean;
}

export const COMPETITORS: readonly Competitor[] = [
  {
    pkg: 'rapid-draughts',
    variant: 'english',
    driver: rapidHasCache ? 'clone+move, parent move list reused' : 'clone+move',
    perft: rapidDraughtsPerft,
    reference: ENGLISH_PERFT,
    depth: 9,
    quickDepth: 8,
    verifyDepth: 7,
  },
  {
    pkg: 'rapid-draughts',
    variant: 'english',
    driver: 'clone+move, public API only',
    perft: rapidDraughtsPerftPublic,
    reference: ENGLISH_PERFT,
    depth: 8,
    quickDepth: 7,
    verifyDepth: 6,
    secondary: true,
  },
  {
    pkg: 'draughts',
    variant: 'international',
    driver: 'moves/move/undo',
    perft: draughtsPerft,
    reference: INTERNATIONAL_PERFT,
    depth: 5,
    quickDepth: 4,
    verifyDepth: 4,
  },
];
