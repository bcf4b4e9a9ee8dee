// Types of the node entry node.mjs (what `import ... from 'irlens'` gives under node): the API of
// irlens.d.mts, the node build's createIrlens(), and file helpers that stream plain or gzip files.
import type { Irlens, Qrels, Run, Prefs, QrelsFormat, RunOrder, PrefsFormat } from './irlens.mjs';

export type * from './irlens.mjs';
export { runName, runNames } from './irlens.mjs';

/** Loads the node build of the WASM module (irlens_node.cjs + irlens_node.wasm). */
export function createIrlens(): Promise<Irlens>;

/** Qrels from a plain or gzip file (told by its magic bytes), streamed; named by its path unless `name` is given. */
export function loadQrelsFile(irlens: Irlens, path: string, options?: { name?: string; format?: QrelsFormat }): Promise<Qrels>;
/** A run from a plain or gzip file, named by runName(path) ("runs/bm25.txt.gz" -> "bm25") unless `name` is given. */
export function loadRunFile(irlens: Irlens, qrels: Qrels, path: string, options?: { name?: string; order?: RunOrder }): Promise<Run>;
/** Preference judgments (trec_eval -R prefs / qrels_prefs) from a plain or gzip file. */
export function loadPrefsFile(irlens: Irlens, path: string, options?: { name?: string; format?: PrefsFormat }): Promise<Prefs>;
