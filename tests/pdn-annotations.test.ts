// writePdn's move annotations: a mark after the move and a comment in braces, read back by
// parsePdn as the same marks and comments; what PDN cannot hold is refused with PdnWriteError.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Game, PdnWriteError, parsePdn, readPdn, writePdn } from "../bindings/index.js";

function game(): Game {
  const g = new Game("english");
  for (const move of ["11-15", "23-19", "8-11", "22-17"]) g.play(move);
  return g;
}

describe("writePdn annotations", () => {
  test("marks and comments are written with their moves and read back as written", () => {
    const text = writePdn({ game: game(), annotations: [{ comment: "+0.10 depth 9" }, { mark: "?" }, undefined, { mark: "??", comment: "loses a man" }] });
    const [record] = parsePdn(text);
    assert.deepEqual(record!.moves.map((m) => [m.text, m.annotation, m.comments]), [
      ["11-15", undefined, ["+0.10 depth 9"]],
      ["23-19", "?", undefined],
      ["8-11", undefined, undefined],
      ["22-17", "??", ["loses a man"]],
    ]);
    // A comment between Black's and White's move: White's move is numbered again (`1...`).
    assert.match(text, /1\. 11-15 \{\+0\.10 depth 9\} 1\.\.\. 23-19\? 2\. 8-11 22-17\?\? \{loses a man\} \*/);
    assert.equal(readPdn(text)[0]!.game!.position.toFen(), game().position.toFen());
  });

  test("a mark PDN does not know, or a comment with a closing brace, is refused", () => {
    assert.throws(() => writePdn({ game: game(), annotations: [{ mark: "?!?" }] }), (e: unknown) => e instanceof PdnWriteError && /ply 1: "\?!\?" is not a move mark/.test(e.message));
    assert.throws(() => writePdn({ game: game(), annotations: [undefined, { comment: "a } b" }] }), (e: unknown) => e instanceof PdnWriteError && /ply 2: a comment cannot contain '}'/.test(e.message));
  });
});
