// Types of evaluation.mjs (`irlens/evaluation`): the evaluation's columnar data and its nested
// view. Written by hand (Emscripten 3.1.6 emits no declarations); tests/web/package.test.mjs
// compiles tests/package/*.ts against them and checks that every function the API object has is
// declared here or in irlens.d.mts.

/** One measure of an evaluation, as the core parsed it. */
export interface MeasureSpec {
  /** The canonical name: the key everywhere (`nDCG@10`, `P(rel=2)@5`). */
  name: string;
  /** Every parameter spelled out (provenance): `P(rel=1,judged_only=False,agg=mean)@5`. */
  full: string;
  /** The registry row's name (`P`). */
  measure: string;
  cutoff: number | null;
  aggregate: string;
  integer: boolean;
  textValued: boolean;
}

/** A measure of the columnar data: its spec and how it was typed (`ndcg@10`). */
export interface EvaluationMeasure extends MeasureSpec {
  typed: string;
}

/** One run of the columnar data. */
export interface EvaluationRunData {
  name: string;
  tag: string;
  /** The topics the run was scored on, in the qrels' byte order. */
  topics: string[];
  /** measures x topics, measure-major: values[m * topics.length + t]; NaN where undefined. */
  values: Float64Array;
  /** The text-valued measures' values, by measure index. */
  texts: { [measureIndex: string]: string[] };
  /** One entry per measure: the aggregate (mean) and its 95% t interval; NaN where undefined. */
  aggregate: Float64Array;
  ciLow: Float64Array;
  ciHigh: Float64Array;
}

/** The evaluation's one format (what travels between workers). */
export interface EvaluationData {
  qrels: { name: string; topics: number };
  measures: EvaluationMeasure[];
  missing: Missing;
  warnings: string[];
  runs: EvaluationRunData[];
}

/** How topics a run did not answer count: 'zero' (as trec_eval -c; the default) or 'skip'. */
export type Missing = 'zero' | 'skip';

/** A value of one topic: a number, a text for text-valued measures, null where undefined. */
export type TopicValue = number | string | null;

/** One run of the nested view. */
export interface EvaluationRunView {
  tag: string;
  /** The aggregate of each measure; null where undefined and for text-valued measures. */
  mean: { [measure: string]: number | null };
  /** The 95% t interval of the mean, or null. */
  ci95: { [measure: string]: [number, number] | null };
  /** Per topic, per measure (absent when evaluated with perTopic: false). */
  perTopic?: { [topic: string]: { [measure: string]: TopicValue } };
}

/** What evaluate() returns: the nested view of `raw`. */
export interface EvaluationResult {
  measures: string[];
  measuresFull: { [measure: string]: string };
  missing: Missing;
  warnings: string[];
  runs: { [run: string]: EvaluationRunView };
  raw: EvaluationData;
}

/** An evaluate() result or its columnar data: what the functions that read scores take. */
export type Scores = EvaluationResult | EvaluationData;

/** The ArrayBuffers of `data`, for a postMessage transfer list. */
export function buffersOf(data: EvaluationData): ArrayBuffer[];

/** A copy of `data` with the measures named (default: all), in that order; throws for a name not in it. */
export function selectMeasures(data: EvaluationData, names?: string[] | null): EvaluationData;

/** The nested view of `data`; perTopic: false leaves the per-topic rows out. */
export function evaluationView(data: EvaluationData, options?: { perTopic?: boolean }): EvaluationResult;

/** The columnar data behind an evaluate() result (its raw), or `x` itself when it is data; else null. */
export function dataOf(x: unknown): EvaluationData | null;
