// The weight files that come with the package, one per board family (weights/ in the package,
// copied beside the compiled binding), as an entry provides them: the inlined entry decodes its
// embedded copies, the lean entry fetches a family's file when asked (loadWeights), and in Node
// any entry reads them from disk. A family with no file evaluates with the hand-written terms.

import { nodeFs } from "../core/loader.js";
import { VariantName, variantInfo } from "../core/variant.js";
import { EvalWeights, FAMILY_NAMES, WeightsError, parseWeights, weightFamiliesOf } from "./weights.js";

/** Where weight files come from (provideWeights): each family's bytes, or none. */
export interface WeightSource {
  /** The bytes of a family's file, or undefined when this entry has none. */
  bytes(family: number): Uint8Array | undefined;
}

/**
 * The families the package ships a weight file for: those whose learned evaluation beat the
 * hand-written one in a match (bench/RESULTS.md, "What the evaluation is worth"). The first
 * 10×10 fits did not (−71 ± 59, then −7 ± 33 at 100 ms); the one fitted to the search scores
 * of its self-play (2026-12-02) did. Antidraughts' and breakthrough's fitted terms (files of terms
 * only) beat their hand-set ones by SPRT (+140 ± 48 and +65 ± 29 at 100 000 nodes a move);
 * turkish's first fit, from 300 games, did not (−44 ± 50). On 2026-12-03 frisian's fitted terms
 * beat 10×10's values it started from by +374 ± 165, canadian's its hand-set ones by +115 ± 40,
 * and turkish's, from 2000 games, its hand-set ones by +186 ± 58: every family has a file.
 */
export const SHIPPED_FAMILIES: readonly number[] = Object.freeze([0, 1, 2, 3, 4, 5, 6, 7]);

const sources: WeightSource[] = [];
const parsed = new Map<number, EvalWeights | null>();

/** Adds a source of weight files, ahead of the earlier ones (the entries call this; so does loadWeights). */
export function provideWeights(source: WeightSource): void {
  sources.unshift(source);
  parsed.clear();
}

/** In Node: the file beside the compiled binding (dist/bindings/weights/). */
function fromDisk(family: number): Uint8Array | undefined {
  const fs = nodeFs();
  if (fs === undefined || !SHIPPED_FAMILIES.includes(family)) return undefined;
  // Not a literal `new URL("…", import.meta.url)`: bundlers would copy every file into pages.
  const url = new URL(["..", "weights", weightFileName(family)].join("/"), import.meta.url);
  return url.protocol === "file:" && fs.existsSync(url) ? new Uint8Array(fs.readFileSync(url)) : undefined;
}

/** The bytes of a family's shipped file, from the first source that has it; undefined when none does. */
export function shippedBytes(family: number): Uint8Array | undefined {
  for (const source of sources) {
    const bytes = source.bytes(family);
    if (bytes !== undefined) return bytes;
  }
  return fromDisk(family);
}

/** The shipped weights of a family, checked once; undefined when no source has them. */
export function shippedWeights(family: number): EvalWeights | undefined {
  if (!parsed.has(family)) {
    const bytes = shippedBytes(family);
    parsed.set(family, bytes === undefined ? null : parseWeights(bytes));
  }
  return parsed.get(family) ?? undefined;
}

/**
 * The shipped files the entry provides (inlined or fetched), by family: what a page posts to its
 * search worker, whose bundle carries none. (In Node the worker reads them from disk itself.)
 */
export function shippedFiles(): Record<number, Uint8Array> {
  const files: Record<number, Uint8Array> = {};
  for (let family = 0; family < FAMILY_NAMES.length; family++) {
    for (const source of sources) {
      const bytes = source.bytes(family);
      if (bytes !== undefined) {
        files[family] = bytes;
        break;
      }
    }
  }
  return files;
}

/**
 * Makes sure the learned weights of the family `variant` plays in are at hand: the inlined entry
 * and Node have them already; the lean entry in a browser fetches the family's file from `base`
 * (default: the weights/ folder beside the package's compiled binding; a bundled page passes the
 * URL where it serves the files) and keeps it for every search from then on. A page that never
 * calls this searches with the hand-written evaluation, as every search does in a family the
 * package has no file for (SHIPPED_FAMILIES): there it returns at once.
 */
export async function loadWeights(variant: VariantName, base?: string | URL): Promise<void> {
  variantInfo(variant);
  // Frisian reads two families: its terms and 10×10's patterns.
  for (const family of weightFamiliesOf(variant)) {
    if (!SHIPPED_FAMILIES.includes(family) || shippedBytes(family) !== undefined) continue;
    // Not a literal `new URL("…", import.meta.url)`: bundlers would copy the folder into pages.
    const folder = base === undefined ? new URL(["..", "weights", ""].join("/"), import.meta.url) : new URL(String(base), globalThis.location?.href);
    const url = new URL(weightFileName(family), folder);
    const response = await fetch(url);
    if (!response.ok) throw new WeightsError(`could not fetch ${url.href}: ${response.status} ${response.statusText}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    parseWeights(bytes);
    provideWeights({ bytes: (f) => (f === family ? bytes : undefined) });
  }
}

/** The file name of a family's shipped weights (in the package's weights/ folder). */
export function weightFileName(family: number): string {
  return `${FAMILY_NAMES[family]}.bdw`;
}
