// Blocks of linear memory above the module's own, for the tables whose size the host chooses
// (the search's and perft's). The core allocates nothing else at run time, so the end of memory
// is free: a table that must grow takes a new block there, or extends its own when it is the
// last one, and no two tables ever overlap.

/**
 * A block of `bytes` for a table whose block is `start` (0: none yet) of `held` bytes: the same
 * block when it is large enough or can be extended, else a new one at the end of memory.
 * 0 when memory cannot grow.
 */
export function claimBlock(start: usize, held: usize, bytes: usize): usize {
  if (start != 0 && bytes <= held) return start;
  const end = <usize>memory.size() << 16;
  const last = start != 0 && start + held == end;
  const from = last ? start : end;
  const pages = <i32>((from + bytes - end + 0xffff) >> 16);
  if (memory.grow(pages) < 0) return 0;
  return from;
}
