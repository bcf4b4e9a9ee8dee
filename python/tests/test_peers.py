"""The peers' own test cases (tests/peers/cases.json: ir_measures', pytrec_eval's and ranx's unit
tests transcribed), run through irlens.ir_measures and irlens.pytrec_eval, never the CLI. Cases
with a documented difference are skipped; ranx's cases are not collected here (there is no ranx
module: tests/unit-peers.cpp and tests/node/peers.test.mjs run them). SKIPPED when the file is
absent. IRLENS_PEER_CASES points elsewhere (the tests of this test)."""
import json
import os
from pathlib import Path

import pytest

import irlens.ir_measures as ir_measures
import irlens.pytrec_eval as pytrec_eval

CASES = Path(
    os.environ.get("IRLENS_PEER_CASES", Path(__file__).resolve().parents[2] / "tests" / "peers" / "cases.json")
)


def load_cases():
    if not CASES.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"SKIPPED: {CASES} is absent"))]
    doc = json.loads(CASES.read_text())
    assert doc["format"] == 1
    return [
        pytest.param(c, id=f"{i}-{c['tool']}-{c['measure']}")
        for i, c in enumerate(doc["cases"])
        if c["tool"] in ("ir_measures", "pytrec_eval")
    ]


def qrels_of(text):
    return pytrec_eval.parse_qrel(line for line in text.splitlines() if line.strip())


def run_of(text):
    return pytrec_eval.parse_run(line for line in text.splitlines() if line.strip())


@pytest.mark.parametrize("case", load_cases())
def test_peer_case(case):
    if case.get("difference"):
        pytest.skip(f"documented difference: {case['difference']}")
    if case["tool"] == "ir_measures":
        measure = ir_measures.parse_measure(case["measure"])
        qrels = list(ir_measures.read_trec_qrels(case["qrels"]))
        run = list(ir_measures.read_trec_run(case["run"]))
        if case["topic"] is None:
            value = ir_measures.calc_aggregate([measure], qrels, run)[measure]
        else:
            values = {m.query_id: m.value for m in ir_measures.iter_calc([measure], qrels, run)}
            value = values[case["topic"]]
    else:
        key = case["measure"]
        result = pytrec_eval.RelevanceEvaluator(qrels_of(case["qrels"]), {key}).evaluate(run_of(case["run"]))
        value = result[case["topic"]][key]
    # Equal to the decimals the peer's test compares (its assertAlmostEqual(places=...)).
    assert abs(value - case["expected"]) < 0.5 * 10 ** -case["places"], (value, case)
