"""ir_measures' API over irlens: code written for ir_measures runs unchanged.

    import irlens.ir_measures as ir_measures
    from irlens.ir_measures import nDCG, P, AP, RR
    ir_measures.calc_aggregate([nDCG@10, P@5, AP(rel=2)], qrels, run)   # {nDCG@10: 0.63, ...}
    for m in ir_measures.iter_calc([AP], qrels, run): m.query_id, m.measure, m.value

Measures are irlens' registry (whose names are ir_measures' where it has the measure), so the
numbers are irlens' under ir_measures' spelling. A measure object prints as ir_measures prints it
(defaults omitted, strings quoted: nDCG(dcg='exp-log2')@10); `@` sets the cutoff (IPrec: the
recall level), `()` merges parameters; equality and hashing go by the printed form. Topics: as
ir_measures, every qrels topic (a topic the run did not answer gets the measure's value for an
empty ranking, 0 for most), topics only in the run ignored.

read_trec_qrels / read_trec_run of a path return a TrecRecords: an iterator of Qrel / ScoredDoc,
consumed once as ir_measures' generators, that the calculation functions, given it before a record
was taken, hand to the core's reader as the path (no Python object per line).
"""
from __future__ import annotations

import ast
import io
import math
import os
import sys
import warnings
from typing import Any, Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Union

from . import _core
from ._inputs import load_qrels, load_run, is_path
from .pytrec_eval import NO_ANSWER, supported_nicknames

__all__ = [
    "Measure",
    "Metric",
    "Qrel",
    "ScoredDoc",
    "CalcResults",
    "parse_measure",
    "parse_trec_measure",
    "calc_aggregate",
    "iter_calc",
    "calc",
    "evaluator",
    "read_trec_qrels",
    "read_trec_run",
]


class Qrel(NamedTuple):
    query_id: str
    doc_id: str
    relevance: int
    iteration: str = "0"


class ScoredDoc(NamedTuple):
    query_id: str
    doc_id: str
    score: float


class Metric(NamedTuple):
    query_id: str
    measure: "Measure"
    value: float


class CalcResults(NamedTuple):
    aggregated: Dict["Measure", float]
    per_query: Dict[str, Dict["Measure", float]]


_REGISTRY = {m["name"]: m for m in _core.registry()}
_ALIASES = {a: m["name"] for m in _REGISTRY.values() for a in m["aliases"]}
# ir_measures' names that are another measure with a parameter set (its measures/numret.py:
# NumRelRet = NumRet(rel=1)), so equal to it as there.
_PRESET = {"NumRelRet": ("NumRet", {"rel": 1})}


def _numpy_type(name: str) -> tuple:
    """(numpy.NAME,) when numpy is imported, else (): a value cannot be numpy's then, and this
    module imports no numpy (issue 42: 20 MB resident, more than its peer's evaluation)."""
    np = sys.modules.get("numpy")
    return (getattr(np, name),) if np is not None else ()


def _language(v: Any) -> str:
    """A parameter value in irlens' measure language."""
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, (int, *_numpy_type("integer"))):
        return str(int(v))
    if isinstance(v, (float, *_numpy_type("floating"))):
        return repr(float(v))
    if isinstance(v, Mapping):
        return "{" + ",".join(f"{_language(k)}:{_language(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple, set, frozenset)):
        return "[" + ",".join(_language(x) for x in v) + "]"
    return str(v)


def _printed(v: Any) -> str:
    """A parameter value as ir_measures prints it (strings quoted)."""
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, Mapping):
        return "{" + ",".join(f"{_printed(k)}:{_printed(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return (
            "(" + ",".join(_printed(x) for x in v) + ")"
            if isinstance(v, tuple)
            else "[" + ",".join(_printed(x) for x in v) + "]"
        )
    return repr(v)


def _is_default(info: Mapping[str, Any], name: str, value: Any) -> bool:
    for p in info["params"]:
        if p["name"] == name:
            d, given = p["default"], _language(value)
            if d == given:
                return True
            try:
                return float(d) == float(given)
            except ValueError:
                return False
    return False


class Measure:
    """An ir_measures measure: NAME and params (cutoff among them)."""

    __slots__ = ("NAME", "params", "_info")

    def __init__(self, name: str, params: Optional[Mapping[str, Any]] = None):
        if name in _PRESET:  # ir_measures' NumRelRet is NumRet(rel=1), and prints so
            name, params = _PRESET[name][0], {**_PRESET[name][1], **(params or {})}
        canonical = name if name in _REGISTRY else _ALIASES.get(name)
        if canonical is None:
            raise NameError(f"unknown measure {name!r} (see irlens.measures())")
        self.NAME = canonical
        self._info = _REGISTRY[canonical]
        self.params: Dict[str, Any] = dict(params or {})
        cutoff = self.params.get("cutoff")
        if (
            self._info["cutoff"] == "real"
            and isinstance(cutoff, (int, *_numpy_type("integer")))
            and not isinstance(cutoff, bool)
        ):
            # ir_measures' IPrec takes its recall as a float: IPrec@0 is IPrec@0.0 (printed so, equal)
            self.params["cutoff"] = float(cutoff)

    def __matmul__(self, cutoff: Any) -> "Measure":
        return Measure(self.NAME, {**self.params, "cutoff": cutoff})

    def __call__(self, **params: Any) -> "Measure":
        return Measure(self.NAME, {**self.params, **params})

    def __getitem__(self, key: str) -> Any:
        if key in self.params:
            return self.params[key]
        for p in self._info["params"]:
            if p["name"] == key:
                return None if p["default"] == "" else _default_value(p)
        if key == "cutoff":
            return None
        raise KeyError(key)

    def __repr__(self) -> str:
        text = self.NAME
        shown = [
            f"{k}={_printed(v)}"
            for k, v in self.params.items()
            if k != "cutoff" and v is not None and not _is_default(self._info, k, v)
        ]
        if shown:
            text += "(" + ",".join(shown) + ")"
        if self.params.get("cutoff") is not None:
            text += f"@{self.params['cutoff']}"
        return text

    __str__ = __repr__

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Measure) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))

    def irlens_name(self) -> str:
        """The name in irlens' measure language (every parameter given, strings unquoted)."""
        text = self.NAME
        given = [f"{k}={_language(v)}" for k, v in self.params.items() if k != "cutoff" and v is not None]
        if given:
            text += "(" + ",".join(given) + ")"
        if self.params.get("cutoff") is not None:
            text += f"@{_language(self.params['cutoff'])}"
        return text

    def calc_aggregate(self, qrels: Any, run: Any) -> float:
        return calc_aggregate([self], qrels, run)[self]

    def iter_calc(self, qrels: Any, run: Any) -> Iterator[Metric]:
        return iter_calc([self], qrels, run)

    def calc(self, qrels: Any, run: Any) -> CalcResults:
        return calc([self], qrels, run)


def _default_value(p: Mapping[str, Any]) -> Any:
    """A default in the measure language as a Python value: a number, True/False, else the text."""
    d = p["default"]
    if d in ("True", "False"):
        return d == "True"
    for kind in (int, float):
        try:
            return kind(d)
        except ValueError:
            pass
    return d


def parse_measure(text: Union[str, Measure]) -> Measure:
    """A measure from its ir_measures spelling: Python syntax, e.g. nDCG@10, P(rel=2)@5,
    nDCG(dcg='exp-log2')@10, IPrec@0.3."""
    if isinstance(text, Measure):
        return text
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        raise ValueError(f"cannot parse measure {text!r}") from None
    cutoff = None
    if isinstance(tree, ast.BinOp) and isinstance(tree.op, ast.MatMult):
        try:
            cutoff = ast.literal_eval(tree.right)
        except ValueError:
            raise ValueError(f"cannot parse measure {text!r}: the cutoff must be a number") from None
        tree = tree.left
    params: Dict[str, Any] = {}
    if isinstance(tree, ast.Call):
        if tree.args:
            raise ValueError(f"cannot parse measure {text!r}: parameters are named (NAME(k=v))")
        for kw in tree.keywords:
            try:
                params[kw.arg] = ast.literal_eval(kw.value)
            except ValueError:
                if isinstance(kw.value, ast.Name):  # an unquoted word, as irlens writes it
                    params[kw.arg] = kw.value.id
                else:
                    raise ValueError(f"cannot parse measure {text!r}: parameter {kw.arg}") from None
        tree = tree.func
    if not isinstance(tree, ast.Name):
        raise ValueError(f"cannot parse measure {text!r}")
    m = Measure(tree.id, params)
    return m @ cutoff if cutoff is not None else m


# The trec_eval roots ir_measures' parse_trec_measure has a measure for (its util.py, TREC_NAME_MAP's
# entries that are not None): a nickname expands to these alone, as there.
_IR_MEASURES_TREC = {
    "ndcg",
    "P",
    "map_cut",
    "set_map",
    "set_P",
    "infAP",
    "bpref",
    "num_rel_ret",
    "recip_rank",
    "recall",
    "set_recall",
    "set_relative_P",
    "num_ret",
    "num_rel",
    "ndcg_cut",
    "Rprec",
    "num_q",
    "map",
    "success",
    "set_F",
    "iprec_at_recall",
}


def parse_trec_measure(text: str) -> List[Measure]:
    """The measures of a trec_eval measure name (P -> P@5 ... P@1000, P_5,10 or P.5,10), in
    trec_eval's order; gm_map is AP(agg='gmean'). A nickname (official, all_trec, ...) as
    ir_measures expands it: its names sorted, those ir_measures has no measure for left out (with
    a warning naming them; runid silently), e.g. official: P@5 ... P@1000, Rprec, Bpref,
    IPrec@0.0 ... IPrec@1.0, AP, NumQ, NumRel, NumRet(rel=1), NumRet, RR. Text-valued ones
    (relstring) and runid have no measure and are left out."""
    if text in supported_nicknames:
        out: List[Measure] = []
        skipped = []
        for name in sorted(supported_nicknames[text]):
            if name in _IR_MEASURES_TREC:
                out += parse_trec_measure(name)
            elif name != "runid":
                skipped.append(name)
        if skipped:
            warnings.warn(f"skipped {skipped}: measures not yet supported (as ir_measures)")
        return out
    name = text
    if "_" in text and text not in _core.trec_eval_measures()["roots"]:  # P_5,10 -> P.5,10
        root, _, rest = text.rpartition("_")
        if root and rest and rest[0].isdigit():
            name = f"{root}.{rest}"
    root, dot, params = name.partition(".")
    if dot and params[:1].isdigit() and "," in params and "=" not in params:
        # one measure per value, as ir_measures reads them (trec_eval's set_F.1.0,0.5 takes the first alone)
        return [m for p in params.split(",") for m in parse_trec_measure(f"{root}.{p}")]
    out = []
    for printed, spec in _core.trec_eval_names([name]):
        m = parse_measure(_ir_spelling(spec))
        out.append(m(agg="gmean") if printed.startswith("gm_") else m)  # trec_eval's geometric means
    return out


def _ir_spelling(spec: str) -> str:
    """A measure-language name in Python syntax: its word values quoted."""
    if "(" not in spec:
        return spec
    close = spec.rindex(")")
    head, cutoff = spec[: close + 1], spec[close + 1 :].lstrip("@")
    name, args = head[: head.index("(")], head[head.index("(") + 1 : -1]
    out = []
    depth, item = 0, ""
    for c in args + ",":
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            k, _, v = item.partition("=")
            try:
                ast.literal_eval(v)
                out.append(f"{k}={v}")
            except (ValueError, SyntaxError):
                out.append(f"{k}={v!r}")
            item = ""
        else:
            item += c
    text = f"{name}({','.join(out)})"
    return f"{text}@{cutoff}" if cutoff else text


def _measures(measures: Iterable[Union[str, Measure]]) -> List[Measure]:
    if isinstance(measures, (str, Measure)):
        measures = [measures]
    return [parse_measure(m) for m in measures]


class _Evaluator:
    """ir_measures.evaluator(measures, qrels): the qrels read once. Measures are keys: one asked
    twice (AP and MAP, RR and MRR, a repeat) is one key, as in ir_measures' dicts."""

    def __init__(self, measures: Iterable[Union[str, Measure]], qrels: Any):
        self.measures = list(dict.fromkeys(_measures(measures)))
        self._names = [m.irlens_name() for m in self.measures]
        qrels = _qrels_input(qrels)
        # No judgment (an empty list or frame, a generator read before): no topic to score, as
        # ir_measures (iter_calc yields nothing; calc_aggregate: its aggregates of nothing).
        self._qrels = None if _empty(qrels) else load_qrels(qrels, source="qrels", digest=False)

    def _evaluate(self, run: Any):
        """(topics, values: a list per measure of its value per topic, aggregates) of the run; every
        qrels topic."""
        if self._qrels is None:
            return [], [[] for _ in self.measures], [_empty_aggregate(m) for m in self.measures]
        run = _run_input(run)
        if _empty(run):  # nothing answered: every topic scored as unanswered (ir_measures' DEFAULT)
            run = NO_ANSWER
        r = load_run(self._qrels, run, "run", digest=False)
        ev = _core.evaluate(self._qrels.handle, [r.handle], self._names, "zero")
        # The core evaluates each measure once, under its canonical name: the rows by name, so
        # measures the core takes as one (P(judged_only=0)@5 and P@5) share theirs. One name at a
        # time: parse_measures removes repeats from a list.
        row = {name: i for i, name in enumerate(ev.measures)}
        rows = [row[_core.parse_measures([n])[0]["name"]] for n in self._names]
        scores = ev.run_lists(0)
        del r, ev
        _core.trim_heap()  # the run's C++ objects' pages given back: a campaign's peak is one run's
        return scores["topics"], [scores["values"][i] for i in rows], [scores["aggregate"][i] for i in rows]

    def calc_aggregate(self, run: Any) -> Dict[Measure, float]:
        _, _, agg = self._evaluate(run)
        return dict(zip(self.measures, agg))

    def iter_calc(self, run: Any) -> Iterator[Metric]:
        topics, values, _ = self._evaluate(run)
        for j, topic in enumerate(topics):
            for i, m in enumerate(self.measures):
                yield Metric(topic, m, values[i][j])

    def calc(self, run: Any) -> CalcResults:
        topics, values, agg = self._evaluate(run)
        per_query = {t: {m: values[i][j] for i, m in enumerate(self.measures)} for j, t in enumerate(topics)}
        return CalcResults(dict(zip(self.measures, agg)), per_query)


def _empty_aggregate(m: Measure) -> float:
    """ir_measures' aggregate over no topic: a sum 0 (its SumAgg), a mean NaN (MeanAgg's default)."""
    return 0.0 if m._info["integer"] else math.nan


def evaluator(measures: Iterable[Union[str, Measure]], qrels: Any) -> _Evaluator:
    return _Evaluator(measures, qrels)


def calc_aggregate(measures: Iterable[Union[str, Measure]], qrels: Any, run: Any) -> Dict[Measure, float]:
    """{measure: aggregate} over every qrels topic."""
    return evaluator(measures, qrels).calc_aggregate(run)


def iter_calc(measures: Iterable[Union[str, Measure]], qrels: Any, run: Any) -> Iterator[Metric]:
    """Metric(query_id, measure, value) for every qrels topic (qrels order) and measure."""
    return evaluator(measures, qrels).iter_calc(run)


def calc(measures: Iterable[Union[str, Measure]], qrels: Any, run: Any) -> CalcResults:
    return evaluator(measures, qrels).calc(run)


def _lines(file: Any) -> Iterator[str]:
    if _is_file(file):
        import gzip

        path = os.fspath(file)
        with open(path, "rb") as f:
            gz = f.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rt") if gz else open(path) as f:
            yield from f
    elif isinstance(file, str):
        yield from io.StringIO(file)
    else:
        for line in file:
            yield line.decode() if isinstance(line, bytes) else line


def _qrels_records(file: Any) -> Iterator[Qrel]:
    for line in _lines(file):
        if line.strip():
            q, it, d, r = line.split()
            yield Qrel(q, d, int(r), it)


def _run_records(file: Any) -> Iterator[ScoredDoc]:
    for line in _lines(file):
        if line.strip():
            q, _, d, _, s, *_ = line.split()
            yield ScoredDoc(q, d, float(s))


class TrecRecords(Iterator):
    """The records of a TREC file (path), an iterator as ir_measures' generators: read once, a
    record at a time when user code iterates it. take_path() gives the path instead, once and only
    before any record was taken (the iterator is then exhausted): the calculation functions hand
    it to the core's reader, which reads the file as irlens.evaluate does (no Qrel or ScoredDoc per
    line; an error names the file and line)."""

    def __init__(self, path: str, records: Any):
        self.path = path
        self._records = records  # path -> iterator of records
        self._it: Optional[Iterator[Any]] = None

    def __next__(self) -> Any:
        if self._it is None:
            self._it = self._records(self.path)
        return next(self._it)

    def take_path(self) -> Optional[str]:
        if self._it is not None:
            return None
        self._it = iter(())
        return self.path


def _is_file(file: Any) -> bool:
    return is_path(file) and not (isinstance(file, str) and "\n" in file)


def read_trec_qrels(file: Any) -> Iterator[Qrel]:
    """Qrel records of a TREC qrels file (a path: a TrecRecords; a file object or the text: a
    generator)."""
    return TrecRecords(os.fspath(file), _qrels_records) if _is_file(file) else _qrels_records(file)


def read_trec_run(file: Any) -> Iterator[ScoredDoc]:
    """ScoredDoc records of a TREC run file (a path: a TrecRecords; a file object or the text: a
    generator)."""
    return TrecRecords(os.fspath(file), _run_records) if _is_file(file) else _run_records(file)


def _records_input(x: Any) -> Any:
    """An input as the core reads it: a TrecRecords not yet iterated as its path (an empty file as
    no record, as ir_measures' generator of it), any other iterator as the list of its records."""
    if isinstance(x, TrecRecords):
        path = x.take_path()
        if path is not None:
            return path if os.path.getsize(path) else []
    return list(x) if _generator(x) else x


def _qrels_input(qrels: Any) -> Any:
    return _records_input(qrels)


def _empty(x: Any) -> bool:
    """An input in memory without a record (a file, even empty, is read: its reader names it)."""
    if is_path(x) and not (isinstance(x, str) and "\n" in x):
        return False
    if isinstance(x, Mapping):
        return not any(x.values())
    if isinstance(x, (list, tuple)):
        return len(x) == 0
    return getattr(x, "empty", False) is True  # a DataFrame


def _run_input(run: Any) -> Any:
    return _records_input(run)


def _generator(x: Any) -> bool:
    return isinstance(x, Iterator)


def _export_measures() -> None:
    g = globals()
    for name in list(_REGISTRY) + list(_ALIASES):
        if name.isidentifier() and name not in g:
            g[name] = Measure(name)
            __all__.append(name)


_export_measures()
