// Gain-based measures: nDCG (ndcg, ndcg_cut), DCG, ideal DCG, ndcg_rel, Rndcg, G and binG of
// trec_eval 10.0 (m_ndcg.c, m_ndcg_cut.c, m_ndcg_rel.c, m_Rndcg.c, m_G.c, m_binG.c; NIST), number
// for number, including the order in which trec_eval adds things up.
//
// nDCG_k = DCG_k / IDCG_k, DCG_k = sum_{i<=k} gain(d_i) / log2(i + 1) (Jarvelin & Kekalainen,
// TOIS 2002, as implemented by trec_eval: the discount applies from rank 1 on; Sakai, PROMISE
// 2013, Eq. 6). nDCG, DCG and IdealDCG also take the other discounts of the literature (`dcg`):
//   log2      gain / log2(r + 1)                     (default; trec_eval, Sakai Eq. 6)
//   exp-log2  (2^gain - 1) / log2(r + 1)             (Burges et al., ICML 2005; ir_measures' name)
//   jk        gain / max(1, log_b r): no discount for r <= b (Jarvelin & Kekalainen, TOIS 2002, the
//             original "patience" base b; Sakai 2013 Sec. 2.2 advises against it)
//   1+logb    gain / (1 + log_b r)                   (Jarvelin et al., ECIR 2008; Sakai 2013 Sec. 2.2)
// The ideal ranking is discounted the same way.
#include "measures/common.hpp"
#include "measures/trace.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

#include "irlens/error.hpp"

namespace irlens::measures {

std::vector<GainLevel> setup_gains(const std::vector<std::pair<long, double>>& given, const Ranking& r) {
    std::vector<GainLevel> gains;
    if (!r.level_gains.empty()) {  // already in increasing order of gain
        for (long level = 0; level < r.num_rel_levels; ++level)
            gains.push_back(
                {level, r.level_gains[static_cast<std::size_t>(level)], r.rel_levels[static_cast<std::size_t>(level)]});
        return gains;
    }
    for (const auto& g : given) gains.push_back({g.first, g.second, 0});
    // Only the listed levels need a search (the levels appended below are distinct): O(levels x
    // listed) rather than O(levels^2).
    const auto listed_end = static_cast<std::ptrdiff_t>(gains.size());
    for (long level = 0; level < r.num_rel_levels; ++level) {
        auto it = std::find_if(gains.begin(), gains.begin() + listed_end,
                               [&](const GainLevel& g) { return g.level == level; });
        if (it != gains.begin() + listed_end)
            it->count = r.rel_levels[static_cast<std::size_t>(level)];
        else
            gains.push_back({level, static_cast<double>(level), r.rel_levels[static_cast<std::size_t>(level)]});
    }
    // gain_init.c sorts by increasing gain with an int-truncated difference as the comparator;
    // saturated here, so that gains beyond the int range cannot overflow the conversion (UB in
    // trec_eval as well; found by the fuzzer's UBSan build).
    trec_qsort(gains, [](const GainLevel& a, const GainLevel& b) {
        double d = a.gain - b.gain;
        return d >= 2147483647.0 ? INT_MAX : d <= -2147483648.0 ? INT_MIN : d == d ? static_cast<int>(d) : 0;
    });
    return gains;
}

double gain_of(long rel, const std::vector<GainLevel>& gains) {
    for (const GainLevel& g : gains)
        if (g.level == rel) return g.gain;
    return 0.0;
}

GainLookup::GainLookup(const std::vector<GainLevel>& gains) : gains_(&gains) {
    if (gains.empty()) return;
    long lo = gains[0].level, hi = gains[0].level;
    for (const GainLevel& g : gains) {
        lo = std::min(lo, g.level);
        hi = std::max(hi, g.level);
    }
    lo_ = lo;
    if (static_cast<unsigned long>(hi) - static_cast<unsigned long>(lo) >= kSpan) {
        wide_ = true;
        bound_ = std::numeric_limits<double>::infinity();
        return;
    }
    table_.assign(static_cast<std::size_t>(hi - lo) + 1, 0.0);
    // Backwards, so that a level listed twice keeps its first gain (gain_of's first match).
    for (auto g = gains.rbegin(); g != gains.rend(); ++g) table_[static_cast<std::size_t>(g->level - lo)] = g->gain;
    // A NaN gain leaves no bound (a NaN compares false: no ranking loop may stop early on it).
    for (double g : table_) bound_ = std::isnan(g) ? g : std::max(bound_, std::fabs(g));
}

double level_gain(const ParamValue& gains, long level) {
    if (gains.word == "exp") return std::exp2(static_cast<double>(level)) - 1.0;
    for (const auto& g : gains.gains)
        if (g.first == level) return g.second;
    return static_cast<double>(level);
}

std::vector<GainLevel> gain_table(const ParamValue& gains, const Ranking& r) {
    if (gains.word != "exp") return setup_gains(gains.gains, r);
    std::vector<std::pair<long, double>> given;
    for (long level = 0; level < r.num_rel_levels; ++level) given.emplace_back(level, level_gain(gains, level));
    return setup_gains(given, r);
}

namespace {

const long kNoCutoff = std::numeric_limits<long>::max();

/// Walks the ideal ranking of a gain table from the highest gain down (the state machine of
/// m_ndcg.c): next() returns the gain at the next ideal rank, or 0 once the positive gains are used.
class IdealWalk {
public:
    explicit IdealWalk(const std::vector<GainLevel>& g) : g_(g), level_(static_cast<long>(g.size()) - 1) {
        gain_ = level_ >= 0 ? g_[static_cast<std::size_t>(level_)].gain : 0.0;
    }
    double current() const { return gain_; }
    double next() {
        ++num_at_level_;
        while (level_ >= 0 && num_at_level_ > g_[static_cast<std::size_t>(level_)].count) {
            num_at_level_ = 1;
            --level_;
            gain_ = level_ >= 0 ? g_[static_cast<std::size_t>(level_)].gain : 0.0;
        }
        return gain_;
    }

private:
    const std::vector<GainLevel>& g_;
    long level_;
    long num_at_level_ = 0;
    double gain_;
};

struct Dcg {
    double dcg = 0, ideal = 0;
};

/// The rank discount (and gain transform) of one DCG variant; see the top of this file.
struct Discount {
    enum Kind { Log2, ExpLog2, JK, OnePlusLogB } kind = Log2;
    double b = 2;  // log base of JK and OnePlusLogB

    double gain(double g) const { return kind == ExpLog2 ? std::exp2(g) - 1.0 : g; }
    /// What a gain at 1-based rank `rank` is divided by.
    double divisor(long rank) const {
        double r = static_cast<double>(rank);
        switch (kind) {
            case JK: return r <= b ? 1.0 : std::log(r) / std::log(b);
            case OnePlusLogB: return 1.0 + std::log(r) / std::log(b);
            default: return std::log2(r + 1.0);  // bit for bit trec_eval's log2(i + 2), i 0-based
        }
    }
    /// The discounted gain of g at 1-based rank `rank`.
    double at(double g, long rank) const { return g / divisor(rank); }
};

/// The `dcg` and `b` parameters of nDCG, DCG and IdealDCG.
Discount discount_of(const MeasureSpec& s) {
    Discount d;
    const std::string& kind = s.word_param("dcg");
    d.b = s.real_param("b");
    d.kind = kind == "exp-log2" ? Discount::ExpLog2
             : kind == "jk"     ? Discount::JK
             : kind == "1+logb" ? Discount::OnePlusLogB
                                : Discount::Log2;
    if ((d.kind == Discount::Log2 || d.kind == Discount::ExpLog2) && d.b != 2)
        throw UsageError(s.info().name + ": b (the log base) applies to dcg=jk and dcg=1+logb; dcg=" + kind +
                         " uses base 2, got b=" + format_number(d.b));
    if (!(d.b > 1) || !std::isfinite(d.b))
        throw UsageError(s.info().name + ": b (the log base) must be a number above 1, got " + format_number(d.b));
    return d;
}

/// m_ndcg.c (ndcg, dcg, ideal_dcg), truncated at rank k when k != kNoCutoff, with discount d
/// (trec_eval's numbers exactly for the default log2). Traced for explain mode: per rank the gain,
/// the discount, gain / discount and DCG so far; then the ideal ranking's gain and IDCG so far
/// (ranks past the run's list included).
template <class T>
Dcg gain_dcg(const Ranking& r, const std::vector<GainLevel>& gains, long k, const Discount& d, T& t) {
    t.ranking(r);
    std::size_t c = t.columns({"gain", "discount", "gain / discount", "DCG so far", "ideal gain", "IDCG so far"});
    Dcg out;
    long n = std::min(r.num_ret, k);
    for (long i = 0; i < n; ++i) {
        double g = d.gain(gain_of(r.rels[static_cast<std::size_t>(i)], gains));
        if (g != 0) out.dcg += d.at(g, i + 1);
        if constexpr (T::on) {
            double div = d.divisor(i + 1);
            t.row(i, {g, div, g / div, out.dcg}, c);
        }
    }
    t.term("DCG", out.dcg);
    IdealWalk ideal(gains);
    for (long i = 0; ideal.current() > 0.0 && i < k; ++i) {
        double g = d.gain(ideal.next());
        if (g > 0.0) out.ideal += d.at(g, i + 1);
        if constexpr (T::on) {
            if (g > 0.0) t.row(i, {g, out.ideal}, c + 4);
        }
    }
    t.term("IDCG (DCG of the ideal ranking)", out.ideal);
    return out;
}

/// m_ndcg_cut.c for one cutoff: the judgment itself is the gain; the ideal ranking is built from
/// the level counts and stops at level 0. Traced as gain_dcg.
template <class T>
double ndcg_cut(const Ranking& r, long k, T& t) {
    t.ranking(r);
    t.formula(
        "nDCG@k = DCG@k / IDCG@k, DCG@k = sum over ranks i <= k of gain_i / log2(i + 1), gain = the judgment "
        "(trec_eval's ndcg_cut); IDCG@k = DCG@k of the ideal ranking");
    std::size_t c =
        t.columns({"gain", "discount log2(rank+1)", "gain / discount", "DCG so far", "ideal gain", "IDCG so far"});
    double sum = 0.0;
    long n = std::min(r.num_ret, k);
    for (long i = 0; i < n; ++i) {
        double gain = r.rels[static_cast<std::size_t>(i)];
        if (gain > 0) sum += gain / std::log2(static_cast<double>(i + 2));
        if constexpr (T::on) {
            double d = std::log2(static_cast<double>(i + 2));
            double g = gain > 0 ? gain : 0.0;
            t.row(i, {g, d, g / d, sum}, c);
        }
    }
    t.term("DCG@k", sum);
    long cur_lvl = r.num_rel_levels - 1, lvl_count = 0;
    double ideal = 0.0;
    for (long i = 0;; ++i) {
        ++lvl_count;
        while (cur_lvl > 0 && lvl_count > r.rel_levels[static_cast<std::size_t>(cur_lvl)]) {
            --cur_lvl;
            lvl_count = 1;
        }
        if (cur_lvl == 0 || i == k) break;
        ideal += static_cast<double>(cur_lvl) / std::log2(static_cast<double>(i + 2));
        if constexpr (T::on) t.row(i, {static_cast<double>(cur_lvl), ideal}, c + 4);
    }
    t.term("IDCG@k", ideal);
    double v = ideal > 0.0 ? sum / ideal : sum;
    t.term(ideal > 0.0 ? "nDCG@k = DCG@k / IDCG@k" : "nDCG@k = DCG@k (IDCG@k = 0)", v);
    return v;
}

/// m_ndcg_rel.c: nDCG averaged at each relevant (gain > 0) document, with relevant documents not
/// retrieved contributing the final DCG over the ideal. Traced: per rank the gain, DCG so far, the
/// ideal gain, IDCG so far and, at a relevant rank, the nDCG added.
template <class T>
double ndcg_rel(const Ranking& r, const std::vector<GainLevel>& gains, T& t) {
    t.ranking(r);
    t.formula(
        "nDCGRel = (sum over relevant retrieved documents of DCG/IDCG at their rank + (R - relevant retrieved) "
        "* DCG/IDCG at the end) / R, R = documents with a positive ideal gain; 0 when the sum is 0");
    std::size_t c = t.columns({"gain", "DCG so far", "ideal gain", "IDCG so far", "nDCG added"});
    double results_dcg = 0, ideal_dcg = 0, sum = 0;
    long num_rel_ret = 0, num_rel = 0, i = 0;
    IdealWalk ideal(gains);
    for (; i < r.num_ret && ideal.current() > 0.0; ++i) {
        double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
        if (g != 0) results_dcg += g / std::log2(static_cast<double>(i + 2));
        double ig = ideal.next();
        if (ig > 0.0) {
            ++num_rel;
            ideal_dcg += ig / std::log2(static_cast<double>(i + 2));
        }
        if (g > 0) {
            sum += results_dcg / ideal_dcg;
            ++num_rel_ret;
        }
        if constexpr (T::on)
            t.row(i, {g, results_dcg, ig, ideal_dcg, g > 0 ? results_dcg / ideal_dcg : std::nan("")}, c);
    }
    for (; i < r.num_ret; ++i) {
        double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
        if (g != 0) results_dcg += g / std::log2(static_cast<double>(i + 2));
        if (g > 0) {
            sum += results_dcg / ideal_dcg;
            ++num_rel_ret;
        }
        if constexpr (T::on)
            t.row(i, {g, results_dcg, std::nan(""), ideal_dcg, g > 0 ? results_dcg / ideal_dcg : std::nan("")}, c);
    }
    while (ideal.current() > 0.0) {
        double ig = ideal.next();
        if (ig > 0.0) {
            ++num_rel;
            ideal_dcg += ig / std::log2(static_cast<double>(i + 2));
        }
        if constexpr (T::on) t.row(i, {ig, ideal_dcg}, c + 2);
        ++i;
    }
    t.term("sum at relevant retrieved documents", sum);
    t.term("R (documents with a positive ideal gain)", static_cast<double>(num_rel));
    t.term("relevant retrieved", static_cast<double>(num_rel_ret));
    t.term("final DCG", results_dcg);
    t.term("final IDCG", ideal_dcg);
    sum += static_cast<double>(num_rel - num_rel_ret) * results_dcg / ideal_dcg;
    t.term("sum + (R - relevant retrieved) * DCG / IDCG", sum);
    double v = sum > 0.0 ? sum / num_rel : 0.0;
    t.term("nDCGRel = sum / R", v);
    return v;
}

/// m_Rndcg.c: nDCG averaged at the ranks where the ideal gain changes (the "R levels"). Traced:
/// per rank the gain, DCG so far, ideal gain, IDCG so far and the nDCG added where the ideal gain
/// changes (before this rank's gains are added, as m_Rndcg.c does).
template <class T>
double rndcg(const Ranking& r, const std::vector<GainLevel>& gains, T& t) {
    t.ranking(r);
    t.formula(
        "RnDCG = mean of DCG/IDCG taken just before each rank where the ideal gain changes (and at the end "
        "of the run's list when it ends before the ideal gains do); 0 when R = 0");
    std::size_t c = t.columns({"gain", "DCG so far", "ideal gain", "IDCG so far", "nDCG added"});
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    if (r.num_rel == 0) {
        t.term("RnDCG (R = 0)", 0.0);
        return 0.0;
    }
    double results_dcg = 0, ideal_dcg = 0, sum = 0;
    long changes = 0, i = 0;
    IdealWalk ideal(gains);
    double old_ideal_gain = ideal.current();
    for (; i < r.num_ret && ideal.current() > 0.0; ++i) {
        double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
        double ig = ideal.next();
        double added = std::nan("");
        if (old_ideal_gain != ig) {
            if (ideal_dcg > 0.0) {
                added = results_dcg / ideal_dcg;
                sum += results_dcg / ideal_dcg;
                ++changes;
            }
            old_ideal_gain = ig;
        }
        if (g != 0) results_dcg += g / std::log2(static_cast<double>(i + 2));
        if (ig > 0.0) ideal_dcg += ig / std::log2(static_cast<double>(i + 2));
        if constexpr (T::on) t.row(i, {g, results_dcg, ig, ideal_dcg, added}, c);
    }
    if (i < r.num_ret) {
        for (; i < r.num_ret; ++i) {
            double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
            if (g != 0) results_dcg += g / std::log2(static_cast<double>(i + 2));
            if constexpr (T::on) t.row(i, {g, results_dcg}, c);
        }
        if (ideal_dcg > 0.0) {
            sum += results_dcg / ideal_dcg;
            ++changes;
            if constexpr (T::on) t.row(i - 1, {results_dcg / ideal_dcg}, c + 4);
        }
    }
    while (ideal.current() > 0.0) {
        double ig = ideal.next();
        double added = std::nan("");
        if (old_ideal_gain != ig) {
            if (ideal_dcg > 0.0) {
                added = results_dcg / ideal_dcg;
                sum += results_dcg / ideal_dcg;
                ++changes;
            }
            old_ideal_gain = ig;
        }
        if (ig > 0.0) ideal_dcg += ig / std::log2(static_cast<double>(i + 2));
        if constexpr (T::on) t.row(i, {ig, ideal_dcg, added}, c + 2);
        ++i;
    }
    t.term("sum of nDCG at the changes", sum);
    t.term("changes", static_cast<double>(changes));
    double v = sum / changes;
    t.term("RnDCG = sum / changes", v);
    return v;
}

/// m_G.c: each doc contributes gain / log2(2 + cost so far - gain so far), normalised by the total
/// ideal gain. Traced: per rank the gain, ideal gain, cost so far, gain so far and the contribution.
template <class T>
double g_measure(const Ranking& r, const std::vector<GainLevel>& gains, T& t) {
    t.ranking(r);
    t.formula(
        "G = (sum over ranks of gain / log2(2 + cost so far - gain so far)) / (total ideal gain), cost of a "
        "rank = max(ideal gain, 1) (1 past the ideal ranking); 0 when the ideal gain is 0");
    std::size_t c = t.columns({"gain", "ideal gain", "cost so far", "gain so far", "contribution", "sum"});
    double results_g = 0, sum_results = 0, sum_ideal = 0, sum_cost = 0;
    const double min_cost = 1.0;
    long i = 0;
    IdealWalk ideal(gains);
    for (; i < r.num_ret && ideal.current() > 0.0; ++i) {
        double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
        sum_results += g;
        double ig = ideal.next();
        if (ig > 0.0) sum_ideal += ig;
        sum_cost += ig >= min_cost ? ig : min_cost;
        double before = results_g;
        if (g != 0) results_g += g / std::log2(2 + sum_cost - sum_results);
        if constexpr (T::on) t.row(i, {g, ig, sum_cost, sum_results, results_g - before, results_g}, c);
    }
    for (; i < r.num_ret; ++i) {
        double g = gain_of(r.rels[static_cast<std::size_t>(i)], gains);
        sum_results += g;
        sum_cost += min_cost;
        double before = results_g;
        if (g != 0) results_g += g / std::log2(2 + sum_cost - sum_results);
        if constexpr (T::on) t.row(i, {g, std::nan(""), sum_cost, sum_results, results_g - before, results_g}, c);
    }
    while (ideal.current() > 0.0) {
        double ig = ideal.next();
        if (ig > 0.0) sum_ideal += ig;
        if constexpr (T::on) {
            if (ig > 0.0) t.row(i, {ig}, c + 1);
        }
        ++i;
    }
    t.term("sum of contributions", results_g);
    t.term("total ideal gain", sum_ideal);
    double v = sum_ideal > 0.0 ? results_g / sum_ideal : 0.0;
    t.term("G = sum / total ideal gain", v);
    return v;
}

/// m_binG.c: G with binary gains, sum over relevant docs of 1/log2(2 + non-relevant before it).
/// Traced: relevant, non-relevant before it, the contribution, the sum.
template <class T>
double bin_g(const Ranking& r, T& t) {
    t.ranking(r);
    t.formula("BinG = (sum over relevant retrieved documents of 1 / log2(2 + non-relevant documents above it)) / R");
    std::size_t c = t.columns({"relevant", "non-relevant above", "contribution", "sum"});
    long rel_so_far = 0;
    double sum = 0.0;
    for (long i = 0; i < r.num_ret; ++i) {
        if (r.rels[static_cast<std::size_t>(i)] >= r.rel_level) {
            ++rel_so_far;
            sum += 1.0 / std::log2(static_cast<double>(3 + i - rel_so_far));
            if constexpr (T::on)
                t.row(i,
                      {1.0, static_cast<double>(i + 1 - rel_so_far),
                       1.0 / std::log2(static_cast<double>(3 + i - rel_so_far)), sum},
                      c);
        } else if constexpr (T::on) {
            t.row(i, {0.0, std::nan(""), std::nan(""), sum}, c);
        }
    }
    t.term("sum of contributions", sum);
    t.term("R (relevant judged)", static_cast<double>(r.num_rel));
    double v = rel_so_far ? sum / static_cast<double>(r.num_rel) : 0.0;
    t.term("BinG = sum / R (0 when nothing relevant was retrieved)", v);
    return v;
}

/// The parameters of nDCG, DCG and IdealDCG: gains, the discount variant, condensed lists.
std::vector<ParamInfo> dcg_params() {
    return {gains_param(),
            ParamInfo::word("dcg",
                            "discount: log2 = gain/log2(r+1); exp-log2 = (2^gain-1)/log2(r+1); jk = gain/log_b(r), "
                            "none for r <= b; 1+logb = gain/(1+log_b r)")
                .defaults_to("log2")
                .one_of({"log2", "exp-log2", "jk", "1+logb"}),
            ParamInfo::real("b", "log base of dcg=jk and dcg=1+logb").defaults_to("2").in(Range::above(1)),
            judged_only_param()};
}

/// with_gains for a traced f(ranking, gains, tracer).
template <class F>
std::unique_ptr<TopicMeasure> with_gains_traced(const MeasureSpec& s, F f) {
    ParamValue gains = s.param("gains");
    bool jo = s.bool_param("judged_only");
    return traced([=](const TopicView& v, auto& t) {
        const Ranking& r = v.ranking(1, jo);
        return f(r, gain_table(gains, r), t);
    });
}

}  // namespace

double ndcg_with_gains(const Ranking& r, const std::vector<GainLevel>& gains, long k) {
    NoTrace t;
    Dcg x = gain_dcg(r, gains, k, Discount(), t);
    return x.ideal > 0.0 ? x.dcg / x.ideal : 0.0;
}

void add_gain_measures(std::vector<MeasureInfo>& out) {
    Rows rows(out, "gain");
    rows.add("nDCG")
        .alias("NDCG")
        .alias("ndcg")
        .help(
            "Normalised discounted cumulative gain, gain / log2(rank + 1), over the ideal ranking's; "
            "@k truncates both (trec_eval's ndcg_cut.k); dcg= picks another discount.")
        .cite(
            "Jarvelin & Kekalainen, TOIS 2002; Sakai, PROMISE 2013, Eq. 6; Burges et al., ICML 2005 "
            "(exp-log2); Jarvelin et al., ECIR 2008 (1+logb); trec_eval 10.0 (NIST), m_ndcg.c, m_ndcg_cut.c")
        .cutoff()
        .params(dcg_params())
        .trec(trec("ndcg", 23).pairs())
        .trec(trec("ndcg_cut", 26).cutoffs(kTrecCutoffs))
        .make([](const MeasureSpec& s) -> std::unique_ptr<TopicMeasure> {
            long k = s.has_cutoff() ? s.cutoff_int() : kNoCutoff;
            Discount d = discount_of(s);
            auto of_table = [k, d](const Ranking& r, const std::vector<GainLevel>& g, auto& t) {
                t.formula(
                    "nDCG = DCG / IDCG, DCG = sum over ranks i of gain_i / discount_i (to rank k with @k); IDCG = "
                    "the DCG of the ideal ranking (all judged documents by decreasing gain); 0 when IDCG = 0");
                Dcg x = gain_dcg(r, g, k, d, t);
                double v = x.ideal > 0.0 ? x.dcg / x.ideal : 0.0;
                t.term("nDCG = DCG / IDCG", v);
                return v;
            };
            if (s.has_cutoff() && !s.param("gains").given && d.kind == Discount::Log2) {
                bool jo = s.bool_param("judged_only");
                ParamValue gains = s.param("gains");
                return traced([=](const TopicView& v, auto& t) {
                    const Ranking& r = v.ranking(1, jo);
                    // ndcg_cut takes the judgment for the gain; a ranking with level gains (D-nDCG's) has a table.
                    return r.level_gains.empty() ? ndcg_cut(r, k, t) : of_table(r, gain_table(gains, r), t);
                });
            }
            return with_gains_traced(s, of_table);
        });
    rows.add("DCG")
        .alias("dcg")
        .help("Discounted cumulative gain, sum of gain / log2(rank + 1) (unnormalised).")
        .cite(
            "Jarvelin & Kekalainen, TOIS 2002; Sakai, PROMISE 2013, Sec. 2.2; trec_eval 10.0 (NIST), "
            "m_ndcg.c (dcg)")
        .cutoff()
        .params(dcg_params())
        .values(Range::non_negative())
        .trec(trec("dcg", 21).pairs())
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : kNoCutoff;
            Discount d = discount_of(s);
            return with_gains_traced(s, [k, d](const Ranking& r, const std::vector<GainLevel>& g, auto& t) {
                t.formula("DCG = sum over ranks i of gain_i / discount_i (to rank k with @k)");
                return gain_dcg(r, g, k, d, t).dcg;
            });
        });
    rows.add("IdealDCG")
        .alias("ideal_dcg")
        .help("DCG of the ideal ranking (the normaliser of nDCG).")
        .cite("Jarvelin & Kekalainen, TOIS 2002; trec_eval 10.0 (NIST), m_ndcg.c (ideal_dcg)")
        .cutoff()
        .params(dcg_params())
        .values(Range::non_negative())
        .trec(trec("ideal_dcg", 22).pairs())
        .make([](const MeasureSpec& s) {
            long k = s.has_cutoff() ? s.cutoff_int() : kNoCutoff;
            Discount d = discount_of(s);
            return with_gains_traced(s, [k, d](const Ranking& r, const std::vector<GainLevel>& g, auto& t) {
                t.formula("IdealDCG = DCG of the ideal ranking: every judged document by decreasing gain");
                return gain_dcg(r, g, k, d, t).ideal;
            });
        });
    rows.add("nDCGRel")
        .alias("ndcg_rel")
        .help("nDCG averaged at each relevant document (trec_eval's experimental ndcg_rel).")
        .cite("trec_eval 10.0 (NIST), m_ndcg_rel.c")
        .params({gains_param(), judged_only_param()})
        .trec(trec("ndcg_rel", 24).pairs())
        .make([](const MeasureSpec& s) {
            return with_gains_traced(
                s, [](const Ranking& r, const std::vector<GainLevel>& g, auto& t) { return ndcg_rel(r, g, t); });
        });
    rows.add("RnDCG")
        .alias("Rndcg")
        .help("nDCG averaged at the R levels where the ideal gain changes (trec_eval's experimental Rndcg).")
        .cite("trec_eval 10.0 (NIST), m_Rndcg.c")
        .params({gains_param(), judged_only_param()})
        .trec(trec("Rndcg", 25).pairs())
        .make([](const MeasureSpec& s) {
            return with_gains_traced(
                s, [](const Ranking& r, const std::vector<GainLevel>& g, auto& t) { return rndcg(r, g, t); });
        });
    rows.add("G")
        .help(
            "Normalised gain G: gain / log2(2 + ideal gain so far - gain so far), over the total ideal gain "
            "(trec_eval's experimental G).")
        .cite("trec_eval 10.0 (NIST), m_G.c")
        .params({gains_param(), judged_only_param()})
        .trec(trec("G", 20).pairs())
        .make([](const MeasureSpec& s) {
            return with_gains_traced(
                s, [](const Ranking& r, const std::vector<GainLevel>& g, auto& t) { return g_measure(r, g, t); });
        });
    rows.add("BinG")
        .alias("binG")
        .help("Binary G: mean over relevant documents of 1 / log2(2 + non-relevant retrieved before it).")
        .cite("trec_eval 10.0 (NIST), m_binG.c")
        .params({rel_param(), judged_only_param()})
        .trec(trec("binG", 19))
        .make([](const MeasureSpec& s) {
            long level = s.int_param("rel");
            bool jo = s.bool_param("judged_only");
            return traced([=](const TopicView& v, auto& t) { return bin_g(v.ranking(level, jo), t); });
        });
}

}  // namespace irlens::measures
