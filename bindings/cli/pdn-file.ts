// A PDN file as `pdn check`, `pdn fen` and `analyse` read it, so that they agree on what is
// no game at all: an empty file, one without a game, a binary file.

import { readFileSync } from "node:fs";
import { DraughtsError } from "../core/errors.js";
import { type PdnEntry, type ReadPdnOptions, readPdn } from "../pdn/read.js";
import { UsageError } from "./args.js";

/** A file that holds no game to read. */
export class NoGameError extends DraughtsError {
  override name = "NoGameError";
}

/** The games of `file` (- for standard input); a file that cannot be opened is a UsageError, one without a game a NoGameError. */
export function readPdnFile(file: string, options: ReadPdnOptions): PdnEntry[] {
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const where = file === "-" ? "standard input" : file;
  // PDN is text: a NUL byte says the file is something else (and its bytes are not echoed).
  const nul = text.indexOf("\u0000");
  if (nul >= 0) throw new NoGameError(`no game found in ${where}: it is not text (a NUL byte on line ${lineAt(text, nul)})`);
  const games = readPdn(text, options);
  if (games.length === 0) throw new NoGameError(`no game found in ${where}`);
  return games;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
