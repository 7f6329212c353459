// The package's version, for what announces it where package.json cannot be read (the Hub
// worker's `id`). tests/package.test.ts holds it to package.json's.

export const VERSION = "0.1.0";
