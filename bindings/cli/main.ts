#!/usr/bin/env node
// The `bitdraughts` command. Other tools script against it, so its forms and JSON lines are
// kept exactly as documented in the README; errors in the arguments exit with code 2 and one
// line. One file per command beside this one.

import { readFileSync } from "node:fs";
import "../core/inline-core.js"; // the core inlined: the command runs on every Node 20
import { DraughtsError } from "../core/errors.js";
import { USAGE, UsageError, allowOnly, optionsOf, parse } from "./args.js";
import { runAnalyse } from "./analyse.js";
import { runDxp } from "./dxp.js";
import { runHub } from "./hub.js";
import { runMoves } from "./moves.js";
import { runPdn } from "./pdn.js";
import { runPerft } from "./perft.js";
import { runPlay } from "./play.js";
import { runSearch } from "./search.js";
import { runTable } from "./table.js";

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
    // Each command takes the options its usage lines name (args.ts, FORMS).
    if (command === "perft") return await runPerft(options, operands);
    else if (command === "moves") await runMoves(allowOnly(options, "moves", optionsOf("moves")));
    else if (command === "table") runTable(allowOnly(options, "table", optionsOf("table")));
    else if (command === "pdn") return runPdn(operands, allowOnly(options, "pdn", optionsOf("pdn check", "pdn fen")));
    else if (command === "search") runSearch(allowOnly(options, "search", optionsOf("search")));
    else if (command === "play") await runPlay(allowOnly(options, "play", optionsOf("play")));
    else if (command === "hub") await runHub(allowOnly(options, "hub", optionsOf("hub")));
    else if (command === "dxp") return await runDxp(allowOnly(options, "dxp", optionsOf("dxp --connect", "dxp --listen")));
    else if (command === "analyse") return runAnalyse(operands, allowOnly(options, "analyse", optionsOf("analyse")));
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
