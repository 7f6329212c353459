// The package's name and version as engines announce them (Hub's `id`, DXP's names).

import { readFileSync } from "node:fs";

/** The version in package.json (three folders above dist/bindings/cli). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
