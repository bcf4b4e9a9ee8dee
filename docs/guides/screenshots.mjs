// The screenshots the guides of docs/guides/ embed, taken from the built page (web/dist) in headless
// Chromium with the browser tests' harness (tests/web/harness.mjs: its static server and browser).
// Each shot follows the steps its guide tells a reader to take, by the controls' labels, and crops
// to the region the guide talks about (PNG, 1400 px wide viewport).
//
//   node docs/guides/screenshots.mjs OUT_DIR      (scripts/guide-screenshots.sh: OUT_DIR = docs/guides/img)
//
// Prints one line per shot: "wrote OUT_DIR/NAME.png" or "SKIPPED: NAME (reason)" (the campaign
// guide's shots need ../shared/data/covid-r1; the Python guide's the package's venv,
// build-python/venv from scripts/test-python.sh, or IRLENS_PYTHON); exits non-zero when a shot fails.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { SHARED, ROOT, DIST, startServer, openBrowser, newPage, waitReady, afterRender } from '../../tests/web/harness.mjs';

const EXAMPLES = join(ROOT, 'examples');
/** The Python package's venv (scripts/test-python.sh builds it), or IRLENS_PYTHON. */
const PYTHON = resolve(process.env.IRLENS_PYTHON || join(ROOT, 'build-python', 'venv', 'bin', 'python'));
/** Step 5 of the Python guide: the table and AP's explanation of bm25.run on topic 101, as HTML. */
const SHOW_PY = `import sys, irlens
runs = ["examples/bm25.run", "examples/dense.run", "examples/hybrid.run"]
df = irlens.evaluate("examples/qrels.txt", runs, ["AP", "nDCG@10", "P@5"])
sys.stdout.write(irlens.show(df).data + irlens.show(df, "explain", measure="AP", run="bm25.run", topic="101").data)`;
const COVID = join(SHARED, 'data', 'covid-r1');

/**
 * name -> {needs?: a path that must exist, after?: the shot whose steps come first, take(page, url):
 * the steps; returns the region to shoot}. A shot `after` another continues on that shot's page when
 * takeShots has just taken it (the same steps, not done twice: a campaign's 143 runs are read once),
 * else on a new page where it takes those steps first (shotSteps).
 */
export const SHOTS = {
  // Quick check: the example replaced by the reader's files (qrels, two runs), bm25.run as baseline.
  'quick-check-table': {
    async take(page, url) {
      await page.goto(url);
      await waitReady(page);
      await afterRender(page, () => page.getByLabel('Qrels file').setInputFiles(join(EXAMPLES, 'qrels.txt')));
      await afterRender(page, () => page.getByLabel('Run files').setInputFiles([join(EXAMPLES, 'bm25.run'), join(EXAMPLES, 'dense.run')]));
      await afterRender(page, () => page.getByLabel('Measures (e.g.').fill('AP nDCG@10 P@5'));
      await afterRender(page, () => page.getByLabel('Baseline run').selectOption('bm25.run'));
      return topOf(page.locator('#view'), 500);
    },
  },
  // Quick check on a phone (390 px): the same steps; what the screen shows once the table is there.
  'quick-check-phone': {
    async take(page, url) {
      await page.setViewportSize({ width: 390, height: 844 });
      await SHOTS['quick-check-table'].take(page, url);
      return { x: 0, y: 0, width: 390, height: 844 };
    },
  },
  // Campaign: the 143 TREC-COVID round 1 runs, NIST's leaderboard as run groups, the best run of each team.
  'campaign-leaderboard': {
    needs: COVID,
    async take(page, url) {
      const runs = readdirSync(join(COVID, 'runs')).sort().map((r) => join(COVID, 'runs', r));
      await page.goto(url);
      await waitReady(page);
      await afterRender(page, () => page.getByLabel('Qrels file').setInputFiles(join(COVID, 'qrels-rnd1.txt')));
      await afterRender(page, () => page.getByLabel('Run files').setInputFiles(runs));
      await afterRender(page, () => page.getByLabel('Measures (e.g.').fill('nDCG@10 P@5 AP'));
      await page.getByText('Side inputs: run groups').click();
      await afterRender(page, () => page.getByLabel('Run groups', { exact: false }).first().setInputFiles(join(COVID, 'leaderboard.csv')));
      await afterRender(page, () => page.getByLabel('Best run of each team').check());
      return topOf(page.locator('#view'), 640);
    },
  },
  // Campaign: the same, on the Significance tab: Tukey HSD over every pair of runs, best first.
  'campaign-significance': {
    needs: COVID,
    after: 'campaign-leaderboard',
    async take(page) {
      await afterRender(page, () => page.getByRole('tab', { name: 'Significance' }).click(), 'significance', { timeout: 300000 });
      await page.waitForSelector('#chart-pairwise-p svg', { timeout: 300000 });
      return topOf(page.locator('#view'), 900);
    },
  },
  // Python in a notebook: the HTML irlens.show writes (the guide's step 5), as the notebook's page shows it.
  'python-show': {
    needs: PYTHON,
    async take(page) {
      const dir = mkdtempSync(join(tmpdir(), 'irlens-guide-python-'));
      try {
        const r = spawnSync(PYTHON, ['-c', SHOW_PY], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
        if (r.status !== 0) {
          if (/embed bundle irlens-embed\.single\.js was not found/.test(r.stderr)) return { skip: 'the Python package was built without the embed bundle' };
          throw new Error(`python-show: ${PYTHON} failed: ${r.stderr}`);
        }
        writeFileSync(join(dir, 'notebook.html'), `<!doctype html><meta charset="utf-8"><body style="font-family: sans-serif; margin: 16px">${r.stdout}</body>`);
        await page.goto(`file://${join(dir, 'notebook.html')}`);
        await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((v) => (v.shadowRoot || v).querySelector('table')), null, { timeout: 60000 });
        return { x: 0, y: 0, width: 900, height: 760 };
      } finally {
        page.once('close', () => rmSync(dir, { recursive: true, force: true }));
      }
    },
  },
  // Tutorial page: the page the widgets guide writes, in a folder with the four files it copies.
  'tutorial-page': {
    async take(page) {
      const dir = mkdtempSync(join(tmpdir(), 'irlens-guide-tutorial-'));
      const server = await tutorialFolder(dir);
      try {
        await page.goto(server.url);
        await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((v) => v.querySelector('table, svg, .explain, [role=grid]') || v.textContent.trim().length > 40), null, { timeout: 60000 });
        await page.waitForFunction(() => document.querySelectorAll('irlens-view table').length >= 2, null, { timeout: 60000 });
        return { x: 0, y: 0, width: 1400, height: 1000 };
      } finally {
        page.once('close', () => { server.stop(); rmSync(dir, { recursive: true, force: true }); });
      }
    },
  },
};

/** The widgets guide's page: its first ```html block, the first block of tutorial-widgets.md. */
export function tutorialHtml() {
  const guide = readFileSync(join(ROOT, 'docs', 'guides', 'tutorial-widgets.md'), 'utf8');
  const m = guide.match(/```html\n([\s\S]*?)```/);
  if (!m) throw new Error('docs/guides/tutorial-widgets.md has no ```html block');
  return m[1];
}

/** Step 1-2 of the widgets guide in `dir`: the four files of web/dist beside index.html; then served. */
function tutorialFolder(dir) {
  for (const f of ['irlens-embed.js', 'worker.js', 'irlens_web.wasm', 'style.css']) copyFileSync(join(DIST, f), join(dir, f));
  writeFileSync(join(dir, 'index.html'), tutorialHtml());
  return startServer(dir);
}

/** The region of `locator` on the page, its first `height` px (a guide shows where to look, not all of it). */
async function topOf(locator, height) {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  return { x: b.x, y: b.y, width: b.width, height: Math.min(b.height, height) };
}

/** Takes shot `name`'s steps on `page`, those of the shot it comes after first; -> the region to shoot. */
export async function shotSteps(page, url, name) {
  const s = SHOTS[name];
  if (s.after) await shotSteps(page, url, s.after);
  return s.take(page, url);
}

/** Takes the shots named (all by default) into `out`; -> {written: [paths], skipped: [names]}. */
export async function takeShots(out, names = Object.keys(SHOTS)) {
  mkdirSync(out, { recursive: true });
  const server = await startServer();
  const browser = await openBrowser({ viewport: { width: 1400, height: 1100 }, ownChromium: true }); // the campaign's 143 runs chosen (harness.mjs)
  const written = [];
  const skipped = [];
  let kept = null; // {name, page}: the page of the shot just taken, for the next shot that comes after it
  try {
    for (const name of names) {
      const s = SHOTS[name];
      if (s.needs && !existsSync(s.needs)) {
        console.log(`SKIPPED: ${name} (${s.needs} is absent)`);
        skipped.push(name);
        continue;
      }
      // On the page of the shot just taken when this one comes after it; else on a new page, where
      // the steps of the shot it comes after are taken first.
      const continues = kept !== null && kept.name === s.after;
      if (kept && !continues) await kept.page.close();
      const page = continues ? kept.page : await newPage(browser.context);
      kept = null;
      const target = await (continues ? s.take(page, server.url) : shotSteps(page, server.url, name));
      if (target.skip) {
        console.log(`SKIPPED: ${name} (${target.skip})`);
        skipped.push(name);
        await page.close();
        continue;
      }
      const path = join(out, `${name}.png`);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]')); // nothing still computing (the table's intervals come after its means)
      await page.screenshot({ path, clip: target });
      if (page.log.errors.length) throw new Error(`${name}: page errors ${JSON.stringify(page.log.errors)}`);
      // kept open while the next shot named continues on it
      const next = SHOTS[names[names.indexOf(name) + 1]];
      if (next && next.after === name) kept = { name, page };
      else await page.close();
      console.log(`wrote ${path}`);
      written.push(path);
    }
  } finally {
    if (kept) await kept.page.close();
    await browser.close();
    server.stop();
  }
  return { written, skipped };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node docs/guides/screenshots.mjs OUT_DIR');
    process.exit(2);
  }
  takeShots(resolve(out)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
