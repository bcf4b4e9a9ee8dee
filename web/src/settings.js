// The view's settings (never the data) live in the URL hash as application/x-www-form-urlencoded
// pairs, so every character of a measure name (D#-nDCG, nDCG(gains={0:0,1:1})@10, ...) survives a
// copied link: `#m=P%405+nDCG%4010&b=bm25.run&v=table`. A link reproduces the view once the same
// files are loaded.
export const DEFAULTS = {
  m: 'P@5 P@10 AP nDCG@10 RR RBP(p=0.8)', // measures, in the measure language
  missing: 'skip', // skip | zero
  b: '', // baseline run
  v: 'table', // view id
  sort: '', // table sort: "<column>:<asc|desc>"
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
