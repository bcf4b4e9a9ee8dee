// Sakai's blended-ratio measures: Q, R-measure, P-measure, O-measure and P+ (see sakai.hpp for the
// definitions and the conventions they share), and their registry entries.
#include "measures/sakai.hpp"

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

/// BR at rank `rank` (>= 1, within the ranking).
double blended_ratio_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long rank) {
    BlendedRatioWalk w(r, gains, beta);
    while (w.rank() < rank) w.step();
    return w.br();
}

}  // namespace

double q_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    if (!r.num_rel) return 0.0;
    long n = depth(r, cutoff);
    BlendedRatioWalk w(r, gains, beta);
    double sum = 0.0;
    while (w.rank() < n) {
        w.step();
        if (w.relevant()) sum += w.br();
    }
    long denom = cutoff < 0 ? r.num_rel : std::min(cutoff, r.num_rel);
    return sum / static_cast<double>(denom);
}

double p_plus_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    long rp = preferred_rank(r, gains, cutoff);
    if (!rp) return 0.0;
    BlendedRatioWalk w(r, gains, beta);
    double sum = 0.0;
    while (w.rank() < rp) {
        w.step();
        if (w.relevant()) sum += w.br();
    }
    return sum / static_cast<double>(w.relevant_so_far());
}

double p_plus(const Ranking& r, const std::vector<GainLevel>& gains, double beta) { return p_plus_at(r, gains, beta, -1); }

double r_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta) {
    if (!r.num_rel) return 0.0;
    BlendedRatioWalk w(r, gains, beta);
    while (w.rank() < std::min(r.num_rel, r.num_ret)) w.step();
    // At rank R the ideal list is complete: cg*(R) is its total, whatever was retrieved.
    return (static_cast<double>(w.relevant_so_far()) + beta * w.cumulative_gain()) /
           (static_cast<double>(r.num_rel) + beta * w.ideal_total());
}

double p_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    long rp = preferred_rank(r, gains, cutoff);
    return rp ? blended_ratio_at(r, gains, beta, rp) : 0.0;
}

double o_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff) {
    long n = depth(r, cutoff);
    for (long k = 0; k < n; ++k)
        if (r.rels[static_cast<std::size_t>(k)] >= r.rel_level) return blended_ratio_at(r, gains, beta, k + 1);
    return 0.0;
}

namespace {

using BlendedFn = double (*)(const Ranking&, const std::vector<GainLevel>&, double, long);

/// The blended-ratio measures' parameters.
std::vector<ParamInfo> blended_params() {
    return {ParamInfo::real("beta", "user persistence: weight of cumulative gain in the blended ratio")
                .defaults_to("1")
                .in(Range::non_negative(kMaxWeight)),
            rel_param(), gains_param(), judged_only_param()};
}

/// A blended-ratio measure f(ranking, gains, beta, cutoff), compiled.
auto blended(BlendedFn f) {
    return [f](const MeasureSpec& s) {
        double beta = s.real_param("beta");
        if (!(beta >= 0) || !std::isfinite(beta))
            throw UsageError(s.info().name + ": beta must be a finite number >= 0, got " + format_number(beta));
        long cutoff = s.has_cutoff() ? s.cutoff_int() : -1;
        long level = s.int_param("rel");
        ParamValue gains = s.param("gains");
        bool jo = s.bool_param("judged_only");
        return fn([=](const TopicView& v) {
            const Ranking& r = v.ranking(level, jo);
            return f(r, gain_table(gains, r), beta, cutoff);
        });
    };
}

double r_measure_fn(const Ranking& r, const std::vector<GainLevel>& g, double beta, long) { return r_measure(r, g, beta); }

}  // namespace

void add_blended_ratio_measures(std::vector<MeasureInfo>& out) {
    const std::string cite = "Sakai, Metrics, Statistics, Tests (PROMISE 2013), ";
    const std::string ntcir = "; Sakai, New performance metrics based on multigrade relevance (NTCIR-4, 2004)";
    Rows rows(out, "blended ratio");
    rows.add("Q")
        .alias("Q-measure")
        .help("Q-measure: graded AP, the blended ratio (C(r) + beta cg(r)) / (r + beta cg*(r)) averaged over "
              "relevant documents; over min(l, R) with @l. beta=0 gives AP.")
        .cite(cite + "Eqs. 12-13" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(q_measure));
    rows.add("RMeasure")
        .alias("R-measure")
        .help("R-measure: the blended ratio at rank R (graded R-precision).")
        .cite(cite + "Sec. 2.2 (R-measure)" + ntcir)
        .params(blended_params())
        .make(blended(r_measure_fn));
    rows.add("PMeasure")
        .alias("P-measure")
        .help("P-measure: the blended ratio at r_p, the first rank holding a document of the highest gain "
              "retrieved (within the top l with @l).")
        .cite(cite + "Sec. 2.2 (P-measure)" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(p_measure));
    rows.add("OMeasure")
        .alias("O-measure")
        .help("O-measure: the blended ratio at the first relevant document (graded RR).")
        .cite(cite + "Sec. 2.2 (O-measure)" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(o_measure));
    rows.add("P+")
        .alias("Pplus")
        .alias("P+-measure")
        .help("P+: the blended ratio averaged over the relevant documents at or above r_p, the first rank "
              "holding a document of the highest gain retrieved (within the top l with @l).")
        .cite(cite + "Eq. 14" + ntcir)
        .cutoff()
        .cutoff_help("measurement depth l")
        .params(blended_params())
        .make(blended(p_plus_at));
}

}  // namespace irlens::measures
