// The lean entry (bitdraughts/lean): the same API without the inlined core. In Node its
// positions read bitdraughts.wasm from disk, with or without init(); where Node's fs cannot be
// reached (a browser, played here by a Node without process.getBuiltinModule) a position made
// before init() throws an EngineError that says what to do, and init() with a URL loads the core.
// Counts: english perft(5) = 7361 (OEIS A133046, tests/data).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { ArgumentError, EngineError, Position, VariantError, createEngine, init, variantInfo } from '../bindings/lean.js';
import { startPerft } from './published.js';

const english5 = startPerft.find((p) => p.variant === 'english' && p.depth === 5 && p.fen === null)!.nodes_str;

describe('the lean entry', () => {
  test('in Node, positions work before init(), from the .wasm file beside the entry', () => {
    assert.equal(String(Position.initial('english').perft(5)), english5);
  });

  test('init() without a source loads that file and becomes the default engine', async () => {
    const engine = await init();
    assert.equal(Position.initial('english').options.engine, engine);
    assert.equal(String(Position.initial('english').perft(5)), english5);
  });

  test('a fetched core (a Response) compiles whether or not the server names it application/wasm', async () => {
    const bytes = readFileSync(new URL('../bindings/bitdraughts.wasm', import.meta.url));
    for (const type of ['application/wasm', 'application/octet-stream']) {
      const engine = await createEngine(new Response(bytes, { headers: { 'content-type': type } }));
      assert.equal(String(Position.initial('english', { engine }).perft(5)), english5, type);
    }
    // A streaming compile of bytes that are not a core fails as the byte path does: an EngineError.
    await assert.rejects(createEngine(new Response(new Uint8Array([0, 1, 2, 3]), { headers: { 'content-type': 'application/wasm' } })), EngineError);
  });

  test('init() of a missing file is an EngineError, and the default engine stays', async () => {
    const before = Position.initial('english').options.engine;
    await assert.rejects(init(new URL('./no-such-core.wasm', import.meta.url)), EngineError);
    assert.equal(Position.initial('english').options.engine, before);
  });

  test('without Node\'s fs (as in a browser): a clear error before init(), positions after it', () => {
    const lean = new URL('../bindings/lean.js', import.meta.url).href;
    const wasm = new URL('../bindings/bitdraughts.wasm', import.meta.url).href;
    const program = `
      delete process.getBuiltinModule;
      const { Position, init } = await import(${JSON.stringify(lean)});
      let before;
      try { Position.initial("english"); before = "no error"; } catch (e) { before = e.name + ": " + e.message; }
      const bytes = new Uint8Array(await (await import("node:fs/promises")).readFile(new URL(${JSON.stringify(wasm)})));
      await init(bytes);
      console.log(JSON.stringify({ before, perft: String(Position.initial("english").perft(5)) }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { before: string; perft: string };
    assert.match(out.before, /^EngineError: the core is not loaded: await init\(/);
    assert.equal(out.perft, english5);
  });

  test("init({ variants }) loads that variant's small core alone; a position of another variant reads its own at first use (Node)", async () => {
    const engine = await init({ variants: ['english'] });
    const english = Position.initial('english');
    assert.equal(english.options.engine, engine);
    assert.equal(engine.plays(variantInfo('english').id), true);
    assert.equal(engine.plays(variantInfo('international').id), false, 'english\'s core has no 10×10 rules');
    assert.equal(String(english.perft(5)), english5);
    const international = Position.initial('international');
    assert.notEqual(international.options.engine, engine);
    assert.equal(international.options.engine!.plays(variantInfo('english').id), false);
    // International's published perft(3), tests/data.
    assert.equal(String(international.perft(3)), startPerft.find((p) => p.variant === 'international' && p.depth === 3 && p.fen === null)!.nodes_str);
  });

  test('init({ variants }) with bad options or a missing file changes nothing', async () => {
    const before = Position.initial('english').options.engine;
    await assert.rejects(init({ variants: [] }), ArgumentError);
    await assert.rejects(init({ variants: ['englsh' as 'english'] }), VariantError);
    await assert.rejects(init({ variants: ['russian'], base: new URL('./no-such-folder/', import.meta.url) }), EngineError);
    assert.equal(Position.initial('english').options.engine, before);
  });

  test('without Node\'s fs (as in a browser): init({ variants }) fetches one small core; another variant is refused until its init', () => {
    const lean = new URL('../bindings/lean.js', import.meta.url).href;
    const program = `
      delete process.getBuiltinModule;
      const { Position, init } = await import(${JSON.stringify(lean)});
      await init({ variants: ["english"] });
      const perft = String(Position.initial("english").perft(5));
      let russian;
      try { Position.initial("russian"); russian = "no error"; } catch (e) { russian = e.name + ": " + e.message; }
      await init({ variants: ["russian"] });
      const after = [Position.initial("russian", { optionalCapture: true }).legalMoves().length, Position.initial("russian").legalMoves().length, String(Position.initial("english").perft(5))];
      console.log(JSON.stringify({ perft, russian, after }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { perft: string; russian: string; after: [number, number, string] };
    assert.equal(out.perft, english5);
    assert.match(out.russian, /^EngineError: the cores loaded do not play russian: await init\(\{ variants: \["russian"\] \}\)/);
    // Seven moves open any 8×8 game with men on the first three rows (RULES.md 2), under either
    // capture rule: russian's one core plays both.
    assert.deepEqual(out.after, [7, 7, english5]);
  });
});
