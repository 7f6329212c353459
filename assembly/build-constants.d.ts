// The integer constants asc is given with `--use NAME=value` (scripts/build-steps.mjs), declared
// for editors: asc itself knows them from its command line.

/** 255: the full core; otherwise the one variant id (optional capture left out) a page's core plays, under either rule (assembly/contract/build.ts built). */
declare const BUILD_VARIANT: i32;
