// The endgame database a page supplies to the Hub worker (docs/hub-worker.md "Endgame
// databases"): the variant's slice files, fetched from a folder's address up to `bb-size`
// pieces, as `bitdraughts egdb build` writes them.

import { EndgameDatabase } from "../egdb/database.js";
import { EndgameDatabaseError } from "../egdb/format.js";
import { DATABASE_VARIANTS, buildOrder, fileName, pairOf, pieceCount } from "../egdb/slices.js";
import type { VariantName } from "../core/variant.js";
import type { OpenedDatabase } from "../protocols/hub-engine.js";
import { HubError } from "../protocols/hub-text.js";

/** Whether `variant` has endgame databases (the full core probes them; the small cores cannot). */
export function hasDatabases(variant: VariantName): boolean {
  return (DATABASE_VARIANTS as readonly string[]).includes(variant);
}

/** The folder an `egdb-dir` value names, resolved against the worker script's address. */
export function databaseFolder(dir: string, scriptHref: string): URL {
  return new URL(dir.endsWith("/") ? dir : `${dir}/`, scriptHref);
}

/**
 * The database of `variant` under `folder`, slices of 2 up to `pieces` pieces, fetched a piece
 * count at a time. The slices stop at the first piece count with none of its files there (a
 * page may serve fewer pieces than it asks for: noted); a count with some of its files missing,
 * a file that cannot be fetched, or one that is damaged or foreign is a HubError naming it.
 */
export async function fetchDatabase(variant: VariantName, folder: URL, pieces: number): Promise<OpenedDatabase> {
  if (!hasDatabases(variant)) return { note: `${variant} has no endgame databases (${DATABASE_VARIANTS.join(", ")} have), the search runs without one` };
  const refuse = (why: string): HubError => new HubError(`endgame database under ${folder.href}: ${why}`);
  const database = await EndgameDatabase.create(variant);
  let held = 0;
  for (let n = 2; n <= pieces; n++) {
    const names = buildOrder(n).flat().filter((s) => pieceCount(s) === n).flatMap(pairOf).map((s) => fileName(variant, s));
    const files = await Promise.all(names.map(async (name) => ({ name, bytes: await fetchSlice(new URL(name, folder), refuse) })));
    const missing = files.filter((f) => f.bytes === undefined).map((f) => f.name);
    if (missing.length === files.length) {
      if (n === 2) return { note: `no ${variant} endgame database under ${folder.href} (${names[0]} is not there), the search runs without one` };
      break;
    }
    if (missing.length > 0) throw refuse(`${missing.join(", ")} not found (HTTP 404), where the other slices of ${n} pieces are`);
    for (const { name, bytes } of files) {
      try {
        database.add(bytes!, name, true);
      } catch (error) {
        if (error instanceof EndgameDatabaseError) throw refuse(error.message);
        throw error;
      }
    }
    held = n;
  }
  const fewer = held < pieces ? `; ${held + 1}-piece slices are not there` : "";
  return { database, note: `${variant} endgame database, ${database.slices.length} slices up to ${held} pieces from ${folder.href}${fewer}` };
}

/** A slice file's bytes; undefined when the server has none (404). */
async function fetchSlice(url: URL, refuse: (why: string) => HubError): Promise<Uint8Array | undefined> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw refuse(`cannot fetch ${url.pathname.split("/").pop()}: ${(error as Error).message}`);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw refuse(`${url.pathname.split("/").pop()}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
