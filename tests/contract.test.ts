// The contract between the core and the binding (assembly/contract/contract.ts): the binding's copy
// is the one the script makes from it, the script refuses what it cannot read, and the
// binding's modules import one another without a cycle (the opening book below the search), and
// no source of the binding is over 600 lines (the core's layers: core-layers.test.ts).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';

import { createEngineSync } from '../bindings/index.js';
import * as contract from '../bindings/core/contract.js';
import { MAX_LINES, compiled, findCycle, longFiles } from './helpers/imports.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ContractScript {
  CONTRACT: string;
  BINDING_COPY: string;
  PYTHON_COPY: string;
  ContractError: new (message: string) => Error;
  parseContract(text: string): Array<{ name?: string; value?: number; doc?: string; comment?: string }>;
  bindingContract(text: string): string;
  pythonContract(text: string): string;
}

let script: ContractScript;
before(async () => {
  script = (await import(pathToFileURL(join(ROOT, 'scripts', 'contract.mjs')).href)) as ContractScript;
});

describe("the binding's copy of the contract", () => {
  test('is the one the script makes from the core\'s contract (run node scripts/contract.mjs when this fails)', () => {
    const made = script.bindingContract(readFileSync(join(ROOT, script.CONTRACT), 'utf8'));
    assert.equal(readFileSync(join(ROOT, script.BINDING_COPY), 'utf8'), made);
  });

  test('the Python package\'s copy is the one the script makes too (run node scripts/contract.mjs when this fails)', () => {
    const made = script.pythonContract(readFileSync(join(ROOT, script.CONTRACT), 'utf8'));
    assert.equal(readFileSync(join(ROOT, script.PYTHON_COPY), 'utf8'), made);
    // Each constant as an assignment of its value: the names and values the core's copy holds.
    const entries = script.parseContract(readFileSync(join(ROOT, script.CONTRACT), 'utf8')).filter((e) => e.name !== undefined);
    for (const e of entries) assert.ok(made.includes(`\n${e.name} = ${e.value}\n`), e.name);
  });

  test('holds every constant of the contract, with its value', () => {
    const entries = script.parseContract(readFileSync(join(ROOT, script.CONTRACT), 'utf8')).filter((e) => e.name !== undefined);
    assert.deepEqual(Object.keys(contract).sort(), entries.map((e) => e.name!).sort());
    for (const e of entries) assert.equal((contract as Record<string, number>)[e.name!], e.value, e.name);
  });

  test('agrees with the core it describes: a record, the board, an error', () => {
    // English, the start: 7 moves (RULES.md: black's men on 9-12 step to 13-16), all steps.
    const engine = createEngineSync();
    const { records, count } = engine.moveRecords(contract.VARIANT_ENGLISH, { whiteToMove: false, squares: start() });
    assert.equal(count, 7);
    for (let i = 0; i < count; i++) {
      const at = i * contract.RECORD_BYTES;
      assert.equal(records[at + contract.RECORD_TAKEN], 0);
      assert.ok(records[at + contract.RECORD_FROM]! >= 9 && records[at + contract.RECORD_FROM]! <= 12);
      assert.ok(records[at + contract.RECORD_TO]! >= 13 && records[at + contract.RECORD_TO]! <= 16);
      // A step's path is its two squares.
      assert.deepEqual([records[at + contract.RECORD_PATH], records[at + contract.RECORD_PATH + 1]], [records[at + contract.RECORD_FROM], records[at + contract.RECORD_TO]]);
    }
    const bad = start();
    bad[1] = contract.PIECE_BLACK_KING + 1;
    assert.throws(() => engine.moveRecords(contract.VARIANT_ENGLISH, { whiteToMove: true, squares: bad }), /could not read the board/);
    assert.throws(() => engine.moveRecords(contract.VARIANT_CZECH + 1, { whiteToMove: true, squares: start() }), /does not know this variant id/);
  });
});

/** English's start as the core reads it: black men on 1-12, white men on 21-32. */
function start(): Uint8Array {
  const squares = new Uint8Array(33);
  for (let s = 1; s <= 12; s++) squares[s] = contract.PIECE_BLACK_MAN;
  for (let s = 21; s <= 32; s++) squares[s] = contract.PIECE_WHITE_MAN;
  return squares;
}

describe('the contract script', () => {
  const read = (lines: string[]): ReturnType<ContractScript['parseContract']> => script.parseContract(lines.join('\n'));
  const refused = (lines: string[], why: RegExp): void => {
    assert.throws(() => read(lines), (error: Error) => error instanceof script.ContractError && why.test(error.message), why.source);
  };

  test('works out each value: integers, hex, names above, operators by their precedence', () => {
    const values = read([
      '/** a */', 'export const A: i32 = 8;',
      '/** b */', 'export const B: i32 = 0x1f;',
      '/** c */', 'export const C: i32 = 8 + 24 * 128;',
      '/** d */', 'export const D: i32 = A | B & 0x10;',
      '/** e */', 'export const E: i32 = -(A << 2) + ~0;',
      '/** f */', 'export const F: i32 = (A + 2) * 3 >> 1;',
    ]).filter((e) => e.name !== undefined).map((e) => [e.name, e.value]);
    // 8 + 3072; 8 | (31 & 16) = 24; -(32) + -1; (10 * 3) >> 1 = 15 (shift looser than *).
    assert.deepEqual(values, [['A', 8], ['B', 31], ['C', 3080], ['D', 24], ['E', -33], ['F', 15]]);
  });

  test('refuses what it cannot read, naming the line', () => {
    refused(['export const A: i32 = 1;'], /:1: A has no \/\*\* comment \*\//);
    refused(['/** a */', 'export const A: u8 = 1;'], /:2: cannot read/);
    refused(['/** a */', 'export let A: i32 = 1;'], /:2: cannot read/);
    refused(['/** a */', '  export const A: i32 = 1;'], /:2: a line of the contract starts at the margin/);
    refused(['/** a */', 'export const A: i32 = B + 1;'], /:2: A: B is not defined above/);
    refused(['/** a */', 'export const A: i32 = 1 +;'], /:2: A: cannot read/);
    refused(['/** a */', 'export const A: i32 = (1 + 2;'], /:2: A: a parenthesis is not closed/);
    refused(['/** a */', 'export const A: i32 = 1.5;'], /:2: A: cannot read/);
    refused(['/** a */', 'export const A: i32 = 0x100000000;'], /does not fit 32 bits/);
    refused(['/** a */', 'export const A: i32 = 1;', '/** b */', 'export const A: i32 = 2;'], /:4: A is defined twice/);
    refused(['/** a */', '', 'export const A: i32 = 1;'], /:2: a comment must be followed at once by its constant/);
    refused(['/** a', ' */', 'export const A: i32 = 1;'], /:1: cannot read/);
    refused(['const A: i32 = 1;'], /:1: cannot read/);
    refused(['/** a */'], /the last comment has no constant/);
  });
});

describe('the binding has no import cycle and keeps its shape (the core: core-layers.test.ts)', () => {
  // The JavaScript's imports, and the declarations', which keep the type-only ones too: two
  // modules whose types name each other are one piece of code, however their imports are written.
  for (const kind of ['.js', '.d.ts']) {
    test(`the compiled modules of bindings/ (${kind}) import one another without a cycle`, () => {
      const dist = join(ROOT, 'dist', 'bindings');
      const files = compiled(dist, kind);
      assert.ok(files.length > 50, `compiled modules found: ${files.length}`);
      const imports = new Map(files.map((file) => [file, importsOf(file, kind)]));
      const cycle = findCycle(imports);
      assert.equal(cycle, undefined, `import cycle: ${cycle?.map((f) => relative(dist, f)).join(' → ')}`);
    });
  }

  test('the opening book is below the search: no module of book/ imports one of search/', () => {
    // The search answers from books (search/book-answer.ts); a book's leaf searches are the command line's (cli/book-scorer.ts).
    const dist = join(ROOT, 'dist', 'bindings');
    const folderOf = (file: string): string => dirname(relative(dist, file));
    const imports = compiled(dist, '.d.ts').map((file) => [file, importsOf(file, '.d.ts')] as const);
    const upward = imports.flatMap(([file, imported]) => (folderOf(file) === 'book' ? imported.filter((m) => folderOf(m) === 'search').map((m) => `${relative(dist, file)} → ${relative(dist, m)}`) : []));
    assert.deepEqual(upward, []);
    assert.ok(imports.some(([file, imported]) => folderOf(file) === 'search' && imported.some((m) => folderOf(m) === 'book')), 'the search imports the book');
  });

  test(`no source file of bindings/ is over ${MAX_LINES} lines`, () => {
    assert.deepEqual(longFiles(join(ROOT, 'bindings')), []);
  });

  test('the check finds a cycle where there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    assert.deepEqual(findCycle(graph), ['a', 'b', 'c', 'a']);
    assert.equal(findCycle(new Map([['a', ['b']], ['b', []], ['c', ['a', 'b']]])), undefined);
  });
});

/** The modules a compiled file imports statically, as files of its kind (a declaration's `./x.js` is ./x.d.ts). */
function importsOf(file: string, kind: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^\s*(?:import|export)\b[^;'"]*?(?:\bfrom\s*)?["'](\.{1,2}\/[^"']+)\.js["']/gm;
  for (const match of text.matchAll(statement)) found.push(`${resolve(dirname(file), match[1]!)}${kind}`);
  return found;
}
