// The organiser's deliverables on a real campaign (issue 28): TREC-COVID round 1 (../shared/data/
// covid-r1: 143 runs, 30 topics) with its leaderboard CSV as run groups, through the page's
// controls. The leaderboard is edited as a campaign's often is: the three runs of team IRC are
// listed with a ".txt" the run names lose (they must still find their team), and the one run of
// team Factum is left out (it must be listed as a run without a group). Checked: the team column
// in the table and in the CSV, JSON and LaTeX exports; the filter by team; the leaderboard mode
// (one row per team, its best run, ranked); the charts' colours by team with their legend; the
// topic-difficulty view against the native CLI's per-topic scores; the exports in the order shown;
// and the LaTeX exports compiled by pdflatex (no "Float too large", no overfull box over 1 pt, the
// caption there). Screenshots at 1400 px and 390 px in tests/artifacts/organiser-*.png.
// Without ../shared every test says SKIPPED; without pdflatex the compile test says SKIPPED.
// Run: web/build.sh && node --test tests/web/organiser.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS, SHARED, browserSession, tableTexts, nativeEval, afterRender, allRows, downloadOf } from './harness.mjs';

const DIR = join(SHARED, 'data', 'covid-r1');
const QRELS = join(DIR, 'qrels-rnd1.txt');
const RUNS = existsSync(DIR) ? readdirSync(join(DIR, 'runs')).sort().map((r) => join(DIR, 'runs', r)) : [];
const session = browserSession({ ownChromium: true }); // covid-r1's 143 runs chosen: uploaded over a shared browser's connection (harness.mjs)

/** The leaderboard's run -> team, and the edited groups file (IRC's tags with ".txt", Factum's line removed). */
function groupsFile(tmp) {
  const lines = readFileSync(join(DIR, 'leaderboard.csv'), 'utf8').trim().split('\n');
  const team = {};
  const out = [lines[0]];
  for (const line of lines.slice(1)) {
    const [run, t] = line.split(',');
    team[run] = t;
    if (t === 'Factum') continue;
    out.push(t === 'IRC' ? line.replace(/^[^,]+/, `${run}.txt`) : line);
  }
  const path = join(tmp, 'leaderboard-edited.csv');
  writeFileSync(path, out.join('\n') + '\n');
  return { path, team };
}

function pdflatex() {
  try {
    execFileSync('pdflatex', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Compiles `table` (a LaTeX export) in an article with booktabs and longtable, twice; returns {log,
 * aux, overfull: [pt], floatTooLarge, onePass}. onePass: the second pass's PDF is the first's, byte
 * for byte (dates fixed: SOURCE_DATE_EPOCH), so the first was already aligned (issue 35: longtable
 * otherwise takes its column widths from the .aux of an earlier pass). Throws with the log's end
 * when pdflatex fails.
 */
function compile(tmp, name, table) {
  writeFileSync(join(tmp, `${name}-table.tex`), table);
  writeFileSync(join(tmp, `${name}.tex`), `\\documentclass{article}\n\\usepackage{booktabs,longtable}\n\\begin{document}\n\\input{${name}-table}\n\\end{document}\n`);
  const env = { ...process.env, SOURCE_DATE_EPOCH: '1', FORCE_SOURCE_DATE: '1' };
  const run = () => execFileSync('pdflatex', ['-interaction=nonstopmode', '-halt-on-error', `${name}.tex`], { cwd: tmp, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  let first;
  try {
    rmSync(join(tmp, `${name}.aux`), { force: true });
    run();
    first = readFileSync(join(tmp, `${name}.pdf`));
    run(); // longtable settles its column widths over two runs, unless the first had them
  } catch (e) {
    const log = existsSync(join(tmp, `${name}.log`)) ? readFileSync(join(tmp, `${name}.log`), 'latin1') : String(e.stdout);
    throw new Error(`pdflatex failed on ${name}: ${log.slice(-3000)}`);
  }
  const log = readFileSync(join(tmp, `${name}.log`), 'latin1');
  const overfull = [...log.matchAll(/Overfull \\[hv]box \(([\d.]+)pt too (?:wide|high)/g)].map((m) => Number(m[1]));
  return { log, aux: readFileSync(join(tmp, `${name}.aux`), 'latin1'), overfull, floatTooLarge: /Float too large/.test(log), onePass: first.equals(readFileSync(join(tmp, `${name}.pdf`))) };
}

/** The runs of the table in the order shown. */
async function shownRuns(page) {
  await allRows(page);
  return page.$$eval('#results tbody tr', (trs) => trs.map((tr) => tr.dataset.run));
}

test('a campaign with its leaderboard as run groups: teams, leaderboard mode, colours, topic difficulty, exports in the order shown, LaTeX that compiles', async (t) => {
  if (!existsSync(DIR)) {
    console.log(`SKIPPED: ${DIR} is absent`);
    t.skip(`${DIR} is absent`);
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'irlens-organiser-'));
  t.after(() => rmSync(tmp, { recursive: true, force: true }));
  const groups = groupsFile(tmp);
  const measures = 'nDCG@10 P@5 RBP(p=0.5) bpref AP';
  const page = await session.open(`#m=${encodeURIComponent(measures)}`);
  await page.setViewportSize({ width: 1400, height: 900 });
  await afterRender(page, () => page.setInputFiles('#qrels-file', QRELS));
  await afterRender(page, () => page.setInputFiles('#run-files', RUNS), undefined, { timeout: 300000 });
  await afterRender(page, () => page.setInputFiles('#side-groups', groups.path));
  const runs = RUNS.map((p) => p.split('/').pop().replace(/\.gz$/, ''));
  assert.equal(Object.keys(await tableTexts(page)).length, 143);
  const native = nativeEval(QRELS, RUNS, measures);

  // The team column: every run's team from the leaderboard, the IRC runs too (".txt" tags); Factum's run: none.
  const factum = runs.filter((r) => groups.team[r] === 'Factum');
  const irc = runs.filter((r) => groups.team[r] === 'IRC');
  assert.equal(factum.length, 1);
  assert.equal(irc.length, 3);
  await allRows(page);
  const teamCells = Object.fromEntries(await page.$$eval('#results tbody tr', (trs) => trs.map((tr) => [tr.dataset.run, tr.querySelector('td.team').textContent])));
  for (const r of runs) assert.equal(teamCells[r], r === factum[0] ? '–' : groups.team[r], r);
  assert.equal(await page.textContent('#results thead th:nth-child(2)'), 'Team');
  // The runs without a group: one warning listing them (the IRC runs are not among them).
  const warnings = await page.$$eval('#view details.warnings li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(warnings.filter((w) => /without a group/.test(w)),
    [`1 run without a group in leaderboard-edited.csv (matched by name, or by name without .gz/.txt/.tsv): ${factum[0]}`]);
  // The run manager shows the IRC runs' team (matched without ".txt").
  for (const r of irc) assert.equal(await page.inputValue(`#file-list input[aria-label="Group of ${r}"]`), 'IRC');

  // The filter finds a team's runs by the team's name (GUIR_S2's runs are run1, run2, run3...).
  const guir = runs.filter((r) => groups.team[r] === 'GUIR_S2');
  assert.ok(guir.length >= 2 && guir.every((r) => !r.includes('GUIR_S2')), guir.join(', '));
  await page.fill('#table-filter', 'guir_s2');
  const tags = await page.evaluate(() => Object.fromEntries(Object.entries(window.irlensApp.state.result.runs).map(([r, v]) => [r, v.tag])));
  const want = runs.filter((r) => groups.team[r] === 'GUIR_S2' || `${r}\n${tags[r]}`.toLowerCase().includes('guir_s2'));
  assert.deepEqual(await shownRuns(page), want);
  await page.fill('#table-filter', '');

  // Sorted by nDCG@10 (descending): the exports follow the order shown, with the team column.
  await afterRender(page, () => page.click('#results thead button:has-text("nDCG@10")'));
  const order = await shownRuns(page);
  const byMean = [...runs].sort((a, b) => native.runs[b].mean['nDCG@10'] - native.runs[a].mean['nDCG@10']);
  assert.deepEqual(order.map((r) => native.runs[r].mean['nDCG@10'].toFixed(12)), byMean.map((r) => native.runs[r].mean['nDCG@10'].toFixed(12)));
  const csv = (await downloadOf(page, '[data-export="table.csv"]')).text.trim().split('\n');
  const prov = JSON.parse(csv[0].replace(/^# provenance: /, ''));
  assert.deepEqual(prov.table, { format: 2, order: 'nDCG@10:desc', groups: 'leaderboard-edited.csv', leaderboard: null });
  assert.equal(csv[1], 'run,team,tag,measure,mean,ci95_low,ci95_high');
  const csvRows = csv.slice(2).map((l) => l.split(','));
  assert.deepEqual([...new Set(csvRows.map((c) => c[0]))], order);
  for (const c of csvRows) assert.equal(c[1], c[0] === factum[0] ? '' : groups.team[c[0]], c.join(','));
  const json = JSON.parse((await downloadOf(page, '[data-export="table.json"]')).text);
  assert.deepEqual(json.order, order);
  assert.deepEqual(Object.keys(json.runs), order);
  for (const r of runs) assert.equal(json.runs[r].team, r === factum[0] ? null : groups.team[r], r);
  const tex = (await downloadOf(page, '[data-export="table.tex"]')).text;
  // A row: \parbox[t]{0.2\linewidth}{\raggedright RUN} & \parbox[t]{0.16\linewidth}{\raggedright TEAM} & means \\
  const name = (cell) => cell.replace(/^\\parbox\[t\]\{[\d.]+\\linewidth\}\{\\raggedright (.*)\}$/, '$1').replace(/\\allowbreak\{\}/g, '').replace(/\{\\fontencoding\{OT1\}\\ttfamily\\char95\}/g, '_');
  const texRows = tex.split('\n').filter((l) => l.startsWith('\\parbox')).map((l) => l.split(' & '));
  assert.deepEqual(texRows.map((c) => name(c[0])), order);
  assert.deepEqual(texRows.map((c) => name(c[1])), order.map((r) => (r === factum[0] ? '--' : groups.team[r])));
  // The header: Run & Team & the measures, each cell stacked over its column's widest content (\ooalign{LABEL\hfil\cr PHANTOM\cr})
  const headLine = tex.split('\n').find((l) => l.startsWith('\\ooalign{Run'));
  assert.deepEqual(headLine.split(' & ').map((c) => c.match(/^\\ooalign\{(?:\\hfil )?(.*?)(?:\\hfil)?\\cr/)[1]), ['Run', 'Team', 'nDCG@10', 'P@5', 'RBP(p=0.5)', 'Bpref', 'AP']);
  assert.ok(texRows[0][2].startsWith('\\textbf{'), texRows[0].join(' & ')); // the best nDCG@10, in bold
  const compact = (await downloadOf(page, '[data-export="table-compact.tex"]')).text;
  for (const [name, text] of [['full', tex], ['compact', compact]]) {
    assert.ok(/\\begin\{longtable\}/.test(text) && !/\\begin\{table\}/.test(text), `${name}: a longtable, no table float`);
  }
  for (const [width, suffix] of [[1400, 'wide'], [390, 'phone']]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.querySelector('#tabs').scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, `organiser-table-${suffix}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  await t.test('the LaTeX exports compile with pdflatex: longtable over pages, the caption, no box overfull by more than 1 pt (full and compact)', (st) => {
    if (!pdflatex()) {
      console.log('SKIPPED: pdflatex is absent (scripts/deps.sh installs texlive-latex-base and texlive-latex-recommended)');
      st.skip('pdflatex is absent');
      return;
    }
    for (const [name, text] of [['full', tex], ['compact', compact]]) {
      const out = compile(tmp, name, text);
      assert.equal(out.floatTooLarge, false, `${name}: Float too large`);
      assert.match(out.aux, /\\contentsline \{table\}\{\\numberline \{1\}\{(\\ignorespaces )?Mean over topics/, `${name}: no caption in the list of tables`);
      assert.match(out.log, /Output written on \S+ \((\d+) pages/, name);
      assert.ok(Number(out.log.match(/\((\d+) pages/)[1]) >= 3, `${name}: 143 runs over several pages`);
      const over = out.overfull.filter((pt) => pt > 1);
      assert.deepEqual(over, [], `${name}: overfull boxes of ${over.join(', ')} pt`);
      assert.ok(out.onePass, `${name}: the second pdflatex pass changed the PDF (not aligned in one pass)`);
    }
  });

  // Leaderboard mode: one row per team (55: Factum's run has none), its best run by nDCG@10, ranked.
  await afterRender(page, () => page.check('#leaderboard'));
  const board = await shownRuns(page);
  const teamsOf = [...new Set(runs.filter((r) => r !== factum[0]).map((r) => groups.team[r]))];
  assert.equal(board.length, teamsOf.length);
  assert.equal(board.length, 55);
  for (const team of teamsOf) {
    const members = runs.filter((r) => groups.team[r] === team);
    const best = Math.max(...members.map((r) => native.runs[r].mean['nDCG@10']));
    const row = board.find((r) => groups.team[r] === team);
    assert.ok(row, `${team}: no row`);
    assert.equal(native.runs[row].mean['nDCG@10'], best, `${team}: ${row} is not its best run`);
  }
  const ranks = await page.$$eval('#results tbody tr .rank', (s) => s.map((x) => x.textContent));
  assert.deepEqual(ranks, board.map((_, i) => `${i + 1}. `));
  assert.match(await page.textContent('#leaderboard-note'), /the best run of each of the 55 teams by mean nDCG@10 \(higher is better\), ranked \(#\); 1 run without a team left out/);
  const boardCsv = (await downloadOf(page, '[data-export="table.csv"]')).text.trim().split('\n');
  assert.equal(boardCsv[1], 'rank,run,team,tag,measure,mean,ci95_low,ci95_high');
  assert.deepEqual(boardCsv.slice(2).filter((l) => l.split(',')[4] === 'nDCG@10').map((l) => l.split(',').slice(0, 2)), board.map((r, i) => [String(i + 1), r]));
  assert.deepEqual(JSON.parse(boardCsv[0].replace(/^# provenance: /, '')).table.leaderboard, { measure: 'nDCG@10', direction: 'higher', teams: 55 });
  // Bold marks the best of the rows shown (issue 35): here of the 55 teams' best runs, in every column (every measure: higher is better).
  assert.match(await page.textContent('#results caption'), /Best per column among the rows shown in bold\./);
  for (const m of measures.split(' ')) {
    const top = Math.max(...board.map((r) => native.runs[r].mean[m]));
    const bold = await page.$$eval(`#results tbody td.best[data-measure="${m}"]`, (tds) => tds.map((td) => td.closest('tr').dataset.run));
    assert.deepEqual(bold, board.filter((r) => native.runs[r].mean[m] === top), `${m}: the bold cells of the leaderboard`);
  }
  // With a baseline (its markers in the cells) the leaderboard's LaTeX: a bold mean in every column, the rule in the caption.
  await afterRender(page, () => page.selectOption('#baseline', board[1]));
  await page.waitForSelector('#results .sig-marker', { state: 'attached', timeout: 300000 });
  const boardTex = { full: (await downloadOf(page, '[data-export="table.tex"]')).text, compact: (await downloadOf(page, '[data-export="table-compact.tex"]')).text };
  for (const [name, text] of Object.entries(boardTex)) {
    const rows = text.split('\n').filter((l) => /^\d+ & /.test(l)).map((l) => l.replace(/ \\\\$/, '').split(' & '));
    assert.equal(rows.length, 55, name);
    measures.split(' ').forEach((m, i) => assert.ok(rows.some((c) => c[3 + i].startsWith('\\textbf{')), `${name}: no bold ${m} among the leaderboard's rows`));
    assert.match(text, /\\caption\{[^\n]*best per column among the rows shown in bold\./, name);
    // compact: a run's name in one piece (never broken at _ . - or inside a word); inside the \mbox,
    // groups of up to two levels: the typewriter glyphs of _ ^ ~ ... ({\fontencoding{OT1}\ttfamily\char95})
    if (name === 'compact') for (const c of rows) assert.match(c[1], /^(\{\\itshape )?\\mbox\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}\}?$/, c[1]);
  }
  await t.test('the leaderboard\'s LaTeX with markers compiles aligned in one pdflatex pass, no box overfull by more than 1 pt (full and compact)', (st) => {
    if (!pdflatex()) {
      console.log('SKIPPED: pdflatex is absent (scripts/deps.sh installs texlive-latex-base and texlive-latex-recommended)');
      st.skip('pdflatex is absent');
      return;
    }
    for (const [name, text] of Object.entries(boardTex)) {
      const out = compile(tmp, `board-${name}`, text);
      const over = out.overfull.filter((pt) => pt > 1);
      assert.deepEqual(over, [], `board ${name}: overfull boxes of ${over.join(', ')} pt`);
      assert.ok(out.onePass, `board ${name}: the second pdflatex pass changed the PDF`);
    }
  });
  await afterRender(page, () => page.selectOption('#baseline', ''));
  await page.evaluate(() => document.querySelector('#tabs').scrollIntoView());
  await page.screenshot({ path: join(ARTIFACTS, 'organiser-leaderboard-wide.png') });
  await afterRender(page, () => page.uncheck('#leaderboard'));

  // Colours by team: every run drawn, 56 teams (Factum's run: "no group"), the 18 of the best runs in colour, the rest grey.
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ v: 'charts', rn: '143' })), 'charts');
  await page.waitForFunction(() => document.querySelectorAll('#chart-recall-precision svg').length === 1);
  assert.equal(await page.textContent('#colour-note'),
    '143 runs of 56 groups: the 18 groups with the best runs (by the mean of the measure the runs are chosen by) in colour, the other 38 grey ("38 other groups" in the legend); hover a line for its run.');
  const legend = await page.$$eval('#chart-recall-precision .role-legend-label text', (ts) => ts.map((x) => x.textContent));
  const bestTeams = [...new Set(byMean.map((r) => (r === factum[0] ? 'no group' : groups.team[r])))].slice(0, 18);
  assert.deepEqual(legend, [...bestTeams, '38 other groups']);
  for (const [width, suffix] of [[1400, 'wide'], [390, 'phone']]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => document.querySelector('#tabs').scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, `organiser-charts-${suffix}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // Topic difficulty by nDCG@10 against the native CLI's per-topic scores (every qrels topic: --missing zero).
  await afterRender(page, () => page.evaluate(() => window.irlensApp.set({ v: 'difficulty', rn: '8' })), 'difficulty');
  await page.waitForSelector('#chart-difficulty canvas, #chart-difficulty svg');
  const shown = await page.$$eval('#difficulty tbody tr', (trs) => trs.map((tr) => Object.fromEntries([...tr.children].map((td) => [td.dataset.column, td.textContent]))));
  const topics = Object.keys(native.runs[runs[0]].per_topic);
  assert.equal(shown.length, topics.length);
  const stats = topics.map((topic) => {
    const scores = runs.map((r) => ({ r, v: native.runs[r].per_topic[topic]['nDCG@10'] }));
    const x = scores.map((s) => s.v).sort((a, b) => a - b);
    const best = scores.reduce((a, b) => (b.v > a.v ? b : a));
    const above = scores.filter((s) => s.v > 0);
    return { topic, mean: x.reduce((a, b) => a + b, 0) / x.length, median: (x[71] + x[71]) / 2, min: x[0], max: x[142], best: best.r,
      above: above.length, teams: new Set(above.map((s) => (s.r === factum[0] ? `run ${s.r}` : groups.team[s.r]))).size };
  }).sort((a, b) => a.mean - b.mean || (a.topic < b.topic ? -1 : 1));
  shown.forEach((row, i) => {
    const s = stats[i];
    assert.deepEqual(row, {
      topic: s.topic, runs: '143', mean: s.mean.toFixed(4), median: s.median.toFixed(4), min: s.min.toFixed(4), max: s.max.toFixed(4),
      best_run: s.best, best_team: s.best === factum[0] ? '–' : groups.team[s.best], runs_above_0: String(s.above), teams_above_0: String(s.teams),
    }, `topic ${s.topic}`);
  });
  const failed = stats.filter((s) => s.above === 0).map((s) => s.topic);
  assert.equal(await page.textContent('#topics-failed'), `Every run scores 0 (${failed.length}): ${failed.length ? failed.join(', ') : 'none'}`);
  const one = stats.filter((s) => s.above > 0 && s.teams === 1);
  assert.match(await page.textContent('#topics-one-solver'), new RegExp(`^Only one team scores above 0 \\(${one.length}\\): `));
  // 143 runs x 30 topics: a canvas heatmap; its exports and the table's.
  assert.equal(await page.$$eval('#chart-difficulty canvas', (c) => c.length), 1);
  const dcsv = (await downloadOf(page, '[data-export="topic-difficulty.csv"]')).text.trim().split('\n');
  assert.equal(dcsv[1], 'topic,runs,mean,median,min,max,best_run,best_team,runs_above_0,teams_above_0');
  assert.deepEqual(dcsv.slice(2).map((l) => l.split(',')[0]), stats.map((s) => s.topic));
  const png = await downloadOf(page, '[data-export="topic-difficulty-heatmap.png"]');
  assert.equal(png.name, 'topic-difficulty-heatmap.png');
  for (const [width, suffix] of [[1400, 'wide'], [390, 'phone']]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= width, `difficulty: no horizontal scrolling of the page at ${width} px (${overflow} px wide)`);
    await page.evaluate(() => document.querySelector('#tabs').scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, `organiser-difficulty-${suffix}.png`) });
  }
  assert.deepEqual(page.log.errors, []);
  await page.close();
});
