// An endgame database as a search core takes it: its slice files' block indices and blocks,
// plain data that crosses to a search worker by structured cloning.

import type { Engine } from "../core/engine.js";
import type { VariantName } from "../core/variant.js";
import type { SliceFile } from "./format.js";
import type { KingEnding } from "./king-endings.js";
import { pieceCount } from "./slices.js";

/** A database's slices as plain data. */
export interface DatabaseSlices {
  readonly variant: VariantName;
  readonly variantId: number;
  readonly files: readonly SliceFile[];
  /** The king endings' distances the search plays them by (king-endings.ts). */
  readonly kingEndings: readonly KingEnding[];
}

/** What a Searcher probes: an EndgameDatabase, or one rebuilt in a worker from its slices. */
export interface SearchDatabase {
  readonly variant: VariantName;
  /** The most pieces of any slice held. */
  readonly pieces: number;
  /** Copies every slice into a search core, which probes them from its next search of the variant on. */
  attachTo(engine: Engine): void;
  /** The slices as plain data (what a search worker is sent). */
  searchSlices(): DatabaseSlices;
}

export function mostPieces(files: readonly SliceFile[]): number {
  return files.reduce((most, { slice }) => Math.max(most, pieceCount(slice)), 0);
}

export function attachSlices(engine: Engine, { variantId, files, kingEndings }: DatabaseSlices): void {
  engine.detachEndgameDatabase();
  for (const file of files) engine.attachEndgameSlice(variantId, file.slice, file.positions, file.offsets, file.data);
  for (const ending of kingEndings) engine.attachKingEnding(variantId, ending.slice, ending.distances);
}

/** A database for a search from its plain data (a search worker's copy). */
export function searchDatabase(slices: DatabaseSlices): SearchDatabase {
  return {
    variant: slices.variant,
    pieces: mostPieces(slices.files),
    attachTo: (engine) => attachSlices(engine, slices),
    searchSlices: () => slices,
  };
}
