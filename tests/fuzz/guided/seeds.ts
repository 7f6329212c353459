// Writes the seed corpora of the fuzz targets into tests/corpus/ (run once; the files are
// committed): valid inputs made by the library's own writers, and the formats' edge cases.
// `node dist/tests/fuzz/guided/seeds.js`

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { Position, VARIANTS, buildEndgameDatabase } from "../../../bindings/index.js";
import { encodeBook } from "../../../bindings/book/format.js";
import { writeDxp } from "../../../bindings/protocols/dxp-messages.js";
import { splitUnits, unitLine } from "../../../bindings/perft/units.js";
import { corpusDir, saveInput } from "./corpus.js";

const put = (target: string, data: Buffer | string) => saveInput(corpusDir(target), typeof data === "string" ? Buffer.from(data, "utf8") : data);
const withByte = (byte: number, text: string) => Buffer.concat([Buffer.from([byte]), Buffer.from(text, "utf8")]);

// FEN: every start position, a middle game, and the edge cases of the format.
for (const [i, variant] of VARIANTS.entries()) {
  let position = Position.initial(variant);
  put("fen", withByte(i, position.toFen()));
  for (let ply = 0; ply < 12 && position.legalMoves().length > 0; ply++) position = position.play(position.legalMoves()[ply % position.legalMoves().length]!);
  put("fen", withByte(i, position.toFen()));
}
for (const text of ["", "W", "W:W:B", "B:W1:B2", "W:WK46,31:BK5,18:+0+223", "W:W1-50:B", "[FEN \"W:W31-50:B1-20\"]", "W:W31-50:B1-20.", "W:W0:B51", "W:Wa1,c3:Bh8", "W:W21-32:B1-12:H0:F1", "W:W99999999999999999999:B1"]) {
  put("fen", withByte(2, text));
  put("fen", withByte(0, text));
}

// Move text: every legal move of each position, and broken ones.
const NOTATION_POSITIONS: Array<[number, Position]> = [
  [0, Position.fromFen("international", "W:W27,28,32,33,37,38,K46:B12,13,17,18,19,22,23,K5")],
  [1, Position.fromFen("english", "B:W18,22,23,K30:B9,10,14,K27")],
  [2, Position.fromFen("russian", "W:Wc3,e3,Kg1:Bd4,f6,b6,Kh8")],
  [3, Position.fromFen("turkish", "W:Wd4,e4,Kc1:Bd5,e6,Kh8")],
  [4, Position.fromFen("frisian", "W:WK23,31,32:BK5,18,19,22:+0+223")],
  [5, Position.initial("canadian")],
  [6, Position.initial("italian")],
];
for (const [byte, position] of NOTATION_POSITIONS) {
  for (const move of position.legalMoves()) {
    put("notation", withByte(byte, move.notation));
    put("notation", withByte(byte, move.path.join("x")));
  }
  for (const text of ["", "-", "x", "1-1", "0-0", "999-1", "32-28-23", "a1-b2", "28 x 19", "28×19", "K28-19"]) put("notation", withByte(byte, text));
}

// PDN: games of several variants, tags, comments, variations, results and broken structure.
const PDN = [
  "[Event \"a\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 1-1\n",
  "[GameType \"21\"]\n1. 11-15 23-19 (1... 22-18 15x22) 2. 8-11 {quiet} 22-17 *\n",
  "[GameType \"25\"]\n1. c3-d4 f6-e5!? 2. d4xf6 () e7xg5 $14 {even} 1-1\n",
  "[GameType \"20\"]\n[FEN \"W:W33:B28\"]\n{a study} *\n",
  "[GameType \"20\"]\n1. 32-28 19-23 2. 99-1 *\n",
  "[GameType \"30\"]\n1. e3-e4 *\n",
  "1. 32-28 {unclosed\n",
  "1. 32-28 (19-23 \n",
  "[Event \"unclosed\n1. 32-28 *",
  "[GameType \"20\"]\n1. 32-28 19-23 2-0\n\n[GameType \"21\"]\n1. 11-15 0-1\n",
  "",
];
for (const text of PDN) put("pdn", text);

// Hub: sessions of a GUI after the handshake (the target sends `hub` and `init` itself).
for (const text of [
  "pos start\nlevel depth=1\ngo think",
  "set-param name=variant value=english\npos start\nlevel nodes=100\ngo think",
  "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"\nlevel move-time=0.01\ngo analyze\nping\nstop",
  "pos pos=Wbad\npos start moves=\"99-1\"\nlevel depth=x\ngo\nfrob\n=\n\"",
  "new-game\nlevel infinite\ngo ponder\nponder-hit\nstop",
  "set-param name=tt-size value=99\nset-param\nlevel depth=0",
]) put("hub", text);

// DXP: each message type, framed by NUL; a stream that never ends a message.
const GAME_REQUEST = writeDxp({ type: "R", version: "01", name: "peer", followerColor: "white", minutes: 1, moves: 50 });
const MESSAGES = [GAME_REQUEST, "A" + "peer".padEnd(32) + "0", "M0001322800", "M00013228", "E00", "E01", "C hello", "B001W", "K2", "R01peerW0001000B" + "x".repeat(50), "Z", ""];
for (const m of MESSAGES) put("dxp-message", withByte(200, `${m}\0`));
put("dxp-message", withByte(3, "M0001\0E0"));
put("dxp-message", withByte(0, "x".repeat(200)));
put("dxp-game", `${GAME_REQUEST}\0`);
put("dxp-game", `${GAME_REQUEST}\0M0010322800\0M0010332900\0E00\0`);
put("dxp-game", `${GAME_REQUEST}\0B001W\0E01\0`);
put("dxp-game", "C hello\0E01\0");
put("dxp-game", "M0001322800\0");
put("dxp-game", "R99peer\0");

// Books: a tiny valid book, with and without its checksum made right by the target.
const start = Position.initial("international");
const book = encodeBook({
  variant: "international",
  optionalCapture: false,
  startKey: start.key(),
  entries: new Map([
    [start.key(), [{ from: 32, to: 28, alternative: 0, score: 10 }, { from: 33, to: 28, alternative: 0, score: 5 }]],
    [start.play("32-28").key(), [{ from: 19, to: 23, alternative: 0, score: -10 }]],
  ]),
});
put("book", Buffer.concat([Buffer.from([0]), book]));
put("book", Buffer.concat([Buffer.from([1]), book]));
put("book", Buffer.concat([Buffer.from([0]), book.subarray(0, 40)]));
put("book", Buffer.from([0]));

// Weight files: the shipped small ones.
for (const name of ["antidraughts", "turkish", "frisian"]) {
  const bytes = readFileSync(fileURLToPath(new URL(`../../../../weights/${name}.bdw`, import.meta.url)));
  put("weights", Buffer.concat([Buffer.from([0]), bytes]));
}
put("weights", Buffer.from([1, 0x42, 0x44, 0x45, 0x57]));

// Database slices: the files of english's two- and three-piece database that fit the target's size.
await buildEndgameDatabase("english", {
  pieces: 3,
  write: (_name, bytes) => {
    if (bytes.length > 8000) return;
    put("egdb-slice", Buffer.concat([Buffer.from([0]), bytes]));
    // Cut short, and with a byte flipped past the header: both refused by name.
    put("egdb-slice", Buffer.concat([Buffer.from([0]), bytes.subarray(0, bytes.length - 1)]));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1]! ^= 0x10;
    put("egdb-slice", Buffer.concat([Buffer.from([0]), flipped]));
  },
});

// Perft units and results files of a small split.
const units = splitUnits(Position.initial("english"), 4, 2, "keep");
put("perft-units", withByte(0, units.map((u) => unitLine(u)).join("\n")));
put("perft-units", withByte(1, units.map((u) => unitLine(u, { nodes: BigInt(Position.fromFen("english", u.fen).perft(u.remaining, { duplicates: "keep" })), ms: 1 })).join("\n")));
put("perft-units", withByte(1, units.slice(1).map((u) => unitLine(u, { nodes: 1n, ms: 1 })).join("\n")));
put("perft-units", withByte(0, "{}\nnull\n{\"unit\":-1}"));

// Worker messages: valid requests as JSON, and odd ones.
for (const m of [
  { type: "search", request: { variant: "english", fen: Position.initial("english").toFen() }, limits: { depth: 1 } },
  { type: "search", request: { variant: "english", fen: "W:W1:B2" }, limits: { depth: 1 } },
  { type: "search", request: { variant: "nope", fen: "" }, limits: {} },
  { type: "status" },
  { type: "newGame" },
  { type: "search" },
]) put("search-worker", JSON.stringify(m));
for (const m of [
  { type: "count", task: { variantId: 0, whiteToMove: true, squares: {}, depth: 2, keepRoutes: true } },
  { type: "count", task: { variantId: 99, whiteToMove: true, squares: [], depth: 99, keepRoutes: true } },
  { type: "count" },
]) put("perft-worker", JSON.stringify(m));
put("perft-worker", Buffer.from([0, 0, 1, 33, 3]));
console.log("seed corpora written");
