// The modules a source tree imports, read from the files themselves: for the checks that the
// binding and the core import one another without a cycle (contract.test.ts), and that the
// core's folders stand in layers (core-layers.test.ts); and the files of a tree too long to read.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The files under `dir` whose names end with `kind` (a declaration `.d.ts` counts only when `kind` is `.d.ts`). */
export function compiled(dir: string, kind: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return compiled(path, kind);
    return entry.name.endsWith(kind) && (kind === '.d.ts' || !entry.name.endsWith('.d.ts')) ? [path] : [];
  });
}

/** The longest a source file of assembly/ or bindings/ may be. */
export const MAX_LINES = 600;

/** The sources under `dir` (TypeScript, declarations aside) over MAX_LINES, each as `path: N lines`. */
export function longFiles(dir: string): string[] {
  return compiled(dir, '.ts').flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > MAX_LINES ? [`${relative(dir, file)}: ${lines} lines`] : [];
  });
}

/** The core modules an AssemblyScript source imports or re-exports from (its paths carry no extension). */
export function coreImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statement = /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/gm;
  return [...text.matchAll(statement)].map((match) => `${resolve(dirname(file), match[1]!)}.ts`);
}

/** A cycle of the graph, as the modules along it (the first repeated at the end), or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return undefined;
    path.push(node);
    onPath.add(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}
