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
    bool contains(double x) const { return (min_open ? x > min : x >= min) && (max_open ? x < max : x <= max); }
    std::string text() const;               // "[0, 1]", "(0, 1)", "a number >= 0", "a finite number"
    static Range unit() { return {0, 1}; }  // [0, 1]: probabilities
    static Range persistence() { return {0, 1, false, true}; }  // [0, 1): p of RBP-like models
    static Range non_negative(double max = DBL_MAX) { return {0, max}; }
    static Range positive(double max = DBL_MAX) { return {0, max, true}; }
    static Range above(double min) { return {min, DBL_MAX, true}; }
    static Range at_least(double min) { return {min, DBL_MAX}; }
};

/// Which values of a measure are better: front-ends mark the best run with it. Neither: counts and
/// diagnostics such as NumRet, Unjudged or RBPResid, which describe a run rather than rate it.
enum class Direction { Higher, Lower, Neither };
/// Ranked: the order of the retrieved documents matters; Set: only which documents were retrieved
/// (or the top k of them), e.g. SetP, F@k, NumRet.
enum class MeasureKind { Ranked, Set };
/// What a measure reads besides one run and TREC qrels. Preferences and JudgmentGroups mirror
/// MeasureInfo::input; OtherRuns: the measure scores a run against the other runs evaluated with it
/// (rareness, NRG; some NRG priors also read run groups).
enum class Need { DiversityQrels, OtherRuns, DocLengths, Sessions, Preferences, JudgmentGroups };
/// "diversity qrels", "other runs", "doc lengths", "sessions", "preferences", "judgment groups".
const char* need_name(Need n);

/// Largest magnitude of a gain value or of a weight such as F's beta: large enough for any use,
/// small enough that sums and squares over a ranking stay finite.
constexpr double kMaxWeight = 1e100;

/// A parameter's declaration, written with named fields:
///   ParamInfo::real("p", "persistence").defaults_to("0.8").in(Range::persistence())
///   ParamInfo::word("norm", "gain normalisation").defaults_to("qrels").one_of({"qrels", "topic"})
struct ParamInfo {
    std::string name;
    ParamKind kind;
    std::string default_value;  // in the measure language; empty = no default (see required)
    std::string help;
    bool required = false;             // must be given (e.g. alpha of rareness measures)
    std::vector<std::string> choices;  // for Word: the allowed values
    Range range;                       // Int, Real: the value; RealList: every item; Gains: every gain
    /// A Word parameter that selects what the measure reports (C/W/L's `out`: the expected utility,
    /// a cost, a depth, a residual): for each of `choices`, in their order, which values are better
    /// and the values one topic can take (MeasureSpec::direction, MeasureSpec::values). Empty: the
    /// row's MeasureInfo::direction and values hold whatever the word.
    struct Output {
        Direction direction;
        Range values;
    };
    std::vector<Output> outputs;

    static ParamInfo integer(std::string name, std::string help) {
        return of(ParamKind::Int, std::move(name), std::move(help));
    }
    static ParamInfo real(std::string name, std::string help) {
        return of(ParamKind::Real, std::move(name), std::move(help));
    }
    static ParamInfo boolean(std::string name, std::string help) {
        return of(ParamKind::Bool, std::move(name), std::move(help));
    }
    static ParamInfo word(std::string name, std::string help) {
        return of(ParamKind::Word, std::move(name), std::move(help));
    }
    static ParamInfo gains(std::string name, std::string help) {
        return of(ParamKind::Gains, std::move(name), std::move(help));
    }
    static ParamInfo reals(std::string name, std::string help) {
        return of(ParamKind::RealList, std::move(name), std::move(help));
    }
    static ParamInfo words(std::string name, std::string help) {
        return of(ParamKind::WordList, std::move(name), std::move(help));
    }
    /// This declaration with a default (in the measure language).
    ParamInfo defaults_to(std::string value) const {
        ParamInfo p = *this;
        p.default_value = std::move(value);
        return p;
    }
    /// This declaration, required (no default).
    ParamInfo mandatory() const {
        ParamInfo p = *this;
        p.required = true;
        return p;
    }
    /// This declaration with the words it accepts (Word).
    ParamInfo one_of(std::vector<std::string> words) const {
        ParamInfo p = *this;
        p.choices = std::move(words);
        return p;
    }
    /// This declaration (Word, after one_of) with what each choice reports (`outputs`).
    ParamInfo reports(std::vector<Output> per_choice) const {
        ParamInfo p = *this;
        p.outputs = std::move(per_choice);
        return p;
    }
    /// This declaration with its range.
    ParamInfo in(Range r) const {
        ParamInfo p = *this;
        p.range = r;
        return p;
    }

private:
    static ParamInfo of(ParamKind kind, std::string name, std::string help) {
        ParamInfo p{std::move(name), kind, "", std::move(help)};
        return p;
    }
};

struct ParamValue {
    ParamKind kind = ParamKind::Word;
    bool given = false;  // false: absent and without default
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
    /// True when explain() records an explanation: set by the tracer (measures/trace.hpp), never by hand.
    virtual bool explainable() const { return false; }
};

/// How trec_eval reads a measure's parameters after its name (`-m P.5,10`; meas_init.c): none,
/// integer cutoffs (P.5,10), real cutoffs (iprec_at_recall.0.1,0.2), a list of numbers (utility.1,-1,0,0)
/// or name=value pairs (ndcg.1=3,2=9; rbp.p=0.5).
enum class TrecParams { None, Cutoffs, Levels, Numbers, Pairs };
/// How trec_eval averages a measure over topics (meas_avg.c): the mean (or the sum, for counts), the
/// geometric mean (gm_map), the number of topics (num_q), or num_rel's rule under -c (every
/// judgment > 0 in the qrels).
enum class TrecAverage { Mean, Sum, GeoMean, NumQ, NumRel };

/// A measure as trec_eval names it: one row of trec_eval's te_trec_measures[] (measures.c). The
/// trec_eval front-end builds a measure-language name from it for each value printed:
///   NAME(rel=<-l>, PARAM=<value>, FIXED)@<cutoff>
struct TrecEvalName {
    std::string root;  // trec_eval's name: map, P, ndcg_cut
    int order = 0;     // the row's position in te_trec_measures[], trec_eval's output order
    TrecParams params = TrecParams::None;
    std::string defaults;                     // default parameters: "5,10,15,20,30,100,200,500,1000"
    TrecAverage average = TrecAverage::Mean;  // Mean becomes Sum for measures summed over topics
    bool per_query = true;                    // printed per topic with -q (not gm_map, num_q)
    bool rel = true;                          // -l gives the measure's rel parameter (when it has one)
    /// The parameters a Cutoffs/Levels/Numbers value fills: empty = the @cutoff; one name = the
    /// first value (a list for a list parameter); several = one value each, exactly that many.
    std::vector<std::string> fill;
    /// Pairs: the pair names read as parameters, with trec_eval's default ("p=0.9"); a gains
    /// parameter takes the pairs named by integers (gain_init.c).
    std::vector<std::string> pairs;
    std::string fixed;  // arguments always given, e.g. "norm=topic"
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
    // What front-ends need to present a measure without knowing it by name:
    Direction direction = Direction::Higher;
    Range values = Range::unit();  // the values one topic can take (not for text_valued measures)
    MeasureKind kind = MeasureKind::Ranked;
    std::vector<Need> needs;
    std::vector<TrecEvalName> trec_eval;  // trec_eval's names for it (AP: map, gm_map, map_cut)
    std::function<std::unique_ptr<TopicMeasure>(const MeasureSpec&)> make;

    /// True when the measure, compiled with its defaults, can explain its values (explain mode): it
    /// is built with the tracing helper traced(...) of measures/trace.hpp.
    bool explainable() const;
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
    /// Which values are better and the values one topic can take, for this measure with these
    /// parameters: the row's (MeasureInfo::direction, values), or those of the output a parameter
    /// chose (ParamInfo::outputs: INST(out=EC) is a cost, neither better high nor low).
    Direction direction() const;
    Range values() const;

    std::string name() const;       // canonical
    std::string full_name() const;  // with every parameter

    std::unique_ptr<TopicMeasure> compile() const { return info_->make(*this); }

    /// `info` with its default parameters, a sample cutoff where it takes one (10, @0.5, @100%)
    /// and 0 for required parameters: for asking what its factory builds (MeasureInfo::explainable).
    static MeasureSpec example(const MeasureInfo& info);

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
/// trec_eval's nicknames (-m official, all_trec, set, ...; measures.c), listing trec_eval names
/// (TrecEvalName::root, and runid, trec_eval's run name line).
const std::vector<MeasureGroup>& trec_eval_groups();

/// Shortest decimal text that reads back as exactly v ("0.8", "1", "1e-05").
std::string format_number(double v);

}  // namespace irlens
