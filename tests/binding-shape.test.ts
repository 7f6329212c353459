// The binding's shape, read from its sources: no module imports itself back through others (an
// import cycle makes the order in which modules run depend on which one is imported first), the
// opening book sits below the search (the search answers from books; building a book, which
// searches its leaves, is the command line's), and no file is over 600 lines.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BINDINGS = join(ROOT, 'bindings');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** The modules of bindings/ (paths from bindings/) and the modules of bindings/ each imports, type-only imports and re-exports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(BINDINGS)) {
    const text = readFileSync(file, 'utf8');
    const imported = [...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"/gm)]
      .map((m) => resolve(dirname(file), m[1] ?? m[2]!).replace(/\.js$/, '.ts'))
      .filter((path) => path.startsWith(BINDINGS) && path.endsWith('.ts'));
    graph.set(relative(BINDINGS, file), imported.map((path) => relative(BINDINGS, path)));
  }
  return graph;
}

/** Every cycle a depth-first walk meets, each as the modules around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (module: string): void => {
    state.set(module, 'open');
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (state.get(next) === undefined && graph.has(next)) visit(next);
    }
    path.pop();
    state.set(module, 'done');
  };
  for (const module of graph.keys()) if (state.get(module) === undefined) visit(module);
  return found;
}

const folderOf = (module: string): string => dirname(module);

describe("the binding's shape", () => {
  const graph = importGraph();

  test('the reader finds the imports (a module known to import others does)', () => {
    assert.ok(graph.size > 100, `${graph.size} modules`);
    assert.ok(graph.get('search/searcher.ts')!.includes('search/request.ts'));
    assert.ok(graph.get('search/search-engine.ts')!.includes('search/searcher.ts'));
    // The cycle finder finds a cycle where there is one.
    assert.deepEqual(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]])), [['a', 'b', 'c', 'a']]);
  });

  test('no import cycle between its modules', () => {
    assert.deepEqual(cycles(graph).map((c) => c.join(' → ')), []);
  });

  test('the book is below the search: book/ imports nothing of search/', () => {
    const upward = [...graph].flatMap(([module, imported]) => (folderOf(module) === 'book' ? imported.filter((m) => folderOf(m) === 'search').map((m) => `${module} → ${m}`) : []));
    assert.deepEqual(upward, []);
    assert.ok([...graph].some(([module, imported]) => folderOf(module) === 'search' && imported.some((m) => folderOf(m) === 'book')), 'the search answers from books');
  });

  test('no file of bindings/ is over 600 lines', () => {
    const long = sources(BINDINGS).map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > 600);
    assert.deepEqual(long, []);
  });
});
