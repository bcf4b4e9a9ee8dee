// The analyses behind `irlens compare` / `irlens meta` and the JS API's compare() / meta(), on
// hand-checkable evaluations (arithmetic in comments): option reading with the CLI's messages,
// the pairs compared, the rows of a comparison, progress and cancelling, the JSON documents.
#include "fixture.hpp"

#include "irlens/frontends/stats_flags.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/stats/comparison.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/meta_report.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>

using namespace irlens;

namespace {

/// An evaluation of P@1 with the given per-topic scores (topics "1", "2", ...), runs r0, r1, ...
Evaluation scores(const std::vector<std::vector<double>>& runs, MissingTopics missing = MissingTopics::Zero) {
    Evaluation ev;
    ev.measures = {parse_measure("P@1")};
    ev.missing = missing;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        RunScores s;
        s.name = "r" + std::to_string(r);
        for (std::size_t t = 0; t < runs[r].size(); ++t) s.topics.push_back(std::to_string(t + 1));
        s.values = {runs[r]};
        ev.runs.push_back(s);
    }
    return ev;
}

}  // namespace

TEST_CASE("compare's options: defaults, values and the CLI's messages") {
    CompareSettings d = compare_settings_from_args({});
    CHECK(!d.testing.tukey);
    CHECK(d.testing.test == PairedTest::T);
    CHECK(d.testing.resampling.B == 10000);
    CHECK(d.testing.resampling.seed == 1);
    CHECK(d.confidence == 0.95);
    CHECK(d.baseline.empty());
    CompareSettings s = compare_settings_from_args(
        {"--test=bootstrap", "-B", "50", "--seed=18446744073709551615", "--baseline=b.run", "--risk=2", "--ci=bca"});
    CHECK(s.testing.test == PairedTest::Bootstrap);
    CHECK(s.testing.resampling.B == 50);
    CHECK(s.testing.resampling.seed == 18446744073709551615ull);
    CHECK(s.risk);
    CHECK(s.risk_alpha == 2);
    CHECK(s.interval == IntervalMethod::BCa);
    CHECK(compare_settings_from_args({"--test=unpaired-bootstrap"}).unpaired);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--risk=1"}),
                         "--risk needs --baseline: URisk and TRisk compare a run with a baseline", UsageError);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--test=tukey", "--correction=holm"}),
                         "Tukey HSD p-values are already adjusted for all pairs: use no other --correction",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        compare_settings_from_args({"--test=z"}),
        "--test must be t, wilcoxon, sign, randomisation, bootstrap, unpaired-bootstrap or tukey, got 'z'", UsageError);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--confidence=1"}),
                         "--confidence must be between 0 and 1, e.g. 0.95", UsageError);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--seed=-3"}),
                         "--seed must be a whole number from 0 to 18446744073709551615, got '-3'", UsageError);
    // As the CLI: the resampling options are read first, whatever their place.
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--test=z", "-B", "0"}),
                         "-B must be a whole number of at least 1, got '0'", UsageError);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--curve"}), "unknown option '--curve'", UsageError);
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"AP"}), "unexpected argument 'AP'", UsageError);
}

TEST_CASE("meta's options") {
    MetaSettings d = meta_settings_from_args("stability", {});
    CHECK(d.testing.test == PairedTest::Bootstrap);  // meta's default test
    CHECK(d.trials == 1000);
    CHECK(d.rbo_p == 0.9);
    MetaSettings s = meta_settings_from_args("concordance", {"--gold=AP", "--gold", "RR", "--trials=5", "--rbo-p=0.5"});
    CHECK(s.gold == std::vector<std::string>{"AP", "RR"});
    CHECK(s.trials == 5);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("x", {}),
                         "unknown analysis 'x': expected correlation, discriminative-power, stability, concordance, "
                         "unanimity, predictive-power, loo, topic-set-size or power",
                         UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("correlation", {"--rbo-p=1"}),
                         "--rbo-p must be between 0 and 1 (exclusive)", UsageError);
    CHECK_THROWS_WITH_AS(meta_settings_from_args("correlation", {"--gold=AP"}),
                         "--gold is for the concordance analysis", UsageError);
}

TEST_CASE("the pairs compared and the baseline by name or path") {
    auto flat = [](const std::vector<RunPair>& p) {
        std::vector<std::size_t> v;
        for (const RunPair& x : p) v.insert(v.end(), {x.a, x.b});
        return v;
    };
    CHECK(flat(comparison_pairs(3, 3)) == std::vector<std::size_t>{0, 1, 0, 2, 1, 2});
    CHECK(flat(comparison_pairs(3, 1)) == std::vector<std::size_t>{0, 1, 2, 1});
    CHECK(find_baseline({"a.run", "b.run"}, "b.run") == 1);
    CHECK(find_baseline({"a.run", "b.run"}, "dir/a.run", {"dir/a.run", "dir/b.run"}) == 0);
    CHECK_THROWS_WITH_AS(find_baseline({"a.run", "b.run"}, "c"), "--baseline 'c' is not one of the runs (a.run, b.run)",
                         UsageError);
}

TEST_CASE("a comparison against a baseline: sign test, Bonferroni, risk") {
    // r0 beats the baseline r2 on all 4 topics: sign test p = 2 (1/2)^4 = 0.125; r1 ties it on
    // every topic: p undefined (note). Bonferroni over the 1 defined test: 0.125.
    Evaluation ev = scores({{0.5, 1.0, 0.75, 1.0}, {0.25, 0.5, 0.5, 0.0}, {0.25, 0.5, 0.5, 0.0}});
    CompareSettings s =
        compare_settings_from_args({"--test=sign", "--correction=bonferroni", "--baseline=r2", "--risk=1"});
    Comparison c = compare_evaluation(ev, "qrels.txt", 4, s, 2);
    REQUIRE(c.measures.size() == 1);
    const MeasureComparison& m = c.measures[0];
    CHECK(m.measure == "P@1");
    CHECK(m.topic_policy == topic_policy(MissingTopics::Zero, 4, 4));
    REQUIRE(m.rows.size() == 2);
    CHECK(m.rows[0].a == 0);
    CHECK(m.rows[0].b == 2);
    CHECK(m.rows[0].mean_a == 0.8125);  // (0.5 + 1 + 0.75 + 1) / 4
    CHECK(m.rows[0].mean_b == 0.3125);  // (0.25 + 0.5 + 0.5 + 0) / 4
    CHECK(m.rows[0].test.p == doctest::Approx(0.125).epsilon(1e-12));
    // r1 = r2 on every topic: the sign test is undefined (NaN, never an invented p = 1) and
    // leaves the family, so Bonferroni multiplies by 1 (as R's p.adjust with an NA).
    CHECK(m.rows[0].p_adjusted == doctest::Approx(0.125).epsilon(1e-12));
    CHECK(std::isnan(m.rows[1].test.p));
    CHECK(std::isnan(m.rows[1].p_adjusted));
    CHECK(m.rows[1].notes().find("p is undefined") != std::string::npos);
    // Risk (alpha = 1): every delta of r0 is a win, so URisk = mean delta = 0.5.
    CHECK(m.rows[0].risk.urisk == doctest::Approx(0.5).epsilon(1e-12));
    CHECK(m.rows[0].risk.wins == 4);
    CHECK(c.test == "sign test, two-sided, Bonferroni correction over 2 pair(s)");
    CHECK(c.intervals == "95% t");
    CHECK_THROWS_WITH_AS(compare_evaluation(scores({{1.0}}), "q", 1, s, 1), "compare needs at least two runs",
                         UsageError);
}

TEST_CASE("only p-values or only details: the parts of the full comparison, the rest not computed") {
    // The sign test case above: r0 vs r2 wins 4 of 4 topics, p = 2 (1/2)^4 = 0.125; r1 = r2.
    Evaluation ev = scores({{0.5, 1.0, 0.75, 1.0}, {0.25, 0.5, 0.5, 0.0}, {0.25, 0.5, 0.5, 0.0}});
    const std::vector<std::string> args = {"--test=sign", "--correction=bonferroni", "--baseline=r2", "--risk=1"};
    auto with = [&](const char* only) {
        std::vector<std::string> a = args;
        if (only) a.push_back(std::string("--only=") + only);
        return compare_evaluation(ev, "qrels.txt", 4, compare_settings_from_args(a), 2).measures[0];
    };
    const MeasureComparison all = with(nullptr), pv = with("p-values"), det = with("details");
    for (std::size_t k = 0; k < 2; ++k) {
        CHECK(pv.rows[k].mean_a == all.rows[k].mean_a);
        CHECK(det.rows[k].mean_b == all.rows[k].mean_b);
    }
    CHECK(pv.rows[0].test.p == doctest::Approx(0.125).epsilon(1e-12));
    CHECK(pv.rows[0].p_adjusted == all.rows[0].p_adjusted);  // Bonferroni over the 1 defined test: 0.125
    CHECK(std::isnan(pv.rows[1].p_adjusted));
    CHECK(std::isnan(pv.rows[0].ci_diff.low));  // not computed: left NaN, and out of the JSON
    CHECK(std::isnan(pv.rows[0].effect.d));
    // Details: the t interval of the differences (0.25 0.5 0.25 1; mean 0.5) and d as in All.
    CHECK(det.rows[0].ci_diff.low == all.rows[0].ci_diff.low);
    CHECK(det.rows[0].ci_diff.high == all.rows[0].ci_diff.high);
    CHECK(det.rows[0].effect.d == all.rows[0].effect.d);
    CHECK(det.rows[0].risk.urisk == doctest::Approx(0.5).epsilon(1e-12));
    CHECK(std::isnan(det.rows[0].test.p));  // not the default 1
    CHECK(std::isnan(det.rows[0].p_adjusted));
    CHECK(det.rows[0].test.method.empty());
    // The JSON documents: the parts' keys only, and `only` saying which.
    auto doc = [&](const char* only) {
        std::vector<std::string> a = args;
        a.push_back(std::string("--only=") + only);
        return nlohmann::json::parse(
            comparison_json(compare_evaluation(ev, "qrels.txt", 4, compare_settings_from_args(a), 2), -1));
    };
    const nlohmann::json p = doc("p-values"), d = doc("details");
    CHECK(p["only"] == "p-values");
    CHECK(d["only"] == "details");
    const nlohmann::json& pr = p["measures"][0]["comparisons"][0];
    const nlohmann::json& dr = d["measures"][0]["comparisons"][0];
    CHECK(pr.contains("p_adjusted"));
    CHECK(!pr.contains("difference_interval"));
    CHECK(!pr.contains("cohen_d"));
    CHECK(!pr.contains("urisk"));
    CHECK(dr.contains("cohen_d_interval"));
    CHECK(dr.contains("urisk"));
    CHECK(!dr.contains("p"));
    CHECK(!dr.contains("marker"));
    CHECK(!nlohmann::json::parse(
               comparison_json(compare_evaluation(ev, "qrels.txt", 4, compare_settings_from_args(args), 2), -1))
               .contains("only"));
    CHECK_THROWS_WITH_AS(compare_settings_from_args({"--only=all"}), "only must be 'p-values' or 'details', got 'all'",
                         UsageError);
}

TEST_CASE("progress covers every measure and cancelling throws Cancelled") {
    Evaluation ev = scores({{0.1, 0.9, 0.4, 0.3, 0.8}, {0.2, 0.5, 0.4, 0.1, 0.3}, {0.0, 0.6, 0.5, 0.2, 0.9}});
    ev.measures.push_back(parse_measure("P@2"));
    for (RunScores& r : ev.runs) r.values.push_back(r.values[0]);
    CompareSettings s = compare_settings_from_args({"--test=bootstrap", "-B", "300"});
    std::vector<double> seen;
    Comparison c = compare_evaluation(ev, "q", 5, s, 3, [&](double f) {
        seen.push_back(f);
        return true;
    });
    REQUIRE(!seen.empty());
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    CHECK(seen.back() == 1.0);
    // The results do not depend on the progress callback.
    Comparison quiet = compare_evaluation(ev, "q", 5, s, 3);
    CHECK(comparison_json(c, -1) == comparison_json(quiet, -1));
    CHECK_THROWS_AS(compare_evaluation(ev, "q", 5, s, 3, [](double f) { return f < 0.5; }), Cancelled);
}

TEST_CASE("the JSON document: keys, NaN as null, the marker") {
    Evaluation ev = scores({{0.5, 1.0, 0.75, 1.0}, {0.25, 0.5, 0.5, 0.0}});
    Comparison c = compare_evaluation(ev, "qrels.txt", 4, compare_settings_from_args({"--baseline=r1"}), 1);
    nlohmann::json j = nlohmann::json::parse(comparison_json(c, 2));
    CHECK(j["command"] == "compare");
    CHECK(j["qrels"] == "qrels.txt");
    CHECK(j["baseline"] == "r1");
    CHECK(j["missing"] == "zero");
    CHECK(j["correction"] == "none");
    const nlohmann::json& row = j["measures"][0]["comparisons"][0];
    CHECK(row["run"] == "r0");
    CHECK(row["versus"] == "r1");
    CHECK(row["difference"].get<double>() == 0.5);
    CHECK(row["marker"] == significance_marker(row["p_adjusted"].get<double>()));
    CHECK(!row.contains("urisk"));  // only with --risk
    // One topic: no interval (NaN) -> null.
    Comparison one = compare_evaluation(scores({{0.5}, {0.25}}), "q", 1, compare_settings_from_args({}), 2);
    CHECK(
        nlohmann::json::parse(comparison_json(one, -1))["measures"][0]["comparisons"][0]["mean_interval"][0].is_null());
    CHECK(std::string(significance_marker(0.0009)) == "***");
    CHECK(std::string(significance_marker(0.05)) == "");
}

TEST_CASE("the JSON document's text is nlohmann's layout of the same document, at every indent") {
    // comparison_json writes the rows as text (RowsText): nlohmann's own printing of the parsed
    // document (keys in byte order, its indentation and numbers) must give the same bytes. Names
    // with quotes, a backslash, a control character and invalid UTF-8 (U+FFFD), an empty note and
    // a non-empty one (r2's constant differences against r0), --risk's integer keys.
    Evaluation ev = scores({{0.5, 1.0, 0.75, 1.0}, {0.25, 0.5, 0.5, 0.0}, {0.75, 1.25, 1.0, 1.25}});
    ev.runs[1].name = "r\"1\\\n\xff";
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--baseline=r0", "--risk=2"},
                                                 {"--test=tukey", "-B", "50"},
                                                 {"--ci=percentile", "-B", "40"}}) {
        CompareSettings s = compare_settings_from_args(args);
        Comparison c = compare_evaluation(ev, "qrels.txt", 4, s, s.baseline.empty() ? 3 : 0);
        for (int indent : {-1, 0, 2, 4}) {
            const std::string text = comparison_json(c, indent);
            CHECK(nlohmann::json::parse(text).dump(indent) == text);
        }
    }
    // A measure without rows (no pair left) keeps its empty array: "comparisons": [].
    Comparison c = compare_evaluation(ev, "q", 4, compare_settings_from_args({}), 3);
    c.measures[0].rows.clear();
    CHECK(nlohmann::json::parse(comparison_json(c, 2))["measures"][0]["comparisons"] == nlohmann::json::array());
}

TEST_CASE("a comparison of many pairs (two threads) gives each row as computed alone") {
    // 12 runs: 66 pairs, enough for parallel_ranges to split them (64). Each row's interval of the
    // difference (percentile bootstrap: its own generator from the seed) and Cohen's d are those
    // of the pair's two runs computed alone.
    std::vector<std::vector<double>> runs(12, std::vector<double>(6));
    for (std::size_t r = 0; r < 12; ++r)
        for (std::size_t t = 0; t < 6; ++t) runs[r][t] = static_cast<double>((r * 7 + t * 5) % 11) / 10;
    CompareSettings s = compare_settings_from_args({"--ci=percentile", "-B", "30"});
    Comparison c = compare_evaluation(scores(runs), "q", 6, s, 12);
    REQUIRE(c.measures[0].rows.size() == 66);
    for (const ComparisonRow& r : c.measures[0].rows) {
        const Interval diff =
            paired_difference_interval(runs[r.a], runs[r.b], 0.95, IntervalMethod::Percentile, s.testing.resampling);
        const EffectSize d = cohens_d_paired(runs[r.a], runs[r.b], 0.95);
        CHECK(std::memcmp(&r.ci_diff, &diff, sizeof diff) == 0);
        CHECK(std::memcmp(&r.effect.interval, &d.interval, sizeof diff) == 0);
        CHECK((r.effect.d == d.d || (std::isnan(r.effect.d) && std::isnan(d.d))));
    }
}

TEST_CASE("meta on an evaluation: gold measures last, leave-one-out needs the runs") {
    // Measures P@1 (given twice as M1 and M2 through two specs) and a gold one: the last
    // settings.gold.size() measures of the evaluation are the gold standard.
    Evaluation ev = scores({{1, 0, 1}, {0, 1, 1}, {0, 0, 1}});
    ev.measures = {parse_measure("P@1"), parse_measure("P@2"), parse_measure("RR")};
    for (RunScores& r : ev.runs) r.values = {r.values[0], r.values[0], r.values[0]};
    MetaReport r = meta_evaluation(ev, "q", 3, meta_settings_from_args("concordance", {"--gold=RR"}));
    CHECK(r.concordance.measure_1 == "P@1");
    CHECK(r.concordance.measure_2 == "P@2");
    CHECK(r.concordance.gold == std::vector<std::string>{"RR"});
    CHECK(r.concordance.result.disagreements == 0);  // identical measures never disagree
    nlohmann::json j = nlohmann::json::parse(meta_json(r, -1));
    CHECK(j["analysis"] == "concordance");
    CHECK(j["runs"] == nlohmann::json({"r0", "r1", "r2"}));
    CHECK_THROWS_WITH_AS(meta_evaluation(ev, "q", 3, meta_settings_from_args("loo", {})),
                         "loo re-evaluates the runs with other qrels: it needs the qrels and the runs, not scores",
                         UsageError);
    CHECK_THROWS_WITH_AS(
        meta_evaluation(ev, "q", 3, meta_settings_from_args("concordance", {"--gold=a", "--gold=b", "--gold=c"})),
        "no measure given: add -m MEASURE (e.g. -m AP -m nDCG@10)", UsageError);
    // correlation of P@1 and RR over the 3 runs' means (2/3, 2/3, 1/3 both): tau-b = 1.
    MetaReport c = meta_evaluation(ev, "q", 3, meta_settings_from_args("correlation", {}));
    REQUIRE(c.correlation.size() == 3);
    CHECK(c.correlation[0].tau_b.coefficient == doctest::Approx(1.0));
}

TEST_CASE("meta on fewer than 2 common topics says so instead of inventing numbers") {
    // r0 answered topics 1-2, r1 topics 3-4: with --missing skip no topic is common; their means
    // over 0 topics were NaN and Kendall's tau-b of the NaN orderings came out 1.
    Evaluation ev = scores({{1, 0}, {0, 1}}, MissingTopics::Skip);
    ev.runs[1].topics = {"3", "4"};
    ev.measures = {parse_measure("P@1"), parse_measure("RR")};
    for (RunScores& r : ev.runs) r.values = {r.values[0], r.values[0]};
    for (const char* analysis : {"correlation", "discriminative-power", "stability", "predictive-power"})
        CHECK_THROWS_WITH_AS(meta_evaluation(ev, "q", 4, meta_settings_from_args(analysis, {})),
                             (std::string(analysis) +
                              " needs at least 2 topics that every run answered; the 0 of 4 qrels topics that every "
                              "compared run answered (--missing skip)")
                                 .c_str(),
                             UsageError);
    // Metric Unanimity is defined on one topic: with none it says 1, not 2.
    CHECK_THROWS_WITH_AS(meta_evaluation(ev, "q", 4, meta_settings_from_args("unanimity", {})),
                         "unanimity needs at least 1 topic that every run answered; the 0 of 4 qrels topics that "
                         "every compared run answered (--missing skip)",
                         UsageError);
}

TEST_CASE("each meta analysis states its own minimum, and the check uses it") {
    std::size_t seen = 0;
    for (const MetaAnalysisInfo& a : meta_analysis_infos()) {
        CHECK(a.name == meta_analyses()[seen++]);
        CHECK(a.min_topics <= 2);
        CHECK(a.why.empty() == (a.min_topics == 0));
        if (a.min_topics) CHECK_THROWS_AS(check_meta_topics(a.name, a.min_topics - 1, "p"), UsageError);
        CHECK_NOTHROW(check_meta_topics(a.name, a.min_topics, "p"));
    }
    CHECK(seen == meta_analyses().size());
    CHECK(meta_analysis_info("unanimity").min_topics == 1);
    CHECK(meta_analysis_info("unanimity").min_measures == 2);
    CHECK(meta_analysis_info("correlation").min_topics == 2);
    CHECK(meta_analysis_info("power").min_topics == 0);
    CHECK_THROWS_WITH_AS(meta_analysis_info("x"), doctest::Contains("unknown analysis 'x'"), UsageError);
}

TEST_CASE("meta unanimity on one topic: the worked example of Amigo et al. (SIGIR 2018, Sec. 6.1)") {
    // One topic, runs S1 S2 S3 scored m1 = (1, 0.5, 0.2), m2 = (0.8, 0.3, 0.4) (unit-meta.cpp has
    // the arithmetic with m3 too). With two measures: m1's improvements (1,2) (1,3) (2,3): P(m) =
    // 3/6; m2 unanimous on (1,2) (1,3) (3,2): P(M) = 3/6; both (1,2) (1,3): P(m, M) = 2/6;
    // MU(m1) = log2((2/6) / (3/6 * 3/6)) = log2(4/3) = 0.415, and the same for m2 by symmetry.
    Evaluation ev = scores({{1}, {0.5}, {0.2}});
    ev.measures = {parse_measure("P@1"), parse_measure("RR")};
    const double m2[] = {0.8, 0.3, 0.4};
    for (std::size_t r = 0; r < 3; ++r) ev.runs[r].values.push_back({m2[r]});
    MetaReport u = meta_evaluation(ev, "q", 1, meta_settings_from_args("unanimity", {}));
    REQUIRE(u.unanimity.size() == 2);
    CHECK(u.unanimity[0].mu == doctest::Approx(std::log2(4.0 / 3)));
    CHECK(u.unanimity[1].mu == doctest::Approx(std::log2(4.0 / 3)));
    // The others still need 2 topics.
    CHECK_THROWS_WITH_AS(meta_evaluation(ev, "q", 1, meta_settings_from_args("correlation", {})),
                         doctest::Contains("correlation needs at least 2 topics that every run answered"), UsageError);
}
