"""irlens.pytrec_eval: pytrec_eval's API, names and keys; its values equal trec_eval -q's on the
shared golden data (trec_eval 10.0's test files) for every measure both have."""
import math
from pathlib import Path

import numpy as np
import pytest

import irlens.pytrec_eval as pytrec_eval

QREL = {"q1": {"d1": 2, "d2": 0, "d3": 1}, "q2": {"d1": 1}}
RUN = {"q1": {"d1": 0.9, "d2": 0.8, "d4": 0.7, "d3": 0.1}, "q3": {"d1": 1.0}}


def test_keys_values_and_topics():
    ev = pytrec_eval.RelevanceEvaluator(QREL, {"map", "P.2", "ndcg_cut_3", "num_ret", "recip_rank"})
    out = ev.evaluate(RUN)
    # q1 only: q2 has no results, q3 no judgments (pytrec_eval: the queries in both).
    assert list(out) == ["q1"]
    q1 = out["q1"]
    assert set(q1) == {"map", "P_2", "ndcg_cut_3", "num_ret", "recip_rank"}
    # Relevant: d1 (rank 1), d3 (rank 4). AP = (1/1 + 2/4) / 2 = 0.75; P@2 = 1/2; RR = 1.
    assert q1["map"] == 0.75 and q1["P_2"] == 0.5 and q1["recip_rank"] == 1.0 and q1["num_ret"] == 4.0
    # nDCG@3: gains 2, 0, 0 at ranks 1..3 -> DCG = 2; ideal 2, 1 -> 2 + 1/log2(3).
    assert math.isclose(q1["ndcg_cut_3"], 2 / (2 + 1 / math.log2(3)), rel_tol=1e-15)


def test_names_and_nicknames():
    ev = pytrec_eval.RelevanceEvaluator(QREL, {"P", "iprec_at_recall"})
    keys = set(ev.evaluate(RUN)["q1"])
    assert {"P_5", "P_10", "P_1000", "iprec_at_recall_0.00", "iprec_at_recall_0.10"} <= keys
    assert "map" in pytrec_eval.supported_measures and "rbp" not in pytrec_eval.supported_measures
    assert "set_F" in pytrec_eval.RelevanceEvaluator(QREL, {"set_F"}).evaluate(RUN)["q1"]
    official = pytrec_eval.RelevanceEvaluator(QREL, pytrec_eval.supported_nicknames["official"]).evaluate(RUN)["q1"]
    assert "map" in official and "runid" not in official
    with pytest.raises(ValueError, match="unsupported measure nosuch"):
        pytrec_eval.RelevanceEvaluator(QREL, {"nosuch"})
    # gm_map per query is its log, as pytrec_eval gives it.
    gm = pytrec_eval.RelevanceEvaluator(QREL, {"gm_map"}).evaluate(RUN)["q1"]["gm_map"]
    assert gm == math.log(0.75)
    assert pytrec_eval.compute_aggregated_measure("gm_map", [gm, gm]) == pytest.approx(0.75)
    assert pytrec_eval.compute_aggregated_measure("num_ret", [1, 2]) == 3


def test_empty_run_and_relevance_level():
    assert pytrec_eval.RelevanceEvaluator(QREL, {"map"}).evaluate({}) == {}
    # relevance_level=2: only d1 (grade 2) is relevant: AP = 1.
    assert pytrec_eval.RelevanceEvaluator(QREL, {"map"}, relevance_level=2).evaluate(RUN)["q1"]["map"] == 1.0
    qrel = {"q1": {"d1": np.int64(1)}}  # numpy integers accepted
    assert pytrec_eval.RelevanceEvaluator(qrel, {"P_1"}).evaluate({"q1": {"d1": np.float32(1)}}) == {"q1": {"P_1": 1.0}}


def test_parse_qrel_and_run(tmp_path):
    assert pytrec_eval.parse_qrel(["q1 0 d1 1\n", "q1 0 d2 0\n"]) == {"q1": {"d1": 1, "d2": 0}}
    assert pytrec_eval.parse_run(["q1 Q0 d1 1 2.5 x\n"]) == {"q1": {"d1": 2.5}}


def golden_lines(path):
    """{(measure, topic): value text} of trec_eval -q output, per-topic lines."""
    out = {}
    for line in Path(path).read_text().splitlines():
        name, topic, value = line.split()
        if topic != "all":
            out[(name, topic)] = value
    return out


@pytest.mark.parametrize("args", [
    ("qrels.test", "results.test", "out.test.aq", {"all_trec"}, 1),
    ("qrels.rel_level", "results.test", "out.test.aql", {"all_trec"}, 2),
])
def test_equals_trec_eval_on_the_golden_data(shared, args):
    qrels_file, run_file, golden, measures, level = args
    folder = shared / "data" / "trec_eval-test"
    with open(folder / qrels_file) as f:
        qrel = pytrec_eval.parse_qrel(l for l in f if l.strip())
    with open(folder / run_file) as f:
        run = pytrec_eval.parse_run(l for l in f if l.strip())
    out = pytrec_eval.RelevanceEvaluator(qrel, measures, relevance_level=level).evaluate(run)
    expected = golden_lines(folder / golden)
    compared = 0
    for topic, values in out.items():
        for key, value in values.items():
            want = expected.get((key, topic))
            if want is None:
                continue
            if "." in want:
                assert f"{value:6.4f}".strip() == want, (key, topic, value, want)
            else:
                assert int(value) == int(want), (key, topic)
            compared += 1
    # Every per-topic value trec_eval prints is compared, but relstring (text) and trec_eval 10.0's
    # rbp, rbp_resid (not in pytrec_eval's trec_eval 9).
    printed = {k for k in expected if not k[0].startswith(("relstring", "rbp"))}
    assert compared == len(printed)
