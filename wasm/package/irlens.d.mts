// Types of the irlens JS API (api.mjs and its areas api-*.mjs; docs/js-api.md), and of the browser
// entry irlens.mjs. Written by hand: Emscripten 3.1.6 emits no declarations. Keep them with the
// API: tests/web/package.test.mjs compiles tests/package/*.ts against them (tsc --strict) and
// fails when a function of the API object is not declared in `Irlens`, or when what a function
// returns has keys its type does not name (or lacks one it requires).
import type { EvaluationResult, MeasureSpec, Missing, Scores } from './evaluation.mjs';

export type {
  EvaluationData, EvaluationMeasure, EvaluationResult, EvaluationRunData, EvaluationRunView, MeasureSpec,
  Missing, Scores, TopicValue,
} from './evaluation.mjs';

/** What the readers take: text, bytes or an ArrayBuffer (any typed array's bytes). */
export type Bytes = string | Uint8Array | ArrayBuffer | ArrayBufferView;
/** Numbers, or null for an undefined value (NaN). */
export type Numbers = ArrayLike<number | null>;
/** Called with the fraction done; returning false cancels (an Error named Cancelled is thrown). */
export type Progress = (fraction: number) => boolean | void;

/** An Error of the core: InputError (with file and line) or UsageError, with the CLI's messages. */
export interface IrlensError extends Error {
  name: 'InputError' | 'UsageError' | 'Cancelled' | string;
  file?: string;
  line?: number;
}

/** A loaded input: its C++ side is freed by dispose() or when garbage collected. */
export interface Disposable {
  dispose(): void;
}

export interface QrelsInfo {
  name: string;
  format: 'plain' | 'diversity' | string;
  topics: string[];
  judgments: number;
  maxGrade: number;
  /** The reader's warnings: a byte-order mark (stripped), the first line with invalid UTF-8. */
  warnings: string[];
}
/** Relevance judgments, indexed once. */
export interface Qrels extends Disposable {
  readonly info: QrelsInfo;
  readonly name: string;
  readonly topics: string[];
}

export interface RunInfo {
  name: string;
  tag: string;
  mixedTags: boolean;
  linesRead: number;
  topicsAnswered: number;
  ignoredLines: number;
  ignoredTopics: string[];
  warnings: string[];
}
/** A run read against a Qrels. */
export interface Run extends Disposable {
  readonly qrels: Qrels;
  readonly info: RunInfo;
  readonly name: string;
  readonly tag: string;
}

/** Run -> group (NRG's priors, unique contributions, leave-one-out). */
export interface Groups extends Disposable {
  readonly info: { source: string; runs: string[]; groups: string[] };
  /** The group of each listed run. */
  readonly byRun: { [run: string]: string };
}
/** Intent probabilities and/or types of diversity topics. */
export interface Intents extends Disposable {}
/** Document lengths for TBG and the U-measure. */
export interface DocLengths extends Disposable {
  readonly size: number;
}
/** Multi-query sessions for session DCG. */
export interface Sessions extends Disposable {
  readonly info: { id: string; topics: string[] }[];
}
/** Preference judgments: a Qrels (the index runs are read against) that also holds the preferences. */
export interface Prefs extends Qrels {
  readonly prefsInfo: { name: string; format: 'prefs' | 'qrels_prefs'; lines: number };
  readonly format: 'prefs' | 'qrels_prefs';
}

/** A streaming reader: feed chunks of any size, then finish() (or abort()). */
export interface Reader<T> {
  feed(chunk: Bytes): void;
  finish(): T;
  abort(): void;
}

export type QrelsFormat = 'plain' | 'diversity';
export type PrefsFormat = 'prefs' | 'qrels_prefs';
/** How a run's documents are ordered: by score (trec_eval) or by the rank column (ndeval). */
export type RunOrder = 'score' | 'rank';
/** A run's format: 'auto' detects it by content (an MS MARCO run only with the evidence of its ranks). */
export type RunFormat = 'auto' | 'trec' | 'msmarco' | 'json';

/** One row of the measure registry. */
export interface MeasureInfo {
  name: string;
  aliases: string[];
  family: string;
  help: string;
  citation: string;
  cutoff: 'int' | 'real' | null;
  cutoffRequired: boolean;
  aggregate: string;
  integer: boolean;
  textValued: boolean;
  params: { name: string; kind: string; default: string | null; help: string; required: boolean; choices: string[] }[];
  direction: 'higher' | 'lower' | 'neither';
  /** The values one topic can take; null for text-valued measures. */
  values: { min: number | null; max: number | null; minOpen: boolean; maxOpen: boolean; text: string } | null;
  kind: 'ranked' | 'set';
  needs: ('diversity qrels' | 'other runs' | 'doc lengths' | 'sessions' | 'preferences' | 'judgment groups')[];
  explainable: boolean;
}

/** A named preset of measures (trec_eval's official, all_trec ...). */
export interface MeasureGroup {
  name: string;
  help: string;
  measures: string[];
}

/** The side inputs some measures need, as evaluate() and the analyses take them. */
export interface SideInputs {
  groups?: Groups | null;
  intents?: Intents | null;
  docLengths?: DocLengths | null;
  sessions?: Sessions | null;
}
/** explain()'s options: the evaluation's side inputs and, for the measures that score a run against
 *  other runs (NRG, P_rareness, AP_rareness), the evaluation's runs. */
export interface ExplainOptions extends SideInputs {
  runs?: Run[];
}

export interface EvalOptions extends SideInputs {
  missing?: Missing;
  progress?: Progress;
}
export interface EvaluateOptions extends EvalOptions {
  /** false leaves the per-topic rows out of the view (default true). */
  perTopic?: boolean;
}

/** The document `irlens eval --format json [-q]` prints (without provenance). */
export interface EvaluationJson {
  irlens: string;
  qrels: string;
  missing: Missing;
  measures: string[];
  measures_full: { [measure: string]: string };
  measures_typed: { [measure: string]: string };
  warnings: string[];
  runs: {
    [run: string]: {
      tag: string;
      mean: { [measure: string]: number | null };
      ci95: { [measure: string]: [number, number] | null };
      per_topic?: { [topic: string]: { [measure: string]: number | string | null } };
    };
  };
}

export interface WinsTiesLosses {
  baseline: string;
  runs: { [run: string]: { [measure: string]: { wins: number; ties: number; losses: number } } };
}

/** Explain mode: the arithmetic of one measure for one topic of a run. */
export interface Explanation {
  measure: string;
  run: string;
  topic: string;
  formula: string;
  columns: string[];
  rows: { rank: number; retrieved: boolean; doc: string; rel: number; values: (number | null)[] }[];
  terms: { name: string; value: number | null }[];
  value: number;
  /** A text-valued measure's value (RelString; its value is NaN); '' for the others. */
  text: string;
  /** The run has no result for the topic. */
  missing: boolean;
}

/** The ranked list of one topic: rels are grades, -1 not judged, -2 judged negative. */
export interface Ranking {
  docs: string[];
  rels: number[];
}

// Statistics (api-stats.mjs): the CLI's options, camelCased, with the CLI's defaults.
export type PairedTest = 't' | 'wilcoxon' | 'sign' | 'randomisation' | 'bootstrap' | 'unpaired-bootstrap';
export type Correction = 'none' | 'bonferroni' | 'holm' | 'bh';
export type Alternative = 'two-sided' | 'greater' | 'less';
export type IntervalMethod = 't' | 'percentile' | 'bca';

/** A number given to a CLI option: a number or its text. */
export type Num = number | string;

export interface CompareSettings {
  /** A run name or Run: every run against it (omit for every pair). */
  baseline?: string | Run;
  /** Only these pairs: 'a:b,c:d' or ['a:b', 'c:d']. */
  pairs?: string | string[];
  test?: PairedTest | 'tukey';
  correction?: Correction;
  alternative?: Alternative;
  confidence?: Num;
  ci?: IntervalMethod;
  /** URisk / TRisk with this alpha (needs a baseline). */
  risk?: Num;
  B?: Num;
  seed?: Num;
  exactLimit?: Num;
  /**
   * Only a part of each comparison (the JS API's option; the CLI always computes all): 'p-values'
   * the test (statistic, p, p_adjusted, marker, method) and the means, without the intervals,
   * Cohen's d and risk; 'details' those without the test. Each part's numbers equal the full
   * document's for that pair. The keys of the other part are absent, and the document says
   * `only`. Omitted: everything (the default).
   */
  only?: 'p-values' | 'details';
}
export interface CompareOptions extends CompareSettings, EvalOptions {}
export interface ScoresOptions {
  /** The Qrels (or its info) the result was evaluated with. */
  qrels: Qrels | { name: string; topics: string[] | number };
  /** A subset of the result's measures (default all). */
  measures?: string[] | string;
  progress?: Progress;
}

/** A number of a JSON document: null where undefined (NaN). */
export type Nullable = number | null;
export type Interval = [Nullable, Nullable];

export interface Comparison {
  run: string;
  versus: string;
  mean: Nullable;
  mean_interval: Interval;
  versus_mean: Nullable;
  versus_interval: Interval;
  difference: Nullable;
  difference_interval: Interval;
  statistic: Nullable;
  p: Nullable;
  p_adjusted: Nullable;
  marker: string;
  cohen_d: Nullable;
  cohen_d_interval: Interval;
  urisk?: Nullable;
  trisk?: Nullable;
  wins?: number;
  losses?: number;
  ties?: number;
  topics: number;
  method: string;
  note: string;
}
/** The document `irlens compare --format json` prints. */
export interface CompareDocument {
  irlens: string;
  command: 'compare';
  qrels: string;
  missing: Missing;
  test: string;
  alternative: Alternative;
  correction: Correction | 'tukey';
  B: number;
  seed: number;
  intervals: string;
  confidence: number;
  baseline?: string;
  risk_alpha?: number;
  /** Present when options.only was given: the part the comparisons hold (the other part's keys are absent). */
  only?: 'p-values' | 'details';
  measures: { measure: string; measure_full: string; topic_policy: string; comparisons: Comparison[] }[];
  warnings: string[];
}

/**
 * comparePValues(): compareScores' p-values part as columns (typed arrays, transferable), pair k
 * being the document's comparisons[k]; NaN where the document has null.
 */
export interface PairColumns {
  /** Indices into the document's runs. */
  run: Uint32Array;
  versus: Uint32Array;
  mean: Float64Array;
  versus_mean: Float64Array;
  difference: Float64Array;
  statistic: Float64Array;
  p: Float64Array;
  p_adjusted: Float64Array;
  /** The number of stars of the marker (0 to 3). */
  marker: Uint8Array;
  topics: Uint32Array;
  /** Indices into methods. */
  method: Uint32Array;
  methods: string[];
  /** Indices into notes. */
  note: Uint32Array;
  notes: string[];
}
/** The document of comparePValues(): compareScores' with only 'p-values', its pairs as columns. */
export interface PValuesDocument extends Omit<CompareDocument, 'measures'> {
  only: 'p-values';
  /** The run names, in the result's order. */
  runs: string[];
  measures: { measure: string; measure_full: string; topic_policy: string; pairs: PairColumns }[];
}

/** metaAnalyses(): the fewest topics common to every run (and measures) an analysis is defined on. */
export interface MetaAnalysisInfo { name: MetaAnalysis; min_topics: number; min_measures: number; why: string }
export type MetaAnalysis =
  | 'correlation' | 'discriminative-power' | 'stability' | 'concordance' | 'unanimity' | 'predictive-power' | 'loo'
  | 'topic-set-size' | 'power';
export interface MetaSettings {
  test?: PairedTest;
  correction?: Correction;
  /** Topics per trial (stability). */
  topics?: Num;
  trials?: Num;
  binWidth?: Num;
  rboP?: Num;
  /** Gold-standard measure names (concordance). */
  gold?: string | string[];
  /** Pool depth (loo). */
  depth?: Num;
  B?: Num;
  seed?: Num;
  exactLimit?: Num;
  stability?: 'half-ties' | 'fuzzy';
  fuzziness?: Num;
  /** predictive-power: the text or bytes of a `topic<TAB>run X<TAB>run Y<TAB>X|Y|tie` file. */
  preferences?: Bytes;
  preferencesName?: string;
  /** topic-set-size and power: two-sided level (0.05), Type II error rate (0.2), difference to detect (0.05). */
  alpha?: Num;
  beta?: Num;
  minDiff?: Num;
  /** topic-set-size: the CI design's largest interval width (none by default). */
  ciWidth?: Num;
}
export interface MetaOptions extends MetaSettings, EvalOptions {}

/** What every `irlens meta ANALYSIS --format json` document starts with. */
export interface MetaHeader<A extends MetaAnalysis> {
  irlens: string;
  command: 'meta';
  analysis: A;
  qrels: string;
  missing: Missing;
  runs: string[];
  topic_policy: string;
  warnings: string[];
}
export interface MetaDocuments {
  correlation: MetaHeader<'correlation'> & {
    pairs: {
      measure_x: string; measure_y: string; runs: number; tau_a: Nullable; tau_b: Nullable; p_tau_b: Nullable;
      p_tau_b_method: string; tau_ap_xy: Nullable; tau_ap_yx: Nullable; tau_ap_symmetric: Nullable;
      spearman: Nullable; p_spearman: Nullable; rbo: Nullable; rbo_p: number; note: string;
    }[];
  };
  'discriminative-power': MetaHeader<'discriminative-power'> & {
    measures: {
      measure: string; test: string; pairs: number; significant_05: number; significant_01: number;
      min_difference_05: Nullable; min_difference_01: Nullable;
      asl_curve: { run_a: string; run_b: string; difference: Nullable; p: Nullable }[];
    }[];
  };
  stability: MetaHeader<'stability'> & {
    seed: number;
    stability_variant?: 'fuzzy';
    fuzziness?: number;
    measures: {
      measure: string; topics_per_trial: number; trials: number; stability: Nullable; swap_topics_per_set: number;
      swap_rate: Nullable; swap_bins: { low: number; high: number; comparisons: number; swaps: number }[];
      error_rate?: Nullable; tie_rate?: Nullable;
    }[];
  };
  concordance: MetaHeader<'concordance'> & {
    measure_1: string; measure_2: string; gold: string[]; comparisons: number; disagreements: number;
    conc_1: Nullable; conc_2: Nullable; wins_1: number; wins_2: number; p: Nullable; note: string;
  };
  unanimity: MetaHeader<'unanimity'> & {
    measures: { measure: string; mu: Nullable; p_measure: number; p_unanimous: number; p_joint: number }[];
  };
  'predictive-power': MetaHeader<'predictive-power'> & {
    preferences_file: string; judgments: number; human_ties: number; interval: string; confidence: number; B: number; seed: number;
    measures: {
      measure: string; preferences: number; agreements: number; measure_ties: number; unscored: number;
      predictive_power: Nullable; ci_low: Nullable; ci_high: Nullable; note: string;
    }[];
  };
  loo: MetaHeader<'loo'> & {
    pool_depth: number; groups_file: string;
    measures: {
      measure: string; kendall_tau_b: Nullable; mean_abs_change: Nullable; max_rank_change: number;
      runs: { run: string; group: string; unique_judgments: number; unique_relevant: number; full: Nullable; loo: Nullable; full_rank: number; loo_rank: number }[];
    }[];
  };
  /** Sizes null (with a note saying why) when there is no number; power_curve[design][k]: the power at k + 2 topics. */
  'topic-set-size': MetaHeader<'topic-set-size'> & {
    alpha: number; beta: number; min_diff: number; ci_width: number | null; curve_topics: number;
    designs: {
      measure: string; design: 'paired-t' | 'anova' | 'ci'; variance: Nullable; alpha: number; beta: number | null;
      min_diff: number; runs: number; topics: number | null; achieved: Nullable; note: string;
    }[];
    measures: {
      measure: string; runs: number; topics: number; v_e: Nullable; v_w: Nullable; note: string;
      power_curve: { 'paired-t': Nullable[]; anova: Nullable[] };
    }[];
  };
  power: MetaHeader<'power'> & {
    alpha: number; beta: number; min_diff: number;
    measures: { measure: string; topics: number; runs: number; v_e: Nullable; min_detectable_diff: Nullable; power: Nullable; note: string }[];
  };
}

export interface TestResult {
  statistic: number;
  p: number;
  n: number;
  method: string;
  note: string;
}
export type CorrelationMethod = 'tau_a' | 'tau_b' | 'tau_ap' | 'tau_ap_symmetric' | 'spearman' | 'rbo';
export interface CorrelationResult {
  coefficient: number;
  /** tau_b and spearman only. */
  p?: number;
  method?: string;
  note?: string;
}
export interface IntervalOptions {
  ci?: IntervalMethod;
  confidence?: Num;
  B?: Num;
  seed?: Num;
  /** With y: the interval of mean(x) - mean(y) instead of the paired difference. */
  unpaired?: boolean;
}

/** Tests, rank correlations, intervals and corrections on plain vectors (NaN where undefined). */
export interface Stats {
  test(name: PairedTest, x: Numbers, y: Numbers, options?: { alternative?: Alternative; B?: Num; seed?: Num; exactLimit?: Num }): TestResult;
  correlation(method: CorrelationMethod, x: Numbers, y: Numbers, options?: { rboP?: number; alternative?: Alternative }): CorrelationResult;
  interval(x: Numbers, options?: IntervalOptions): { low: number; high: number };
  interval(x: Numbers, y: Numbers | null | undefined, options?: IntervalOptions): { low: number; high: number };
  adjust(p: Numbers, correction?: Correction): number[];
}

/** The analyses of the relative measures: the documents of `irlens rarity | unique | relative sweep | relative sample -f json`. */
export interface AnalysisDocument<Row> {
  irlens: string;
  command: string;
  qrels: string;
  columns: string[];
  rows: Row[];
}
export type RarityReport = AnalysisDocument<{
  topic: string; doc: string; rel: number; found_by: number; systems: number; rarity: Nullable; rarity_mixture: Nullable; only_run: string;
}> & { depth: number | null; rel: number; systems: number; pool: string[] };
export type UniqueContributions = AnalysisDocument<{
  scope: 'run' | 'group'; name: string; group: string; runs: number; mean: Nullable; total: number;
}> & { depth: number; rel: number; missing: Missing; topics: number; groups: string | null };
export type AlphaSweep = AnalysisDocument<{ measure: string; alpha: Nullable; tau_b: Nullable }> & { runs: number; missing: Missing };
export type SampleSizeTau = AnalysisDocument<{ measure: string; runs: number; trials: number; defined: number; mean_tau_b: Nullable }>
  & { runs: number; missing: Missing; trials: number; seed: number };

/** Which of a topic's intents each of the run's first documents covers. */
export interface SubtopicCoverage {
  topic: string;
  intents: string[];
  docs: string[];
  grades: number[][];
  firstRank: number[];
  covered: number[];
}

/** Run validation: the document `irlens check RUN --format json` prints. */
export interface CheckOptions {
  name?: string;
  qrels?: Qrels | null;
  topics?: Bytes | string[] | null;
  docs?: Bytes | string[] | null;
  topicsName?: string;
  docsName?: string;
  maxDocs?: number | null;
  tag?: string | null;
}
export interface CheckDocument {
  irlens: string;
  command: 'check';
  options: { qrels: string | null; topics: string | null; docs: string | null; max_docs: number | null; tag: string | null };
  errors: number;
  warnings: number;
  files: {
    file: string; lines: number; results: number; topics: number; errors: number; warnings: number;
    counts: { [kind: string]: number }; unlisted: number;
    findings: { line: number | null; severity: string; kind: string; topic: string | null; message: string }[];
    /** What the text front door did: a byte-order mark stripped, the first line with invalid UTF-8. */
    input_warnings: string[];
  }[];
}

/** The irlens API: what createIrlens() resolves with. */
export interface Irlens {
  /** The core's version (core/include/irlens/version.hpp). */
  readonly version: string;
  /** The classes of the loaded inputs, for instanceof. */
  readonly Qrels: abstract new (...args: never[]) => Qrels;
  readonly Run: abstract new (...args: never[]) => Run;
  readonly Groups: abstract new (...args: never[]) => Groups;
  readonly Intents: abstract new (...args: never[]) => Intents;
  readonly DocLengths: abstract new (...args: never[]) => DocLengths;
  readonly Sessions: abstract new (...args: never[]) => Sessions;
  readonly Prefs: abstract new (...args: never[]) => Prefs;

  /** The measure registry. */
  measures(): MeasureInfo[];
  /** Named presets. */
  groups(): MeasureGroup[];
  /** Parses one measure name; throws UsageError. */
  parseMeasure(text: string): MeasureSpec;
  /** Parses a list of measure names (spaces or commas, presets expanded). */
  parseMeasures(text: string): MeasureSpec[];

  /** bytes: the input's size when known (a plain file's size), a hint that sizes the judgments' storage once
   *  instead of copying it as it grows; any size is read whatever it says. */
  qrelsReader(name?: string, options?: { format?: QrelsFormat; bytes?: number }): Reader<Qrels>;
  /** format: 'auto' (by content, with evidence: a run not read as TREC has a warning saying why), or the format given. */
  runReader(qrels: Qrels, name?: string, options?: { order?: RunOrder; format?: RunFormat }): Reader<Run>;
  prefsReader(name?: string, options?: { format?: PrefsFormat }): Reader<Prefs>;
  loadQrels(data: Bytes, options?: { name?: string; format?: QrelsFormat }): Qrels;
  loadRun(qrels: Qrels, data: Bytes, options?: { name?: string; order?: RunOrder; format?: RunFormat }): Run;
  loadPrefs(data: Bytes, options?: { name?: string; format?: PrefsFormat }): Prefs;
  /** A `run<TAB>group` TSV or a CSV whose header names run and group columns. */
  loadGroups(data: Bytes, options?: { name?: string }): Groups;
  /** Intent probabilities (`topic subtopic prob`) and/or types (`topic subtopic inf|nav`). */
  loadIntents(sources: { probabilities?: Bytes | null; types?: Bytes | null; probabilitiesName?: string; typesName?: string }): Intents;
  loadDocLengths(data: Bytes, options?: { name?: string }): DocLengths;
  loadSessions(data: Bytes, options?: { name?: string }): Sessions;

  /** Evaluates runs for measure names: the nested view, with `raw` the columnar data. */
  evaluate(qrels: Qrels, runs: Run[], measures: string[] | string, options?: EvaluateOptions): EvaluationResult;
  evaluationJson(result: Scores, options?: { perTopic?: boolean }): EvaluationJson;
  winsTiesLosses(result: Scores, baseline: string | Run): WinsTiesLosses;
  /** One evaluation of runs whose topics were evaluated apart (each topic of a run in one part): as evaluate() gives for the whole runs. */
  joinTopics(qrels: Qrels, parts: Scores[]): EvaluationResult;
  ranking(run: Run, topic: string, depth?: number): Ranking;
  explain(run: Run, topic: string, measure: string, options?: ExplainOptions): Explanation;
  kendallTau(x: Numbers, y: Numbers, options?: { variant?: 'a' | 'b' }): number;
  /** Kendall's tau between the run orderings of each pair of measures: tau[i][j]. */
  rankCorrelations(result: EvaluationResult, options?: { variant?: 'a' | 'b' }): { measures: string[]; tau: number[][] };
  /** trec_eval's output for its flags (without file names); zscores: the text of the -Z file. */
  trecEval(qrels: Qrels, run: Run, args?: string[], options?: { zscores?: string }): string;

  compare(qrels: Qrels, runs: Run[], measures: string[] | string, options?: CompareOptions): CompareDocument;
  compareScores(result: Scores, options: ScoresOptions & CompareSettings): CompareDocument;
  /** compareScores' p-values part (only: 'p-values') as typed arrays: the page's p-value matrix of hundreds of runs. */
  comparePValues(result: Scores, options: ScoresOptions & Omit<CompareSettings, 'only'> & { only?: 'p-values' }): PValuesDocument;
  nullDistribution(result: Scores, options: {
    qrels: Qrels | { name: string; topics: string[] | number }; measure: string; run: string | Run; versus: string | Run;
    test?: PairedTest; alternative?: Alternative; B?: Num; seed?: Num; exactLimit?: Num;
  }): NullDistribution;
  meta<A extends MetaAnalysis>(analysis: A, qrels: Qrels, runs: Run[], measures: string[] | string, options?: MetaOptions): MetaDocuments[A];
  metaScores<A extends Exclude<MetaAnalysis, 'loo'>>(analysis: A, result: Scores, options: ScoresOptions & MetaSettings): MetaDocuments[A];
  /** What each meta analysis needs (unanimity: 1 topic; topic-set-size, power, loo: none; the others 2). */
  metaAnalyses(): MetaAnalysisInfo[];
  readonly stats: Stats;

  rarityReport(qrels: Qrels, runs: Run[], options?: { depth?: number | null; pool?: string | string[] | null; rel?: number | null }): RarityReport;
  uniqueContributions(qrels: Qrels, runs: Run[], options: { depth: number; groups?: Groups | null; rel?: number | null; missing?: Missing }): UniqueContributions;
  alphaSweep(qrels: Qrels, runs: Run[], measure: string | string[], options?: { alphas?: number[] | null; missing?: Missing }): AlphaSweep;
  sampleSizeTau(qrels: Qrels, runs: Run[], measure: string | string[],
    options?: { sizes?: number[] | null; trials?: number | null; seed?: number | null; missing?: Missing; progress?: Progress }): SampleSizeTau;

  /** ndeval 4.5's CSV, byte for byte (flags as ndeval's: ['-c', '-alpha', '0.5']). */
  ndeval(qrels: Qrels, run: Run, args?: string[], options?: { baseline?: Run | null }): string;
  subtopicCoverage(run: Run, topic: string, options?: { depth?: number; rel?: number }): SubtopicCoverage;

  checkRun(data: Bytes, options?: CheckOptions): CheckDocument;
  runChecker(options?: CheckOptions): Reader<CheckDocument>;

  /** The axiomatic audit (Amigó et al., SIGIR 2018): measures omitted/[] = the paper's Table 1, 'all' = every registered measure. */
  /** '' or why these measures cannot be scored one topic of one run at a time (rareness, NRG, sDCG). */
  streamObstacle(measures: string[] | string): string;
  /** A run of any size, grouped by topic, scored one topic at a time (an Error named NotGrouped otherwise). */
  evaluationStream(qrels: Qrels, measures: string[] | string, options?: StreamOptions): Reader<StreamedEvaluation>;
  /** trec_eval's output bytes for a run fed in chunks (every flag but -Z and -R). */
  trecEvalStream(qrels: Qrels, args?: string[], options?: { name?: string }): Reader<string>;
  /** evaluationStream over an async iterable of chunks (a node stream, a ReadableStream). */
  evaluateRunStream(qrels: Qrels, chunks: AsyncIterable<Bytes>, measures: string[] | string, options?: StreamOptions): Promise<StreamedEvaluation>;

  axioms(options?: { measures?: 'all' | string | string[]; seed?: number | string | bigint }): AxiomsDocument;

  /**
   * Two sets of judgments compared, as `irlens judgments --format json` (without its provenance):
   * the labels on the (topic, document) pairs both judge and, with runs (read against qrelsA; at
   * least 2, with measures), whether the runs' orderings and significance verdicts hold under B.
   */
  judgments(qrelsA: Qrels, qrelsB: Qrels, runs?: Run[], measures?: string[] | string, options?: JudgmentsOptions): JudgmentsDocument;

  /** Run versus run (`irlens runs`): RBO_min/res/ext, KTU, overlap@k, Jaccard@k per topic and mean. */
  compareRankings(runA: Run, runB: Run, options?: CompareRankingsOptions): CompareRankingsDocument;
  /** Reproducibility / replicability measures (`irlens repro`; Breuer et al. 2020, repro_eval). */
  reproducibility(runs: ReproRuns, options?: ReproOptions): ReproDocument;
}

/** The options of judgments(): the CLI's (`irlens judgments --help`), same defaults. */
export interface JudgmentsOptions extends SideInputs {
  /** Binary relevance: grade >= threshold (default 1). */
  threshold?: number;
  /** B's grades mapped onto A's scale, 'FROM:TO,...' (e.g. '3:2,2:1,1:1,0:0'). */
  mapB?: string;
  test?: 't' | 'wilcoxon' | 'sign' | 'randomisation' | 'bootstrap' | 'tukey';
  correction?: 'none' | 'bonferroni' | 'holm' | 'bh';
  /** A pair is significant when its adjusted p < alpha (default 0.05). */
  alpha?: number;
  rboP?: number;
  topK?: number;
  /** Level of the bootstrap intervals of the correlations (default 0.95). */
  confidence?: number;
  B?: number;
  seed?: number | string;
  exactLimit?: number;
  progress?: Progress;
}

/** Label agreement of a set of (topic, document) pairs (null: undefined, `note` says why). */
export interface LabelAgreementJson {
  pairs: number;
  /** The categories: every grade from the lowest to the highest either set uses. */
  grades: number[];
  /** [A's grade][B's grade], indexed as `grades`. */
  confusion: number[][];
  observed: Nullable;
  expected: Nullable;
  kappa: Nullable;
  kappa_linear: Nullable;
  kappa_quadratic: Nullable;
  alpha_nominal: Nullable;
  alpha_ordinal: Nullable;
  alpha_interval: Nullable;
  binary: { threshold: number; both: number; a_only: number; b_only: number; neither: number; agreement: Nullable; kappa: Nullable };
  note: string;
}

/** A correlation of the two orderings with its bootstrap percentile interval over topics. */
export interface CorrelationIntervalJson {
  value: Nullable;
  interval: Interval;
  /** Resamples where the coefficient was undefined (left out of the interval). */
  undefined_resamples: number;
}

/** One measure's conclusions under the two sets. */
export interface JudgmentsConclusionsJson {
  measure: string;
  topics: number;
  runs: { run: string; mean_a: Nullable; mean_b: Nullable; rank_a: number; rank_b: number; interval_a: Interval; interval_b: Interval }[];
  tau_b: CorrelationIntervalJson;
  /** A is the reference (Yilmaz et al. 2008): B's ordering evaluated against A's. */
  tau_ap: CorrelationIntervalJson;
  spearman: CorrelationIntervalJson;
  rbo: CorrelationIntervalJson;
  largest_rank_change: { run: string; rank_a: number; rank_b: number; change: number } | null;
  top_k: number;
  top_k_overlap: Nullable;
  per_topic: { topic: string; tau_b: Nullable }[];
  per_topic_tau_b_mean: Nullable;
  per_topic_undefined: number;
  /** The test and its correction, e.g. "paired t-test, two-sided, no correction for multiple comparisons". */
  test: string;
  pairs: number;
  significant_a: number;
  significant_b: number;
  changes: { run_a: string; run_b: string; difference_a: Nullable; p_a: Nullable; difference_b: Nullable; p_b: Nullable;
    change: 'significant under A only' | 'significant under B only' | 'reversed' }[];
  note: string;
}

/** The document of `irlens judgments --format json` (without provenance). */
export interface JudgmentsDocument {
  irlens: string;
  command: 'judgments';
  qrels_a: string;
  qrels_b: string;
  threshold: number;
  /** B's grade map ({FROM: TO}), or null. */
  map_b: Record<string, number> | null;
  topics: { compared: string[]; only_a: string[]; only_b: string[]; note: string };
  grades: { a: number[]; b: number[]; note: string };
  labels: LabelAgreementJson;
  topic_labels: (LabelAgreementJson & { topic: string; only_a: Record<string, number>; only_b: Record<string, number> })[];
  /** Judgments of one set only, by grade ({grade: count}), topics of one set included. */
  only_a: Record<string, number>;
  only_b: Record<string, number>;
  conclusions: {
    topic_policy: string; alpha: number; rbo_p: number; confidence: number; B: number; seed: number;
    measures: JudgmentsConclusionsJson[];
  } | null;
  warnings: string[];
}

/** One ranking of an axiom counterexample and its score (null: undefined). */
export interface AxiomRanking {
  ranking: string[];
  score: number | null;
}

/** The smallest counterexample of a violated constraint (`irlens axioms`, docs/axioms.md). */
export interface AxiomCounterexample {
  claim: string;
  note: string;
  /** doc -> grade, or doc -> grade per intent for the diversity constraints. */
  judgments: Record<string, number | number[]>;
  weights?: number[];
  better: AxiomRanking;
  worse: AxiomRanking;
}

/** One measure x constraint cell of the axiomatic audit. */
export interface AxiomResult {
  measure: string;
  paper_metric: string | null;
  constraint: 'Pri' | 'Deep' | 'DeepTh' | 'CloseTh' | 'Conf' | 'AspDiv' | 'Red' | 'MRed' | 'Sat' | 'AspRel';
  verdict: string;
  kind: 'violated' | 'no_violation' | 'witness' | 'no_witness' | 'n/a';
  cases: number;
  undefined: number;
  witness: number | null;
  bound: number | null;
  max_grade: number;
  reason: string | null;
  counterexample: AxiomCounterexample | null;
}

/** The document of `irlens axioms --format json`. */
export interface AxiomsDocument {
  irlens: string;
  command: 'axioms';
  paper: string;
  seed: number | string;
  random_cases: number;
  depth_bound: number;
  grade_bound: number;
  results: AxiomResult[];
}

/** Options of a streamed evaluation: evaluate's, plus the run's name and order. */
export interface StreamOptions extends EvaluateOptions {
  name?: string;
  order?: RunOrder;
}

/** What a streamed evaluation gives: evaluate's result, with `run` (its info and warnings; no entries). */
export type StreamedEvaluation = EvaluationResult & { run: Run };

/** The null distribution behind one paired test (irlens.nullDistribution; docs/statistics.md). */
export interface NullDistribution {
  measure: string;
  run: string;
  versus: string;
  test: PairedTest;
  alternative: Alternative;
  B: number;
  seed: number | string;
  statistic_name: string;
  statistic: number | null;
  p: number | null;
  n: number;
  method: string;
  note: string;
  /** t-test: n - 1; NaN otherwise. */
  df: number;
  /** '' or why nothing can be drawn (too few topics, all differences 0, a test without a distribution here). */
  no_picture: string;
  topic_policy: string;
  qrels: string;
  topics: string[];
  x: Float64Array;
  y: Float64Array;
  /** The randomisation's mean differences or the bootstrap's t statistics, from the test's seed. */
  samples: Float64Array;
  /** 1 where the test counted the sample as at least as extreme: their share is p exactly. */
  extreme: Uint8Array;
}

/** Options of the browser build (Emscripten's module options): e.g. where irlens_web.wasm is. */
export interface CreateOptions {
  /** The URL of a file the module loads (irlens_web.wasm), by default beside irlens.mjs. */
  locateFile?: (path: string, prefix: string) => string;
  /** The bytes of irlens_web.wasm, instead of fetching it. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads the WASM module (irlens_web.wasm, fetched from beside irlens.mjs unless told otherwise). */
export function createIrlens(options?: CreateOptions): Promise<Irlens>;

/** The run name of a file, as the CLI's: without `.gz`, then without `.txt` or `.tsv`. */
export function runName(file: string): string;
/** The names of runs read from `files`: never two runs of one name. */
export function runNames(files: string[]): { names: string[]; warnings: string[] };

/** Options of compareRankings (defaults: persistence 0.9, depth 1000, cutoffs [10], perTopic false). */
export interface CompareRankingsOptions {
  persistence?: number;
  depth?: number;
  cutoffs?: number[];
  perTopic?: boolean;
}

/** The document of `irlens runs --format json` (without irlens' version and the provenance). */
export interface CompareRankingsDocument {
  command: 'runs';
  run_a: string;
  run_b: string;
  persistence: number;
  depth: number;
  cutoffs: number[];
  topics_compared: number;
  ktu_topics: number;
  /** Topics only one run answered: left out of every value. */
  only_a: string[];
  only_b: string[];
  columns: string[];
  /** Per topic (perTopic, most different first), then topic 'all' (the means); null = undefined. */
  rows: Array<{ topic: string; docs_a: number; docs_b: number; RBO_min: number | null; RBO_res: number | null;
    RBO_ext: number | null; KTU: number | null; [overlapOrJaccard: string]: string | number | null }>;
}

/** The four runs of a reproduction (the reproduced ones read against other qrels for replicability). */
export interface ReproRuns {
  origBaseline: Run;
  origAdvanced: Run;
  reproBaseline: Run;
  reproAdvanced: Run;
}

/** Options of reproducibility (repro_eval's defaults). */
export interface ReproOptions {
  measures?: string | string[];
  cutoffs?: number[];
  persistence?: number;
  rboDepth?: number;
  runLength?: number;
  replicability?: boolean;
}

/** One value of a reproduction (value null: undefined, note says why). */
export interface ReproRow {
  quantity: 'KTU' | 'KTU_repro_eval' | 'RBO_repro_eval' | 'RBO_ext' | 'RMSE' | 'nRMSE' | 'ER' | 'DeltaRI' | 'p_value';
  measure: string;
  cutoff: number;
  run: 'baseline' | 'advanced' | 'both';
  value: number | null;
  topics: number;
  note: string;
}

/** The document of `irlens repro --format json` (without irlens' version and the provenance). */
export interface ReproDocument {
  command: 'repro';
  kind: 'reproducibility' | 'replicability';
  runs: { orig_baseline: string; orig_advanced: string; repro_baseline: string; repro_advanced: string };
  persistence: number;
  rbo_depth: number;
  run_length: number;
  cutoffs: number[];
  warnings: string[];
  columns: string[];
  rows: ReproRow[];
}
