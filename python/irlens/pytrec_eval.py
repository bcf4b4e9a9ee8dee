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

import codecs
import collections
import io
import math
import os
import re
from typing import Any, Dict, Iterable, Mapping, Optional, Set, Tuple

from . import _core
from ._inputs import load_qrels, load_run

__all__ = [
    "parse_run",
    "parse_qrel",
    "supported_measures",
    "supported_nicknames",
    "RelevanceEvaluator",
    "compute_aggregated_measure",
]

_TREC = _core.trec_eval_measures()
# The measures trec_eval 10.0's nicknames name that trec_eval 9.0.x's, and so pytrec_eval's, do not.
_NOT_IN_9 = {"unj", "rbp", "rbp_resid"}
# pytrec_eval's two module constants (its pytrec_eval.cpp): every nickname with its list, and as the
# supported measures the all_trec list (34 roots, runid, num_q and relstring among them; no prefs_*,
# *_avgjg, dcg or ideal_dcg): so RelevanceEvaluator(qrel, supported_measures) asks what all_trec does.
supported_nicknames: Dict[str, Set[str]] = {
    name: {m for m in ms if m not in _NOT_IN_9} for name, ms in _TREC["groups"].items()
}
supported_measures: Set[str] = set(supported_nicknames["all_trec"])
# The values trec_eval -q prints as no number of the query (runid, relstring: text; num_q: the
# count), given as pytrec_eval keys them: num_q 1 per query (pytrec_eval's, which trec_eval sums);
# runid and relstring NaN, where pytrec_eval gives a 0.0 that is no value (docs/python.md).
_NOT_NUMBERS = {"runid": math.nan, "num_q": 1.0, "relstring": math.nan}
# A run that answers no qrels topic (the core reads no run without a result): one result for a
# topic id no qrels holds (U+2400, the symbol for NUL), dropped as such topics are.
NO_ANSWER = {"\u2400irlens:no-topic\u2400": {"\u2400": 0.0}}


CHUNK = 1 << 18  # bytes (or characters) of a file parsed at a time (a buffer within L2)
SCAN_THREAD = True  # the lines scanned on a second thread while their objects are made (trec_dicts.cpp)


def _utf8_bytes(f: io.TextIOBase) -> Optional[Tuple[Any, int]]:
    """(f's binary buffer, f's position) when reading the buffer from there gives the text that
    reading f would: a TextIOWrapper decoding UTF-8 strictly with nothing read ahead (its tell()
    is the buffer's), e.g. open(path) or gzip.open(path, "rt"); else None."""
    if not isinstance(f, io.TextIOWrapper) or f.errors != "strict":
        return None
    try:
        if codecs.lookup(f.encoding).name != "utf-8":
            return None
        position = f.tell()
        return (f.buffer, position) if position == f.buffer.tell() else None
    except (OSError, ValueError, LookupError, AttributeError):  # not seekable, iterated by next(), detached
        return None


def _buffer_size(raw: Any, position: int) -> int:
    """CHUNK, or the file's bytes from position when fewer (a small file takes no larger buffer)."""
    try:
        return max(1, min(CHUNK, os.fstat(raw.fileno()).st_size - position + 1))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return CHUNK


def _parsed(f: io.TextIOBase, fields: int) -> Dict[str, Dict[str, Any]]:
    """The lines of a text file parsed in C++ (_core.TrecDictParser) into pytrec_eval's
    defaultdict(dict), as the loops below parse them, with their exceptions: from its UTF-8 bytes
    (_utf8_bytes) unless a lone CR (a line break of the text, not of the bytes) is met, then, or
    for any other file, from its text."""
    raw = _utf8_bytes(f)
    if raw is not None:
        out: Dict[str, Dict[str, Any]] = collections.defaultdict(dict)
        parser = _core.TrecDictParser(out, fields, SCAN_THREAD)
        buffer = bytearray(_buffer_size(raw[0], raw[1]))  # one buffer, refilled: no fresh pages per chunk
        view = memoryview(buffer)
        whole = True
        while whole and (n := raw[0].readinto(buffer)):
            whole = parser.feed_bytes(view[:n])
        if whole and parser.finish():
            return out
        f.seek(raw[1])
    out = collections.defaultdict(dict)
    parser = _core.TrecDictParser(out, fields, SCAN_THREAD)
    while chunk := f.read(CHUNK):
        parser.feed(chunk)
    parser.finish()
    return out


def parse_run(f_run: Iterable[str]) -> Dict[str, Dict[str, float]]:
    """{query: {doc: score}} of the lines of a TREC run (as pytrec_eval.parse_run; a text file is
    parsed in C++)."""
    if isinstance(f_run, io.TextIOBase):
        return _parsed(f_run, 6)
    run: Dict[str, Dict[str, float]] = collections.defaultdict(dict)
    for line in f_run:
        query_id, _, object_id, _ranking, score, _ = line.strip().split()
        assert object_id not in run[query_id]
        run[query_id][object_id] = float(score)
    return run


def parse_qrel(f_qrel: Iterable[str]) -> Dict[str, Dict[str, int]]:
    """{query: {doc: relevance}} of the lines of a TREC qrels (as pytrec_eval.parse_qrel; a text
    file is parsed in C++)."""
    if isinstance(f_qrel, io.TextIOBase):
        return _parsed(f_qrel, 4)
    qrel: Dict[str, Dict[str, int]] = collections.defaultdict(dict)
    for line in f_qrel:
        query_id, _, object_id, relevance = line.strip().split()
        assert object_id not in qrel[query_id]
        qrel[query_id][object_id] = int(relevance)
    return qrel


def compute_aggregated_measure(measure: str, values: Iterable[float]) -> float:
    """The aggregate pytrec_eval (and trec_eval) computes: num_ measures summed, gm_ measures (per
    query, logs) exp of their mean, every other the mean (numpy's sums, as pytrec_eval's)."""
    import numpy as np  # here only: the module's other names need no numpy (its import is 20 MB resident)

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
        match = next(
            (
                (base, re.match(_PARAMS.format(re.escape(base)), m))
                for base in sorted(supported_measures, key=len, reverse=True)
                if re.fullmatch(_PARAMS.format(re.escape(base)), m)
            ),
            None,
        )
        if match is None:
            raise ValueError(f"unsupported measure {m}")
        base, found = match
        params[base].update(found.group(1).split(","))
    return [f"{m}.{','.join(sorted(p))}" if p else m for m, p in sorted(params.items())]


class RelevanceEvaluator:
    """pytrec_eval.RelevanceEvaluator: the qrels read once, evaluate(run) per run."""

    def __init__(
        self,
        query_relevance: Mapping[str, Mapping[str, int]],
        measures: Iterable[str],
        relevance_level: int = 1,
        judged_docs_only_flag: bool = False,
    ):
        self._measures = _trec_measures(measures)
        # The keys of a query, in trec_eval's order (unknown parameters fail here, as pytrec_eval's
        # constructor); no measure asked (an empty set): none, as pytrec_eval (never -m's default).
        named = [name for name, _ in _core.trec_eval_names(self._measures)] if self._measures else []
        runid = ["runid"] if any(m == "runid" or m.startswith("runid.") for m in self._measures) else []
        self._keys = runid + named
        qrel = dict(query_relevance)
        # No judgment at all: no query is in both qrels and run, every evaluate() gives {} (pytrec_eval's).
        # The dicts are walked in C++; no SHA-256 (this module keeps no provenance record).
        self._qrels = load_qrels(qrel, source="qrels dict", digest=False) if any(qrel.values()) else None
        self._level = int(relevance_level)
        self._judged_only = bool(judged_docs_only_flag)

    def evaluate(self, scores: Mapping[str, Mapping[str, float]]) -> Dict[str, Dict[str, float]]:
        """{query: {key: value}} for the queries in both qrels and run, in the run's order (a query
        whose ranking is empty scored as an empty ranking, as pytrec_eval); {} for an empty run."""
        if not scores or self._qrels is None:
            return {}
        ranked = {q: docs for q, docs in scores.items() if docs}
        # With an empty ranking, every qrels topic (trec_eval -c), of which those the run names are
        # kept; else the topics the run answers (a run of one query costs one topic).
        run = load_run(self._qrels, ranked or NO_ANSWER, "run", digest=False)
        names, _specs, topics, values = _core.trec_eval_values(
            self._qrels.handle,
            run.handle,
            self._measures or ["num_q"],
            self._level,
            self._judged_only,
            complete=len(ranked) < len(scores),
        )
        del run
        _core.trim_heap()  # the run's C++ objects' pages given back: a campaign's peak is one run's
        rows = dict(zip(topics, values))
        out: Dict[str, Dict[str, float]] = {}
        for q in scores:
            row = rows.get(str(q))
            if row is None:
                continue  # not in the qrels
            got = dict(zip(names, row))
            out[q] = {k: got[k] if k in got else _NOT_NUMBERS.get(k, math.nan) for k in self._keys}
        return out
