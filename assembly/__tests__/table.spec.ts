// The transposition table: a stored entry is found again with what was stored, a key that
// shares its cluster but differs anywhere else is never taken for it, win and loss scores
// come back counted from the probing ply, and replacement keeps the deeper entries of the
// current search and a position's deeper result over a shallower one.

import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, ageTable, entryBound, entryDepth, entryMove, entryScore, probe, resizeTable, save } from "../search/table";
import { WIN } from "../search/score";

describe("transposition table", () => {
  test("a stored entry is found again", () => {
    expect(resizeTable(1)).toBe(true);
    ageTable();
    const key: u64 = 0x123456789abcdef0;
    save(key, 0x0421, -37, 9, BOUND_EXACT, 3);
    const entry = probe(key);
    expect(entry).not.toBe(0);
    expect(entryMove(entry)).toBe(0x0421);
    expect(entryScore(entry, 3)).toBe(-37);
    expect(entryDepth(entry)).toBe(9);
    expect(entryBound(entry)).toBe(BOUND_EXACT);
  });

  test("a key of the same cluster is never mistaken for a hit", () => {
    expect(resizeTable(1)).toBe(true);
    ageTable();
    const key: u64 = 0x00000000000000ff;
    save(key, 1, 5, 4, BOUND_LOWER, 0);
    // 1 MiB holds 2^14 clusters: the low 14 bits pick the cluster, so these share it.
    expect(probe(key | (<u64>1 << 40))).toBe(0);
    expect(probe(key | (<u64>1 << 63))).toBe(0);
    expect(probe(key ^ (<u64>1 << 14))).toBe(0);
    expect(probe(key)).not.toBe(0);
  });

  test("win scores are stored relative to the entry's ply", () => {
    expect(resizeTable(1)).toBe(true);
    ageTable();
    // A win 7 plies from the root, found at ply 3: 4 plies from the entry's own position.
    save(42, NO_MOVE, WIN - 7, 5, BOUND_EXACT, 3);
    // Reached again at ply 5, the same win is 9 plies from the root.
    expect(entryScore(probe(42), 5)).toBe(WIN - 9);
    save(43, NO_MOVE, -(WIN - 6), 5, BOUND_EXACT, 2);
    expect(entryScore(probe(43), 1)).toBe(-(WIN - 5));
  });

  test("a full cluster gives up its shallowest entry of the current search", () => {
    expect(resizeTable(1)).toBe(true);
    ageTable();
    const cluster: u64 = 0x2a;
    const step: u64 = <u64>1 << 20; // same cluster, other keys
    save(cluster, 1, 0, 8, BOUND_EXACT, 0);
    save(cluster + step, 2, 0, 2, BOUND_EXACT, 0);
    save(cluster + 2 * step, 3, 0, 6, BOUND_EXACT, 0);
    save(cluster + 3 * step, 4, 0, 7, BOUND_EXACT, 0);
    save(cluster + 4 * step, 5, 0, 5, BOUND_EXACT, 0);
    expect(probe(cluster + step)).toBe(0, "the depth-2 entry was replaced");
    expect(probe(cluster)).not.toBe(0);
    expect(probe(cluster + 4 * step)).not.toBe(0);
    // A new search: its entries replace the older ones first, even deeper ones.
    ageTable();
    save(cluster + 5 * step, 6, 0, 1, BOUND_EXACT, 0);
    expect(probe(cluster + 5 * step)).not.toBe(0);
    expect(probe(cluster + 2 * step)).not.toBe(0, "the older depth-6 entry stays while shallower old ones exist");
  });

  test("a position's deeper entry stays when a shallower result of it comes, and counts as the current search's", () => {
    expect(resizeTable(1)).toBe(true);
    ageTable();
    const key: u64 = 0x77;
    const step: u64 = <u64>1 << 20;
    save(key, 0x0105, 40, 9, BOUND_LOWER, 0);
    save(key, 0x0207, -12, 3, BOUND_EXACT, 0);
    let entry = probe(key);
    expect(entryDepth(entry)).toBe(9);
    expect(entryMove(entry)).toBe(0x0105);
    expect(entryScore(entry, 0)).toBe(40);
    expect(entryBound(entry)).toBe(BOUND_LOWER);
    // As deep or deeper replaces it.
    save(key, NO_MOVE, -12, 9, BOUND_UPPER, 0);
    entry = probe(key);
    expect(entryBound(entry)).toBe(BOUND_UPPER);
    expect(entryMove(entry)).toBe(0x0105, "a bound without a move keeps the known move");
    save(key, 0x0309, 7, 11, BOUND_EXACT, 0);
    expect(entryDepth(probe(key))).toBe(11);
    // A new search meets it shallower: it stays, and as this search's it outlives older entries.
    save(key + step, 1, 0, 2, BOUND_EXACT, 0);
    save(key + 2 * step, 2, 0, 2, BOUND_EXACT, 0);
    save(key + 3 * step, 3, 0, 2, BOUND_EXACT, 0);
    ageTable();
    save(key, 0x0400, 0, 4, BOUND_EXACT, 0);
    expect(entryDepth(probe(key))).toBe(11);
    save(key + 4 * step, 4, 0, 1, BOUND_EXACT, 0);
    expect(probe(key)).not.toBe(0, "the refreshed deep entry is not the victim");
    expect(probe(key + 4 * step)).not.toBe(0);
  });
});
