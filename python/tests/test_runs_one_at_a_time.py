"""irlens.evaluate of several runs scored one at a time (issue 42): when no measure reads another
run, each run is read and scored on its own and let go, two at a time; the result must be the one
of all the runs scored together (values, order, warnings, provenance), the first failing run in the
given order must raise, and no more runs may be held at once than are being read."""
import weakref

import pandas as pd
import pytest

import irlens
from irlens import _api, _core, _inputs

MEASURES = ["AP", "nDCG@10", "P@10", "RR", "R@1000", "num_rel"]
RUNS = ["bm25.run", "dense.run", "hybrid.run", "shuffled.run"]


def together(monkeypatch, *args, **kwargs):
    """evaluate() as it was: every run read, then all scored at once (the path of the measures that
    read other runs)."""
    with monkeypatch.context() as m:
        m.setattr(_core, "stream_obstacle", lambda lists: "forced for the test")
        return irlens.evaluate(*args, **kwargs)


@pytest.mark.parametrize("missing", ["zero", "skip"])
def test_one_at_a_time_equals_all_at_once(examples, monkeypatch, missing):
    runs = [examples / r for r in RUNS]
    joined = []
    real_join = _core.join_evaluations
    monkeypatch.setattr(_core, "join_evaluations", lambda parts: joined.append(len(parts)) or real_join(parts))
    one = irlens.evaluate(examples / "qrels.txt", runs, MEASURES, per_topic=True, missing=missing)
    assert joined == [len(runs)]  # the runs were scored one at a time, then joined
    all_at_once = together(monkeypatch, examples / "qrels.txt", runs, MEASURES, per_topic=True, missing=missing)
    pd.testing.assert_frame_equal(one, all_at_once)
    assert list(dict.fromkeys(one["run"])) == RUNS  # the order given
    # shuffled.run answers fewer topics than the qrels hold: its warning, in its place.
    warnings = one.attrs["warnings"]
    assert warnings == all_at_once.attrs["warnings"] and any("shuffled" in w for w in warnings)
    assert one.attrs["provenance"] == all_at_once.attrs["provenance"]
    names = [i["name"] for i in one.attrs["provenance"]["inputs"]]
    assert names == [str(examples / "qrels.txt")] + [str(r) for r in runs]


def test_in_memory_runs_too(examples, monkeypatch):
    columns = ["query_id", "q0", "doc_id", "rank", "score", "tag"]
    frames = {r: pd.read_csv(examples / r, sep=" ", names=columns) for r in RUNS}
    one = irlens.evaluate(examples / "qrels.txt", frames, MEASURES, per_topic=True)
    pd.testing.assert_frame_equal(one, together(monkeypatch, examples / "qrels.txt", frames, MEASURES, per_topic=True))


def test_a_measure_that_reads_other_runs_scores_them_together(examples, monkeypatch):
    assert _core.stream_obstacle(["AP", "nDCG@10"]) == ""
    assert _core.stream_obstacle(["P_rareness(alpha=1)@10"]) != ""
    monkeypatch.setattr(_core, "join_evaluations", lambda parts: pytest.fail("joined"))
    df = irlens.evaluate(examples / "qrels.txt", [examples / r for r in RUNS], ["P_rareness(alpha=1)@10"])
    assert len(df) == len(RUNS)


def test_the_first_failing_run_in_order_raises(examples, tmp_path):
    # slow.run fails at its last line, quick.run at its first: quick.run's reader (on the other
    # thread) fails first, yet the error is slow.run's, as when the runs are read one by one.
    slow = tmp_path / "slow.run"
    lines = "".join(f"101 Q0 d{i:06d} {i + 1} {-i} x\n" for i in range(200_000))
    slow.write_text(lines + "101 Q0 dlast\n")
    quick = tmp_path / "quick.run"
    quick.write_text("101 Q0\n")
    with pytest.raises(irlens.InputError) as e:
        irlens.evaluate(examples / "qrels.txt", [examples / "bm25.run", slow, quick], ["AP"])
    assert e.value.file == str(slow) and e.value.line == 200_001


def test_no_more_runs_held_than_are_being_read(examples, monkeypatch):
    alive, most = [0], [0]

    def gone():
        alive[0] -= 1

    real_load_run = _inputs.load_run

    def load_run(*args, **kwargs):
        loaded = real_load_run(*args, **kwargs)
        alive[0] += 1
        most[0] = max(most[0], alive[0])
        weakref.finalize(loaded, gone)
        return loaded

    monkeypatch.setattr(_api, "load_run", load_run)
    runs = [examples / r for r in RUNS] * 3
    irlens.evaluate(examples / "qrels.txt", {f"r{i}": r for i, r in enumerate(runs)}, ["AP"])
    assert 1 <= most[0] <= _api.RUN_WORKERS < len(runs)
    assert alive[0] == 0


def test_files_read_in_small_chunks_into_one_buffer(examples, monkeypatch):
    # Every line cut at a chunk's end, the buffer refilled after each: the same numbers.
    whole = irlens.evaluate(examples / "qrels.txt", [examples / r for r in RUNS], MEASURES, per_topic=True)
    monkeypatch.setattr(_inputs, "CHUNK", 7)
    chunked = irlens.evaluate(examples / "qrels.txt", [examples / r for r in RUNS], MEASURES, per_topic=True)
    pd.testing.assert_frame_equal(chunked, whole)
    assert chunked.attrs["provenance"]["inputs"] == whole.attrs["provenance"]["inputs"]
