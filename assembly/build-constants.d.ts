// The integer constants asc is given with `--use NAME=value` (scripts/core-builds.mjs), declared
// for editors: asc itself knows them from its command line.

/** 0: the full core; otherwise the board family a family build plays (assembly/index.ts). */
declare const BUILD_FAMILY: i32;
/** In a family build, 1: its optional-capture variant ids; 0: its plain ones. */
declare const BUILD_OPTIONAL: i32;
