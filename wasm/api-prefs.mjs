// Preference judgments in the JS API (trec_eval's -R prefs / -R qrels_prefs), merged in by
// api-relative.mjs. loadPrefs returns a Prefs: a Qrels (the (topic, doc) index runs are read
// against) that also carries the preferences, so that loadRun(prefs, ...), trecEval(prefs, run,
// ['-R', 'prefs', '-m', 'all_prefs']) and evaluate(prefs, runs, [...]) take it where they take
// qrels (irlens/readers/preferences.hpp has the formats and the checks).
export function prefsApi({ core, Qrels, checkString, toBytes, feedAll }) {
  /** Preference judgments. prefsInfo: {name, format: 'prefs' | 'qrels_prefs', lines}. */
  class Prefs extends Qrels {
    constructor(handle) {
      super(handle);
      this.prefsInfo = core.prefsInfo(handle);
    }
    get format() { return this.prefsInfo.format; }
  }

  /** A streaming reader of a preferences file: feed(chunk)... finish() -> Prefs. */
  function prefsReader(name = 'prefs', { format = 'prefs' } = {}) {
    checkString(name, 'prefsReader name');
    const h = core.prefsBegin(name, format);
    return {
      feed(chunk) { feedAll(core.prefsFeed, h, toBytes(chunk, 'prefsReader.feed')); },
      finish() { return new Prefs(core.prefsFinish(h)); },
      abort() { core.release(h); },
    };
  }

  return {
    Prefs,
    prefsReader,
    /** Preferences from `topic jg jsg doc rel_level` lines (format 'prefs') or a qrels file read as prefs ('qrels_prefs'). */
    loadPrefs(data, { name = 'prefs', format = 'prefs' } = {}) {
      const r = prefsReader(name, { format });
      r.feed(data);
      return r.finish();
    },
  };
}
