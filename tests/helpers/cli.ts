// The command line as the tests start it: the built entry, run by this Node, and the check every
// command makes of bad arguments (exit code 2, nothing on standard output, one line on standard error).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

export const CLI = fileURLToPath(new URL("../../bindings/cli/main.js", import.meta.url));

/** Runs `bitdraughts ARGS` to its end, with `input` on standard input. */
export function runCli(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** One test per case: `bitdraughts ARGS` exits with code 2 and one line on standard error matching its pattern. */
export function badArgumentTests(cases: ReadonlyArray<readonly [name: string, args: string[], message: RegExp]>): void {
  for (const [name, args, message] of cases) {
    test(`${name}: exit code 2 and one line`, () => {
      const { code, stdout, stderr } = runCli(args);
      assert.equal(code, 2);
      assert.equal(stdout, "");
      assert.equal(stderr.trim().split("\n").length, 1);
      assert.match(stderr, message);
    });
  }
}
