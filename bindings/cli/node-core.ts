// The command's core, read from the file beside the compiled binding (dist/bindings/
// bitdraughts.wasm). The command runs only in Node, where reading the 0.9 MB file is quicker
// than parsing and decoding the inlined base64 copy (0.9 MB of JavaScript). The evaluation's
// weights come from the package's files in Node already (eval/shipped.ts).

import { readFileSync } from "node:fs";
import { provideCore } from "../core/loader.js";

provideCore({
  bytes: () => {
    const file = readFileSync(new URL("../bitdraughts.wasm", import.meta.url));
    // WebAssembly wants an ArrayBuffer of its own, not a slice of Node's buffer pool.
    const bytes = new Uint8Array(new ArrayBuffer(file.byteLength));
    bytes.set(file);
    return bytes;
  },
});
