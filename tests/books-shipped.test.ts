// The package's books (books/VARIANT.book), each walked whole: every stored position is reached
// from the start by book moves and every book move is legal; english answers every three-move
// ballot's principal line to ply 10, international every two-move opening's to ply 8 (the
// issue's coverage); each file is at most 200 KB gzip.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { Book, Position } from "../bindings/index.js";
import type { VariantName } from "../bindings/index.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SHIPPED: readonly VariantName[] = ["english", "international", "russian", "brazilian"];
/** The opening set each book must cover, and the ply its principal lines reach. */
const COVERAGE: Partial<Record<VariantName, { set: string; plies: number }>> = {
  english: { set: "tools/openings/english-3move.json", plies: 10 },
  international: { set: "tools/openings/international-2move.json", plies: 8 },
};

describe("the package's books", () => {
  for (const variant of SHIPPED) {
    const file = `${ROOT}books/${variant}.book`;
    test(`${variant}: walked whole, every move legal, every position reached; at most 200 KB gzip`, () => {
      assert.ok(existsSync(file), `${file} is there`);
      const bytes = readFileSync(file);
      assert.ok(gzipSync(bytes, { level: 9 }).length <= 200 * 1024);
      const book = Book.read(bytes, file);
      assert.equal(book.variant, variant);
      const reached = new Set<bigint>();
      const todo = [Position.initial(variant)];
      let moves = 0;
      while (todo.length > 0) {
        const position = todo.pop()!;
        const key = position.key();
        if (reached.has(key)) continue;
        // [] when the position is not in the book, or when one of its stored moves is not legal there.
        const listed = book.moves(position);
        if (listed.length === 0) continue;
        reached.add(key);
        moves += listed.length;
        for (const m of listed) todo.push(position.play(m.move));
      }
      assert.equal(reached.size, book.size, "every stored position is reached from the start");
      assert.equal(moves, book.moveCount, "every stored move is legal where it is stored");
    });

    const coverage = COVERAGE[variant];
    if (coverage === undefined) continue;
    test(`${variant}: every opening of ${coverage.set}, its principal line in the book to ply ${coverage.plies}`, () => {
      const book = Book.read(readFileSync(file), file);
      const { openings } = JSON.parse(readFileSync(`${ROOT}${coverage.set}`, "utf8")) as { openings: Array<{ moves: string }> };
      for (const { moves } of openings) {
        let at = Position.initial(variant);
        const played = moves.split(/\s+/);
        for (const text of played) at = at.play(text);
        for (let ply = played.length; ply < coverage.plies; ply++) {
          const best = book.choose(at, "best");
          assert.ok(best !== undefined, `${moves}: ply ${ply} (${at.toFen()}) is in the book`);
          at = at.play(best.move);
        }
      }
    });
  }
});
