"""The C/W/L family (issue 41) through irlens.ir_measures and irlens.explain: ir_measures' spellings,
cwl_eval's outputs as `out=` columns, explain's C(i), W(i), L(i). The values are cwl_eval 1.0.12's on
its own test data (tests/unit-cwl-golden.cpp holds all of them to 1e-9)."""
import pytest

import irlens
import irlens.ir_measures as ir_measures
from irlens.ir_measures import BPM, INST, SDCG, Qrel, ScoredDoc

# cwl_eval's cwl/tests/qrel_file and result_file, topic T3 (gains 0/1, no tied scores).
QRELS = [Qrel("T3", d, g) for d, g in [("D4", 0), ("D5", 0), ("D6", 1), ("D7", 1), ("D8", 1), ("D9", 0), ("D10", 1)]]
RUN = [ScoredDoc("T3", "D%d" % i, 4.4 - 0.1 * i) for i in range(1, 11)]


def test_ir_measures_spellings_give_cwl_evals_numbers():
    got = ir_measures.calc_aggregate(
        [INST(T=1.0, max_rel=1), SDCG(max_rel=1) @ 10, BPM(T=1000.0, max_rel=1) @ 10], QRELS, RUN
    )
    assert got[INST(max_rel=1)] == pytest.approx(0.08884289479593199, abs=1e-9)
    assert got[ir_measures.parse_measure("SDCG(max_rel=1)@10")] == pytest.approx(0.28481420121376433, abs=1e-9)
    assert got[BPM(T=1000.0, max_rel=1) @ 10] == pytest.approx(0.4, abs=1e-9)  # P@10 when T is out of reach


def test_outputs_and_residuals_are_columns():
    m = [INST(max_rel=1, out=o) for o in ("EU", "ETU", "ED", "ResEU", "ResED")]
    got = ir_measures.calc_aggregate(m, QRELS, RUN)
    assert str(m[3]) == "INST(max_rel=1,out='ResEU')"
    expected = [0.08884289479593199, 0.21045165000109814, 2.368861662496542, 0.8938514599992352, -1.0245215500223126]
    for measure, value in zip(m, expected):
        assert got[measure] == pytest.approx(value, abs=1e-9)


def test_bad_parameters_name_the_measure_and_range():
    with pytest.raises(ValueError, match=r"parameter T of INST must be \(0, 1e\+100\]"):
        ir_measures.calc_aggregate([INST(T=0)], QRELS, RUN)
    with pytest.raises(ValueError, match=r"INST: max_rel must be at least the qrels' highest grade, 2, got 1"):
        ir_measures.calc_aggregate([INST(max_rel=1)], QRELS + [Qrel("T3", "D1", 2)], RUN)


def test_explain_shows_the_user_model_rank_by_rank():
    doc = irlens.explain(QRELS, RUN, "T3", "INST(max_rel=1)")
    e = doc["explanations"][0]
    assert e["columns"] == ["gain", "C(i)", "W(i)", "L(i)"]
    assert len(e["rows"]) == 10
    assert e["value"] == pytest.approx(0.08884289479593199, abs=1e-9)
