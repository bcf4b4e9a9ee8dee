// `irlens trec_eval QRELS RUN` through the WASM build under node: streams both files into the
// readers (as the node module does for any user) and prints trec_eval's output to stdout.
// usage: node bench/trec_eval_node.mjs QRELS RUN [trec_eval flags...]   (after the WASM build)
// IRLENS_DIST=DIR takes the module from a copy of build-wasm/dist (to compare two builds).
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const { createIrlens, loadQrelsFile, loadRunFile } = await import(
  join(process.env.IRLENS_DIST || join(ROOT, 'build-wasm', 'dist'), 'node.mjs'));
const [qrelsPath, runPath, ...flags] = process.argv.slice(2);
if (!runPath) {
  console.error('usage: node bench/trec_eval_node.mjs QRELS RUN [trec_eval flags...]');
  process.exit(2);
}
const irlens = await createIrlens();
const qrels = await loadQrelsFile(irlens, qrelsPath);
const run = await loadRunFile(irlens, qrels, runPath);
process.stdout.write(irlens.trecEval(qrels, run, flags));
