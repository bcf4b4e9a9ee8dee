"""irlens.judgments: two sets of judgments compared (issue 38). Its DataFrames hold the numbers of
the CLI's document (`irlens judgments --format json`, the same core), a hand-checked case gives the
numbers of tests/unit-judgments.cpp, and bad options raise the core's messages."""
import math

import pytest

import irlens

# A judges topics 1 2 3, B 1 2 4; pairs (2,2) (1,0) (0,0) (1,1): kappa = (3/4 - 5/16) / (11/16) = 7/11.
A = "1 0 d1 2\n1 0 d2 1\n1 0 d3 0\n1 0 d4 1\n2 0 d1 1\n3 0 d9 1\n"
B = "1 0 d1 2\n1 0 d2 0\n1 0 d3 0\n1 0 d5 1\n2 0 d1 1\n2 0 d2 0\n4 0 d7 2\n"
RUN0 = "1 Q0 d1 1 2 t\n1 Q0 d2 2 1 t\n2 Q0 d1 1 1 t\n"
RUN1 = "1 Q0 d2 1 2 t\n1 Q0 d1 2 1 t\n"


@pytest.fixture
def files(tmp_path):
    for name, text in {"a": A, "b": B, "run0": RUN0, "run1": RUN1}.items():
        (tmp_path / name).write_text(text)
    return tmp_path


def test_hand_checked_labels(files):
    j = irlens.judgments(files / "a", files / "b")
    overall = j.labels.set_index("scope").loc["all"]
    assert overall["pairs"] == 4
    assert overall["kappa"] == pytest.approx(7 / 11, abs=1e-12)
    # Topic 2's single pair: kappa undefined (NaN), with the reason.
    t2 = j.labels.set_index("scope").loc["2"]
    assert math.isnan(t2["kappa"]) and "undefined" in t2["note"]
    assert j.confusion.loc[1, 0] == 1 and j.confusion.loc[2, 2] == 1
    assert j.one_sided.to_dict("records") == [
        {"set": "A", "grade": 1, "judgments": 2},
        {"set": "B", "grade": 0, "judgments": 1},
        {"set": "B", "grade": 1, "judgments": 1},
        {"set": "B", "grade": 2, "judgments": 1},
    ]
    assert j.runs.empty and j.orderings.empty
    assert [i["role"] for i in j.document["provenance"]["inputs"]] == ["qrels_a", "qrels_b"]


def test_runs_equal_the_cli(files, cli):
    runs = [files / "run0", files / "run1"]
    j = irlens.judgments(
        files / "a", files / "b", runs, ["P@1", "nDCG@2"], threshold=2, test="bootstrap", B=300, seed=5
    )
    theirs = cli(
        "judgments",
        files / "a",
        files / "b",
        *runs,
        "-m",
        "P@1",
        "-m",
        "nDCG@2",
        "--threshold",
        "2",
        "--test",
        "bootstrap",
        "-B",
        "300",
        "--seed",
        "5",
        "--format",
        "json",
    )
    assert [i["sha256"] for i in j.document["provenance"]["inputs"]] == [
        i["sha256"] for i in theirs["provenance"]["inputs"]
    ]
    mine = dict(j.document)
    mine.pop("provenance"), theirs.pop("provenance")
    assert mine == theirs
    # P@1 under A: run0 (1 + 1) / 2, run1 (1 + 0) / 2; under B: run0 1, run1 0.
    p1 = j.runs[j.runs.measure == "P@1"]
    assert p1[["run", "mean_a", "mean_b"]].values.tolist() == [["run0", 1.0, 1.0], ["run1", 0.5, 0.0]]
    # Each mean's bootstrap interval, the document's interval_a / interval_b: run0 scores 1 on both
    # topics under A, so every resample's mean is 1.
    assert p1[["mean_a_low", "mean_a_high"]].values.tolist()[0] == [1.0, 1.0]
    by_run = {r["run"]: r for r in theirs["conclusions"]["measures"][0]["runs"]}
    for _, row in j.runs[j.runs.measure == "P@1"].iterrows():
        want = by_run[row.run]["interval_a"] + by_run[row.run]["interval_b"]
        assert [row.mean_a_low, row.mean_a_high, row.mean_b_low, row.mean_b_high] == want
    assert list(j.orderings.measure) == ["P@1", "nDCG@2"]


def test_bad_options(files):
    with pytest.raises(irlens.UsageError, match="--map-b: 'x' is not FROM:TO"):
        irlens.judgments(files / "a", files / "b", mapB="3:2,x")
    with pytest.raises(irlens.UsageError, match="at least 2 runs"):
        irlens.judgments(files / "a", files / "b", [files / "run0"], ["P@1"])
    with pytest.raises(irlens.UsageError, match="--no-such"):
        irlens.judgments(files / "a", files / "b", no_such=1)
