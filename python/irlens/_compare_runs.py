"""Run versus run and the reproducibility measures (irlens runs, irlens repro; docs/statistics.md):
the core's documents (frontends/compare_runs_json) as pandas DataFrames, one row per row of the
CLI's table; the rest of the document (only_a, only_b, kind, ...) and the provenance in df.attrs.
An undefined value is NaN, and for reproducibility() the row's note says why."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional, Sequence

from . import _core
from ._api import Measures, _measure_lists, provenance
from ._inputs import load_qrels, load_run, named_runs

if TYPE_CHECKING:  # imported on the first call (import time)
    import pandas as pd


def _frame(doc: dict) -> pd.DataFrame:
    import pandas as pd

    df = pd.DataFrame(doc.pop("rows"), columns=doc.pop("columns"))
    df = df.fillna(value=float("nan")) if len(df) else df  # JSON null (undefined) as NaN
    df.attrs.update(doc)
    return df


def compare_rankings(
    qrels: Any,
    run_a: Any,
    run_b: Any,
    *,
    persistence: float = 0.9,
    depth: int = 1000,
    cutoffs: Sequence[int] = (10,),
    per_topic: bool = True,
    qrels_format: str = "plain",
    order: str = "score",
) -> pd.DataFrame:
    """How different two runs' document rankings are, as `irlens runs QRELS A B --format json`:
    columns topic, docs_a, docs_b, RBO_min, RBO_res, RBO_ext (Webber et al. 2010), KTU (Kendall's
    tau union), overlap@k and jaccard@k per cutoff; with per_topic a row per topic, most different
    first (RBO_ext ascending), then the row "all" (the means). df.attrs: run_a, run_b, only_a /
    only_b (topics one run lacks: left out), topics_compared, ktu_topics, provenance."""
    q = load_qrels(qrels, qrels_format)
    (name_a, a), (name_b, b) = named_runs([run_a, run_b])
    ra, rb = load_run(q, a, name_a, order), load_run(q, b, name_b, order)
    doc = json.loads(
        _core.compare_rankings(
            ra.handle, rb.handle, float(persistence), int(depth), [int(k) for k in cutoffs], bool(per_topic)
        )
    )
    doc["provenance"] = provenance(
        "runs",
        [q.record, ra.record, rb.record],
        (),
        None,
        {"persistence": persistence, "depth": depth, "cutoffs": list(cutoffs), "per-topic": per_topic},
    )
    return _frame(doc)


def reproducibility(
    qrels: Any,
    *,
    orig_baseline: Any,
    orig_advanced: Any,
    repro_baseline: Any,
    repro_advanced: Any,
    measures: Measures = ("AP", "nDCG", "P@10"),
    repro_qrels: Optional[Any] = None,
    cutoffs: Sequence[int] = (5, 10, 20, 50, 100, 1000),
    persistence: float = 0.95,
    rbo_depth: int = 1000,
    run_length: int = 1000,
    qrels_format: str = "plain",
    order: str = "score",
) -> pd.DataFrame:
    """Did the reproduction reproduce? As `irlens repro --format json` (Breuer et al., SIGIR 2020,
    with repro_eval's definitions and defaults): columns quantity (KTU, KTU_repro_eval,
    RBO_repro_eval, RBO_ext, RMSE, nRMSE, ER, DeltaRI, p_value), measure, cutoff, run (baseline,
    advanced, both), value (NaN: undefined), topics, note. repro_qrels: replicability (the
    reproduced runs judged by other qrels; unpaired t-test, no document order or RMSE).
    df.attrs: kind, runs, warnings, provenance."""
    lists = _measure_lists(measures)
    q = load_qrels(qrels, qrels_format)
    rq = q if repro_qrels is None else load_qrels(repro_qrels, qrels_format)
    named = named_runs([orig_baseline, orig_advanced, repro_baseline, repro_advanced])
    loaded = [load_run(q if i < 2 else rq, run, name, order) for i, (name, run) in enumerate(named)]
    doc = json.loads(
        _core.reproducibility(
            [r.handle for r in loaded],
            lists,
            [int(k) for k in cutoffs],
            float(persistence),
            int(rbo_depth),
            int(run_length),
            repro_qrels is not None,
        )
    )
    inputs = [q.record] + [r.record for r in loaded] + ([] if repro_qrels is None else [rq.record])
    doc["provenance"] = provenance(
        "repro",
        inputs,
        _core.parse_measures(lists),
        None,
        {"cutoffs": list(cutoffs), "persistence": persistence, "rbo-depth": rbo_depth, "run-length": run_length},
    )
    return _frame(doc)
