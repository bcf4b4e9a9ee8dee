"""The Python package against the native CLI on the bench collection (bench/README.md, issue 24).

    python bench/python_bench.py [REPEATS]          # with the package installed (scripts/test-python.sh's venv)

Times, in the same run and best of REPEATS: `irlens eval QRELS RUN -m MEASURES` natively
(build/cli/irlens), irlens.evaluate(QRELS, RUN, MEASURES) from the same files, and from pandas
DataFrames of the same collection (read once, not timed; ids as categorical columns, and again as
plain str columns) the conversion (the columns into the core's run, with the SHA-256 of its TREC
text) apart from the evaluation, and the conversion's steps: pandas to columns, the core's read
with the digest, the read alone; the SHA-256 alone of the rows' canonical TREC text, which the
provenance records (one sequential pass, however many cores: a floor under the conversion); and
what pandas.factorize of a str doc id column costs (the package does not call it for str columns).
Prints the load average beside the numbers (the machine may be shared). Generates the collection
when missing (bench/gen.cpp). The package against the Python evaluators beside it (pytrec_eval,
ir_measures, ranx), each route a fresh process: bench/python_peers.py.
"""
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

import irlens
from irlens import _core, _inputs

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
CLI = Path(os.environ.get("IRLENS_CLI", ROOT / "build" / "cli" / "irlens"))
MEASURES = ["AP", "nDCG@10", "P@10", "RR", "R@1000"]


def best(f, repeats):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    qrels, run = DATA / "qrels.txt", DATA / "run1.txt"
    if not run.is_file():
        (ROOT / "build").mkdir(exist_ok=True)
        subprocess.run(
            ["g++", "-O2", str(ROOT / "bench" / "gen.cpp"), "-o", str(ROOT / "build" / "bench-gen")], check=True
        )
        subprocess.run([str(ROOT / "build" / "bench-gen"), str(DATA)], check=True)
    cli = best(
        lambda: subprocess.run(
            [str(CLI), "eval", str(qrels), str(run), "-m", " ".join(MEASURES)], check=True, stdout=subprocess.DEVNULL
        ),
        repeats,
    )
    py = best(lambda: irlens.evaluate(qrels, run, MEASURES), repeats)
    print(f"files: irlens eval {cli:.2f} s, irlens.evaluate {py:.2f} s: {py / cli:.2f}x")

    names = ["query_id", "q0", "doc_id", "rank", "score", "tag"]
    df = pd.read_csv(
        run,
        sep=" ",
        names=names,
        usecols=["query_id", "doc_id", "score"],
        dtype={"query_id": "category", "doc_id": "category", "score": np.float64},
    )
    qdf = pd.read_csv(
        qrels,
        sep=" ",
        names=["query_id", "iteration", "doc_id", "relevance"],
        usecols=["query_id", "doc_id", "relevance"],
        dtype={"query_id": "category", "doc_id": "category"},
    )
    q = _inputs.load_qrels(qdf)
    qrels_convert = best(lambda: _inputs.load_qrels(qdf), repeats)
    convert = best(lambda: _inputs.load_run(q, df, "run"), repeats)
    # The conversion's steps: pandas to columns (codes, id tables, arrays), then the core's read
    # with the digest on a second thread, and the core's read alone (no digest).
    columns, _ = _inputs._run_columns(df, "run", "run")
    to_columns = best(lambda: _inputs._run_columns(df, "run", "run"), repeats)
    read_digest = best(lambda: _core.read_run_columns(q.handle, "run", "score", *columns), repeats)
    read_alone = best(lambda: _core.read_run_columns(q.handle, "run", "score", *columns, digest=False), repeats)
    text = _core.run_text("run", *columns)  # the bytes the digest hashes (not timed)
    sha = best(lambda: hashlib.sha256(text).digest(), repeats)
    handle = _inputs.load_run(q, df, "run").handle
    evaluation = best(lambda: _core.evaluate(q.handle, [handle], MEASURES, "zero"), repeats)
    whole = best(lambda: irlens.evaluate(q, df, MEASURES), repeats)
    plain = df.astype({"query_id": str, "doc_id": str})
    plain_convert = best(lambda: _inputs.load_run(q, plain, "run"), repeats)
    factorize = best(lambda: pd.factorize(plain["doc_id"].to_numpy()), 1)
    print(
        f"DataFrame ({len(df):,} rows, {df['doc_id'].cat.categories.size:,} distinct doc ids): run conversion "
        f"{convert:.2f} s (categorical ids) = pandas to columns {to_columns:.2f} s + the core's read with the digest "
        f"{read_digest:.2f} s (the read alone {read_alone:.2f} s); {plain_convert:.2f} s (str ids, as they are; "
        f"pandas.factorize of that doc id column would take {factorize:.2f} s more); evaluation {evaluation:.2f} s"
    )
    print(
        f"conversion / evaluation: {convert / evaluation:.2f} (categorical), {plain_convert / evaluation:.2f} (str); "
        f"qrels ({len(qdf):,} rows) conversion {qrels_convert:.2f} s; irlens.evaluate(qrels, df) {whole:.2f} s = "
        f"{whole / cli:.2f}x irlens eval from files"
    )
    print(
        f"the SHA-256 alone of the run's canonical text ({len(text):,} bytes), which the provenance records: "
        f"{sha:.2f} s = {sha / evaluation:.2f}x the evaluation; "
        f"the conversion / irlens eval from files: {convert / cli:.2f}"
    )
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
