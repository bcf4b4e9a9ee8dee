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
import importlib
from typing import Any, List

from . import _core

# The public names of the modules below, imported on first use (PEP 562): `import irlens.pytrec_eval`
# runs this file, and the drop-in modules need neither numpy nor pandas (issue 42: numpy alone is
# 20 MB of a process's resident memory, more than pytrec_eval's whole evaluation of a campaign).
_LAZY = {
    "Document": "_api",
    "axioms": "_api",
    "check": "_api",
    "compare": "_api",
    "evaluate": "_api",
    "explain": "_api",
    "meta": "_api",
    "read_qrels": "_api",
    "wide": "_api",
    "Judgments": "_judgments",
    "judgments": "_judgments",
    "show": "notebook",
    "compare_rankings": "_compare_runs",
    "reproducibility": "_compare_runs",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module("." + _LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))


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
