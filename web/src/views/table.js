// The results table: runs x measures, mean with its 95% interval (table-intervals.js: bootstrap
// percentile by default, t as a setting; "–" where undefined), sortable by any
// column, best mean per column marked; with a baseline, each cell adds the difference of means
// and wins/ties/losses over the topics both runs were scored on. The header row and the run
// column stay in view while the table scrolls (style.css); a filter shows the runs whose name,
// tag or team contains its text. With run groups loaded, a Team column and a leaderboard mode (the
// best run of each team, ranked; base/table-rows.js, which also gives the exports their order). Rows are attached CHUNK at a time, more as the table is scrolled to its
// end: laying out 500 runs x 20 measures at once takes the browser seconds, a chunk a fraction.
//
// Annotations: app.cellAnnotators is a list of functions ({app, run, measure, baseline}) ->
// {text, title, className} | null whose results are appended to the cell (significance markers:
// significance.js). app.tableAddons: functions (app) -> Element | null shown above the table
// (e.g. the markers' settings and legend).
//
// The means show first: the bootstrap intervals, computed by the worker after it (issue 42), fill
// in when they arrive (intervals(), called by app.js); till then the table is aria-busy, each
// interval says "computing…", and the exports wait for them (app.intervalsReady()).
import { toCSV, toJSON, toLaTeX, toLaTeXCompact, provenance } from '../base/exports.js';
import { download } from '../ui/downloads.js';
import { el, noData, select } from '../ui/util.js';
import { TABLE_INTERVALS, intervalName, intervalsPending } from '../base/table-intervals.js';
import { tableRows, bestOfRows } from '../base/table-rows.js';
import { teams } from '../base/teams.js';
import { reportButton } from '../ui/report.js';
import { tableCell, tableCaption, fillIntervals } from '../ui/table-cells.js';

const CHUNK = 100;

/**
 * Fills `tbody` with the rows of the runs (in order) whose name, tag or team contains `filter`, CHUNK
 * at a time as the last attached row comes near the view of `wrap`; row(run) builds a row once.
 * Returns apply(filter) for a new filter text.
 */
function lazyRows({ runs, tags, row, tbody, wrap, count }) {
  let shown = runs, attached = 0, filtered = false;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    more();
  }, { root: wrap, rootMargin: '600px 0px' });
  const say = () => {
    const parts = [];
    if (filtered) parts.push(`${shown.length} of ${runs.length} runs`);
    if (attached < shown.length) parts.push(`${attached} rows shown, more as you scroll the table`);
    count.textContent = parts.join('; ');
  };
  function more() {
    const next = shown.slice(attached, attached + CHUNK).map(row);
    tbody.append(...next);
    attached += next.length;
    if (attached < shown.length) observer.observe(tbody.lastElementChild);
    say();
  }
  return (filter) => {
    const t = filter.trim().toLowerCase();
    filtered = !!t;
    shown = t ? runs.filter((r) => `${r}\n${tags[r] || ''}`.toLowerCase().includes(t)) : runs;
    tbody.dataset.rows = String(shown.length); // all the rows there will be (tests scroll them in)
    observer.disconnect();
    tbody.textContent = '';
    attached = 0;
    more();
  };
}

export const tableView = {
  id: 'table',
  label: 'Table',
  render(container, app) {
    const { result } = app.state;
    if (!result) return noData(container);
    const measures = result.measures;
    const base = app.state.settings.b;
    const [sortCol, sortDir] = (app.state.settings.sort || '').split(':');
    const header = (col, label, title) => {
      const dir = sortCol === col ? sortDir : null;
      const next = dir === 'desc' ? 'asc' : 'desc';
      return el('th', { scope: 'col', 'aria-sort': dir ? (dir === 'asc' ? 'ascending' : 'descending') : 'none', title },
        el('button', { type: 'button', class: 'sort', onclick: () => app.set({ sort: `${col}:${next}` }) },
          label, el('span', { 'aria-hidden': 'true', class: 'arrow' }, dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : '')));
    };
    const what = intervalName(app);
    const groups = teams(app);
    const shownRows = tableRows(app);
    const { rows, leaderboard } = shownRows;
    const best = bestOfRows(app, shownRows);
    const rankOf = Object.fromEntries(rows.map((r) => [r.run, r.rank]));
    const teamOf = Object.fromEntries(rows.map((r) => [r.run, r.team]));
    const thead = el('thead', {}, el('tr', {}, header('run', leaderboard ? '# Run' : 'Run'),
      groups ? Object.assign(header('team', 'Team', `the run's group in ${groups.file}`), { className: 'team' }) : null, measures.map((m) => header(m, m, result.measuresFull[m]))));
    const tbody = el('tbody');
    const built = new Map();
    const row = (run) => {
      if (!built.has(run)) built.set(run, makeRow(run));
      return built.get(run);
    };
    const makeRow = (run) => {
      const r = result.runs[run];
      const tr = el('tr', { 'data-run': run, class: run === base ? 'baseline' : null },
        el('th', { scope: 'row' }, leaderboard ? el('span', { class: 'rank' }, `${rankOf[run]}. `) : null, run, r.tag && r.tag !== run ? el('div', { class: 'tag' }, r.tag) : null, run === base ? el('div', { class: 'tag' }, 'baseline') : null),
        groups ? el('td', { class: `team${teamOf[run] === null ? ' undefined' : ''}`, 'data-column': 'team', title: teamOf[run] === null ? `no group in ${groups.file}` : null }, teamOf[run] ?? '–') : null);
      for (const m of measures) tr.append(tableCell(app, run, m, { best: best[m], what, base }));
      return tr;
    };
    const count = el('span', { class: 'hint', 'aria-live': 'polite' });
    const filter = el('input', { id: 'table-filter', type: 'search', autocomplete: 'off', spellcheck: 'false', value: app.tableFilter || '',
      oninput: (e) => { app.tableFilter = e.target.value; applyFilter(app.tableFilter); } });
    const caption = tableCaption(app, what);
    const wrap = el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Results table' }, el('table', { id: 'results', 'aria-busy': intervalsPending(app) ? 'true' : null }, caption, thead, tbody));
    const runs = rows.map((r) => r.run);
    const tags = Object.fromEntries(runs.map((r) => [r, [result.runs[r].tag, teamOf[r]].filter(Boolean).join('\n')]));
    const applyFilter = lazyRows({ runs, tags, row, tbody, wrap, count });
    applyFilter(app.tableFilter || '');
    // An export waits for the intervals the table shows (computed after the means, app.js), its
    // button busy meanwhile.
    const exportProvenance = async (button) => {
      if (intervalsPending(app)) button.setAttribute('aria-busy', 'true');
      try {
        await app.intervalsReady();
      } finally {
        button.removeAttribute('aria-busy');
      }
      return provenance(app, await app.fileHashes());
    };
    const exportButton = (label, ext, type, make) =>
      el('button', { type: 'button', class: 'small', 'data-export': `table.${ext}`, onclick: async (e) => download(`irlens-table.${ext}`, make(app, await exportProvenance(e.currentTarget)), type) }, label);
    container.textContent = '';
    container.dataset.warnings = String(result.warnings.length); // what this render showed (tests compare the box with it)
    container.append(
      el('div', { class: 'exports', role: 'group', 'aria-label': 'Export the table' }, 'Export: ',
        exportButton('CSV', 'csv', 'text/csv', toCSV), ' ', exportButton('JSON', 'json', 'application/json', toJSON), ' ', exportButton('LaTeX', 'tex', 'application/x-tex', toLaTeX),
        ' ', el('button', { type: 'button', class: 'small', 'data-export': 'table-compact.tex', title: 'means with their markers, no intervals: fits the width of a page',
          onclick: async (e) => download('irlens-table-compact.tex', toLaTeXCompact(app, await exportProvenance(e.currentTarget)), 'application/x-tex') }, 'LaTeX (compact)'),
        ' ', reportButton(app)),
      ...(app.tableAddons || []).map((addon) => addon(app)).filter(Boolean),
      el('div', { class: 'controls' }, el('label', { class: 'field', for: 'table-filter' }, groups ? 'Filter runs or teams ' : 'Filter runs ', filter),
        select(app, 'Interval', 'tci', TABLE_INTERVALS, app.state.settings.tci),
        groups ? el('label', { class: 'field' }, el('input', { type: 'checkbox', id: 'leaderboard', checked: !!leaderboard, onchange: (e) => app.set({ lb: e.target.checked ? '1' : '' }) }), ' Best run of each team') : null,
        count),
      ...(leaderboard ? [el('p', { class: 'hint', id: 'leaderboard-note' }, `Leaderboard: the best run of each of the ${leaderboard.teams} teams by mean ${leaderboard.measure} (${leaderboard.direction} is better), ranked (#)${groups.unmatched.length ? `; ${groups.unmatched.length} run${groups.unmatched.length === 1 ? '' : 's'} without a team left out` : ''}.`)] : []),
      ...(result.percentile && result.percentile.error && app.state.settings.tci !== 't'
        ? [el('p', { class: 'hint', role: 'status' }, `No percentile intervals: ${result.percentile.error}`)] : []),
      wrap,
      ...(result.warnings.length ? [el('details', { class: 'warnings' }, el('summary', {}, `${result.warnings.length} warning(s)`), el('ul', {}, result.warnings.map((w) => el('li', {}, w))))] : []),
    );
  },
  /** The table's intervals arrived (app.js): filled in where the rendered table says "computing…". */
  intervals(container, app) {
    const table = container.querySelector('#results');
    if (table) fillIntervals(app, table);
  },
};
