// The example side inputs and the diversity example (examples/, examples/diversity), embedded in
// the bundle as text like example-data.js, so that loading them needs no request.
import groups from '../../../examples/groups.tsv';
import docLengths from '../../../examples/doc-lengths.tsv';
import sessions from '../../../examples/sessions.tsv';
import divQrels from '../../../examples/diversity/qrels.txt';
import divA from '../../../examples/diversity/div-a.run';
import divB from '../../../examples/diversity/div-b.run';
import divC from '../../../examples/diversity/div-c.run';
import intents from '../../../examples/diversity/intents.txt';
import intentTypes from '../../../examples/diversity/intent-types.txt';

/** Side inputs of the example collection: {kind: {name, text}}. */
export const sideExample = {
  groups: { name: 'groups.tsv', text: groups },
  docLengths: { name: 'doc-lengths.tsv', text: docLengths },
  sessions: { name: 'sessions.tsv', text: sessions },
};

export const diversityExample = {
  qrels: { name: 'diversity-qrels.txt', text: divQrels },
  runs: [
    { name: 'div-a.run', text: divA },
    { name: 'div-b.run', text: divB },
    { name: 'div-c.run', text: divC },
  ],
  side: {
    intentProbabilities: { name: 'intents.txt', text: intents },
    intentTypes: { name: 'intent-types.txt', text: intentTypes },
  },
  measures: 'alpha_nDCG@5 ERR_IA@5 nERR_IA@5 D#-nDCG@5 DIN#-nDCG@5 StRecall@5 nDCG_IA@5 RBU@5',
};
