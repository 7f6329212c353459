// The repository carries the published facts its tests and matches need: the perft counts of
// tests/data and the opening sets of tools/openings. They are copies from the project's
// collection (../shared beside the repository, where there is one): this checks that each copy
// keeps its sources and, where the collection is here, that it still equals its original. Where
// it is not (a clone of its own), that is said and nothing fails. Nothing else in the tests
// reads ../shared, but for the recorded games (tests/helpers/recorded-games.ts).

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));

/** Each copy and its original in ../shared; `rows` when the order of the rows is not kept. */
const COPIES = [
  { copy: 'tests/data/start-perft.json', original: 'perft/start.json', rows: true },
  { copy: 'tests/data/rule-cases.json', original: 'perft/rule-cases.json', rows: true },
  { copy: 'tools/openings/english-3move.json', original: 'openings/english-3move.json', rows: false },
  { copy: 'tools/openings/english-2move.json', original: 'openings/english-2move.json', rows: false },
  { copy: 'tools/openings/international-2move.json', original: 'openings/international-2move.json', rows: false },
  { copy: 'tools/openings/russian-150.json', original: 'openings/russian-150.json', rows: false },
] as const;

const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The rows of a table as a sorted list of their JSON texts (keys sorted), to compare as sets. */
function rowSet(rows: unknown): string[] {
  assert.ok(Array.isArray(rows));
  const canonical = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(canonical)
    : value !== null && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
    : value;
  return rows.map((row) => JSON.stringify(canonical(row))).sort();
}

describe('the published facts the repository carries', () => {
  test('every perft row keeps its source and confidence, and its exact count', () => {
    for (const file of ['tests/data/start-perft.json', 'tests/data/rule-cases.json']) {
      const rows = read(join(ROOT, file)) as Array<Record<string, unknown>>;
      assert.ok(rows.length > 0, file);
      for (const [i, row] of rows.entries()) {
        assert.ok(typeof row.source === 'string' && row.source.length > 0, `${file} row ${i + 1} has no source`);
        assert.ok(typeof row.confidence === 'string', `${file} row ${i + 1} has no confidence`);
        assert.match(String(row.nodes_str), /^\d+$/, `${file} row ${i + 1}`);
      }
    }
  });

  test('every published opening set names its sources; our own sets say how they were made', () => {
    for (const copy of COPIES.filter((c) => c.copy.startsWith('tools/openings/'))) {
      const set = read(join(ROOT, copy.copy)) as { sources?: unknown; openings?: unknown };
      assert.ok(Array.isArray(set.sources) && set.sources.length > 0, `${copy.copy} names no source`);
      assert.ok(Array.isArray(set.openings) && set.openings.length > 0, copy.copy);
    }
    const published = new Set<string>(COPIES.map((c) => c.copy));
    for (const file of readdirSync(join(ROOT, 'tools/openings')).filter((f) => f.endsWith('.json'))) {
      if (published.has(`tools/openings/${file}`)) continue;
      const set = read(join(ROOT, 'tools/openings', file)) as { made?: { command?: unknown; commit?: unknown } };
      assert.ok(typeof set.made?.command === 'string' && typeof set.made.commit === 'string', `tools/openings/${file} is neither a published set nor says how it was made`);
    }
  });

  test('each copy equals its original in ../shared, where the collection is beside the repository', (t) => {
    if (!existsSync(SHARED)) {
      t.diagnostic(`${SHARED} is not there: the copies are not compared with their originals (nothing to compare them with)`);
      return;
    }
    for (const { copy, original, rows } of COPIES) {
      const ours = read(join(ROOT, copy));
      const theirs = read(join(SHARED, original));
      if (rows) assert.deepEqual(rowSet(ours), rowSet(theirs), `${copy} has the rows of ../shared/${original}`);
      else assert.deepEqual(ours, theirs, `${copy} equals ../shared/${original}`);
    }
  });

  test('no test, benchmark, tool or script reads ../shared but for the recorded games and this comparison', () => {
    // Comments may cite ../shared (the protocol notes); code may not read it.
    // The benchmarks' middle-game positions come from the real games (bench/middle-game.ts); the two benchmarks name that folder in their usage.
    const allowed = new Set(['tests/data-copies.test.ts', 'tests/helpers/recorded-games.ts', 'bench/middle-game.ts', 'bench/search-speed.ts', 'bench/depth.ts']);
    const reads = /(['"`/])shared\/(perft|openings|games|protocols)|['"]shared['"]/;
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(rel);
        else if (/\.(ts|mjs|js)$/.test(entry.name) && !allowed.has(rel)) {
          const code = readFileSync(join(ROOT, rel), 'utf8').split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
          if (code.some((line) => reads.test(line))) offenders.push(rel);
        }
      }
    };
    for (const dir of ['tests', 'bench', 'tools', 'scripts']) walk(dir);
    assert.deepEqual(offenders, []);
  });
});
