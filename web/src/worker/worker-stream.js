// Streamed runs (added to worker-core.js's protocol): a run file larger than the page's in-memory
// limit (files.js inMemoryLimit) is read here, in the worker, straight from the File in
// File.slice chunks (files.js slices(): the next read under way while one is scored; gzip:
// through the same gunzip as files.js), and scored one topic at a time
// (wasm/api-stream.mjs: memory for the qrels and one topic's entries, whatever the file's size).
// The run must be grouped by topic; otherwise the error says how to sort it. A streamed run keeps
// no entries, only its evaluation: the table's evaluate asks for it again (streaming the file
// again) when the measures, the missing-topics rule or the side inputs change; the other views
// (rankings, explain, curves, relative measures) see only the runs read into memory.
//   streamRun {file: File, name, measures, missing}  -> the run's info (as finish's), with progress
// and, for worker-core.js: streamedData(measures, missing, progress) -> the streamed runs'
// evaluation data (wasm/evaluation.mjs) to merge with the in-memory runs'; drop(name); clear().
import { decodedStream, isGzip, slices } from '../base/files.js';

export function streamActions({ irlens, qrels, runs, side }) {
  const streamed = new Map(); // name -> {file, name, key, data, info}

  const keyOf = (measures, missing) =>
    JSON.stringify([measures, missing, Object.entries(side).map(([k, v]) => [k, v ? v.handle : 0])]);

  /** The file's bytes in order, and the fraction read so far. */
  async function* chunks(file, progress) {
    if (await isGzip(file)) {
      const reader = (await decodedStream(file)).getReader();
      let out = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        out += value.length;
        progress(Math.min(0.99, out / (4 * Math.max(1, file.size)))); // about 4x: the size is not known
        yield value;
      }
    }
    let at = 0;
    for await (const bytes of slices(file)) {
      yield bytes;
      at += bytes.length;
      progress(Math.min(1, at / Math.max(1, file.size)));
    }
  }

  async function score(entry, measures, missing, progress) {
    const why = irlens().streamObstacle(measures);
    if (why) throw Object.assign(new Error(`${entry.name} is larger than the in-memory limit and is read one topic at a time: ${why}`), { name: 'UsageError' });
    const s = irlens().evaluationStream(qrels(), measures, { name: entry.name, missing, perTopic: false, ...side });
    let result;
    try {
      for await (const chunk of chunks(entry.file, progress)) s.feed(chunk);
      result = s.finish();
    } catch (e) {
      s.abort();
      if (e.name === 'NotGrouped') e.message += ' (the file is larger than the in-memory limit, so it cannot be read into memory instead)';
      throw e;
    }
    entry.data = result.raw;
    entry.key = keyOf(measures, missing);
    entry.info = { ...result.run.info, streamed: true };
    result.run.dispose();
  }

  return {
    actions: {
      async streamRun({ file, name, measures, missing = 'zero' }, progress) {
        if (!qrels()) throw Object.assign(new Error('load a qrels file first'), { name: 'UsageError' });
        const entry = { file, name, key: null, data: null, info: null };
        await score(entry, measures, missing, progress);
        if (runs.has(name)) runs.get(name).dispose();
        runs.delete(name);
        streamed.set(name, entry);
        return entry.info;
      },
    },
    async streamedData(measures, missing, progress) {
      const out = [];
      for (const entry of streamed.values()) {
        if (entry.key !== keyOf(measures, missing)) await score(entry, measures, missing, progress);
        out.push(entry.data);
      }
      return out;
    },
    has: () => streamed.size > 0,
    drop(name) { streamed.delete(name); },
    clear() { streamed.clear(); },
  };
}
