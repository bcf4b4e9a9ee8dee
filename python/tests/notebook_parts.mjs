// Parses an HTML file written by irlens.show's view_html (python/irlens/notebook.py) in headless
// Chromium, without running any script, and prints the data parts of each <irlens-view> as the
// embed element reads them: [[{kind, name, text}]] as JSON. Usage: node notebook_parts.mjs FILE.html
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const browser = await chromium.launch({
  executablePath: process.env.IRLENS_CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await page.setContent(readFileSync(process.argv[2], 'utf8'));
  const views = await page.$$eval('irlens-view', (vs) => vs.map((v) => [...v.querySelectorAll('script[data-qrels], script[data-run]')]
    .map((s) => ({ kind: s.hasAttribute('data-qrels') ? 'qrels' : 'run', name: s.getAttribute('name'), text: s.textContent }))));
  console.log(JSON.stringify(views));
} finally {
  await browser.close();
}
