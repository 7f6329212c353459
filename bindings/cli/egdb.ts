// `bitdraughts egdb build|probe|verify`: endgame databases in a directory, one file a slice
// (docs/endgame-databases.md).

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DraughtsError } from "../core/errors.js";
import { Position } from "../core/position.js";
import { type VariantName, variantInfo } from "../core/variant.js";
import { type BuildOptions, type EndgameDatabase, buildEndgameDatabase, loadEndgameDatabase } from "../egdb/database.js";
import { buildOnThreads } from "../egdb/parallel.js";
import { DATABASE_VARIANTS, databaseVariantId, sliceOfFileName } from "../egdb/slices.js";
import { type Options, UsageError, allowOnly, optionsOf, variantOf } from "./args.js";
import { buildBar } from "./progress-bar.js";

const DEFAULT_DIR = "egdb";

export async function runEgdb(operands: string[], options: Options): Promise<number> {
  const action = operands[0];
  if (action === "build") return await build(allowOnly(options, "egdb build", optionsOf("egdb build")));
  if (action === "probe") return await probe(allowOnly(options, "egdb probe", optionsOf("egdb probe")));
  if (action === "verify") return await verify(allowOnly(options, "egdb verify", optionsOf("egdb verify")));
  throw new UsageError(action === undefined ? "egdb needs an action: build, probe or verify" : `unknown egdb action ${JSON.stringify(action)} (build, probe or verify)`);
}

/** The variant, refused here when it has no databases. */
function databaseVariant(options: Options): VariantName {
  const variant = variantOf(options);
  try {
    databaseVariantId(variant);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return variant;
}

/**
 * The database `--egdb DIR` names for a search of `variant` (undefined without the option);
 * refused files are named on standard error unless `quiet`.
 */
export async function searchDatabaseOf(options: Options, variant: VariantName, quiet = false): Promise<EndgameDatabase | undefined> {
  const dir = options.egdb;
  if (dir === undefined) return undefined;
  const database = await openDatabase(variant, dir);
  if (!quiet) for (const { name, reason } of database.refused) process.stderr.write(`--egdb: ${name} left out: ${reason}\n`);
  if (database.slices.length === 0) throw new UsageError(`--egdb: no ${variant} endgame database file in ${dir} (bitdraughts egdb build --variant ${variant} --pieces N --dir ${dir})`);
  return database;
}

/** The database of `variant` in `dir` (at most `pieces` pieces), its errors as usage errors. */
export async function openDatabase(variant: VariantName, dir: string, pieces?: number): Promise<EndgameDatabase> {
  try {
    databaseVariantId(variant);
    return await loadEndgameDatabase(variant, dir, pieces === undefined ? {} : { pieces });
  } catch (error) {
    if (error instanceof DraughtsError) throw new UsageError(`--egdb: ${error.message}`);
    throw error;
  }
}

function piecesOf(options: Options): number {
  if (options.pieces === undefined) throw new UsageError("--pieces is required");
  if (!/^[2-8]$/.test(options.pieces)) throw new UsageError(`--pieces must be a whole number from 2 to 8, not ${JSON.stringify(options.pieces)}`);
  return Number(options.pieces);
}

function threadsOf(options: Options): number {
  if (options.threads === undefined) return 1;
  if (!/^\d{1,2}$/.test(options.threads) || Number(options.threads) < 1) throw new UsageError(`--threads must be a whole number from 1 to 64, not ${JSON.stringify(options.threads)}`);
  return Number(options.threads);
}

async function build(options: Options): Promise<number> {
  const variant = databaseVariant(options);
  const pieces = piecesOf(options);
  const threads = threadsOf(options);
  const dir = options.dir ?? DEFAULT_DIR;
  mkdirSync(dir, { recursive: true });
  const bar = buildBar(`${variant} ${pieces} pieces`);
  const started = performance.now();
  let built = 0;
  let loaded = 0;
  let bytes = 0;
  try {
    const settings: BuildOptions = {
      pieces,
      existing: (name) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : undefined),
      // Written under another name first: a build stopped half-way leaves no half file behind.
      write: (name, file) => {
        writeFileSync(join(dir, `${name}.part`), file);
        renameSync(join(dir, `${name}.part`), join(dir, name));
        built++;
        bytes += file.length;
      },
      progress: (p) => {
        if (p.loaded) loaded += p.slices.length;
        bar.update(p.done, p.total, p.slices.join(" "));
      },
    };
    const database = threads > 1 ? await buildOnThreads(variant, threads, settings) : await buildEndgameDatabase(variant, settings);
    bar.stop();
    reportRefused(database);
  } finally {
    bar.stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${variant} up to ${pieces} pieces in ${dir}: ${built} slices built (${bytes} bytes), ${loaded} loaded from an earlier build, ${seconds} s on ${threads} thread${threads === 1 ? "" : "s"}`);
  return 0;
}

async function probe(options: Options): Promise<number> {
  const variant = databaseVariant(options);
  if (options.fen === undefined) throw new UsageError("--fen is required");
  const position = Position.fromFen(variant, options.fen);
  const database = await loadEndgameDatabase(variant, options.dir ?? DEFAULT_DIR);
  reportRefused(database);
  const value = database.probe(position);
  if (value === undefined) {
    console.error(`bitdraughts: the database in ${options.dir ?? DEFAULT_DIR} has no slice for ${position.toFen()}`);
    return 1;
  }
  // A king ending says how far its deciding capture is (the search plays it by that).
  const distance = value === "draw" ? undefined : database.distance(position);
  console.log(distance === undefined ? value : `${value}, capture in ${distance.plies} ${distance.plies === 1 ? "ply" : "plies"}`);
  return 0;
}

async function verify(options: Options): Promise<number> {
  const dir = options.dir ?? DEFAULT_DIR;
  const variants = options.variant !== undefined ? [databaseVariant(options)] : variantsIn(dir);
  if (variants.length === 0) throw new UsageError(`no endgame database files in ${JSON.stringify(dir)}`);
  let bad = 0;
  for (const variant of variants) {
    const database = await loadEndgameDatabase(variant, dir);
    bad += reportRefused(database);
    for (const result of database.verify()) {
      if ("incomplete" in result) {
        console.log(`${variant} ${result.slice}: cannot be checked, a slice it leads to is missing`);
        bad++;
      } else if (result.wrong !== 0) {
        console.log(`${variant} ${result.slice}: ${result.wrong} positions disagree with their moves`);
        bad++;
      }
    }
    console.log(`${variant}: ${database.slices.length} slices checked, ${database.refused.length} refused`);
  }
  return bad === 0 ? 0 : 1;
}

function variantsIn(dir: string): VariantName[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new UsageError(`cannot read ${JSON.stringify(dir)}: ${(error as Error).message}`);
  }
  return DATABASE_VARIANTS.filter((variant) => names.some((name) => sliceOfFileName(variantInfo(variant).name, name) !== undefined));
}

/** Lists the refused files on stderr; returns how many. */
function reportRefused(database: EndgameDatabase): number {
  for (const { reason } of database.refused) console.error(`bitdraughts: refused ${reason}`);
  return database.refused.length;
}
