// The documentation holds: every relative link of README.md and docs/*.md leads to a file of the
// repository (and, into a Markdown file, to one of its headings), and every ```js and ```ts block
// of them runs as a module of its own against the package (imports of "bitdraughts" resolve to
// this repository's build). As the guides read, a block may use the package's names without
// importing them, and a block marked `<!-- after the block above -->` on the line before it runs
// after that block, with its variables. A block that cannot run alone (it needs a page, a server,
// a file the reader has) is marked `<!-- not run: why -->`; nothing else is skipped, and a marker
// must say why. (docs/architecture.md, "Tests", describes the markers.)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { transformSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const WORK = join(ROOT, 'build', 'doc-blocks');

interface Block { readonly file: string; readonly line: number; readonly lang: 'js' | 'ts'; readonly code: string; readonly skip?: string; readonly after?: boolean }

/** The ```js and ```ts blocks of a Markdown text, with the `not run` marker before each, if any. */
export function codeBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(js|ts|javascript|typescript)\s*$/.exec(lines[i]!);
    if (open === null) {
      if (lines[i]!.startsWith('```')) while (++i < lines.length && !lines[i]!.startsWith('```'));
      continue;
    }
    const start = i;
    while (++i < lines.length && !lines[i]!.startsWith('```'));
    const before = lines[start - 1]?.trim() ?? '';
    const marker = /^<!-- not run: (.*?) -->$/.exec(before);
    blocks.push({
      file, line: start + 1, lang: open[1]!.startsWith('t') ? 'ts' : 'js', code: lines.slice(start + 1, i).join('\n'),
      ...(marker ? { skip: marker[1]!.trim() } : {}), ...(before === '<!-- after the block above -->' ? { after: true } : {}),
    });
  }
  return blocks;
}

/** GitHub's anchor of a heading: lower case, punctuation out, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[`*_]/g, '').replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of text.split('\n')) {
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading === null) continue;
    const base = anchorOf(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a Markdown text ([text](target), outside code), with their lines. */
function relativeLinks(text: string): Array<{ target: string; line: number }> {
  const links: Array<{ target: string; line: number }> = [];
  let fenced = false;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ target, line: i + 1 });
    }
  }
  return links;
}

describe('the documentation', () => {
  let packageNames: string[] = [];
  before(async () => {
    packageNames = Object.keys(await import('../bindings/index.js'));
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
  });
  after(() => rmSync(WORK, { recursive: true, force: true }));

  test('every relative link of the README and the guides resolves, anchors included', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of FILES) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const { target, line } of relativeLinks(text)) {
        count++;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const resolved = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURIComponent(path));
        if (!existsSync(resolved)) {
          broken.push(`${file}:${line}: ${target} (no ${relative(ROOT, resolved)})`);
        } else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${file}:${line}: ${target} (no heading #${anchor} in ${relative(ROOT, resolved)})`);
        }
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(count >= 15, `only ${count} relative links found: is the link pattern right?`);
  });

  test('the block finder: languages, markers, other fences', () => {
    const text = '```sh\nnpm test\n```\n<!-- not run: a page -->\n```js\nfetch(x);\n```\n\n```ts\nconst a: number = 1;\n```\n';
    assert.deepEqual(codeBlocks('x.md', text), [
      { file: 'x.md', line: 5, lang: 'js', code: 'fetch(x);', skip: 'a page' },
      { file: 'x.md', line: 9, lang: 'ts', code: 'const a: number = 1;' },
    ]);
  });

  const blocks = FILES.flatMap((file) => codeBlocks(file, readFileSync(join(ROOT, file), 'utf8')));
  /** A block's code, after the blocks it follows, its imports of the package taken out. */
  const chained = (i: number): string => {
    const block = blocks[i]!;
    const own = block.code.replace(/^import \{[^}]*\} from "bitdraughts(\/[a-z]+)?";$/gm, '');
    if (block.after !== true) return own;
    // The nearest block above in the same file that runs.
    let j = i - 1;
    while (j >= 0 && blocks[j]!.file === block.file && blocks[j]!.skip !== undefined) j--;
    assert.ok(j >= 0 && blocks[j]!.file === block.file, `${block.file}:${block.line} follows no block`);
    return `${chained(j)}\n${own}`;
  };
  test('the README has its three examples, the guides theirs', () => {
    assert.equal(blocks.filter((b) => b.file === 'README.md').length, 3);
    assert.ok(blocks.length >= 15, `${blocks.length} blocks`);
  });

  for (const [i, block] of blocks.entries()) {
    const name = `${block.file}:${block.line} (${block.lang})`;
    if (block.skip !== undefined) {
      test(`${name} is marked not to run, with a reason`, () => assert.ok(block.skip!.length >= 8, `the marker's reason: "${block.skip}"`));
      continue;
    }
    test(`${name} runs`, { timeout: 120_000 }, () => {
      const body = chained(i);
      const source = block.lang === 'ts' ? transformSync(body, { loader: 'ts', format: 'esm' }).code : body;
      // The package's names the block does not declare itself, as if imported.
      const declared = new Set([...source.matchAll(/\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!));
      const names = packageNames.filter((n) => !declared.has(n));
      const code = `import { ${names.join(', ')} } from "bitdraughts";\n${source}`;
      const module = join(WORK, `${block.file.replace(/[/.]/g, '-')}-${block.line}.mjs`);
      writeFileSync(module, code);
      const run = spawnSync(process.execPath, [module], { cwd: WORK, encoding: 'utf8', timeout: 110_000 });
      assert.equal(run.status, 0, `${name} failed:\n${run.stderr}`);
    });
  }
});

describe("the README's variants table", () => {
  test('names every variant once, and its search column says what VariantInfo.searched says', async () => {
    const { VARIANTS, variantInfo } = await import('../bindings/core/variant.js');
    const rows = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').filter((line) => /^\| `[a-z]+`/.test(line));
    assert.deepEqual(rows.map((row) => /^\| `([a-z]+)`/.exec(row)![1]).sort(), [...VARIANTS].sort());
    for (const row of rows) {
      const name = /^\| `([a-z]+)`/.exec(row)![1]! as (typeof VARIANTS)[number];
      const search = row.split('|').at(-2)!.trim();
      assert.equal(search, variantInfo(name).searched ? '✓' : '—', name);
    }
  });
});
