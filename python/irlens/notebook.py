"""Notebook views: results as HTML tables, and the web app's own views inline.

irlens.show(df, view=...) writes an <irlens-view> element (docs/web-app.md) holding the
evaluation's inputs as TREC text, preceded the first time in a Python session by the single-file
embed bundle (web/dist/irlens-embed.single.js: the WASM inlined), so the view computes in the
notebook's page, offline and without a server, with the web app's code: the same numbers as the
page. The inputs of one view are limited to MAX_BYTES of TREC text (the page holds them in memory
twice, as text and as the core's index); more is refused with a message.
"""
from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any, Optional

from ._inputs import is_frame

MAX_BYTES = 32 << 20
BUNDLE = "irlens-embed.single.js"
_loaded = False
# How to get the bundle when it is not there (a package built without web/dist, e.g. from a clone
# without Emscripten): the message of show() and views().
_NO_BUNDLE = (
    "the embed bundle irlens-embed.single.js was not found: build it with `sh web/build.sh` in the "
    "repository, then reinstall the package (`pip install --no-build-isolation ./python` copies it in), "
    "or set IRLENS_EMBED_BUNDLE to the path of one (web/dist/irlens-embed.single.js)"
)


class Inputs:
    """The inputs of an evaluation, kept by reference in df.attrs["inputs"] for show() (never copied)."""

    def __init__(self, qrels: Any, runs: Any, measures: list):
        self.qrels, self.runs, self.measures = qrels, runs, measures

    def __deepcopy__(self, memo: dict) -> "Inputs":
        return self

    def __repr__(self) -> str:
        return f"<irlens inputs: {len(self.measures)} measures>"


def document_html(doc: dict) -> str:
    """A CLI document (compare, meta, ...) as HTML: its tables where it has them, else its JSON."""
    if (
        "measures" in doc
        and isinstance(doc["measures"], list)
        and doc["measures"]
        and "comparisons" in doc["measures"][0]
    ):
        parts = []
        for m in doc["measures"]:
            import pandas as pd

            frame = pd.DataFrame(m["comparisons"])
            cols = [
                c
                for c in ("run", "versus", "mean", "versus_mean", "difference", "p", "p_adjusted", "marker", "topics")
                if c in frame.columns
            ]
            parts.append(f"<h4>{html.escape(m['measure'])}</h4>" + frame[cols].to_html(index=False, na_rep="undefined"))
        return "".join(parts)
    return "<pre>" + html.escape(json.dumps(doc, indent=1)[:100000]) + "</pre>"


def bundle_path() -> Optional[Path]:
    """The single-file embed bundle: $IRLENS_EMBED_BUNDLE, else the package's own copy (setup.py
    copies web/dist's when it is built), else web/dist/ of a repository around the package."""
    env = os.environ.get("IRLENS_EMBED_BUNDLE")
    candidates = [Path(env)] if env else []
    here = Path(__file__).resolve()
    candidates.append(here.with_name(BUNDLE))
    for up in here.parents:
        candidates.append(up / "web" / "dist" / BUNDLE)
    return next((c for c in candidates if c.is_file()), None)


def views(path: Optional[Path] = None) -> list:
    """The views the embed bundle has (its registry, web/src/widgets/views.js, named in the
    bundle's first line by web/bundle.mjs): the names show() takes. FileNotFoundError without a
    bundle, with how to get one."""
    path = path or bundle_path()
    if path is None:
        raise FileNotFoundError(f"show: {_NO_BUNDLE}")
    with open(path, encoding="utf-8") as f:
        first = f.readline(4096)
    found = re.search(r"; views: ([^*]*)\*/", first)
    if found is None:
        raise ValueError(
            f"show: {path} does not name its views in its first line (an embed bundle older than "
            f"this package: rebuild it with `sh web/build.sh`)"
        )
    return found.group(1).split()


def _text(x: Any, what: str) -> bytes:
    from ._inputs import is_path, qrels_text, run_text

    if is_path(x):
        import gzip

        path = os.fspath(x)
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise ValueError(
                f"show: {path} has {size} bytes; a view takes at most {MAX_BYTES} bytes of inputs "
                f"(use irlens.evaluate's numbers, or the web app for large files)"
            )
        with open(path, "rb") as f:
            gz = f.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rb") if gz else open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
        return data
    if what == "qrels":
        return qrels_text(x, "qrels")[0]
    return run_text(x, what, what)[0]


def _script_text(text: str) -> str:
    """Text that stays one script element's data in every state of the HTML tokenizer: in script
    data a '<' leads elsewhere only before '/' (an end tag: '</script>' would close the element) or
    '!' (the escape '<!--', after which '<script>' hides the next '</script>' and swallows the
    following parts). A backslash goes between '<' and '/', '!' or '\\' ("</" -> "<\\/"), the same
    in the qrels and every run: ids stay distinct (an inserted backslash is never the text's own)
    and match across the parts."""
    return re.sub(r"<(?=[/!\\])", "<\\\\", text)


def view_html(
    qrels: Any, runs: Any, view: str = "table", measures: Any = None, *, bundle: Optional[str] = None, **attributes: Any
) -> str:
    """The HTML of one view: the bundle (when given) and an <irlens-view> holding the inputs,
    rendered in its own shadow root (isolated: the notebook's styles do not reach into it)."""
    from ._inputs import named_runs

    path = bundle_path()
    if path is not None:  # without a bundle, show() says how to get one
        known = views(path)
        if view not in known:
            raise ValueError(f"show: view must be one of {', '.join(known)}, got {view!r}")
    parts = [("qrels", "data-qrels", _text(qrels, "qrels"))] if qrels is not None else []
    for name, r in named_runs(runs) if runs is not None else []:
        parts.append((name, "data-run", _text(r, name)))
    total = sum(len(p[2]) for p in parts)
    if total > MAX_BYTES:
        raise ValueError(
            f"show: the inputs have {total} bytes of TREC text; a view takes at most {MAX_BYTES} "
            f"(use irlens.evaluate's numbers, or the web app for large files)"
        )
    attrs = {"view": view}
    if measures:
        attrs["measures"] = measures if isinstance(measures, str) else " ".join(str(m) for m in measures)
    attrs.update({k.replace("_", "-"): str(v) for k, v in attributes.items() if v is not None})
    out = [bundle or ""]
    out.append(
        "<irlens-view isolated " + " ".join(f'{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items()) + ">"
    )
    for name, kind, data in parts:
        text = _script_text(data.decode("utf-8", errors="replace"))
        out.append(f'<script type="text/plain" {kind} name="{html.escape(name, quote=True)}">{text}</script>')
    out.append("</irlens-view>")
    return "\n".join(out)


def _bundle_script() -> str:
    path = bundle_path()
    if path is None:
        raise FileNotFoundError(f"show: {_NO_BUNDLE}")
    code = path.read_text(encoding="utf-8").replace("</script", "<\\/script")
    return f"<script>{code}</script>"


def show(
    result: Any = None,
    view: str = "table",
    *,
    qrels: Any = None,
    runs: Any = None,
    measures: Any = None,
    **attributes: Any,
) -> Any:
    """Shows a web app view inline in a notebook: of an evaluate() result (its inputs and
    measures), or of qrels, runs and measures given. attributes: the view's (docs/web-app.md), e.g.
    measure="AP", run="bm25", topic="q1". Returns an IPython HTML object (or the HTML text
    without IPython). The embed bundle is included once per Python session."""
    global _loaded
    if is_frame(result):
        inputs = result.attrs.get("inputs")
        if not isinstance(inputs, Inputs):
            raise ValueError("show: this DataFrame has no irlens inputs (give qrels=, runs=, measures=)")
        qrels = inputs.qrels if qrels is None else qrels
        runs = inputs.runs if runs is None else runs
        measures = inputs.measures if measures is None else measures
    body = view_html(qrels, runs, view, measures, **attributes)
    if not _loaded:
        body = _bundle_script() + "\n" + body
        _loaded = True
    try:
        from IPython.display import HTML

        return HTML(body)
    except ImportError:
        return body
