// The small cores (bindings/core/builds.ts, scripts/build-steps.mjs): each plays its variant
// and no other, under both capture rules (the rule is read from the variant id at each call);
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
    const file = coreFileOf(family.variants[0]!);
    test(`${file} plays ${family.variants.join(', ')}, captures forced or optional, and nothing else`, () => {
      const engine = createEngineSync(readFileSync(join(DIST, file)));
      for (const variant of VARIANTS) {
        const { id } = variantInfo(variant);
        const mine = family.variants.includes(variant);
        assert.equal(engine.plays(id), mine, `${variant} plain`);
        assert.equal(engine.plays(id + OPTIONAL), mine, `${variant} optional`);
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

  test('one small core switches between the two capture rules call by call', () => {
    // RULES.md 1 and 4: with captures forced white's only move is 23x16; under the optional-capture
    // house rule the men on 23 and 30 have their steps too (23-18, 30-25, 30-26; 19 is black's).
    const engine = createEngineSync(readFileSync(join(DIST, coreFileOf('english'))));
    const forced = Position.fromFen('english', 'W:W23,30:B19', { engine });
    const optional = Position.fromFen('english', 'W:W23,30:B19', { engine, optionalCapture: true });
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(forced.legalMoves().map(String), ['23x16']);
      assert.deepEqual(optional.legalMoves().map(String).sort(), ['23-18', '23x16', '30-25', '30-26']);
    }
  });

  test('each small core counts the published perft of its variants from the start', () => {
    const checked: string[] = [];
    for (const family of VARIANT_CORES) {
      const engine = createEngineSync(readFileSync(join(DIST, coreFileOf(family.variants[0]!))));
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
