// bitdraughts/lean: the same API as "bitdraughts", without the inlined core. The core is the
// bitdraughts.wasm file beside this module, written so that bundlers (Vite, webpack, Rollup)
// copy it into the build; `await init()` fetches and compiles it once, before the first
// position. In Node, init() reads it from disk, and positions made without init() read it too.

import { provideCore } from "./core/engine.js";

provideCore({ url: new URL("./bitdraughts.wasm", import.meta.url) });

export * from "./api.js";
