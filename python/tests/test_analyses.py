"""compare, meta, explain, check and axioms return the documents the CLI's --format json prints
(the same core and frontends/ code): equal to the CLI's, but for the provenance's settings and the
names of the inputs."""
import pytest

import irlens


def without_provenance(doc):
    doc = dict(doc)
    doc.pop("provenance", None)
    return doc


def test_compare_equals_the_cli(examples, cli):
    runs = [examples / "bm25.run", examples / "dense.run", examples / "hybrid.run"]
    doc = irlens.compare(
        examples / "qrels.txt", runs, ["AP", "nDCG@10"], baseline="bm25.run", test="randomisation", B=1000, seed=7
    )
    theirs = cli(
        "compare",
        examples / "qrels.txt",
        *runs,
        "-m",
        "AP nDCG@10",
        "--baseline",
        "bm25.run",
        "--test",
        "randomisation",
        "-B",
        "1000",
        "--seed",
        "7",
        "--format",
        "json"
    )
    assert doc["provenance"]["inputs"][0]["sha256"] == theirs["provenance"]["inputs"][0]["sha256"]
    doc, theirs = without_provenance(doc), without_provenance(theirs)
    assert doc.pop("qrels").endswith("qrels.txt") and theirs.pop("qrels").endswith("qrels.txt")
    assert doc == theirs
    assert "<table" in irlens.compare(examples / "qrels.txt", runs, ["AP"])._repr_html_()


def test_options_are_the_clis(examples):
    runs = [examples / "bm25.run", examples / "dense.run"]
    with pytest.raises(irlens.UsageError, match="--no-such"):
        irlens.compare(examples / "qrels.txt", runs, ["AP"], noSuch=1)
    with pytest.raises(irlens.UsageError, match="-B"):
        irlens.compare(examples / "qrels.txt", runs, ["AP"], B=0)
    doc = irlens.compare(examples / "qrels.txt", runs, ["AP"], exact_limit=0, test="randomisation", B=100)
    assert doc["B"] == 100


def test_meta_equals_the_cli(examples, cli):
    runs = [examples / "bm25.run", examples / "dense.run", examples / "hybrid.run"]
    doc = irlens.meta("correlation", examples / "qrels.txt", runs, ["AP", "nDCG@10", "P@5"])
    theirs = cli("meta", "correlation", examples / "qrels.txt", *runs, "-m", "AP nDCG@10 P@5", "--format", "json")
    doc, theirs = without_provenance(doc), without_provenance(theirs)
    doc.pop("qrels"), theirs.pop("qrels")
    assert doc == theirs


def test_explain_equals_the_cli(examples, cli):
    doc = irlens.explain(examples / "qrels.txt", examples / "bm25.run", "101", "AP")
    theirs = cli(
        "explain", examples / "qrels.txt", examples / "bm25.run", "--topic", "101", "-m", "AP", "--format", "json"
    )
    [e] = doc["explanations"]
    assert e == theirs["explanations"][0]
    df = irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["AP"], per_topic=True)
    assert e["value"] == df[(df.topic == "101")]["value"].item()


def test_check_equals_the_cli(examples, cli, tmp_path):
    bad = tmp_path / "bad.run"
    bad.write_text("101 Q0 d01 1 2.0 x\n101 Q0 d01 2 1.0 x\n102 Q0 d02 1 1.0 y\n")
    doc = irlens.check(bad, qrels=examples / "qrels.txt")
    theirs = cli("check", bad, "--qrels", examples / "qrels.txt", "--format", "json", codes=(4,))  # 4: errors found
    doc["options"].pop("qrels"), theirs["options"].pop("qrels")
    assert doc == theirs
    assert doc["errors"] > 0


def test_axioms_equals_the_cli(cli):
    doc = irlens.axioms(["P@5", "RR"], seed=3)
    theirs = cli("axioms", "-m", "P@5 RR", "--seed", "3", "--format", "json")
    assert doc == theirs


def test_design_options_are_checked_and_never_an_internal_error(examples):
    # Issue 37: alpha 1e-300 gave a bare RuntimeError (boost's root finder), min_diff 1e300 another
    # (boost's trunc), and ci_width 0 left the CI design out without a word.
    runs = [examples / "bm25.run", examples / "dense.run", examples / "hybrid.run"]
    q = examples / "qrels.txt"
    with pytest.raises(irlens.UsageError, match=r"^--alpha must be between 0 and 1 \(exclusive\) and at least 1e-100"):
        irlens.meta("topic-set-size", q, runs, ["AP"], alpha=1e-300)
    with pytest.raises(irlens.UsageError, match=r"^--beta must be between 0 and 1 - alpha .* \(got 1e-200\)"):
        irlens.meta("power", q, runs, ["AP"], beta=1e-200)
    with pytest.raises(irlens.UsageError, match=r"^--ci-width must be a positive number, e.g. 0.1 \(got 0\)"):
        irlens.meta("topic-set-size", q, runs, ["AP"], ciWidth=0)
    power = irlens.meta("power", q, runs, ["AP"], minDiff=1e300)
    [row] = power["measures"]
    assert row["power"] is None and row["note"].startswith(
        "the noncentral t distribution could not be evaluated with 3 topics"
    )
    # alpha below 1.1e-16 (1 - alpha/2 was 1): a number, and never fewer topics than at 1e-15.
    sizes = [irlens.meta("topic-set-size", q, runs, ["AP"], alpha=a)["designs"][0]["topics"] for a in (1e-15, 1e-17)]
    assert sizes[0] is not None and sizes[1] is not None and sizes[1] > sizes[0]
