"""irlens: information-retrieval evaluation from Python, on the same C++ core as the irlens CLI,
its JS module and its web app (the same numbers, the same provenance).

    import irlens
    df = irlens.evaluate("qrels.txt", ["bm25.run", "dense.run.gz"], ["AP", "nDCG@10", "P@5"])
    irlens.wide(df)                                    # one column per measure
    irlens.compare("qrels.txt", runs, ["AP"], baseline="bm25", test="t")

Compatible modules: irlens.ir_measures (ir_measures' API) and irlens.pytrec_eval (pytrec_eval's).
Notebooks: results render as HTML; irlens.show(df, view=...) shows the web app's views inline.
See docs/python.md.
"""
from . import _core
from ._api import Document, axioms, check, compare, evaluate, explain, meta, read_qrels, wide
from ._judgments import Judgments, judgments
from .notebook import show
from ._compare_runs import compare_rankings, reproducibility

InputError = _core.InputError
UsageError = _core.UsageError
__version__ = _core.version()


def measures() -> list:
    """The registry: [{name, aliases, params: [{name, default, required, help}], help, text_valued, integer}]."""
    return _core.registry()


__all__ = [
    "evaluate",
    "wide",
    "compare",
    "meta",
    "explain",
    "check",
    "axioms",
    "read_qrels",
    "measures",
    "show",
    "Document",
    "InputError",
    "UsageError",
    "__version__",
    "judgments",
    "Judgments",
]
__all__ += ["compare_rankings", "reproducibility"]
