// Predictive power with preference judgments (Sakai, PROMISE 2013, Sec. 5.3): the reader of the
// preferences file, the share of non-tied preferences a measure agrees with, and the analysis of
// `irlens meta predictive-power` on a hand-checkable evaluation (arithmetic in comments).
#include "fixture.hpp"

#include "irlens/error.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/frontends/stats_flags.hpp"
#include "irlens/stats/meta.hpp"
#include "irlens/frontends/meta_report.hpp"
#include "irlens/readers/preference_judgments.hpp"

#include <cmath>

using namespace irlens;
using irlens::test::Fixture;

namespace {

// Topic 1 judges a and b relevant, topic 2 c, topic 3 d.
//   run0: 1: a x    2: c    3: y        P@1: 1 1 0   P@3: 1/3 1/3 0
//   run1: 1: x a b  2: z    3: d        P@1: 0 0 1   P@3: 2/3 0   1/3
//   run2: 1: a b    2: c    3: d        P@1: 1 1 1   P@3: 2/3 1/3 1/3
Fixture fixture() {
    return Fixture("1 0 a 1\n1 0 b 1\n2 0 c 1\n3 0 d 1\n",
                   {"1 Q0 a 1 2 t\n1 Q0 x 2 1 t\n2 Q0 c 1 1 t\n3 Q0 y 1 1 t\n",
                    "1 Q0 x 1 3 t\n1 Q0 a 2 2 t\n1 Q0 b 3 1 t\n2 Q0 z 1 1 t\n3 Q0 d 1 1 t\n",
                    "1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n2 Q0 c 1 1 t\n3 Q0 d 1 1 t\n"});
}

MetaReport run(const std::string& prefs, MissingTopics missing = MissingTopics::Zero) {
    Fixture f = fixture();
    EvalOptions o;
    o.missing = missing;
    const Evaluation ev = evaluate(f.qrels, f.runs, {parse_measure("P@1"), parse_measure("P@3")}, o);
    MetaSettings s = meta_settings_from_args("predictive-power", {"-B", "1000", "--seed", "7"});
    s.preferences = std::make_shared<const PreferenceJudgments>(PreferenceJudgments::parse("prefs", prefs));
    return meta_evaluation(ev, "qrels", 3, s);
}

}  // namespace

TEST_CASE("predictive power: agreements over non-tied preferences, a measure tie disagreeing") {
    // Pairs (preferred, other): 0.5 > 0.1 agrees; 0.2 = 0.2 is a measure tie (disagreement);
    // 0.3 < 0.6 disagrees; 0.4 > 0.3 agrees: power = 2 / 4 = 0.5.
    const Resampling r{};
    PredictivePower p = predictive_power({0.5, 0.2, 0.3, 0.4}, {0.1, 0.2, 0.6, 0.3}, r);
    CHECK(p.preferences == 4);
    CHECK(p.agreements == 2);
    CHECK(p.measure_ties == 1);
    CHECK(p.power == 0.5);
    // The interval is the bootstrap percentile interval of the mean of the 0/1 agreements.
    const Interval expected = mean_interval({1, 0, 0, 1}, 0.95, IntervalMethod::Percentile, r);
    CHECK(p.interval.low == expected.low);
    CHECK(p.interval.high == expected.high);
    CHECK(p.interval.low < 0.5);
    CHECK(p.interval.high > 0.5);
    CHECK(predictive_power_note(p).empty());
    // Every preference agreed with: every resample has share 1, so the interval is [1, 1].
    PredictivePower all = predictive_power({1, 2}, {0, 1}, r);
    CHECK(all.power == 1);
    CHECK(all.interval.low == 1);
    CHECK(all.interval.high == 1);
    // No preference: undefined, and said so; one preference: no interval.
    PredictivePower none = predictive_power({}, {}, r);
    CHECK(std::isnan(none.power));
    CHECK(predictive_power_note(none) == "no non-tied preference with scores: predictive power is undefined");
    PredictivePower one = predictive_power({1}, {0}, r);
    CHECK(one.power == 1);
    CHECK(std::isnan(one.interval.low));
    CHECK(predictive_power_note(one) == "one preference: no interval");
}

TEST_CASE("meta predictive-power on a hand-checked evaluation") {
    // Judgments (verdict X: the first run is preferred), with P@1 and P@3 of (preferred, other):
    //   1 run0 > run1   P@1 1 > 0 agree      P@3 1/3 < 2/3 disagree
    //   1 run2 > run0   P@1 1 = 1 tie        P@3 2/3 > 1/3 agree
    //   2 run0 > run1   P@1 1 > 0 agree      P@3 1/3 > 0   agree   (verdict Y of "run1 run0")
    //   3 run1 > run0   P@1 1 > 0 agree      P@3 1/3 > 0   agree   ("run1.txt" names run1)
    //   1 run2 > run1   P@1 1 > 0 agree      P@3 2/3 = 2/3 tie
    //   3 run0 ~ run2   a human tie: left out
    // P@1: 4 of 5 agree (1 measure tie) = 0.8; P@3: 3 of 5 (1 measure tie) = 0.6.
    const MetaReport r =
        run("# topic\trun X\trun Y\tverdict\n"
            "1\trun0\trun1\tX\n1\trun2\trun0\tx\n2\trun1\trun0\tY\n3\trun1.txt\trun0\tX\n1\trun2\trun1\tX\r\n\n"
            "3\trun0\trun2\tTie\n");
    const PredictivePowerReport& p = r.predictive;
    CHECK(p.judgments == 6);
    CHECK(p.human_ties == 1);
    REQUIRE(p.measures.size() == 2);
    CHECK(p.measures[0].measure == "P@1");
    CHECK(p.measures[0].result.preferences == 5);
    CHECK(p.measures[0].result.agreements == 4);
    CHECK(p.measures[0].result.measure_ties == 1);
    CHECK(p.measures[0].result.power == doctest::Approx(0.8));
    CHECK(p.measures[1].measure == "P@3");
    CHECK(p.measures[1].result.agreements == 3);
    CHECK(p.measures[1].result.measure_ties == 1);
    CHECK(p.measures[1].result.power == doctest::Approx(0.6));
    CHECK(p.measures[1].unscored == 0);
    // Seeded: the same seed gives the same interval, which holds the estimate.
    const MetaReport again =
        run("1\trun0\trun1\tX\n1\trun2\trun0\tx\n2\trun1\trun0\tY\n3\trun1."
            "txt\trun0\tX\n1\trun2\trun1\tX\n3\trun0\trun2\ttie\n");
    CHECK(again.predictive.measures[1].result.interval.low == p.measures[1].result.interval.low);
    CHECK(again.predictive.measures[1].result.interval.high == p.measures[1].result.interval.high);
    CHECK(p.measures[1].result.interval.low <= 0.6);
    CHECK(p.measures[1].result.interval.high >= 0.6);
    // The JSON document carries the counts and the interval's settings.
    const std::string json = meta_json(r, -1);
    CHECK(json.find("\"predictive_power\":0.8") != std::string::npos);
    CHECK(json.find("\"human_ties\":1") != std::string::npos);
    CHECK(json.find("\"B\":1000") != std::string::npos);
}

TEST_CASE("meta predictive-power: bad preferences name file, line and problem") {
    CHECK_THROWS_WITH_AS(run("1\trun0\trun1\tX\n1\trun9\trun1\tX\n"),
                         "prefs:2: run 'run9' is not one of the runs evaluated (run0, run1, run2; a run is named by "
                         "its file name, its name without .gz/.txt, or its tag)",
                         InputError);
    CHECK_THROWS_WITH_AS(run("7\trun0\trun1\tX\n"), "prefs:1: topic '7' has no scores: it is not in the qrels",
                         InputError);
    CHECK_THROWS_WITH_AS(run("1\trun0\trun0.txt\tX\n"), "prefs:1: 'run0' and 'run0.txt' name the same run", InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "1\trun0\trun1\tX\n1\trun0\trun1\tmaybe\n"),
                         "p.tsv:2: verdict must be X, Y or tie, got 'maybe'", InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "1 run0 run1 X\n"),
                         "p.tsv:1: expected 4 tab-separated fields (topic, run X, run Y, X|Y|tie), found 1",
                         InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "1\trun0\trun1\tX\textra\n"),
                         "p.tsv:1: expected 4 tab-separated fields (topic, run X, run Y, X|Y|tie), found 5",
                         InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "1\t\trun1\tX\n"), "p.tsv:1: empty run name", InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "1\trun1\trun1\tY\n"),
                         "p.tsv:1: run 'run1' is compared with itself", InputError);
    CHECK_THROWS_WITH_AS(PreferenceJudgments::parse("p.tsv", "# only a comment\n"),
                         "p.tsv: no preference judgments found (empty file?)", InputError);
    // The analysis needs the file, and the file is for this analysis only.
    Fixture f = fixture();
    const Evaluation ev = evaluate(f.qrels, f.runs, {parse_measure("P@1")}, {});
    CHECK_THROWS_WITH_AS(meta_evaluation(ev, "qrels", 3, meta_settings_from_args("predictive-power", {})),
                         "predictive-power needs --preferences FILE (topic<TAB>run X<TAB>run Y<TAB>X|Y|tie lines)",
                         UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("unanimity", {"--preferences=p.tsv"}),
                         "--preferences is for the predictive-power analysis", UsageError);
}

TEST_CASE("meta predictive-power with --missing skip leaves out preferences a run has no score for") {
    // run1 did not answer topic 3: with --missing skip it has no P@1 there, so the preference on
    // topic 3 is unscored and left out; on topic 1, P@1 1 > 0 agrees: 1 of 1.
    Fixture f("1 0 a 1\n2 0 b 1\n3 0 c 1\n",
              {"1 Q0 a 1 1 t\n2 Q0 b 1 1 t\n3 Q0 c 1 1 t\n", "1 Q0 x 1 1 t\n2 Q0 b 1 1 t\n"});
    const Evaluation ev = evaluate(f.qrels, f.runs, {parse_measure("P@1")}, {});
    MetaSettings s = meta_settings_from_args("predictive-power", {});
    s.preferences = std::make_shared<const PreferenceJudgments>(
        PreferenceJudgments::parse("prefs", "3\trun0\trun1\tX\n1\trun0\trun1\tX\n"));
    const MetaReport r = meta_evaluation(ev, "qrels", 3, s);
    const MeasurePredictivePower& m = r.predictive.measures.at(0);
    CHECK(m.unscored == 1);
    CHECK(m.result.preferences == 1);
    CHECK(m.result.power == 1);
    // Only the unscored preference: no number, and the note says why.
    s.preferences =
        std::make_shared<const PreferenceJudgments>(PreferenceJudgments::parse("prefs", "3\trun0\trun1\tX\n"));
    const MetaReport r0 = meta_evaluation(ev, "qrels", 3, s);
    const MeasurePredictivePower& none = r0.predictive.measures.at(0);
    CHECK(std::isnan(none.result.power));
    CHECK(predictive_power_note(none.result) == "no non-tied preference with scores: predictive power is undefined");
}
