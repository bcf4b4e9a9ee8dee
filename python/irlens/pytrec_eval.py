"""pytrec_eval's API over irlens' trec_eval drop-in: code written for pytrec_eval runs unchanged.

    import irlens.pytrec_eval as pytrec_eval
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, {'map', 'ndcg_cut.10', 'P'})
    results = evaluator.evaluate(run)      # {query: {'map': ..., 'ndcg_cut_10': ..., 'P_5': ...}}

Measures are named as pytrec_eval takes them (`m`, `m.k`, `m_k`, `m.k1,k2`, nicknames such as
`official`); results are keyed as pytrec_eval keys them (the names trec_eval prints: P_5,
ndcg_cut_10, iprec_at_recall_0.10, set_F; gm_map per query as its log), for the queries in both
qrels and run. The values are irlens' trec_eval drop-in's (trec_eval 10.0's, at full precision);
pytrec_eval bundles trec_eval 9.0.x: the differences are in docs/python.md.
"""
from __future__ import annotations

import collections
import re
from typing import Any, Dict, Iterable, Mapping, Set

import numpy as np

from . import _core
from ._inputs import load_qrels, load_run

__all__ = ["parse_run", "parse_qrel", "supported_measures", "supported_nicknames", "RelevanceEvaluator",
           "compute_aggregated_measure"]

_TREC = _core.trec_eval_measures()
# trec_eval 10.0 measures that trec_eval 9.0.x, and so pytrec_eval, does not have.
_NOT_IN_9 = {"rbp", "rbp_resid"}
supported_measures: Set[str] = {m for m in _TREC["roots"] if m not in _NOT_IN_9 and m != "runid"}
supported_nicknames: Dict[str, Set[str]] = {
    name: {m for m in ms if m in supported_measures} for name, ms in _TREC["groups"].items()}


def parse_run(f_run: Iterable[str]) -> Dict[str, Dict[str, float]]:
    """{query: {doc: score}} of the lines of a TREC run (as pytrec_eval.parse_run)."""
    run: Dict[str, Dict[str, float]] = collections.defaultdict(dict)
    for line in f_run:
        query_id, _, object_id, _ranking, score, _ = line.strip().split()
        assert object_id not in run[query_id]
        run[query_id][object_id] = float(score)
    return run


def parse_qrel(f_qrel: Iterable[str]) -> Dict[str, Dict[str, int]]:
    """{query: {doc: relevance}} of the lines of a TREC qrels (as pytrec_eval.parse_qrel)."""
    qrel: Dict[str, Dict[str, int]] = collections.defaultdict(dict)
    for line in f_qrel:
        query_id, _, object_id, relevance = line.strip().split()
        assert object_id not in qrel[query_id]
        qrel[query_id][object_id] = int(relevance)
    return qrel


def compute_aggregated_measure(measure: str, values: Iterable[float]) -> float:
    """The aggregate pytrec_eval (and trec_eval) computes: num_ measures summed, gm_ measures (per
    query, logs) exp of their mean, every other the mean."""
    values = list(values)
    if measure.startswith("num_"):
        return float(np.sum(values))
    if measure.startswith("gm_"):
        return float(np.exp(np.sum(values) / len(values)))
    return float(np.mean(values))


_PARAMS = r"{}[\._]([0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)"


def _trec_measures(measures: Iterable[str]) -> list:
    """pytrec_eval's measure names as trec_eval's -m takes them (nicknames expanded; `m_k`,
    `m.k1,k2` combined per measure into `m.k1,k2`)."""
    if isinstance(measures, str):
        raise TypeError("measures must be a set (or list) of measure names, e.g. {'map', 'ndcg'}")
    expanded: Set[str] = set()
    for m in measures:
        expanded.update(supported_nicknames[m] if m in supported_nicknames else {m})
    params: Dict[str, Set[str]] = collections.defaultdict(set)
    for m in expanded:
        if m in supported_measures:
            params.setdefault(m, set())
            continue
        match = next(((base, re.match(_PARAMS.format(re.escape(base)), m)) for base in sorted(supported_measures, key=len, reverse=True)
                      if re.fullmatch(_PARAMS.format(re.escape(base)), m)), None)
        if match is None:
            raise ValueError(f"unsupported measure {m}")
        base, found = match
        params[base].update(found.group(1).split(","))
    return [f"{m}.{','.join(sorted(p))}" if p else m for m, p in sorted(params.items())]


class RelevanceEvaluator:
    """pytrec_eval.RelevanceEvaluator: the qrels read once, evaluate(run) per run."""

    def __init__(self, query_relevance: Mapping[str, Mapping[str, int]], measures: Iterable[str],
                 relevance_level: int = 1, judged_docs_only_flag: bool = False):
        self._measures = _trec_measures(measures)
        _core.trec_eval_names(self._measures)  # unknown parameters fail here, as pytrec_eval's constructor
        self._qrels = load_qrels(dict(query_relevance), source="qrels dict")
        self._level = int(relevance_level)
        self._judged_only = bool(judged_docs_only_flag)

    def evaluate(self, scores: Mapping[str, Mapping[str, float]]) -> Dict[str, Dict[str, float]]:
        """{query: {key: value}} for the queries in both qrels and run; {} for an empty run."""
        if not scores or not any(scores.values()):
            return {}
        run = load_run(self._qrels, scores, "run")
        names, _specs, topics, values = _core.trec_eval_values(self._qrels.handle, run.handle, self._measures,
                                                               self._level, self._judged_only)
        return {t: dict(zip(names, row.tolist())) for t, row in zip(topics, values)}
