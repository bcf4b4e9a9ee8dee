"""The drop-in modules' fast paths (issue 42): pytrec_eval's dicts walked in C++ with each row's
label made only for an error; ir_measures' read_trec_qrels / read_trec_run of a path handed to
the core's reader as the path, iterated by user code as ir_measures' generators; the SHA-256 of a
file hashed beside its reading; pandas not imported with the package."""
import collections
import gzip
import hashlib
import math
import os
import subprocess
import sys
import types

import numpy as np
import pytest

import irlens
import irlens.ir_measures as ir_measures
import irlens.pytrec_eval as pytrec_eval
from irlens import _core, _inputs
from irlens.ir_measures import AP, NumRet, P, Qrel, ScoredDoc

QRELS = {"q1": {"d1": 1, "d2": 0, "d3": 2}, "q2": {"d4": 1, "d5": 1}}
RUN = {"q1": {"d1": 0.9, "d2": 0.8, "d3": 0.7}, "q2": {"d9": 0.5, "d5": 0.4}}


def message(f):
    with pytest.raises((irlens.InputError, irlens.UsageError)) as e:
        f()
    return str(e.value)


def test_dict_errors_name_the_query_and_document():
    # Row i counts the rows of the dicts in their order (q1's three, then q2's): the label is made
    # when the error is raised, by walking the dicts again to row i.
    bad = {"q1": {"d1": 1, "d2": 0, "d3": 2}, "q2": {"d4": 1, "d5": "x"}}
    assert message(lambda: pytrec_eval.RelevanceEvaluator(bad, {"map"})) == (
        "qrels dict, row 4 (query 'q2', document 'd5'): relevance 'x' is not an integer"
    )
    bad = {"q1": {"d1": 0.9, "d2": "high"}}
    evaluator = pytrec_eval.RelevanceEvaluator(QRELS, {"map"})
    assert message(lambda: evaluator.evaluate(bad)) == (
        "run run, row 1 (query 'q1', document 'd2'): score 'high' is not a number"
    )
    # The core's own checks, found after the walk, name the row the same way.
    assert message(lambda: evaluator.evaluate({"q1": {"d1": 0.9}, "q2": {"a b": 0.5}})) == (
        "run run, row 1 (query 'q2', document 'a b'): document id 'a b' contains whitespace"
    )
    assert message(lambda: evaluator.evaluate({"q1": {"d1": math.nan}})).endswith(
        "row 0 (query 'q1', document 'd1'): score is NaN"
    )
    assert message(lambda: pytrec_eval.RelevanceEvaluator({"q1": {"d1": 1.5}}, {"map"})) == (
        "qrels dict, row 0 (query 'q1', document 'd1'): relevance '1.5' is not an integer"
    )


def test_the_labels_are_the_walks_rows():
    d = {"a": {"x": 1}, "b": {}, "c": {"y": 2, "z": 3}}
    rows = _inputs.DictRows(d)
    assert [rows[i] for i in range(3)] == [
        "query 'a', document 'x'",
        "query 'c', document 'y'",
        "query 'c', document 'z'",
    ]
    with pytest.raises(IndexError):
        rows[3]


def test_dicts_walked_in_cpp_as_columns():
    # Keys that are not str become str(key); values Python or numpy numbers, or numeric text; one
    # float among integers: every relevance a real (the core takes whole reals).
    topics, topic_ids, docs, doc_ids, values = _core.dict_columns({1: {"a": 1, 2: np.int64(2)}, "q": {}}, "s", True)
    assert list(topics) == [0, 0] and list(topic_ids) == ["1", "q"]
    assert list(docs) == [0, 1] and list(doc_ids) == ["a", "2"]
    assert values.dtype == np.int64 and list(values) == [1, 2]
    values = _core.dict_columns({"q": {"a": 1, "b": 2.0, "c": "3"}}, "s", True)[4]
    assert values.dtype == np.float64 and list(values) == [1.0, 2.0, 3.0]
    values = _core.dict_columns({"q": {"a": 1, "b": np.float32(0.5)}}, "s", False)[4]
    assert values.dtype == np.float64 and list(values) == [1.0, 0.5]
    assert _core.dict_columns({"q": types.MappingProxyType({"a": 1})}, "s", True) is None
    # Other mappings take the Python walk, with the same values and labels.
    proxy = {q: types.MappingProxyType(d) for q, d in QRELS.items()}
    assert pytrec_eval.RelevanceEvaluator(proxy, {"map"}).evaluate(RUN) == pytrec_eval.RelevanceEvaluator(
        QRELS, {"map"}
    ).evaluate(RUN)
    bad = {"q1": types.MappingProxyType({"d1": "x"})}
    assert message(lambda: pytrec_eval.RelevanceEvaluator(bad, {"map"})) == (
        "qrels dict, row 0 (query 'q1', document 'd1'): relevance 'x' is not an integer"
    )


def test_dict_values_as_before():
    # q1: d1 (1), d2 (0), d3 (2) ranked in that order: AP = (1/1 + 2/3) / 2 = 0.8333...;
    # q2: d9 unjudged, d5 relevant at rank 2, d4 not retrieved: AP = (1/2) / 2 = 0.25.
    result = pytrec_eval.RelevanceEvaluator(QRELS, {"map", "P.1"}).evaluate(RUN)
    assert result["q1"]["map"] == pytest.approx(5 / 6) and result["q2"]["map"] == pytest.approx(0.25)
    assert result["q1"]["P_1"] == 1.0 and result["q2"]["P_1"] == 0.0
    # The same dicts through irlens.evaluate keep their provenance record (the canonical text's hash).
    df = irlens.evaluate(QRELS, RUN, ["AP"])
    text = "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 2\nq2 0 d4 1\nq2 0 d5 1\n".encode()
    assert df.attrs["provenance"]["inputs"][0]["sha256"] == hashlib.sha256(text).hexdigest()


def write(tmp_path, name, text, compress=False):
    path = tmp_path / name
    data = text.encode()
    path.write_bytes(gzip.compress(data) if compress else data)
    return str(path)


QRELS_TEXT = "q1 0 d1 1\nq1 0 d2 0\nq1 0 d3 2\n\nq2 0 d4 1\nq2 0 d5 1\n"
RUN_TEXT = "q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq1 Q0 d3 3 0.7 r\nq2 Q0 d9 1 0.5 r\nq2 Q0 d5 2 0.4 r\n"


def test_lazy_readers_iterated_by_user_code(tmp_path):
    q, r = write(tmp_path, "qrels", QRELS_TEXT), write(tmp_path, "run.gz", RUN_TEXT, compress=True)
    assert list(ir_measures.read_trec_qrels(q)) == [
        Qrel("q1", "d1", 1, "0"),
        Qrel("q1", "d2", 0, "0"),
        Qrel("q1", "d3", 2, "0"),
        Qrel("q2", "d4", 1, "0"),
        Qrel("q2", "d5", 1, "0"),
    ]
    records = ir_measures.read_trec_run(r)
    assert next(records) == ScoredDoc("q1", "d1", 0.9)
    assert list(records) == [
        ScoredDoc("q1", "d2", 0.8),
        ScoredDoc("q1", "d3", 0.7),
        ScoredDoc("q2", "d9", 0.5),
        ScoredDoc("q2", "d5", 0.4),
    ]
    assert list(records) == []  # consumed once, as a generator
    # Text and file objects stay generators.
    assert list(ir_measures.read_trec_run(RUN_TEXT)) == list(ir_measures.read_trec_run(r))
    with open(q) as f:
        assert list(ir_measures.read_trec_qrels(f)) == list(ir_measures.read_trec_qrels(q))


def test_lazy_readers_hand_the_path_to_the_core(tmp_path, monkeypatch):
    q, r = write(tmp_path, "qrels", QRELS_TEXT), write(tmp_path, "run", RUN_TEXT)
    expected = ir_measures.calc_aggregate(
        [AP, P @ 1], list(ir_measures.read_trec_qrels(q)), list(ir_measures.read_trec_run(r))
    )

    def no_records(path):
        raise AssertionError("records made for the core")

    monkeypatch.setattr(ir_measures, "_qrels_records", no_records)
    monkeypatch.setattr(ir_measures, "_run_records", no_records)
    qrels, run = ir_measures.read_trec_qrels(q), ir_measures.read_trec_run(r)
    assert ir_measures.calc_aggregate([AP, P @ 1], qrels, run) == expected
    # Both consumed: a second call sees no judgment (ir_measures' empty aggregates) and no run.
    again = ir_measures.calc_aggregate([AP, NumRet], qrels, ir_measures.read_trec_run(r))
    assert math.isnan(again[AP]) and again[NumRet] == 0
    evaluator = ir_measures.evaluator([AP], ir_measures.read_trec_qrels(q))
    assert evaluator.calc_aggregate(run) == {AP: 0.0}  # every qrels topic unanswered
    monkeypatch.undo()
    # Partly iterated by user code: the rest, as a generator's.
    run = ir_measures.read_trec_run(r)
    next(run)  # q1's d1 taken: q1 ranks d2 (0), d3 (2): AP = (1/2) / 2 relevant = 0.25; q2 as before
    values = {m.query_id: m.value for m in ir_measures.iter_calc([AP], ir_measures.read_trec_qrels(q), run)}
    assert values == {"q1": 0.25, "q2": 0.25}


def test_lazy_readers_errors_name_the_file_and_line(tmp_path):
    q = write(tmp_path, "qrels", QRELS_TEXT)
    bad = write(tmp_path, "bad.run", "q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 high r\n")
    text = message(
        lambda: ir_measures.calc_aggregate([AP], ir_measures.read_trec_qrels(q), ir_measures.read_trec_run(bad))
    )
    assert text.startswith(f"{bad}:2: ")
    # An empty file is a generator of nothing, as ir_measures' (no judgment: NaN, not an error).
    empty = write(tmp_path, "empty", "")
    result = ir_measures.calc_aggregate([AP], ir_measures.read_trec_qrels(empty), ir_measures.read_trec_run(bad))
    assert math.isnan(result[AP])


def test_file_digests_hashed_in_cpp(tmp_path):
    # The record of a file: the size and SHA-256 of its bytes (for gzip, the compressed bytes), over
    # several chunks of the reading (CHUNK made small here), as hashlib gives them.
    text = "".join(f"q{t} 0 d{d} {(t + d) % 3}\n" for t in range(50) for d in range(40))
    for compress in (False, True):
        path = write(tmp_path, f"qrels{int(compress)}", text, compress)
        raw = open(path, "rb").read()
        old = _inputs.CHUNK
        _inputs.CHUNK = 1000
        try:
            loaded = _inputs.load_qrels(path)
        finally:
            _inputs.CHUNK = old
        assert loaded.record == {
            "role": "qrels",
            "name": path,
            "bytes": len(raw),
            "sha256": hashlib.sha256(raw).hexdigest(),
        }
        assert loaded.handle.judgments == 2000
        assert _inputs.load_qrels(path, digest=False).record["sha256"] is None


def test_pandas_is_imported_on_first_use():
    code = (
        "import sys, irlens, irlens.ir_measures, irlens.pytrec_eval; "
        "print('pandas' in sys.modules); "
        "irlens.pytrec_eval.RelevanceEvaluator({'q': {'d': 1}}, {'map'}).evaluate({'q': {'d': 1.0}}); "
        "print('pandas' in sys.modules); "
        "df = irlens.evaluate({'q': {'d': 1}}, {'q': {'d': 1.0}}, ['AP']); "
        "print(type(df).__module__.split('.')[0], df['value'].tolist())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=os.path.dirname(__file__))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:3] == ["False", "False", "pandas [1.0]"]


def test_the_drop_ins_import_no_numpy(tmp_path):
    # Issue 42: numpy is 20 MB of a process's resident memory, more than pytrec_eval's or
    # ir_measures' whole evaluation of a 143-run campaign; the drop-ins' README code (files and
    # dicts, every result form) runs without it; irlens.evaluate and compute_aggregated_measure
    # (numpy's sums, as pytrec_eval's) import it. Each line printed: numpy imported yet?
    (tmp_path / "qrels").write_text("q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n")
    (tmp_path / "run").write_text("q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.5 r\nq2 Q0 d4 1 0.3 r\n")
    code = (
        "import sys, irlens.pytrec_eval as pe, irlens.ir_measures as im\n"
        "print('numpy' in sys.modules)\n"
        "q = pe.parse_qrel(open('qrels')); r = pe.parse_run(open('run'))\n"
        "out = pe.RelevanceEvaluator(q, {'map', 'P.5'}).evaluate(r)\n"
        "print('numpy' in sys.modules, out['q1']['map'], out['q1']['P_5'], out['q2']['map'])\n"
        "ev = im.evaluator([im.AP, im.P @ 5], im.read_trec_qrels('qrels'))\n"
        "agg = ev.calc_aggregate(im.read_trec_run('run'))\n"
        "rows = [(m.query_id, str(m.measure), m.value) for m in ev.iter_calc(im.read_trec_run('run'))]\n"
        "per_query = ev.calc(im.read_trec_run('run')).per_query['q1']\n"
        "print('numpy' in sys.modules, agg[im.AP], agg[im.P @ 5], rows[:2], per_query[im.AP])\n"
        "print(pe.compute_aggregated_measure('map', [0.5, 0.25]), 'numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    # q1: d1 relevant at rank 1 of its one relevant document: AP 1, P@5 1/5; q2: its relevant d3
    # not retrieved: AP 0. ir_measures' means over the two queries: AP (1 + 0)/2, P@5 (0.2 + 0)/2.
    assert out.stdout.split("\n")[:4] == [
        "False",
        "False 1.0 0.2 0.0",
        "False 0.5 0.1 [('q1', 'AP', 1.0), ('q1', 'P@5', 0.2)] 1.0",
        "0.375 True",
    ]


@pytest.mark.parametrize("chunk", [3, 1 << 22])
def test_parse_run_and_qrel_of_a_file_as_pytrec_evals_loop(tmp_path, chunk, monkeypatch):
    # A text file is parsed in C++; a list of its lines by pytrec_eval's Python loop (the same
    # module): the same defaultdicts, key for key and value for value, over chunk boundaries (3
    # characters), without a final newline, with tabs, Python's number syntax (1_0, +2, inf) and a
    # non-ASCII line (U+00A0, a no-break space, splits it as str.split() does).
    monkeypatch.setattr(pytrec_eval, "CHUNK", chunk)
    run_text = (
        "q1 Q0 d1 1 0.5 r\nq1\tQ0 d2 2 1_0.25 r\nq2 Q0 d1 1 inf r\nq1 Q0 d3 3 -1e-3 r\nq1 Q0 d4 4 1e999 r\n"
        "q1 Q0 d5 5 .5 r\nq1 Q0 d6 6 5. r\nq3 Q0 dé\u00a01 2 r"
    )
    qrels_text = "q1 0 d1 +2\nq1 0 d2 1_0\r\nq2 0 d1 0\nq2 0 d2 -007\nq2 0 d3 12345678901234567890\n"
    for text, parse, fields in ((run_text, pytrec_eval.parse_run, 6), (qrels_text, pytrec_eval.parse_qrel, 4)):
        path = tmp_path / f"f{fields}"
        path.write_text(text, encoding="utf-8")
        with open(path, encoding="utf-8") as f:
            fast = parse(f)
        with open(path, encoding="utf-8") as f:
            slow = parse(list(f))
        assert fast == slow and type(fast) is type(slow) and isinstance(fast, collections.defaultdict)
        assert [list(d.items()) for d in fast.values()] == [list(d.items()) for d in slow.values()]
    assert fast == {"q1": {"d1": 2, "d2": 10}, "q2": {"d1": 0, "d2": -7, "d3": 12345678901234567890}}


@pytest.mark.parametrize(
    "text, error",
    [
        ("q1 Q0 d1 1 0.5 r\n\nq1 Q0 d2 2 0.4 r\n", "not enough values to unpack (expected 6, got 0)"),
        ("q1 Q0 d1 1 0.5\n", "not enough values to unpack (expected 6, got 5)"),
        ("q1 Q0 d1 1 0.5 r x\n", "too many values to unpack (expected 6)"),
        ("q1 Q0 d1 1 high r\n", "could not convert string to float: 'high'"),
        ("q1 Q0 d1 1 0.5 r\nq1 Q0 d1 2 0.4 r\n", None),  # a document twice: pytrec_eval's assert
    ],
)
def test_parse_run_of_a_file_raises_as_pytrec_evals_loop(tmp_path, text, error):
    path = tmp_path / "run"
    path.write_text(text)
    kind = ValueError if error else AssertionError
    for lines in (lambda f: f, list):  # the C++ parser, then the Python loop
        with open(path) as f, pytest.raises(kind) as e:
            pytrec_eval.parse_run(lines(f))
        assert str(e.value) == (error or "")


def test_dicts_read_in_place_as_their_columns():
    # The drop-ins (no digest) have the core read the dicts' own keys (read_dict_qrels,
    # read_dict_run); irlens.evaluate (a digest) reads dict_columns' columns: the same qrels and run.
    # Keys that are not str (str(key)), non-ASCII keys, numpy numbers, a whole real among integers.
    qrels = {1: {"a": 1, 2: np.int64(2), "é": 0}, "q": {"b": 1.0, "c": 2}, "empty": {}}
    run = {1: {"a": 0.5, 2: np.float32(0.25), "é": 3, "x": 1}, "q": {"c": 0.5, "b": 0.5}}
    in_place = _inputs.load_qrels(qrels, digest=False)
    columns = _inputs.load_qrels(qrels)
    assert in_place.record["sha256"] == "" and columns.record["sha256"]  # the two paths were taken
    assert in_place.handle.topics == columns.handle.topics == ["1", "q"]
    assert in_place.handle.judgments == columns.handle.judgments == 5
    runs = [_inputs.load_run(in_place, run, "r", digest=False), _inputs.load_run(in_place, run, "r")]
    measures = ["AP", "P@2", "RR", "num_ret", "num_rel_ret"]
    values = [_core.evaluate(in_place.handle, [r.handle], measures, "zero").run(0) for r in runs]
    assert values[0]["topics"] == values[1]["topics"] == ["1", "q"]
    np.testing.assert_array_equal(values[0]["values"], values[1]["values"])
    # Topic 1: a (1) 0.5, 2 (2) 0.25, é (0) 3, x 1 ranked é, x, a, 2: RR = 1/3; num_ret 4, num_rel_ret 2.
    assert values[0]["values"][2][0] == pytest.approx(1 / 3) and values[0]["values"][3][0] == 4
    # Not a dict of dicts: the other path, with the same result.
    assert _core.read_dict_qrels("s", "plain", {"q": types.MappingProxyType({"a": 1})}) is None
    assert _core.read_dict_run(in_place.handle, "r", "score", {"q": [("a", 1.0)]}, "run r", "r") is None
