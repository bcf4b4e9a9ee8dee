"""irlens.evaluate equals `irlens eval` (the same core: values bit for bit, the same provenance
record), from every kind of input; errors name the row."""
import gzip
import hashlib
import shutil
from collections import namedtuple

import numpy as np
import pandas as pd
import pytest

import irlens
from conftest import same_values

MEASURES = ["AP", "nDCG@10", "P@5", "RR", "R@10", "ERR@10"]


def runs_of(examples):
    return [examples / "bm25.run", examples / "dense.run", examples / "hybrid.run", examples / "shuffled.run"]


@pytest.mark.parametrize("missing", ["zero", "skip"])
def test_evaluate_equals_the_cli(examples, cli, missing):
    runs = runs_of(examples)
    df = irlens.evaluate(examples / "qrels.txt", runs, MEASURES, per_topic=True, missing=missing)
    doc = cli(
        "eval", examples / "qrels.txt", *runs, "-m", " ".join(MEASURES), "-q", "--missing", missing, "--format", "json"
    )
    assert sorted(doc["runs"]) == sorted(set(df["run"]))
    n = same_values(df, doc)
    per_topic = sum(len(r["per_topic"]) for r in doc["runs"].values())
    assert n == (per_topic + len(doc["runs"])) * len(MEASURES)
    # The CLI's provenance record, but for the settings (the CLI's options as typed there).
    mine, theirs = dict(df.attrs["provenance"]), dict(doc["provenance"])
    mine.pop("settings"), theirs.pop("settings")
    for record in mine["inputs"] + theirs["inputs"]:
        record["name"] = str(record["name"])
    assert mine == theirs


def test_the_tidy_frame_in_the_clis_order(examples):
    df = irlens.evaluate(examples / "qrels.txt", {"bm25": examples / "bm25.run"}, ["P@2", "AP"], per_topic=True)
    assert list(df.columns) == ["run", "measure", "topic", "value"]
    assert list(df["topic"][:4]) == ["101", "101", "102", "102"]
    assert list(df["measure"][:2]) == ["P@2", "AP"]
    assert list(df["topic"][-2:]) == ["all", "all"]
    # bm25 on 101 ranks d01 (rel 2), d03 (rel 0) first: P@2 = 1/2.
    assert df.iloc[0]["value"] == 0.5
    wide = irlens.wide(df)
    assert list(wide.columns) == ["P@2", "AP"]
    assert wide.loc[("bm25", "101"), "P@2"] == 0.5
    assert wide.loc[("bm25", "all"), "AP"] == df[(df.topic == "all") & (df.measure == "AP")]["value"].item()


def frames(examples):
    q = pd.read_csv(
        examples / "qrels.txt", sep=" ", names=["query_id", "iteration", "doc_id", "relevance"], dtype={"query_id": str}
    )
    r = pd.read_csv(
        examples / "bm25.run",
        sep=" ",
        names=["query_id", "q0", "doc_id", "rank", "score", "tag"],
        dtype={"query_id": str},
    )
    return q, r


def test_in_memory_inputs_equal_the_files(examples):
    expected = irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", MEASURES, per_topic=True)
    q, r = frames(examples)
    Qrel = namedtuple("Qrel", "query_id doc_id relevance iteration")
    ScoredDoc = namedtuple("ScoredDoc", "query_id doc_id score")
    qdict = {}
    for t in q.itertuples():
        qdict.setdefault(t.query_id, {})[t.doc_id] = np.int64(t.relevance)  # numpy ints accepted
    rdict = {}
    for t in r.itertuples():
        rdict.setdefault(t.query_id, {})[t.doc_id] = float(t.score)
    pyterrier_q = q.rename(columns={"query_id": "qid", "doc_id": "docno", "relevance": "label"})
    pyterrier_r = r.rename(columns={"query_id": "qid", "doc_id": "docno"})[["qid", "docno", "score", "rank"]]
    categorical = r.astype({"query_id": "category", "doc_id": "category"})
    inputs = [
        (q, r),
        (pyterrier_q, pyterrier_r),
        (qdict, rdict),
        (q, categorical),
        (
            [Qrel(t.query_id, t.doc_id, t.relevance, "0") for t in q.itertuples()],
            (ScoredDoc(t.query_id, t.doc_id, t.score) for t in r.itertuples()),
        ),
    ]
    for qrels, run in inputs:
        df = irlens.evaluate(qrels, {"bm25.run": run}, MEASURES, per_topic=True)
        pd.testing.assert_frame_equal(df, expected)
    # The provenance of an in-memory input hashes its canonical TREC text.
    df = irlens.evaluate(q, {"bm25": r}, ["AP"])
    text = "".join(f"{a} 0 {b} {c}\n" for a, b, c in zip(q.query_id, q.doc_id, q.relevance)).encode()
    record = df.attrs["provenance"]["inputs"][0]
    assert record == {
        "role": "qrels",
        "name": "qrels DataFrame",
        "bytes": len(text),
        "sha256": hashlib.sha256(text).hexdigest(),
    }


def test_gzip_files(examples, tmp_path):
    plain = irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", MEASURES)
    gz = tmp_path / "bm25.run.gz"
    with open(examples / "bm25.run", "rb") as f, gzip.open(gz, "wb") as g:
        shutil.copyfileobj(f, g)
    zipped = irlens.evaluate(examples / "qrels.txt", gz, MEASURES)
    pd.testing.assert_frame_equal(zipped, plain)  # named bm25 too (.gz stripped, then .run kept? no: .run stays)
    assert zipped.attrs["provenance"]["inputs"][1]["sha256"] == hashlib.sha256(gz.read_bytes()).hexdigest()


def test_errors_name_the_row(examples, tmp_path):
    q, r = frames(examples)
    bad = q.copy()
    bad.loc[3, "relevance"] = 1.5
    with pytest.raises(irlens.InputError, match=r"qrels DataFrame, row 3: relevance '1.5' is not an integer"):
        irlens.evaluate(bad, examples / "bm25.run", ["AP"])
    bad = r.copy()
    bad.loc[5, "doc_id"] = "d 7"
    with pytest.raises(irlens.InputError, match=r"run bm25, row 5: document id 'd 7' contains whitespace"):
        irlens.evaluate(examples / "qrels.txt", {"bm25": bad}, ["AP"])
    bad = r.copy()
    bad.loc[6, "doc_id"] = bad.loc[5, "doc_id"]  # a duplicate: the reader's check, at the row
    with pytest.raises(irlens.InputError, match=r"run bm25, row 6: .*duplicate"):
        irlens.evaluate(examples / "qrels.txt", {"bm25": bad}, ["AP"])
    broken = tmp_path / "broken.run"
    broken.write_text("101 Q0 d01 1 1.0 x\n101 Q0 d02\n")
    with pytest.raises(irlens.InputError) as e:
        irlens.evaluate(examples / "qrels.txt", broken, ["AP"])
    assert e.value.file == str(broken) and e.value.line == 2
    with pytest.raises(irlens.UsageError, match="NoSuchMeasure"):
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["NoSuchMeasure"])
    with pytest.raises(irlens.UsageError, match="missing must be"):
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["AP"], missing="maybe")


def test_missing_topics_zero_or_skip(examples):
    # shuffled.run answers fewer topics than the qrels have: zero scores the others 0, skip leaves them out.
    zero = irlens.evaluate(examples / "qrels.txt", examples / "shuffled.run", ["AP"], per_topic=True)
    skip = irlens.evaluate(examples / "qrels.txt", examples / "shuffled.run", ["AP"], per_topic=True, missing="skip")
    zt, st = zero[zero.topic != "all"], skip[skip.topic != "all"]
    assert len(zt) == 3 and len(st) < 3
    assert zero.attrs["missing"] == "zero" and skip.attrs["missing"] == "skip"
    assert zt["value"].mean() == zero[zero.topic == "all"]["value"].item()
