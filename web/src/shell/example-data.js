// The example collection (examples/), embedded in the bundle as text so that loading it needs no
// request.
import qrels from '../../../examples/qrels.txt';
import bm25 from '../../../examples/bm25.run';
import dense from '../../../examples/dense.run';
import hybrid from '../../../examples/hybrid.run';
import shuffled from '../../../examples/shuffled.run';

export const example = {
  qrels: { name: 'qrels.txt', text: qrels },
  runs: [
    { name: 'bm25.run', text: bm25 },
    { name: 'dense.run', text: dense },
    { name: 'hybrid.run', text: hybrid },
    { name: 'shuffled.run', text: shuffled },
  ],
};
