// Every error class's `name` is the class's name as documented, also after a minifier has
// renamed the classes (a bundler's production build): the names below are written out, not
// read from the classes, and the classes are loaded once as they are and once from a bundle
// esbuild minified without keeping names. A search worker that does not start names the
// address it tried and the option that gives another.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, describe, test } from "node:test";
import * as esbuild from "esbuild";
import { EngineError, createSearchEngine } from "../bindings/index.js";

const DIST = fileURLToPath(new URL("../", import.meta.url));

/** Module (under dist/) → the error classes it exports, by their intended names. */
const CLASSES: Record<string, readonly string[]> = {
  "bindings/core/errors.js": ["DraughtsError", "VariantError", "FenError", "SetupError", "NotationError", "IllegalMoveError", "ArgumentError", "EngineError", "SearchError"],
  "bindings/game/game.js": ["GameOverError", "DrawClaimError", "GameOptionError"],
  "bindings/pdn/parse.js": ["PdnError"],
  "bindings/pdn/read.js": ["PdnGameError"],
  "bindings/pdn/write.js": ["PdnWriteError"],
  "bindings/eval/weights.js": ["WeightsError"],
  "bindings/book/format.js": ["BookError"],
  "bindings/protocols/hub-text.js": ["HubError"],
  "bindings/protocols/dxp-messages.js": ["DxpMessageError"],
  "bindings/cli/args.js": ["UsageError"],
  "bindings/cli/pdn-file.js": ["NoGameError"],
  "tools/train/records.js": ["RecordFileError"],
  "tools/match/spec.js": ["MatchArgumentError"],
  "tools/match/openings.js": ["OpeningError"],
};

type Classes = Record<string, new (message: string, ...rest: unknown[]) => Error>;

/** The classes by intended name, and what an instance of each calls itself and its class. */
function names(classes: Classes): Array<[intended: string, name: string, constructorName: string]> {
  return Object.entries(classes).map(([intended, C]) => {
    const error = new C("a message", 1, 1);
    assert.ok(error instanceof Error, intended);
    return [intended, error.name, error.constructor.name];
  });
}

describe("error names", () => {
  const dir = mkdtempSync(join(tmpdir(), "bitdraughts-names-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("each class as compiled: its name", async () => {
    const classes: Classes = {};
    for (const [file, list] of Object.entries(CLASSES)) {
      const module = (await import(pathToFileURL(join(DIST, file)).href)) as Classes;
      for (const name of list) classes[name] = module[name]!;
    }
    for (const [intended, name] of names(classes)) assert.equal(name, intended);
  });

  test("each class minified: the same name, though the classes were renamed", async () => {
    const entry = join(dir, "entry.mjs");
    const lines = Object.entries(CLASSES).map(([file, list], i) => `import { ${list.map((n) => `${n} as c${i}_${n}`).join(", ")} } from ${JSON.stringify(join(DIST, file))};`);
    const all = Object.entries(CLASSES).flatMap(([, list], i) => list.map((n) => `${JSON.stringify(n)}: c${i}_${n}`));
    writeFileSync(entry, `${lines.join("\n")}\nexport const classes = { ${all.join(", ")} };\n`);
    const out = join(dir, "minified.mjs");
    await esbuild.build({ entryPoints: [entry], outfile: out, bundle: true, format: "esm", platform: "node", minify: true, logLevel: "silent" });
    const { classes } = (await import(pathToFileURL(out).href)) as { classes: Classes };
    const found = names(classes);
    assert.ok(found.some(([intended, , constructorName]) => constructorName !== intended), "the minifier renamed classes, or this test proves nothing");
    for (const [intended, name] of found) assert.equal(name, intended);
  });

  test("a search worker that does not start: the address tried and how to pass workerUrl", async () => {
    const missing = pathToFileURL(join(dir, "no-worker-here.js"));
    await assert.rejects(createSearchEngine({ workerUrl: missing }), (e: unknown) => {
      assert.ok(e instanceof EngineError);
      assert.equal(e.name, "EngineError");
      assert.ok(e.message.includes(`could not start from ${missing.href}: `), e.message);
      assert.match(e.message, /: \S/, "a reason follows the address");
      assert.match(e.message, /createSearchEngine\(\{ workerUrl: /);
      return true;
    });
  });
});
