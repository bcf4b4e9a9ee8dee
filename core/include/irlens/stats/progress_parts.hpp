// Progress of a job made of parts done one after the other (internal): each part reports its own
// fraction 0..1; the whole sees (part + fraction) / parts, never decreasing (a part may run
// several procedures that each count from 0 again).
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>

namespace irlens::stats {

class ProgressParts {
public:
    ProgressParts(std::function<bool(double)> whole, std::size_t parts)
        : whole_(std::move(whole)), parts_(parts ? parts : 1), last_(std::make_shared<double>(0.0)) {}

    /// The callback of part k (empty when the whole has none); returns what the whole returns.
    std::function<bool(double)> part(std::size_t k) const {
        if (!whole_) return {};
        return [whole = whole_, last = last_, k, n = static_cast<double>(parts_)](double f) {
            *last = std::max(*last, (static_cast<double>(k) + std::min(1.0, std::max(0.0, f))) / n);
            return whole(*last);
        };
    }
    /// Part k is finished: reports (k + 1) / parts; returns what the whole returns (true without one).
    bool done(std::size_t k) const {
        std::function<bool(double)> p = part(k);
        return !p || p(1.0);
    }

private:
    std::function<bool(double)> whole_;
    std::size_t parts_;
    std::shared_ptr<double> last_;
};

/// A job that evaluates runs first and then does `parts` parts (measures) of analysis: the
/// evaluation counts as one part more. Both callbacks are empty when `whole` is.
struct EvaluationThenParts {
    std::function<bool(double)> evaluation, rest;  // each reports its own fraction 0..1
    EvaluationThenParts(const std::function<bool(double)>& whole, std::size_t parts) {
        if (!whole) return;
        const double n = static_cast<double>(parts + 1);
        evaluation = [whole, n](double f) { return whole(f / n); };
        rest = [whole, n](double f) { return whole((1 + f * (n - 1)) / n); };
    }
};

}  // namespace irlens::stats
