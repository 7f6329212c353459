// The build (scripts/build.mjs): the core is compiled again only when what it is made from
// changes (its stamp), tsc only when a source changes, and compiled files of deleted sources are
// removed; the package's scripts call the build directly, so the npm that runs them stays in
// charge (no nested `npm run`, no npm brought in by a dev dependency).

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface BuildSteps {
  coreInputsHash(root: string): string;
  typescriptInputsHash(root: string): string;
  stampMatches(root: string, inputs: string): boolean;
  writeStamp(root: string, inputs: string): void;
  typescriptStampMatches(root: string, inputs: string): boolean;
  writeTypescriptStamp(root: string, inputs: string): void;
  pruneDist(root: string): string[];
}

let steps: BuildSteps;
before(async () => {
  steps = (await import(pathToFileURL(join(ROOT, 'scripts', 'build-steps.mjs')).href)) as BuildSteps;
});

/** Writes `files` (path → text) under `root`. */
function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('the core is compiled again only when what it is made from changes', () => {
  let root = '';
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'bitdraughts-stamp-'));
    write(root, {
      'assembly/index.ts': 'export function a(): i32 { return 1; }\n',
      'assembly/board/squares.ts': 'export const N: i32 = 50;\n',
      'assembly/__tests__/a.spec.ts': 'describe("a", () => {});\n',
      'asconfig.json': '{ "targets": { "release": { "optimizeLevel": 3 } } }\n',
      'node_modules/assemblyscript/package.json': '{ "version": "0.27.37" }\n',
      'build/bitdraughts.wasm': 'core bytes',
    });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('no stamp: compile; after compiling, the same inputs: skip', () => {
    const inputs = steps.coreInputsHash(root);
    assert.equal(steps.stampMatches(root, inputs), false);
    steps.writeStamp(root, inputs);
    assert.equal(steps.stampMatches(root, inputs), true);
    assert.equal(steps.coreInputsHash(root), inputs, 'the hash depends on the files only');
  });

  const changes: Array<[string, string, string]> = [
    ['a source in a subfolder of assembly/', 'assembly/board/squares.ts', 'export const N: i32 = 32;\n'],
    ['a new source file', 'assembly/extra.ts', '// new\n'],
    ['asconfig.json', 'asconfig.json', '{ "targets": { "release": { "optimizeLevel": 2 } } }\n'],
    ["the compiler's version", 'node_modules/assemblyscript/package.json', '{ "version": "0.28.0" }\n'],
  ];
  for (const [what, path, text] of changes) {
    test(`a change to ${what} compiles again`, () => {
      const existed = existsSync(join(root, path));
      const before = existed ? readFileSync(join(root, path), 'utf8') : '';
      steps.writeStamp(root, steps.coreInputsHash(root));
      write(root, { [path]: text });
      assert.equal(steps.stampMatches(root, steps.coreInputsHash(root)), false);
      if (existed) write(root, { [path]: before });
      else rmSync(join(root, path));
      assert.equal(steps.stampMatches(root, steps.coreInputsHash(root)), true, 'and the old inputs match again');
    });
  }

  test("the core's unit tests are not among its inputs", () => {
    steps.writeStamp(root, steps.coreInputsHash(root));
    write(root, { 'assembly/__tests__/a.spec.ts': 'describe("b", () => {});\n' });
    assert.equal(steps.stampMatches(root, steps.coreInputsHash(root)), true);
  });

  test('a core changed or removed since it was stamped is compiled again', () => {
    const inputs = steps.coreInputsHash(root);
    steps.writeStamp(root, inputs);
    write(root, { 'build/bitdraughts.wasm': 'half a core' });
    assert.equal(steps.stampMatches(root, inputs), false);
    rmSync(join(root, 'build/bitdraughts.wasm'));
    assert.equal(steps.stampMatches(root, inputs), false);
    write(root, { 'build/bitdraughts.wasm': 'core bytes', 'build/bitdraughts.wasm.stamp': 'not json' });
    assert.equal(steps.stampMatches(root, inputs), false, 'an unreadable stamp matches nothing');
  });
});

describe('the TypeScript is compiled again only when a source changes', () => {
  let root = '';
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'bitdraughts-ts-stamp-'));
    write(root, {
      'bindings/index.ts': 'export const a = 1;\n',
      'tests/a.test.ts': 'import "../bindings/index.js";\n',
      'tests/data/rows.json': '[]\n',
      'bench/b.ts': 'export {};\n',
      'tools/t.ts': 'export {};\n',
      'tsconfig.json': '{}\n',
      'package-lock.json': '{}\n',
      'node_modules/typescript/package.json': '{ "version": "5.9.3" }\n',
      'dist/tsconfig.tsbuildinfo': '{}\n',
    });
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  test('a source, tsconfig.json or the locked dependencies: compile; data files: not', () => {
    const inputs = steps.typescriptInputsHash(root);
    steps.writeTypescriptStamp(root, inputs);
    assert.equal(steps.typescriptStampMatches(root, steps.typescriptInputsHash(root)), true);
    write(root, { 'tests/data/rows.json': '[1]\n' });
    assert.equal(steps.typescriptStampMatches(root, steps.typescriptInputsHash(root)), true);
    for (const path of ['bench/b.ts', 'tools/t.ts', 'tsconfig.json', 'package-lock.json']) {
      write(root, { [path]: '// changed\n' });
      assert.equal(steps.typescriptStampMatches(root, steps.typescriptInputsHash(root)), false, path);
      steps.writeTypescriptStamp(root, steps.typescriptInputsHash(root));
    }
    rmSync(join(root, 'dist/tsconfig.tsbuildinfo'));
    assert.equal(steps.typescriptStampMatches(root, steps.typescriptInputsHash(root)), false, "without tsc's build information, compile");
  });

  test('compiled files whose source is gone are removed; the rest stays', () => {
    write(root, {
      'tests/kept.test.ts': '',
      'dist/tests/kept.test.js': '', 'dist/tests/kept.test.js.map': '', 'dist/tests/kept.test.d.ts': '',
      'dist/tests/gone.test.js': '', 'dist/tests/gone.test.js.map': '', 'dist/tests/gone.test.d.ts': '', 'dist/tests/gone.test.d.ts.map': '',
      'dist/bindings/core/wasm-inline.js': '', 'dist/bindings/core/wasm-inline.d.ts': '',
      'dist/bindings/eval/weights-inline.js': '', 'dist/bindings/bitdraughts.wasm': '', 'dist/bindings/weights/x.bdw': '',
    });
    assert.deepEqual(steps.pruneDist(root), ['tests/gone.test.d.ts', 'tests/gone.test.d.ts.map', 'tests/gone.test.js', 'tests/gone.test.js.map']);
    for (const kept of ['tests/kept.test.js', 'tests/kept.test.js.map', 'bindings/core/wasm-inline.js', 'bindings/core/wasm-inline.d.ts', 'bindings/eval/weights-inline.js', 'bindings/bitdraughts.wasm', 'bindings/weights/x.bdw']) {
      assert.ok(existsSync(join(root, 'dist', kept)), kept);
    }
    assert.deepEqual(steps.pruneDist(root), []);
  });
});

describe('this repository', () => {
  test('the core in build/ is the one its sources make: the next build skips asc', () => {
    assert.ok(steps.stampMatches(ROOT, steps.coreInputsHash(ROOT)), 'build/bitdraughts.wasm is not stamped with the current inputs (npm run build)');
  });

  test("the package's scripts build through scripts/build.mjs and never start a nested npm run", () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const [name, command] of Object.entries(scripts)) assert.doesNotMatch(command, /\bnpm\b/, `script ${name}: ${command}`);
    for (const name of ['build', 'prepack', 'start', 'test', 'test:deep', 'bench', 'demo', 'sizes', 'fuzz']) {
      assert.match(scripts[name]!, /^node scripts\/build\.mjs\b/, `${name} builds first`);
    }
  });

  test('no dependency installs an npm of its own (npm run would put it first on PATH)', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    assert.deepEqual(Object.keys(lock.packages).filter((path) => /(^|\/)node_modules\/npm$/.test(path)), []);
    assert.equal(existsSync(join(ROOT, 'node_modules', '.bin', 'npm')), false, 'node_modules/.bin/npm exists (npm ci again?)');
  });
});
