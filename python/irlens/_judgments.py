"""irlens.judgments: two sets of relevance judgments compared (issue 38), as `irlens judgments`.

The numbers are the core's (irlens/stats/judgments.hpp); this module only turns its JSON document
into pandas DataFrames.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from . import _core
from ._api import Document, Measures, _inputs, _settings, _side_inputs, option_args, provenance
from ._inputs import load_qrels

if TYPE_CHECKING:  # imported on the first call (import time)
    import pandas as pd


@dataclass
class Judgments:
    """Two sets of judgments compared. Undefined values are NaN; the `note` columns say why.

    labels     one row per scope ("all", then each topic both sets judge): pairs, observed,
               expected, kappa, kappa_linear, kappa_quadratic, alpha_nominal, alpha_ordinal,
               alpha_interval, binary_agreement, binary_kappa, rel_both, rel_a_only, rel_b_only,
               rel_neither, note
    confusion  the pairs both judge by grade: rows A's grade, columns B's grade
    one_sided  judgments of one set only: set ("A" or "B"), grade, judgments
    runs       measure, run, mean_a, mean_b, rank_a, rank_b, mean_a_low, mean_a_high, mean_b_low, mean_b_high
               (the bootstrap percentile intervals of the means; empty without runs)
    orderings  one row per measure: tau_b, tau_ap, spearman, rbo with *_low / *_high bootstrap
               bounds, largest_rank_change, largest_change_run, top_k, top_k_overlap,
               per_topic_tau_b_mean, per_topic_undefined, test, pairs, significant_a,
               significant_b, changed, note
    changes    the pairs of runs whose significance verdict differs: measure, run_a, run_b,
               difference_a, p_a, difference_b, p_b, change
    per_topic  measure, topic, tau_b (the runs' scores on the topic under A vs under B)
    document   the whole JSON document of `irlens judgments --format json`, with its provenance
    """

    labels: pd.DataFrame
    confusion: pd.DataFrame
    one_sided: pd.DataFrame
    runs: pd.DataFrame
    orderings: pd.DataFrame
    changes: pd.DataFrame
    per_topic: pd.DataFrame
    document: Document


def _num(v: Any) -> float:
    return float("nan") if v is None else v


def _label_row(scope: str, d: dict) -> dict:
    b = d["binary"]
    return {
        "scope": scope,
        "pairs": d["pairs"],
        **{
            k: _num(d[k])
            for k in (
                "observed",
                "expected",
                "kappa",
                "kappa_linear",
                "kappa_quadratic",
                "alpha_nominal",
                "alpha_ordinal",
                "alpha_interval",
            )
        },
        "binary_agreement": _num(b["agreement"]),
        "binary_kappa": _num(b["kappa"]),
        "rel_both": b["both"],
        "rel_a_only": b["a_only"],
        "rel_b_only": b["b_only"],
        "rel_neither": b["neither"],
        "note": d["note"],
    }


def _frames(doc: Document) -> Judgments:
    import pandas as pd

    labels = pd.DataFrame([_label_row("all", doc["labels"])] + [_label_row(t["topic"], t) for t in doc["topic_labels"]])
    grades = doc["labels"]["grades"]
    confusion = pd.DataFrame(
        doc["labels"]["confusion"] or [],
        index=pd.Index(grades, name="grade_a"),
        columns=pd.Index(grades, name="grade_b"),
        dtype="int64",
    )
    one_sided = pd.DataFrame(
        [
            {"set": s, "grade": int(g), "judgments": n}
            for s, key in (("A", "only_a"), ("B", "only_b"))
            for g, n in sorted(doc[key].items(), key=lambda x: int(x[0]))
        ],
        columns=["set", "grade", "judgments"],
    )
    measures = (doc["conclusions"] or {}).get("measures", [])
    runs = pd.DataFrame(
        [
            {
                "measure": m["measure"],
                "run": r["run"],
                "mean_a": _num(r["mean_a"]),
                "mean_b": _num(r["mean_b"]),
                "rank_a": r["rank_a"],
                "rank_b": r["rank_b"],
                "mean_a_low": _num(r["interval_a"][0]),
                "mean_a_high": _num(r["interval_a"][1]),
                "mean_b_low": _num(r["interval_b"][0]),
                "mean_b_high": _num(r["interval_b"][1]),
            }
            for m in measures
            for r in m["runs"]
        ],
        columns=[
            "measure",
            "run",
            "mean_a",
            "mean_b",
            "rank_a",
            "rank_b",
            "mean_a_low",
            "mean_a_high",
            "mean_b_low",
            "mean_b_high",
        ],
    )
    rows = []
    for m in measures:
        row = {"measure": m["measure"], "runs": len(m["runs"]), "topics": m["topics"]}
        for k in ("tau_b", "tau_ap", "spearman", "rbo"):
            row[k] = _num(m[k]["value"])
            row[k + "_low"], row[k + "_high"] = (_num(v) for v in m[k]["interval"])
        largest = m["largest_rank_change"] or {}
        row.update(
            {
                "largest_rank_change": largest.get("change"),
                "largest_change_run": largest.get("run"),
                "top_k": m["top_k"],
                "top_k_overlap": _num(m["top_k_overlap"]),
                "per_topic_tau_b_mean": _num(m["per_topic_tau_b_mean"]),
                "per_topic_undefined": m["per_topic_undefined"],
                "test": m["test"],
                "pairs": m["pairs"],
                "significant_a": m["significant_a"],
                "significant_b": m["significant_b"],
                "changed": len(m["changes"]),
                "note": m["note"],
            }
        )
        rows.append(row)
    changes = pd.DataFrame(
        [
            {
                "measure": m["measure"],
                **{k: (_num(v) if k.startswith(("difference", "p_")) else v) for k, v in c.items()},
            }
            for m in measures
            for c in m["changes"]
        ],
        columns=["measure", "run_a", "run_b", "difference_a", "p_a", "difference_b", "p_b", "change"],
    )
    per_topic = pd.DataFrame(
        [
            {"measure": m["measure"], "topic": t["topic"], "tau_b": _num(t["tau_b"])}
            for m in measures
            for t in m["per_topic"]
        ],
        columns=["measure", "topic", "tau_b"],
    )
    return Judgments(labels, confusion, one_sided, runs, pd.DataFrame(rows), changes, per_topic, doc)


def judgments(
    qrels_a: Any, qrels_b: Any, runs: Any = None, measures: Measures = (), *, order: str = "score", **options: Any
) -> Judgments:
    """Compares two sets of relevance judgments (A, e.g. the assessors'; B, e.g. an LLM's), as
    `irlens judgments QRELS_A QRELS_B [RUN...] -m ...`: the labels on the (topic, document) pairs
    both judge, and with runs (read against A, then re-read under both sets on the topics both
    judge) each measure's run means under both, the agreement of the orderings and the pairs of runs
    whose significance verdict differs. See docs/python.md and docs/statistics.md.

    qrels_a, qrels_b, runs: as evaluate() takes them (paths, DataFrames, dicts ...).
    options, as the JS API's judgments(): threshold, mapB ('3:2,2:1,1:1,0:0'), test, correction,
    alpha, rboP, topK, confidence, B, seed, exactLimit (the CLI's defaults and messages), and the
    side inputs as evaluate() takes them (docLengths, sessions, groups, intents, intentTypes).
    """
    options = dict(options)
    side_handle, side_records = _side_inputs(options)
    lists = [measures] if isinstance(measures, str) else [str(m) for m in measures]
    args = option_args(options)
    qb = load_qrels(qrels_b)
    if runs is None or (not isinstance(runs, (str, bytes)) and hasattr(runs, "__len__") and len(runs) == 0):
        qa, rs = load_qrels(qrels_a), []
    else:
        qa, rs = _inputs(qrels_a, runs, "plain", order)
    doc = Document(json.loads(_core.judgments(qa.handle, qb.handle, [r.handle for r in rs], lists, args, side_handle)))
    records = (
        [{**qa.record, "role": "qrels_a"}, {**qb.record, "role": "qrels_b"}] + [r.record for r in rs] + side_records
    )
    doc["provenance"] = provenance(
        "judgments",
        records,
        _core.parse_measures(lists) if lists else [],
        "zero",
        _settings(options),
        {"seed": _core.judgments_seed(args)},
    )
    return _frames(doc)


__all__: Sequence[str] = ["Judgments", "judgments"]
