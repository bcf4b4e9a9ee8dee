// Explain mode: the arithmetic of one measure for one (run, topic), recorded by the very code that
// computes the value. The measure loops of the explained families are templates over a tracer:
// the normal path instantiates them with NoTrace (every call a no-op, so the numbers and the speed
// of an evaluation are unchanged), explain() with Trace, which records
//   - the formula, in words;
//   - per rank the measure visited: the document, its judgment and the measure's own intermediate
//     values (e.g. gain, discount, gain / discount, DCG so far);
//   - the named terms that lead to the value (e.g. DCG@10, IDCG@10, nDCG@10 = DCG / IDCG);
//   - the value itself, bit-identical to the one evaluate() reports for that topic.
// Which measures are explained: MeasureInfo::explainable() (`irlens measures` and the JS registry
// show it): every registered measure (tests/unit-explain-registry.cpp); the IA and D-forms are
// explained through their base measure's rows, count measures in one line (what they count, and
// the count). A measure that is not explainable throws UsageError listing the explained ones.
// A measure that trec_eval scores 0 on a topic the run did not answer (zero_if_missing: NumRet,
// Utility, Unjudged, RBPResid, RelString) is explained as that 0, as evaluate() reports it.
#pragma once

#include "irlens/evaluation/evaluate.hpp"

#include "irlens/measures/measure.hpp"
#include "irlens/readers/qrels.hpp"
#include "irlens/evaluation/ranking.hpp"
#include "irlens/readers/run.hpp"

#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irlens {

struct ExplainRow {
    long rank = 0;               // 1-based
    bool retrieved = true;       // false for ranks past the run's list (e.g. the ideal ranking's tail)
    std::string doc;             // empty when not retrieved
    int rel = kNotInPool;        // the judgment, kNotInPool or kUnjudged (see ranking.hpp)
    std::vector<double> values;  // one per Explanation::columns; NaN where the measure set none
};

struct Explanation {
    std::string measure;  // canonical name
    std::string run, topic;
    std::string formula;
    std::vector<std::string> columns;
    std::vector<ExplainRow> rows;                       // by rank
    std::vector<std::pair<std::string, double>> terms;  // in the order computed, the last is the value
    double value = 0;
    std::string text;      // text-valued measures (RelString): the value's text; value is NaN then
    bool missing = false;  // the run has no result for the topic (trec_eval -c's placeholder is scored)
};

/// The tracer explain() passes to the measure loops. Row indexes are 0-based positions in the
/// Ranking given to ranking().
class Trace {
public:
    static constexpr bool on = true;
    Trace(Explanation& out, const Run& run) : out_(&out), run_(&run) {}

    void ranking(const Ranking& r) { ranking_ = &r; }
    void formula(std::string f) { out_->formula = std::move(f); }
    /// Declares the columns of the rows (appends; returns the index of the first one added).
    std::size_t columns(const std::vector<std::string>& names) {
        std::size_t first = out_->columns.size();
        for (const std::string& n : names) out_->columns.push_back(n);
        return first;
    }
    /// Sets the values of row i from column `first` on.
    void row(long i, const std::vector<double>& values, std::size_t first = 0) {
        std::vector<double>& v = rows_[i];
        if (v.size() < first + values.size()) v.resize(first + values.size(), std::nan(""));
        for (std::size_t c = 0; c < values.size(); ++c) v[first + c] = values[c];
    }
    void term(std::string name, double value) { out_->terms.emplace_back(std::move(name), value); }
    void value(double v) { out_->value = v; }
    /// Row i shows this document and judgment instead of the ranking's (a measure whose rows are
    /// not one ranking's ranks: sDCG's concatenated session list).
    void doc(long i, std::string_view doc, int rel) { docs_[i] = {std::string(doc), rel}; }
    /// The value of a text-valued measure (RelString), with value() NaN as evaluate() reports it.
    void text(std::string s) { out_->text = std::move(s); }

    /// Turns the recorded rows into Explanation::rows (called by explain()).
    void finish();

private:
    Explanation* out_;
    const Run* run_;
    const Ranking* ranking_ = nullptr;
    std::map<long, std::vector<double>> rows_;
    std::map<long, std::pair<std::string, int>> docs_;
};

/// Explains `spec` for `topic` of `run` (scored as evaluate() scores it; a topic the run did not
/// answer is scored on trec_eval -c's placeholder ranking). Throws UsageError for a topic not in
/// the qrels or a measure without an explanation.
/// `inputs` gives the side inputs some measures need (intents, doc lengths, sessions, groups,
/// preferences), as to evaluate(); its missing and progress are not used.
Explanation explain(const std::shared_ptr<const Qrels>& qrels, const std::shared_ptr<const Run>& run,
                    const std::string& topic, const MeasureSpec& spec, const EvalOptions& inputs = {});
/// The same with the evaluation's runs: the measures that score a run against the others (rareness,
/// NRG) see `runs` as evaluate() did (`run` among them, found by identity, else by name; a run not
/// among them is added at the end). Empty `runs`: `run` alone, as above.
Explanation explain(const std::shared_ptr<const Qrels>& qrels, const std::shared_ptr<const Run>& run,
                    const std::string& topic, const MeasureSpec& spec, const EvalOptions& inputs,
                    const std::vector<std::shared_ptr<const Run>>& runs);

}  // namespace irlens
