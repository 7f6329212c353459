// bitdraughts, the zero-setup entry: the core is inlined (base64) and compiled on first use, so
// positions work at once, in Node and browsers alike. "bitdraughts/lean" is the same API with
// the core loaded from the .wasm file beside it (smaller pages; `await init()` first).

import "./core/inline-core.js";
import "./eval/inline-weights.js";

export * from "./api.js";
