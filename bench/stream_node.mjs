// The node part of bench/stream.sh (not a test): `irlens trec_eval QRELS RUN` through the WASM
// build, the run read one topic at a time (node.mjs trecEvalRunFile), trec_eval's output on stdout.
// usage: node bench/stream_node.mjs QRELS RUN [trec_eval flags...]   (after the WASM build)
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const { createIrlens, loadQrelsFile, trecEvalRunFile } = await import(join(ROOT, 'build-wasm', 'dist', 'node.mjs'));
const [qrelsPath, runPath, ...flags] = process.argv.slice(2);
if (!runPath) {
  console.error('usage: node bench/stream_node.mjs QRELS RUN [trec_eval flags...]');
  process.exit(2);
}
const irlens = await createIrlens();
const qrels = await loadQrelsFile(irlens, qrelsPath);
process.stdout.write(await trecEvalRunFile(irlens, qrels, runPath, flags));
