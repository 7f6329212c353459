#!/usr/bin/env node
// The `bitdraughts` command. Other tools script against it, so its forms and JSON lines are
// kept exactly as documented in docs/cli.md; errors in the arguments exit with code 2 and one
// line. One file per command beside this one.

import { readFileSync } from "node:fs";
import "./node-core.js"; // the core and weights read from the package's files
import { DraughtsError } from "../core/errors.js";
import { USAGE, UsageError, allowOnly, optionsOf, parse } from "./args.js";

/** The package's version, from its package.json (two folders above dist/bindings/cli). */
function version(): string {
  const json = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
  return `bitdraughts ${json.version}`;
}

async function main(argv: string[]): Promise<number> {
  try {
    const { command, options, operands } = parse(argv);
    if (options.version === true || command === "version") {
      console.log(version());
      return 0;
    }
    if (options.help === true || command === "help") {
      console.log(USAGE);
      return 0;
    }
    // Each command takes the options its usage lines name (args.ts, FORMS), and its modules are
    // loaded when it runs: a process that searches one move should not read and compile the
    // PDN, perft, Hub and DXP code as well.
    if (command === "perft") return await (await import("./perft.js")).runPerft(options, operands);
    else if (command === "moves") await (await import("./moves.js")).runMoves(allowOnly(options, "moves", optionsOf("moves")));
    else if (command === "table") (await import("./table.js")).runTable(allowOnly(options, "table", optionsOf("table")));
    else if (command === "pdn") return (await import("./pdn.js")).runPdn(operands, allowOnly(options, "pdn", optionsOf("pdn check", "pdn fen")));
    else if (command === "search") await (await import("./search.js")).runSearch(allowOnly(options, "search", optionsOf("search")));
    else if (command === "play") await (await import("./play.js")).runPlay(allowOnly(options, "play", optionsOf("play")));
    else if (command === "hub") await (await import("./hub.js")).runHub(allowOnly(options, "hub", optionsOf("hub")));
    else if (command === "dxp") return await (await import("./dxp.js")).runDxp(allowOnly(options, "dxp", optionsOf("dxp --connect", "dxp --listen")));
    else if (command === "egdb") return await (await import("./egdb.js")).runEgdb(operands, options);
    else if (command === "book") return await (await import("./book.js")).runBook(operands, options);
    else if (command === "analyse") return (await import("./analyse.js")).runAnalyse(operands, allowOnly(options, "analyse", optionsOf("analyse")));
    else throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`bitdraughts: ${error.message} (see bitdraughts --help)`);
      return 2;
    }
    if (error instanceof DraughtsError) {
      console.error(`bitdraughts: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
