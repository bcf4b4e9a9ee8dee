"""irlens.ir_measures: ir_measures' measure objects, parsing and calculation functions."""
import math
import warnings

import pandas as pd
import pytest

import irlens.ir_measures as ir_measures
from irlens.ir_measures import AP, MAP, MRR, P, RR, nDCG, Qrel, ScoredDoc

QRELS = [Qrel("q1", "d1", 2), Qrel("q1", "d2", 0), Qrel("q1", "d3", 1), Qrel("q2", "d1", 1)]
RUN = [
    ScoredDoc("q1", "d1", 0.9),
    ScoredDoc("q1", "d2", 0.8),
    ScoredDoc("q1", "d4", 0.7),
    ScoredDoc("q1", "d3", 0.1),
    ScoredDoc("q3", "d1", 1.0),
]


def test_measure_objects():
    assert str(nDCG @ 10) == "nDCG@10" and repr(P(rel=2) @ 5) == "P(rel=2)@5"
    assert str(MAP) == "AP" and MRR == RR and hash(MAP) == hash(AP)
    assert (nDCG @ 10).NAME == "nDCG" and (nDCG @ 10)["cutoff"] == 10 and (P @ 5).params == {"cutoff": 5}
    assert str(AP(rel=1)) == "AP"  # a default is not printed
    assert P(rel=2) @ 5 == ir_measures.parse_measure("P(rel=2)@5")
    assert {nDCG @ 10: 1}[ir_measures.parse_measure("nDCG@10")] == 1
    assert str(ir_measures.parse_measure("RBP(p=0.5)")) == "RBP(p=0.5)"
    assert str(ir_measures.parse_measure("IPrec@0.3")) == "IPrec@0.3"
    with pytest.raises(ValueError):
        ir_measures.parse_measure("nDCG@@10")


def test_calc_aggregate_and_iter_calc():
    # q1: relevant d1 (rank 1) and d3 (rank 4): AP = (1 + 2/4) / 2 = 0.75; q2 (no results): 0.
    # q3 (no judgments) is ignored. Mean over the qrels topics: 0.375.
    result = ir_measures.calc_aggregate([AP, P @ 2, RR], QRELS, RUN)
    assert result == {AP: 0.375, P @ 2: 0.25, RR: 0.5}
    metrics = list(ir_measures.iter_calc([AP], QRELS, RUN))
    assert metrics == [ir_measures.Metric("q1", AP, 0.75), ir_measures.Metric("q2", AP, 0.0)]
    assert AP.calc_aggregate(QRELS, RUN) == 0.375
    ev = ir_measures.evaluator([AP, "P@2"], QRELS)
    assert ev.calc_aggregate(RUN)[AP] == 0.375
    agg, per_query = ir_measures.calc([AP], QRELS, RUN)
    assert agg == {AP: 0.375} and per_query == {"q1": {AP: 0.75}, "q2": {AP: 0.0}}


def test_inputs_as_ir_measures_takes_them(tmp_path):
    qrels_df = pd.DataFrame(QRELS)
    run_df = pd.DataFrame(RUN)
    assert ir_measures.calc_aggregate([AP], qrels_df, run_df) == {AP: 0.375}
    q = tmp_path / "qrels"
    q.write_text("".join(f"{r.query_id} 0 {r.doc_id} {r.relevance}\n" for r in QRELS))
    r = tmp_path / "run"
    r.write_text("".join(f"{d.query_id} Q0 {d.doc_id} 0 {d.score} x\n" for d in RUN))
    assert list(ir_measures.read_trec_qrels(str(q))) == QRELS
    assert list(ir_measures.read_trec_run(str(r))) == RUN
    assert ir_measures.calc_aggregate([AP], ir_measures.read_trec_qrels(str(q)), ir_measures.read_trec_run(str(r))) == {
        AP: 0.375
    }
    assert ir_measures.calc_aggregate([AP], {"q1": {"d1": 1}}, {"q1": {"d1": 1.0, "d2": 0.5}}) == {AP: 1.0}


def test_parse_trec_measure():
    ps = ir_measures.parse_trec_measure("P")
    assert [str(m) for m in ps] == ["P@5", "P@10", "P@15", "P@20", "P@30", "P@100", "P@200", "P@500", "P@1000"]
    assert [str(m) for m in ir_measures.parse_trec_measure("P_5,10")] == ["P@5", "P@10"]
    assert [str(m) for m in ir_measures.parse_trec_measure("P.5,10")] == ["P@5", "P@10"]
    with pytest.warns(UserWarning, match="skipped"):  # gm_map, as ir_measures prints
        assert AP in ir_measures.parse_trec_measure("official")
    # Every measure parse_trec_measure gives evaluates as irlens evaluates its trec_eval name.
    for m in ir_measures.parse_trec_measure("ndcg_cut.10") + ir_measures.parse_trec_measure("iprec_at_recall"):
        assert isinstance(ir_measures.calc_aggregate([m], QRELS, RUN)[m], float)


def ir_measures_parse_trec_measure_cases():
    """ir_measures' own test_parse_trec_measure (terrierteam/ir_measures, tests/test_util.py):
    each trec_eval name with the list it expects."""
    from irlens.ir_measures import (
        Bpref,
        IPrec,
        NumQ,
        NumRel,
        NumRelRet,
        NumRet,
        Rprec,
        SetAP,
        SetF,
        SetP,
        SetR,
        SetRelP,
    )

    cut = [5, 10, 15, 20, 30, 100, 200, 500, 1000]
    return {
        "map": [AP],
        "P_5": [P @ 5],
        "P_5,10": [P @ 5, P @ 10],
        "P.5": [P @ 5],
        "P.5,10": [P @ 5, P @ 10],
        "P": [P @ k for k in cut],
        "ndcg": [nDCG],
        "ndcg_cut.10": [nDCG @ 10],
        "ndcg_cut.5,10": [nDCG @ 5, nDCG @ 10],
        "ndcg_cut_10": [nDCG @ 10],
        "ndcg_cut_5,10": [nDCG @ 5, nDCG @ 10],
        "ndcg_cut": [nDCG @ k for k in cut],
        "set_P": [SetP],
        "set_recall": [SetR],
        "set_F": [SetF],
        "set_relative_P": [SetRelP],
        "set_map": [SetAP],
        "set_F.1.0,0.5,2.4": [SetF, SetF(beta=0.5), SetF(beta=2.4)],
        "official": [
            *(P @ k for k in cut),
            Rprec,
            Bpref,
            *(IPrec @ (r / 10) for r in range(11)),
            AP,
            NumQ,
            NumRel,
            NumRelRet,
            NumRet,
            RR,
        ],
    }


@pytest.mark.parametrize("name", list(ir_measures_parse_trec_measure_cases()))
def test_parse_trec_measure_as_ir_measures(name):
    with warnings.catch_warnings(record=True):  # official: gm_map skipped, as ir_measures (it prints so)
        warnings.simplefilter("always")
        assert ir_measures.parse_trec_measure(name) == ir_measures_parse_trec_measure_cases()[name]


def test_measure_equality_as_ir_measures():
    from irlens.ir_measures import IPrec, NumRelRet, NumRet

    # ir_measures' IPrec takes its recall as a float; its NumRelRet is NumRet(rel=1) (numret.py).
    assert IPrec @ 0 == IPrec @ 0.0 and str(IPrec @ 0) == "IPrec@0.0" and hash(IPrec @ 1) == hash(IPrec @ 1.0)
    assert NumRelRet == NumRet(rel=1) and str(NumRelRet) == "NumRet(rel=1)"
    assert ir_measures.parse_measure("NumRelRet") == NumRet(rel=1)
    # trec_eval's gm_map: AP averaged geometrically (ir_measures has no such measure).
    [gm] = ir_measures.parse_trec_measure("gm_map")
    assert gm == AP(agg="gmean") and gm != AP
    # q1: AP 0.75, q2: 0 (trec_eval's floor 1e-5): gm = sqrt(0.75 * 1e-5).
    assert ir_measures.calc_aggregate([gm], QRELS, RUN)[gm] == pytest.approx(math.sqrt(0.75e-5), rel=1e-12)


def test_official_results_keyed_as_ir_measures():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        official = ir_measures.parse_trec_measure("official")
    assert [str(w.message) for w in caught] == ["skipped ['gm_map']: measures not yet supported (as ir_measures)"]
    res = ir_measures.calc_aggregate(official, QRELS, RUN)
    assert list(res) == official  # one key each, in the order asked
    from irlens.ir_measures import IPrec, NumRelRet

    # q1: relevant d1 (rank 1), d3 (rank 4): precision 1 at recall .5, 2/4 at recall 1; q2: nothing. Means over 2.
    assert res[IPrec @ 0.0] == 0.5 and res[IPrec @ 1] == 0.25 and res[NumRelRet] == 2


def test_repeated_measures_give_one_key():
    # ir_measures' dicts: AP and MAP, RR and MRR, a measure twice, IPrec@0 and IPrec@0.0 are one key each.
    from irlens.ir_measures import IPrec

    res = ir_measures.calc_aggregate([MAP, AP, RR, MRR, P @ 2, P @ 2, IPrec @ 0, IPrec @ 0.0], QRELS, RUN)
    assert res == {AP: 0.375, RR: 0.5, P @ 2: 0.25, IPrec @ 0.0: 0.5}
    assert [m.measure for m in ir_measures.iter_calc([MAP, AP], QRELS, RUN)] == [AP, AP]  # q1, q2
    agg, per_query = ir_measures.calc([RR, MRR], QRELS, RUN)
    assert agg == {RR: 0.5} and per_query == {"q1": {RR: 1.0}, "q2": {RR: 0.0}}
    # Two keys here that the core reads as one measure: each gets its value, none is lost.
    both = ir_measures.calc_aggregate([P(judged_only=0) @ 2, AP, P @ 2], QRELS, RUN)
    assert list(both.values()) == [0.25, 0.375, 0.25] and len(both) == 3


def test_an_exhausted_generator_as_ir_measures(tmp_path):
    # ir_measures' getting-started doc reads the qrels once as a generator and passes it twice:
    # the second call sees no judgment, and ir_measures gives no per-topic value and its empty aggregates.
    from irlens.ir_measures import NumRet

    q = tmp_path / "qrels"
    q.write_text("q1 0 d1 1\n")
    qrels = ir_measures.read_trec_qrels(str(q))
    assert ir_measures.calc_aggregate([AP, NumRet], qrels, RUN) == {AP: 1.0, NumRet: 4.0}
    again = ir_measures.calc_aggregate([AP, NumRet], qrels, RUN)
    assert math.isnan(again[AP]) and again[NumRet] == 0  # MeanAgg's NaN, SumAgg's 0
    assert list(ir_measures.iter_calc([AP], qrels, RUN)) == []
    assert (
        list(ir_measures.iter_calc([AP], [], RUN)) == []
        and list(ir_measures.iter_calc([AP], pd.DataFrame(), RUN)) == []
    )
    # An exhausted run: every qrels topic unanswered (0).
    run = iter(RUN)
    list(run)
    assert ir_measures.calc_aggregate([AP], QRELS, run) == {AP: 0.0}
    # An empty file stays an error naming it (a file is read, not reused).
    (tmp_path / "empty").write_text("")
    with pytest.raises(ValueError, match="empty"):
        ir_measures.calc_aggregate([AP], str(tmp_path / "empty"), RUN)


def test_empty_and_partial_inputs_as_ir_measures_test_empty():
    # ir_measures' tests/test_providers.py, test_empty (the default pipeline and the pytrec_eval,
    # judged and msmarco providers' expected values). Topic 0's ranking: D0 (0), D2 (1), D3 (2),
    # D1 (1), D4 (0): P@5 = 3/5, RR@5 = 1/2 (D2 at rank 2), Judged@5 = 5/5.
    from irlens.ir_measures import Judged, Metric

    qrels = list(
        ir_measures.read_trec_qrels("0 0 D0 0\n0 0 D1 1\n0 0 D2 1\n0 0 D3 2\n0 0 D4 0\n1 0 D0 1\n1 0 D3 2\n1 0 D5 2\n")
    )
    partial_qrels = [q for q in qrels if q.query_id == "0"]
    run = list(
        ir_measures.read_trec_run(
            "0 0 D0 1 0.8 run\n0 0 D2 2 0.7 run\n0 0 D1 3 0.3 run\n0 0 D3 4 0.4 run\n"
            "0 0 D4 5 0.1 run\n1 0 D1 1 0.8 run\n1 0 D3 2 0.7 run\n1 0 D4 3 0.3 run\n1 0 D2 4 0.4 run\n"
        )
    )
    partial_run = [r for r in run if r.query_id == "0"]
    empty = []
    for m in (P @ 5, RR @ 5, Judged @ 5):  # qrels but no run
        assert set(ir_measures.iter_calc([m], qrels, empty)) == {Metric("0", m, 0.0), Metric("1", m, 0.0)}
    assert set(ir_measures.iter_calc([P @ 5], qrels, partial_run)) == {Metric("0", P @ 5, 0.6), Metric("1", P @ 5, 0.0)}
    assert set(ir_measures.iter_calc([RR @ 5], qrels, partial_run)) == {
        Metric("0", RR @ 5, 0.5),
        Metric("1", RR @ 5, 0.0),
    }
    assert set(ir_measures.iter_calc([Judged @ 5], qrels, partial_run)) == {
        Metric("0", Judged @ 5, 1.0),
        Metric("1", Judged @ 5, 0.0),
    }
    assert list(ir_measures.iter_calc([P @ 5], empty, run)) == []  # run but no qrels
    assert set(ir_measures.iter_calc([P @ 5], partial_qrels, run)) == {Metric("0", P @ 5, 0.6)}
