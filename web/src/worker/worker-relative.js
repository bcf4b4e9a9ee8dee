// The worker actions of the side inputs and of the relative, rareness and diversity views (added
// to worker-core.js's protocol; each runs the irlens JS API, wasm/api-relative.mjs):
//   loadSide  {kind, name, data: ArrayBuffer}   kind: groups | intentProbabilities | intentTypes |
//                                              docLengths | sessions; -> info of what was read. The
//                                              side inputs then go with every evaluation.
//   dropSide  {kind}
//   measure   {measures, missing}              -> {measures, means: {RUN: {M: v}}} (evaluate, side inputs)
//   rarity    {depth, pool, rel}               -> rarityReport over the loaded runs
//   unique    {depth, rel}                     -> uniqueContributions (groups when loaded)
//   alphaSweep {measures, alphas, missing}      -> alphaSweep
//   sampleSizeTau {measure, sizes, trials, seed, missing}  -> sampleSizeTau, with progress
//   coverage  {topic, depth}                   -> {RUN: subtopicCoverage} for every loaded run
// `state` gives the worker's irlens() and qrels(), its runs (Map name -> Run) and `side`, the
// side inputs as the API's options ({groups, intents, docLengths, sessions}).
const SIDE_KINDS = ['groups', 'intentProbabilities', 'intentTypes', 'docLengths', 'sessions'];

export function relativeActions(state) {
  const { runs, side } = state;
  const intentFiles = {}; // probabilities / types: {name, bytes}, read together into side.intents

  function needData() {
    if (!state.qrels() || !runs.size) throw Object.assign(new Error('load a qrels file and runs first'), { name: 'UsageError' });
    return [state.qrels(), [...runs.values()]];
  }

  function readIntents(files) {
    const irlens = state.irlens();
    if (!files.probabilities && !files.types) return null;
    return irlens.loadIntents({
      probabilities: files.probabilities ? files.probabilities.bytes : null,
      types: files.types ? files.types.bytes : null,
      probabilitiesName: files.probabilities ? files.probabilities.name : 'intents',
      typesName: files.types ? files.types.name : 'intent-types',
    });
  }

  function replace(key, value) {
    if (side[key]) side[key].dispose();
    if (value) side[key] = value;
    else delete side[key];
  }

  return {
    loadSide({ kind, name, data }) {
      if (!SIDE_KINDS.includes(kind)) throw new Error(`unknown side input ${kind}`);
      const irlens = state.irlens();
      const bytes = new Uint8Array(data);
      if (kind === 'groups') {
        const g = irlens.loadGroups(bytes, { name });
        replace('groups', g);
        return { name, runs: g.info.runs.length, groups: new Set(g.info.groups).size, byRun: g.byRun };
      }
      if (kind === 'docLengths') {
        const d = irlens.loadDocLengths(bytes, { name });
        replace('docLengths', d);
        return { name, docs: d.size };
      }
      if (kind === 'sessions') {
        const s = irlens.loadSessions(bytes, { name });
        replace('sessions', s);
        return { name, sessions: s.info.length };
      }
      const key = kind === 'intentProbabilities' ? 'probabilities' : 'types';
      const next = { ...intentFiles, [key]: { name, bytes } };
      const intents = readIntents(next); // throws before anything is replaced
      Object.assign(intentFiles, next);
      replace('intents', intents);
      return { name };
    },
    dropSide({ kind }) {
      if (kind === 'intentProbabilities' || kind === 'intentTypes') {
        delete intentFiles[kind === 'intentProbabilities' ? 'probabilities' : 'types'];
        replace('intents', readIntents(intentFiles));
      } else replace(kind, null);
      return true;
    },
    measure({ measures, missing = 'zero' }, progress) {
      const [qrels, list] = needData();
      const res = state.irlens().evaluate(qrels, list, measures, { missing, progress, perTopic: false, ...side });
      return { measures: res.measures, means: Object.fromEntries(Object.entries(res.runs).map(([run, r]) => [run, r.mean])) };
    },
    rarity({ depth = null, pool = null, rel = null }) {
      const [qrels, list] = needData();
      return state.irlens().rarityReport(qrels, list, { depth, pool, rel });
    },
    unique({ depth, rel = null }) {
      const [qrels, list] = needData();
      return state.irlens().uniqueContributions(qrels, list, { depth, rel, groups: side.groups || null });
    },
    alphaSweep({ measures, alphas = null, missing = 'zero' }) {
      const [qrels, list] = needData();
      return state.irlens().alphaSweep(qrels, list, measures, { alphas, missing });
    },
    sampleSizeTau({ measure, sizes = null, trials = null, seed = null, missing = 'zero' }, progress) {
      const [qrels, list] = needData();
      return state.irlens().sampleSizeTau(qrels, list, measure, { sizes, trials, seed, missing, progress });
    },
    coverage({ topic, depth = 20 }) {
      const [, list] = needData();
      return Object.fromEntries(list.map((run) => [run.name, state.irlens().subtopicCoverage(run, topic, { depth })]));
    },
  };
}
