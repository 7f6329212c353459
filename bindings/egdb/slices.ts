// Slices (docs/endgame-databases.md "Slices"): `abcd` holds a men and b kings of the side to
// move against c men and d kings; the order in which pairs of them are built.

import { VariantError } from "../core/errors.js";
import { type VariantName, variantInfo } from "../core/variant.js";

export interface Slice {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/** Pieces of one kind and side a slice may hold (assembly/egdb/index-scheme.ts MAX_GROUP). */
export const MAX_GROUP = 7;

export function sliceName(slice: Slice): string {
  return `${slice.a}${slice.b}${slice.c}${slice.d}`;
}

/** The core's key of a slice (assembly/egdb/index-scheme.ts sliceKey). */
export function sliceKey(slice: Slice): number {
  return slice.a | (slice.b << 3) | (slice.c << 6) | (slice.d << 9);
}

/** The slice the other side to move sees: `cdab`. */
export function mirrorOf(slice: Slice): Slice {
  return { a: slice.c, b: slice.d, c: slice.a, d: slice.b };
}

export function pieceCount(slice: Slice): number {
  return slice.a + slice.b + slice.c + slice.d;
}

/**
 * The pairs to build up to `pieces` pieces, each named by its first slice (`ab` ≤ `cd`), in
 * groups whose pairs do not depend on one another: by piece count, then by men, fewest first.
 */
export function buildOrder(pieces: number): Slice[][] {
  const groups: Slice[][] = [];
  for (let n = 2; n <= pieces; n++) {
    for (let men = 0; men <= n; men++) {
      const group: Slice[] = [];
      for (let a = 0; a <= Math.min(men, MAX_GROUP); a++) {
        const c = men - a;
        for (let b = 0; b <= n - men; b++) {
          const d = n - men - b;
          if (c > MAX_GROUP || b > MAX_GROUP || d > MAX_GROUP || a + b === 0 || c + d === 0) continue;
          if (a * 8 + b > c * 8 + d) continue;
          group.push({ a, b, c, d });
        }
      }
      if (group.length > 0) groups.push(group);
    }
  }
  return groups;
}

/** Every slice of a pair (one when `abab`). */
export function pairOf(first: Slice): Slice[] {
  const second = mirrorOf(first);
  return sliceName(first) === sliceName(second) ? [first] : [first, second];
}

/** The variants with databases: the diagonal families of the shared move generator. */
export const DATABASE_VARIANTS = ["english", "italian", "spanish", "czech", "russian", "brazilian", "pool", "thai", "international", "killer"] as const;

/** The core's id of a variant with databases; VariantError for the others. */
export function databaseVariantId(variant: string): number {
  const info = variantInfo(variant);
  if (!(DATABASE_VARIANTS as readonly string[]).includes(info.name)) {
    throw new VariantError(`${info.name} has no endgame databases (they exist for ${DATABASE_VARIANTS.join(", ")})`);
  }
  return info.id;
}

export function fileName(variant: VariantName, slice: Slice): string {
  return `${variant}-${sliceName(slice)}.egdb`;
}

/** The slice a file name of `variant` names, or undefined. */
export function sliceOfFileName(variant: VariantName, name: string): Slice | undefined {
  const match = new RegExp(`^${variant}-([0-7])([0-7])([0-7])([0-7])\\.egdb$`).exec(name);
  if (match === null) return undefined;
  return { a: Number(match[1]), b: Number(match[2]), c: Number(match[3]), d: Number(match[4]) };
}
