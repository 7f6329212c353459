// bitdraughts/hub-worker's script: the Hub engine (protocols/hub-engine.ts, the one the stdio
// `bitdraughts hub` runs) behind postMessage. A page posts Hub lines as strings and hears Hub
// lines back, as analysis pages talk to a WebAssembly Hub engine in a worker:
//
//   const hub = new Worker("bitdraughts-hub.js", { type: "module" });
//   hub.onmessage = (e) => console.log(e.data);   // "id name=bitdraughts …", "info depth=1 mean-depth=1.0 …"
//   for (const line of ["hub", "set-param name=variant value=normal", "init", "pos …", "level infinite", "go analyze"]) hub.postMessage(line);
//
// The variant's small core (bitdraughts-<core>.wasm) and its family's weights (weights/<family>.bdw)
// are fetched from beside the script, or from the folder `?base=…` in its address names, once the
// variant is known (at `init`, `pos` or `go`). The search runs in a second worker started from
// this same script (its address with `#search`), so that `stop` is read while it thinks: with
// cross-origin isolation the two share a stop flag; without, the search worker is ended and the
// move comes from the last report. Either way `done` follows `stop` at once.
//
// Endgame databases come from the folder `?egdb=…` names (resolved against the script's
// address; the `egdb-dir` parameter can name another): its slice files are fetched at `init`
// up to `bb-size` pieces, and the variants that have databases are then played on the full core
// (bitdraughts.wasm, fetched from the cores' folder), since only it can probe them. Without
// `?egdb=` the worker fetches no database, plays on the small core, and `bb-size` is noted.

import { coreFileOf } from "../core/builds.js";
import { compileCore, init } from "../core/loader.js";
import type { VariantName } from "../core/variant.js";
import { loadWeights } from "../eval/shipped.js";
import { HubEngine } from "../protocols/hub-engine.js";
import { createSearchEngine } from "../search/search-engine.js";
import { VERSION } from "../version.js";
import { databaseFolder, fetchDatabase, hasDatabases } from "./database.js";

/** The fragment that starts this script as the search worker. */
const SEARCH_ROLE = "#search";
/** The full core, which alone can probe endgame databases. */
const FULL_CORE = "bitdraughts.wasm";

interface WorkerScope {
  readonly location: { readonly href: string; readonly hash: string };
  postMessage(message: unknown): void;
  addEventListener(type: "message", handler: (event: MessageEvent) => void): void;
  close(): void;
}

const scope = globalThis as unknown as WorkerScope & { WorkerGlobalScope?: unknown };

if (scope.WorkerGlobalScope !== undefined) {
  if (scope.location.hash === SEARCH_ROLE) void import("../search/worker.js");
  else serveHub(scope);
}

/** Where the cores and weights are: `?base=` in the script's address, else the script's folder. */
function filesBase(href: string): URL {
  const base = new URL(href).searchParams.get("base");
  return new URL(base ?? ".", href);
}

function serveHub(scope: WorkerScope): void {
  const href = scope.location.href;
  const base = filesBase(href);
  // `?egdb=`: the page supplies endgame databases (docs/hub-worker.md).
  const egdb = new URL(href).searchParams.get("egdb");
  const searchUrl = new URL(href);
  searchUrl.hash = SEARCH_ROLE;
  const full = (variant: VariantName): boolean => egdb !== null && hasDatabases(variant);
  const engine = new HubEngine((line) => scope.postMessage(line), {
    name: "bitdraughts",
    version: VERSION,
    createSearch: (hash, database, variant) => createSearchEngine({ hash, workerUrl: searchUrl, variants: [variant], ...(database === undefined ? {} : { endgameDatabase: database }) }),
    prepare: (variant) => prepare(variant, base, full(variant)),
    coreOf: (variant) => (full(variant) ? FULL_CORE : coreFileOf(variant)),
    ...(egdb === null ? {} : {
      openDatabase: (variant, dir, pieces) => fetchDatabase(variant, databaseFolder(dir, href), pieces),
      databaseDir: databaseFolder(egdb, href).href,
    }),
  });
  // Lines are handled one after another, as stdin's are: a `go` returns once its search has
  // started, so a `stop` after it is read while the search runs.
  const queue: string[] = [];
  let pumping = false;
  let open = true;
  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    while (open && queue.length > 0) {
      if (!(await engine.line(queue.shift()!))) {
        open = false;
        await engine.close();
        scope.close();
      }
    }
    pumping = false;
  };
  scope.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      queue.push(""); // answered like an empty line: `error message="missing command"`
    } else {
      // A message may hold several lines, as a pipe would.
      for (const line of event.data.split(/\r?\n/)) if (line.trim().length > 0 || !event.data.includes("\n")) queue.push(line);
    }
    void pump();
  });
}

/** The full core, compiled once. */
let fullCore: Promise<WebAssembly.Module> | undefined;
/** The full core is the default engine: init(module) makes a new instance, so it is called only to switch to it. */
let fullIsDefault = false;

/** Makes `variant`'s core (or the full one) the default, fetched the first time, and fetches its family's weights. */
async function prepare(variant: VariantName, base: URL, full: boolean): Promise<void> {
  if (full && !fullIsDefault) {
    fullCore ??= compileCore(new URL(FULL_CORE, base));
    // A core that failed to come is fetched again at the next try.
    await init(await fullCore.catch((error: unknown) => {
      fullCore = undefined;
      throw error;
    }));
    fullIsDefault = true;
  } else if (!full) {
    await init({ variants: [variant], base });
    fullIsDefault = false;
  }
  await loadWeights(variant, new URL("weights/", base));
}
