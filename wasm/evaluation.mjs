// The evaluation's one format: columnar data, as the core's evaluate() binding gives it
// (wasm/convert.hpp evaluation_to_js), and the nested views built from it for display. Plain JS
// (no WASM): the web page imports it too, wrapping the data its worker transfers.
//
// Data (what travels: postMessage it with buffersOf(data) as the transfer list, no copy):
//   {qrels: {name, topics}, measures: [{name, full, measure, cutoff, aggregate, integer,
//    textValued, typed}], missing: 'skip' | 'zero', warnings: [..],
//    runs: [{name, tag, topics: [..] (qrels byte order), values: Float64Array (measures x topics,
//            measure-major: values[m * topics.length + t]; NaN where undefined), texts:
//            {measureIndex: [..]} (text-valued measures), aggregate, ciLow, ciHigh:
//            Float64Array(measures) (mean; 95% t interval of the mean, NaN where undefined)}]}
//   Every typed array of a run other than values has one entry per measure (a front-end may add
//   its own, e.g. the web table's percentile intervals).
//
// View (evaluationView): {measures: [name], measuresFull: {M: full}, missing, warnings, raw: data,
//   runs: {NAME: {tag, mean: {M: v}, ci95: {M: [low, high] | null}, perTopic: {TOPIC: {M: v}}}}},
//   NaN as null; perTopic is built on first use (a getter), so that data nobody looks at per
//   topic costs nothing.

const num = (v) => (Number.isFinite(v) ? v : null);

/** The ArrayBuffers of `data`, for a postMessage transfer list. */
export function buffersOf(data) {
  const out = [];
  for (const r of data.runs) for (const v of Object.values(r)) if (ArrayBuffer.isView(v)) out.push(v.buffer);
  return [...new Set(out)];
}

/**
 * A copy of `data` with the measures named in `names` (default: all), in that order: fresh
 * arrays (which can be transferred while `data` stays usable). Throws for a name not in data.
 */
export function selectMeasures(data, names = null) {
  const all = data.measures.map((m) => (typeof m === 'string' ? m : m.name));
  const index = (names || all).map((n) => {
    const i = all.indexOf(n);
    if (i < 0) throw new TypeError(`measure '${n}' is not in the evaluation (${all.join(', ')})`);
    return i;
  });
  const pick = (a) => Float64Array.from(index, (i) => a[i]);
  return {
    ...data,
    measures: index.map((i) => data.measures[i]),
    runs: data.runs.map((r) => {
      const T = r.topics.length;
      const values = new Float64Array(index.length * T);
      index.forEach((i, k) => values.set(r.values.subarray(i * T, (i + 1) * T), k * T));
      const texts = {};
      index.forEach((i, k) => { if (r.texts && r.texts[i]) texts[k] = r.texts[i]; });
      const out = { ...r, values, texts };
      // Every other typed array of a run has one entry per measure (aggregate, ciLow, ciHigh, ...).
      for (const [k, v] of Object.entries(r)) if (k !== 'values' && ArrayBuffer.isView(v)) out[k] = pick(v);
      return out;
    }),
  };
}

/** The nested view of `data` (see above); perTopic: false leaves the per-topic rows out. */
export function evaluationView(data, { perTopic = true } = {}) {
  const names = data.measures.map((m) => m.name);
  const text = data.measures.map((m) => !!m.textValued);
  const runs = {};
  for (const r of data.runs) {
    const entry = { tag: r.tag, mean: {}, ci95: {} };
    names.forEach((m, i) => {
      entry.mean[m] = text[i] ? null : num(r.aggregate[i]);
      entry.ci95[m] = r.ciLow && Number.isFinite(r.ciLow[i]) && Number.isFinite(r.ciHigh[i]) ? [r.ciLow[i], r.ciHigh[i]] : null;
    });
    if (perTopic) {
      Object.defineProperty(entry, 'perTopic', {
        enumerable: true,
        configurable: true,
        get() {
          const rows = {};
          const T = r.topics.length;
          r.topics.forEach((topic, t) => {
            const row = {};
            names.forEach((m, i) => { row[m] = text[i] ? r.texts[i][t] : num(r.values[i * T + t]); });
            rows[topic] = row;
          });
          Object.defineProperty(entry, 'perTopic', { value: rows, enumerable: true, writable: true, configurable: true });
          return rows;
        },
      });
    }
    runs[r.name] = entry;
  }
  return {
    measures: names,
    measuresFull: Object.fromEntries(data.measures.map((m) => [m.name, m.full])),
    missing: data.missing,
    warnings: data.warnings,
    runs,
    raw: data,
  };
}

/** The columnar data behind an evaluate() result (its raw), or `x` itself when it is data; else null. */
export function dataOf(x) {
  if (x && x.raw && Array.isArray(x.raw.runs)) return x.raw;
  if (x && Array.isArray(x.runs) && Array.isArray(x.measures)) return x;
  return null;
}
