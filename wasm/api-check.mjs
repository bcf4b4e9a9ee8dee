// The JS API of run validation (`irlens check`; wasm/bind_check.cpp, irlens/readers/run_check.hpp):
//   checkRun(data, options)  -> the document `irlens check RUN --format json` prints, for one run
//   runChecker(options)      -> {feed(chunk), finish() -> the same document, abort()} for streams
// options: {name ('run'), qrels (a Qrels: its topics are the judged ones), topics, docs (the topic
// list and the collection's doc ids: text or bytes with the first word of each line an id, or an
// array of ids), topicsName ('topics'), docsName ('docs') (how findings name the lists), maxDocs
// (results per topic at most), tag (the expected run tag)}. Problems in the run are findings in the
// document, never exceptions; a bad option throws TypeError, a bad id list an InputError.

export function checkApi({ core, Qrels, toBytes, feedAll, checkString }) {
  function idBytes(value, what) {
    if (Array.isArray(value)) {
      if (value.some((v) => typeof v !== 'string' || !v || /\s/.test(v))) throw new TypeError(`${what}: ids must be non-empty strings without whitespace`);
      return new TextEncoder().encode(value.join('\n'));
    }
    return toBytes(value, what);
  }

  function runChecker({ name = 'run', qrels, topics, docs, topicsName = 'topics', docsName = 'docs', maxDocs, tag, ...rest } = {}) {
    const unknown = Object.keys(rest);
    if (unknown.length) throw new TypeError(`runChecker: unknown option '${unknown[0]}'`);
    checkString(name, 'runChecker name');
    if (qrels != null && !(qrels instanceof Qrels)) throw new TypeError('runChecker: qrels must be a Qrels (see loadQrels)');
    if (maxDocs != null && !(Number.isInteger(maxDocs) && maxDocs >= 1)) throw new TypeError('runChecker: maxDocs must be an integer >= 1');
    if (tag != null && (typeof tag !== 'string' || !tag)) throw new TypeError('runChecker: tag must be a non-empty string');
    const lists = [['topics', topics, topicsName], ['docs', docs, docsName]].filter(([, v]) => v != null);
    const bytes = lists.map(([kind, v, source]) => { checkString(source, `runChecker ${kind}Name`); return idBytes(v, `runChecker ${kind}`); });
    const h = core.checkBegin(name, qrels ? qrels.live : 0, maxDocs ?? 0, tag ?? '');
    try {
      lists.forEach(([kind, , source], i) => {
        core.checkIdsBegin(h, kind, source);
        feedAll(core.checkIdsFeed, h, bytes[i]);
        core.checkIdsEnd(h);
      });
    } catch (e) {
      core.checkAbort(h);
      throw e;
    }
    return {
      feed(chunk) { feedAll(core.checkFeed, h, toBytes(chunk, 'runChecker.feed')); },
      finish() { return JSON.parse(core.checkFinish(h)); },
      abort() { core.checkAbort(h); },
    };
  }

  /** Checks a whole run (text or bytes): see the top of this file. */
  function checkRun(data, options = {}) {
    const bytes = toBytes(data, 'checkRun');
    const checker = runChecker(options);
    try {
      checker.feed(bytes);
    } catch (e) {
      checker.abort();
      throw e;
    }
    return checker.finish();
  }

  return { checkRun, runChecker };
}
