// The committed corpora: tests/corpus/<target>/, one input a file (valid inputs, the formats'
// edge cases, and every input a finding was fixed for). Read from the source tree, so that the
// built tests replay what is committed.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** tests/corpus in the source tree (this file runs from dist/tests/fuzz/guided/). */
export const CORPUS_ROOT = fileURLToPath(new URL("../../../../tests/corpus/", import.meta.url));

export function corpusDir(target: string): string {
  return join(CORPUS_ROOT, target);
}

/** The corpus of a target, by file name. */
export function readCorpus(target: string): Array<{ name: string; data: Buffer }> {
  const dir = corpusDir(target);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().map((name) => ({ name, data: readFileSync(join(dir, name)) }));
}

/** Writes an input under its hash; returns the file's path. */
export function saveInput(dir: string, data: Buffer, prefix = ""): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${prefix}${createHash("sha1").update(data).digest("hex").slice(0, 16)}`);
  writeFileSync(path, data);
  return path;
}
