// bitdraughts/lean: the same API as "bitdraughts", without the inlined core. The cores are the
// .wasm files beside this module, each written as a literal URL so that bundlers (Vite, webpack,
// Rollup) copy them into the build: `await init({ variants: ["english"] })` fetches and compiles
// the one small core a page plays (english's rules, search and evaluation), `await init()` the full core. In Node, positions made
// without init() read the full core from disk.

import { provideCore } from "./core/loader.js";

provideCore({
  url: new URL("./bitdraughts.wasm", import.meta.url),
  cores: {
    "bitdraughts-english.wasm": new URL("./bitdraughts-english.wasm", import.meta.url),
    "bitdraughts-italian.wasm": new URL("./bitdraughts-italian.wasm", import.meta.url),
    "bitdraughts-international.wasm": new URL("./bitdraughts-international.wasm", import.meta.url),
    "bitdraughts-brazilian.wasm": new URL("./bitdraughts-brazilian.wasm", import.meta.url),
    "bitdraughts-russian.wasm": new URL("./bitdraughts-russian.wasm", import.meta.url),
    "bitdraughts-spanish.wasm": new URL("./bitdraughts-spanish.wasm", import.meta.url),
    "bitdraughts-czech.wasm": new URL("./bitdraughts-czech.wasm", import.meta.url),
    "bitdraughts-pool.wasm": new URL("./bitdraughts-pool.wasm", import.meta.url),
    "bitdraughts-thai.wasm": new URL("./bitdraughts-thai.wasm", import.meta.url),
    "bitdraughts-killer.wasm": new URL("./bitdraughts-killer.wasm", import.meta.url),
    "bitdraughts-turkish.wasm": new URL("./bitdraughts-turkish.wasm", import.meta.url),
    "bitdraughts-frisian.wasm": new URL("./bitdraughts-frisian.wasm", import.meta.url),
    "bitdraughts-canadian.wasm": new URL("./bitdraughts-canadian.wasm", import.meta.url),
  },
});

export * from "./api.js";
