#!/usr/bin/env node
// The `bitdraughts` command. Other tools script against it, so its forms and JSON lines are
// kept exactly as documented in the README; errors in the arguments exit with code 2 and one
// line. One file per command beside this one.

import { readFileSync } from "node:fs";
import "../core/inline-core.js"; // the core inlined: the command runs on every Node 20
import { DraughtsError } from "../core/errors.js";
import { USAGE, UsageError, allowOnly, parse } from "./args.js";
import { runAnalyse } from "./analyse.js";
import { runDxp } from "./dxp.js";
import { runEgdb } from "./egdb.js";
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

const SEARCH_OPTIONS = ["variant", "fen", "moves", "depth", "movetime", "nodes", "multipv", "level", "optional-capture", "json"] as const;
const PLAY_OPTIONS = ["variant", "level", "color", "fen", "optional-capture"] as const;
const ANALYSE_OPTIONS = ["movetime", "depth", "nodes", "level", "variant", "optional-capture", "output"] as const;

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
    if (command === "perft") return await runPerft(options, operands);
    else if (command === "moves") await runMoves(options);
    else if (command === "table") runTable(options);
    else if (command === "pdn") return runPdn(operands, options);
    else if (command === "search") runSearch(allowOnly(options, "search", SEARCH_OPTIONS));
    else if (command === "play") await runPlay(allowOnly(options, "play", PLAY_OPTIONS));
    else if (command === "hub") await runHub(allowOnly(options, "hub", ["variant", "protocol"]));
    else if (command === "dxp") return await runDxp(allowOnly(options, "dxp", ["connect", "listen", "games", "time", "moves", "level", "variant", "pdn"]));
    else if (command === "egdb") return await runEgdb(operands, options);
    else if (command === "analyse") return runAnalyse(operands, allowOnly(options, "analyse", ANALYSE_OPTIONS));
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
