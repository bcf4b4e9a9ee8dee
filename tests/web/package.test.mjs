// The npm package `irlens` (wasm/package, assembled in build-wasm/package by web/build.sh;
// docs/js-api.md "The npm package") as a user gets it:
//   - the hand-written declarations type-check a program using the whole API (tsc --strict) and
//     refuse a wrong call; every function of the API object and every export is declared, and
//     nothing more; the objects and documents the API returns have the keys their types name;
//   - `npm pack`, then `npm install --offline` of the tarball into a scratch project: node imports
//     'irlens' (its node build) and gets the native CLI's numbers on examples/; tsc checks the same
//     programs against the installed package; a bundler (esbuild) takes the browser build, and the
//     app it bundles gets the CLI's numbers in headless Chromium over http;
//   - the embed bundle of the installed package shows <irlens-view> tables with the CLI's numbers
//     in headless Chromium, from file:// and over http (with the web app's CSP), fetching nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { ROOT, openBrowser, newPage, nativeEval, shot } from './harness.mjs';

const PKG = join(ROOT, 'build-wasm', 'package');
const DIST = join(ROOT, 'build-wasm', 'dist');
const TYPES = join(ROOT, 'tests', 'package');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const EXAMPLES = join(ROOT, 'examples');
const RUNS = ['bm25.run', 'dense.run', 'hybrid.run'];
const MEASURES = 'P@5 AP nDCG@10';
const version = readFileSync(join(ROOT, 'core', 'include', 'irlens', 'version.hpp'), 'utf8').match(/IRLENS_VERSION "([^"]+)"/)[1];

const work = mkdtempSync(join(tmpdir(), 'irlens-package-'));
const scratch = join(work, 'scratch');
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs tsc -p on a tsconfig written into a fresh folder of `dir`: {status, output}. */
function tsc(dir, name, compilerOptions, files) {
  const folder = mkdtempSync(join(dir, `tsc-${name}-`));
  const config = join(folder, 'tsconfig.json');
  writeFileSync(config, JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', types: [], ...compilerOptions }, files }));
  const r = spawnSync(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { encoding: 'utf8', cwd: dir });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'] };
const NODE = { module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2022'] };

test('the declarations type-check a program using the whole API and refuse wrong calls (tsc --strict)', () => {
  // 'irlens' mapped onto the sources in wasm/package (the installed package is checked below)
  const paths = (entry) => ({ paths: { irlens: [join(ROOT, 'wasm', 'package', entry)], 'irlens/evaluation': [join(ROOT, 'wasm', 'package', 'evaluation.d.mts')] } });
  const browser = tsc(work, 'browser', { ...BUNDLER, ...paths('irlens.d.mts') }, [join(TYPES, 'usage.ts')]);
  assert.equal(browser.status, 0, browser.output);
  const node = tsc(work, 'node', { ...BUNDLER, lib: ['es2022'], ...paths('node.d.mts') }, [join(TYPES, 'node-usage.ts')]);
  assert.equal(node.status, 0, node.output);
  // the negative check: a run's name where Run objects are due
  const wrong = tsc(work, 'wrong', { ...BUNDLER, ...paths('irlens.d.mts') }, [join(TYPES, 'wrong-call.ts')]);
  assert.notEqual(wrong.status, 0, 'tsc accepted tests/package/wrong-call.ts');
  assert.match(wrong.output, /wrong-call\.ts\(7,24\): error TS2345: Argument of type 'string' is not assignable to parameter of type 'Run\[\]'/);
});

test('every function of the API and every export is declared, and nothing more', async () => {
  const ts = createRequire(import.meta.url)(join(ROOT, 'node_modules', 'typescript'));
  const file = (f) => join(ROOT, 'wasm', 'package', f);
  const program = ts.createProgram([file('irlens.d.mts'), file('node.d.mts'), file('evaluation.d.mts')], { strict: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const moduleOf = (f) => checker.getSymbolAtLocation(program.getSourceFile(f));
  const values = (f) => checker.getExportsOfModule(moduleOf(f)).filter((s) => {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    return target.flags & ts.SymbolFlags.Value;
  }).map((s) => s.name).sort();
  const members = (iface) => {
    const symbol = checker.getExportsOfModule(moduleOf(file('irlens.d.mts'))).find((s) => s.name === iface);
    return checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((s) => s.name).sort();
  };
  const node = await import(pathToFileURL(join(DIST, 'node.mjs')));
  const irlens = await node.createIrlens();
  assert.deepEqual(members('Irlens'), Object.keys(irlens).sort(), 'the Irlens interface (wasm/package/irlens.d.mts) and the API object');
  assert.deepEqual(members('Stats'), Object.keys(irlens.stats).sort(), 'the Stats interface and irlens.stats');
  assert.deepEqual(values(file('node.d.mts')), Object.keys(node).sort(), 'node.d.mts and node.mjs');
  assert.deepEqual(values(file('evaluation.d.mts')), Object.keys(await import(pathToFileURL(join(DIST, 'evaluation.mjs')))).sort());
  // irlens.mjs imports the web build (it loads in a browser only): its export statements
  const browserExports = [...readFileSync(join(DIST, 'irlens.mjs'), 'utf8').matchAll(/export (?:async function (\w+)|\{ ([^}]+) \})/g)]
    .flatMap((m) => (m[1] ? [m[1]] : m[2].split(',').map((s) => s.trim()))).sort();
  assert.deepEqual(values(file('irlens.d.mts')), browserExports, 'irlens.d.mts and irlens.mjs');
});

test('what the API returns has the keys its declared type names', async () => {
  const ts = createRequire(import.meta.url)(join(ROOT, 'node_modules', 'typescript'));
  const files = ['irlens.d.mts', 'evaluation.d.mts'].map((f) => join(ROOT, 'wasm', 'package', f));
  const program = ts.createProgram(files, { strict: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const where = program.getSourceFile(files[0]);
  const named = Object.fromEntries(files.flatMap((f) => checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(f))))
    .map((sym) => [sym.name, sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym]));
  // the type at a path: a property name, '[]' an array's element, '{}' a string index's value
  const typeAt = ([name, ...path]) => path.reduce((t, p) => {
    const next = p === '[]' ? checker.getIndexTypeOfType(t, ts.IndexKind.Number)
      : p === '{}' ? checker.getIndexTypeOfType(t, ts.IndexKind.String)
        : checker.getPropertyOfType(t, p) && checker.getTypeOfSymbolAtLocation(checker.getPropertyOfType(t, p), where);
    assert.ok(next, `${name}: no ${p} in ${path.join('.')}`);
    return checker.getNonNullableType(next);
  }, checker.getDeclaredTypeOfSymbol(named[name]));
  const checkKeys = (path, value) => {
    const t = typeAt(path);
    const props = checker.getPropertiesOfType(t);
    const declared = props.map((p) => p.name);
    const required = props.filter((p) => !(p.flags & ts.SymbolFlags.Optional)).map((p) => p.name);
    const actual = Object.keys(value);
    assert.deepEqual(actual.filter((k) => !declared.includes(k)), [], `${path.join('.')}: keys the type does not declare`);
    assert.deepEqual(required.filter((k) => !actual.includes(k)), [], `${path.join('.')}: declared keys the value lacks`);
  };

  const { createIrlens } = await import(pathToFileURL(join(DIST, 'node.mjs')));
  const irlens = await createIrlens();
  const text = (f) => readFileSync(join(EXAMPLES, f), 'utf8');
  const qrels = irlens.loadQrels(text('qrels.txt'), { name: 'qrels.txt' });
  const runs = RUNS.map((r) => irlens.loadRun(qrels, text(r), { name: r }));
  const groups = irlens.loadGroups(text('groups.tsv'), { name: 'groups.tsv' });
  const result = irlens.evaluate(qrels, runs, ['P@5', 'AP', 'RelString@3']);
  const topic = qrels.topics[0];
  const explanation = irlens.explain(runs[0], topic, 'AP');
  const compare = irlens.compare(qrels, runs, ['AP'], { baseline: RUNS[0], risk: 1, B: 100 });
  const meta = (a, o = {}) => irlens.meta(a, qrels, runs, ['AP', 'P@5'], { B: 100, trials: 10, ...o });
  const prefsText = `${topic}\t${RUNS[0]}\t${RUNS[1]}\tY\n`;
  const check = irlens.checkRun('x Q0 d01 1 1 t\nx Q0 d01 2 1 t\n', { qrels, name: 'bad.run' });
  const dq = irlens.loadQrels(text('diversity/qrels.txt'), { format: 'diversity' });
  const drun = irlens.loadRun(dq, text('diversity/div-a.run'), { order: 'rank' });
  const cases = [
    [['EvaluationResult'], result], [['EvaluationRunView'], result.runs[RUNS[0]]], [['EvaluationData'], result.raw],
    [['EvaluationRunData'], result.raw.runs[0]], [['EvaluationMeasure'], result.raw.measures[0]],
    [['EvaluationJson'], irlens.evaluationJson(result)], [['EvaluationJson', 'runs', '{}'], irlens.evaluationJson(result).runs[RUNS[0]]],
    [['WinsTiesLosses'], irlens.winsTiesLosses(result, RUNS[0])],
    [['MeasureInfo'], irlens.measures()[0]], [['MeasureInfo', 'params', '[]'], irlens.measures().find((m) => m.params.length).params[0]],
    [['MeasureInfo', 'values'], irlens.measures()[0].values], [['MeasureGroup'], irlens.groups()[0]],
    [['MeasureSpec'], irlens.parseMeasure('P@5')], [['QrelsInfo'], qrels.info], [['RunInfo'], runs[0].info],
    [['Explanation'], explanation], [['Explanation', 'rows', '[]'], explanation.rows[0]], [['Explanation', 'terms', '[]'], explanation.terms[0]],
    [['Ranking'], irlens.ranking(runs[0], topic)],
    [['CompareDocument'], compare], [['CompareDocument', 'measures', '[]'], compare.measures[0]],
    [['Comparison'], compare.measures[0].comparisons[0]],
    [['MetaDocuments', 'correlation'], meta('correlation')], [['MetaDocuments', 'correlation', 'pairs', '[]'], meta('correlation').pairs[0]],
    [['MetaDocuments', 'discriminative-power'], meta('discriminative-power')],
    [['MetaDocuments', 'discriminative-power', 'measures', '[]'], meta('discriminative-power').measures[0]],
    [['MetaDocuments', 'stability'], meta('stability')], [['MetaDocuments', 'stability', 'measures', '[]'], meta('stability').measures[0]],
    [['MetaDocuments', 'concordance'], irlens.meta('concordance', qrels, runs, ['AP', 'P@5'], { gold: ['nDCG@10'], B: 100 })],
    [['MetaDocuments', 'unanimity'], meta('unanimity')], [['MetaDocuments', 'unanimity', 'measures', '[]'], meta('unanimity').measures[0]],
    [['MetaDocuments', 'predictive-power'], meta('predictive-power', { preferences: prefsText })],
    [['MetaDocuments', 'predictive-power', 'measures', '[]'], meta('predictive-power', { preferences: prefsText }).measures[0]],
    [['MetaDocuments', 'loo'], meta('loo', { groups })], [['MetaDocuments', 'loo', 'measures', '[]', 'runs', '[]'], meta('loo', { groups }).measures[0].runs[0]],
    [['MetaDocuments', 'topic-set-size'], meta('topic-set-size', { ciWidth: 0.2 })],
    [['MetaDocuments', 'topic-set-size', 'designs', '[]'], meta('topic-set-size', { ciWidth: 0.2 }).designs[0]],
    [['MetaDocuments', 'topic-set-size', 'measures', '[]'], meta('topic-set-size').measures[0]],
    [['MetaDocuments', 'power'], meta('power')], [['MetaDocuments', 'power', 'measures', '[]'], meta('power').measures[0]],
    [['TestResult'], irlens.stats.test('t', [0.1, 0.2, 0.4], [0.2, 0.3, 0.3])],
    [['CorrelationResult'], irlens.stats.correlation('tau_b', [1, 2, 3], [1, 3, 2])],
    [['RarityReport'], irlens.rarityReport(qrels, runs)], [['RarityReport', 'rows', '[]'], irlens.rarityReport(qrels, runs).rows[0]],
    [['UniqueContributions'], irlens.uniqueContributions(qrels, runs, { depth: 10, groups })],
    [['UniqueContributions', 'rows', '[]'], irlens.uniqueContributions(qrels, runs, { depth: 10 }).rows[0]],
    [['AlphaSweep'], irlens.alphaSweep(qrels, runs, 'P_rareness@5')], [['AlphaSweep', 'rows', '[]'], irlens.alphaSweep(qrels, runs, 'P_rareness@5').rows[0]],
    [['SampleSizeTau'], irlens.sampleSizeTau(qrels, runs, 'P_rareness(alpha=1)@5', { trials: 5 })],
    [['SampleSizeTau', 'rows', '[]'], irlens.sampleSizeTau(qrels, runs, 'P_rareness(alpha=1)@5', { trials: 5 }).rows[0]],
    [['SubtopicCoverage'], irlens.subtopicCoverage(drun, dq.topics[0])],
    [['CheckDocument'], check], [['CheckDocument', 'files', '[]'], check.files[0]], [['CheckDocument', 'files', '[]', 'findings', '[]'], check.files[0].findings[0]],
    [['Prefs', 'prefsInfo'], irlens.loadPrefs('1 0 0 a 1\n1 0 0 b 0\n').prefsInfo],
    [['Groups', 'info'], groups.info], [['Sessions', 'info', '[]'], irlens.loadSessions(text('sessions.tsv')).info[0]],
    ...judgmentsCases(irlens, qrels, runs),
  ];
  for (const [path, value] of cases) {
    assert.ok(value && typeof value === 'object', `${path.join('.')}: no value to check`);
    checkKeys(path, value);
  }
});

// Issue 38: the document of judgments() and its parts (a second qrels: the first with every grade 1 made 0).
function judgmentsCases(irlens, qrels, runs) {
  const text = readFileSync(join(EXAMPLES, 'qrels.txt'), 'utf8').replace(/ 1$/gm, ' 0');
  const doc = irlens.judgments(qrels, irlens.loadQrels(text, { name: 'b' }), runs, ['AP'], { B: 100 });
  const m = doc.conclusions.measures[0];
  return [
    [['JudgmentsDocument'], doc], [['JudgmentsDocument', 'labels'], doc.labels], [['JudgmentsDocument', 'labels', 'binary'], doc.labels.binary],
    [['JudgmentsDocument', 'topic_labels', '[]'], doc.topic_labels[0]], [['JudgmentsDocument', 'conclusions'], doc.conclusions],
    [['JudgmentsConclusionsJson'], m], [['JudgmentsConclusionsJson', 'runs', '[]'], m.runs[0]],
    [['JudgmentsConclusionsJson', 'tau_b'], m.tau_b], [['JudgmentsConclusionsJson', 'per_topic', '[]'], m.per_topic[0]],
  ];
}

test('npm pack, installed offline into a scratch project: node imports it and gets the CLI numbers', () => {
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: PKG, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  assert.equal(packed.name, 'irlens');
  assert.equal(packed.version, version, 'the package version is the core\'s (version.hpp)');
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'README.md', 'LICENSE', 'node.mjs', 'node.d.mts', 'irlens.mjs', 'irlens.d.mts', 'evaluation.mjs',
    'evaluation.d.mts', 'api.mjs', 'irlens_node.cjs', 'irlens_node.wasm', 'irlens_web.mjs', 'irlens_web.wasm', 'irlens-embed.single.js', 'style.css'])
    assert.ok(files.includes(f), `${f} is not in the tarball (${files.join(', ')})`);
  const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.equal(manifest.dependencies, undefined, 'no runtime dependency to fetch');

  execFileSync('mkdir', ['-p', scratch]);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module', dependencies: { irlens: `file:${join(work, packed.filename)}` } }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const f of [...RUNS, 'qrels.txt']) copyFileSync(join(EXAMPLES, f), join(scratch, f));
  writeFileSync(join(scratch, 'evaluate.mjs'), `import { createIrlens, loadQrelsFile, loadRunFile } from 'irlens';
import { evaluationView } from 'irlens/evaluation';
import pkg from 'irlens/package.json' with { type: 'json' };
const irlens = await createIrlens();
const qrels = await loadQrelsFile(irlens, 'qrels.txt');
const runs = [];
for (const f of ${JSON.stringify(RUNS)}) runs.push(await loadRunFile(irlens, qrels, f));
const result = irlens.evaluate(qrels, runs, ${JSON.stringify(MEASURES.split(' '))});
const again = evaluationView(result.raw);
console.log(JSON.stringify({ version: irlens.version, pkg: pkg.version, runs: result.runs, again: again.runs }));
`);
  const out = JSON.parse(execFileSync(process.execPath, ['evaluate.mjs'], { cwd: scratch, encoding: 'utf8' }));
  assert.equal(out.version, version);
  assert.equal(out.pkg, version);
  const cli = nativeEval(join(EXAMPLES, 'qrels.txt'), RUNS.map((r) => join(EXAMPLES, r)), MEASURES);
  assert.deepEqual(Object.keys(out.runs), RUNS);
  for (const run of RUNS) {
    for (const m of MEASURES.split(' ')) {
      const [w, v] = [out.runs[run].mean[m], cli.runs[run].mean[m]];
      assert.equal(typeof w, 'number', `${run} ${m}`);
      assert.ok(Math.abs(w - v) <= 1e-12 * Math.max(1, Math.abs(v)), `${run} ${m}: native ${v}, package ${w}`);
      assert.equal(out.again[run].mean[m], w);
    }
    for (const [topic, row] of Object.entries(cli.runs[run].per_topic))
      for (const m of MEASURES.split(' ')) assert.ok(Math.abs(out.runs[run].perTopic[topic][m] - row[m]) <= 1e-12, `${run} ${topic} ${m}`);
  }
});

test('the installed package type-checks, and a bundler takes its web build (exports: the node build for node, the web build otherwise)', async () => {
  for (const f of ['usage.ts', 'node-usage.ts', 'wrong-call.ts']) copyFileSync(join(TYPES, f), join(scratch, f));
  const browser = tsc(scratch, 'browser', BUNDLER, [join(scratch, 'usage.ts')]);
  assert.equal(browser.status, 0, browser.output);
  const node = tsc(scratch, 'node', NODE, [join(scratch, 'node-usage.ts')]);
  assert.equal(node.status, 0, node.output);
  const wrong = tsc(scratch, 'wrong', BUNDLER, [join(scratch, 'wrong-call.ts')]);
  assert.match(wrong.output, /wrong-call\.ts\(7,24\): error TS2345/);
  // a bundler for the browser takes the web build
  const { build } = await import('esbuild');
  const r = await build({ stdin: { contents: "import { createIrlens } from 'irlens'; createIrlens();", resolveDir: scratch }, absWorkingDir: scratch, bundle: true, platform: 'browser',
    format: 'esm', write: false, metafile: true, logLevel: 'silent', external: ['*.wasm'] });
  const inputs = Object.keys(r.metafile.inputs);
  assert.ok(inputs.includes('node_modules/irlens/irlens.mjs') && inputs.includes('node_modules/irlens/irlens_web.mjs'), `esbuild read ${inputs.join(', ')}`);
  assert.ok(!inputs.some((i) => i.endsWith('node.mjs')), inputs.join(', '));
  // and a browser app bundled so, its WASM served from elsewhere (locateFile), run over http below
  const texts = Object.fromEntries(['qrels.txt', ...RUNS].map((f) => [f, readFileSync(join(EXAMPLES, f), 'utf8')]));
  await build({
    stdin: {
      contents: `import { createIrlens } from 'irlens';
const texts = ${JSON.stringify(texts)};
const irlens = await createIrlens({ locateFile: (file) => 'assets/' + file });
const qrels = irlens.loadQrels(texts['qrels.txt'], { name: 'qrels.txt' });
const runs = ${JSON.stringify(RUNS)}.map((r) => irlens.loadRun(qrels, texts[r], { name: r }));
const result = irlens.evaluate(qrels, runs, ${JSON.stringify(MEASURES.split(' '))});
document.body.dataset.result = JSON.stringify(Object.fromEntries(Object.entries(result.runs).map(([r, v]) => [r, v.mean])));`,
      resolveDir: scratch,
    },
    absWorkingDir: scratch, bundle: true, platform: 'browser', format: 'esm', target: 'es2022', outfile: join(scratch, 'app.js'), logLevel: 'warning',
  });
  execFileSync('mkdir', ['-p', join(scratch, 'assets')]);
  copyFileSync(join(scratch, 'node_modules', 'irlens', 'irlens_web.wasm'), join(scratch, 'assets', 'irlens_web.wasm'));
  writeFileSync(join(scratch, 'app.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title><script type="module" src="app.js"></script></head><body></body></html>\n');
});

// A page using the embed bundle of the installed package, with examples/ written in it.
function embedPage() {
  const data = (attr, name, file) => `<script type="text/plain" ${attr} name="${name}">\n${readFileSync(join(EXAMPLES, file), 'utf8')}</script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>irlens package embed</title>
<link rel="stylesheet" href="node_modules/irlens/style.css">
<script src="node_modules/irlens/irlens-embed.single.js"></script>
</head><body><main>
<irlens-view id="table" view="table" measures="${MEASURES}">
${data('data-qrels', 'qrels.txt', 'qrels.txt')}
${RUNS.map((r) => data('data-run', r, r)).join('\n')}
</irlens-view>
<irlens-view id="chart" view="recall-precision" data-from="table"></irlens-view>
</main></body></html>
`;
}

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { if (browser) await browser.close(); });

async function checkEmbed(url, name) {
  const page = await newPage(browser.context);
  await page.goto(url);
  await page.waitForFunction(() => [...document.querySelectorAll('irlens-view')].every((v) => v.dataset.state), null, { timeout: 60000 });
  const states = await page.$$eval('irlens-view', (vs) => vs.map((v) => ({ id: v.id, state: v.dataset.state, text: v.querySelector('.irlens-embed').textContent.slice(0, 200) })));
  for (const v of states) assert.equal(v.state, 'done', `<irlens-view id=${v.id}>: ${v.text}`);
  const table = await page.$eval('#table table', (t) => ({
    head: [...t.querySelectorAll('thead th')].map((th) => th.textContent),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
  }));
  const cli = nativeEval(join(EXAMPLES, 'qrels.txt'), RUNS.map((r) => join(EXAMPLES, r)), MEASURES);
  assert.deepEqual(table.head, ['Run', ...MEASURES.split(' ')]);
  assert.deepEqual(table.rows, RUNS.map((r) => [r, ...MEASURES.split(' ').map((m) => cli.runs[r].mean[m].toFixed(4))]));
  assert.ok(await page.$('#chart .chart svg, #chart .chart canvas'), 'the recall-precision chart is drawn');
  await shot(page, `package-embed-${name}`);
  assert.deepEqual(page.log.errors, []);
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
  // the page, the bundle and its stylesheet: the WASM and the worker come from the bundle itself
  const base = url.slice(0, url.lastIndexOf('/') + 1);
  const fetched = page.log.requests.filter((u) => !u.startsWith('blob:') && !u.startsWith('data:')).map((u) => (u.startsWith(base) ? u.slice(base.length) : u));
  assert.deepEqual(fetched.sort(), ['embed.html', 'node_modules/irlens/irlens-embed.single.js', 'node_modules/irlens/style.css']);
  await page.close();
}

test('the embed bundle of the installed package works from file://', async () => {
  writeFileSync(join(scratch, 'embed.html'), embedPage());
  await checkEmbed(pathToFileURL(join(scratch, 'embed.html')).href, 'file');
});

test('the embed bundle and a bundled app of the installed package work over http (the web app\'s CSP)', async () => {
  const server = spawn(process.execPath, [join(ROOT, 'scripts', 'static-server.mjs'), scratch, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const url = await new Promise((res, rej) => {
      let text = '';
      server.stdout.on('data', (d) => { text += d; const m = text.match(/http:\/\/\S+\//); if (m) res(m[0]); });
      server.once('exit', (code) => rej(new Error(`static server exited with ${code}: ${text}`)));
    });
    await checkEmbed(`${url}embed.html`, 'http');
    // the bundled app of the test above: the web build, its WASM where locateFile says
    const page = await newPage(browser.context);
    await page.goto(`${url}app.html`);
    await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 60000 });
    const means = JSON.parse(await page.evaluate(() => document.body.dataset.result));
    const cli = nativeEval(join(EXAMPLES, 'qrels.txt'), RUNS.map((r) => join(EXAMPLES, r)), MEASURES);
    for (const run of RUNS)
      for (const m of MEASURES.split(' ')) assert.ok(Math.abs(means[run][m] - cli.runs[run].mean[m]) <= 1e-12, `bundled app: ${run} ${m}: native ${cli.runs[run].mean[m]}, page ${means[run][m]}`);
    assert.ok(page.log.requests.includes(`${url}assets/irlens_web.wasm`), page.log.requests.join(', '));
    assert.deepEqual(page.log.errors, []);
    await page.close();
  } finally {
    server.kill();
  }
});
