"""irlens.compare_rankings and irlens.reproducibility: DataFrames of the documents `irlens runs` and
`irlens repro` print with --format json (the same rows), hand-checked values, NaN where undefined."""
import math

import pytest

import irlens


def rows_of(doc):
    return [{k: (float("nan") if v is None else v) for k, v in r.items()} for r in doc["rows"]]


def same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x.keys() == y.keys()
        for k in x:
            if isinstance(x[k], float) and math.isnan(x[k]):
                assert isinstance(y[k], float) and math.isnan(y[k]), k
            else:
                assert x[k] == y[k], k


def test_compare_rankings_by_hand(tmp_path):
    # Topic 1: [a b] vs [b a], p = 0.9: RBO_ext = (0.1/0.9)(2/2 0.81) + 0.81 = 0.9, KTU = -1,
    # overlap@1 = 0. Topic 2: only A answered it, left out.
    (tmp_path / "qrels").write_text("1 0 a 1\n1 0 b 0\n2 0 a 1\n")
    (tmp_path / "A").write_text("1 Q0 a 1 2 A\n1 Q0 b 2 1 A\n2 Q0 a 1 1 A\n")
    (tmp_path / "B").write_text("1 Q0 b 1 2 B\n1 Q0 a 2 1 B\n")
    df = irlens.compare_rankings(tmp_path / "qrels", tmp_path / "A", tmp_path / "B", cutoffs=[1])
    assert list(df["topic"]) == ["1", "all"]
    assert df["RBO_ext"].iloc[-1] == pytest.approx(0.9)
    assert df["KTU"].iloc[-1] == pytest.approx(-1.0)
    assert df["overlap@1"].iloc[-1] == 0
    assert df.attrs["only_a"] == ["2"] and df.attrs["only_b"] == []
    assert df.attrs["provenance"]["command"] == "runs"


def test_compare_rankings_equals_the_cli(examples, cli):
    df = irlens.compare_rankings(
        examples / "qrels.txt", examples / "bm25.run", examples / "shuffled.run", cutoffs=[3, 5]
    )
    theirs = cli(
        "runs",
        examples / "qrels.txt",
        examples / "bm25.run",
        examples / "shuffled.run",
        "-k",
        "3,5",
        "-q",
        "--format",
        "json",
    )
    same(df.to_dict("records"), rows_of(theirs))
    assert df.attrs["only_a"] == theirs["only_a"] == ["103"]


def test_reproducibility_equals_the_cli_and_says_undefined(examples, cli):
    runs = dict(
        orig_baseline=examples / "bm25.run",
        orig_advanced=examples / "hybrid.run",
        repro_baseline=examples / "dense.run",
        repro_advanced=examples / "hybrid.run",
    )
    df = irlens.reproducibility(examples / "qrels.txt", measures=["AP", "P@10"], cutoffs=[5, 10], **runs)
    theirs = cli(
        "repro",
        examples / "qrels.txt",
        "--orig-baseline",
        runs["orig_baseline"],
        "--orig-advanced",
        runs["orig_advanced"],
        "--repro-baseline",
        runs["repro_baseline"],
        "--repro-advanced",
        runs["repro_advanced"],
        "-m",
        "AP P@10",
        "-k",
        "5,10",
        "--format",
        "json",
    )
    same(df.to_dict("records"), rows_of(theirs))
    er = df[(df.quantity == "ER") & (df.measure == "AP")]["value"].iloc[0]
    assert er == pytest.approx(0.17486122125297388)  # repro_eval's (tests/golden/repro_eval/examples.json)
    p = df[(df.quantity == "p_value") & (df.run == "advanced") & (df.measure == "AP")].iloc[0]
    assert math.isnan(p["value"]) and "undefined" in p["note"]  # identical scores: t is 0/0
    assert df.attrs["kind"] == "reproducibility"


def test_replicability_has_no_document_order(examples):
    df = irlens.reproducibility(
        examples / "qrels.txt",
        orig_baseline=examples / "bm25.run",
        orig_advanced=examples / "hybrid.run",
        repro_baseline=examples / "dense.run",
        repro_advanced=examples / "hybrid.run",
        repro_qrels=examples / "qrels.txt",
        measures="AP",
    )
    assert set(df["quantity"]) == {"ER", "DeltaRI", "p_value"}
    assert df.attrs["kind"] == "replicability"
    # repro_eval's ttest_ind for the baseline AP (tests/golden/repro_eval/examples.json)
    p = df[(df.quantity == "p_value") & (df.run == "baseline")]["value"].iloc[0]
    assert p == pytest.approx(0.020544504847325354, rel=1e-9)


def test_bad_input_names_the_problem(examples):
    with pytest.raises(irlens.UsageError, match="persistence p must be between 0 and 1"):
        irlens.compare_rankings(examples / "qrels.txt", examples / "bm25.run", examples / "dense.run", persistence=1.5)
