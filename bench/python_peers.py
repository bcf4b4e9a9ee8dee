"""The Python package's routes against the Python evaluators they stand beside or replace (issue 42).

    build-python/venv/bin/python bench/python_peers.py [REPEATS] [COLLECTION ...]

COLLECTION: bench (bench/data: 6,000 topics, a 6,000,000-line run; generated when missing) and
campaign (../shared/data/covid-r1: 30 topics, 143 runs, decompressed once into bench/data/covid-r1
so that every route reads the same plain files); both by default. Every route runs in a fresh
process, the routes interleaved, REPEATS times (3 by default); printed: the median of the process's
wall time, of the time the route's own code took (from before its imports), of the process's CPU
time (user and system, every thread's: on a loaded machine steadier than the wall times, though it
counts a second thread's work that the wall time of a quiet machine does not), and the process's peak
memory (its maximum resident set, as /usr/bin/time -v reports it), then each irlens route's ratio
to its peer, measured in the same run, with the load average.

The routes, each the same user code for irlens and for its peer, measures AP nDCG@10 P@10 RR R@1000:
  irlens.evaluate          irlens.evaluate(QRELS, RUNS, MEASURES), from the files
  pytrec_eval              parse_qrel and parse_run of the files (the module's own), one
                           RelevanceEvaluator, evaluate(run) per run; also timed alone: the
                           evaluator's construction and evaluate() calls (the dicts made)
  ir_measures              evaluator(MEASURES, read_trec_qrels(QRELS)).calc_aggregate(
                           read_trec_run(RUN)) per run
  ranx                     Qrels.from_file, Run.from_file, evaluate per run (no irlens twin)
and from pandas DataFrames (query_id, doc_id, relevance / score; ids as str), read by pandas before
the route's clock starts (the user holds them already; the process's wall time and peak include them):
  irlens.evaluate:df       irlens.evaluate(QRELS_DF, {name: RUN_DF}, MEASURES)
  ir_measures:df           evaluator(MEASURES, QRELS_DF).calc_aggregate(RUN_DF) per run
  ranx:df                  Qrels.from_df, Run.from_df, evaluate per run
The peers are built from their sources outside the project (bench/README.md says how); their
interpreter is PEER_PYTHON, and the PYTHONPATH of each peer's routes PEER_PATH_PYTREC_EVAL,
PEER_PATH_IR_MEASURES, PEER_PATH_RANX. Without PEER_PYTHON the peers' routes are left out, said so;
SKIP_ROUTES (a comma-separated list) leaves out those routes ("before:ROUTE" too).
BASELINE_PYTHON, an interpreter with another build of the package (main's, before a change), adds
its irlens routes as "before:ROUTE", interleaved with the others: before and after in one run.
"""
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
SHARED = ROOT.parent / "shared" / "data" / "covid-r1"
MEASURES = ["AP", "nDCG@10", "P@10", "RR", "R@1000"]
PYTREC_EVAL_MEASURES = {"map", "ndcg_cut.10", "P.10", "recip_rank", "recall.1000"}
RANX_MEASURES = ["map", "ndcg@10", "precision@10", "mrr", "recall@1000"]

# route: (module whose user code runs, the peer it is measured against or None)
ROUTES = {
    "irlens.evaluate": ("irlens", None),
    "irlens.pytrec_eval": ("irlens.pytrec_eval", "pytrec_eval"),
    "pytrec_eval": ("pytrec_eval", None),
    "irlens.ir_measures": ("irlens.ir_measures", "ir_measures"),
    "ir_measures": ("ir_measures", None),
    "ranx": ("ranx", None),
    "irlens.evaluate:df": ("irlens", None),
    "ir_measures:df": ("ir_measures", None),
    "ranx:df": ("ranx", None),
}
PEERS = {"pytrec_eval", "ir_measures", "ranx"}
DF_PEERS = {"ir_measures:df", "ranx:df"}


# ---- the routes (run in the child process) ----


def run_pytrec_eval(module, qrels, runs):
    import importlib

    pytrec_eval = importlib.import_module(module)
    evaluator_time = 0.0
    with open(qrels) as f:
        qrel = pytrec_eval.parse_qrel(f)
    t = time.perf_counter()
    evaluator = pytrec_eval.RelevanceEvaluator(qrel, PYTREC_EVAL_MEASURES)
    evaluator_time += time.perf_counter() - t
    for path in runs:
        with open(path) as f:
            run = pytrec_eval.parse_run(f)
        t = time.perf_counter()
        result = evaluator.evaluate(run)
        evaluator_time += time.perf_counter() - t
        assert result
    return {"evaluator": evaluator_time}


def run_ir_measures(module, qrels, runs):
    import importlib

    ir_measures = importlib.import_module(module)
    measures = [ir_measures.parse_measure(m) for m in MEASURES]
    evaluator = ir_measures.evaluator(measures, ir_measures.read_trec_qrels(str(qrels)))
    for path in runs:
        result = evaluator.calc_aggregate(ir_measures.read_trec_run(str(path)))
        assert len(result) == len(measures)
    return {}


def run_irlens_evaluate(module, qrels, runs):
    import irlens

    df = irlens.evaluate(str(qrels), [str(r) for r in runs], MEASURES)
    assert len(df) == len(MEASURES) * len(runs)
    return {}


def run_ranx(module, qrels, runs):
    from ranx import Qrels, Run, evaluate

    q = Qrels.from_file(str(qrels), kind="trec")
    for path in runs:
        result = evaluate(q, Run.from_file(str(path), kind="trec"), RANX_MEASURES)
        assert len(result) == len(RANX_MEASURES)
    return {}


def frames(qrels, runs):
    """The collection as pandas DataFrames (ir_measures' columns, ids as str), as a user holds them."""
    import pandas as pd

    q = pd.read_csv(qrels, sep=r"\s+", names=["query_id", "iteration", "doc_id", "relevance"], dtype={0: str, 2: str})[
        ["query_id", "doc_id", "relevance"]
    ]
    names = ["query_id", "q0", "doc_id", "rank", "score", "tag"]
    rs = {
        Path(r).name: pd.read_csv(r, sep=r"\s+", names=names, dtype={0: str, 2: str})[["query_id", "doc_id", "score"]]
        for r in runs
    }
    return q, rs


def run_irlens_evaluate_df(module, q, rs):
    import irlens

    df = irlens.evaluate(q, rs, MEASURES)
    assert len(df) == len(MEASURES) * len(rs)
    return {}


def run_ir_measures_df(module, q, rs):
    import ir_measures

    measures = [ir_measures.parse_measure(m) for m in MEASURES]
    evaluator = ir_measures.evaluator(measures, q)
    for run in rs.values():
        result = evaluator.calc_aggregate(run)
        assert len(result) == len(measures)
    return {}


def run_ranx_df(module, q, rs):
    from ranx import Qrels, Run, evaluate

    qrels = Qrels.from_df(q, q_id_col="query_id", doc_id_col="doc_id", score_col="relevance")
    for run in rs.values():
        result = evaluate(
            qrels, Run.from_df(run, q_id_col="query_id", doc_id_col="doc_id", score_col="score"), RANX_MEASURES
        )
        assert len(result) == len(RANX_MEASURES)
    return {}


CHILD = {
    "irlens.evaluate": run_irlens_evaluate,
    "irlens.pytrec_eval": run_pytrec_eval,
    "pytrec_eval": run_pytrec_eval,
    "irlens.ir_measures": run_ir_measures,
    "ir_measures": run_ir_measures,
    "ranx": run_ranx,
    "irlens.evaluate:df": run_irlens_evaluate_df,
    "ir_measures:df": run_ir_measures_df,
    "ranx:df": run_ranx_df,
}


def child(route, collection_file):
    spec = json.loads(Path(collection_file).read_text())
    inputs = frames(spec["qrels"], spec["runs"]) if route.endswith(":df") else (spec["qrels"], spec["runs"])
    start = time.perf_counter()
    times = CHILD[route](ROUTES[route][0], *inputs)
    times["route"] = time.perf_counter() - start
    print(json.dumps(times))


# ---- the parent ----


def bench_collection():
    qrels, run = DATA / "qrels.txt", DATA / "run1.txt"
    if not run.is_file():
        (ROOT / "build").mkdir(exist_ok=True)
        gen = ROOT / "build" / "bench-gen"
        subprocess.run(["g++", "-O2", str(ROOT / "bench" / "gen.cpp"), "-o", str(gen)], check=True)
        subprocess.run([str(gen), str(DATA)], check=True)
    return {"qrels": str(qrels), "runs": [str(run)]}


def campaign_collection():
    if not SHARED.is_dir():
        return None
    out = DATA / "covid-r1"
    out.mkdir(parents=True, exist_ok=True)
    runs = []
    for gz in sorted((SHARED / "runs").glob("*.gz")):
        plain = out / gz.name[:-3]
        if not plain.is_file():
            with gzip.open(gz, "rb") as src, open(plain, "wb") as dst:
                shutil.copyfileobj(src, dst)
        runs.append(str(plain))
    return {"qrels": str(SHARED / "qrels-rnd1.txt"), "runs": runs}


def interpreter(route):
    if route.startswith("before:"):
        return os.environ["BASELINE_PYTHON"], ""
    route = route.split(":")[0]
    peer = route.split(".")[-1] if route.startswith("irlens.") else route
    if not route.startswith("irlens") and route in PEERS:
        python = os.environ.get("PEER_PYTHON")
        path = os.environ.get(f"PEER_PATH_{peer.upper()}", "")
        return python, path
    return sys.executable, ""


def run_route(route, collection_file):
    python, path = interpreter(route)
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    t = time.perf_counter()
    p = subprocess.Popen(
        [python, __file__, "--child", route.replace("before:", ""), collection_file],
        stdout=subprocess.PIPE,
        env=env,
        cwd="/tmp",
    )
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"{route}: exit {p.returncode}")
    times = json.loads(out.decode().strip().splitlines()[-1])
    times["wall"] = wall
    times["cpu"] = usage.ru_utime + usage.ru_stime  # every thread's, the kernel's for it too
    times["peak_mb"] = usage.ru_maxrss / 1024  # kB on Linux
    return times


def main():
    args = [a for a in sys.argv[1:]]
    repeats = int(args.pop(0)) if args and args[0].isdigit() else 3
    names = args or ["bench", "campaign"]
    skip = set(os.environ.get("SKIP_ROUTES", "").split(","))  # e.g. SKIP_ROUTES=ranx: its JIT alone takes minutes
    routes = [r for r in ROUTES if (r.startswith("irlens") or os.environ.get("PEER_PYTHON")) and r not in skip]
    if not os.environ.get("PEER_PYTHON"):
        print("PEER_PYTHON unset: the peers' routes are left out (SKIPPED)")
    if os.environ.get("BASELINE_PYTHON"):
        routes += ["before:" + r for r in ROUTES if r.startswith("irlens") and "before:" + r not in skip]
    for name in names:
        spec = bench_collection() if name == "bench" else campaign_collection()
        if spec is None:
            print(f"{name}: SKIPPED ({SHARED} is absent)")
            continue
        collection_file = str(DATA / f"{name}.routes.json")
        Path(collection_file).write_text(json.dumps(spec))
        results = {r: [] for r in routes}
        for _ in range(repeats):
            for r in routes:
                results[r].append(run_route(r, collection_file))
        print(f"\n{name}: {len(spec['runs'])} run(s); median of {repeats}, each route a fresh process, interleaved")
        median = {}
        for r in routes:
            keys = results[r][0].keys()
            median[r] = {k: statistics.median(x[k] for x in results[r]) for k in keys}
            m = median[r]
            extra = f", evaluator alone {m['evaluator']:.2f} s" if "evaluator" in m else ""
            print(
                f"  {r:20s} wall {m['wall']:7.2f} s, route {m['route']:7.2f} s{extra}, process CPU {m['cpu']:7.2f} s, "
                f"peak {m['peak_mb']:7.0f} MB"
            )
        for r in routes:
            peer = ROUTES[r.replace("before:", "")][1]
            if peer and peer in median:
                a, b = median[r], median[peer]
                line = f"  {r} vs {peer}: {b['route'] / a['route']:.2f}x faster (route)"
                if "evaluator" in a:
                    line += f", {b['evaluator'] / a['evaluator']:.2f}x (evaluator alone)"
                line += f", peak memory {a['peak_mb'] / b['peak_mb']:.2f}x the peer's"
                print(line)
        for ours, theirs in (("irlens.evaluate", PEERS), ("irlens.evaluate:df", DF_PEERS)):
            for r in (ours, "before:" + ours):
                peers = {p: median[p]["route"] for p in theirs if p in median}
                if r in median and peers:
                    fastest = min(peers, key=peers.get)
                    print(
                        f"  {r} vs the fastest peer ({fastest}): {peers[fastest] / median[r]['route']:.2f}x faster, "
                        f"peak memory {median[r]['peak_mb'] / median[fastest]['peak_mb']:.2f}x its"
                    )
    print(f"\nload average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
    else:
        main()
