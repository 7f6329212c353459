// Written by the build (scripts/embed-wasm.mjs) next to the compiled binding: the core's
// WebAssembly bytes, base64-encoded, so the package loads the same way in Node and browsers.
export declare const wasmBase64: string;
