"""irlens.ir_measures: ir_measures' measure objects, parsing and calculation functions."""
import math

import pandas as pd
import pytest

import irlens
import irlens.ir_measures as ir_measures
from irlens.ir_measures import AP, MAP, MRR, P, RR, nDCG, Qrel, ScoredDoc

QRELS = [Qrel("q1", "d1", 2), Qrel("q1", "d2", 0), Qrel("q1", "d3", 1), Qrel("q2", "d1", 1)]
RUN = [ScoredDoc("q1", "d1", 0.9), ScoredDoc("q1", "d2", 0.8), ScoredDoc("q1", "d4", 0.7), ScoredDoc("q1", "d3", 0.1),
       ScoredDoc("q3", "d1", 1.0)]


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
    assert ir_measures.calc_aggregate([AP], ir_measures.read_trec_qrels(str(q)), ir_measures.read_trec_run(str(r))) == {AP: 0.375}
    assert ir_measures.calc_aggregate([AP], {"q1": {"d1": 1}}, {"q1": {"d1": 1.0, "d2": 0.5}}) == {AP: 1.0}


def test_parse_trec_measure():
    ps = ir_measures.parse_trec_measure("P")
    assert [str(m) for m in ps] == ["P@5", "P@10", "P@15", "P@20", "P@30", "P@100", "P@200", "P@500", "P@1000"]
    assert [str(m) for m in ir_measures.parse_trec_measure("P_5,10")] == ["P@5", "P@10"]
    assert [str(m) for m in ir_measures.parse_trec_measure("P.5,10")] == ["P@5", "P@10"]
    assert AP in ir_measures.parse_trec_measure("official")
    # Every measure parse_trec_measure gives evaluates as irlens evaluates its trec_eval name.
    for m in ir_measures.parse_trec_measure("ndcg_cut.10") + ir_measures.parse_trec_measure("iprec_at_recall"):
        assert isinstance(ir_measures.calc_aggregate([m], QRELS, RUN)[m], float)
