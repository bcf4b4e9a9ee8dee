// The guides of docs/guides/: every image a guide embeds is committed and made by the screenshot
// script (docs/guides/screenshots.mjs, run by scripts/guide-screenshots.sh), every guide is linked
// from README.md, and the script runs: its steps, on the built page in headless Chromium, write
// each PNG into a temporary folder (never over the committed ones), at most 1400 px wide and
// under 150 KB. The campaign guide's shots need ../shared/data/covid-r1, the Python guide's the
// package's venv (build-python/venv, or IRLENS_PYTHON): without them the script says SKIPPED for
// those shots and so does this test.
// Run: node tests/node/runner.mjs web tests/web/guides.test.mjs --concurrency 1
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness.mjs';
import { SHOTS } from '../../docs/guides/screenshots.mjs';

const GUIDES = join(ROOT, 'docs', 'guides');
const guides = readdirSync(GUIDES).filter((f) => f.endsWith('.md'));

/** The images a guide's Markdown embeds: ![alt](path) -> path. */
const imagesOf = (text) => [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);

/** A PNG's width from its IHDR chunk (bytes 16-19), after checking its signature. */
function pngWidth(path) {
  const b = readFileSync(path);
  assert.equal(b.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', `${path} is not a PNG`);
  return b.readUInt32BE(16);
}

test('the four guides are linked from README.md, and every image they embed is committed and made by the script', () => {
  assert.ok(guides.length >= 4, `${guides.length} guides in docs/guides`);
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  for (const g of guides) assert.ok(readme.includes(`(docs/guides/${g})`), `README.md does not link docs/guides/${g}`);
  const embedded = guides.flatMap((g) => imagesOf(readFileSync(join(GUIDES, g), 'utf8')).map((p) => ({ g, p })));
  assert.ok(embedded.length >= 3, 'the guides embed screenshots');
  for (const { g, p } of embedded) {
    assert.match(p, /^img\/[\w-]+\.png$/, `${g}: ${p} is not an image of docs/guides/img`);
    assert.ok(existsSync(join(GUIDES, p)), `${g}: ${p} is missing`);
    const name = p.slice(4, -4);
    assert.ok(SHOTS[name], `${g}: ${p} is not made by docs/guides/screenshots.mjs (no shot named ${name})`);
    assert.ok(pngWidth(join(GUIDES, p)) <= 1400, `${p} wider than 1400 px`);
    assert.ok(statSync(join(GUIDES, p)).size < 150 * 1024, `${p} is 150 KB or more`);
  }
});

test('scripts/guide-screenshots.sh makes every shot into a temporary folder', { timeout: 600000 }, async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'irlens-guide-shots-'));
  try {
    const printed = execFileSync('sh', [join(ROOT, 'scripts', 'guide-screenshots.sh'), out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 590000 });
    const skipped = [...printed.matchAll(/^SKIPPED: ([\w-]+)/gm)].map((m) => m[1]);
    for (const name of Object.keys(SHOTS)) {
      await t.test(name, (st) => {
        const path = join(out, `${name}.png`);
        if (skipped.includes(name)) {
          assert.ok(SHOTS[name].needs, `${name} was skipped but needs nothing`);
          assert.equal(existsSync(path), false, `${name}: skipped, yet written`);
          console.log(`SKIPPED: ${name} (${SHOTS[name].needs} is absent)`);
          st.skip(`${SHOTS[name].needs} is absent`);
          return;
        }
        assert.ok(existsSync(path), `${name}.png was not made; the script printed:\n${printed}`);
        assert.ok(pngWidth(path) <= 1400, `${name}.png wider than 1400 px`);
        assert.ok(statSync(path).size > 2000, `${name}.png is nearly empty`);
        assert.ok(statSync(path).size < 150 * 1024, `${name}.png is 150 KB or more`);
      });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
