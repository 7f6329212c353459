// `bitdraughts hub [--variant V] [--protocol 1|2]`: the engine speaking the Hub protocol on
// standard input and output, for Hub GUIs and match runners (bindings/protocols/hub-engine.ts).
// Nothing but protocol lines is written: Hub clients read standard error with standard output.

import { createInterface } from "node:readline";
import { HubEngine, HubVersion } from "../protocols/hub-engine.js";
import { createSearchEngine } from "../search/search-engine.js";
import { Options, UsageError, variantOf } from "./args.js";
import { packageVersion } from "./version.js";
import { whyNotSearched } from "../search/unsearched.js";
import { shippedBooks } from "./book-file.js";

export async function runHub(options: Options): Promise<void> {
  const variant = options.variant === undefined ? "international" : variantOf(options);
  const why = whyNotSearched(variant);
  if (why !== undefined) throw new UsageError(`hub: the search does not play ${variant}: ${why}`);
  const protocol = options.protocol ?? "2";
  if (protocol !== "1" && protocol !== "2") throw new UsageError(`--protocol must be 1 or 2, not ${JSON.stringify(protocol)}`);
  const engine = new HubEngine((line) => process.stdout.write(`${line}\n`), {
    name: "bitdraughts",
    version: packageVersion(),
    variant,
    protocol: Number(protocol) as HubVersion,
    // The package's books, those that read: a refused one is left out without a word, since
    // the client reads standard error as protocol lines.
    createSearch: (hash, database) => createSearchEngine({ hash, book: shippedBooks(), ...(database === undefined ? {} : { endgameDatabase: database }) }),
    // Nothing but protocol lines is written: a directory that cannot be read, or holds no file of
    // the variant, leaves the engine without a database rather than failing its init.
    openDatabase: async (v, dir, pieces) => {
      const { openDatabase } = await import("./egdb.js");
      const database = await openDatabase(v, dir, pieces).catch(() => undefined);
      return database !== undefined && database.slices.length > 0 ? { database } : {};
    },
    ...(options.egdb === undefined ? {} : { databaseDir: options.egdb }),
  });
  // A GUI that closed our output is gone: leave quietly rather than fail on the broken pipe.
  process.stdout.on("error", () => process.exit(0));
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of input) {
    if (!(await engine.line(line))) break;
  }
  // `quit`, or the end of the input (the GUI is gone): stop at once.
  input.close();
  await engine.close();
  process.stdin.destroy();
}
