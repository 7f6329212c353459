// Loading the WebAssembly core: from the bytes or URL a package entry provides, a file in Node,
// or a URL a page names; the small per-variant cores init({ variants }) fetches; the default
// engine and the engine a variant plays on. The engine itself, the wrapper over the core's
// buffers, is engine.ts.

import { coreFileOf } from "./builds.js";
import { Engine, type SearchHost } from "./engine.js";
import { ArgumentError, EngineError } from "./errors.js";
import { type VariantName, coreVariantId, isVariantName, variantInfo } from "./variant.js";

/** What the core can be loaded from: its bytes, a compiled module, or a URL to fetch. */
export type WasmSource = BufferSource | WebAssembly.Module | URL | string | Response;

function imports(host: SearchHost): WebAssembly.Imports {
  return {
    env: {
      abort(): never {
        throw new EngineError("the core aborted");
      },
      searchPoll: (nodes: number) => host.poll(nodes),
      searchReport: (kind: number) => host.report(kind),
    },
  };
}

function newHost(): SearchHost {
  return { poll: () => 0, report: () => 0 };
}

/**
 * The core a package entry brings: its bytes (the inlined entry, "bitdraughts") or the URL of
 * the .wasm file beside it (the lean entry, "bitdraughts/lean"). Set once, by the entry.
 */
export interface BundledCore {
  readonly bytes?: () => Uint8Array<ArrayBuffer>;
  readonly url?: URL;
  /** The small cores' files (bindings/core/builds.ts) by name, where the entry has them. */
  readonly cores?: Readonly<Record<string, URL>>;
}

let bundled: BundledCore = {};

/** Called by a package entry: where the default core comes from. Bytes win over a URL. */
export function provideCore(core: BundledCore): void {
  bundled = { ...bundled, ...core };
}

/** Node's fs, reached without an import statement, so that no bundler pulls it into a page (Node 20.16 and later). */
export function nodeFs(): { readFileSync(path: URL): Uint8Array; existsSync(path: URL): boolean } | undefined {
  const p = (globalThis as { process?: { versions?: { node?: string }; getBuiltinModule?: (name: string) => unknown } }).process;
  if (typeof p?.versions?.node !== "string" || typeof p.getBuiltinModule !== "function") return undefined;
  return p.getBuiltinModule("node:fs") as { readFileSync(path: URL): Uint8Array; existsSync(path: URL): boolean };
}

/** The .wasm file of the lean entry, or in Node the one beside the compiled binding (what deep imports use). */
function bundledUrl(): URL | undefined {
  if (bundled.url !== undefined) return bundled.url;
  // Not written as a literal `new URL("…", import.meta.url)`: bundlers would copy the file into every page.
  return nodeFs() === undefined ? undefined : new URL(["..", "bitdraughts.wasm"].join("/"), import.meta.url);
}

const NOT_LOADED = "the core is not loaded: await init({ variants: [\"english\"] }) once before the first position (the lean entry fetches that variant's small core then; init() fetches the full bitdraughts.wasm), or import \"bitdraughts\", which carries the core inlined";

/** The default core's bytes, synchronously: inlined, or read from a file: URL in Node. */
function bundledBytesSync(): BufferSource {
  if (bundled.bytes !== undefined) return bundled.bytes();
  const url = bundledUrl();
  const fs = nodeFs();
  if (url?.protocol === "file:" && fs !== undefined) return copyOf(fs.readFileSync(url));
  throw new EngineError(NOT_LOADED);
}

function copyOf(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(new ArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

let defaultEngine: Engine | undefined;
/** The compiled default core, kept for workers: a search worker gets it in its first message. */
let defaultModule: WebAssembly.Module | undefined;

function instantiateSync(module: WebAssembly.Module): Engine {
  const host = newHost();
  return new Engine(new WebAssembly.Instance(module, imports(host)), host);
}

/** Creates an engine synchronously from bytes or a module (default: the package entry's core). */
export function createEngineSync(source?: BufferSource | WebAssembly.Module): Engine {
  try {
    if (source === undefined) {
      defaultModule ??= new WebAssembly.Module(bundledBytesSync());
      return instantiateSync(defaultModule);
    }
    return instantiateSync(source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source));
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}

/**
 * Creates an engine from any source (default: the package entry's core): bytes, a module, a
 * Response, or a URL, fetched, or read from disk in Node when it is a `file:` URL. A relative
 * URL string is resolved against the page (browser) or the working folder (Node).
 */
export async function createEngine(source?: WasmSource): Promise<Engine> {
  const module = await compileCore(source);
  try {
    const host = newHost();
    return new Engine(await WebAssembly.instantiate(module, imports(host)), host);
  } catch (error) {
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}

/** The compiled core of `source` (default: the package entry's, compiled once). */
export async function compileCore(source?: WasmSource): Promise<WebAssembly.Module> {
  try {
    if (source === undefined) {
      if (defaultModule === undefined) {
        const url = bundled.bytes === undefined ? bundledUrl() : undefined;
        const module = url === undefined ? await WebAssembly.compile(bundledBytesSync()) : await compileCore(url);
        defaultModule ??= module;
      }
      return defaultModule;
    }
    if (source instanceof WebAssembly.Module) return source;
    if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) return await WebAssembly.compile(source);
    const url = typeof source === "string" || source instanceof URL ? new URL(source, baseUrl()) : undefined;
    if (url?.protocol === "file:") return await WebAssembly.compile(await readFileUrl(url));
    const response = url !== undefined ? await fetch(url) : source;
    if (!(response instanceof Response)) throw new EngineError(`cannot load the core from ${String(source)}: expected bytes, a WebAssembly.Module, a Response or a URL`);
    if (!response.ok) throw new EngineError(`could not fetch the core from ${response.url || "the response"}: HTTP ${response.status}`);
    return await compileResponse(response);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}

/**
 * A fetched core compiled as its bytes arrive when the server names its type (application/wasm,
 * which streaming compilation requires): browsers then also keep the compiled code with the
 * cached file, so a page's second visit does not compile again. Otherwise from the whole bytes.
 */
async function compileResponse(response: Response): Promise<WebAssembly.Module> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/wasm" && typeof WebAssembly.compileStreaming === "function") return await WebAssembly.compileStreaming(response);
  return await WebAssembly.compile(await response.arrayBuffer());
}

/** Where a relative URL string is resolved: the page in a browser, the working folder in Node. */
function baseUrl(): string | undefined {
  const location = (globalThis as { location?: { href?: string } }).location;
  if (location?.href !== undefined) return location.href;
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  return cwd === undefined ? undefined : `file://${cwd.endsWith("/") ? cwd : `${cwd}/`}`;
}

/**
 * The bytes of a `file:` URL, read with Node's fs (fetch cannot read files). The module name
 * is not written literally, so browser bundles do not try to include Node's fs.
 */
async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const fs = nodeFs();
  if (fs !== undefined) return copyOf(fs.readFileSync(url));
  const fsName = ["node", "fs/promises"].join(":");
  const promises = (await import(/* webpackIgnore: true */ /* @vite-ignore */ fsName)) as { readFile(path: URL): Promise<Uint8Array> };
  return copyOf(await promises.readFile(url));
}

/** What init loads when a page names its variants: their small cores instead of the full one. */
export interface InitOptions {
  /** The variants the page plays: each one's small core is loaded (bindings/core/builds.ts). */
  readonly variants: readonly VariantName[];
  /** The folder the small cores' files are fetched from; default: beside the package entry (or the bundle that carries it). */
  readonly base?: string | URL;
}

/**
 * Sets the engine that positions use by default, and the core that search workers get. With
 * the lean entry a page awaits it once before the first position: `init({ variants: ["english"] })`
 * fetches only that variant's small core (about a tenth of the full one), `init()` the full core (the
 * .wasm file beside the entry). With the inlined entry it is needed only for a core from elsewhere.
 * Calling it again with other variants makes their core the default (positions made
 * before keep theirs); the cores loaded stay at hand for positions of their variants.
 */
export async function init(source?: WasmSource | InitOptions): Promise<Engine> {
  if (isInitOptions(source)) return await initCores(source);
  const module = await compileCore(source);
  defaultEngine = await createEngine(module);
  defaultModule = module;
  return defaultEngine;
}

function isInitOptions(source: unknown): source is InitOptions {
  return typeof source === "object" && source !== null && Object.getPrototypeOf(source) === Object.prototype && !(source instanceof URL);
}

/** The small cores loaded so far, by file name. */
const smallCores = new Map<string, { readonly module: WebAssembly.Module; readonly engine: Engine }>();

/** The files init({ variants }) loads, checked; the first is the one that becomes the default. */
function coreFiles(options: InitOptions): string[] {
  const { variants } = options;
  if (!Array.isArray(variants) || variants.length === 0) throw new ArgumentError(`init: variants must be a non-empty array of variant names, got ${JSON.stringify(variants)}`, "variants", variants);
  for (const v of variants) if (!isVariantName(v)) variantInfo(String(v));
  return [...new Set(variants.map((v: VariantName) => coreFileOf(v)))];
}

/** Where a small core's file is: under `base`, else where the entry put it, else beside the full core. */
function coreUrl(file: string, base?: string | URL): URL | undefined {
  if (base !== undefined) return new URL(file, new URL(String(base), baseUrl()));
  const listed = bundled.cores?.[file];
  if (listed !== undefined) return listed;
  const full = bundledUrl();
  return full === undefined ? undefined : new URL(file, full);
}

async function initCores(options: InitOptions): Promise<Engine> {
  const files = coreFiles(options);
  if (options.base !== undefined && typeof options.base !== "string" && !(options.base instanceof URL)) throw new ArgumentError(`init: base must be a URL or a string, got ${String(options.base)}`, "base", options.base);
  // Every file first, then the state: a file that fails to load changes nothing.
  const loaded = new Map<string, { module: WebAssembly.Module; engine: Engine }>();
  for (const file of files) {
    if (smallCores.has(file)) continue;
    const url = coreUrl(file, options.base);
    if (url === undefined) throw new EngineError(`init: no address for ${file}: pass init({ variants, base }) with the folder it is served from`);
    const module = await compileCore(url);
    loaded.set(file, { module, engine: await createEngine(module) });
  }
  for (const [file, core] of loaded) smallCores.set(file, core);
  const first = smallCores.get(files[0]!)!;
  defaultEngine = first.engine;
  defaultModule = first.module;
  return first.engine;
}

/** The default engine, compiling the package entry's core on first use. */
export function engine(): Engine {
  defaultEngine ??= createEngineSync();
  return defaultEngine;
}

/**
 * The engine for a new position of `variant`: the default one when it plays the variant, else a
 * small core loaded for it; in Node, the variant's file read from disk at first use.
 */
export function engineFor(variant: VariantName, optionalCapture: boolean): Engine {
  const id = coreVariantId(variantInfo(variant), optionalCapture);
  if (defaultEngine === undefined && smallCores.size === 0) return engine();
  if (defaultEngine?.plays(id)) return defaultEngine;
  const file = coreFileOf(variant);
  const loaded = smallCores.get(file);
  if (loaded !== undefined) return loaded.engine;
  const url = coreUrl(file);
  const fs = nodeFs();
  if (url?.protocol === "file:" && fs !== undefined && fs.existsSync(url)) {
    const module = new WebAssembly.Module(copyOf(fs.readFileSync(url)));
    const core = { module, engine: instantiateSync(module) };
    smallCores.set(file, core);
    return core.engine;
  }
  throw new EngineError(`the cores loaded do not play ${variant}: await init({ variants: ["${variant}"] }) first (it fetches ${file})`);
}

/**
 * A bare instance of the default core (or of `source`), owned by the caller: for the exports the
 * Engine does not wrap, such as the endgame databases', whose tables fill the instance's memory.
 */
export async function bareCore(source?: WasmSource): Promise<WebAssembly.Instance> {
  const module = await compileCore(source);
  try {
    return await WebAssembly.instantiate(module, imports(newHost()));
  } catch (error) {
    throw new EngineError(`could not load the core: ${(error as Error).message}`);
  }
}
