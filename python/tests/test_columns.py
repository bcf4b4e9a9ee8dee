"""Columnar inputs (DataFrames, dicts, records) are read by the core from their columns: the
results equal those of the same rows as a TREC file, value for value (ties and ordering rules
included); the provenance hashes the rows' canonical TREC text; every check of the text readers
holds, with their messages, naming the row."""
import hashlib

import numpy as np
import pandas as pd
import pytest

import irlens
from irlens import _core, _inputs

MEASURES = ["AP", "nDCG@10", "P@5", "RR", "R@10", "ERR@10", "num_ret", "num_rel_ret"]


def qrels_lines(q):
    return "".join(f"{a} 0 {b} {c}\n" for a, b, c in zip(q.query_id, q.doc_id, q.relevance))


def run_lines(r, tag):
    ranks = r["rank"] if "rank" in r.columns else [0] * len(r)
    # Scores in the shortest form that reads back (C++'s to_chars): for these (multiples of 0.25
    # below 2) that is %g's: 1, 0.25.
    return "".join(f"{a} Q0 {b} {k} {s:g} {tag}\n" for a, b, k, s in zip(r.query_id, r.doc_id, ranks, r.score))


def collection(seed):
    """Random qrels and a run with ties: integer-valued and repeated scores, ids that sort
    differently as text and as numbers, topics only in the run, unjudged documents."""
    rng = np.random.default_rng(seed)
    q_rows, r_rows = [], []
    for t in range(1, 13):
        docs = rng.permutation(60)[:40]
        for d in docs[:25]:
            q_rows.append((str(t), f"d{d}", int(rng.integers(-1, 4))))
        for k, d in enumerate(docs):
            r_rows.append((str(t), f"d{d}", k + 1, float(rng.integers(0, 6)) * 0.25))
    for k in range(5):
        r_rows.append(("99", f"x{k}", k + 1, 1.0))  # a topic the qrels do not have
    q = pd.DataFrame(q_rows, columns=["query_id", "doc_id", "relevance"])
    r = pd.DataFrame(r_rows, columns=["query_id", "doc_id", "rank", "score"]).sample(frac=1, random_state=seed)
    return q, r.reset_index(drop=True)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("order", ["score", "rank"])
def test_columns_equal_the_text(tmp_path, seed, order):
    q, r = collection(seed)
    qf, rf = tmp_path / "q.txt", tmp_path / "bm25.run"
    qf.write_text(qrels_lines(q))
    rf.write_text(run_lines(r, "bm25"))
    expected = irlens.evaluate(qf, {"bm25": rf}, MEASURES, per_topic=True, order=order)
    pyterrier_q = q.rename(columns={"query_id": "qid", "doc_id": "docno", "relevance": "label"})
    pyterrier_r = r.rename(columns={"query_id": "qid", "doc_id": "docno"})
    categorical = r.astype({"query_id": "category", "doc_id": "category"})
    for qrels, run in [(q, r), (pyterrier_q, pyterrier_r), (q.astype({"relevance": float}), categorical)]:
        df = irlens.evaluate(qrels, {"bm25": run}, MEASURES, per_topic=True, order=order)
        pd.testing.assert_frame_equal(df, expected)
        inputs = df.attrs["provenance"]["inputs"]
        assert inputs[0]["sha256"] == hashlib.sha256(qf.read_bytes()).hexdigest()
        assert inputs[0]["bytes"] == qf.stat().st_size
        assert inputs[1]["sha256"] == hashlib.sha256(rf.read_bytes()).hexdigest()
        assert inputs[1]["bytes"] == rf.stat().st_size


def test_ties_follow_trec_evals_order():
    # Topic 1: d1 (rel 1) and d2 (rel 0) tie at 1.0: trec_eval orders ties by doc id descending,
    # so d2 comes first and P@1 = 0; by rank (d1 rank 1), P@1 = 1.
    q = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"], "relevance": [1, 0]})
    r = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d1", "d2"], "score": [1.0, 1.0], "rank": [1, 2]})
    assert irlens.evaluate(q, r, ["P@1"])["value"].item() == 0.0
    assert irlens.evaluate(q, r, ["P@1"], order="rank")["value"].item() == 1.0


def test_the_digest_is_the_text_paths():
    # Scores whose shortest text differs between Python's repr and C++'s to_chars (1e-04, 0.0001)
    # and ids of every kind: the digest of the columns equals the SHA-256 of the text the package
    # writes for irlens.check and the notebook views (both C++: one writer).
    q = pd.DataFrame({"query_id": [1, 1, 2], "doc_id": ["a", "b", "c"], "relevance": [1, 0, 2]})
    r = pd.DataFrame(
        {"query_id": [1, 1, 2, 3], "doc_id": ["a", "é", "c", "z"], "score": [1e-4, 1e300, -0.5, 12345678901234567.0]}
    )
    loaded = _inputs.load_qrels(q)
    text, _ = _inputs.qrels_text(q, "qrels DataFrame")
    assert text == b"1 0 a 1\n1 0 b 0\n2 0 c 2\n"
    assert loaded.record == {
        "role": "qrels",
        "name": "qrels DataFrame",
        "bytes": len(text),
        "sha256": hashlib.sha256(text).hexdigest(),
    }
    run = _inputs.load_run(loaded, r, "x")
    text, _ = _inputs.run_text(r, "run x", "x")
    assert text.decode().splitlines()[1] == "1 Q0 é 0 1e+300 x"
    assert run.record == {
        "role": "run",
        "name": "run x",
        "bytes": len(text),
        "sha256": hashlib.sha256(text).hexdigest(),
    }
    assert run.handle.ignored_topics == ["3"] and run.handle.lines_read == 4


def error(qrels, run, **kw):
    with pytest.raises((irlens.InputError, irlens.UsageError)) as e:
        irlens.evaluate(qrels, {"bm25": run}, ["AP"], **kw)
    return str(e.value)


def test_the_text_readers_checks_name_the_row():
    q = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "c"], "relevance": [1, 0, 2]})
    r = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["a", "b", "c"], "score": [3.0, 2.0, 1.0]})
    bad = r.copy()
    bad.loc[2, "doc_id"] = "a"
    bad.loc[2, "query_id"] = "1"
    assert error(q, bad) == "run bm25, row 2: duplicate document 'a' for topic '1' (first at line 1)"
    bad = r.copy()
    bad.loc[1, "score"] = np.nan
    assert error(q, bad) == "run bm25, row 1: score is NaN"
    bad.loc[1, "score"] = np.inf
    assert error(q, bad) == "run bm25, row 1: score is infinite"
    bad = r.copy()
    bad.loc[1, "score"] = "high"
    assert error(q, bad) == "run bm25, row 1: score 'high' is not a number"
    bad = r.copy()
    bad.loc[2, "query_id"] = None
    assert error(q, bad) == "run bm25, row 2: no query id (a missing value)"
    bad.loc[2, "query_id"] = ""
    assert error(q, bad) == "run bm25, row 2: query id is empty"
    bad.loc[2, "query_id"] = "#2"
    assert error(q, bad) == "run bm25, row 2: query id '#2' starts with '#': its TREC line would be a comment"
    bad.loc[2, "query_id"] = "2\x00"
    assert error(q, bad) == r"run bm25, row 2: query id '2\x00' contains a NUL byte"
    bad = r.copy()
    bad.loc[0, "doc_id"] = "x" * 70000
    assert error(q, bad) == "run bm25, row 0: document id longer than 65535 bytes"
    assert error(q, r, order="rank") == "ordering by rank needs a rank column"
    bad = q.copy()
    bad.loc[1, "relevance"] = 2000
    assert error(bad, r) == "qrels DataFrame, row 1: relevance 2000 is above 1000, the highest grade irlens supports"
    bad.loc[1, "relevance"] = 2**40
    assert error(bad, r) == f"qrels DataFrame, row 1: relevance '{2 ** 40}' is not an integer"
    bad = q.astype({"relevance": float})
    bad.loc[2, "relevance"] = np.nan
    assert error(bad, r) == "qrels DataFrame, row 2: relevance 'nan' is not an integer"
    bad = q.copy()
    bad.loc[0, "doc_id"] = "b"
    assert error(bad, r) == (
        "qrels DataFrame, row 1: duplicate judgment of document 'b' for topic '1' " "(first at line 1)"
    )
    assert error(q.iloc[:0], r) == "qrels DataFrame: no judgments found (empty file?)"
    assert error(q, r.iloc[:0]) == "bm25: no results found (empty file?)"  # the reader names the run


def test_unused_categories_are_not_checked():
    # A categorical column's categories that no row uses are never read (pandas keeps them after a
    # filter): the frame evaluates as its rows do.
    q = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "relevance": [1, 0]})
    r = pd.DataFrame(
        {
            "query_id": ["1", "1"],
            "doc_id": pd.Categorical(["a", "b"], categories=["a", "b", "bad id"]),
            "score": [2.0, 1.0],
        }
    )
    assert irlens.evaluate(q, r, ["P@1"])["value"].item() == 1.0


def test_the_digest_over_many_buffers():
    # 120,000 rows (about 2.8 MB of text: the digest hashes 1 MiB at a time) of ids from a
    # categorical column and from a str column, scores whose shortest text Python's repr also
    # writes (k / 8: "0.125"; whole numbers without ".0"): the record is the size and SHA-256 of
    # the text written here in Python, line by line, not by the package's writer.
    n = 120_000
    topics = [str(1 + i // 1000) for i in range(n)]
    docs = [f"doc{(i * 7919) % 1_000_003:07d}" for i in range(n)]
    scores = [(n - i % 1000) / 8 for i in range(n)]

    def shortest(x):
        r = repr(x)
        return r[:-2] if r.endswith(".0") else r

    text = "".join(f"{t} Q0 {d} 0 {shortest(s)} x\n" for t, d, s in zip(topics, docs, scores)).encode()
    assert len(text) > 2 << 20
    qrels = _inputs.load_qrels(pd.DataFrame({"query_id": ["1"], "doc_id": [docs[0]], "relevance": [1]}))
    expected = {"role": "run", "name": "run x", "bytes": len(text), "sha256": hashlib.sha256(text).hexdigest()}
    plain = pd.DataFrame({"query_id": topics, "doc_id": docs, "score": scores})
    assert _inputs.load_run(qrels, plain, "x").record == expected
    categorical = plain.astype({"query_id": "category", "doc_id": "category"})
    assert _inputs.load_run(qrels, categorical, "x").record == expected
    assert _inputs.run_text(categorical, "run x", "x")[0] == text


def test_the_read_without_its_digest():
    # read_run_columns(digest=False), the bench's step "the read alone": the same run, no record.
    q = _inputs.load_qrels(pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "relevance": [1, 0]}))
    columns, _ = _inputs._run_columns(
        pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["b", "a"], "score": [2.0, 1.0]}), "run x", "x"
    )
    run, size, sha = _core.read_run_columns(q.handle, "x", "score", *columns, digest=False)
    assert (size, sha) == (0, "") and run.lines_read == 2
    ev = _core.evaluate(q.handle, [run], ["P@1"], "zero")
    assert ev.run(0)["aggregate"][0] == 0.0  # b (judged 0) ranks first


def test_ids_of_every_str_layout_read_in_place(tmp_path):
    # The core reads a compact ASCII str's bytes in place and any other str's UTF-8 through
    # PyUnicode_AsUTF8AndSize (python/bindings/columns.cpp): ids of 1-, 2- and 4-byte characters
    # beside ASCII ones give the numbers and the digest of the same rows as a file.
    ids = ["d1", "é", "日本", "\U0001F600", "d2"]
    q = pd.DataFrame(
        {"query_id": ["1"] * 4 + ["ü"] * 2, "doc_id": ids[:4] + ["é", "d2"], "relevance": [1, 0, 2, 1, 1, 0]}
    )
    r = pd.DataFrame({"query_id": ["1"] * 5 + ["ü"] * 2, "doc_id": ids + ["d2", "é"], "score": [5.0, 4, 3, 2, 1, 2, 1]})
    qf, rf = tmp_path / "q.txt", tmp_path / "x.run"
    qf.write_bytes(qrels_lines(q).encode())
    rf.write_bytes(run_lines(r, "x").encode())
    expected = irlens.evaluate(qf, {"x": rf}, MEASURES, per_topic=True)
    for run in (r, r.astype({"query_id": "category", "doc_id": "category"})):
        df = irlens.evaluate(q, {"x": run}, MEASURES, per_topic=True)
        pd.testing.assert_frame_equal(df, expected)
        assert df.attrs["provenance"]["inputs"][1]["sha256"] == hashlib.sha256(rf.read_bytes()).hexdigest()


def test_a_strided_id_table_is_read_as_its_values():
    # A table that is a view with a step (not contiguous) is read by its values, not its memory.
    q = _inputs.load_qrels(pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "relevance": [1, 0]}))
    table = np.array(["1", "skip", "a", "skip", "b", "skip"], dtype=object)[::2]  # "1", "a", "b"
    codes = np.array([0, 0], dtype=np.int64)
    handle, size, sha = _core.read_run_columns(
        q.handle, "r", "score", codes, table, np.array([2, 1], dtype=np.int64), table, np.array([2.0, 1.0]), None, "r"
    )
    text = b"1 Q0 b 0 2 r\n1 Q0 a 0 1 r\n"
    assert (size, sha) == (len(text), hashlib.sha256(text).hexdigest())
    assert handle.lines_read == 2


def test_a_frame_with_two_columns_for_one_field_is_refused_naming_both():
    # Issue 37: query_id and qid disagreeing once silently used query_id (AP of topic 1 went from
    # 0.6 to 0.0 without a word). Neither is taken: the message names both.
    q = pd.DataFrame({"query_id": ["1", "1"], "qid": ["2", "2"], "doc_id": ["a", "b"], "relevance": [1, 0]})
    r = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "b"], "score": [2.0, 1.0]})
    with pytest.raises(ValueError) as e:
        irlens.evaluate(q, {"bm25": r}, ["AP"])
    assert str(e.value) == (
        "qrels DataFrame: both 'query_id' and 'qid' are columns (the query twice, which may disagree): "
        "keep one (ir_measures' query_id, doc_id, relevance / score or PyTerrier's qid, docno, label / score)"
    )
    both_docs = r.assign(docno=["b", "a"])
    with pytest.raises(ValueError, match="both 'doc_id' and 'docno' are columns"):
        irlens.evaluate(q.drop(columns="qid"), {"bm25": both_docs}, ["AP"])
    # One of each name is fine, either spelling.
    assert (
        irlens.evaluate(q.drop(columns="query_id"), {"bm25": r.rename(columns={"query_id": "qid"})}, ["AP"]) is not None
    )
