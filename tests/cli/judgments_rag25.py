#!/usr/bin/python3
"""`irlens judgments` against reference values on real paired judgments (issue 38): the TREC 2025 RAG
track's test qrels by NIST's assessors (A) and by UMBRELA v2, an LLM judge (B), on the same 10,284
(topic, passage) pairs of 22 topics. The reference values (scikit-learn, NLTK, fast-krippendorff) and
the data's source are in tests/golden/judgments/ (README.md there).

usage: judgments_rag25.py IRLENS GOLDEN_JSON tables
       judgments_rag25.py IRLENS GOLDEN_JSON files SHARED_DIR

tables: always runs (no download). Every agreement statistic irlens judgments reports (kappa, weighted
  kappa, Krippendorff's alpha, binary agreement, the confusion matrix) is a function of each topic's
  grade contingency table (A's grade x B's grade counts) alone; this mode rebuilds a pair of qrels
  from the committed tables, with synthetic document ids, and checks every value.
files: the real files, found in $IRLENS_PAIRED_QRELS_DIR or SHARED_DIR/data/rag25/; their SHA-256
  must be the recorded ones; then the same checks, and the topics, pair counts and the judgments of
  one set only. Exits 77 (SKIPPED, never a pass) when they are absent, saying how to get them.

Values agree to 1e-12 (the tolerance of the web2012 golden in judgments.sh; the references sum in
other orders, the largest difference seen is 4e-16); counts, grades and the undefined values exactly:
an undefined value (null in irlens' JSON, NaN in scikit-learn) agrees only with an undefined one.
Exits 1 on a disagreement.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

THRESHOLDS = [1, 2, 3, 4]  # binary relevance at grade >= G: every threshold of the 0-4 scale
STATS = ["kappa", "kappa_linear", "kappa_quadratic", "alpha_nominal", "alpha_ordinal", "alpha_interval"]
TOL = 1e-12
RAW = "https://raw.githubusercontent.com/castorini/anserini-tools/{commit}/{path}"

failures = []
checks = 0


def check(what, got, want):
    """A value (or null) of irlens against the reference's."""
    global checks
    checks += 1
    if want is None or got is None:
        ok = got is None and want is None
    elif isinstance(want, float):
        ok = isinstance(got, (int, float)) and abs(got - want) <= TOL
    else:
        ok = got == want
    if not ok:
        failures.append(f"{what}: irlens {got!r}, reference {want!r}")


def confusion_5x5(scope, grades):
    """irlens' confusion matrix (rows A's grade, columns B's, over `grades`: from the lowest grade the
    scope uses to its highest) on the reference's grades, cells of grades outside the scope 0."""
    idx = {g: i for i, g in enumerate(scope["grades"])}
    return [[scope["confusion"][idx[x]][idx[y]] if x in idx and y in idx else 0 for y in grades] for x in grades]


def compare_scope(name, got, want, threshold, grades):
    check(f"{name} pairs", got["pairs"], want["pairs"])
    check(f"{name} confusion matrix", confusion_5x5(got, grades), want["confusion"])
    for k in STATS:
        check(f"{name} {k}", got[k], want[k])
    for k, v in want["alpha_nltk"].items():
        check(f"{name} {k} (NLTK)", got[k], v)
    b, wb = got["binary"], want["binary"][str(threshold)]
    for k in ("both", "a_only", "b_only", "neither", "agreement", "kappa"):
        check(f"{name} binary (grade >= {threshold}) {k}", b[k], wb[k])


def compare(outputs, golden):
    """outputs: threshold -> irlens judgments' JSON document."""
    topics = sorted(golden["topics"], key=lambda t: t.encode())  # irlens' topic order: bytes
    for threshold, d in outputs.items():
        check(f"threshold {threshold}: binary threshold", d["labels"]["binary"]["threshold"], threshold)
        check(f"threshold {threshold}: topics compared", d["topics"]["compared"], topics)
        check(f"threshold {threshold}: topics of A only", d["topics"]["only_a"], [])
        check(f"threshold {threshold}: topics of B only", d["topics"]["only_b"], [])
        check(f"threshold {threshold}: judged in A only", sum(d["only_a"].values()), golden["only_a"])
        check(f"threshold {threshold}: judged in B only", sum(d["only_b"].values()), golden["only_b"])
        check(f"threshold {threshold}: grades", d["labels"]["grades"], golden["grades"])
        compare_scope(f"threshold {threshold}: all", d["labels"], golden["overall"], threshold, golden["grades"])
        check(f"threshold {threshold}: per-topic rows", [t["topic"] for t in d["topic_labels"]], topics)
        for t in d["topic_labels"]:
            if t["topic"] not in golden["topics"]:
                continue
            name = f"threshold {threshold}: topic {t['topic']}"
            check(f"{name} judged in one set only", [t["only_a"], t["only_b"]], [{}, {}])
            compare_scope(name, t, golden["topics"][t["topic"]], threshold, golden["grades"])


def judgments(irlens, a, b, threshold):
    args = [irlens, "judgments", a, b, "--threshold", str(threshold), "-f", "json"]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        print(f"FAIL: {' '.join(args)} exited {p.returncode}: {p.stderr[:600]}")
        sys.exit(1)
    return json.loads(p.stdout)


def write_tables(golden, a, b):
    """The contingency tables of the real RAG 2025 pairs; every agreement statistic is a function of
    the table alone. Cell (x, y) of topic t with n pairs becomes n synthetic documents
    rag25-synthetic-x-y-k judged x in A and y in B (column 2 "0" in A and "Q0" in B, as in the real
    files)."""
    grades = golden["grades"]
    with open(a, "w") as fa, open(b, "w") as fb:
        for topic, t in golden["topics"].items():
            for i, x in enumerate(grades):
                for j, y in enumerate(grades):
                    for k in range(t["confusion"][i][j]):
                        doc = f"rag25-synthetic-{x}-{y}-{k}"
                        fa.write(f"{topic} 0 {doc} {x}\n")
                        fb.write(f"{topic} Q0 {doc} {y}\n")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def real_files(golden, shared):
    """The folder holding both real files, or None."""
    names = [os.path.basename(golden["source"][s]["path"]) for s in ("a", "b")]
    places = [os.environ.get("IRLENS_PAIRED_QRELS_DIR", ""), os.path.join(shared, "data", "rag25")]
    for d in places:
        if d and all(os.path.isfile(os.path.join(d, n)) for n in names):
            return [os.path.join(d, n) for n in names]
    src = golden["source"]
    urls = " and ".join(RAW.format(commit=src["commit"], path=src[s]["path"]) for s in ("a", "b"))
    print(
        f"SKIPPED: {' and '.join(names)} found neither in $IRLENS_PAIRED_QRELS_DIR "
        f"({places[0] or 'not set'}) nor in {places[1]}: the golden values were NOT compared on the real "
        f"files (the committed tables were, by the test judgments_rag25). How to get them: {urls} "
        "(or scripts/get-paired-qrels.sh DIR), then IRLENS_PAIRED_QRELS_DIR=DIR."
    )
    return None


def main():
    if len(sys.argv) < 4 or sys.argv[3] not in ("tables", "files") or (sys.argv[3] == "files") != (len(sys.argv) == 5):
        print(__doc__)
        return 2
    irlens, mode = sys.argv[1], sys.argv[3]
    with open(sys.argv[2]) as f:
        golden = json.load(f)
    with tempfile.TemporaryDirectory() as tmp:
        if mode == "tables":
            a, b = os.path.join(tmp, "a.qrels"), os.path.join(tmp, "b.qrels")
            write_tables(golden, a, b)
        else:
            found = real_files(golden, sys.argv[4])
            if found is None:
                return 77
            a, b = found
            for path, side in ((a, "a"), (b, "b")):
                got, want = sha256(path), golden["source"][side]["sha256"]
                if got != want:
                    print(f"FAIL: {path}: SHA-256 {got}, not the recorded {want} (another version?)")
                    return 1
        outputs = {t: judgments(irlens, a, b, t) for t in THRESHOLDS}
        if mode == "files":
            for d in outputs.values():
                digests = {i["role"]: i["sha256"] for i in d["provenance"]["inputs"]}
                check("provenance SHA-256 of A", digests.get("qrels_a"), golden["source"]["a"]["sha256"])
                check("provenance SHA-256 of B", digests.get("qrels_b"), golden["source"]["b"]["sha256"])
    compare(outputs, golden)
    for f in failures[:40]:
        print("FAIL:", f)
    what = "the committed contingency tables" if mode == "tables" else f"the real files {a} and {b}"
    print(f"judgments_rag25 ({what}): {checks - len(failures)} of {checks} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
