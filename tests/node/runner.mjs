// Runs node:test files and says how many tests passed, failed and were SKIPPED (a skipped test is
// never a pass): `node tests/node/runner.mjs NAME DIR_OR_FILE... [--concurrency N]`.
// Prints the spec report, then one line "NAME: N passed, N failed, N skipped"; appends
// "NAME P F S" to the file named by $IRLENS_TEST_COUNTS when set (scripts/test.sh adds them up).
// Exit status: 1 when a test failed, else 77 when one was skipped (ctest's SKIP_RETURN_CODE), else 0.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { appendFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const ci = args.indexOf('--concurrency');
const concurrency = ci >= 0 ? Number(args.splice(ci, 2)[1]) : true;
const [name, ...paths] = args;
const files = paths.flatMap((p) =>
  statSync(p).isDirectory()
    ? readdirSync(p).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => resolve(join(p, f)))
    : [resolve(p)]);

const counts = { passed: 0, failed: 0, skipped: 0 };
// A test counts once, as its outcome; suites (describe) and tests with subtests count through
// their leaves. `todo` tests count as skipped: they did not check anything.
const isLeaf = (data) => data.details?.type !== 'suite';
const stream = run({ files, concurrency });
stream.on('test:pass', (data) => {
  if (!isLeaf(data)) return;
  if (data.skip !== undefined || data.todo !== undefined) counts.skipped++;
  else counts.passed++;
});
stream.on('test:fail', (data) => {
  if (isLeaf(data) || data.details?.error) counts.failed++;
});
const report = stream.compose(spec);
report.pipe(process.stdout);
report.on('end', () => {
  const line = `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  console.log(`${name}: ${line}`);
  if (process.env.IRLENS_TEST_COUNTS)
    appendFileSync(process.env.IRLENS_TEST_COUNTS, `${name} ${counts.passed} ${counts.failed} ${counts.skipped}\n`);
  process.exitCode = counts.failed ? 1 : counts.skipped ? 77 : 0;
});
