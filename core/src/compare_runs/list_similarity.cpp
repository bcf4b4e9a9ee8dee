// RBO, KTU, overlap and Jaccard of two document lists; contracts and citations in
// irlens/compare_runs/list_similarity.hpp.
#include "irlens/compare_runs/list_similarity.hpp"

#include "irlens/error.hpp"
#include "irlens/stats/correlation.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace irlens {

namespace {

void check_no_repeats(const DocList& list) {
    std::unordered_set<std::string_view> seen;
    for (std::string_view d : list)
        if (!seen.insert(d).second) throw UsageError("ranked list: the document '" + std::string(d) + "' occurs twice");
}

/// X_d for d = 1..max(|a|, |b|): the overlap of the two prefixes of depth d (a list past its end
/// adds nothing).
std::vector<double> prefix_overlaps(const DocList& a, const DocList& b) {
    const std::size_t n = std::max(a.size(), b.size());
    std::vector<double> x(n);
    std::unordered_set<std::string_view> in_a, in_b;
    double overlap = 0;
    for (std::size_t d = 0; d < n; ++d) {
        const bool has_a = d < a.size(), has_b = d < b.size();
        if (has_a && has_b && a[d] == b[d]) {
            ++overlap;
        } else {
            if (has_a && in_b.count(a[d])) ++overlap;
            if (has_b && in_a.count(b[d])) ++overlap;
        }
        if (has_a) in_a.insert(a[d]);
        if (has_b) in_b.insert(b[d]);
        x[d] = overlap;
    }
    return x;
}

}  // namespace

Rbo rank_biased_overlap(const DocList& a, const DocList& b, double p) {
    if (!(p > 0 && p < 1))
        throw UsageError("rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)");
    check_no_repeats(a);
    check_no_repeats(b);
    Rbo r;
    if (a.empty() && b.empty()) {
        r.min = r.ext = 1;
        r.res = 0;
        return r;
    }
    const std::size_t s = std::min(a.size(), b.size()), l = std::max(a.size(), b.size());
    const std::vector<double> x = prefix_overlaps(a, b);  // x[d-1] = X_d, d = 1..l
    const double xs = s ? x[s - 1] : 0, xl = x[l - 1];

    // min (Eq. 11 with X'_d = X_d: beyond the shorter list's end only its seen items count).
    double sum_min = 0, pd = 1;
    for (std::size_t d = 1; d <= l; ++d) {
        pd *= p;
        sum_min += (x[d - 1] - xl) * pd / d;
    }
    r.min = (1 - p) / p * (sum_min - xl * std::log(1 - p));

    // max: Xmax_d as in the header, summed until it reaches d (at the latest d = s + l).
    double sum_max = 0;
    pd = 1;  // p^(d-1)
    for (std::size_t d = 1;; ++d) {
        double xmax;
        if (d <= s) {
            xmax = x[d - 1];
        } else if (d <= l) {
            xmax = x[d - 1] + double(d - s);
        } else {
            const double u = double(d - s), v = double(d - l);
            const double ua = std::min(u, double(l) - xl), vb = std::min(v, double(s) - xl);
            xmax = xl + ua + vb + std::min(u - ua, v - vb);
        }
        // Beyond the shorter list (d > s) an Xmax that reaches d stays at d' for every d' > d, so
        // the rest of the sum is its tail; within both lists (d <= s) Xmax_d = X_d is the seen
        // overlap, which can reach d and fall behind again (d1 d0 d3 d2 ...: X_2 = 2, X_3 = 2).
        if (d > s && xmax >= double(d)) {
            sum_max += pd;  // (1 - p) sum_{d'>=d} p^(d'-1) = p^(d-1)
            break;
        }
        sum_max += (1 - p) * pd * xmax / d;
        pd *= p;
    }
    r.res = std::max(0.0, sum_max - r.min);  // max >= min: a difference below 0 is rounding (would print -0.0000)

    // ext (Eq. 32).
    double sum_ext = 0;
    pd = 1;
    for (std::size_t d = 1; d <= l; ++d) {
        pd *= p;
        sum_ext += x[d - 1] / d * pd;
        if (d > s && s > 0) sum_ext += xs * double(d - s) / (double(s) * d) * pd;
    }
    r.ext = (1 - p) / p * sum_ext + ((xl - xs) / l + (s ? xs / s : 0)) * pd;
    return r;
}

double rbo_repro_eval(const DocList& a, const DocList& b, double p, std::size_t depth) {
    if (!(p > 0 && p < 1))
        throw UsageError("rank-biased overlap: the persistence p must be between 0 and 1 (exclusive)");
    check_no_repeats(a);
    check_no_repeats(b);
    if (depth == 0) return std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> x = prefix_overlaps(a, b);
    double score = 0, normaliser = 0, weight = 1;
    for (std::size_t d = 1; d <= depth; ++d) {
        const double overlap = x.empty() ? 0 : x[std::min(d, x.size()) - 1];
        score += weight * overlap / d;
        normaliser += weight;
        weight *= p;
    }
    return score / normaliser;
}

double kendall_tau_union(const DocList& a, const DocList& b) {
    check_no_repeats(a);
    check_no_repeats(b);
    std::unordered_map<std::string_view, std::size_t> index;
    std::vector<double> ra, rb;  // minus the rank: kendall_tau_b ranks higher values first
    auto add = [&](std::string_view d) {
        if (index.emplace(d, ra.size()).second) {
            ra.push_back(-double(a.size() + 1));
            rb.push_back(-double(b.size() + 1));
        }
        return index[d];
    };
    for (std::size_t i = 0; i < a.size(); ++i) ra[add(a[i])] = -double(i + 1);
    for (std::size_t i = 0; i < b.size(); ++i) rb[add(b[i])] = -double(i + 1);
    return kendall_tau_b(ra, rb);
}

double kendall_tau_union_repro_eval(const DocList& a, const DocList& b, std::string* why) {
    check_no_repeats(a);
    check_no_repeats(b);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (a.size() != b.size()) {
        if (why)
            *why = "repro_eval fails here (scipy's kendalltau raises): the lists differ in length (" +
                   std::to_string(a.size()) + " and " + std::to_string(b.size()) + ")";
        return nan;
    }
    if (a.size() < 2) {
        if (why) *why = "undefined for fewer than 2 documents";
        return nan;
    }
    std::map<std::string_view, double> sorted;  // std::string_view compares bytes, as Python's str order for UTF-8
    for (std::string_view d : a) sorted[d] = 0;
    for (std::string_view d : b) sorted[d] = 0;
    double i = 0;
    for (auto& entry : sorted) entry.second = i++;
    std::vector<double> x, y;
    for (std::string_view d : a) x.push_back(sorted[d]);
    for (std::string_view d : b) y.push_back(sorted[d]);
    return kendall_tau_b(x, y);
}

double overlap_at(const DocList& a, const DocList& b, std::size_t k) {
    if (k == 0) return std::numeric_limits<double>::quiet_NaN();
    std::unordered_set<std::string_view> top(a.begin(), a.begin() + std::min(k, a.size()));
    double both = 0;
    for (std::size_t i = 0; i < std::min(k, b.size()); ++i) both += top.count(b[i]);
    return both / double(k);
}

double jaccard_at(const DocList& a, const DocList& b, std::size_t k) {
    std::unordered_set<std::string_view> top(a.begin(), a.begin() + std::min(k, a.size()));
    const double in_a = double(top.size());
    double both = 0, in_b = double(std::min(k, b.size()));
    for (std::size_t i = 0; i < in_b; ++i) both += top.count(b[i]);
    const double either = in_a + in_b - both;
    return either == 0 ? std::numeric_limits<double>::quiet_NaN() : both / either;
}

}  // namespace irlens
