// The core's folders stand in layers, read from the sources of assembly/: a module imports from
// its own folder or from a layer below, never from its own layer's other folders or from above,
// so the host interface sits at the two ends (the contract at the bottom, the dispatch at the
// top) and no import runs back up. No module imports itself back through others (no cycle),
// and no file is over MAX_LINES.

import assert from 'node:assert/strict';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { MAX_LINES, compiled, coreImportsOf, findCycle, longFiles } from './helpers/imports.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CORE = join(ROOT, 'assembly');

/**
 * The layers, lowest first; a folder of assembly/ is in one of them ('.': the exports, index.ts).
 * contract: the numbers the host and the core agree on, the error channel, which variants a
 * core is built with; memory: the blocks the tables claim. board: geometries, the variants as
 * data, the variant table. eval sits below position: a move's make updates the pattern windows
 * (position/make.ts reads eval/patterns.ts). buffers: BOARD in, moves and counts out. The
 * search probes the databases, so egdb is below it. abi: the exports' dispatch and handlers.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['contract', 'memory'],
  ['board'],
  ['movegen'],
  ['eval'],
  ['position'],
  ['buffers'],
  ['perft', 'egdb', 'env'],
  ['search'],
  ['abi'],
  ['.'],
];

/** The as-pect specs test the core from outside: they may import from any layer. */
const SPECS = '__tests__';

/** The folder of assembly/ a module is in ('.' for the root), as a path relative to assembly/. */
function folderOf(file: string): string {
  const parts = relative(CORE, file).split(sep);
  return parts.length === 1 ? '.' : parts[0]!;
}

/** The layer of a folder, or -1 when it is in none. */
function layerOf(folder: string, layers: readonly (readonly string[])[] = LAYERS): number {
  return layers.findIndex((layer) => layer.includes(folder));
}

/** Each import that runs sideways or back up, as "from → to", folders as `folder` names them. */
function upwardImports(imports: ReadonlyMap<string, readonly string[]>, folder: (file: string) => string, layers = LAYERS): string[] {
  const found: string[] = [];
  for (const [file, targets] of imports) {
    const from = folder(file);
    for (const target of targets) {
      const to = folder(target);
      if (to !== from && layerOf(to, layers) >= layerOf(from, layers)) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

/** The core's modules, the specs aside, with the modules each imports. */
function coreImports(): Map<string, string[]> {
  const files = compiled(CORE, '.ts').filter((file) => !relative(CORE, file).startsWith(SPECS));
  assert.ok(files.length > 40, `core modules found: ${files.length}`);
  return new Map(files.map((file) => [file, coreImportsOf(file)]));
}

describe("the core's folders stand in layers", () => {
  test('every folder of assembly/ is in a layer, and every module an import names exists', () => {
    const imports = coreImports();
    for (const file of imports.keys()) {
      assert.notEqual(layerOf(folderOf(file)), -1, `${relative(CORE, dirname(file)) || '.'} is in no layer of LAYERS`);
    }
    for (const [file, targets] of imports) {
      for (const target of targets) assert.ok(imports.has(target), `${relative(CORE, file)} imports ${relative(CORE, target)}, which is no module`);
    }
  });

  test('no import runs sideways or back up between the folders', () => {
    const upward = upwardImports(coreImports(), folderOf).map((line) => line.split(`${CORE}${sep}`).join(''));
    assert.deepEqual(upward, [], `imports against the layers:\n${upward.join('\n')}`);
  });

  test("the core's modules (assembly/, its as-pect specs aside) import one another without a cycle", () => {
    const cycle = findCycle(coreImports());
    assert.equal(cycle, undefined, `import cycle: ${cycle?.map((f) => relative(CORE, f)).join(' → ')}`);
  });

  test('the check finds an import back up, and one sideways, where there is one', () => {
    const layers = [['low'], ['mid', 'side'], ['top']];
    const folder = (file: string) => file.split('/')[0]!;
    const imports = new Map([
      ['mid/a', ['low/b', 'mid/c']],
      ['low/b', ['mid/c']],
      ['side/d', ['mid/a']],
      ['top/e', ['side/d', 'low/b']],
    ]);
    assert.deepEqual(upwardImports(imports, folder, layers), ['low/b → mid/c', 'side/d → mid/a']);
  });
});

describe("the core's files are short", () => {
  test(`no file of assembly/ is over ${MAX_LINES} lines`, () => {
    assert.deepEqual(longFiles(CORE), []);
  });
});
