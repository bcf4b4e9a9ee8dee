// view="user-model" (web/src/ui/user-model.js) in headless Chromium: a C/W/L measure's user
// model for one run and topic of the element's data, drawn from irlens.explain's C(i), W(i), L(i);
// a measure without a user model is refused in the element, naming the family; the playground draws
// the same figure above a C/W/L measure's explanation, for the list being edited.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverAndBrowser, newPage, shot, DIST } from './harness.mjs';

const env = serverAndBrowser(before, after);

test('user-model: the probability of reaching each rank and its weight, with the explanation', async () => {
  const csp = (await import('../../web/csp.mjs')).CSP;
  const data = `<script type="text/plain" data-qrels name="q.txt">
1 0 a 2
1 0 b 1
1 0 c 0
</script>
<script type="text/plain" data-run name="r1">
1 Q0 a 1 4 r1
1 Q0 x 2 3 r1
1 Q0 b 3 2 r1
1 Q0 c 4 1 r1
</script>`;
  writeFileSync(join(DIST, 'user-model-test.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}"><title>user model</title>
<link rel="stylesheet" href="style.css"><script type="module" src="irlens-embed.js"></script></head><body>
<irlens-view id="um" view="user-model" measure="RBP_CWL(p=0.5,depth=4)" run="r1" topic="1">${data}</irlens-view>
<irlens-view id="ap" view="user-model" measure="AP" data-from="um"></irlens-view>
<irlens-view id="pg" view="playground" measures="INST(depth=3) AP" grades="2" list-a="a:2 b:0 c:1"></irlens-view>
</body></html>`);
  const page = await newPage(env.browser.context);
  await page.goto(`${env.server.url}user-model-test.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((e) => e.dataset.state === 'done' || e.dataset.state === 'error'), null, { timeout: 60000 });
  // p = 0.5 over depth 4: reach 1, 1/2, 1/4, 1/8 (sum 1.875), W = reach / 1.875; gains a 1, x 0
  // (unjudged), b 1/2, c 0: EU = (1 + 1/4 * 1/2) / 1.875 = 0.6.
  assert.equal(await page.textContent('#um .um-value'), '0.6000');
  const reach = await page.$$eval('#um .um-reach-dot title', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(reach, ['rank 1: reached with probability 1.0000', 'rank 2: reached with probability 0.5000',
    'rank 3: reached with probability 0.2500', 'rank 4: reached with probability 0.1250']);
  const weights = await page.$$eval('#um .um-weight title', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(weights, ['rank 1: W = 0.5333', 'rank 2: W = 0.2667', 'rank 3: W = 0.1333', 'rank 4: W = 0.0667']);
  assert.match(await page.getAttribute('#um svg', 'aria-label'), /RBP_CWL\(p=0\.5,depth=4\) for topic 1 of r1/);
  assert.ok(await page.isVisible('#um .explanation table'));
  assert.equal(await page.getAttribute('#ap', 'data-state'), 'error');
  assert.match(await page.textContent('#ap .error'), /AP has no user model \(C, W, L\); name a C\/W\/L measure: INST, INSQ, BPM/);
  // The playground: INST(T=1) over depth 3 with gains 1, 0, 1/2 (grades over the highest, 2):
  // C(1) = (1/2)^2, C(2) = (2/3)^2: reach 1, 1/4, 1/9; EU = (36/49) 1 + (4/49) 1/2 = 38/49.
  await page.waitForFunction(() => { const p = document.querySelector('#pg .playground'); return p && p.dataset.seq && p.dataset.evaluated === p.dataset.seq; }, null, { timeout: 30000 });
  await page.hover('#pg .pg-value[data-measure="INST(depth=3)"]');
  await page.waitForSelector('#pg .pg-explain .user-model-chart');
  assert.equal(await page.textContent('#pg .pg-explain .um-value'), '0.7755');
  assert.deepEqual(await page.$$eval('#pg .pg-explain .um-reach-dot title', (ts) => ts.map((t) => t.textContent)),
    ['rank 1: reached with probability 1.0000', 'rank 2: reached with probability 0.2500', 'rank 3: reached with probability 0.1111']);
  await page.hover('#pg .pg-value[data-measure="AP"]'); // no user model: the explanation alone
  await page.waitForFunction(() => document.querySelector('#pg .pg-explain h3')?.textContent.startsWith('AP'));
  assert.equal(await page.$('#pg .pg-explain .user-model-chart'), null);
  await shot(page, 'user-model');
  await page.close();
});
