// Book files for the commands: read and checked, or refused with a line on stderr and the
// command going on without a book. The package's own books are in books/ beside dist/.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Book, type BookMode, checkBookMode } from "../book/book.js";
import { BookError } from "../book/format.js";
import type { VariantName } from "../core/variant.js";
import { SEARCHED_VARIANTS } from "../search/searcher.js";
import { type Options, UsageError } from "./args.js";

/** The package's book of `variant` (books/VARIANT.book), whether or not it exists. */
export function shippedBookPath(variant: VariantName): string {
  return fileURLToPath(new URL(`../../../books/${variant}.book`, import.meta.url));
}

/** The package's books that exist and read (books/VARIANT.book), for every variant the search plays. */
export function shippedBooks(): Book[] {
  const books: Book[] = [];
  for (const variant of SEARCHED_VARIANTS) {
    const path = shippedBookPath(variant);
    if (!existsSync(path)) continue;
    try {
      books.push(readBookFile(path, variant));
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
    }
  }
  return books;
}

/** The book in `path`, or undefined after saying on stderr why it was refused (the engine goes on without it). */
export function openBookFile(path: string, variant?: VariantName): Book | undefined {
  try {
    return readBookFile(path, variant);
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    console.error(`bitdraughts: ${error.message}; going on without a book`);
    return undefined;
  }
}

/** The book in `path`; BookError when it cannot be read, is damaged, or is of another variant than `variant`. */
export function readBookFile(path: string, variant?: VariantName): Book {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new BookError(`cannot read book ${JSON.stringify(path)}: ${(error as Error).message}`);
  }
  const book = Book.read(bytes, `book ${JSON.stringify(path)}`);
  if (variant !== undefined && book.variant !== variant) throw new BookError(`book ${JSON.stringify(path)} is a ${book.variant} book, not a ${variant} one`);
  return book;
}

/** --book-mode, checked; undefined when absent. */
export function bookModeOption(options: Options): BookMode | undefined {
  const text = options["book-mode"];
  if (text === undefined) return undefined;
  try {
    return checkBookMode(text, "--book-mode");
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * The book a searching command uses: --book FILE, or with `shipped` the package's book of the
 * variant when there is one; none with --book-mode off.
 */
export function commandBook(options: Options, variant: VariantName | undefined, shipped: boolean): Book | undefined {
  if (bookModeOption(options) === "off") return undefined;
  if (options.book !== undefined) return openBookFile(options.book, variant);
  if (shipped && variant !== undefined && existsSync(shippedBookPath(variant))) return openBookFile(shippedBookPath(variant), variant);
  if (options["book-mode"] !== undefined) throw new UsageError(`--book-mode needs --book FILE${shipped ? " (this variant has no book in the package)" : ""}`);
  return undefined;
}
