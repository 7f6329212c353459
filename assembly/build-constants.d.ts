// The integer constants asc is given with `--use NAME=value` (scripts/build-steps.mjs), declared
// for editors: asc itself knows them from its command line.

/** 255: the full core; otherwise the one variant id (optional capture left out) a page's core plays (assembly/index.ts). */
declare const BUILD_VARIANT: i32;
/** In a variant's core, 1: it plays the optional-capture rule; 0: the plain rules. */
declare const BUILD_OPTIONAL: i32;
