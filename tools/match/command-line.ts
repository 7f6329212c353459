// The start of a command that reads options: its usage on --help, and on a bad option the
// error's message and the usage on standard error, exit code 2.

import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import { DraughtsError } from "../../bindings/core/errors.js";

type FlagOptions = NonNullable<ParseArgsConfig["options"]>;
type StrictConfig<O extends FlagOptions> = { args: string[]; strict: true; allowPositionals: false; options: O };

/** The flags of `argv` as `options` declares them (strict: no other flag, no positionals); `refuse` makes the error of one that is not. */
export function strictFlags<O extends FlagOptions>(argv: readonly string[], options: O, refuse: (message: string) => Error): ReturnType<typeof parseArgs<StrictConfig<O>>>["values"] {
  try {
    return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw refuse((error as Error).message.split("\n")[0]!);
  }
}

/** What `parse` makes of the command line; undefined when it asked for help (printed). Exits 2 on a bad option. */
export function commandOptions<T>(parse: (argv: readonly string[]) => T | "help", usage: string): T | undefined {
  let options: T | "help";
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof DraughtsError)) throw error;
    process.stderr.write(`${error.message}\n${usage}\n`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }
  return options;
}
