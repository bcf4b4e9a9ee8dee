"""Notebook views: HTML tables of results, and irlens.show's <irlens-view> with the embed bundle,
loaded in headless Chromium (SKIPPED without the bundle, web/build.sh's, or without Chromium)."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import irlens
from irlens import notebook

ROOT = Path(__file__).resolve().parents[2]
MEASURES = ["P@5", "AP", "nDCG@10"]


def test_documents_render_as_html(examples):
    doc = irlens.compare(examples / "qrels.txt", [examples / "bm25.run", examples / "dense.run"], ["AP"])
    html = doc._repr_html_()
    assert "<table" in html and "bm25.run" in html
    assert "<pre>" in irlens.axioms(["RR"])._repr_html_()


def test_view_html_holds_the_inputs(examples):
    html = notebook.view_html(examples / "qrels.txt", [examples / "bm25.run"], "table", MEASURES)
    assert '<irlens-view isolated view="table" measures="P@5 AP nDCG@10">' in html
    assert 'data-qrels name="qrels"' in html and 'data-run name="bm25.run"' in html
    assert (examples / "qrels.txt").read_text().splitlines()[0] in html
    # Text that would end the script element is escaped.
    tricky = notebook.view_html({"q1": {"d</script>": 1}}, {"q1": {"d</script>": 1.0}}, "table", ["AP"])
    assert "d</script>" not in tricky and "d<\\/script>" in tricky


def test_the_views_are_the_bundles(examples, tmp_path, monkeypatch):
    # show() takes the views the bundle names in its first line (web/bundle.mjs writes them from the
    # embed's registry, web/src/widgets/views.js): no list of its own.
    fake = tmp_path / notebook.BUNDLE
    fake.write_text(
        "/* irlens embed bundle: <irlens-view> with the WASM inlined (docs/js-api.md); views: table explain */\n"
    )
    monkeypatch.setenv("IRLENS_EMBED_BUNDLE", str(fake))
    assert notebook.views() == ["table", "explain"]
    assert 'view="explain"' in notebook.view_html(examples / "qrels.txt", [examples / "bm25.run"], "explain")
    with pytest.raises(ValueError, match="view must be one of table, explain, got 'per-topic'"):
        notebook.view_html(examples / "qrels.txt", [], "per-topic")
    fake.write_text("/* an older bundle */\n")
    with pytest.raises(ValueError, match="does not name its views"):
        notebook.views()
    # No bundle: show() says how to get one.
    monkeypatch.setenv("IRLENS_EMBED_BUNDLE", str(tmp_path / "absent.js"))
    monkeypatch.setattr(notebook, "bundle_path", lambda: None)
    monkeypatch.setattr(notebook, "_loaded", False)
    with pytest.raises(FileNotFoundError, match=r"build it with `sh web/build.sh`.*IRLENS_EMBED_BUNDLE"):
        irlens.show(qrels=examples / "qrels.txt", runs=[examples / "bm25.run"], measures=["AP"])


def test_the_built_bundle_names_the_embeds_registry():
    built = ROOT / "web" / "dist" / notebook.BUNDLE
    if not built.is_file() or not shutil.which("node"):
        pytest.skip("SKIPPED: the embed bundle is not built (sh web/build.sh), or no node")
    registry = subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            "const { VIEWS } = await import(process.argv[1]); console.log(JSON.stringify(Object.keys(VIEWS)))",
            (ROOT / "web" / "src" / "widgets" / "views.js").as_uri(),
        ],
        capture_output=True,
        text=True,
    )
    assert registry.returncode == 0, registry.stderr
    assert notebook.views(built) == json.loads(registry.stdout)
    assert {"table", "explain", "axioms"} <= set(notebook.views(built))


def test_show_refuses_more_than_it_accepts(examples, monkeypatch):
    monkeypatch.setattr(notebook, "MAX_BYTES", 100)
    with pytest.raises(ValueError, match="at most 100 bytes"):
        notebook.view_html(examples / "qrels.txt", [examples / "bm25.run"], "table", ["AP"])


def test_the_package_carries_the_bundle_it_was_built_with():
    # setup.py copies web/dist's bundle into the package (a wheel shows the views offline anywhere).
    built = ROOT / "web" / "dist" / notebook.BUNDLE
    if not built.is_file():
        pytest.skip("SKIPPED: the embed bundle is not built (sh web/build.sh)")
    packaged = Path(notebook.__file__).with_name(notebook.BUNDLE)
    assert packaged.is_file() and packaged.stat().st_size == built.stat().st_size
    assert notebook.bundle_path() == packaged


def test_show_in_chromium_shows_the_numbers(examples, tmp_path, monkeypatch):
    bundle = notebook.bundle_path()
    chromium = os.environ.get("IRLENS_CHROMIUM", "/usr/bin/chromium")
    if bundle is None:
        pytest.skip("SKIPPED: the embed bundle is not built (sh web/build.sh)")
    if not Path(chromium).is_file() or not shutil.which("node"):
        pytest.skip("SKIPPED: no Chromium or node")
    monkeypatch.setattr(notebook, "_loaded", False)
    runs = {"bm25": examples / "bm25.run", "dense": examples / "dense.run"}
    df = irlens.evaluate(examples / "qrels.txt", runs, MEASURES)
    html = irlens.show(df, "table")
    html = getattr(html, "data", html)
    assert html.startswith("<script>")
    again = irlens.show(df, "table")
    assert not getattr(again, "data", again).startswith("<script>")  # the bundle once per session
    page = tmp_path / "notebook.html"
    page.write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>notebook</title></head>'
        f"<body>{html}</body></html>"
    )
    out = subprocess.run(
        ["node", str(Path(__file__).with_name("notebook_view.mjs")), str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NODE_PATH": str(ROOT / "node_modules") + ":/usr/share/nodejs"},
    )
    assert out.returncode == 0, out.stderr
    shown = json.loads(out.stdout)
    assert shown["states"] == ["done"] and shown["errors"] == []
    [table] = shown["tables"]
    assert table["head"] == ["Run", *MEASURES]
    wide = irlens.wide(df)
    assert table["rows"] == [[run, *[f"{wide.loc[(run, 'all'), m]:.4f}" for m in MEASURES]] for run in runs]


def _nbconvert():
    """SKIPPED unless an executed notebook can be checked: the bundle, Chromium, node, nbconvert
    and ipykernel (Debian's python3-nbconvert, python3-ipykernel: scripts/deps.sh)."""
    if notebook.bundle_path() is None:
        pytest.skip("SKIPPED: the embed bundle is not built (sh web/build.sh)")
    if not Path(os.environ.get("IRLENS_CHROMIUM", "/usr/bin/chromium")).is_file() or not shutil.which("node"):
        pytest.skip("SKIPPED: no Chromium or node")
    for module in ("nbconvert", "nbformat", "ipykernel"):
        try:
            __import__(module)
        except ImportError:
            pytest.skip(f"SKIPPED: no {module} (apt-get install python3-nbconvert python3-ipykernel)")
    import nbformat

    return nbformat


def _open_in_chromium(page):
    out = subprocess.run(
        ["node", str(Path(__file__).with_name("notebook_view.mjs")), str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NODE_PATH": str(ROOT / "node_modules") + ":/usr/share/nodejs"},
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_executed_notebook_shows_two_views_isolated(examples, tmp_path):
    """A notebook executed by nbconvert (its HTML export, as a reader sees it) shows a table and an
    explain view, each in its shadow root: a page style that hides every table (as Jupyter's own
    styles reached into the views) leaves theirs shown, with irlens' numbers."""
    nbformat = _nbconvert()
    runs = {"bm25": str(examples / "bm25.run"), "dense": str(examples / "dense.run")}
    qrels = str(examples / "qrels.txt")
    topic = (examples / "qrels.txt").read_text().split()[0]
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(f"import irlens\ndf = irlens.evaluate({qrels!r}, {runs!r}, {MEASURES!r})"),
        nbformat.v4.new_code_cell(
            "from IPython.display import HTML\n" "HTML('<style>table, td, th { display: none !important; }</style>')"
        ),
        nbformat.v4.new_code_cell('irlens.show(df, "table")'),
        nbformat.v4.new_code_cell(f'irlens.show(df, "explain", measure="AP", run="bm25", topic={topic!r})'),
    ]
    path = tmp_path / "views.ipynb"
    nbformat.write(nb, path)
    # The kernel is this Python (the one irlens is installed in), named in a kernelspec of our own:
    # Debian's python3 kernelspec would start /usr/bin/python3.
    spec = tmp_path / "jupyter" / "kernels" / "irlens-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "irlens test",
                "language": "python",
            }
        )
    )
    env = {
        **os.environ,
        "JUPYTER_PATH": str(tmp_path / "jupyter"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
    }
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "nbconvert",
            "--to",
            "html",
            "--execute",
            "--ExecutePreprocessor.kernel_name=irlens-test",
            "--ExecutePreprocessor.timeout=120",
            str(path),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    shown = _open_in_chromium(tmp_path / "views.html")
    # Debian's nbconvert template links require.js and MathJax from /usr/share/javascript (absent here).
    errors = [e for e in shown["errors"] if "file:///usr/share/javascript/" not in e]
    assert shown["states"] == ["done", "done"] and errors == []
    table, explain = shown["views"]
    assert (table["view"], explain["view"]) == ("table", "explain")
    for v in (table, explain):
        assert v["shadow"] and v["boxes"] > 0 and v["hidden"] == 0, v
    wide = irlens.wide(irlens.evaluate(qrels, runs, MEASURES, per_topic=True))
    [numbers] = [t for t in shown["tables"] if t["head"] == ["Run", *MEASURES]]
    assert numbers["rows"] == [[run, *[f"{wide.loc[(run, 'all'), m]:.4f}" for m in MEASURES]] for run in runs]
    ap = wide.loc[("bm25", topic), "AP"]
    assert f"AP for topic {topic} of bm25" in explain["text"] and f"{ap:.4f}" in explain["text"], explain["text"]


def test_embedded_data_stays_in_its_part_in_every_html_state(tmp_path):
    # A doc id '<!--<script>' once put the script data into its escaped states: the qrels' element
    # swallowed the runs (1 part instead of 3). '<' before '/', '!' and '\' gets a backslash, the
    # same in every part, so that ids stay distinct and match: Chromium's own parser must find the
    # three parts with exactly that text.
    ids = ["<!--<script>", "d</script>", "<!--", "<script>", "-->", "x<\\!y", "x<!y", "</SCRIPT", "<\\/"]
    qrels = {"q1": {d: 1 for d in ids}}
    runs = {"a.run": {"q1": {d: float(len(ids) - i) for i, d in enumerate(ids)}}, "b.run": {"q1": {ids[0]: 1.0}}}
    html = notebook.view_html(qrels, runs, "table", ["AP"])
    escaped = [d.replace("<\\", "<\\\\").replace("</", "<\\/").replace("<!", "<\\!") for d in ids]
    assert len(set(escaped)) == len(ids)  # still distinct
    chromium = os.environ.get("IRLENS_CHROMIUM", "/usr/bin/chromium")
    if (
        not Path(chromium).is_file()
        or not shutil.which("node")
        or not (ROOT / "node_modules" / "playwright-core").is_dir()
    ):
        pytest.skip("SKIPPED: no Chromium, node or playwright-core to parse the HTML with")
    page = tmp_path / "parts.html"
    page.write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parts</title></head><body>{html}'
        f'<p id="after">after</p></body></html>'
    )
    out = subprocess.run(
        ["node", str(Path(__file__).with_name("notebook_parts.mjs")), str(page)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    [parts] = json.loads(out.stdout)
    assert [(p["kind"], p["name"]) for p in parts] == [("qrels", "qrels"), ("run", "a.run"), ("run", "b.run")]
    docs = [[line.split()[2] for line in p["text"].splitlines() if line.strip()] for p in parts]
    assert sorted(docs[0]) == sorted(escaped) and sorted(docs[1]) == sorted(escaped) and docs[2] == [escaped[0]]
