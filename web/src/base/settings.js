// The view's settings (never the data) live in the URL hash as application/x-www-form-urlencoded
// pairs, so every character of a measure name (D#-nDCG, nDCG(gains={0:0,1:1})@10, ...) survives a
// copied link: `#m=P%405+nDCG%4010&b=bm25.run&v=table`. A link reproduces the view once the same
// files are loaded.
export const DEFAULTS = {
  m: 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)', // measures, in the measure language
  missing: 'zero', // zero | skip: the CLI's and the JS API's default (docs/cli.md)
  b: '', // baseline run
  v: 'table', // view id
  sort: '', // table sort: "<column>:<asc|desc>"
  tci: 'percentile', // table interval: percentile (bootstrap, B = 1,000, the seed below) | t (table-intervals.js)
  pm: '', // per-topic: measure
  pr: '', // per-topic: run
  pmode: 'scores', // per-topic: scores | diff
  topic: '', // per-topic: selected topic
  dm: '', // distribution measure
  sx: '', // scatter x measure
  sy: '', // scatter y measure
  rp: '', // recall-precision: runs shown (comma-separated; empty = all)
  er: '', // explain: run
  et: '', // explain: topic
  em: '', // explain: measure
  // statistics (significance.js, views/significance-view.js, views/meta-view.js)
  st: 't', // significance markers: test vs the baseline
  sc: 'none', // significance markers: correction over the runs compared with the baseline
  B: '10000', // resamples of every randomised procedure
  seed: '1', // seed of every randomised procedure
  hm: '', // significance view: measure ('' = the first)
  ht: 'tukey', // significance view: test of the pairwise p-values
  hc: 'none', // significance view: correction of the pairwise p-values (not with tukey)
  ci: 'percentile', // interval method: percentile (default: within the scores' range, so the measure's) | t | bca
  cl: '0.95', // confidence level of the intervals
  ra: '1', // risk aversion alpha of URisk / TRisk
  dt: 'bootstrap', // meta view: discriminative power test
  dc: 'none', // meta view: discriminative power correction (not with tukey)
  cm: 'tau_b', // meta view: correlation coefficient of the heatmap
  trials: '1000', // meta view: stability and swap rate trials
  stt: '', // meta view: topics per stability trial ('' = half)
  c1: '', // meta view: concordance measure 1 ('' = the first)
  c2: '', // meta view: concordance measure 2 ('' = the second)
  gold: '', // meta view: concordance gold-standard measures ('' = the others)
  depth: '100', // meta view: leave-one-out pool depth
};

export function readHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS)) if (params.has(key)) out[key] = params.get(key);
  return out;
}

/** The hash for `settings`: only the values that differ from the defaults, in a stable order. */
export function toHash(settings) {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS)) if (settings[key] !== DEFAULTS[key] && settings[key] !== undefined) params.set(key, settings[key]);
  const s = params.toString();
  return s ? `#${s}` : '';
}

/** Adds the settings of a later view (its keys and defaults) before the app reads the hash. */
export function addDefaults(defaults) {
  for (const key of Object.keys(defaults)) if (key in DEFAULTS) throw new Error(`setting ${key} is taken`);
  Object.assign(DEFAULTS, defaults);
}
