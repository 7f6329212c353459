// bitdraughts/lean: the same API as "bitdraughts", without the inlined core. The cores are the
// .wasm files beside this module, each written as a literal URL so that bundlers (Vite, webpack,
// Rollup) copy them into the build: `await init({ variants: ["english"] })` fetches and compiles
// the one family core a page plays, `await init()` the full core. In Node, positions made
// without init() read the full core from disk.

import { provideCore } from "./core/engine.js";

provideCore({
  url: new URL("./bitdraughts.wasm", import.meta.url),
  families: {
    "bitdraughts-short-kings-8x8.wasm": new URL("./bitdraughts-short-kings-8x8.wasm", import.meta.url),
    "bitdraughts-short-kings-8x8-optional.wasm": new URL("./bitdraughts-short-kings-8x8-optional.wasm", import.meta.url),
    "bitdraughts-flying-kings-8x8.wasm": new URL("./bitdraughts-flying-kings-8x8.wasm", import.meta.url),
    "bitdraughts-flying-kings-8x8-optional.wasm": new URL("./bitdraughts-flying-kings-8x8-optional.wasm", import.meta.url),
    "bitdraughts-ten-by-ten.wasm": new URL("./bitdraughts-ten-by-ten.wasm", import.meta.url),
    "bitdraughts-ten-by-ten-optional.wasm": new URL("./bitdraughts-ten-by-ten-optional.wasm", import.meta.url),
    "bitdraughts-frisian.wasm": new URL("./bitdraughts-frisian.wasm", import.meta.url),
    "bitdraughts-frisian-optional.wasm": new URL("./bitdraughts-frisian-optional.wasm", import.meta.url),
    "bitdraughts-turkish.wasm": new URL("./bitdraughts-turkish.wasm", import.meta.url),
    "bitdraughts-turkish-optional.wasm": new URL("./bitdraughts-turkish-optional.wasm", import.meta.url),
    "bitdraughts-canadian.wasm": new URL("./bitdraughts-canadian.wasm", import.meta.url),
    "bitdraughts-canadian-optional.wasm": new URL("./bitdraughts-canadian-optional.wasm", import.meta.url),
  },
});

export * from "./api.js";
