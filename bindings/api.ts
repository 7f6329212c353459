/**
 * The whole API: positions, games, PDN, the search, perft, the board UI helpers and the endgame databases. `bitdraughts` carries the core inlined; `bitdraughts/lean` exports the same names and loads the core from its `.wasm` files (`init`).
 *
 * @module bitdraughts
 */

// bitdraughts: draughts rules for JavaScript, with a WebAssembly core. The API both package
// entries export (index.ts: the core inlined; lean.ts: the core fetched from its file), made of
// the parts the subpath entries export one by one (entries/: bitdraughts/game, /pdn, /search,
// /perft, /ui, /env), so that a bundler keeps only what a page imports.
//
// One way for each task: Position (moves, play, perft, divide), Position.cursor() for walking
// trees, perftAsync (perft in workers, with a table), Game (history, results, draws),
// readPdn / writePdn. Lower-level, and documented as
// such: parsePdn (a PDN file's text as a tree, nothing played). The Engine is a handle to one
// instance of the core, made by createEngine and passed as the `engine` option; its methods are
// the library's own plumbing (square codes, variant ids) and not part of the API, so only its
// type is exported.

export * from "./entries/positions.js";
export * from "./entries/game.js";
export * from "./entries/pdn.js";
export * from "./entries/search.js";
export * from "./entries/perft.js";
export * from "./entries/ui.js";
export * from "./entries/env.js";
export { EndgameDatabase, buildEndgameDatabase, loadEndgameDatabase } from "./egdb/database.js";
export type { BuildOptions, BuildProgress, DatabaseSource, DatabaseValue, KingEndingDistance, LoadOptions, RefusedFile } from "./egdb/database.js";
export { EndgameDatabaseError } from "./egdb/format.js";
export type { DatabaseSlices, SearchDatabase } from "./egdb/attach.js";
export type { KingEnding } from "./egdb/king-endings.js";
export type { SliceFile } from "./egdb/format.js";
export { buildBook } from "./book/builder.js";
export type { BookSettings, BookState, BuildHooks as BookBuildHooks, BuildProgress as BookBuildProgress, BuildResult as BookBuildResult, LeafLimit } from "./book/builder.js";
