// The URL-hash settings of the web app (web/src/base/settings.js), in node: escaping round trips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULTS, readHash, toHash } from '../../web/src/base/settings.js';

test('measure names with #, &, =, braces, spaces and % survive the hash', () => {
  const m = 'D#-nDCG@10 P(rel=2)@5 nDCG(gains={0:0,1:1,2:3})@10 a&b=c 100%';
  const hash = toHash({ ...DEFAULTS, m, b: 'run #1.txt' });
  assert.equal(hash.indexOf('#', 1), -1, hash); // the only # is the leading one
  const back = readHash(hash);
  assert.equal(back.m, m);
  assert.equal(back.b, 'run #1.txt');
});

test('defaults are left out of the hash; unknown keys are ignored', () => {
  assert.equal(toHash({ ...DEFAULTS }), '');
  assert.equal(toHash({ ...DEFAULTS, v: 'charts' }), '#v=charts');
  const s = readHash('#v=explain&zzz=1');
  assert.equal(s.v, 'explain');
  assert.equal(s.m, DEFAULTS.m);
  assert.equal(s.zzz, undefined);
});
