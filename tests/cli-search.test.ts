// The engine's commands run as a user or a script runs them: `search` (its lines, its JSON,
// --moves, --multipv), `play` with piped standard input, `analyse` on a PDN file, and exit
// code 2 with one line for bad arguments. Expected moves and scores come from positions small
// enough to reason about; the reasoning is written beside each one.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { badArgumentTests, runCli } from "./helpers/cli.js";
import { Position, parsePdn, readPdn } from "../bindings/index.js";

function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

// English, Black to move: a black man on 14, a white man on 23. 14-18 steps next to the white
// man with 14 emptied behind it, so 23x14 takes Black's last piece: Black loses at once. 14-17
// is out of the white man's reach, and Black crowns first (three rows to go against five), so
// it does not lose by force. (Squares from RULES.md 2: 14 = r3 c2, 18 = r4 c3, 23 = r5 c4.)
const HANGING = "B:W23:B14";
// The same men with White to move: 23x14 (over 18) takes Black's only piece, a win in one ply.
const WIN_IN_ONE = "W:W23:B18";
// English, Black to move: a black king on 29 that can step to 25 and back; a white
// king on 4 whose only square is 8 and back (3, 11 and 12 hold black men, 15 blocks the capture
// over 11, and a capture over 3 or 12 would leave the board). So the position repeats every
// four plies: the start for the third time after eight plies, Black to move; the position after
// the first ply for the third time after nine, White to move. White, four men down, is no
// better than level there.
const SHUFFLE = "B:WK4:B3,11,12,15,K29";

describe("bitdraughts search", () => {
  test("text: a line per iteration with depth, score, nodes, nps and pv, then bestmove", () => {
    const { code, stdout } = runCli(["search", "--variant", "english", "--depth", "3"]);
    assert.equal(code, 0);
    const lines = stdout.trim().split("\n");
    const last = lines.pop()!;
    assert.match(last, /^bestmove \d+-\d+ ponder \d+-\d+$/);
    assert.ok(lines.length >= 3, "at least one line for each of the three iterations");
    for (const line of lines) assert.match(line, /^depth \d+ seldepth \d+ score (-?\d+|win \d+|loss \d+) nodes \d+ nps \d+ ms \d+ pv( \S+)+$/);
    assert.deepEqual([...new Set(lines.map((l) => Number(/^depth (\d+)/.exec(l)![1])))], [1, 2, 3]);
    const bestmove = last.split(" ")[1]!;
    assert.ok(Position.initial("english").legalMoves().some((m) => m.notation === bestmove));
  });

  test("--json: one object per iteration, then the documented final object", () => {
    const { code, stdout } = runCli(["search", "--variant", "english", "--fen", WIN_IN_ONE, "--depth", "4", "--json"]);
    assert.equal(code, 0);
    const lines = jsonLines(stdout);
    const final = lines.pop()!;
    assert.deepEqual(Object.keys(final), ["bestmove", "ponder", "score", "win", "depth", "nodes", "ms"]);
    // 23x14 is the only legal move and ends the game: a win in one ply, scored WIN_SCORE − 1
    // (contract section 1), with no reply to ponder on.
    assert.equal(final.bestmove, "23x14");
    assert.equal(final.ponder, null);
    assert.equal(final.win, 1);
    assert.equal(final.score, 30000 - 1);
    assert.equal(typeof final.nodes, "string");
    assert.match(final.nodes as string, /^\d+$/);
    assert.ok(lines.length >= 1);
    for (const info of lines) {
      assert.equal(typeof info.nodes, "string");
      assert.deepEqual(info.pv, ["23x14"]);
      assert.equal(info.win, 1);
    }
  });

  test("finds the move that does not hang the last man", () => {
    const { code, stdout } = runCli(["search", "--variant", "english", "--fen", HANGING, "--depth", "4"]);
    assert.equal(code, 0);
    assert.match(stdout.trim().split("\n").at(-1)!, /^bestmove 14-17( |$)/);
  });

  test("--multipv 2: two lines per iteration with different first moves", () => {
    const { code, stdout } = runCli(["search", "--variant", "international", "--depth", "2", "--multipv", "2", "--json"]);
    assert.equal(code, 0);
    const lines = jsonLines(stdout);
    lines.pop();
    const deepest = lines.filter((l) => l.depth === 2);
    const byLine = new Map(deepest.map((l) => [l.multipv, (l.pv as string[])[0]]));
    assert.deepEqual([...byLine.keys()].sort(), [1, 2]);
    assert.notEqual(byLine.get(1), byLine.get(2));
    const legal = Position.initial("international").legalMoves().map((m) => m.notation);
    for (const move of byLine.values()) assert.ok(legal.includes(move!));
  });

  test("--moves are played from --fen: the best move is legal in the position they reach", () => {
    const { code, stdout } = runCli(["search", "--variant", "russian", "--moves", "c3-d4 f6-e5", "--depth", "2", "--json"]);
    assert.equal(code, 0);
    const final = jsonLines(stdout).pop()!;
    // After c3-d4 f6-e5 White must capture: d4xf6 is the only legal move.
    const position = Position.initial("russian").play("c3-d4").play("f6-e5");
    assert.deepEqual(position.legalMoves().map((m) => m.notation), ["d4xf6"]);
    assert.equal(final.bestmove, "d4xf6");
  });

  test("--moves are the game's history: a repetition they lead to is a draw", () => {
    // SHUFFLE (above) after seven plies: White's king on 8 has one move, 8-4, and it
    // brings back the start position for the third time: a draw by repetition (RULES.md 5),
    // which the search scores 0 (contract: a repetition on the line is a draw).
    const repeated = JSON.parse(runCli(["search", "--variant", "english", "--fen", SHUFFLE, "--moves", "29-25 4-8 25-29 8-4 29-25 4-8 25-29", "--depth", "6", "--json"]).stdout.trim().split("\n").at(-1)!);
    assert.equal(repeated.bestmove, "8-4");
    assert.equal(repeated.score, 0);
    // The same position without its history: after 8-4 Black plays 3-8 and the king on 4 has no
    // square left (8 taken, the capture over 8 blocked by 11): White loses in two plies.
    const fresh = JSON.parse(runCli(["search", "--variant", "english", "--fen", "W:WK8:B3,11,12,15,K29", "--depth", "6", "--json"]).stdout.trim().split("\n").at(-1)!);
    assert.equal(fresh.bestmove, "8-4");
    assert.equal(fresh.win, -2);
  });

  test("--optional-capture lets the side to move decline the capture", () => {
    // Black to move with 18x27 available (black man 18 over white 23): compulsory, it is the
    // only move; with optional capture 18-22 is legal too, and --multipv 2 must list both.
    const { code, stdout } = runCli(["search", "--variant", "english", "--fen", "B:W23:B18", "--optional-capture", "--depth", "2", "--multipv", "2", "--json"]);
    assert.equal(code, 0);
    const firsts = new Set(jsonLines(stdout).slice(0, -1).map((l) => (l.pv as string[])[0]));
    assert.deepEqual([...firsts].sort(), ["18-22", "18x27"]);
  });

  test("a position with no legal move: exit code 1 and the reason", () => {
    const { code, stdout, stderr } = runCli(["search", "--variant", "english", "--fen", "B:W23:B14", "--moves", "14-18 23x14", "--depth", "2"]);
    assert.equal(code, 1);
    assert.equal(stdout, "");
    assert.match(stderr, /white won: black has no legal move/);
  });
});

describe("bitdraughts play", () => {
  test("piped moves: an illegal one is answered and asked again, hint, undo, quit", () => {
    const { code, stdout } = runCli(["play", "--variant", "english", "--level", "1"], "11-15\n1-2\nhint\nundo\nquit\n");
    assert.equal(code, 0);
    // English: Black moves first, and the person takes the first mover's side by default.
    assert.match(stdout, /you play black, the computer white/);
    assert.match(stdout, /black to move \(you\)> 11-15\n/);
    assert.match(stdout, /computer \(white\) plays \d+-\d+/);
    assert.match(stdout, /black to move \(you\)> 1-2\nerror: illegal move 1-2: .*\nblack to move \(you\)> hint\n/);
    const hint = /hint: (\S+) /.exec(stdout)?.[1];
    assert.ok(hint !== undefined, "a hint line");
    // undo takes back the computer's reply and the person's move: the start position again.
    const afterUndo = stdout.slice(stdout.indexOf("> undo\n"));
    assert.match(afterUndo, /ply 0 \(move 1\), black to move/);
    assert.match(afterUndo, /> quit\nbye\n$/);
  });

  /** The first board play draws: the lines after the opening line, up to the status line. */
  function firstBoard(stdout: string): string[] {
    const lines = stdout.split("\n");
    const from = lines.indexOf("") + 1;
    const to = lines.findIndex((l, i) => i > from && l.startsWith("ply "));
    return lines.slice(from, to);
  }

  test("the board has coordinates: each row's square numbers beside a numbered board", () => {
    const { stdout } = runCli(["play", "--variant", "english", "--level", "1"], "quit\n");
    const rows = firstBoard(stdout);
    assert.equal(rows.length, 8);
    // RULES.md 2: square 1 is r0 c1, so the top row starts with a light square; Black's men on 1–4.
    assert.equal(rows[0], "  b   b   b   b   1-4");
    // Square 29 is r7 c0 (the bottom-left corner is dark): White's men on 29–32.
    assert.equal(rows[7], "w   w   w   w     29-32");
    assert.equal(rows[3], ".   .   .   .     13-16");
  });

  test("italian is drawn in its own orientation: square 1 in the top-left corner", () => {
    const { stdout } = runCli(["play", "--variant", "italian", "--color", "black", "--level", "1"], "quit\n");
    // The computer (White) moves first; the board shown is after its move, so only Black's rows
    // are sure to be as they started. RULES.md 2, mirrored board: square 1 at r0 c0, 32 at r7 c7.
    const rows = firstBoard(stdout.slice(stdout.indexOf("computer (white) plays")));
    assert.equal(rows[0], "b   b   b   b     1-4");
    assert.equal(rows[1], "  b   b   b   b   5-8");
    assert.match(rows[7]!, /^ {2}[w.] {3}[w.] {3}[w.] {3}[w.] {3}29-32$/, "the bottom-left corner is light");
  });

  test("russian is drawn with ranks and files", () => {
    const { stdout } = runCli(["play", "--variant", "russian", "--level", "1"], "quit\n");
    const rows = firstBoard(stdout);
    // a1 is dark (square 29, r7 c0) with a white man; a8 light, b8 a black man.
    assert.equal(rows[0], " 8    b   b   b   b");
    assert.equal(rows[7], " 1  w   w   w   w");
    assert.equal(rows[8], "    a b c d e f g h");
  });

  test("the computer moves first when the person takes the other side", () => {
    const { code, stdout } = runCli(["play", "--variant", "english", "--color", "white", "--level", "1"], "quit\n");
    assert.equal(code, 0);
    assert.ok(stdout.indexOf("computer (black) plays") < stdout.indexOf("white to move (you)>"));
    assert.ok(stdout.includes("computer (black) plays"));
  });

  test("the game's end and its reason", () => {
    // HANGING: 14-18 hangs Black's only man; the computer's 23x14 is then forced and wins.
    const { code, stdout } = runCli(["play", "--variant", "english", "--fen", HANGING, "--color", "black"], "14-18\n");
    assert.equal(code, 0);
    assert.match(stdout, /computer \(white\) plays 23x14/);
    assert.match(stdout, /game over: white won: black has no legal move \(the computer won\)\n$/);
  });


  test("the person claims a draw by repetition", () => {
    const { code, stdout } = runCli(["play", "--variant", "english", "--fen", SHUFFLE, "--color", "black"], "29-25\n25-29\n29-25\ndraw\n25-29\ndraw\n");
    assert.equal(code, 0);
    // After six plies the position has occurred twice: no claim yet.
    assert.match(stdout, /> draw\nerror: no draw can be claimed: .*occurred twice/);
    assert.match(stdout, /a draw can be claimed \(draw\)\nblack to move \(you\)> draw\n/);
    assert.match(stdout, /game over: draw by threefold repetition \(claimed\) \(a draw\)\n$/);
  });

  test("the computer claims a draw by repetition when it is no better", () => {
    const { code, stdout } = runCli(["play", "--variant", "english", "--fen", SHUFFLE, "--color", "black"], "29-25\n25-29\n29-25\n25-29\n29-25\n");
    assert.equal(code, 0);
    assert.match(stdout, /computer \(white\) claims the draw\n/);
    assert.match(stdout, /game over: draw by threefold repetition \(claimed\) \(a draw\)\n$/);
  });

  test("the end of the input quits", () => {
    const { code, stdout } = runCli(["play", "--variant", "brazilian", "--level", "1"], "");
    assert.equal(code, 0);
    assert.match(stdout, /\(end of input\)\nbye\n$/);
  });

  test("canadian (12×12) is played like the others: the computer moves first as White", () => {
    const { code, stdout, stderr } = runCli(["play", "--variant", "canadian", "--color", "black", "--level", "1"], "quit\n");
    assert.equal(code, 0, stderr);
    const played = /computer \(white\) plays (\S+)/.exec(stdout);
    assert.ok(played, stdout);
    assert.ok(Position.initial("canadian").legalMoves().some((m) => m.notation === played[1]), played[1]);
  });
});

describe("bitdraughts analyse", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-analyse-"));
  const file = join(dir, "games.pdn");
  writeFileSync(file, [
    '[Event "hang"]', '[GameType "21"]', `[FEN "${HANGING}"]`, "", "1. 14-18 23x14 1-0", "",
    '[Event "hold"]', '[GameType "21"]', `[FEN "${HANGING}"]`, "", "1. 14-17 {a comment} (1. 14-18 23x14) *", "",
  ].join("\n"));

  test("scores after every move, ?? on the move that hangs the last man, none on the best; the file's own text kept", () => {
    const { code, stdout } = runCli(["analyse", file, "--depth", "4"]);
    assert.equal(code, 0);
    const records = parsePdn(stdout);
    assert.equal(records.length, 2);
    const [hang, hold] = records;
    assert.deepEqual(hang!.moves.map((m) => m.text), ["14-18", "23x14"]);
    // 14-18 throws away a drawn-or-better position for a loss in one ply.
    assert.equal(hang!.moves[0]!.annotation, "??");
    assert.match(hang!.moves[0]!.comments![0]!, /^white wins in 1 depth \d+; best 14-17 /);
    // 23x14 is White's only move and ends the game.
    assert.equal(hang!.moves[1]!.annotation, undefined);
    assert.deepEqual(hang!.moves[1]!.comments, ["white won: black has no legal move"]);
    assert.equal(hang!.result, "1-0");
    assert.equal(hang!.tags.Event, "hang");
    assert.match(hang!.tags.Annotator!, /depth 4/);
    // 14-17 is the engine's best move: no mark; the game's own comment is kept, and the
    // engine's, a score from White's side, follows it.
    assert.equal(hold!.moves[0]!.annotation, undefined);
    assert.equal(hold!.moves[0]!.comments![0], "a comment");
    assert.deepEqual(hold!.moves[0]!.variations?.map((line) => line.map((m) => m.text)), [["14-18", "23x14"]]);
    assert.match(hold!.moves[0]!.comments![1]!, /^(-?\d+\.\d\d|\+\d+\.\d\d|(white|black) wins in \d+) depth \d+$/);
    assert.equal(hold!.result, "*");
    // What it writes is PDN this library reads back, the same games.
    assert.equal(readPdn(stdout).map((e) => e.game!.position.toFen()).join(" "), "B:W14:B W:W23:B17");
  });

  test("--output writes the file instead of standard output", () => {
    const out = join(dir, "out.pdn");
    const { code, stdout } = runCli(["analyse", file, "--depth", "2", "--output", out]);
    assert.equal(code, 0);
    assert.equal(stdout, "");
    assert.equal(parsePdn(readFileSync(out, "utf8")).length, 2);
  });

  test("a game that cannot be read is reported and left out, with exit code 1", () => {
    const bad = join(dir, "bad.pdn");
    writeFileSync(bad, `[GameType "21"]\n[FEN "${HANGING}"]\n\n1. 14-19 *\n\n[GameType "21"]\n[FEN "${HANGING}"]\n\n1. 14-17 *\n`);
    const { code, stdout, stderr } = runCli(["analyse", bad, "--depth", "2"]);
    assert.equal(code, 1);
    assert.match(stderr, /game 1 left out: .*14-19/);
    assert.equal(parsePdn(stdout).length, 1);
  });
});

describe("bad arguments of search, play and analyse", () => {
  const cases: Array<[string, string[], RegExp]> = [
    ["two limits", ["search", "--variant", "english", "--depth", "3", "--nodes", "100"], /give one of --depth, --movetime and --nodes/],
    ["depth 0", ["search", "--variant", "english", "--depth", "0"], /--depth must be a whole number from 1 to 64, not "0"/],
    ["bad movetime", ["search", "--variant", "english", "--movetime", "soon"], /--movetime must be a whole number from 1 to \d+, not "soon"/],
    ["bad nodes", ["search", "--variant", "english", "--nodes", "-5"], /--nodes/],
    ["multipv 0", ["search", "--variant", "english", "--multipv", "0"], /--multipv must be a whole number from 1 to 16, not "0"/],
    ["bad level", ["search", "--variant", "english", "--level", "99"], /--level must be one of .*not "99"/],
    ["illegal --moves", ["search", "--variant", "english", "--moves", "11-15 11-15"], /--moves: illegal move 11-15/],
    ["bad --fen", ["search", "--variant", "english", "--fen", "W:W99"], /--fen: .*square 99/],
    ["missing variant", ["search", "--depth", "2"], /--variant is required/],
    ["search --color", ["search", "--variant", "english", "--color", "white"], /search does not take --color/],
    ["bad color", ["play", "--variant", "english", "--color", "red"], /--color must be white or black, not "red"/],
    ["play --depth", ["play", "--variant", "english", "--depth", "3"], /play does not take --depth/],
    ["analyse without a file", ["analyse", "--depth", "2"], /analyse needs a FILE/],
    ["analyse a missing file", ["analyse", "/nonexistent/games.pdn"], /cannot read \/nonexistent\/games.pdn/],
    ["analyse --json", ["analyse", "x.pdn", "--json"], /analyse does not take --json/],
  ];
  badArgumentTests(cases);
});
