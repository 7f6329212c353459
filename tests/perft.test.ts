// Perft against the published counts: every start-position row of tests/data for every
// variant in both duplicate conventions (thai has only a drop table), and every published rule case (move counts, and the
// moves themselves where they were published).
//
// `npm test` goes as deep as keeps the whole suite within a few minutes on a small machine;
// `npm run test:deep` (BITDRAUGHTS_DEEP=1) runs every row up to ten billion nodes.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Position, algebraicName, squareOfName, variantInfo, type Duplicates, type Move, type VariantName } from "../bindings/index.js";
import { ruleCases, startPerft, type PublishedPerft } from "./published.js";

const DEEP = process.env.BITDRAUGHTS_DEEP === "1";
const QUICK_LIMIT = 400_000_000n;
const DEEP_LIMIT = 10_000_000_000n;

/** Canadian's 12×12 generator walks its captures square by square: the quick run stops at depth 8 (32 M, about 2 s). */
const QUICK_LIMIT_CANADIAN = 40_000_000n;

function inReach(row: PublishedPerft): boolean {
  const quick = row.variant === "canadian" ? QUICK_LIMIT_CANADIAN : QUICK_LIMIT;
  return BigInt(row.nodes_str) <= (DEEP ? DEEP_LIMIT : quick);
}

describe("start-position perft equals the published counts", () => {
  const variants = [...new Set(startPerft.map((row) => row.variant))];
  for (const variant of variants) {
    for (const duplicates of ["keep", "drop"] as const) {
      const rows = startPerft.filter((row) => row.variant === variant && row.duplicates === duplicates && inReach(row));
      if (rows.length === 0) continue;
      const deepest = Math.max(...rows.map((row) => row.depth));
      test(`${variant} ${duplicates}, depths 1 to ${deepest}`, () => {
        const position = Position.initial(variant);
        for (const row of rows) {
          assert.equal(position.perft(row.depth, { duplicates }), BigInt(row.nodes_str), `${variant} perft(${row.depth}) ${duplicates} [${row.source.slice(0, 60)}…]`);
        }
      });
    }
  }
  test("the quick run reaches depth 12 on english and italian and the first keep/drop split on every variant", () => {
    const split = (variant: string, depth: number) => startPerft.some((row) => row.variant === variant && row.depth === depth && inReach(row));
    assert.ok(split("english", 12) && split("italian", 12) && split("international", 8) && split("russian", 8));
    assert.ok(split("pool", 8) && split("killer", 8) && split("thai", 9));
    // Turkish: kish's keep table, to depth 8 (where kings first capture along a line, so the
    // landing squares between two captures count; merging them would give 10 782 308 at 7).
    assert.ok(split("turkish", 8));
    // Canadian: dctl's drop table (RULES-more-variants.md 8 and 11), to depth 8 quick, 10 deep.
    assert.ok(split("canadian", 8) && !split("canadian", 9) === !DEEP);
  });
  // RULES-more-variants.md 9: antidraughts and breakthrough play exactly international's moves,
  // so they count international's published numbers (to its first keep/drop split and one more).
  for (const variant of ["antidraughts", "breakthrough"] as const) {
    for (const duplicates of ["keep", "drop"] as const) {
      test(`${variant} ${duplicates}: international's counts, depths 1 to 9`, () => {
        const position = Position.initial(variant);
        const rows = startPerft.filter((row) => row.variant === "international" && row.duplicates === duplicates && row.depth <= 9);
        assert.equal(rows.length, 9);
        for (const row of rows) assert.equal(position.perft(row.depth, { duplicates }), BigInt(row.nodes_str), `${variant} perft(${row.depth}) ${duplicates}`);
      });
    }
  }
});

/** A square of the numbering the russian cases were published in: 1 = a1, 2 = c1, …, 5 = b2. */
function squareFromBottomNumbering(variant: VariantName, n: number): string {
  const rank = Math.floor((n - 1) / 4) + 1;
  const column = 2 * ((n - 1) % 4) + ((rank - 1) % 2);
  return String.fromCharCode(97 + column) + rank;
}

/** Published move text as the list of squares it names, in our numbering. */
function publishedSquares(variant: VariantName, text: string): number[] {
  return text.split(/[-x:]/).map((part) => {
    if (/^[a-h]\d$/.test(part)) return squareOfName(variantInfo(variant), part)!;
    if (variant !== "russian") return Number(part);
    const name = squareFromBottomNumbering(variant, Number(part));
    const info = variantInfo(variant);
    for (let s = 1; s <= 32; s++) if (algebraicName(info, s) === name) return s;
    throw new Error(`no square ${name}`);
  });
}

function sameRoute(published: number[], path: readonly number[]): boolean {
  if (published.length === 2) return path[0] === published[0] && path[path.length - 1] === published[1];
  return published.length === path.length && published.every((s, i) => s === path[i]);
}

describe("published rule cases", () => {
  for (const [index, rule] of ruleCases.entries()) {
    const convention: Duplicates = rule.duplicates === "keep" ? "keep" : "drop";
    test(`${rule.variant} #${index} ${rule.fen} → ${rule.nodes_str} (${convention})`, () => {
      const position = Position.fromFen(rule.variant, rule.fen!);
      const routes = [...position.divide(1, { duplicates: convention }).keys()].map((name) => position.parseMove(name));
      // divide(1) names each route; the drop list must be the legal move list itself.
      if (convention === "drop") assert.equal(routes.length, position.legalMoves().length);
      assert.equal(BigInt(routes.length), BigInt(rule.nodes_str), `move count [${rule.source.slice(0, 70)}]`);
      assert.equal(position.perft(1, { duplicates: convention }), BigInt(rule.nodes_str));
      if (!rule.moves) return;
      if (convention === "drop") {
        // A move is its origin, destination and captured set: the published route may be
        // another route of the same move than the one listed.
        const published = rule.moves.map((text) => position.parseMove(publishedSquares(rule.variant, text).join(text.includes("-") ? "-" : "x")));
        assert.deepEqual(identities(published), identities(position.legalMoves()));
        return;
      }
      const keepPaths = [...position.divide(1, { duplicates: convention }).keys()];
      const unmatched = new Set(keepPaths);
      // Full paths first: a bare origin-destination text takes whichever route is left.
      for (const text of [...rule.moves].sort((a, b) => b.length - a.length)) {
        const squares = publishedSquares(rule.variant, text);
        const match = keepPaths.find((name) => unmatched.has(name) && sameRoute(squares, routePath(position, name)));
        assert.ok(match !== undefined, `published move ${text} is not among ${keepPaths.join(", ")}`);
        unmatched.delete(match);
      }
      assert.equal(unmatched.size, 0, `moves not published: ${[...unmatched].join(", ")}`);
    });
  }
});

/** The full path of a root route named by divide (a full path when routes share from and to). */
function routePath(position: Position, name: string): number[] {
  const move = position.parseMove(name);
  const written = name.split(/[-x:]/);
  if (written.length > 2) return written.map((part) => squareNumber(position, part));
  return [...move.path];
}

function squareNumber(position: Position, part: string): number {
  if (/^\d+$/.test(part)) return Number(part);
  const info = variantInfo(position.variant);
  for (let s = 1; s <= position.squareCount; s++) if (algebraicName(info, s) === part) return s;
  throw new Error(`no square ${part}`);
}

function identities(moves: readonly Move[]): string[] {
  return moves.map((m) => `${m.from}-${m.to}:${m.captured.join(",")}`).sort();
}
