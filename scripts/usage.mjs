// Writes the command's usage (bindings/cli/args.ts, compiled in dist/) into the
// command-line block of docs/cli.md, so the documentation shows what the command accepts. Needs dist/.

import { BLOCK_FILES, usageBlock, writeBlock } from "./readme-block.mjs";

const { USAGE } = await import("../dist/bindings/cli/args.js");
console.log(writeBlock("usage", usageBlock(USAGE)) ? `${BLOCK_FILES.usage}: usage block written` : `${BLOCK_FILES.usage}: usage block already up to date`);
