// The page's stats workers (web/src/worker/stats-pool.js) take their requests from one queue: a
// request goes to an idle worker (never queued behind a long one while another worker is idle),
// each worker runs one request at a time, first results (PRIORITY.first) before final ones
// (PRIORITY.final), and Cancel rejects what runs and what waits. Fake workers here: each answers
// only when the test says so, so the order is checked, not timed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StatsPool, PRIORITY, mergeByMeasure } from '../../web/src/worker/stats-pool.js';

/** A pool of `size` fake workers; `sent` lists [worker index, action, payload] as posted. */
function fakePool(size = 2) {
  const workers = [];
  const sent = [];
  const pool = new StatsPool(() => {
    const w = {
      index: workers.length,
      inFlight: new Map(), // id -> action
      postMessage(msg) {
        w.inFlight.set(msg.id, msg.action);
        sent.push([w.index, msg.action, msg.payload]);
      },
      terminate() { w.terminated = true; },
      /** Answers the request of `action` under way in this worker. */
      answer(action, result = action) {
        const [id] = [...w.inFlight].find(([, a]) => a === action);
        w.inFlight.delete(id);
        w.onmessage({ data: { id, result } });
      },
    };
    workers.push(w);
    return w;
  }, size);
  return { pool, workers, sent };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

test('StatsPool: a request goes to the idle worker, not behind a long one', async () => {
  const { pool, workers, sent } = fakePool();
  const long = pool.request('long', {});
  const short = pool.request('short', {});
  assert.deepEqual(sent.map(([w, a]) => [w, a]), [[0, 'long'], [1, 'short']]);
  workers[1].answer('short');
  assert.equal(await short, 'short');
  // Workers in turn would give the next request to worker 0, behind 'long': the idle one takes it.
  const cheap = pool.request('cheap', {});
  assert.deepEqual(sent.at(-1).slice(0, 2), [1, 'cheap']);
  workers[1].answer('cheap');
  assert.equal(await cheap, 'cheap');
  workers[0].answer('long');
  assert.equal(await long, 'long');
});

test('StatsPool: one request per worker at a time; first results before final ones, then in arrival order', async () => {
  const { pool, workers, sent } = fakePool();
  const done = [];
  const ask = (action, priority) => pool.request(action, {}, { priority }).then((v) => done.push(v));
  ask('a', PRIORITY.first);
  ask('b', PRIORITY.first);
  ask('final1', PRIORITY.final);
  ask('final2', PRIORITY.final);
  ask('c', PRIORITY.first); // arrives after the finals, runs before them
  assert.deepEqual(sent.map(([w, a]) => [w, a]), [[0, 'a'], [1, 'b']]); // the rest waits in the pool
  for (const w of workers) assert.ok(w.inFlight.size <= 1);
  workers[1].answer('b');
  await tick();
  assert.deepEqual(sent.at(-1).slice(0, 2), [1, 'c']);
  workers[0].answer('a');
  await tick();
  assert.deepEqual(sent.at(-1).slice(0, 2), [0, 'final1']);
  workers[1].answer('c');
  await tick();
  assert.deepEqual(sent.at(-1).slice(0, 2), [1, 'final2']);
  workers[0].answer('final1');
  workers[1].answer('final2');
  await tick();
  assert.deepEqual(done, ['b', 'a', 'c', 'final1', 'final2']);
  for (const w of workers) assert.equal(w.inFlight.size, 0);
});

test('StatsPool.run: chunks are separate requests, merged in measure order whatever the order they end in', async () => {
  const { pool, workers, sent } = fakePool();
  const job = pool.run('metaScores', { analysis: 'stability', options: { trials: 10 } }, { chunks: [['AP'], ['P@5'], ['RR']], merge: mergeByMeasure, priority: PRIORITY.final });
  await tick();
  assert.deepEqual(sent.map(([w, , p]) => [w, p.options.measures]), [[0, ['AP']], [1, ['P@5']]]);
  assert.deepEqual(sent[0][2].options, { trials: 10, measures: ['AP'] });
  assert.equal(pool.progress, 0);
  workers[1].answer('metaScores', { seed: 1, measures: [{ measure: 'P@5' }] });
  await tick();
  assert.deepEqual(sent.at(-1)[2].options.measures, ['RR']); // the freed worker takes the third
  workers[1].answer('metaScores', { seed: 1, measures: [{ measure: 'RR' }] });
  workers[0].answer('metaScores', { seed: 1, measures: [{ measure: 'AP' }] });
  assert.deepEqual(await job, { seed: 1, measures: [{ measure: 'AP' }, { measure: 'P@5' }, { measure: 'RR' }] });
  assert.equal(pool.progress, null);
});

test('StatsPool.cancel: what runs and what waits ends Cancelled; fresh workers take new requests', async () => {
  const { pool, workers, sent } = fakePool();
  const outcomes = ['a', 'b', 'queued'].map((a) => pool.request(a, {}).then(() => 'done', (e) => e.name));
  assert.equal(sent.length, 2);
  pool.cancel();
  assert.deepEqual(await Promise.all(outcomes), ['Cancelled', 'Cancelled', 'Cancelled']);
  assert.ok(workers[0].terminated && workers[1].terminated);
  assert.equal(sent.length, 2); // the queued request never reached a worker
  const next = pool.request('next', {});
  assert.equal(sent.at(-1)[0], 2); // a fresh worker
  workers[2].answer('next');
  assert.equal(await next, 'next');
});

test('StatsPool.firstsDone: resolves when no first result is queued or running, finals apart; also after Cancel', async () => {
  const { pool, workers } = fakePool();
  let gate = false;
  await pool.firstsDone(); // none asked: at once
  pool.request('a', {});
  pool.request('final', {}, { priority: PRIORITY.final }).catch(() => null); // (cancelled below)
  pool.request('b', {}); // waits: a runs in worker 0, final in worker 1
  pool.firstsDone().then(() => { gate = true; });
  workers[0].answer('a');
  await tick();
  assert.equal(gate, false); // b now runs in worker 0
  workers[0].answer('b');
  await tick();
  assert.equal(gate, true); // final still runs: not waited for
  const c = pool.request('c', {}).catch((e) => e.name);
  let again = false;
  pool.firstsDone().then(() => { again = true; });
  pool.cancel();
  assert.equal(await c, 'Cancelled');
  await tick();
  assert.equal(again, true);
});

// The ASL chart at campaign scale (web/src/charts/stats-charts.js): above ASL_POINTS_MAX pairs a
// curve is drawn as a line through the ends of its runs of equal p-values - the same line, far
// fewer vertices - without a symbol per pair (61,000 SVG symbols held the page for seconds).
test('ASL chart: the line keeps the ends of each run of equal p-values; points only for small curves', async () => {
  const { aslVertices, aslSpec, ASL_POINTS_MAX } = await import('../../web/src/charts/stats-charts.js');
  const curve = (ps) => ps.map((p, i) => ({ p, run_a: `a${i}`, run_b: `b${i}`, difference: i }));
  // p = 0 0 0 0.2 0.5 0.5: ranks 1-3 one run (ends 1, 3), 4 alone, 5-6 one run.
  assert.deepEqual(aslVertices(curve([0, 0, 0, 0.2, 0.5, 0.5])), [1, 3, 4, 5, 6]);
  assert.deepEqual(aslVertices(curve([0.3])), [1]);
  assert.deepEqual(aslVertices(curve([])), []);
  // A small curve: every pair a point with its tooltip.
  const small = aslSpec({ measures: [{ measure: 'AP', asl_curve: curve([0, 0, 0.5]) }] });
  assert.equal(small.layer[0].mark.point, true);
  assert.deepEqual(small.layer[0].data.values.map((v) => v.rank), [1, 2, 3]);
  // A large one: ASL_POINTS_MAX + 1 pairs, p = 0 for all but the last (1): 3 vertices, no points.
  const ps = Array.from({ length: ASL_POINTS_MAX + 1 }, (_, i) => (i === ASL_POINTS_MAX ? 1 : 0));
  const large = aslSpec({ measures: [{ measure: 'AP', asl_curve: curve(ps) }] });
  assert.equal(large.layer[0].mark.point, false);
  assert.deepEqual(large.layer[0].data.values.map((v) => [v.rank, v.p, v.pair]), [[1, 0, 'a0 vs b0'], [ASL_POINTS_MAX, 0, `a${ASL_POINTS_MAX - 1} vs b${ASL_POINTS_MAX - 1}`], [ASL_POINTS_MAX + 1, 1, `a${ASL_POINTS_MAX} vs b${ASL_POINTS_MAX}`]]);
});

// The power-curve chart (web/src/charts/power-charts.js): a line through the ends of each run of
// equal powers (the power reaches 1 in double precision and stays there), nulls left out.
test('power curve chart: the line keeps the ends of each run of equal powers', async () => {
  const { powerVertices, powerCurveSpec } = await import('../../web/src/charts/power-charts.js');
  // [0.1, 0.5, 1, 1, 1, 1]: 0.1 and 0.5 alone, 1 from index 2 to 5 (ends 2, 5).
  assert.deepEqual(powerVertices([0.1, 0.5, 1, 1, 1, 1]), [0, 1, 2, 5]);
  // A null first (undefined at that size): left out; 0.2 from 1 to 3 (ends 1, 3).
  assert.deepEqual(powerVertices([null, 0.2, 0.2, 0.2]), [1, 3]);
  assert.deepEqual(powerVertices([null, null]), []);
  const doc = { min_diff: 0.05, alpha: 0.05, beta: 0.2, measures: [{ measure: 'AP', power_curve: { 'paired-t': [0.1, 0.5, 1, 1, 1, 1] } }] };
  // Index k is k + 2 topics: 2, 3, 4 and 7 topics drawn.
  assert.deepEqual(powerCurveSpec(doc, 'paired-t').layer[0].data.values.map((v) => [v.topics, v.power]), [[2, 0.1], [3, 0.5], [4, 1], [7, 1]]);
});
