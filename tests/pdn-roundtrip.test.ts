// read → write → read keeps everything the reader keeps: comments (before and after moves, and
// of a game without moves), move annotations and NAGs, variations nested to any depth, tags and
// the result. Move numbers and line numbers are layout: the writer puts numbers where PDN needs
// them, so they are left out of the comparison.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Game, type PdnEntry, type PdnMove, readPdn, writePdn } from "../bindings/index.js";

/** A move as the reader keeps it, without layout (line, number). */
function content(move: PdnMove): unknown {
  return {
    text: move.text,
    annotation: move.annotation,
    nags: move.nags,
    commentsBefore: move.commentsBefore,
    comments: move.comments,
    variations: move.variations?.map((line) => line.map(content)),
  };
}

function record(entry: PdnEntry): unknown {
  return { tags: entry.tags, result: entry.result, comments: entry.record.comments, moves: entry.record.moves.map(content) };
}

const ANNOTATED = [
  // International: a comment before the first move, strength annotations, NAGs, a ';' comment,
  // a variation with a comment and a nested variation (whose '*' the reader drops).
  '[Event "annotated"]\n[GameType "20"]\n{opening} 1. 32-28! {good} 19-23?! $6 (1... 18-23 {alt} 2. 28x18 (2. 33-29 *) 12x23) 2. 28x19 $1 ; line comment\n14x23 2-0',
  // English, Black first: two variations on one move, one starting with a comment.
  '[GameType "21"]\n1. 11-15 23-19 (1... 22-18 15x22) ({or} 1... 24-20 $3) 2. 8-11 {quiet} 22-17 *',
  // Russian, algebraic: annotations glued to captures, an empty variation.
  '[GameType "25"]\n1. c3-d4 f6-e5!? 2. d4xf6 () e7xg5 $14 {even} 1-1',
  // A game without moves keeps its comments.
  '[GameType "20"]\n[FEN "W:W33:B28"]\n{a study} {white to play} *',
].join("\n\n");

describe("PDN round trip keeps comments, annotations and variations", () => {
  test("read → write → read gives the same records and the same games", () => {
    const first = readPdn(ANNOTATED);
    const written = writePdn(first);
    const second = readPdn(written);
    assert.equal(second.length, first.length);
    for (const [i, a] of first.entries()) {
      const b = second[i]!;
      const { tags: _a, ...rest } = record(a) as { tags: Record<string, string> };
      const { tags: _b, ...restBack } = record(b) as { tags: Record<string, string> };
      assert.deepEqual(restBack, rest, `game ${i + 1}: ${written}`);
      for (const [name, value] of Object.entries(a.tags)) if (name !== "Result") assert.equal(b.tags[name], value, `game ${i + 1} tag ${name}`);
      assert.deepEqual(b.game!.moves.map(String), a.game!.moves.map(String));
      assert.equal(writePdn(b), writePdn(a), `game ${i + 1}: writing is stable`);
    }
  });

  test("the notes stay on their move: each comment is written right after it", () => {
    const [entry] = readPdn('[GameType "21"]\n1. 11-15 {first} 23-19 {second} *');
    const written = writePdn(entry!);
    assert.match(written, /1\. 11-15 \{first\} 1\.\.\. 23-19 \{second\} \*/);
  });

  test("after the game's moves changed, the record's notes are written only for the moves still the same", () => {
    const [entry] = readPdn('[GameType "21"]\n1. 11-15 {first} 23-19 {second} *');
    const game = entry!.game!;
    game.undo();
    game.play("22-18"); // not the record's 23-19: its comment does not belong to this move
    const written = writePdn({ ...entry!, game });
    assert.match(written, /\{first\}/);
    assert.doesNotMatch(written, /\{second\}/);
    assert.match(written, /22-18 \*/);
  });

  test("a game that was not read from PDN is written without notes", () => {
    const game = new Game("english");
    game.play("11-15");
    assert.doesNotMatch(writePdn(game), /[{(]/);
  });
});
