// Training's commands run their main only when started as a command, not when a test imports
// them; a failure (a bad file, too little data) prints the message after the command's name,
// without a stack trace, and exits 1.

import { resolve } from "node:path";

export async function runAsCommand(moduleUrl: string, name: string, main: () => Promise<void>): Promise<void> {
  if (process.argv[1] === undefined || moduleUrl !== new URL(`file://${resolve(process.argv[1])}`).href) return;
  try {
    await main();
  } catch (error) {
    process.stderr.write(`${name}: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
