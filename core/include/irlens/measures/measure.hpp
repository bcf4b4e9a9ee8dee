// The measure registry and the measure-name language.
//
// Every measure is one MeasureInfo entry (canonical name, parameters with types and defaults,
// one-line help, citation, aggregation, factory). Families live in core/src/measures/<family>.cpp
// and are listed once in core/src/measures/registry.cpp. Everything user-facing (CLI help, `irlens
// measures`, the JS API, web tooltips) is generated from this table.
//
// Names (parsed in exactly one place, parse_measure):
//     NAME [ "(" KEY "=" VALUE { "," KEY "=" VALUE } ")" ] [ "@" CUTOFF ]
//   e.g. P@10, P(rel=2)@5, nDCG(gains={0:0,1:1,2:3})@10, RBP(p=0.8), SetF(beta=0.5), IPrec@0.3,
//   S-RR@100% (a percentage cutoff).
//   VALUE: a number, True/False, a word, {INT:NUMBER,...} or a preset linear|exp (gains), or
//   [ITEM,...] (lists).
//   Every measure also accepts agg=mean|gmean (gmean = trec_eval's geometric mean with floor 1e-5).
// Printing: MeasureSpec::name() is the canonical form used as the key everywhere (CLI, JSON, JS,
// charts): the registry name (ir_measures' where it has one: alpha_nDCG, ERR_IA, StRecall; every
// other spelling is an alias), the parameters whose value differs from their default, and the
// cutoff: RBP, Q, RBP(p=0.5), SetF(beta=0.5)@10. Two spellings of one measure have one name.
// MeasureSpec::full_name() spells out every parameter, for provenance records.
#pragma once

#include "irlens/evaluation/ranking.hpp"

#include <cfloat>
#include <climits>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace irlens {

enum class ParamKind { Int, Real, Bool, Word, Gains, RealList, WordList };
enum class CutoffKind { None, Int, Real, Percent };  // Percent: @x% with 0 < x <= 100 (cutoff() = x)
enum class Aggregate { Mean, Sum, GeoMean };
/// What a measure reads besides the run: TREC qrels, judgment-group qrels (`topic group doc rel`,
/// trec_eval -R qrels_jg) or preference judgments (trec_eval -R prefs / qrels_prefs).
enum class RelInput { Qrels, JudgmentGroups, Preferences };

/// The values a numeric parameter (or cutoff) accepts, checked when a measure name is parsed
/// (UsageError naming the parameter and this range). The default accepts every finite number:
/// "inf" and overflowing values such as 1e400 are never accepted.
struct Range {
    double min = -DBL_MAX, max = DBL_MAX;
    bool min_open = false, max_open = false;
    bool contains(double x) const {
        return (min_open ? x > min : x >= min) && (max_open ? x < max : x <= max);
    }
    std::string text() const;  // "[0, 1]", "(0, 1)", "a number >= 0", "a finite number"
    static Range unit() { return {0, 1}; }                              // [0, 1]: probabilities
    static Range persistence() { return {0, 1, false, true}; }          // [0, 1): p of RBP-like models
    static Range non_negative(double max = DBL_MAX) { return {0, max}; }
    static Range positive(double max = DBL_MAX) { return {0, max, true}; }
    static Range above(double min) { return {min, DBL_MAX, true}; }
    static Range at_least(double min) { return {min, DBL_MAX}; }
};

/// Largest magnitude of a gain value or of a weight such as F's beta: large enough for any use,
/// small enough that sums and squares over a ranking stay finite.
constexpr double kMaxWeight = 1e100;

struct ParamInfo {
    std::string name;
    ParamKind kind;
    std::string default_value;  // in the measure language; empty = no default (see required)
    std::string help;
    bool required = false;      // must be given (e.g. alpha of rareness measures)
    std::vector<std::string> choices;  // for Word: the allowed values
    Range range;                       // Int, Real: the value; RealList: every item; Gains: every gain
    /// This declaration with its range: ParamInfo{"p", ParamKind::Real, ...}.in(Range::unit()).
    ParamInfo in(Range r) const {
        ParamInfo p = *this;
        p.range = r;
        return p;
    }
};

struct ParamValue {
    ParamKind kind = ParamKind::Word;
    bool given = false;     // false: absent and without default
    long i = 0;
    double r = 0;
    bool b = false;
    std::string word;
    std::vector<std::pair<long, double>> gains;  // in the order given
    // Gains presets are kept in `word` ("linear": gain = grade; "exp": gain = 2^grade - 1).
    std::vector<double> reals;
    std::vector<std::string> words;
    std::string text() const;  // canonical spelling in the measure language
};

class MeasureSpec;
class TopicView;
struct EvalContext;
class Trace;

/// A compiled measure: computes the value of one topic.
class TopicMeasure {
public:
    virtual ~TopicMeasure() = default;
    /// Called once per evaluation before any topic (cross-run measures build their tables here).
    virtual void prepare(const EvalContext&) {}
    virtual double compute(const TopicView& topic) const = 0;
    /// Text-valued measures (relstring) override this.
    virtual std::string text(const TopicView&) const { return {}; }
    /// Explain mode (irlens/evaluation/explain.hpp): recomputes the topic's value recording its arithmetic
    /// into the trace; false when the measure has no explanation.
    virtual bool explain(const TopicView&, Trace&) const { return false; }
};

struct MeasureInfo {
    std::string name;
    std::vector<std::string> aliases;  // other accepted spellings (ir_measures': MAP, NDCG...)
    std::string family;                // registry section, e.g. "trec_eval"
    std::string help;                  // one line
    std::string citation;              // paper (and equation) the definition follows
    CutoffKind cutoff = CutoffKind::None;
    bool cutoff_required = false;
    std::string cutoff_help;
    Range cutoff_range = Range::non_negative();  // CutoffKind::Real (Int: >= 1; Percent: (0, 100])
    std::vector<ParamInfo> params;
    Aggregate aggregate = Aggregate::Mean;  // default aggregation over topics
    bool integer = false;                   // counts: printed without decimals where relevant
    bool text_valued = false;
    /// For a topic the run did not answer, trec_eval -c's placeholder ranking is scored, except
    /// for these measures, which trec_eval resets to 0 (num_ret, utility, unj, rbp_resid, relstring).
    bool zero_if_missing = false;
    /// Some topics have no value (NaN: the measure does not apply to them, e.g. the queries of a
    /// session other than the one that reports it); aggregates leave them out. For any other
    /// measure a NaN value propagates to the aggregate.
    bool sparse = false;
    RelInput input = RelInput::Qrels;
    std::function<std::unique_ptr<TopicMeasure>(const MeasureSpec&)> make;
};

/// A measure with all its parameters resolved.
class MeasureSpec {
public:
    const MeasureInfo& info() const { return *info_; }
    bool has_cutoff() const { return has_cutoff_; }
    double cutoff() const { return cutoff_; }
    /// The cutoff as an integer. (double)LONG_MAX rounds up to 2^63 natively, so P@9223372036854775807
    /// must not be converted back (found by the fuzzer's UBSan build); long is 32 bits in WASM.
    long cutoff_int() const { return cutoff_ < static_cast<double>(LONG_MAX) ? static_cast<long>(cutoff_) : LONG_MAX; }
    Aggregate aggregate() const { return aggregate_; }

    const ParamValue& param(const std::string& name) const;
    long int_param(const std::string& name) const { return param(name).i; }
    double real_param(const std::string& name) const { return param(name).r; }
    bool bool_param(const std::string& name) const { return param(name).b; }
    const std::string& word_param(const std::string& name) const { return param(name).word; }

    std::string name() const;       // canonical
    std::string full_name() const;  // with every parameter

    std::unique_ptr<TopicMeasure> compile() const { return info_->make(*this); }

private:
    friend MeasureSpec parse_measure(std::string_view, const std::map<std::string, std::string>&, bool);
    std::string render(bool full) const;
    const MeasureInfo* info_ = nullptr;
    bool has_cutoff_ = false;
    double cutoff_ = 0;
    Aggregate aggregate_ = Aggregate::Mean;
    std::map<std::string, ParamValue> params_;
    std::string cutoff_text_;
};

/// Parses one measure name; throws UsageError with a message pointing at the problem.
MeasureSpec parse_measure(std::string_view text);
/// As parse_measure, with values (in the measure language) for parameters the text leaves out,
/// taken before defaults and the `required` check: an experiment that varies a parameter (the
/// alpha sweep of rareness measures) names the measure without it.
/// check_ranges = false skips the parameter ranges (ParamInfo::range, MeasureInfo::cutoff_range):
/// only for the trec_eval drop-in, which accepts what trec_eval accepts.
MeasureSpec parse_measure(std::string_view text, const std::map<std::string, std::string>& preset,
                          bool check_ranges = true);
/// Parses a list separated by whitespace or by commas outside parentheses/brackets; a measure
/// named twice (also through two aliases: AP and MAP) is listed once.
std::vector<MeasureSpec> parse_measures(std::string_view text);
/// Appends m to list unless a measure with the same name() is there: every list of measures
/// a user gives (repeated -m options, a JS array) has one column per measure.
void add_distinct(std::vector<MeasureSpec>& list, MeasureSpec m);

/// The registry, in family order.
const std::vector<MeasureInfo>& registry();
const MeasureInfo* find_measure(std::string_view name);

/// Named groups of measures (presets), e.g. "trec_official".
struct MeasureGroup {
    std::string name, help;
    std::vector<std::string> measures;
};
const std::vector<MeasureGroup>& measure_groups();

/// Shortest decimal text that reads back as exactly v ("0.8", "1", "1e-05").
std::string format_number(double v);

}  // namespace irlens
