// The package as a user installs it: `npm pack`, the tarball installed into a new project
// without building anything, a small ESM program and a `tsc --strict` type check run against
// it, and the tarball's contents (licence, rule book, no tests, no dangling source maps).
//
// `npm test` has just built dist/, so the tarball is packed with --ignore-scripts: prepack
// would only build the same files again.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { userEnv } from "./helpers/user-env.js";
import { VERSION } from "../bindings/version.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules", ".bin", "tsc");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  license: string;
  scripts: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
  devDependencies: Record<string, string>;
  repository?: unknown;
  homepage?: string;
  keywords?: string[];
};

function run(command: string, args: string[], cwd: string, input?: string) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", input, timeout: 120_000, env: userEnv() });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the published package", () => {
  let dir = "";
  let files: string[] = [];
  let project = "";

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "bitdraughts-pack-"));
    const packed = run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], ROOT);
    assert.equal(packed.code, 0, packed.stderr);
    const [info] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = info!.files.map((f) => f.path);
    project = join(dir, "consumer");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true, type: "module" }));
    // One runtime dependency (cli-progress, for the command line's progress bar): npm takes it
    // from its cache when it can, from the registry otherwise.
    const installed = run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(dir, info!.filename)], project);
    assert.equal(installed.code, 0, installed.stderr);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  test("package.json: licence file, repository, homepage, keywords; no build on install", () => {
    assert.equal(pkg.license, "MIT");
    assert.match(readFileSync(join(ROOT, "LICENSE"), "utf8"), /^MIT License\n\nCopyright \(c\) 2026 the bitdraughts authors\n/);
    assert.ok(pkg.repository !== undefined && pkg.homepage !== undefined && (pkg.keywords?.length ?? 0) > 0);
    // `prepare` would run (and fail, without the compiler) in every consumer's install.
    assert.equal(pkg.scripts.prepare, undefined);
    assert.match(pkg.scripts.prepack!, /^node scripts\/build\.mjs/);
    assert.match(pkg.scripts.start!, /^node scripts\/build\.mjs && /, "npm start on a fresh clone builds first");
    // What the Hub worker announces, where package.json cannot be read.
    assert.equal(VERSION, pkg.version, "bindings/version.ts follows package.json");
  });

  test("package-lock.json's root entry is what npm would write from package.json, so npm install leaves it as it is", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { name: string; version: string; packages: Record<string, Record<string, unknown>> };
    const root = lock.packages[""]!;
    assert.equal(lock.name, pkg.name);
    assert.equal(lock.version, pkg.version);
    assert.deepEqual(
      { name: root.name, version: root.version, license: root.license, bin: root.bin, engines: root.engines, devDependencies: root.devDependencies },
      { name: pkg.name, version: pkg.version, license: pkg.license, bin: pkg.bin, engines: pkg.engines, devDependencies: pkg.devDependencies },
    );
    for (const [name, version] of Object.entries(pkg.devDependencies)) {
      assert.equal(lock.packages[`node_modules/${name}`]?.version, version, `${name} is locked at the version package.json pins`);
    }
  });

  test("the tarball: built files, licence, rule book; no tests; every source map's sources shipped", () => {
    for (const file of ["LICENSE", "README.md", "docs/RULES.md", "docs/RULES-more-variants.md", "suites/perft-positions.json", "package.json", "dist/bindings/index.js", "dist/bindings/index.d.ts", "dist/bindings/bitdraughts.wasm", "dist/bindings/cli/main.js"]) {
      assert.ok(files.includes(file), `${file} is shipped`);
    }
    assert.deepEqual(files.filter((f) => f.includes("__tests__") || f.startsWith("dist/tests") || f.startsWith("tests/") || f.startsWith("bench/") || f.startsWith("tools/")), []);
    const installed = join(project, "node_modules", pkg.name);
    const maps = files.filter((f) => f.endsWith(".map"));
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(installed, map), "utf8")) as { sources: string[] };
      for (const source of sources) {
        const shipped = join(installed, map, "..", source);
        assert.ok(existsSync(shipped), `${map} names ${source}, which is shipped`);
      }
    }
    // The README's links into the package resolve.
    assert.ok(existsSync(join(installed, "docs", "RULES.md")));
  });

  test("an ESM program uses the installed package: positions, cursor, game, PDN, the core from its file: URL", () => {
    const program = `
      import { Position, Game, readPdn, writePdn, init } from "bitdraughts";
      const engine = await init(new URL(import.meta.resolve("bitdraughts/bitdraughts.wasm")));
      const start = Position.initial("english");
      const cursor = start.cursor();
      cursor.make(0);
      const game = new Game("international");
      game.play("32-28");
      const [read] = readPdn('[GameType "21"]\\n1. 11-15 {a comment} 23-19 *');
      console.log(JSON.stringify({
        perft: String(start.perft(6)),
        moves: start.legalMoves().map(String),
        cursor: cursor.moves(),
        sameEngine: start.options.engine === engine,
        game: game.toJSON(),
        written: writePdn(read).includes("{a comment}"),
      }));
    `;
    writeFileSync(join(project, "program.mjs"), program);
    const { code, stdout, stderr } = run(process.execPath, ["program.mjs"], project);
    assert.equal(code, 0, stderr);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    // English: 7 opening moves for Black; perft(6) = 36768 (published, routes kept).
    assert.equal(out.perft, "36768");
    assert.deepEqual(out.moves, ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]);
    assert.equal(out.cursor, 7, "after 9-13 White has its seven steps");
    assert.equal(out.sameEngine, true);
    assert.deepEqual((out.game as { moves: string[] }).moves, ["32-28"]);
    assert.equal(out.written, true);
  });

  test("the bitdraughts command is installed", () => {
    const { code, stdout } = run(join(project, "node_modules", ".bin", "bitdraughts"), ["--version"], project);
    assert.equal(code, 0);
    assert.equal(stdout.trim(), `bitdraughts ${pkg.version}`);
  });

  test("tsc --strict type-checks a TypeScript program against the installed declarations", () => {
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: [], strict: true, noEmit: true, skipLibCheck: false },
      files: ["program.ts"],
    }));
    writeFileSync(join(project, "program.ts"), `
      import { ArgumentError, Game, Position, readPdn, writePdn, type Cursor, type Engine, type Move, type PdnEntry, type VariantName } from "bitdraughts";
      const variant: VariantName = "russian";
      const position: Position = Position.initial(variant, { optionalCapture: true });
      const moves: readonly Move[] = position.legalMoves();
      const next: Position = position.play(moves[0]!);
      const cursor: Cursor = next.cursor();
      const count: number = cursor.moves();
      const engine: Engine = position.options.engine;
      const game: Game = Game.fromPosition(next);
      const played: Move = game.play(game.legalMoves()[0]!);
      const entries: PdnEntry[] = readPdn("1. c3-d4 *", { variant });
      const text: string = writePdn(entries);
      const divide: Map<string, bigint> = position.divide(2);
      const error: ArgumentError | undefined = undefined;
      console.log(count, engine, played.notation, text, divide.size, error, next.toAscii());
    `);
    const { code, stdout, stderr } = run(process.execPath, [TSC, "-p", "tsconfig.json"], project);
    assert.equal(code, 0, stdout + stderr);
  });
});
