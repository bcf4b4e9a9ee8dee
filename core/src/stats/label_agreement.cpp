// Cohen's kappa, Krippendorff's alpha and the confusion matrix of two label vectors
// (contracts and citations: irlens/stats/label_agreement.hpp).
#include "irlens/stats/label_agreement.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace irlens {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double kappa_weight(std::size_t i, std::size_t j, KappaWeights w) {
    const double d = std::fabs(static_cast<double>(i) - static_cast<double>(j));
    if (w == KappaWeights::None) return d > 0 ? 1 : 0;
    return w == KappaWeights::Linear ? d : d * d;
}

}  // namespace

const char* kappa_weights_name(KappaWeights w) {
    return w == KappaWeights::None ? "unweighted" : w == KappaWeights::Linear ? "linear" : "quadratic";
}

const char* alpha_metric_name(AlphaMetric m) {
    return m == AlphaMetric::Nominal ? "nominal" : m == AlphaMetric::Ordinal ? "ordinal" : "interval";
}

double cohens_kappa(const std::vector<std::vector<std::size_t>>& c, KappaWeights weights) {
    const std::size_t k = c.size();
    std::vector<double> row(k, 0), col(k, 0);
    double n = 0;
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j) {
            row[i] += static_cast<double>(c[i][j]);
            col[j] += static_cast<double>(c[i][j]);
            n += static_cast<double>(c[i][j]);
        }
    if (n == 0) return kNaN;
    double observed = 0, expected = 0;  // weighted disagreements: observed, and expected by chance
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = 0; j < k; ++j) {
            const double w = kappa_weight(i, j, weights);
            observed += w * static_cast<double>(c[i][j]);
            expected += w * row[i] * col[j] / n;
        }
    return expected == 0 ? kNaN : 1 - observed / expected;
}

double krippendorff_alpha(const std::vector<std::vector<double>>& units, AlphaMetric metric) {
    std::map<double, std::size_t> index;  // the values that occur in a pairable unit, ascending
    for (const std::vector<double>& u : units)
        if (u.size() >= 2)
            for (double v : u) index.emplace(v, 0);
    std::vector<double> values;
    for (auto& [v, i] : index) {
        i = values.size();
        values.push_back(v);
    }
    const std::size_t k = values.size();
    std::vector<std::vector<double>> o(k, std::vector<double>(k, 0));  // coincidences
    for (const std::vector<double>& u : units) {
        if (u.size() < 2) continue;
        const double per_pair = 1.0 / static_cast<double>(u.size() - 1);
        for (std::size_t i = 0; i < u.size(); ++i)
            for (std::size_t j = 0; j < u.size(); ++j)
                if (i != j) o[index[u[i]]][index[u[j]]] += per_pair;
    }
    std::vector<double> marginal(k, 0);
    double n = 0;
    for (std::size_t c = 0; c < k; ++c)
        for (std::size_t d = 0; d < k; ++d) {
            marginal[c] += o[c][d];
            n += o[c][d];
        }
    auto d2 = [&](std::size_t c, std::size_t d) -> double {
        if (metric == AlphaMetric::Nominal) return c == d ? 0 : 1;
        if (metric == AlphaMetric::Interval) return (values[c] - values[d]) * (values[c] - values[d]);
        const std::size_t lo = std::min(c, d), hi = std::max(c, d);
        double s = 0;
        for (std::size_t g = lo; g <= hi; ++g) s += marginal[g];
        s -= (marginal[c] + marginal[d]) / 2;
        return s * s;
    };
    double observed = 0, expected = 0;
    for (std::size_t c = 0; c < k; ++c)
        for (std::size_t d = 0; d < k; ++d) {
            const double delta = d2(c, d);
            observed += o[c][d] * delta;
            expected += marginal[c] * marginal[d] * delta;
        }
    if (n < 2 || expected == 0) return kNaN;
    return 1 - (n - 1) * observed / expected;
}

LabelAgreement label_agreement(const std::vector<int>& a, const std::vector<int>& b, int threshold) {
    if (a.size() != b.size())
        throw UsageError("label agreement needs two label vectors of the same length (" + std::to_string(a.size()) +
                         " and " + std::to_string(b.size()) + ")");
    LabelAgreement r;
    r.items = a.size();
    r.binary.threshold = threshold;
    if (a.empty()) {
        r.note = "no item labelled in both sets";
        return r;
    }
    r.lowest = std::min(*std::min_element(a.begin(), a.end()), *std::min_element(b.begin(), b.end()));
    r.highest = std::max(*std::max_element(a.begin(), a.end()), *std::max_element(b.begin(), b.end()));
    if (static_cast<long>(r.highest) - r.lowest >= kMaxLabelCategories)
        throw UsageError("the grades span " + std::to_string(r.lowest) + " to " + std::to_string(r.highest) +
                         ": more than " + std::to_string(kMaxLabelCategories) +
                         " grades to compare; map them onto a scale first (--map-b for the second set)");
    const std::size_t k = static_cast<std::size_t>(r.highest - r.lowest) + 1;
    r.confusion.assign(k, std::vector<std::size_t>(k, 0));
    std::vector<std::vector<double>> units(a.size());
    std::vector<std::vector<std::size_t>> binary(2, std::vector<std::size_t>(2, 0));
    for (std::size_t i = 0; i < a.size(); ++i) {
        ++r.confusion[static_cast<std::size_t>(a[i] - r.lowest)][static_cast<std::size_t>(b[i] - r.lowest)];
        units[i] = {static_cast<double>(a[i]), static_cast<double>(b[i])};
        ++binary[a[i] >= threshold ? 1 : 0][b[i] >= threshold ? 1 : 0];
    }
    const double n = static_cast<double>(a.size());
    double same = 0, chance = 0;
    for (std::size_t i = 0; i < k; ++i) {
        double row = 0, col = 0;
        for (std::size_t j = 0; j < k; ++j) {
            row += static_cast<double>(r.confusion[i][j]);
            col += static_cast<double>(r.confusion[j][i]);
        }
        same += static_cast<double>(r.confusion[i][i]);
        chance += row * col;
    }
    r.observed = same / n;
    r.expected = chance / (n * n);
    r.kappa = cohens_kappa(r.confusion, KappaWeights::None);
    r.kappa_linear = cohens_kappa(r.confusion, KappaWeights::Linear);
    r.kappa_quadratic = cohens_kappa(r.confusion, KappaWeights::Quadratic);
    r.alpha_nominal = krippendorff_alpha(units, AlphaMetric::Nominal);
    r.alpha_ordinal = krippendorff_alpha(units, AlphaMetric::Ordinal);
    r.alpha_interval = krippendorff_alpha(units, AlphaMetric::Interval);
    r.binary.both = binary[1][1];
    r.binary.first_only = binary[1][0];
    r.binary.second_only = binary[0][1];
    r.binary.neither = binary[0][0];
    r.binary.agreement = static_cast<double>(binary[1][1] + binary[0][0]) / n;
    r.binary.kappa = cohens_kappa(binary, KappaWeights::None);
    std::vector<std::string> notes;
    if (std::isnan(r.kappa))
        notes.push_back(
            "kappa and alpha undefined: both sets give every pair the same single grade (expected agreement 1)");
    else if (std::isnan(r.binary.kappa))
        notes.push_back("binary kappa undefined: at threshold " + std::to_string(threshold) +
                        " both sets call every pair relevant, or both call every pair non-relevant");
    for (std::size_t i = 0; i < notes.size(); ++i) r.note += (i ? "; " : "") + notes[i];
    return r;
}

}  // namespace irlens
