// The command line, run as a user or a script would run it: its documented forms, its JSON
// lines, batch mode on standard input, and exit code 2 with one line for bad arguments.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { PARSER_OPTIONS, USAGE } from "../bindings/cli/args.js";
import { CLI, badArgumentTests, runCli } from "./helpers/cli.js";
import { startPerft } from "./published.js";

function published(variant: string, depth: number, duplicates: string): string {
  const row = startPerft.find((r) => r.variant === variant && r.depth === depth && r.duplicates === duplicates);
  assert.ok(row, `no published ${variant} perft(${depth}) ${duplicates}`);
  return row.nodes_str;
}

describe("bitdraughts perft", () => {
  test("--json prints one line with the documented members", () => {
    const { code, stdout } = runCli(["perft", "--variant", "english", "--depth", "7", "--json"]);
    assert.equal(code, 0);
    const lines = stdout.trim().split("\n");
    assert.equal(lines.length, 1);
    const line = JSON.parse(lines[0]!);
    assert.deepEqual(Object.keys(line), ["variant", "depth", "duplicates", "nodes", "ms"]);
    assert.equal(line.variant, "english");
    assert.equal(line.depth, 7);
    assert.equal(line.duplicates, "keep", "english counts routes by default");
    assert.equal(line.nodes, published("english", 7, "keep"));
    assert.equal(typeof line.ms, "number");
  });

  test("--divide --json adds the root moves' counts, which sum to the total", () => {
    const { code, stdout } = runCli(["perft", "--variant", "international", "--depth", "4", "--divide", "--json", "--duplicates", "drop"]);
    assert.equal(code, 0);
    const line = JSON.parse(stdout);
    assert.equal(line.nodes, published("international", 4, "drop"));
    assert.equal(Object.keys(line.divide).length, 9);
    assert.ok("32-28" in line.divide);
    const sum = Object.values(line.divide as Record<string, string>).reduce((a, b) => a + BigInt(b), 0n);
    assert.equal(String(sum), line.nodes);
  });

  test("human output has a line per depth with nodes, time and speed", () => {
    const { code, stdout } = runCli(["perft", "--variant", "russian", "--depth", "5"]);
    assert.equal(code, 0);
    const depthLines = stdout.split("\n").filter((l) => l.startsWith("depth"));
    assert.equal(depthLines.length, 5);
    assert.match(depthLines[4]!, new RegExp(`nodes\\s+${published("russian", 5, "drop")}\\s+\\d+ ms`));
  });

  test("canadian: dctl's published count in the drop convention by default, and a table row", () => {
    const line = JSON.parse(runCli(["perft", "--variant", "canadian", "--depth", "6", "--json"]).stdout);
    assert.equal(line.duplicates, "drop", "canadian's published table counts moves");
    assert.equal(line.nodes, published("canadian", 6, "drop"));
    const row = JSON.parse(runCli(["table", "--variant", "canadian", "--json"]).stdout);
    assert.equal(row.nodes, published("canadian", row.depth, "drop"));
    // The king's long capture of tests/canadian.test.ts: a1 (67) over 50 to 34, over 8 to 1.
    const moves = JSON.parse(runCli(["moves", "--variant", "canadian", "--fen", "W:WK67:B50,8", "--json"]).stdout);
    assert.deepEqual(moves, [{ from: 67, to: 1, path: [67, 34, 1], captured: [8, 50], notation: "67x1" }]);
    // The search plays it too: a move of the start's (White's men step up from row 7, 43-48).
    const search = runCli(["search", "--variant", "canadian", "--depth", "2"]);
    assert.equal(search.code, 0, search.stderr);
    assert.match(search.stdout, /^bestmove 4[3-8]-(3[7-9]|4[0-2])( ponder \S+)?$/m);
  });

  test("turkish: kish's published count in the keep convention by default, and a table row", () => {
    const line = JSON.parse(runCli(["perft", "--variant", "turkish", "--depth", "7", "--json"]).stdout);
    assert.equal(line.duplicates, "keep", "turkish's only published table counts routes");
    assert.equal(line.nodes, published("turkish", 7, "keep"));
    const row = JSON.parse(runCli(["table", "--variant", "turkish", "--json"]).stdout);
    assert.equal(row.nodes, published("turkish", row.depth, "keep"));
    // The king's four-piece capture of tests/turkish.test.ts, in square numbers and algebraically.
    const moves = JSON.parse(runCli(["moves", "--variant", "turkish", "--fen", "W:WKc1:Bc3,e5,f4,b3", "--json"]).stdout);
    assert.deepEqual(moves, [{ from: 59, to: 41, path: [59, 27, 30, 46, 41], captured: [29, 38, 42, 43], notation: "c1xa3" }]);
    // The search plays it: the only move, named the same way.
    const search = runCli(["search", "--variant", "turkish", "--fen", "W:WKc1:Bc3,e5,f4,b3", "--depth", "3"]);
    assert.equal(search.code, 0, search.stderr);
    assert.match(search.stdout, /^bestmove c1xa3\b/m);
  });

  test("frisian: dctl's published counts in both conventions, threads included; the king-move field; the search", () => {
    const drop = JSON.parse(runCli(["perft", "--variant", "frisian", "--depth", "7", "--json"]).stdout);
    assert.equal(drop.duplicates, "drop");
    assert.equal(drop.nodes, published("frisian", 7, "drop"));
    const keep = JSON.parse(runCli(["perft", "--variant", "frisian", "--depth", "7", "--duplicates", "keep", "--threads", "2", "--json"]).stdout);
    assert.equal(keep.nodes, published("frisian", 7, "keep"));
    // Three quiet moves made by the king on 46: only the man on 35 moves (tests/frisian.test.ts).
    const moves = JSON.parse(runCli(["moves", "--variant", "frisian", "--fen", "W:WK46,35:B5:+0+346", "--json"]).stdout);
    assert.deepEqual(moves.map((m: { notation: string }) => m.notation), ["35-30"]);
    // The search honours the field: the man's move is the only one.
    const search = runCli(["search", "--variant", "frisian", "--fen", "W:WK46,35:B5:+0+346", "--depth", "3"]);
    assert.equal(search.code, 0, search.stderr);
    assert.match(search.stdout, /^bestmove 35-30\b/m);
  });

  test("--fen and --optional-capture are honoured", () => {
    // White man on 23 can capture 19 (english): forced, unless captures are optional.
    const forced = JSON.parse(runCli(["perft", "--variant", "english", "--depth", "1", "--fen", "W:W23:B19", "--json"]).stdout);
    const optional = JSON.parse(runCli(["perft", "--variant", "english", "--depth", "1", "--fen", "W:W23:B19", "--optional-capture", "--json"]).stdout);
    assert.equal(forced.nodes, "1");
    assert.equal(optional.nodes, "2", "the capture and the one step to 18 (19 is taken)");
  });
});

describe("bitdraughts moves", () => {
  test("--fen --json prints the legal moves as one array", () => {
    const { code, stdout } = runCli(["moves", "--variant", "international", "--fen", "W:W28,32:B23", "--json"]);
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), [{ from: 28, to: 19, path: [28, 19], captured: [23], notation: "28x19" }]);
  });

  test("without --fen it answers one line per FEN read from standard input, errors included", () => {
    const { code, stdout } = runCli(["moves", "--variant", "english", "--json"], "W:W23:B19\nnot a fen\nB:W21-32:B1-12\n");
    assert.equal(code, 0);
    const lines = stdout.trim().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 3);
    assert.deepEqual(lines[0].map((m: { notation: string }) => m.notation), ["23x16"]);
    assert.match(lines[1].error, /side to move/);
    assert.equal(lines[2].length, 7);
  });
});

describe("bad arguments", () => {
  const cases: Array<[string, string[], RegExp]> = [
    ["unknown variant", ["perft", "--variant", "chess", "--depth", "3"], /unknown variant "chess"/],
    ["missing depth", ["perft", "--variant", "english"], /--depth is required/],
    ["bad depth", ["perft", "--variant", "english", "--depth", "x"], /--depth must be/],
    ["bad duplicates", ["perft", "--variant", "english", "--depth", "2", "--duplicates", "some"], /--duplicates must be keep or drop/],
    ["unknown option", ["perft", "--variant", "english", "--depth", "2", "--fast"], /--fast/],
    ["bad fen", ["moves", "--variant", "english", "--fen", "W:W99"], /square 99 is off the board/],
    ["unknown command", ["fly"], /unknown command "fly"/],
    // A negative depth is a depth error, not an option-parsing riddle ("ambiguous").
    ["negative depth", ["perft", "--variant", "english", "--depth", "-1"], /--depth must be a whole number from 0 to 64, not "-1"/],
    ["depth without a value", ["perft", "--variant", "english", "--depth"], /^bitdraughts: --depth needs a value/],
  ];
  badArgumentTests(cases);
});

describe("depth 0: perft(0) = 1 (the start position itself) in every form", () => {
  test("text prints a depth-0 line with 1 node", () => {
    const { code, stdout } = runCli(["perft", "--variant", "international", "--depth", "0"]);
    assert.equal(code, 0);
    const depthLines = stdout.split("\n").filter((l) => l.startsWith("depth"));
    assert.equal(depthLines.length, 1);
    assert.match(depthLines[0]!, /^depth\s+0\s+nodes\s+1\s/);
  });

  test("--json gives nodes 1", () => {
    const line = JSON.parse(runCli(["perft", "--variant", "english", "--depth", "0", "--json"]).stdout);
    assert.equal(line.nodes, "1");
    assert.equal(line.depth, 0);
  });

  test("--divide lists no root move (none is played at depth 0) and a total of 1", () => {
    const text = runCli(["perft", "--variant", "english", "--depth", "0", "--divide"]);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^total\s+1$/m);
    const json = JSON.parse(runCli(["perft", "--variant", "english", "--depth", "0", "--divide", "--json"]).stdout);
    assert.equal(json.nodes, "1");
    assert.deepEqual(json.divide, {});
  });
});

describe("bitdraughts --version and option messages", () => {
  test("--version prints the package's version", () => {
    const version = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
    for (const flag of ["--version", "-V"]) {
      const { code, stdout } = runCli([flag]);
      assert.equal(code, 0);
      assert.equal(stdout.trim(), `bitdraughts ${version}`);
    }
  });

  test("an unknown option is named plainly, without the option parser's advice", () => {
    const { code, stderr } = runCli(["--frobnicate"]);
    assert.equal(code, 2);
    assert.equal(stderr.trim(), "bitdraughts: unknown option --frobnicate (see bitdraughts --help)");
  });

  test("--help lists every option the command knows", () => {
    const { code, stdout } = runCli(["--help"]);
    assert.equal(code, 0);
    assert.equal(stdout.trimEnd(), USAGE);
    const listed = new Set([...USAGE.matchAll(/--([a-z-]+)/g)].map((m) => m[1]));
    assert.deepEqual(Object.keys(PARSER_OPTIONS).filter((name) => !listed.has(name)), [], "options the parser accepts but --help does not show");
    // The two the usage once left out: analyse's node limit and the listener's host.
    assert.match(stdout, /^ {2}bitdraughts analyse FILE \[--movetime MS \| --depth D \| --nodes N\] \[--level L\]/m);
    assert.match(stdout, /^ {2}bitdraughts dxp --listen \[HOST:\]PORT /m);
  });

  test("each command takes the options its usage lines show and refuses the others", () => {
    // Accepted: the answer is about the option's value, not about the option.
    for (const [args, message] of [
      [["analyse", "-", "--nodes", "many"], /--nodes must be/],
      [["analyse", "-", "--level", "99"], /--level must be one of/],
      [["table", "--depth", "x"], /--depth must be/],
      [["pdn", "fen", "-", "--variant", "nope"], /nope/],
    ] as const) {
      const { code, stderr } = runCli([...args], "");
      assert.equal(code, 2, args.join(" "));
      assert.match(stderr, message, args.join(" "));
    }
    // Refused: options that no usage line of the command shows (before, these were ignored).
    for (const [command, option] of [["table", "--fen"], ["moves", "--depth"], ["pdn", "--output"], ["hub", "--depth"], ["analyse", "--multipv"]] as const) {
      const operands = command === "pdn" ? ["fen", "-"] : command === "analyse" ? ["-"] : [];
      const { code, stderr } = runCli([command, ...operands, option, "1"], "");
      assert.equal(code, 2, `${command} ${option}`);
      assert.equal(stderr.trim(), `bitdraughts: ${command} does not take ${option} (see bitdraughts --help)`);
    }
  });
});

describe("bitdraughts moves: the start position at a terminal, one answer per line in batch", () => {
  test("without --fen at a terminal it lists the start position's moves instead of waiting", () => {
    // `script` (util-linux) runs the command with a pseudo-terminal as standard input.
    const result = spawnSync("script", ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} moves --variant english`, "/dev/null"], { encoding: "utf8", timeout: 20_000 });
    assert.equal(result.status, 0, result.stderr);
    // English: Black moves first; 9-13 9-14 10-14 10-15 11-15 11-16 12-16 are its seven steps.
    assert.equal(result.stdout.trim(), "9-13 9-14 10-14 10-15 11-15 11-16 12-16");
  });

  test("blank and bad lines each answer one line, so answers line up with inputs", () => {
    const input = ["W:W23:B19", "", "not a fen", "   ", "B:W21-32:B1-12"].join("\n") + "\n";
    const { code, stdout } = runCli(["moves", "--variant", "english", "--json"], input);
    assert.equal(code, 0);
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assert.equal(lines.length, 5);
    assert.match(lines[1].error, /empty/);
    assert.match(lines[3].error, /empty/);
    assert.equal(lines[4].length, 7);
    const text = runCli(["moves", "--variant", "english"], input).stdout.trimEnd().split("\n");
    assert.equal(text.length, 5);
    assert.equal(text[0], "23x16");
    assert.match(text[1]!, /^error: /);
  });

  test("a bad FEN is quoted back as written", () => {
    const { stdout } = runCli(["moves", "--variant", "english", "--json"], "not a fen\n");
    assert.match(JSON.parse(stdout).error, /not "not a fen"/);
    const single = runCli(["moves", "--variant", "english", "--fen", "not a fen"]);
    assert.equal(single.code, 2);
    assert.match(single.stderr, /not "not a fen"/);
  });
});

describe("bitdraughts pdn", () => {
  test("an empty file says that no game was found and exits 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-cli-"));
    try {
      const file = join(dir, "empty.pdn");
      writeFileSync(file, "\n  \n");
      for (const action of ["check", "fen"]) {
        const { code, stdout, stderr } = runCli(["pdn", action, file]);
        assert.equal(code, 1);
        assert.equal(stdout, "");
        assert.match(stderr, /no game found in .*empty\.pdn/);
      }
      const piped = runCli(["pdn", "check", "-"], "");
      assert.equal(piped.code, 1);
      assert.match(piped.stderr, /no game found in standard input/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("analyse agrees with pdn check: a file without a game, empty or blank, is an error", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-cli-"));
    try {
      for (const [name, text] of [["empty.pdn", ""], ["blank.pdn", "\n  \n"]] as const) {
        const file = join(dir, name);
        writeFileSync(file, text);
        const check = runCli(["pdn", "check", file]);
        const analyse = runCli(["analyse", file, "--depth", "1"]);
        for (const run of [check, analyse]) {
          assert.equal(run.code, 1, name);
          assert.equal(run.stdout, "", name);
          assert.equal(run.stderr, `bitdraughts: no game found in ${file}\n`, name);
        }
      }
      assert.equal(runCli(["analyse", "-", "--depth", "1"], "").stderr, "bitdraughts: no game found in standard input\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a binary file: no bytes echoed, one short line saying it is not text", () => {
    const dir = mkdtempSync(join(tmpdir(), "bitdraughts-cli-"));
    try {
      // The first bytes of a WebAssembly module: NUL, "asm", then version 1 in four bytes, and more.
      const file = join(dir, "core.pdn");
      writeFileSync(file, Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(400, 0xff)]));
      for (const args of [["pdn", "check", file], ["pdn", "fen", file, "--variant", "english"], ["analyse", file]]) {
        const { code, stdout, stderr } = runCli(args);
        assert.equal(code, 1, args.join(" "));
        assert.equal(stdout, "");
        assert.equal(stderr, `bitdraughts: no game found in ${file}: it is not text (a NUL byte on line 1)\n`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a move of control characters: a short excerpt, every one of them escaped", () => {
    // 200 characters alternating U+0001 and DEL, as one word where the first move should be.
    const junk = "\u0001\u007f".repeat(100);
    const { code, stdout } = runCli(["pdn", "check", "-", "--variant", "english"], `1. ${junk} *\n`);
    assert.equal(code, 1);
    // As many characters as fit in 40 once escaped (six of six each), then an ellipsis; nothing
    // below a blank but the line's end.
    const shown = `"${"\\u0001\\u007f".repeat(3)}"…`;
    assert.equal(stdout, `game 1: error: line 1: game 1, move 1. ${shown}: cannot read ${shown} as a square (position B:W21-32:B1-12)\n`);
    assert.doesNotMatch(stdout.slice(0, -1), /[\u0000-\u001f\u007f-\u009f]/);
  });
});
