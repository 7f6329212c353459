// Blocks of the README that a script writes and nobody edits: the text between
// `<!-- NAME: written by SCRIPT -->` and `<!-- /NAME -->`. Tests read them back to check that
// they still say what the code says.

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const README = fileURLToPath(new URL("../README.md", import.meta.url));

const pattern = (name) => new RegExp(`(<!-- ${name}: written by [^>]*-->\\n)([\\s\\S]*?)(<!-- /${name} -->)`);

/** The block's text, or an error naming the block when the README has none. */
export function readBlock(text, name) {
  const match = pattern(name).exec(text);
  if (match === null) throw new Error(`README.md has no block "${name}" (<!-- ${name}: written by … --> … <!-- /${name} -->)`);
  return match[2];
}

/** Writes `content` into the README's block `name`; says whether the README changed. */
export function writeBlock(name, content) {
  const text = readFileSync(README, "utf8");
  readBlock(text, name);
  const next = text.replace(pattern(name), (_, open, _old, close) => `${open}${content.endsWith("\n") ? content : `${content}\n`}${close}`);
  if (next === text) return false;
  writeFileSync(README, next);
  return true;
}

/** The README's command-line block: the usage's `bitdraughts …` lines, unindented, in a ```sh block. */
export function usageBlock(usage) {
  const lines = usage.split("\n").filter((line) => line.startsWith("  bitdraughts ")).map((line) => line.trim());
  return `\`\`\`sh\n${lines.join("\n")}\n\`\`\`\n`;
}
