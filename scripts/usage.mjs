// Writes the command's usage (bindings/cli/args.ts, compiled in dist/) into the README's
// command-line block, so the README shows what the command accepts. Needs dist/.

import { usageBlock, writeBlock } from "./readme-block.mjs";

const { USAGE } = await import("../dist/bindings/cli/args.js");
console.log(writeBlock("usage", usageBlock(USAGE)) ? "README.md: usage block written" : "README.md: usage block already up to date");
