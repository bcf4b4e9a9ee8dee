"""irlens' Python API: evaluate, compare, meta, explain, check, axioms.

Keyword arguments are named as the JS API's options (camelCase, e.g. exactLimit; snake_case is
accepted too) and become the CLI's option list, which frontends/ reads: the CLI's defaults, checks
and messages. Results carry the provenance record the CLI's JSON carries (tool, version, format,
command, measures, missing, inputs with their SHA-256, settings, seeds).
"""
from __future__ import annotations

import json
import os
import re
import sys
import threading
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core
from ._inputs import Loaded, file_bytes, is_path, load_qrels, load_run, named_runs, run_text

if TYPE_CHECKING:  # pandas is imported on the first call that makes a DataFrame (import time)
    import pandas as pd

FORMAT_VERSION = _core.FORMAT_VERSION  # the CLI's output format version (frontends/format_version.hpp)

Measures = Union[str, Sequence[str]]
RUN_WORKERS = 2  # runs read and scored at once by evaluate() (each on a thread; at most the cores)


class Document(dict):
    """A JSON document of the CLI (compare, meta, explain, check, axioms) as a dict, shown as HTML
    in notebooks."""

    def _repr_html_(self) -> str:
        from .notebook import document_html

        return document_html(self)


def _measure_lists(measures: Measures) -> List[str]:
    if isinstance(measures, str):
        return [measures]
    out = [str(m) for m in measures]  # ir_measures' measure objects print as their names
    if not out:
        raise _core.UsageError("no measure given (e.g. ['AP', 'nDCG@10'])")
    return out


def _inputs(qrels: Any, runs: Any, qrels_format: str, order: str) -> Tuple[Loaded, List[Loaded]]:
    q = load_qrels(qrels, qrels_format)
    loaded = [r if isinstance(r, Loaded) else load_run(q, r, name, order) for name, r in named_runs(runs)]
    return q, loaded


# The side inputs of some measure families, as the JS API's options name them (snake_case too),
# and their roles in the provenance record, in the CLI's order (cli/provenance.cpp).
SIDE_INPUTS = {
    "groups": "groups",
    "intents": "intents",
    "intentTypes": "intent_types",
    "intent_types": "intent_types",
    "docLengths": "doc_lengths",
    "doc_lengths": "doc_lengths",
    "sessions": "sessions",
}
SIDE_ROLES = ("groups", "intents", "intent_types", "doc_lengths", "sessions")


def _side_source(role: str, value: Any) -> Tuple[Tuple[str, bytes], dict]:
    """((name, bytes), provenance record) of a side input: a path (plain or gzip), its text (bytes,
    named by its role), or for groups a dict {run: group}."""
    if is_path(value):
        data, record = file_bytes(os.fspath(value))
        return (os.fspath(value), data), {"role": role, **record}
    if role == "groups" and isinstance(value, Mapping):
        from ._inputs import groups_text

        value = groups_text(value)
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{role}: expected a path or bytes, got {type(value).__name__}")
    data = bytes(value)
    import hashlib

    return (role, data), {"role": role, "name": role, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _side_inputs(options: Dict[str, Any]) -> Tuple[Any, List[dict]]:
    """Pops the side inputs (docLengths, sessions, groups, intents, intentTypes) from options: the
    core's SideInputs (None when there are none) and their provenance records, each read by the
    reader of the CLI's --doc-lengths, --sessions, --groups, --intents, --intent-types."""
    given: Dict[str, Any] = {}
    for key in list(options):
        if key in SIDE_INPUTS:
            value = options.pop(key)
            if value is not None:
                given[SIDE_INPUTS[key]] = value
    if not given:
        return None, []
    sources, records = {}, []
    for role in SIDE_ROLES:
        if role in given:
            sources[role], record = _side_source(role, given[role])
            records.append(record)
    return _core.SideInputs(**sources), records


def _no_other_options(function: str, options: Mapping[str, Any]) -> None:
    if options:
        raise TypeError(f"{function}() got an unexpected keyword argument '{next(iter(options))}'")


def provenance(
    command: str,
    inputs: Sequence[dict],
    measures: Sequence[dict] = (),
    missing: Optional[str] = None,
    settings: Optional[dict] = None,
    seeds: Optional[dict] = None,
) -> dict:
    """The CLI's provenance record (cli/provenance.hpp)."""
    return {
        "tool": "irlens",
        "version": _core.version(),
        "format": FORMAT_VERSION,
        "command": command,
        "measures": {m["name"]: m["full_name"] for m in measures},
        "missing": missing,
        "inputs": list(inputs),
        "settings": settings or {},
        "seeds": seeds or {},
    }


def evaluate(
    qrels: Any,
    runs: Any,
    measures: Measures,
    per_topic: bool = False,
    missing: str = "zero",
    *,
    qrels_format: str = "plain",
    order: str = "score",
    **side: Any,
) -> pd.DataFrame:
    """Evaluates runs against qrels, as `irlens eval`.

    qrels, runs: paths (plain or gzip), DataFrames, pytrec_eval dicts or records (see irlens._inputs);
    runs: one run, a list of runs or a dict {name: run}. measures: names in the measure language
    ("AP", "nDCG@10", "P(rel=2)@5", "RBP(p=0.8)"; a list may also be one string). missing: "zero"
    (the CLI's default: every qrels topic, unanswered ones scored as trec_eval -c) or "skip".

    Returns the tidy DataFrame (run, measure, topic, value): one row per run and measure with
    topic "all" (the aggregate), and with per_topic one per topic before them, in the CLI's order.
    A value the core leaves undefined is NaN. A text-valued measure (relstring) has its text in a
    column "text" and no aggregate. df.attrs holds "provenance" (the CLI's record), "warnings" and
    "missing"; irlens.wide(df) gives one column per measure.

    side: the inputs some measures need, as the JS API's options (each a path, plain or gzip, or
    the file's bytes): docLengths (TBG, U), sessions (sDCG), groups (NRG's group priors; also a
    dict {run: group}), intents and intentTypes (intent-aware diversity measures).
    """
    side = dict(side)
    side_handle, side_records = _side_inputs(side)
    _no_other_options("evaluate", side)
    lists = _measure_lists(measures)
    specs = _core.parse_measures(lists)
    named = named_runs(runs)
    # pandas imported beside the reading of several runs; with one run, whose reader takes both
    # cores, beside its evaluation (the reading 11 % slower with the import beside it).
    pandas_import = _pandas_beside() if len(named) > 1 else None
    try:
        q = load_qrels(qrels, qrels_format)
        if len(named) > 1 and not _core.stream_obstacle(lists):
            ev, run_records, run_warnings = _each_run_evaluated(q, named, lists, missing, side_handle, order)
        else:
            rs = [r if isinstance(r, Loaded) else load_run(q, r, name, order) for name, r in named]
            pandas_import = pandas_import or _pandas_beside()
            ev = _core.evaluate(q.handle, [r.handle for r in rs], lists, missing, side_handle)
            run_records, run_warnings = [r.record for r in rs], [w for r in rs for w in r.handle.warnings]
    finally:
        if pandas_import is not None:
            pandas_import.join()
    df = _frame(ev, per_topic)
    settings = {}
    if per_topic:
        settings["per-topic"] = True
    settings["missing"] = missing
    if qrels_format != "plain":
        settings["qrels-format"] = qrels_format
    if order != "score":
        settings["order"] = order
    df.attrs["provenance"] = provenance("eval", [q.record] + run_records + side_records, specs, ev.missing, settings)
    df.attrs["warnings"] = list(q.handle.warnings) + run_warnings + list(ev.warnings)
    df.attrs["missing"] = ev.missing
    df.attrs["measures_typed"] = {s["name"]: s["typed"] for s in specs}
    from .notebook import Inputs

    df.attrs["inputs"] = Inputs(qrels, runs, lists)  # for irlens.show (by reference)
    return df


def _pandas_beside() -> Optional[threading.Thread]:
    """A thread importing pandas (for the result) while the inputs are read, when it is not
    imported yet: the readers release the GIL, so the import takes the other core rather than
    adding its time after the reading (a third of a campaign's evaluation from files). None when
    pandas is imported already. An ImportError is left to the import that makes the frame."""
    if "pandas" in sys.modules:
        return None

    def run() -> None:
        try:
            import pandas  # noqa: F401
        except ImportError:
            pass

    thread = threading.Thread(target=run, name="irlens: import pandas")
    thread.start()
    return thread


def _each_run_evaluated(
    q: Loaded, named: List[Tuple[str, Any]], lists: List[str], missing: str, side: Any, order: str
) -> Tuple[Any, List[dict], List[str]]:
    """evaluate() of several runs when no measure reads another run (stream_obstacle): each run
    read and scored on its own, then let go (its values kept), so that a campaign holds a few
    runs at a time, not all of them (143 runs of covid-r1: 248 MB before); the runs read two or
    more at once (the readers and the evaluation release the GIL). The same values, warnings and
    errors as evaluating them together: the first failing run in the given order raises, the runs
    after it not started (but those already being read, one at most on two threads). Returns (the
    joined evaluation, the runs' provenance records, their readers' warnings)."""

    def one(name: str, r: Any) -> Tuple[Any, dict, List[str]]:
        loaded = r if isinstance(r, Loaded) else load_run(q, r, name, order)
        ev = _core.evaluate(q.handle, [loaded.handle], lists, missing, side)
        return ev, loaded.record, list(loaded.handle.warnings)

    # Imported on use: 1.7 MB that the drop-in modules never need.
    from concurrent.futures import ThreadPoolExecutor

    workers = max(1, min(len(named), RUN_WORKERS, os.cpu_count() or 1))
    pool = ThreadPoolExecutor(workers, thread_name_prefix="irlens-run")
    try:
        futures = [pool.submit(one, name, r) for name, r in named]
        done = [f.result() for f in futures]
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    ev = _core.join_evaluations([d[0] for d in done])
    return ev, [d[1] for d in done], [w for d in done for w in d[2]]


def _frame(ev: Any, per_topic: bool) -> pd.DataFrame:
    import pandas as pd

    measures = ev.measures
    texted = any(ev.text_valued)
    parts: Dict[str, List[np.ndarray]] = {"run": [], "measure": [], "topic": [], "value": []}
    texts: List[np.ndarray] = []
    numeric = [i for i, t in enumerate(ev.text_valued) if not t]
    for i in range(ev.num_runs):
        r = ev.run(i)
        nt, nm = len(r["topics"]), len(measures)
        if per_topic and nt:
            parts["run"].append(np.full(nt * nm, r["name"], dtype=object))
            parts["measure"].append(np.tile(np.array(measures, dtype=object), nt))
            parts["topic"].append(np.repeat(np.array(r["topics"], dtype=object), nm))
            values = r["values"].T.reshape(-1).copy()
            if texted:
                t = np.full(nt * nm, None, dtype=object)
                for m, is_text in enumerate(ev.text_valued):
                    if is_text:
                        values[m::nm] = np.nan
                        t[m::nm] = r["texts"][m]
                texts.append(t)
            parts["value"].append(values)
        parts["run"].append(np.full(len(numeric), r["name"], dtype=object))
        parts["measure"].append(np.array([measures[m] for m in numeric], dtype=object))
        parts["topic"].append(np.full(len(numeric), "all", dtype=object))
        parts["value"].append(r["aggregate"][numeric])
        if texted:
            texts.append(np.full(len(numeric), None, dtype=object))
    data = {
        k: (np.concatenate(v) if v else np.array([], dtype=object if k != "value" else float)) for k, v in parts.items()
    }
    if texted:
        data["text"] = np.concatenate(texts) if texts else np.array([], dtype=object)
    return pd.DataFrame(data)


def wide(df: pd.DataFrame) -> pd.DataFrame:
    """An evaluate() result with one column per measure, indexed by (run, topic), in its order."""
    import pandas as pd

    out = df.pivot(index=["run", "topic"], columns="measure", values="value")
    order = list(dict.fromkeys(df["measure"]))
    index = list(dict.fromkeys(zip(df["run"], df["topic"])))
    out = out.reindex(index=pd.MultiIndex.from_tuples(index, names=["run", "topic"]), columns=order)
    out.columns.name = None
    return out


def _flag(key: str) -> str:
    """A JS option name as the CLI spells it: B -> -B, exactLimit / exact_limit -> --exact-limit."""
    if len(key) == 1 and key.isupper():
        return "-" + key
    return "--" + re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", key).replace("_", "-").lower()


def option_args(options: Mapping[str, Any]) -> List[str]:
    """The CLI's option list of keyword options (a list value: the option repeated; None: absent)."""
    args: List[str] = []
    for key, value in options.items():
        if value is None:
            continue
        flag = _flag(key)
        for v in value if isinstance(value, (list, tuple)) else [value]:
            text = str(v).lower() if isinstance(v, bool) else str(v)
            args += [f"{flag}={text}"] if flag.startswith("--") else [flag, text]
    return args


def _settings(options: Mapping[str, Any]) -> dict:
    return {_flag(k).lstrip("-"): v for k, v in options.items() if v is not None}


def compare(
    qrels: Any,
    runs: Any,
    measures: Measures,
    *,
    missing: str = "zero",
    qrels_format: str = "plain",
    order: str = "score",
    **options: Any,
) -> Document:
    """Significance tests between runs, as `irlens compare --format json` (the same document, with
    its provenance). options, as the JS API's compare(): baseline (a run name), pairs ('a:b,c:d'),
    test, correction, alternative, confidence, ci, risk, B, seed, exactLimit; the CLI's defaults;
    and the side inputs as evaluate() takes them (docLengths, sessions, groups, intents, intentTypes)."""
    options = dict(options)
    side_handle, side_records = _side_inputs(options)
    lists = _measure_lists(measures)
    args = option_args(options)
    q, rs = _inputs(qrels, runs, qrels_format, order)
    doc = Document(json.loads(_core.compare(q.handle, [r.handle for r in rs], lists, args, missing, side_handle)))
    seeds = {"seed": doc.get("seed")} if "seed" in doc else {}
    doc["provenance"] = provenance(
        "compare",
        [q.record] + [r.record for r in rs] + side_records,
        _core.parse_measures(lists),
        missing,
        _settings(options),
        seeds,
    )
    return doc


def meta(
    analysis: str,
    qrels: Any,
    runs: Any,
    measures: Measures,
    *,
    missing: str = "zero",
    qrels_format: str = "plain",
    order: str = "score",
    preferences: Any = None,
    **options: Any,
) -> Document:
    """A meta-evaluation, as `irlens meta ANALYSIS --format json`: correlation,
    discriminative-power, stability, concordance, unanimity, predictive-power (preferences: a path).
    options as the JS API's meta(): test, correction, topics, trials, binWidth, rboP, gold, depth,
    B, seed, exactLimit, stability, fuzziness; the side inputs as evaluate() takes them (docLengths,
    sessions, groups, intents, intentTypes). loo, the leave-one-out pool test, needs groups (and
    takes depth)."""
    options = dict(options)
    side_handle, side_records = _side_inputs(options)
    lists = _measure_lists(measures)
    args = option_args(options)
    prefs = None
    inputs_extra = []
    if preferences is not None:
        if not is_path(preferences):
            raise TypeError("meta: preferences must be a path")
        data, record = file_bytes(os.fspath(preferences))
        prefs = (os.fspath(preferences), data)
        inputs_extra.append({"role": "preferences", **record})
    q, rs = _inputs(qrels, runs, qrels_format, order)
    doc = Document(
        json.loads(_core.meta(analysis, q.handle, [r.handle for r in rs], lists, args, missing, prefs, side_handle))
    )
    doc["provenance"] = provenance(
        "meta " + analysis,
        [q.record] + [r.record for r in rs] + inputs_extra + side_records,
        _core.parse_measures(lists),
        missing,
        _settings(options),
        {"seed": _core.meta_seed(analysis, args)},
    )
    return doc


def explain(
    qrels: Any,
    run: Any,
    topic: str,
    measure: str,
    *,
    runs: Any = None,
    qrels_format: str = "plain",
    order: str = "score",
    **side: Any,
) -> Document:
    """The arithmetic of one measure on one topic of a run, as `irlens explain --format json`:
    {irlens, command, qrels, explanations: [{measure, run, topic, formula, columns, rows, terms,
    value, text, missing}]}. runs: the evaluation's runs, for the measures that score a run
    against the others (rareness, NRG); `run` is one of them (a name) or another run. side: the
    side inputs as evaluate() takes them (docLengths, sessions, groups, intents, intentTypes)."""
    side = dict(side)
    side_handle, side_records = _side_inputs(side)
    _no_other_options("explain", side)
    q = load_qrels(qrels, qrels_format)
    others: List[Loaded] = []
    target: Optional[Loaded] = None
    if runs is not None:
        for name, r in named_runs(runs):
            loaded = load_run(q, r, name, order)
            others.append(loaded)
            if isinstance(run, str) and not os.path.exists(run) and name == run:
                target = loaded
    if target is None:
        [(name, r)] = named_runs(run)
        target = load_run(q, r, name, order)
    doc = Document(
        json.loads(
            _core.explain(q.handle, target.handle, str(topic), str(measure), [o.handle for o in others], side_handle)
        )
    )
    doc["provenance"] = provenance(
        "explain",
        [q.record, target.record] + [o.record for o in others if o is not target] + side_records,
        _core.parse_measures([str(measure)]),
    )
    return doc


def _id_list(value: Any, kind: str) -> Tuple[str, bytes]:
    if is_path(value):
        with open(value, "rb") as f:
            return os.fspath(value), f.read()
    if isinstance(value, (bytes, bytearray)):
        return kind, bytes(value)
    if isinstance(value, str):
        return kind, value.encode()
    return kind, "\n".join(str(v) for v in value).encode()


def check(
    run: Any,
    *,
    qrels: Any = None,
    topics: Any = None,
    docs: Any = None,
    maxDocs: Optional[int] = None,
    tag: Optional[str] = None,
    name: Optional[str] = None,
    max_docs: Optional[int] = None,
) -> Document:
    """Validates a run, as `irlens check RUN --format json`: problems are findings in the document,
    never exceptions. topics, docs: the topic list and the collection's doc ids (a path, text or a
    list of ids); qrels: its topics are the judged ones; maxDocs: results per topic at most; tag:
    the expected run tag."""
    limit = maxDocs if maxDocs is not None else max_docs
    if limit is not None and (not isinstance(limit, (int, np.integer)) or limit < 1):
        raise _core.UsageError("check: maxDocs must be an integer >= 1")
    if is_path(run):
        path = os.fspath(run)
        import gzip

        with open(path, "rb") as f:
            magic = f.read(2)
        with gzip.open(path, "rb") if magic == b"\x1f\x8b" else open(path, "rb") as f:
            data = f.read()
        label = name or path
    else:
        label = name or "run"
        if isinstance(run, (bytes, bytearray)):
            data = bytes(run)
        else:
            data, _ = run_text(run, label, label)
    q = load_qrels(qrels).handle if qrels is not None else None
    return Document(
        json.loads(
            _core.check(
                label,
                data,
                q,
                _id_list(topics, "topics") if topics is not None else None,
                _id_list(docs, "docs") if docs is not None else None,
                int(limit or 0),
                tag or "",
            )
        )
    )


def axioms(measures: Union[str, Sequence[str]] = (), seed: int = 2018) -> Document:
    """The axiomatic audit, as `irlens axioms --format json`: measures omitted or [] for the metrics
    of the paper's Table 1, "all" for every registered measure, else measure names."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise _core.UsageError(f"axioms: seed must be a whole number from 0 to {2 ** 64 - 1}, got {seed!r}")
    if measures == "all":
        lists = ["all"]
    elif isinstance(measures, str):
        lists = [measures]
    else:
        lists = [" ".join(str(m) for m in measures)] if measures else []
    return Document(json.loads(_core.axioms(lists, int(seed))))


def read_qrels(qrels: Any, format: str = "plain") -> Loaded:
    """Reads qrels once, for several calls (evaluate, compare ... accept the result as qrels)."""
    return load_qrels(qrels, format)
