// Types of the node entry node.mjs (what `import ... from 'irlens'` gives under node): the API of
// irlens.d.mts, the node build's createIrlens(), and file helpers that stream plain or gzip files.
import type { Irlens, Qrels, Run, Prefs, QrelsFormat, RunOrder, RunFormat, PrefsFormat, StreamOptions, StreamedEvaluation } from './irlens.mjs';

export type * from './irlens.mjs';
export { runName, runNames } from './irlens.mjs';

/** Loads the node build of the WASM module (irlens_node.cjs + irlens_node.wasm). */
export function createIrlens(): Promise<Irlens>;

/** Qrels from a plain or gzip file (told by its magic bytes), streamed; named by its path unless `name` is given. */
export function loadQrelsFile(irlens: Irlens, path: string, options?: { name?: string; format?: QrelsFormat }): Promise<Qrels>;
/** A run from a plain or gzip file, named by runName(path) ("runs/bm25.txt.gz" -> "bm25") unless `name` is given. */
export function loadRunFile(irlens: Irlens, qrels: Qrels, path: string, options?: { name?: string; order?: RunOrder; format?: RunFormat }): Promise<Run>;
/** Preference judgments (trec_eval -R prefs / qrels_prefs) from a plain or gzip file. */
export function loadPrefsFile(irlens: Irlens, path: string, options?: { name?: string; format?: PrefsFormat }): Promise<Prefs>;
/** One run file of any size (plain or gzip) scored one topic at a time when it is grouped by topic
 *  (streamed: true); read into memory when the measures cannot stream or the run is not grouped and
 *  fits memoryLimit (default 1 GiB; streamed: false, a warning says why); NotGrouped otherwise. */
export function evaluateRunFile(irlens: Irlens, qrels: Qrels, path: string, measures: string[] | string,
  options?: StreamOptions & { memoryLimit?: number }): Promise<StreamedEvaluation & { streamed: boolean }>;
/** trec_eval's output for one run file of any size, read one topic at a time (NotGrouped: no fallback). */
export function trecEvalRunFile(irlens: Irlens, qrels: Qrels, path: string, args?: string[], options?: { name?: string }): Promise<string>;
