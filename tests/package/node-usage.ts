// The node entry against its declarations (wasm/package/node.d.mts): what `import ... from
// 'irlens'` gives under node (the "node" condition of the package's exports). Compiled with tsc
// --noEmit --strict (module nodenext) by tests/web/package.test.mjs; never run.
import { createIrlens, loadQrelsFile, loadRunFile, loadPrefsFile, runName, type Irlens, type Qrels } from 'irlens';
import { evaluationView } from 'irlens/evaluation';

const irlens: Irlens = await createIrlens();
const qrels: Qrels = await loadQrelsFile(irlens, 'examples/qrels.txt');
const run = await loadRunFile(irlens, qrels, 'examples/bm25.run', { order: 'rank' });
const prefs = await loadPrefsFile(irlens, 'prefs.txt', { format: 'qrels_prefs' });
const result = irlens.evaluate(qrels, [run], ['P@5', 'nDCG@10']);
const mean: number | null = result.runs[runName('examples/bm25.run')].mean['P@5'];
const again = evaluationView(result.raw);
// @ts-expect-error: the node build takes no module options
await createIrlens({ locateFile: (p: string) => p });
// @ts-expect-error: loadRunFile reads a run against qrels
await loadRunFile(irlens, 'examples/bm25.run');

export { mean, again, prefs };
