// Sakai & Song's D-measures and Sakai's intent-type-sensitive variants (Sakai, PROMISE 2013,
// Sec. 3.1), and Zhai et al.'s S-RR:
//   GG(r)      = sum_i Pr(i|q) g_i(r)                                              (Eq. 27)
//   D-nDCG@l   = sum_{r<=l} GG(r) / log2(r+1) / sum_{r<=l} GG*(r) / log2(r+1)      (Eq. 28)
//   D#-nDCG@l  = gamma I-rec@l + (1 - gamma) D-nDCG@l                              (Eqs. 24, 29)
//   GG_DIN(r)  = sum_{informational i} Pr(i|q) g_i(r)
//                + sum_{navigational j} isnew_j(r) Pr(j|q) g_j(r)                  (Eq. 32)
//   DIN-nDCG@l = D-nDCG@l with GG_DIN for the run and the same globally ideal list   (Eq. 33)
//   DIN#-nDCG@l = gamma I-rec@l + (1 - gamma) DIN-nDCG@l
//   S-RR@x%    = 1 / the first rank at which I-rec reaches x% (0 if it never does)
// Readings: g_i(r) is the gain of the document's grade for intent i (gains=, default linear: the
// grade itself, as nDCG; exp: 2^g - 1), 0 below grade 1 whatever gains= lists (Sakai's gv_0 = 0);
// GG* lists every document relevant to some intent by decreasing global gain (the "globally ideal
// list"); without @l both sums run over the whole ranking and the whole ideal list; the log base
// cancels (log2 here). I-rec and isnew count a document as relevant to an
// intent from grade 1 on. Intent types default to informational, so DIN-nDCG = D-nDCG without an
// intent-types file.
//
// The D- and D#-forms are written once over the base measure (Sakai Sec. 3.1: "based on the
// globally ideal list, other D-measures such as D-Q can be defined"): global_ranking() turns the
// (run, topic) into one Ranking whose judgment at each rank is a level standing for the document's
// global gain GG (Eq. 27; Ranking::level_gains), counting the topic's documents relevant to some
// intent per level; the base measure's own row and code (nDCG, Q, nERR, U) then read GG for g,
// "relevant to some intent" for I(r) and R, and build the globally ideal list from the gain table:
//   D-nDCG@l   nDCG (Eq. 28 above);
//   D-Q@l      Q (Eq. 13) with cg of GG and cg* of the globally ideal list;
//   D-nERR@l   nERR: ERR (Eq. 15) with Pr(r) = (2^GG(r) - 1) / 2^max_grade (ERR's reading, err.hpp)
//              over the same for the globally ideal list;
//   D-U        U-measure (Eqs. 19-20) with the position-based global gain of Eq. 30: the trailtext
//              reads every document relevant to some intent;
//   D#-X@l     gamma I-rec@l + (1 - gamma) D-X@l (Eq. 29), for nDCG, Q and nERR.
// DIN-nDCG keeps its own loop (the run's gains depend on the intents seen above).
#include "measures/intent_rankings.hpp"
#include "measures/trace.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>

namespace irlens::measures {

namespace {

const long kAll = std::numeric_limits<long>::max();

/// trec_eval's gain table of each intent (gain_table) from its level counts.
std::vector<std::vector<GainLevel>> intent_gains(const TopicIntents& ti, const ParamValue& given) {
    std::vector<std::vector<GainLevel>> out;
    for (const auto& levels : ti.levels) {
        Ranking r;
        r.rel_levels = levels;
        r.num_rel_levels = static_cast<long>(levels.size());
        out.push_back(gain_table(given, r));
    }
    return out;
}

// DIN-nDCG's loops are traced for explain mode (measures/trace.hpp): templates over the tracer.

/// Sum over the first l ranks of gain / log2(rank + 1). Explain mode: the columns of `who` (run
/// or ideal) and its sum as a term.
template <class T>
double discounted_sum(const std::vector<double>& gains, long l, T& t, const char* who) {
    std::size_t c = 0;
    if constexpr (T::on) c = t.columns({std::string(who) + " gain / log2(i+1)", std::string(who) + " sum so far"});
    double sum = 0.0;
    long n = std::min(l, static_cast<long>(gains.size()));
    for (long r = 0; r < n; ++r) {
        sum += gains[static_cast<std::size_t>(r)] / std::log2(static_cast<double>(r + 2));
        if constexpr (T::on)
            t.row(r, {gains[static_cast<std::size_t>(r)] / std::log2(static_cast<double>(r + 2)), sum}, c);
    }
    if constexpr (T::on) t.term(std::string(who) + " discounted sum", sum);
    return sum;
}

/// The denominator of Eq. 28: the globally ideal list's discounted global gain. Explain mode: the
/// column of the ideal list's GG* per rank.
template <class T>
double ideal_dcg(const TopicIntents& ti, const ParamValue& given, long l, T& t) {
    auto gains = intent_gains(ti, given);
    std::vector<double> gg;
    for (const auto& d : ti.relevant) {
        double sum = 0.0;
        for (std::size_t i = 0; i < ti.size(); ++i)
            if (d.grades[i] >= 1) sum += ti.weights()[i] * gain_of(d.grades[i], gains[i]);
        gg.push_back(sum);
    }
    std::sort(gg.begin(), gg.end(), std::greater<double>());
    if constexpr (T::on) {
        const std::size_t c = t.columns({"ideal GG*"});
        for (std::size_t r = 0; r < gg.size() && static_cast<long>(r) < l; ++r) t.row(static_cast<long>(r), {gg[r]}, c);
    }
    return discounted_sum(gg, l, t, "ideal");
}

/// The run's global gains of Eq. 32 (navigational intents gain only at their first relevant document).
/// Explain mode: per rank each intent's Pr(i|q) g_i as added (NaN for an intent the document is not
/// relevant to, 0 for a navigational intent seen above) and GG_DIN.
template <class T>
std::vector<double> din_global_gains(const IntentRankings& ir, const ParamValue& given, long l, T& t) {
    std::size_t m = ir.topic.size();
    const std::vector<double>& w = ir.topic.weights();
    std::vector<std::vector<GainLevel>> gains;
    for (const Ranking& r : ir.rankings) gains.push_back(gain_table(given, r));
    std::vector<bool> seen(m, false);
    long n = std::min(l, ir.num_ret);
    std::vector<double> out(static_cast<std::size_t>(n), 0.0);
    std::size_t c = 0;
    if constexpr (T::on) {
        std::vector<std::string> cols;
        for (std::size_t i = 0; i < m; ++i)
            cols.push_back("Pr(i|q) g_i, intent " + std::string(ir.topic.names[i]) +
                           (ir.topic.navigational[i] ? " (navigational)" : ""));
        cols.push_back("GG_DIN");
        c = t.columns(cols);
    }
    for (long r = 0; r < n; ++r) {
        double sum = 0.0;
        std::vector<double> shown;  // explain mode: the row
        if constexpr (T::on) shown.assign(m + 1, std::nan(""));
        for (std::size_t i = 0; i < m; ++i) {
            int g = ir.rankings[i].rels[static_cast<std::size_t>(r)];
            if (g < 1) continue;
            if (!(ir.topic.navigational[i] && seen[i])) sum += w[i] * gain_of(g, gains[i]);
            if constexpr (T::on) shown[i] = ir.topic.navigational[i] && seen[i] ? 0.0 : w[i] * gain_of(g, gains[i]);
            seen[i] = true;
        }
        out[static_cast<std::size_t>(r)] = sum;
        if constexpr (T::on) {
            shown.back() = sum;
            t.row(r, shown, c);
        }
    }
    return out;
}

/// DIN-nDCG and DIN#-nDCG.
MeasureInfo din_measure(const char* name, std::vector<std::string> aliases, const char* help, const char* eqs,
                        bool sharp_form) {
    MeasureInfo m;
    m.name = name;
    m.aliases = std::move(aliases);
    m.family = "diversity";
    m.needs = {Need::DiversityQrels};
    m.help = help;
    m.citation = std::string(
                     "Sakai, Evaluation with informational and navigational intents (WWW 2012); Sakai, PROMISE "
                     "2013, Sec. 3.1, ") +
                 eqs;
    m.cutoff = CutoffKind::Int;
    m.params = {gains_param(), judged_only_param()};
    if (sharp_form) m.params.insert(m.params.begin(), gamma_param());
    m.make = [sharp_form](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        long l = s.has_cutoff() ? s.cutoff_int() : kAll;
        ParamValue given = s.param("gains");
        bool jo = s.bool_param("judged_only");
        double gamma = sharp_form ? sharp_gamma(s) : 0.0;
        return traced_with_ideal(
            [=](const TopicIntents& ti, const EvalContext&, auto& t) {
                t.formula(sharp_form
                              ? "DIN#-nDCG@l = gamma I-rec@l + (1 - gamma) DIN-nDCG@l; DIN-nDCG@l = sum_{i<=l} "
                                "GG_DIN(i) / log2(i+1) over the globally ideal list's sum_{i<=l} GG*(i) / log2(i+1); "
                                "GG_DIN = sum_i Pr(i|q) g_i, a navigational intent gaining only at its first "
                                "relevant document"
                              : "DIN-nDCG@l = sum_{i<=l} GG_DIN(i) / log2(i+1) over the globally ideal list's "
                                "sum_{i<=l} GG*(i) / log2(i+1); GG_DIN = sum_i Pr(i|q) g_i, a navigational intent "
                                "gaining only at its first relevant document");
                return ideal_dcg(ti, given, l, t);
            },
            [=](const TopicView& v, double ideal, auto& t) {
                const IntentRankings& ir = intent_rankings(v, jo);
                show_ranking(v, ir, t);
                double d = 0.0;
                if (ideal > 0) {
                    d = discounted_sum(din_global_gains(ir, given, l, t), l, t, "run") / ideal;
                    t.term("DIN-nDCG = run / ideal", d);
                } else {
                    t.term("no relevant document: DIN-nDCG", 0.0);
                }
                if (!sharp_form) return d;
                const double irec = intent_recall(ir, l == kAll ? -1 : l);
                t.term("I-rec", irec);
                t.term("gamma", gamma);
                return sharp(gamma, irec, d);
            });
    };
    return m;
}

/// The D-measure ranking of a (run, topic): level k >= 1 stands for the k-th smallest distinct
/// global gain of the topic's documents relevant to some intent (Ranking::level_gains), 0 for a
/// judged document relevant to no intent; the topic's relevant documents are counted per level.
/// GG of a document with grade(i) for intent i (Eq. 27; gain 0 below grade 1).
template <class Grade>
double global_gain(const TopicIntents& ti, const std::vector<std::vector<GainLevel>>& gains, Grade grade) {
    double sum = 0.0;
    for (std::size_t i = 0; i < ti.size(); ++i) {
        int g = grade(i);
        if (g >= 1) sum += ti.weights()[i] * gain_of(g, gains[i]);
    }
    return sum;
}

Ranking global_ranking(const IntentRankings& ir, const ParamValue& given) {
    const TopicIntents& ti = ir.topic;
    auto gains = intent_gains(ti, given);
    std::vector<double> values;  // GG of each relevant document of the topic
    for (const auto& d : ti.relevant)
        values.push_back(global_gain(ti, gains, [&](std::size_t i) { return d.grades[i]; }));
    std::vector<double> distinct = values;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    auto level_of = [&](double gg) {
        return static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), gg) - distinct.begin()) + 1;
    };
    Ranking r;
    r.rel_level = 1;
    r.num_rel = static_cast<long>(values.size());
    r.num_rel_levels = static_cast<long>(distinct.size()) + 1;
    r.rel_levels.assign(distinct.size() + 1, 0);
    for (double gg : values) r.rel_levels[static_cast<std::size_t>(level_of(gg))]++;
    r.level_gains.push_back(0.0);
    r.level_gains.insert(r.level_gains.end(), distinct.begin(), distinct.end());
    for (long x = 0; x < ir.num_ret; ++x) {
        std::size_t at = static_cast<std::size_t>(x);
        bool relevant = false, judged = false, unjudged = false;
        for (const Ranking& intent : ir.rankings) {
            int g = intent.rels[at];
            relevant |= g >= 1;
            judged |= g >= 0;
            unjudged |= g == kUnjudged;
        }
        int code = 0;
        if (relevant) {
            code = level_of(global_gain(ti, gains, [&](std::size_t i) { return ir.rankings[i].rels[at]; }));
            r.num_rel_ret++;
        } else if (!judged && unjudged) {
            code = kUnjudged;
            r.num_unjudged_in_pool++;
        } else if (!judged) {
            code = kNotInPool;
            r.num_nonpool++;
        }
        r.rels.push_back(code);
        r.docs.push_back(ir.docs[at]);
    }
    r.num_ret = ir.num_ret;
    return r;
}

/// The D-form of a base measure: the base measure itself (its row, parameters and cutoff) on a view
/// whose ranking is the global ranking; the "#" form adds gamma I-rec@l.
class DForm final : public TopicMeasure {
public:
    DForm(const MeasureSpec& s, const std::string& base, bool sharp_form)
        : base_(base_spec(s, base, "gamma").compile()),
          gains_(s.param("gains")),
          judged_only_(s.bool_param("judged_only")),
          sharp_(sharp_form),
          gamma_(sharp_form ? sharp_gamma(s) : 0.0),
          depth_(s.has_cutoff() ? s.cutoff_int() : -1),
          name_("D-" + base) {}

    void prepare(const EvalContext& c) override { base_->prepare(c); }
    bool explainable() const override { return true; }
    double compute(const TopicView& v) const override {
        double d = base_->compute(global_view(v));
        return sharp_ ? sharp(gamma_, intent_recall(intent_rankings(v, judged_only_), depth_), d) : d;
    }
    bool explain(const TopicView& v, Trace& t) const override {
        const TopicView& g = global_view(v);
        const Ranking& r = g.ranking(1);
        for (std::size_t k = 1; k < r.level_gains.size(); ++k)
            t.term("GG of level " + std::to_string(k), r.level_gains[k]);
        double d = base_->compute(g);
        if (!base_->explain(g, t)) t.formula(name_ + ": the measure of the global gains GG = sum_i Pr(i|q) g_i");
        t.term(name_, d);
        double value = d;
        if (sharp_) {
            double irec = intent_recall(intent_rankings(v, judged_only_), depth_);
            t.term("I-rec", irec);
            value = sharp(gamma_, irec, d);
        }
        t.value(value);
        return true;
    }

private:
    /// The view of the global ranking, kept in v (under this measure's address) so that an
    /// explanation may refer to its ranking.
    const TopicView& global_view(const TopicView& v) const {
        return v.cached<TopicView>(this, 0, [&] {
            auto g = std::make_shared<const Ranking>(global_ranking(intent_rankings(v, judged_only_), gains_));
            return TopicView(v, [g](long, bool) { return *g; });
        });
    }

    std::unique_ptr<TopicMeasure> base_;
    ParamValue gains_;
    bool judged_only_, sharp_;
    double gamma_;
    long depth_;
    std::string name_;
};

/// The D- or D#-row of `base`: its parameters (but rel: relevant means relevant to some intent) and cutoff.
MeasureInfo d_form(const MeasureInfo& base, bool sharp_form, const std::string& eqs) {
    MeasureInfo m = base;
    std::string prefix = sharp_form ? "D#-" : "D-";
    m.name = prefix + base.name;
    m.aliases = {(sharp_form ? "Dsharp_" : "D_") + base.name};
    m.family = "diversity";
    m.help = sharp_form ? m.name + "@l = gamma I-rec@l + (1 - gamma) D-" + base.name + "@l."
                        : m.name + ": " + base.name +
                              " of the global gain GG = sum_i Pr(i|q) g_i (relevant: to some intent), "
                              "against the globally ideal list.";
    m.citation =
        "Sakai & Song, Evaluating diversified search results using per-intent graded relevance (SIGIR 2011); "
        "Sakai, PROMISE 2013, Sec. 3.1, " +
        eqs + "; base measure: " + base.citation;
    m.aggregate = Aggregate::Mean;
    m.zero_if_missing = false;
    m.trec_eval.clear();  // trec_eval's names stay the base measure's
    m.params.erase(std::remove_if(m.params.begin(), m.params.end(), [](const ParamInfo& p) { return p.name == "rel"; }),
                   m.params.end());
    if (sharp_form) m.params.insert(m.params.begin(), gamma_param());
    std::string base_name = base.name;
    m.make = [base_name, sharp_form](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
        return std::make_unique<DForm>(s, base_name, sharp_form);
    };
    return m;
}

const MeasureInfo& registered(const std::vector<MeasureInfo>& out, const char* name) {
    for (const MeasureInfo& m : out)
        if (m.name == name) return m;
    throw std::logic_error(std::string("D-form of unregistered measure ") + name);
}

/// S-RR@x%: 1 / the first rank where the fraction of intents covered reaches x / 100. Explain
/// mode: per rank each intent's grade and the intents covered so far.
template <class T>
double s_rr(const IntentRankings& ir, double percent, T& t) {
    if constexpr (T::on)
        t.formula(
            "S-RR@x% = 1 / the first rank at which the intents covered (a document of grade >= 1) reach x% of "
            "the topic's m intents; x = " +
            format_number(percent));
    std::size_t m = ir.topic.size();
    if (m == 0) {
        t.term("m (the topic has no intent), so", 0.0);
        return 0.0;
    }
    const std::size_t g = intent_grade_columns(ir.topic, t);
    std::size_t c = 0;
    if constexpr (T::on) {
        c = t.columns({"intents covered so far"});
        t.term("m", static_cast<double>(m));
    }
    std::vector<bool> seen(m, false);
    std::size_t covered = 0;
    for (long r = 0; r < ir.num_ret; ++r) {
        for (std::size_t i = 0; i < m; ++i) {
            if (!seen[i] && ir.rankings[i].rels[static_cast<std::size_t>(r)] >= 1) {
                seen[i] = true;
                ++covered;
            }
        }
        if constexpr (T::on) {
            intent_grade_row(ir, r, t, g);
            t.row(r, {static_cast<double>(covered)}, c);
        }
        if (static_cast<double>(covered) * 100.0 >= percent * static_cast<double>(m)) {
            if constexpr (T::on) t.term("first rank reaching x% of m", static_cast<double>(r + 1));
            return 1.0 / static_cast<double>(r + 1);
        }
    }
    t.term("x% of the intents never covered, so", 0.0);
    return 0.0;
}

}  // namespace

void add_d_measures(std::vector<MeasureInfo>& out) {
    std::size_t first = out.size();
    // The D-forms of the measures defined on a gain vector with an ideal list (docs/diversity.md
    // lists those without one).
    struct Form {
        const char* base;
        const char* eqs;
        bool sharp;
    };
    for (const Form& f : {Form{"nDCG", "Eqs. 27-28", true}, Form{"Q", "Eqs. 13, 27", true},
                          Form{"nERR", "Eqs. 15, 27", true}, Form{"U", "Eqs. 19, 30", false}}) {
        const MeasureInfo& base = registered(out, f.base);
        MeasureInfo d = d_form(base, false, f.eqs);
        MeasureInfo dsharp = d_form(base, true, std::string(f.eqs) + ", 24, 29");
        out.push_back(std::move(d));
        if (f.sharp) out.push_back(std::move(dsharp));
    }
    out.push_back(
        din_measure("DIN-nDCG", {"DIN_nDCG"},
                    "DIN-nDCG@l: D-nDCG where a navigational intent gains only at its first relevant document.",
                    "Eqs. 32-33", false));
    out.push_back(din_measure("DIN#-nDCG", {"DINsharp_nDCG"}, "DIN#-nDCG@l = gamma I-rec@l + (1 - gamma) DIN-nDCG@l.",
                              "Eqs. 24, 29, 32-33", true));
    {
        MeasureInfo m;
        m.name = "S-RR";
        m.aliases = {"S_RR", "SRR"};
        m.family = "diversity";
        m.needs = {Need::DiversityQrels};
        m.help =
            "Subtopic reciprocal rank S-RR@x%: 1 / the first rank at which x% of the topic's intents are covered "
            "(0 if never).";
        m.citation =
            "Zhai, Cohen & Lafferty, Beyond independent relevance (SIGIR 2003); Amigo, Spina & Carrillo-de-Albornoz, "
            "SIGIR 2018, Sec. 4.3";
        m.cutoff = CutoffKind::Percent;
        m.cutoff_required = true;
        m.cutoff_help = "the percentage of intents to cover, e.g. 100%";
        m.params = {judged_only_param()};
        m.make = [](const MeasureSpec& s) {
            double percent = s.cutoff();
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) {
                const IntentRankings& ir = intent_rankings(v, jo);
                show_ranking(v, ir, t);
                return s_rr(ir, percent, t);
            });
        };
        out.push_back(m);
    }
    mark_diversity(out, first);
}

}  // namespace irlens::measures
