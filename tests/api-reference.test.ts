// The API reference (npm run docs: TypeDoc over the public entry points, typedoc.json) builds
// without a warning, a broken doc comment or an undocumented exported name being warnings made
// errors, into static HTML with a page per entry point. Built into a temporary folder here, so
// that every `npm test` (and so CI) builds it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the API reference', () => {
  test('npm run docs builds it without warnings, a page per entry point', { timeout: 180_000 }, () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.equal(scripts.docs, 'typedoc');
    const config = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as { treatWarningsAsErrors: boolean; validation: { notDocumented: boolean } };
    assert.equal(config.treatWarningsAsErrors, true);
    assert.equal(config.validation.notDocumented, true);
    const out = mkdtempSync(join(tmpdir(), 'bitdraughts-api-'));
    try {
      const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.doesNotMatch(run.stdout + run.stderr, /warning/i);
      for (const page of ['index.html', 'modules/bitdraughts.html', 'modules/bitdraughts_game.html', 'modules/bitdraughts_pdn.html', 'modules/bitdraughts_search.html', 'modules/bitdraughts_perft.html', 'modules/bitdraughts_ui.html', 'modules/bitdraughts_env.html', 'classes/bitdraughts.Position.html']) {
        assert.ok(existsSync(join(out, page)), page);
      }
      assert.match(readFileSync(join(out, 'classes', 'bitdraughts.Position.html'), 'utf8'), /legalMoves/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
