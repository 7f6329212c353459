// The small cores (bindings/core/builds.ts, scripts/build-steps.mjs): each plays its variant
// and no other, the plain file without optional capture and the optional file only with it;
// their perft counts are the published ones. (init({ variants }) is tested with the lean entry.)

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { VARIANT_CORES, EngineError, Position, VARIANTS, coreFileOf, createEngineSync, variantInfo, type VariantName } from '../bindings/index.js';
import { startPerft } from './published.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist', 'bindings');
const OPTIONAL = 8;

describe('the small cores, one per variant', () => {
  test('the build and the binding name the same cores with the same variants', async () => {
    const steps = (await import(pathToFileURL(join(ROOT, 'scripts', 'build-steps.mjs')).href)) as { CORES: { name: string; variants: string[] }[] };
    assert.deepEqual(steps.CORES.map(({ name, variants }) => ({ name, variants })), VARIANT_CORES.map(({ name, variants }) => ({ name, variants: [...variants] })));
    // Every variant has exactly one core, shared only by variants that play the same moves.
    assert.deepEqual(VARIANT_CORES.flatMap((c) => c.variants).sort(), [...VARIANTS].sort());
    for (const core of VARIANT_CORES) assert.equal(new Set(core.variants.map((v) => variantInfo(v).id)).size, 1, core.name);
  });

  for (const family of VARIANT_CORES) {
    for (const optional of [false, true]) {
      const file = `bitdraughts-${family.name}${optional ? '-optional' : ''}.wasm`;
      test(`${file} plays ${family.variants.join(', ')}${optional ? ' with optional capture' : ''} and nothing else`, () => {
        const engine = createEngineSync(readFileSync(join(DIST, file)));
        for (const variant of VARIANTS) {
          const { id } = variantInfo(variant);
          const mine = family.variants.includes(variant);
          assert.equal(engine.plays(id), mine && !optional, `${variant} plain`);
          assert.equal(engine.plays(id + OPTIONAL), mine && optional, `${variant} optional`);
        }
        assert.equal(engine.plays(7), false);
        assert.equal(engine.plays(31), false);
        assert.equal(engine.plays(-1), false);
        // A variant of another family is refused with the core's own words, the board untouched.
        const other = VARIANTS.find((v) => !family.variants.includes(v))!;
        const start = Position.initial(other);
        assert.throws(() => engine.legalMoves(variantInfo(other).id, { whiteToMove: start.turn === 'white', squares: new Uint8Array(80) }), EngineError);
      });
    }
  }

  test('each small core counts the published perft of its variants from the start', () => {
    const checked: string[] = [];
    for (const family of VARIANT_CORES) {
      const engine = createEngineSync(readFileSync(join(DIST, coreFileOf(family.variants[0]!, false))));
      for (const variant of family.variants) {
        // The shallowest published counts, for speed: one per duplicates convention.
        const rows = startPerft.filter((r) => r.variant === variant && r.fen === null && r.depth <= 5 && (r.duplicates === 'keep' || r.duplicates === 'drop'));
        for (const row of rows) {
          const position = Position.initial(variant, { engine });
          assert.equal(position.perft(row.depth, { duplicates: row.duplicates as 'keep' | 'drop' }), BigInt(row.nodes_str), `${variant} perft(${row.depth}) ${row.duplicates}`);
          checked.push(variant);
        }
      }
    }
    for (const variant of ['english', 'international', 'russian', 'turkish', 'frisian', 'canadian'] as VariantName[]) assert.ok(checked.includes(variant), `no published count checked for ${variant}`);
  });
});
