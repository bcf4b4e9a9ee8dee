// What the Judgments view's exports hold (views/judgments.js; the document of `irlens judgments
// --format json`, docs/statistics.md "Two sets of judgments compared"): the label table's rows as
// the CSV writes them, the scatter's rows (each run's means with their bootstrap intervals), the
// LaTeX tables (the CLI's `-f latex` bytes, after one provenance comment line) and the
// `analysis` record of the provenance: both qrels with their SHA-256, the measures, the test and
// correction, the bootstrap's B and seed, and the exports' format version. DOM-free.
import { texEscape } from './tex-escape.js';

/**
 * Version of the Judgments view's exports (CSV, JSON, LaTeX, the scatter's SVG, PNG, CSV, JSON), in
 * their provenance (`analysis.format`; docs/web-app.md, "Judgments"). 1 (issue 38): the label
 * table, the document, the LaTeX tables, the scatter's runs with their intervals. 2: the LaTeX prints
 * an undefined value as `undefined` (1: `nan`), as the CLI's does since its output format 5.
 */
export const JUDGMENTS_FORMAT = 2;

export const LABEL_COLUMNS = ['scope', 'pairs', 'observed', 'expected', 'kappa', 'kappa_linear', 'kappa_quadratic', 'alpha_nominal', 'alpha_ordinal',
  'alpha_interval', 'binary_agreement', 'binary_kappa', 'note'];

/** A row of the label table as the CSV writes it (undefined values empty). */
export const labelRecord = (scope, l) => ({ ...l, scope, binary_agreement: l.binary.agreement, binary_kappa: l.binary.kappa });

/** The label table: the overall row ('all'), then one per topic both sets judge. */
export const labelRows = (doc) => [labelRecord('all', doc.labels), ...doc.topic_labels.map((t) => labelRecord(t.topic, t))];

/** The columns of the scatter's data: each run's means, their intervals' bounds and ranks. */
export const RUN_COLUMNS = ['run', 'mean_a', 'mean_a_low', 'mean_a_high', 'mean_b', 'mean_b_low', 'mean_b_high', 'rank_a', 'rank_b'];

/** One measure's runs (conclusions.measures[i].runs) as rows of RUN_COLUMNS. */
export const runRows = (m) => m.runs.map((r) => ({
  run: r.run, mean_a: r.mean_a, mean_a_low: r.interval_a[0], mean_a_high: r.interval_a[1],
  mean_b: r.mean_b, mean_b_low: r.interval_b[0], mean_b_high: r.interval_b[1], rank_a: r.rank_a, rank_b: r.rank_b,
}));

/**
 * The provenance's `analysis` of every Judgments export. a, b: {name, bytes, sha256} of qrels A (the
 * loaded one) and B (the view's); options: those given to judgments() (threshold, mapB, test,
 * correction, B, seed); doc: the document (alpha and confidence as computed); extra: what one export
 * adds (the chart's view and measure).
 */
export function judgmentsAnalysis({ a, b, measures, options, doc }, extra = {}) {
  const c = doc && doc.conclusions;
  return {
    name: 'judgments',
    format: JUDGMENTS_FORMAT,
    qrels_a: a,
    qrels_b: b,
    measures,
    threshold: options.threshold,
    map_b: options.mapB || null,
    test: options.test,
    correction: options.test === 'tukey' ? null : options.correction,
    alpha: c ? c.alpha : null,
    confidence: c ? c.confidence : null,
    ...extra,
  };
}

/** The seeds record of the provenance: the bootstrap intervals and the randomised tests draw with these. */
export const judgmentsSeeds = (options) => ({ judgments: { seed: options.seed, B: options.B } });

// The CLI's LaTeX cell (cli/cmd_judgments.cpp): fixed(v, 4), an undefined value (null) as `undefined`.
const fixed = (v) => (v === null || v === undefined ? 'undefined' : v.toFixed(4));

/**
 * The LaTeX tables of `irlens judgments -f latex` (cli/cmd_judgments.cpp, precision 4) for the
 * document, after a `% provenance: {...}` line: the overall agreement and, per measure, the
 * correlations of the orderings and the verdicts changed.
 */
export function judgmentsLaTeX(doc, prov) {
  const l = doc.labels;
  const lines = [
    `% provenance: ${JSON.stringify(prov)}`,
    `% irlens judgments (irlens ${doc.irlens}): A = ${doc.qrels_a}, B = ${doc.qrels_b}`,
    `% topics: ${doc.topics.note}`,
    '\\begin{tabular}{lr}', '\\hline', `Agreement (${l.pairs} pairs) & \\\\`, '\\hline',
    `Observed agreement & ${fixed(l.observed)} \\\\`,
    `Cohen's $\\kappa$ & ${fixed(l.kappa)} \\\\`,
    `Linear weighted $\\kappa$ & ${fixed(l.kappa_linear)} \\\\`,
    `Quadratic weighted $\\kappa$ & ${fixed(l.kappa_quadratic)} \\\\`,
    `Krippendorff's $\\alpha$ (nominal) & ${fixed(l.alpha_nominal)} \\\\`,
    `Krippendorff's $\\alpha$ (ordinal) & ${fixed(l.alpha_ordinal)} \\\\`,
    `Krippendorff's $\\alpha$ (interval) & ${fixed(l.alpha_interval)} \\\\`,
    `Binary $\\kappa$ (grade $\\geq$ ${doc.threshold}) & ${fixed(l.binary.kappa)} \\\\`,
    '\\hline', '\\end{tabular}',
  ];
  if (doc.conclusions) {
    lines.push('', '\\begin{tabular}{lrrrrrr}', '\\hline', 'Measure & Runs & $\\tau_b$ & $\\tau_{ap}$ & $\\rho$ & RBO & Changed verdicts \\\\', '\\hline');
    for (const m of doc.conclusions.measures)
      lines.push(`${texEscape(m.measure)} & ${m.runs.length} & ${fixed(m.tau_b.value)} & ${fixed(m.tau_ap.value)} & ${fixed(m.spearman.value)} & ${fixed(m.rbo.value)} & ${m.changes.length}/${m.pairs} \\\\`);
    lines.push('\\hline', '\\end{tabular}');
  }
  return lines.join('\n') + '\n';
}
