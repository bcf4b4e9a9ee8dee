"""The side inputs of some measure families (docLengths, sessions, groups, intents, intentTypes:
the JS API's option names) equal `irlens eval --doc-lengths --sessions --groups --intents
--intent-types` on the same files: the values, and the provenance's input records; the
leave-one-out analysis (meta "loo") with groups, as `irlens meta loo --groups`."""
import hashlib

import pytest

import irlens
from conftest import same_values

SIDE = "NRG(base=nDCG,prior=best_per_group)@10 TBG U sDCG"
DIVERSITY = "D#-nDCG@5 alpha_nDCG@5 nDCG-IA@5 DIN-nDCG@5"


def runs_of(examples):
    return [examples / "bm25.run", examples / "dense.run", examples / "hybrid.run", examples / "shuffled.run"]


def same_provenance(mine, theirs):
    mine, theirs = dict(mine), dict(theirs)
    mine.pop("settings"), theirs.pop("settings")
    for record in mine["inputs"] + theirs["inputs"]:
        record["name"] = str(record["name"])
    assert mine == theirs


def test_doc_lengths_sessions_groups_equal_the_cli(examples, cli):
    runs = runs_of(examples)
    side = dict(
        groups=examples / "groups.tsv", docLengths=examples / "doc-lengths.tsv", sessions=examples / "sessions.tsv"
    )
    df = irlens.evaluate(examples / "qrels.txt", runs, SIDE, per_topic=True, **side)
    doc = cli(
        "eval",
        examples / "qrels.txt",
        *runs,
        "-m",
        SIDE,
        "-q",
        "--groups",
        side["groups"],
        "--doc-lengths",
        side["docLengths"],
        "--sessions",
        side["sessions"],
        "--format",
        "json"
    )
    assert same_values(df, doc) == (sum(len(r["per_topic"]) for r in doc["runs"].values()) + len(runs)) * 4
    same_provenance(df.attrs["provenance"], doc["provenance"])
    roles = [r["role"] for r in df.attrs["provenance"]["inputs"]]
    assert roles == ["qrels"] + ["run"] * 4 + ["groups", "doc_lengths", "sessions"]


def test_side_inputs_as_bytes_and_groups_as_a_dict(examples):
    runs = runs_of(examples)
    paths = dict(
        groups=examples / "groups.tsv", doc_lengths=examples / "doc-lengths.tsv", sessions=examples / "sessions.tsv"
    )
    by_path = irlens.evaluate(examples / "qrels.txt", runs, SIDE, **paths)
    data = {k: v.read_bytes() for k, v in paths.items()}
    by_bytes = irlens.evaluate(examples / "qrels.txt", runs, SIDE, **data)
    assert list(by_bytes["value"]) == list(by_path["value"])
    record = by_bytes.attrs["provenance"]["inputs"][-1]
    assert record == {
        "role": "sessions",
        "name": "sessions",
        "bytes": len(data["sessions"]),
        "sha256": hashlib.sha256(data["sessions"]).hexdigest(),
    }
    # groups.tsv: bm25.run and shuffled.run by "lexical", dense.run and hybrid.run by "neural".
    teams = {"bm25.run": "lexical", "shuffled.run": "lexical", "dense.run": "neural", "hybrid.run": "neural"}
    by_dict = irlens.evaluate(
        examples / "qrels.txt", runs, SIDE, groups=teams, docLengths=data["doc_lengths"], sessions=data["sessions"]
    )
    assert list(by_dict["value"]) == list(by_path["value"])
    # Another grouping changes NRG's prior (each run its own group): the groups are used.
    alone = irlens.evaluate(
        examples / "qrels.txt",
        runs,
        SIDE,
        groups={r: r for r in teams},
        **{k: v for k, v in data.items() if k != "groups"}
    )
    nrg = by_path["measure"].str.startswith("NRG")
    assert list(alone[nrg]["value"]) != list(by_path[nrg]["value"])


def test_intents_and_intent_types_equal_the_cli(examples, cli):
    d = examples / "diversity"
    runs = [d / "div-a.run", d / "div-b.run", d / "div-c.run"]
    df = irlens.evaluate(
        d / "qrels.txt",
        runs,
        DIVERSITY,
        per_topic=True,
        qrels_format="diversity",
        intents=d / "intents.txt",
        intentTypes=d / "intent-types.txt",
    )
    doc = cli(
        "eval",
        "--qrels-format",
        "diversity",
        d / "qrels.txt",
        *runs,
        "-m",
        DIVERSITY,
        "-q",
        "--intents",
        d / "intents.txt",
        "--intent-types",
        d / "intent-types.txt",
        "--format",
        "json"
    )
    assert same_values(df, doc) > 0
    same_provenance(df.attrs["provenance"], doc["provenance"])
    # The probabilities and types change D#-nDCG, nDCG-IA and DIN-nDCG (not alpha-nDCG): on div-a,
    # 0.9020 with them against 0.8690 without (the CLI's numbers, examples/README.md's files).
    plain = irlens.evaluate(d / "qrels.txt", runs, DIVERSITY, qrels_format="diversity")
    a, b = irlens.wide(df), irlens.wide(plain)
    assert round(a.loc[("div-a.run", "all"), "D#-nDCG@5"], 4) == 0.9020
    assert round(b.loc[("div-a.run", "all"), "D#-nDCG@5"], 4) == 0.8690
    assert a.loc[("div-a.run", "all"), "alpha_nDCG@5"] == b.loc[("div-a.run", "all"), "alpha_nDCG@5"]


def test_a_measure_without_its_side_input_is_the_clis_usage_error(examples):
    with pytest.raises(irlens.UsageError, match="TBG needs document lengths"):
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["TBG"])
    with pytest.raises(TypeError, match="unexpected keyword argument 'docLength'"):
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["TBG"], docLength=examples / "doc-lengths.tsv")


def test_a_bad_side_input_names_its_line(examples):
    with pytest.raises(irlens.InputError) as e:
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["TBG"], docLengths=b"d01\t120\t20\nd02\tmany\n")
    assert e.value.file == "doc_lengths" and e.value.line == 2
    with pytest.raises(irlens.InputError) as e:
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["sDCG"], sessions=examples / "bm25.run")
    assert e.value.file == str(examples / "bm25.run") and e.value.line == 1


def test_compare_and_explain_take_side_inputs(examples, cli):
    runs = runs_of(examples)
    lengths = examples / "doc-lengths.tsv"
    doc = irlens.compare(examples / "qrels.txt", runs, ["TBG"], docLengths=lengths, B=200, seed=7)
    theirs = cli(
        "compare",
        examples / "qrels.txt",
        *runs,
        "-m",
        "TBG",
        "--doc-lengths",
        lengths,
        "-B",
        "200",
        "--seed",
        "7",
        "--format",
        "json"
    )
    doc.pop("provenance"), theirs.pop("provenance")
    assert doc == theirs
    mine = irlens.explain(examples / "qrels.txt", examples / "bm25.run", "101", "TBG", docLengths=lengths)
    theirs = cli(
        "explain",
        examples / "qrels.txt",
        examples / "bm25.run",
        "--topic",
        "101",
        "-m",
        "TBG",
        "--doc-lengths",
        lengths,
        "--format",
        "json",
    )
    assert mine["explanations"] == theirs["explanations"]


def test_meta_loo_with_groups_equals_the_cli(examples, cli):
    runs = runs_of(examples)
    doc = irlens.meta(
        "loo", examples / "qrels.txt", runs, ["AP", "nDCG@10"], groups=examples / "groups.tsv", depth=10, seed=5
    )
    theirs = cli(
        "meta",
        "loo",
        examples / "qrels.txt",
        *runs,
        "-m",
        "AP nDCG@10",
        "--groups",
        examples / "groups.tsv",
        "--depth",
        "10",
        "--seed",
        "5",
        "--format",
        "json"
    )
    same_provenance(doc.pop("provenance"), theirs.pop("provenance"))
    doc.pop("command", None), theirs.pop("command", None)
    assert doc == theirs
    assert {r["group"] for m in doc["measures"] for r in m["runs"]} == {"lexical", "neural"}
    with pytest.raises(irlens.UsageError, match="loo needs --groups"):
        irlens.meta("loo", examples / "qrels.txt", runs, ["AP"])


PREFS = "PrefsSimp PrefsPair PrefsAvgJG PrefsSimpRet PrefsPairImp"


def test_preference_judgments_equal_the_trec_eval_drop_in(shared, cli):
    # qrels_format "prefs" / "qrels_prefs" reads the qrels as preference judgments (trec_eval's -R,
    # the JS API's loadPrefs): the preference measures of evaluate() are those of
    # `irlens trec_eval -R prefs -q` on the same files, and _core.trec_eval -R prefs is trec_eval
    # 10.0's golden output byte for byte.
    d = shared / "data" / "trec_eval-test"
    df = irlens.evaluate(
        d / "prefs.test", d / "prefs.results.test", PREFS, per_topic=True, missing="skip", qrels_format="prefs"
    )
    names = {
        "PrefsSimp": "prefs_simp",
        "PrefsPair": "prefs_pair",
        "PrefsAvgJG": "prefs_avgjg",
        "PrefsSimpRet": "prefs_simp_ret",
        "PrefsPairImp": "prefs_pair_imp",
    }
    text = cli(
        "trec_eval", "-R", "prefs", "-q", "-m", "all_prefs", d / "prefs.test", d / "prefs.results.test", parse=False
    )
    theirs = {
        (m.strip(), t): float(v) for m, t, v in (line.split("\t") for line in text.splitlines()) if m.strip() != "runid"
    }
    n = 0
    for row in df.itertuples():
        expected = theirs[(names[row.measure], row.topic)]
        assert round(row.value, 4) == expected, row
        n += 1
    assert n == len(df) and len({t for t in df.topic if t != "all"}) > 1
    assert df.attrs["provenance"]["inputs"][0]["name"] == str(d / "prefs.test")

    from irlens import _core, _inputs

    q = _inputs.load_qrels(d / "prefs.test", "prefs")
    run = _inputs.load_run(q, d / "prefs.results.test", "prefs.results.test")
    out = _core.trec_eval(q.handle, run.handle, ["-R", "prefs", "-q", "-m", "all_prefs"])
    assert out == (d / "out.test.prefs").read_text()
    with pytest.raises(irlens.UsageError, match="does not match"):
        _core.trec_eval(q.handle, run.handle, ["-q"])
    assert _inputs.load_qrels((d / "prefs.test").read_bytes(), "prefs").handle.preferences
    with pytest.raises(TypeError, match="path or bytes"):
        irlens.evaluate({"1": {"d": 1}}, d / "prefs.results.test", "PrefsSimp", qrels_format="prefs")


def test_a_preference_measure_without_preferences_is_the_clis_usage_error(examples):
    with pytest.raises(irlens.UsageError, match="PrefsSimp"):
        irlens.evaluate(examples / "qrels.txt", examples / "bm25.run", ["PrefsSimp"])


def test_groups_as_a_dict_are_checked_as_a_dict_naming_the_key(examples):
    # Issue 37: {"a.run": "T\t1"} was refused as "groups:1: expected exactly two tab-separated
    # fields" (a file the user never wrote), and a group "T1\nc.run\tT9" was cut to "T1" and gave
    # c.run the group T9.
    runs = runs_of(examples)
    teams = {"bm25.run": "lexical", "shuffled.run": "lexical", "dense.run": "neural", "hybrid.run": "neural"}

    def refused(groups):
        with pytest.raises((irlens.UsageError, TypeError)) as e:
            irlens.evaluate(examples / "qrels.txt", runs, "NRG(base=nDCG,prior=best_per_group)@10", groups=groups)
        return str(e.value)

    assert refused({**teams, "bm25.run": "T\t1"}) == (
        "groups['bm25.run']: the group 'T\\t1' holds a control character (U+0009): names are one line of text"
    )
    assert refused({**teams, "dense.run": "T1\nshuffled.run\tT9"}) == (
        "groups['dense.run']: the group 'T1\\nshuffled.run\\tT9' holds a control character (U+000A): "
        "names are one line "
        "of text"
    )
    assert refused({**teams, "hybrid.run": "A\x00"}) == (
        "groups['hybrid.run']: the group 'A\\x00' holds a control character (U+0000): names are one line of text"
    )
    assert refused({**teams, "hybrid.run": ""}) == "groups['hybrid.run']: the group is empty"
    assert (
        refused({**teams, "hybrid.run": " neural"})
        == "groups['hybrid.run']: the group ' neural' starts or ends with a space"
    )
    assert refused({**teams, "hybrid.run": 7}) == "groups['hybrid.run']: the group must be a str, got int"
    assert refused({**teams, 3: "x"}) == "groups[3]: the run name must be a str, got int"
