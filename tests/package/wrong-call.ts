// A deliberately wrong call: tests/web/package.test.mjs expects tsc --strict to refuse it (TS2345
// on the evaluate line), so the type check can fail.
import { createIrlens } from 'irlens';

const irlens = await createIrlens();
const qrels = irlens.loadQrels('1 0 a 1\n');
irlens.evaluate(qrels, 'bm25.run', ['AP']);
