// The zero-setup entry's core: the WebAssembly bytes inlined as base64 (about 4/3 of the .wasm
// file), decoded and compiled on first use, the same way in Node and browsers.

import { provideCore } from "./loader.js";
import { wasmBase64 } from "./wasm-inline.js";

provideCore({
  bytes: () => {
    const binary = atob(wasmBase64);
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  },
});
