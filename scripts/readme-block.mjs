// Blocks of the documentation that a script writes and nobody edits: the text between
// `<!-- NAME: written by SCRIPT -->` and `<!-- /NAME -->`, each in its own file (BLOCK_FILES).
// Tests read them back to check that they still say what the code says.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where each block stands, from the repository's root. */
export const BLOCK_FILES = { usage: "docs/cli.md", sizes: "docs/guide.md", "hub-worker": "docs/hub-worker.md" };

const ROOT = fileURLToPath(new URL("../", import.meta.url));

const pattern = (name) => new RegExp(`(<!-- ${name}: written by [^>]*-->\\n)([\\s\\S]*?)(<!-- /${name} -->)`);

/** The block's text, or an error naming the block and the file when the file has none. */
export function readBlock(text, name, file = BLOCK_FILES[name] ?? "the text") {
  const match = pattern(name).exec(text);
  if (match === null) throw new Error(`${file} has no block "${name}" (<!-- ${name}: written by … --> … <!-- /${name} -->)`);
  return match[2];
}

/** Writes `content` into the block `name` (in its file, BLOCK_FILES); says whether the file changed. */
export function writeBlock(name, content) {
  const file = `${ROOT}${BLOCK_FILES[name]}`;
  const text = readFileSync(file, "utf8");
  readBlock(text, name);
  const next = text.replace(pattern(name), (_, open, _old, close) => `${open}${content.endsWith("\n") ? content : `${content}\n`}${close}`);
  if (next === text) return false;
  writeFileSync(file, next);
  return true;
}

/** The command-line block: the usage's `bitdraughts …` lines, unindented, in a ```sh block. */
export function usageBlock(usage) {
  const lines = usage.split("\n").filter((line) => line.startsWith("  bitdraughts ")).map((line) => line.trim());
  return `\`\`\`sh\n${lines.join("\n")}\n\`\`\`\n`;
}
