// Runs node:test files and says how many tests passed, failed and were SKIPPED (a skipped test is
// never a pass): `node tests/node/runner.mjs NAME DIR_OR_FILE... [--concurrency N]
// [--durations FILE] [--record FILE] [--verbose] [--shared-browser]`.
// Prints the spec report, then each file's wall time (seconds, longest first; with --verbose each
// top-level test's too), then one line "NAME: N passed, N failed, N skipped"; appends "NAME P F S"
// to the file named by $IRLENS_TEST_COUNTS when set (scripts/test.sh adds them up).
// --durations FILE ({"name.test.mjs": seconds}, as --record writes it): the files start longest
// first (a file not listed before them all), so that with --concurrency N no lane idles at the end
// while another still runs a long file. --record FILE writes this run's wall times there.
// --shared-browser (the browser tests, tests/web): one Chromium for every file, launched here
// before the first and closed after the last; each file connects to it with a context of its own
// (tests/web/harness.mjs openBrowser: its own storage and downloads), instead of launching its own.
// Exit status: 1 when a test failed, else 77 when one was skipped (ctest's SKIP_RETURN_CODE), else 0.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { appendFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const args = process.argv.slice(2);
/** Takes `--flag VALUE` out of args: VALUE, or undefined when the flag is absent. */
const option = (flag) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const flag = (f) => args.includes(f) && args.splice(args.indexOf(f), 1).length > 0;
const concurrencyArg = option('--concurrency');
const concurrency = concurrencyArg !== undefined ? Number(concurrencyArg) : true;
const durationsFile = option('--durations');
const recordFile = option('--record');
const verbose = flag('--verbose');
const sharedBrowser = flag('--shared-browser');
const [name, ...paths] = args;
const found = paths.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => resolve(join(p, f)))
    : [resolve(p)]);
// node:test starts the files in the order given, `concurrency` at a time.
const recorded = durationsFile && existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const known = (f) => recorded[basename(f)] ?? Number.MAX_VALUE;
const files = [...found].sort((a, b) => known(b) - known(a));

const counts = { passed: 0, failed: 0, skipped: 0 };
// Wall time (ms) of each file (its process, from start to end) and of each top-level test.
const fileMs = new Map();
const testMs = [];
// A test counts once, as its outcome; suites (describe) and tests with subtests count through
// their leaves. `todo` tests count as skipped: they did not check anything.
const isLeaf = (data) => data.details?.type !== 'suite';
// The files inherit this process's environment: the shared Chromium's address goes there. A
// Chromium that does not start is one failure, counted (never a run that reports nothing).
let browser = null;
if (sharedBrowser) {
  const { launchSharedBrowser, SHARED_BROWSER_ENV } = await import('../web/harness.mjs');
  try {
    browser = await launchSharedBrowser();
  } catch (e) {
    console.log(`${name}: the shared Chromium did not start: ${e.message}\n${name}: 0 passed, 1 failed, 0 skipped`);
    if (process.env.IRLENS_TEST_COUNTS) appendFileSync(process.env.IRLENS_TEST_COUNTS, `${name} 0 1 0\n`);
    process.exit(1);
  }
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint;
}
const stream = run({ files, concurrency });
stream.on('test:pass', (data) => {
  if (!isLeaf(data)) return;
  if (data.skip !== undefined || data.todo !== undefined) counts.skipped++;
  else counts.passed++;
});
stream.on('test:fail', (data) => {
  if (isLeaf(data) || data.details?.error) counts.failed++;
});
stream.on('test:complete', (data) => {
  // node 20 reports each file as a test named by its path, at nesting 0
  if (data.name === data.file) fileMs.set(data.file, data.details.duration_ms);
  else if (data.nesting === 0) testMs.push({ file: data.file, name: data.name, ms: data.details.duration_ms });
});
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', () => {
  const byFile = [...fileMs].sort((a, b) => b[1] - a[1]);
  const total = byFile.reduce((s, [, ms]) => s + ms, 0);
  console.log(`${name}: wall time per file (s; ${seconds(total).trim()} in all${concurrency === true ? '' : `, ${concurrency} at a time`}):`);
  for (const [file, ms] of byFile) console.log(`${seconds(ms)}  ${basename(file)}`);
  if (verbose) {
    console.log(`${name}: wall time per top-level test (s):`);
    for (const t of testMs.sort((a, b) => b.ms - a.ms)) console.log(`${seconds(t.ms)}  ${basename(t.file)}: ${t.name}`);
  }
  if (recordFile)
    writeFileSync(recordFile, `${JSON.stringify(Object.fromEntries(byFile.map(([f, ms]) => [basename(f), Math.round(ms / 100) / 10])), null, 2)}\n`);
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  console.log(`${name}: ${line}`);
  if (process.env.IRLENS_TEST_COUNTS)
    appendFileSync(process.env.IRLENS_TEST_COUNTS, `${name} ${counts.passed} ${counts.failed} ${counts.skipped}\n`);
  process.exitCode = counts.failed ? 1 : counts.skipped ? 77 : 0;
  if (browser) browser.close();
});
