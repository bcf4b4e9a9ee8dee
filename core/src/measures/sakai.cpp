// Sakai's blended-ratio measures: Q, R-measure, P-measure, O-measure and P+ (see sakai.hpp for the
// definitions and the conventions they share), and their registry entries.
#include "measures/sakai.hpp"

#include "measures/trace.hpp"

#include <algorithm>
#include <cmath>

#include "irlens/error.hpp"

namespace irlens::measures {

namespace {

/// Walks a ranking rank by rank, keeping C(k), cg(k) and cg*(k) of sakai.hpp.
class BlendedRatioWalk {
public:
    BlendedRatioWalk(const Ranking& r, const std::vector<GainLevel>& gains, double beta)
        : r_(r), gains_(gains), beta_(beta) {
        for (const GainLevel& g : gains)
            if (g.level >= r.rel_level && g.count > 0) ideal_.emplace_back(g.gain, g.count);
        std::stable_sort(ideal_.begin(), ideal_.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    }

    /// Moves to the next rank (the caller keeps k < r.num_ret).
    void step() {
        int rel = r_.rels[static_cast<std::size_t>(k_++)];
        relevant_ = rel >= r_.rel_level;
        gain_ = relevant_ ? gain_of(rel, gains_) : 0.0;
        c_ += relevant_;
        cg_ += gain_;
        while (level_ < ideal_.size() && used_ == ideal_[level_].second) {
            ++level_;
            used_ = 0;
        }
        if (level_ < ideal_.size()) {
            cg_ideal_ += ideal_[level_].first;
            ++used_;
        }
    }

    long rank() const { return k_; }
    bool relevant() const { return relevant_; }
    double gain() const { return gain_; }
    long relevant_so_far() const { return c_; }
    double cumulative_gain() const { return cg_; }
    double ideal_cumulative_gain() const { return cg_ideal_; }
    /// BR(k) at the current rank.
    double br() const {
        return (static_cast<double>(c_) + beta_ * cg_) / (static_cast<double>(k_) + beta_ * cg_ideal_);
    }
    /// cg*(R): the total gain of the ideal list.
    double ideal_total() const {
        double total = 0.0;
        for (const auto& level : ideal_) total += level.first * static_cast<double>(level.second);
        return total;
    }

private:
    const Ranking& r_;
    const std::vector<GainLevel>& gains_;
    double beta_;
    std::vector<std::pair<double, long>> ideal_;  // (gain, count), highest gain first
    std::size_t level_ = 0;
    long used_ = 0, k_ = 0, c_ = 0;
    bool relevant_ = false;
    double gain_ = 0, cg_ = 0, cg_ideal_ = 0;
};

long depth(const Ranking& r, long cutoff) { return cutoff < 0 ? r.num_ret : std::min(cutoff, r.num_ret); }

/// r_p: the first rank from the top (within the depth) holding a relevant document of the highest gain
/// retrieved there; 0 when no relevant document is retrieved.
long preferred_rank(const Ranking& r, const std::vector<GainLevel>& gains, long cutoff) {
    long n = depth(r, cutoff), best_rank = 0;
    double best = 0.0;
    for (long k = 0; k < n; ++k) {
        int rel = r.rels[static_cast<std::size_t>(k)];
        if (rel < r.rel_level) continue;
        double g = gain_of(rel, gains);
        if (!best_rank || g > best) {
            best = g;
            best_rank = k + 1;
        }
    }
    return best_rank;
}

/// Explain mode: the columns of a blended-ratio walk, and one rank's row.
template <class T>
std::size_t walk_columns(const Ranking& r, T& t) {
    t.ranking(r);
    return t.columns({"relevant", "gain", "C(k)", "cg(k)", "cg*(k)", "BR(k)"});
}
template <class T>
void walk_row(const BlendedRatioWalk& w, T& t, std::size_t c) {
    if constexpr (T::on)
        t.row(w.rank() - 1,
              {w.relevant() ? 1.0 : 0.0, w.gain(), static_cast<double>(w.relevant_so_far()), w.cumulative_gain(),
               w.ideal_cumulative_gain(), w.br()},
              c);
}

/// BR at rank `rank` (>= 1, within the ranking), the walk's rows traced.
template <class T>
double blended_ratio_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long rank, T& t) {
    std::size_t c = walk_columns(r, t);
    BlendedRatioWalk w(r, gains, beta);
    while (w.rank() < rank) {
        w.step();
        walk_row(w, t, c);
    }
    return w.br();
}

const char* kBr =
    "BR(k) = (C(k) + beta cg(k)) / (k + beta cg*(k)), C(k) relevant in the top k, cg(k) their gain, "
    "cg*(k) the ideal list's";

}  // namespace

template <class T>
double q_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff, T& t) {
    if constexpr (T::on)
        t.formula(std::string("Q = (1 / ") + (cutoff < 0 ? "R" : "min(l, R)") + ") sum over relevant ranks k" +
                  (cutoff < 0 ? "" : " <= l") + " of BR(k); " + kBr);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (!r.num_rel) {
        t.term("Q (R = 0)", 0.0);
        return 0.0;
    }
    long n = depth(r, cutoff);
    std::size_t c = walk_columns(r, t);
    BlendedRatioWalk w(r, gains, beta);
    double sum = 0.0;
    while (w.rank() < n) {
        w.step();
        walk_row(w, t, c);
        if (w.relevant()) sum += w.br();
    }
    long denom = cutoff < 0 ? r.num_rel : std::min(cutoff, r.num_rel);
    t.term("sum of BR(k) at relevant ranks", sum);
    t.term(cutoff < 0 ? "denominator: R" : "denominator: min(l, R)", static_cast<double>(denom));
    double v = sum / static_cast<double>(denom);
    t.term("Q = sum / denominator", v);
    return v;
}

double q_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    NoTrace t;
    return q_measure(r, gains, beta, cutoff, t);
}

template <class T>
double p_plus_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff, T& t) {
    if constexpr (T::on)
        t.formula(std::string("P+ = (1 / C(r_p)) sum over relevant ranks k <= r_p of BR(k), r_p the first rank holding "
                              "a document of the highest gain retrieved") +
                  (cutoff < 0 ? "" : " in the top l") + "; " + kBr);
    long rp = preferred_rank(r, gains, cutoff);
    t.term("r_p", static_cast<double>(rp));
    if (!rp) {
        t.term("P+ (no relevant document retrieved)", 0.0);
        return 0.0;
    }
    std::size_t c = walk_columns(r, t);
    BlendedRatioWalk w(r, gains, beta);
    double sum = 0.0;
    while (w.rank() < rp) {
        w.step();
        walk_row(w, t, c);
        if (w.relevant()) sum += w.br();
    }
    t.term("sum of BR(k) at relevant ranks <= r_p", sum);
    t.term("C(r_p)", static_cast<double>(w.relevant_so_far()));
    double v = sum / static_cast<double>(w.relevant_so_far());
    t.term("P+ = sum / C(r_p)", v);
    return v;
}

double p_plus_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    NoTrace t;
    return p_plus_at(r, gains, beta, cutoff, t);
}

double p_plus(const Ranking& r, const std::vector<GainLevel>& gains, double beta) {
    return p_plus_at(r, gains, beta, -1);
}

template <class T>
double r_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, T& t) {
    t.formula(
        "R-measure = BR(R) = (C(R) + beta cg(R)) / (R + beta cg*(R)), cg*(R) the ideal list's total gain; the "
        "ranks past a shorter list add nothing");
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (!r.num_rel) {
        t.term("R-measure (R = 0)", 0.0);
        return 0.0;
    }
    std::size_t c = walk_columns(r, t);
    BlendedRatioWalk w(r, gains, beta);
    while (w.rank() < std::min(r.num_rel, r.num_ret)) {
        w.step();
        walk_row(w, t, c);
    }
    // At rank R the ideal list is complete: cg*(R) is its total, whatever was retrieved.
    t.term("C(R)", static_cast<double>(w.relevant_so_far()));
    t.term("cg(R)", w.cumulative_gain());
    t.term("cg*(R) (the ideal total)", w.ideal_total());
    double v = (static_cast<double>(w.relevant_so_far()) + beta * w.cumulative_gain()) /
               (static_cast<double>(r.num_rel) + beta * w.ideal_total());
    t.term("R-measure = (C(R) + beta cg(R)) / (R + beta cg*(R))", v);
    return v;
}

double r_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta) {
    NoTrace t;
    return r_measure(r, gains, beta, t);
}

template <class T>
double p_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff, T& t) {
    if constexpr (T::on)
        t.formula(
            std::string("P-measure = BR(r_p), r_p the first rank holding a document of the highest gain retrieved") +
            (cutoff < 0 ? "" : " in the top l") + "; " + kBr);
    long rp = preferred_rank(r, gains, cutoff);
    t.term("r_p", static_cast<double>(rp));
    double v = rp ? blended_ratio_at(r, gains, beta, rp, t) : 0.0;
    t.term(rp ? "P-measure = BR(r_p)" : "P-measure (no relevant document retrieved)", v);
    return v;
}

double p_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    NoTrace t;
    return p_measure(r, gains, beta, cutoff, t);
}

template <class T>
double o_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff, T& t) {
    if constexpr (T::on)
        t.formula(std::string("O-measure = BR(r_1), r_1 the rank of the first relevant document") +
                  (cutoff < 0 ? "" : " in the top l") + "; 0 without one; " + kBr);
    long n = depth(r, cutoff);
    for (long k = 0; k < n; ++k)
        if (r.rels[static_cast<std::size_t>(k)] >= r.rel_level) {
            t.term("r_1", static_cast<double>(k + 1));
            double v = blended_ratio_at(r, gains, beta, k + 1, t);
            t.term("O-measure = BR(r_1)", v);
            return v;
        }
    t.term("O-measure (no relevant document)", 0.0);
    return 0.0;
}

double o_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    NoTrace t;
    return o_measure(r, gains, beta, cutoff, t);
}

namespace {

/// The blended-ratio measures' parameters.
std::vector<ParamInfo> blended_params() {
    return {ParamInfo::real("beta", "user persistence: weight of cumulative gain in the blended ratio")
                .defaults_to("1")
                .in(Range::non_negative(kMaxWeight)),
            rel_param(), gains_param(), judged_only_param()};
}

/// A blended-ratio measure f(ranking, gains, beta, cutoff, tracer), compiled.
template <class F>
auto blended(F f) {
    return [f](const MeasureSpec& s) {
        double beta = s.real_param("beta");
        if (!(beta >= 0) || !std::isfinite(beta))
            throw UsageError(s.info().name + ": beta must be a finite number >= 0, got " + format_number(beta));
        long cutoff = s.has_cutoff() ? s.cutoff_int() : -1;
        long level = s.int_param("rel");
        ParamValue gains = s.param("gains");
        bool jo = s.bool_param("judged_only");
        return traced([=](const TopicView& v, auto& t) {
            const Ranking& r = v.ranking(level, jo);
            return f(r, gain_table(gains, r), beta, cutoff, t);
        });
    };
}

// The traced overloads, as callables for blended().
#define IRLENS_BLENDED(fn)                                                                     \
    [](const Ranking& r, const std::vector<GainLevel>& g, double beta, long cutoff, auto& t) { \
        return fn(r, g, beta, cutoff, t);                                                      \
    }

}  // namespace

void add_blended_ratio_measures(std::vector<MeasureInfo>& out) {
    const std::string cite = "Sakai, Metrics, Statistics, Tests (PROMISE 2013), ";
    const std::string ntcir = "; Sakai, New performance metrics based on multigrade relevance (NTCIR-4, 2004)";
    Rows rows(out, "blended ratio");
    rows.add("Q")
        .alias("Q-measure")
        .help(
            "Q-measure: graded AP, the blended ratio (C(r) + beta cg(r)) / (r + beta cg*(r)) averaged over "
            "relevant documents; over min(l, R) with @l. beta=0 gives AP.")
        .cite(cite + "Eqs. 12-13" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(IRLENS_BLENDED(q_measure)));
    rows.add("RMeasure")
        .alias("R-measure")
        .help("R-measure: the blended ratio at rank R (graded R-precision).")
        .cite(cite + "Sec. 2.2 (R-measure)" + ntcir)
        .params(blended_params())
        .make(blended([](const Ranking& r, const std::vector<GainLevel>& g, double beta, long, auto& t) {
            return r_measure(r, g, beta, t);
        }));
    rows.add("PMeasure")
        .alias("P-measure")
        .help(
            "P-measure: the blended ratio at r_p, the first rank holding a document of the highest gain "
            "retrieved (within the top l with @l).")
        .cite(cite + "Sec. 2.2 (P-measure)" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(IRLENS_BLENDED(p_measure)));
    rows.add("OMeasure")
        .alias("O-measure")
        .help("O-measure: the blended ratio at the first relevant document (graded RR).")
        .cite(cite + "Sec. 2.2 (O-measure)" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(IRLENS_BLENDED(o_measure)));
    rows.add("P+")
        .alias("Pplus")
        .alias("P+-measure")
        .help(
            "P+: the blended ratio averaged over the relevant documents at or above r_p, the first rank "
            "holding a document of the highest gain retrieved (within the top l with @l).")
        .cite(cite + "Eq. 14" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(IRLENS_BLENDED(p_plus_at)));
}

#undef IRLENS_BLENDED

}  // namespace irlens::measures
