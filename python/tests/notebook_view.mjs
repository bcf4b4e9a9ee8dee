// Opens an HTML file written by irlens.show (python/irlens/notebook.py), or a notebook nbconvert
// executed, in headless Chromium (playwright-core, as tests/web/harness.mjs), waits for every
// <irlens-view> to finish, and prints {states, errors, tables: [{head, rows}], views: [{view,
// shadow, text, hidden}]} as JSON: tables are those of the views (in their shadow roots: Playwright's
// selectors pierce them); per view whether it renders in a shadow root, its text, and how many of
// its tables and cells the page's styles hid (no box). Usage: node notebook_view.mjs FILE.html
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';

const browser = await chromium.launch({
  executablePath: process.env.IRLENS_CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.location().url ? `${m.text()} (${m.location().url})` : m.text()); });
  await page.goto(pathToFileURL(process.argv[2]).href);
  await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((v) => v.dataset.state), null, { timeout: 60000 });
  const states = await page.$$eval('irlens-view', (vs) => vs.map((v) => v.dataset.state));
  const tables = await page.$$eval('irlens-view table', (ts) => ts.map((t) => ({
    head: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
  })));
  const views = await page.$$eval('irlens-view', (vs) => vs.map((v) => {
    const root = v.shadowRoot || v;
    const boxes = [...root.querySelectorAll('table, td, th')];
    return {
      view: v.getAttribute('view'),
      shadow: !!v.shadowRoot,
      text: root.querySelector('.irlens-embed')?.innerText ?? '',
      hidden: boxes.filter((b) => b.getBoundingClientRect().height === 0).length,
      boxes: boxes.length,
    };
  }));
  console.log(JSON.stringify({ states, errors, tables, views }));
} finally {
  await browser.close();
}
