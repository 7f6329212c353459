// A search limit out of range is refused in one sentence wherever it is given: the API's
// limits.depth, the command line's --depth and the Hub engine's depth= (version 2) or depth
// (version 1). The range is the core's: 1 to 64 plies (README, search); perft counts from 0.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Position, SearchError, Searcher } from "../bindings/index.js";
import { HubEngine } from "../bindings/protocols/hub-engine.js";
import type { SearchEngine } from "../bindings/search/search-engine.js";
import { runCli } from "./helpers/cli.js";

const SENTENCE = (name: string, value: string): string => `${name} must be a whole number from 1 to 64, not ${value}`;

/** The Hub engine's answer to each line; no search runs, so none is made. */
async function hubReplies(lines: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const engine = new HubEngine((line) => out.push(line), { name: "t", version: "0", createSearch: () => Promise.reject(new Error("no search in this test")) as Promise<SearchEngine> });
  for (const line of lines) await engine.line(line);
  await engine.close();
  return out;
}

describe("one wording for the depth limit", () => {
  const searcher = new Searcher();
  const start = Position.initial("english");

  for (const depth of [-3, 0, 65, 2.5]) {
    test(`depth ${depth}: the API, the command line and the Hub engine say the same`, async () => {
      assert.throws(() => searcher.search(start, { depth }), (e: unknown) => e instanceof SearchError && e.message === SENTENCE("limits.depth", String(depth)));
      const cli = runCli(["search", "--variant", "english", "--depth", String(depth)]);
      assert.equal(cli.code, 2);
      assert.equal(cli.stderr.trim(), `bitdraughts: ${SENTENCE("--depth", JSON.stringify(String(depth)))} (see bitdraughts --help)`);
      // Hub quotes a message with blanks and keeps no quote inside it (hub.md).
      assert.deepEqual(await hubReplies([`level depth=${depth}`]), [`error message="${SENTENCE("depth", String(depth))}"`]);
      assert.deepEqual(await hubReplies([`depth ${depth}`]), [`error ${SENTENCE("depth", JSON.stringify(String(depth)))}`], "version 1");
    });
  }

  test("nodes and lines are bounded alike: the sentence names the limit and its range", async () => {
    assert.throws(() => searcher.search(start, { nodes: 0 }), /^SearchError: limits.nodes must be a whole number from 1 to 9007199254740991, not 0$/);
    assert.throws(() => searcher.search(start, { multipv: 17 }), /limits.multipv must be a whole number from 1 to 16, not 17$/);
    assert.match(runCli(["search", "--variant", "english", "--nodes", "-5"]).stderr, /--nodes must be a whole number from 1 to 9007199254740991, not "-5"/);
    assert.deepEqual(await hubReplies(["level nodes=0"]), ['error message="nodes must be a whole number from 1 to 9007199254740991, not 0"']);
  });

  test("perft and the table count from depth 0: the same form, their own range", () => {
    const { code, stderr } = runCli(["perft", "--variant", "english", "--depth", "-1"]);
    assert.equal(code, 2);
    assert.match(stderr, /--depth must be a whole number from 0 to 64, not "-1"/);
    assert.match(runCli(["table", "--depth", "65"]).stderr, /--depth must be a whole number from 0 to 64, not "65"/);
  });
});
