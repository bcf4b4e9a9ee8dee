// Embind registration of the statistics (significance tests and meta-evaluation): compare and meta
// over qrels and runs, or over the per-topic scores of an evaluation already made (for a worker
// that holds no runs), and the tests, correlations, intervals and corrections on plain vectors.
//
// Options cross as the CLI's option list (api-stats.mjs turns the JS options object into it) and
// are read by the front-end library (irlens/frontends/stats_flags.hpp): same names, defaults and messages as the CLI.
// meta's predictive-power analysis takes its preferences file staged (handles.hpp), as {name, size}.
// compare and meta return the core's JSON document as text (comparison_json / meta_json, the bytes
// of `irlens compare|meta --format json` without indentation), which api-stats.mjs parses.
#include "convert.hpp"
#include "handles.hpp"

#include "irlens/frontends/stats_flags.hpp"
#include "irlens/frontends/json_documents.hpp"
#include "irlens/stats/comparison.hpp"
#include "irlens/stats/correlation.hpp"
#include "irlens/stats/null_distribution.hpp"
#include "irlens/stats/score_table.hpp"
#include "irlens/error.hpp"
#include "irlens/frontends/meta_report.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <unordered_map>

using emscripten::val;

namespace irlens::wasm {

namespace {

std::vector<MeasureSpec> measures_from_js(const val& names) {
    std::vector<MeasureSpec> measures;
    for (const std::string& m : strings_from_js(names))
        for (MeasureSpec& s : parse_measures(m)) add_distinct(measures, std::move(s));
    return measures;
}

std::vector<double> numbers(const val& array) { return emscripten::convertJSArrayToNumberVector<double>(array); }

/// A JS function fraction -> (false to cancel), or undefined.
std::function<bool(double)> progress_from_js(const val& f) {
    if (f.isUndefined() || f.isNull()) return {};
    return [f](double x) { return !f(x).strictlyEquals(val(false)); };
}

std::vector<std::string> names_of(const std::vector<std::shared_ptr<const Run>>& runs) {
    std::vector<std::string> names;
    for (const auto& r : runs) names.push_back(r->name());
    return names;
}

/// args: compare's options as the CLI spells them; options: evalOptions() (missing, progress,
/// side inputs).
std::string compare_js(int qrels_handle, val run_handles, val measure_names, val args, val options) {
    return guarded([&] {
        const CompareSettings s = compare_settings_from_args(strings_from_js(args));
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        const std::vector<std::shared_ptr<const Run>> runs = runs_from_js(run_handles);
        const std::size_t base = s.baseline.empty() ? runs.size() : find_baseline(names_of(runs), s.baseline);
        return comparison_json(compare_runs(q, runs, measures_from_js(measure_names), eval_options(options), s, base),
                               -1);
    });
}

/// compare_evaluation on the runs' scores (the evaluation's wire format) with compare's settings
/// `s`: what compareScores and comparePValues share.
Comparison compare_scores(val evaluation, const std::string& qrels_name, double qrels_topics, const CompareSettings& s,
                          val progress) {
    const Evaluation ev = evaluation_from_js(evaluation);
    std::vector<std::string> names;
    for (const RunScores& r : ev.runs) names.push_back(r.name);
    const std::size_t base = s.baseline.empty() ? names.size() : find_baseline(names, s.baseline);
    return compare_evaluation(ev, qrels_name, static_cast<std::size_t>(qrels_topics), s, base,
                              progress_from_js(progress));
}

std::string compare_scores_js(val evaluation, const std::string& qrels_name, double qrels_topics, val args,
                              val progress) {
    return guarded([&] {
        const CompareSettings s = compare_settings_from_args(strings_from_js(args));
        return comparison_json(compare_scores(evaluation, qrels_name, qrels_topics, s, progress), -1);
    });
}

/// Strings as a table of the distinct ones and each one's code (index into the table): the notes
/// and methods of 124,750 pairs are a handful of distinct strings.
struct StringCodes {
    std::vector<std::string> table;
    std::unordered_map<std::string, std::uint32_t> index;
    std::vector<std::uint32_t> codes;
    void add(const std::string& s) {
        auto it = index.try_emplace(s, static_cast<std::uint32_t>(table.size())).first;
        if (it->second == table.size()) table.push_back(s);
        codes.push_back(it->second);
    }
};

/// The p-values part of a comparison (CompareSettings::only = PValues) as columns, for the page's
/// p-value matrix of hundreds of runs: no JSON row per pair (124,750 rows for 500 runs), typed
/// arrays that a worker transfers. {head: the comparison's JSON document with no comparisons (its
/// head and each measure's measure, measure_full, topic_policy, as compareScores' document),
/// columns: per measure {run, versus: Uint32Array (indices into the document's runs), mean,
/// versus_mean, difference, statistic, p, p_adjusted: Float64Array (NaN where the document has
/// null: a value that is not finite), marker: Uint8Array (the number of stars), topics:
/// Uint32Array, method, note: Uint32Array (codes into methods, notes: the distinct strings)}},
/// runs: the run names, the pairs in the document's order. api-stats.mjs assembles it (comparePValues).
val compare_p_values_js(val evaluation, const std::string& qrels_name, double qrels_topics, val args, val progress) {
    return guarded([&] {
        CompareSettings s = compare_settings_from_args(strings_from_js(args));
        s.only = CompareParts::PValues;
        Comparison c = compare_scores(evaluation, qrels_name, qrels_topics, s, progress);
        const auto number = [](double v) { return std::isfinite(v) ? v : std::numeric_limits<double>::quiet_NaN(); };
        val columns = val::array();
        for (MeasureComparison& mc : c.measures) {
            const std::size_t n = mc.rows.size();
            std::vector<std::uint32_t> run(n), versus(n), topics(n);
            std::vector<double> mean(n), versus_mean(n), difference(n), statistic(n), p(n), p_adjusted(n);
            std::vector<std::uint8_t> marker(n);
            StringCodes method, note;
            for (std::size_t k = 0; k < n; ++k) {
                const ComparisonRow& r = mc.rows[k];
                run[k] = static_cast<std::uint32_t>(r.a);
                versus[k] = static_cast<std::uint32_t>(r.b);
                mean[k] = number(r.mean_a);
                versus_mean[k] = number(r.mean_b);
                difference[k] = number(r.mean_a - r.mean_b);  // as comparison_json writes it
                statistic[k] = number(r.test.statistic);
                p[k] = number(r.test.p);
                p_adjusted[k] = number(r.p_adjusted);
                marker[k] = static_cast<std::uint8_t>(std::strlen(significance_marker(r.p_adjusted)));
                topics[k] = static_cast<std::uint32_t>(r.topics);
                method.add(r.test.method);
                note.add(r.notes());
            }
            val m = val::object();
            m.set("run", typed_array("Uint32Array", run));
            m.set("versus", typed_array("Uint32Array", versus));
            m.set("mean", float64_array(mean));
            m.set("versus_mean", float64_array(versus_mean));
            m.set("difference", float64_array(difference));
            m.set("statistic", float64_array(statistic));
            m.set("p", float64_array(p));
            m.set("p_adjusted", float64_array(p_adjusted));
            m.set("marker", typed_array("Uint8Array", marker));
            m.set("topics", typed_array("Uint32Array", topics));
            m.set("method", typed_array("Uint32Array", method.codes));
            m.set("methods", strings_to_js(method.table));
            m.set("note", typed_array("Uint32Array", note.codes));
            m.set("notes", strings_to_js(note.table));
            columns.call<void>("push", m);
            mc.rows.clear();  // the head below: the document without its comparisons
        }
        val o = val::object();
        o.set("head", comparison_json(c, -1));
        o.set("runs", strings_to_js(c.runs));
        o.set("columns", columns);
        return o;
    });
}

/// prefs: undefined, or {name, size} of a preferences file staged (predictive-power's judgments).
void take_preferences(MetaSettings& s, const val& prefs) {
    if (prefs.isUndefined() || prefs.isNull()) return;
    s.preferences = std::make_shared<const PreferenceJudgments>(
        PreferenceJudgments::parse(prefs["name"].as<std::string>(), staged(prefs["size"].as<double>())));
}

std::string meta_js(const std::string& analysis, int qrels_handle, val run_handles, val measure_names, val args,
                    val options, val prefs) {
    return guarded([&] {
        MetaSettings s = meta_settings_from_args(analysis, strings_from_js(args));
        take_preferences(s, prefs);
        auto q = lookup(table().qrels, qrels_handle, "qrels");
        return meta_json(
            meta_runs(q, runs_from_js(run_handles), measures_from_js(measure_names), eval_options(options), s), -1);
    });
}

std::string meta_scores_js(const std::string& analysis, val evaluation, const std::string& qrels_name,
                           double qrels_topics, val args, val progress, val prefs) {
    return guarded([&] {
        MetaSettings s = meta_settings_from_args(analysis, strings_from_js(args));
        take_preferences(s, prefs);
        return meta_json(meta_evaluation(evaluation_from_js(evaluation), qrels_name,
                                         static_cast<std::size_t>(qrels_topics), s, progress_from_js(progress)),
                         -1);
    });
}

/// [{name, min_topics, min_measures, why}] of every meta analysis (stats_settings.hpp): what each
/// needs, for the page and the JS API to say before asking.
val meta_analyses_js() {
    val out = val::array();
    for (const MetaAnalysisInfo& a : meta_analysis_infos()) {
        val o = val::object();
        o.set("name", a.name);
        o.set("min_topics", static_cast<double>(a.min_topics));
        o.set("min_measures", static_cast<double>(a.min_measures));
        o.set("why", a.why);
        out.call<void>("push", o);
    }
    return out;
}

/// One test between two score vectors: t, wilcoxon, sign, randomisation, bootstrap (paired, same
/// length) or unpaired-bootstrap. args: --alternative, -B, --seed, --exact-limit.
/// {statistic, p, n, method, note}; statistic NaN where the test has none.
val test_js(const std::string& name, val x, val y, val args) {
    return guarded([&] {
        const CompareSettings s = compare_settings_from_args(strings_from_js(args));
        const std::vector<double> a = numbers(x), b = numbers(y);
        const Resampling& r = s.testing.resampling;
        TestResult t;
        if (name == "unpaired-bootstrap") {
            t = unpaired_bootstrap_test(a, b, s.testing.alternative, r);
        } else {
            PairedTest test;
            try {
                test = parse_paired_test(name);
            } catch (const UsageError&) {
                throw UsageError(
                    "test must be t, wilcoxon, sign, randomisation, bootstrap or unpaired-bootstrap, got '" + name +
                    "'");
            }
            t = paired_test(test, a, b, s.testing.alternative, r);
        }
        val o = val::object();
        o.set("statistic", t.statistic);
        o.set("p", t.p);
        o.set("n", static_cast<double>(t.n));
        o.set("method", t.method);
        o.set("note", t.note);
        return o;
    });
}

/// The null distribution of one paired test between runs `run` and `versus` of an evaluation, on
/// `measure`, with the topics `irlens compare` pairs them on (score_table.hpp). args: --test,
/// --alternative, -B, --seed, --exact-limit. {measure, run, versus, test, alternative, B, seed,
/// statistic_name, statistic, p, n, method, note, df, no_picture, topic_policy, topics, x, y,
/// samples: Float64Array, extreme: Uint8Array}.
val null_distribution_js(val evaluation, const std::string& qrels_name, double qrels_topics, const std::string& measure,
                         const std::string& run, const std::string& versus, val args) {
    return guarded([&] {
        const CompareSettings s = compare_settings_from_args(strings_from_js(args));
        if (s.testing.tukey || s.unpaired)
            throw UsageError(
                "the null distribution is drawn for one paired test: t, wilcoxon, sign, randomisation or bootstrap");
        const Evaluation ev = evaluation_from_js(evaluation);
        std::size_t m = ev.measures.size();
        for (std::size_t i = 0; i < ev.measures.size(); ++i)
            if (ev.measures[i].name() == measure) m = i;
        if (m == ev.measures.size())
            throw UsageError("nullDistribution: measure '" + measure + "' is not in the result");
        std::vector<std::string> names;
        for (const RunScores& r : ev.runs) names.push_back(r.name);
        const std::size_t a = find_baseline(names, run), b = find_baseline(names, versus);
        const ScoreMatrix table = score_matrix(ev, m, {a, b});
        const std::vector<double>&x = table.scores[0], &y = table.scores[1];
        const NullDistribution nd =
            null_distribution(s.testing.test, x, y, s.testing.alternative, s.testing.resampling);
        val o = val::object();
        o.set("measure", measure);
        o.set("run", js_text(names[a]));
        o.set("versus", js_text(names[b]));
        o.set("test", std::string(paired_test_name(nd.test)));
        o.set("alternative", std::string(alternative_name(s.testing.alternative)));
        o.set("B", static_cast<double>(s.testing.resampling.B));
        o.set("seed", static_cast<double>(s.testing.resampling.seed));
        o.set("statistic_name", nd.statistic);
        o.set("statistic", nd.result.statistic);
        o.set("p", nd.result.p);
        o.set("n", static_cast<double>(nd.result.n));
        o.set("method", nd.result.method);
        o.set("note", nd.result.note);
        o.set("df", nd.df);
        o.set("no_picture", nd.no_picture);
        o.set("topic_policy", topic_policy(ev.missing, x.size(), static_cast<std::size_t>(qrels_topics)));
        o.set("qrels", js_text(qrels_name));
        o.set("topics", strings_to_js(table.topics));
        o.set("x", float64_array(x));
        o.set("y", float64_array(y));
        o.set("samples", float64_array(nd.samples));
        o.set("extreme",
              val::global("Uint8Array").new_(emscripten::typed_memory_view(nd.extreme.size(), nd.extreme.data())));
        return o;
    });
}

/// A rank correlation between two scorings of the same items: tau_a, tau_b, tau_ap (x evaluated,
/// y the reference), tau_ap_symmetric, spearman, rbo (persistence rbo_p). {coefficient} and, for
/// tau_b and spearman, {p, method, note} too (args: --alternative).
val correlation_js(const std::string& method, val x, val y, double rbo_p, val args) {
    return guarded([&] {
        const std::vector<double> a = numbers(x), b = numbers(y);
        if (a.size() != b.size()) throw UsageError("correlation: the two arrays differ in length");
        val o = val::object();
        if (method == "tau_b" || method == "spearman") {
            const Alternative alt = compare_settings_from_args(strings_from_js(args)).testing.alternative;
            const CorrelationTest c = method == "tau_b" ? kendall_tau_b_test(a, b, alt) : spearman_test(a, b, alt);
            o.set("coefficient", c.coefficient);
            o.set("p", c.p);
            o.set("method", c.method);
            o.set("note", c.note);
            return o;
        }
        double c;
        if (method == "tau_a")
            c = kendall_tau_a(a, b);
        else if (method == "tau_ap")
            c = tau_ap(a, b);
        else if (method == "tau_ap_symmetric")
            c = tau_ap_symmetric(a, b);
        else if (method == "rbo")
            c = rank_biased_overlap(a, b, rbo_p);
        else
            throw UsageError("correlation must be tau_a, tau_b, tau_ap, tau_ap_symmetric, spearman or rbo, got '" +
                             method + "'");
        o.set("coefficient", c);
        return o;
    });
}

/// The interval of mean(x) (y undefined), of the paired difference mean(x - y), or (unpaired) of
/// mean(x) - mean(y). args: --ci, --confidence, -B, --seed. {low, high}, NaN where undefined.
val interval_js(val x, val y, bool unpaired, val args) {
    return guarded([&] {
        const CompareSettings s = compare_settings_from_args(strings_from_js(args));
        const std::vector<double> a = numbers(x);
        const Resampling& r = s.testing.resampling;
        Interval i;
        if (y.isUndefined() || y.isNull()) {
            i = mean_interval(a, s.confidence, s.interval, r);
        } else {
            const std::vector<double> b = numbers(y);
            if (unpaired) {
                i = unpaired_difference_interval(a, b, s.confidence, s.interval, r);
            } else {
                if (a.size() != b.size()) throw UsageError("interval: the two arrays differ in length");
                i = paired_difference_interval(a, b, s.confidence, s.interval, r);
            }
        }
        val o = val::object();
        o.set("low", i.low);
        o.set("high", i.high);
        return o;
    });
}

/// p-values adjusted for their family: none, bonferroni, holm, bh.
val adjust_js(val p, const std::string& correction) {
    return guarded([&] {
        val out = val::array();
        for (double v : adjust_p(numbers(p), parse_correction(correction))) out.call<void>("push", v);
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irlens_stats) {
    emscripten::function("compare", &compare_js);
    emscripten::function("compareScores", &compare_scores_js);
    emscripten::function("comparePValues", &compare_p_values_js);
    emscripten::function("meta", &meta_js);
    emscripten::function("metaScores", &meta_scores_js);
    emscripten::function("metaAnalyses", &meta_analyses_js);
    emscripten::function("statsTest", &test_js);
    emscripten::function("nullDistribution", &null_distribution_js);
    emscripten::function("statsCorrelation", &correlation_js);
    emscripten::function("statsInterval", &interval_js);
    emscripten::function("statsAdjust", &adjust_js);
}

}  // namespace irlens::wasm
