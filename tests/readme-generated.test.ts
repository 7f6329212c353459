// The documentation's blocks that scripts write (scripts/readme-block.mjs): the command line's usage
// (scripts/usage.mjs) and the bundle sizes (npm run sizes). Each still says what the code and
// the build say; when one does not, the message names the script that writes it again.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { USAGE } from '../bindings/cli/args.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ReadmeBlocks {
  BLOCK_FILES: Record<string, string>;
  readBlock(text: string, name: string, file?: string): string;
  usageBlock(usage: string): string;
}

let blocks: ReadmeBlocks;
/** The text of the file that holds block `name`. */
const fileOf = (name: string): string => readFileSync(join(ROOT, blocks.BLOCK_FILES[name]!), 'utf8');
before(async () => {
  blocks = (await import(pathToFileURL(join(ROOT, 'scripts', 'readme-block.mjs')).href)) as ReadmeBlocks;
});

describe("the documentation's written blocks", () => {
  test('the command-line block is the usage that --help prints (node scripts/usage.mjs writes it)', () => {
    const block = blocks.readBlock(fileOf('usage'), 'usage');
    assert.equal(block, blocks.usageBlock(USAGE), 'docs/cli.md shows another usage than --help: run node scripts/usage.mjs');
    assert.match(block, /^bitdraughts analyse FILE .*--nodes N.*$/m);
  });

  test("the size table's core is the core this build made, bundled by the esbuild installed (npm run sizes writes it)", () => {
    const block = blocks.readBlock(fileOf('sizes'), 'sizes');
    const esbuild = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')) as { version: string }).version;
    assert.match(block, new RegExp(`^Bundled by esbuild ${esbuild.replace(/\./g, '\\.')} \\(minified\\):$`, 'm'), 'run npm run sizes');
    // The entries' table (the cores' table below it names .wasm files in its first cell).
    const rows = block.split('\n').filter((line) => line.startsWith('| `bitdraughts') && !/^\| `[^`]*\.wasm` \|/.test(line));
    assert.deepEqual(rows.map((row) => row.split(' | ')[0]), ['| `bitdraughts` (core and weights inlined)', '| `bitdraughts/lean` (+ `bitdraughts.wasm`)', "| `bitdraughts/lean`, english's core (+ `bitdraughts-english.wasm`)", '| `bitdraughts/search-worker` (a worker bundle)', '| `bitdraughts/board` (the board component, JS only)']);
    const kb = (file: string): string => `${(statSync(join(ROOT, 'dist', 'bindings', file)).size / 1024).toFixed(1)} KB`;
    assert.equal(rows[1]!.split(' | ')[3], kb('bitdraughts.wasm'), 'the core has changed since the table was written: run npm run sizes');
    // Every core of the build has its row, with its size now.
    for (const file of readdirSync(join(ROOT, 'dist', 'bindings')).filter((f) => f.endsWith('.wasm'))) {
      const row = block.split('\n').find((line) => line.startsWith(`| \`${file}\` |`));
      assert.ok(row !== undefined, `${file} has no row: run npm run sizes`);
      assert.equal(row.split(' | ')[1], kb(file), `${file} has changed since the table was written: run npm run sizes`);
    }
  });

  test('a block is found only between its own markers, and a missing one is named', () => {
    const text = 'intro\n<!-- sizes: written by a script -->\nold\n<!-- /sizes -->\n<!-- usage: written by another -->\nu\n<!-- /usage -->\n';
    assert.equal(blocks.readBlock(text, 'sizes'), 'old\n');
    assert.equal(blocks.readBlock(text, 'usage'), 'u\n');
    assert.throws(() => blocks.readBlock(text, 'speed', 'README.md'), /README\.md has no block "speed"/);
  });
});
