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
    assert "map" in official and "runid" in official  # as pytrec_eval keys it (test_nicknames below)
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


@pytest.mark.parametrize(
    "args",
    [
        ("qrels.test", "results.test", "out.test.aq", {"all_trec"}, 1),
        ("qrels.rel_level", "results.test", "out.test.aql", {"all_trec"}, 2),
    ],
)
def test_equals_trec_eval_on_the_golden_data(shared, args):
    qrels_file, run_file, golden, measures, level = args
    folder = shared / "data" / "trec_eval-test"
    with open(folder / qrels_file) as f:
        qrel = pytrec_eval.parse_qrel(line for line in f if line.strip())
    with open(folder / run_file) as f:
        run = pytrec_eval.parse_run(line for line in f if line.strip())
    out = pytrec_eval.RelevanceEvaluator(qrel, measures, relevance_level=level).evaluate(run)
    expected = golden_lines(folder / golden)
    compared = 0
    for topic, values in out.items():
        for key, value in values.items():
            want = expected.get((key, topic))
            if want is None or key == "relstring":  # text: no number here (test_values_that_are_no_number...)
                continue
            if "." in want:
                assert f"{value:6.4f}".strip() == want, (key, topic, value, want)
            else:
                assert int(value) == int(want), (key, topic)
            compared += 1
    # Every per-topic value trec_eval prints is compared, but relstring (text) and trec_eval 10.0's
    # unj, rbp, rbp_resid (not in pytrec_eval's trec_eval 9's all_trec).
    printed = {k for k in expected if not k[0].startswith(("relstring", "rbp", "unj"))}
    assert compared == len(printed)


# pytrec_eval's own unit tests (cvangysel/pytrec_eval, tests/pytrec_eval_tests.py, test_nicknames):
# the qrels and the key sets it expects of all_trec, set and official for a run of empty rankings.
PTE_QREL = {"q1": {"d1": 0, "d2": 1, "d3": 0}, "q2": {"d2": 1, "d3": 1}}
PTE_ALL_TREC = {
    "11pt_avg",
    "binG",
    "bpref",
    "G",
    "gm_bpref",
    "gm_map",
    "infAP",
    *(f"iprec_at_recall_{r / 10:.2f}" for r in range(11)),
    "map",
    *(f"map_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    "ndcg",
    *(f"ndcg_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    "ndcg_rel",
    "num_nonrel_judged_ret",
    "num_q",
    "num_rel",
    "num_rel_ret",
    "num_ret",
    *(f"P_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    *(f"recall_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    "recip_rank",
    *(f"relative_P_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)),
    "relstring",
    "Rndcg",
    "Rprec",
    *(f"Rprec_mult_{m / 5:.2f}" for m in range(1, 11)),
    "runid",
    "set_F",
    "set_map",
    "set_P",
    "set_recall",
    "set_relative_P",
    "success_1",
    "success_10",
    "success_5",
    "utility",
}
PTE_SET = {
    "num_q",
    "num_rel",
    "num_rel_ret",
    "num_ret",
    "runid",
    "set_F",
    "set_map",
    "set_P",
    "set_recall",
    "set_relative_P",
    "utility",
}
PTE_OFFICIAL = {
    "iprec_at_recall_0.80",
    "P_500",
    "num_q",
    "iprec_at_recall_0.20",
    "iprec_at_recall_0.50",
    "map",
    "iprec_at_recall_0.70",
    "iprec_at_recall_1.00",
    "iprec_at_recall_0.40",
    "iprec_at_recall_0.60",
    "num_rel",
    "iprec_at_recall_0.90",
    "bpref",
    "P_200",
    "gm_map",
    "P_30",
    "iprec_at_recall_0.30",
    "P_100",
    "P_10",
    "P_20",
    "Rprec",
    "iprec_at_recall_0.10",
    "P_1000",
    "num_ret",
    "P_5",
    "num_rel_ret",
    "recip_rank",
    "P_15",
    "runid",
    "iprec_at_recall_0.00",
}


def test_supported_measures_are_pytrec_evals():
    # pytrec_eval.cpp: supported_measures is trec_eval 9's all_trec list, the 34 roots of the keys
    # above; nothing of -R prefs / qrels_jg, nor trec_eval 10.0's unj, rbp, rbp_resid, dcg, ideal_dcg.
    roots = {
        k
        for k in PTE_ALL_TREC
        if not any(
            k.startswith(p + "_") and k[len(p) + 1].isdigit()
            for p in ("P", "recall", "map_cut", "ndcg_cut", "relative_P", "success", "iprec_at_recall", "Rprec_mult")
        )
    }
    roots |= {"P", "recall", "map_cut", "ndcg_cut", "relative_P", "success", "iprec_at_recall", "Rprec_mult"}
    assert len(roots) == 34 and pytrec_eval.supported_measures == roots
    assert pytrec_eval.supported_nicknames["all_trec"] == roots
    assert pytrec_eval.supported_nicknames["official"] == {
        "runid",
        "num_q",
        "num_ret",
        "num_rel",
        "num_rel_ret",
        "map",
        "gm_map",
        "Rprec",
        "bpref",
        "recip_rank",
        "iprec_at_recall",
        "P",
    }
    # The common idiom: every supported measure at once (it asked for prefs_* measures before).
    out = pytrec_eval.RelevanceEvaluator(PTE_QREL, pytrec_eval.supported_measures).evaluate({"q1": {"d2": 1.0}})
    assert set(out["q1"]) == PTE_ALL_TREC
    with pytest.raises(ValueError, match="unsupported measure dcg"):
        pytrec_eval.RelevanceEvaluator(PTE_QREL, {"dcg"})


@pytest.mark.parametrize(
    "nicknames, keys",
    [
        ({"all_trec"}, PTE_ALL_TREC),
        ({"set"}, PTE_SET),
        ({"official"}, PTE_OFFICIAL),
        ({"official", "set", "ndcg"}, PTE_OFFICIAL | PTE_SET | {"ndcg"}),
    ],
)
def test_nicknames_as_pytrec_evals_unit_test(nicknames, keys):
    out = pytrec_eval.RelevanceEvaluator(PTE_QREL, nicknames).evaluate({"q1": {}, "q2": {}})
    assert set(out["q1"]) == keys and set(out["q2"]) == keys


def test_values_that_are_no_number_of_the_query():
    out = pytrec_eval.RelevanceEvaluator(PTE_QREL, {"num_q", "runid", "relstring", "num_ret"}).evaluate(
        {"q1": {"d1": 1.0}, "q2": {"d2": 1.0}}
    )
    # num_q: 1 per query (pytrec_eval's), so that compute_aggregated_measure sums them to trec_eval's num_q (2).
    assert [out[q]["num_q"] for q in ("q1", "q2")] == [1.0, 1.0]
    assert pytrec_eval.compute_aggregated_measure("num_q", [v["num_q"] for v in out.values()]) == 2
    # runid and relstring are text in trec_eval: no number (NaN), where pytrec_eval gives 0.0.
    assert math.isnan(out["q1"]["runid"]) and math.isnan(out["q1"]["relstring"]) and out["q1"]["num_ret"] == 1.0
    assert list(out["q1"]) == ["runid", "num_q", "num_ret", "relstring"]  # trec_eval's order


def test_empty_inputs_as_pytrec_eval():
    # pytrec_eval's test_ndcg: a query with an empty ranking is in the results, scored as an empty
    # ranking. q1: d3 (1.5), d1 (1.0), d2 (0.0, the relevant one, rank 3): nDCG = (1/log2(4)) / 1 = 0.5;
    # AP = (1/3) / 1. q2: nothing retrieved: 0 for both.
    ev = pytrec_eval.RelevanceEvaluator(PTE_QREL, {"map", "ndcg"})
    out = ev.evaluate({"q1": {"d1": 1.0, "d2": 0.0, "d3": 1.5}, "q2": {}})
    assert out == {"q1": {"map": pytest.approx(1 / 3), "ndcg": 0.5}, "q2": {"map": 0.0, "ndcg": 0.0}}
    # Every ranking empty: both queries (what pytrec_eval's test_nicknames evaluates); num_rel still counted.
    empty = pytrec_eval.RelevanceEvaluator(PTE_QREL, {"num_rel", "num_ret"}).evaluate({"q1": {}, "q2": {}})
    assert empty == {"q1": {"num_ret": 0.0, "num_rel": 1.0}, "q2": {"num_ret": 0.0, "num_rel": 2.0}}
    # The run's order, queries only in the run left out.
    assert list(ev.evaluate({"q2": {}, "zz": {"d1": 1.0}, "q1": {}})) == ["q2", "q1"]
    # No measure: an empty dict per query (never trec_eval's default measures).
    assert pytrec_eval.RelevanceEvaluator(PTE_QREL, set()).evaluate({"q1": {"d1": 1.0}, "q2": {}}) == {
        "q1": {},
        "q2": {},
    }
    # No judgment at all: no query in both, {} (pytrec_eval's evaluate of such an evaluator).
    assert pytrec_eval.RelevanceEvaluator({}, {"map"}).evaluate({"q1": {"d1": 1.0}}) == {}
    assert ev.evaluate({}) == {}
