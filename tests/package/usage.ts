// Exercises the whole JS API against the hand-written declarations (wasm/package/*.d.mts), as a
// program that uses `irlens` from a bundler would; compiled with tsc --noEmit --strict by
// tests/web/package.test.mjs (never run). The @ts-expect-error lines are calls the types must
// refuse: tsc fails on such a line when the declarations accept it.
import { createIrlens, runName, runNames, type Irlens, type Qrels, type Run, type EvaluationResult } from 'irlens';
import { buffersOf, dataOf, evaluationView, selectMeasures, type EvaluationData } from 'irlens/evaluation';

const irlens: Irlens = await createIrlens({ locateFile: (path) => `/assets/${path}` });
const version: string = irlens.version;

// the registry and the measure language
const names: string[] = irlens.measures().filter((m) => m.explainable && m.direction === 'higher').map((m) => m.name);
const cutoffKind: 'int' | 'real' | null = irlens.measures()[0].cutoff;
const presets: string[] = irlens.groups().flatMap((g) => g.measures);
const full: string = irlens.parseMeasure('P(rel=2)@5').full;
const cutoffs: (number | null)[] = irlens.parseMeasures('P@5 nDCG@10').map((s) => s.cutoff);

// inputs
const qrels: Qrels = irlens.loadQrels('1 0 a 1\n', { name: 'qrels.txt' });
const topics: string[] = qrels.topics;
const run: Run = irlens.loadRun(qrels, new TextEncoder().encode('1 Q0 a 1 1 t\n'), { name: 'bm25', order: 'score' });
const reader = irlens.runReader(qrels, 'streamed');
reader.feed(new Uint8Array(0));
const streamed: Run = reader.finish();
const qreader = irlens.qrelsReader('q', { format: 'diversity' });
qreader.abort();
const groups = irlens.loadGroups('run\tgroup\nbm25\tA\n', { name: 'groups.tsv' });
const byRun: { [run: string]: string } = groups.byRun;
const intents = irlens.loadIntents({ probabilities: '1 1 0.5\n', types: null });
const docLengths = irlens.loadDocLengths('a\t100\n');
const size: number = docLengths.size;
const sessions = irlens.loadSessions('s1\t1\t1\n');
const sessionTopics: string[] = sessions.info[0].topics;
const prefs = irlens.loadPrefs('1 0 0 a 1\n', { format: 'prefs' });
const prefsFormat: 'prefs' | 'qrels_prefs' = prefs.format;
const prefsRun = irlens.loadRun(prefs, '1 Q0 a 1 1 t\n');
const isQrels: boolean = prefs instanceof irlens.Qrels && run instanceof irlens.Run;

// evaluation
const result: EvaluationResult = irlens.evaluate(qrels, [run, streamed], ['P@5', 'nDCG@10'], {
  missing: 'skip', groups, intents, docLengths, sessions, progress: (f) => f < 1,
});
const mean: number | null = result.runs.bm25.mean['P@5'];
const perTopic = result.runs.bm25.perTopic?.['1']['P@5'];
const data: EvaluationData = result.raw;
const firstValue: number = data.runs[0].values[0];
const json = irlens.evaluationJson(result, { perTopic: true });
const ci: [number, number] | null = json.runs.bm25.ci95['P@5'];
const wtl: number = irlens.winsTiesLosses(data, run).runs.streamed['P@5'].wins;
const ranking: number[] = irlens.ranking(run, '1', 10).rels;
const explanation = irlens.explain(run, '1', 'AP', { docLengths });
const terms: (number | null)[] = explanation.terms.map((t) => t.value);
const tau: number = irlens.kendallTau([1, 2, 3], new Float64Array([3, 2, 1]), { variant: 'a' });
const tauMatrix: number[][] = irlens.rankCorrelations(result).tau;
const trecEvalText: string = irlens.trecEval(qrels, run, ['-q', '-m', 'all_trec']);
irlens.trecEval(prefs, prefsRun, ['-R', 'prefs', '-m', 'all_prefs']);

// statistics
const comparison = irlens.compare(qrels, [run, streamed], ['AP'], {
  baseline: run, test: 'bootstrap', correction: 'holm', alternative: 'two-sided', confidence: 0.95, ci: 'bca',
  risk: 1, B: 1000, seed: 1, exactLimit: 20, missing: 'zero', progress: () => true,
});
const pAdjusted: number | null = comparison.measures[0].comparisons[0].p_adjusted;
const fromScores = irlens.compareScores(result, { qrels, measures: ['P@5'], test: 't' });
const columns = irlens.comparePValues(result, { qrels, measures: ['P@5'], test: 'tukey', B: 100 });
const firstP: number = columns.measures[0].pairs.p[0];
const firstPair: string = `${columns.runs[columns.measures[0].pairs.run[0]]} ${columns.measures[0].pairs.notes[columns.measures[0].pairs.note[0]]}`;
const stability = irlens.meta('stability', qrels, [run, streamed], ['AP'], { trials: 100, stability: 'fuzzy', fuzziness: 0.05 });
const swapRate: number | null = stability.measures[0].swap_rate;
const concordance = irlens.metaScores('concordance', result, { qrels: qrels.info, gold: ['nDCG@10'] });
const conc1: number | null = concordance.conc_1;
const loo = irlens.meta('loo', qrels, [run], ['AP'], { depth: 100, groups });
const looRank: number = loo.measures[0].runs[0].loo_rank;
const test = irlens.stats.test('wilcoxon', [0.1, 0.2], [0.2, 0.3], { alternative: 'greater', B: 1000 });
const p: number = test.p;
const rho: number = irlens.stats.correlation('rbo', [1, 2], [2, 1], { rboP: 0.9 }).coefficient;
const low: number = irlens.stats.interval([0.1, 0.2], { ci: 'percentile', confidence: 0.9 }).low;
const diff: number = irlens.stats.interval([0.1, 0.2], [0.2, 0.1], { unpaired: true }).high;
const adjusted: number[] = irlens.stats.adjust([0.01, 0.04], 'bh');

// relative measures, diversity, run validation
const rarity: number | null = irlens.rarityReport(qrels, [run], { depth: 100, pool: 'bm25', rel: 1 }).rows[0].rarity;
const unique = irlens.uniqueContributions(qrels, [run], { depth: 10, groups });
const sweep = irlens.alphaSweep(qrels, [run], 'P_rareness@100', { alphas: [0, 1] });
const sample = irlens.sampleSizeTau(qrels, [run, streamed], ['AP_rareness(alpha=1)'], { sizes: [2], trials: 10, seed: 1, progress: () => true });
const csv: string = irlens.ndeval(qrels, run, ['-c'], { baseline: streamed });
const covered: number[] = irlens.subtopicCoverage(run, '1', { depth: 20 }).covered;
const check = irlens.checkRun('1 Q0 a 1 1 t\n', { name: 'run.txt', qrels, topics: ['1'], maxDocs: 1000, tag: 't' });
const findings: string[] = check.files[0].findings.map((f) => f.message);
const checker = irlens.runChecker({ docs: 'a\nb\n' });
checker.feed('1 Q0 a 1 1 t\n');
const errors: number = checker.finish().errors;

// the evaluation's data between workers
const transfer: ArrayBuffer[] = buffersOf(data);
const view: EvaluationResult = evaluationView(selectMeasures(data, ['P@5']), { perTopic: false });
const back: EvaluationData | null = dataOf(view);
const runFileName: string = runName('runs/bm25.txt.gz');
const distinct: string[] = runNames(['a/x.txt', 'b/x.txt']).names;

// errors carry file and line
try {
  irlens.loadQrels('bad');
} catch (e) {
  const error = e as import('irlens').IrlensError;
  const where: string = `${error.file}:${error.line}`;
}
qrels.dispose();

// calls the declarations refuse
// @ts-expect-error: evaluate takes Run objects, not run texts
irlens.evaluate(qrels, ['1 Q0 a 1 1 t'], ['AP']);
// @ts-expect-error: missing is 'zero' or 'skip'
irlens.evaluate(qrels, [run], ['AP'], { missing: 'drop' });
// @ts-expect-error: a mean is a number or null, never a string
const meanText: string = result.runs.bm25.mean.AP;
// @ts-expect-error: unknown test
irlens.stats.test('anova', [1], [2]);
// @ts-expect-error: compareScores needs the qrels
irlens.compareScores(result, {});
// @ts-expect-error: comparePValues computes the p-values part only
irlens.comparePValues(result, { qrels, only: 'details' });
// @ts-expect-error: uniqueContributions needs the pool depth
irlens.uniqueContributions(qrels, [run], {});
// @ts-expect-error: the browser entry has no file helpers (they are node's)
import('irlens').then((m) => m.loadQrelsFile);

export { version, names, cutoffKind, presets, full, cutoffs, topics, byRun, size, sessionTopics, isQrels, mean, perTopic,
  firstValue, ci, wtl, ranking, terms, tau, tauMatrix, trecEvalText, pAdjusted, fromScores, swapRate, conc1, looRank, p,
  rho, low, diff, adjusted, rarity, unique, sweep, sample, csv, covered, findings, errors, transfer, back, runFileName,
  distinct, meanText, prefsFormat, firstP, firstPair };
