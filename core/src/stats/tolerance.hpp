// How randomised procedures compare a resampled statistic with the observed one (internal).
//
// A statistic recomputed from the same scores summed in another order may differ from the
// observed one in its last bits, so "at least as extreme" is tested with a slack of
// kTieTolerance x scale, scale being the magnitude of the numbers summed (each caller says which).
// The same slack decides when two means are tied (stability, swap rate).
#pragma once

#include <algorithm>
#include <cmath>

namespace irlens::stats {

constexpr double kTieTolerance = 1e-9;

/// value >= reference, up to the slack.
inline bool at_least(double value, double reference, double scale) {
    return value >= reference - kTieTolerance * scale;
}
/// value <= reference, up to the slack.
inline bool at_most(double value, double reference, double scale) { return value <= reference + kTieTolerance * scale; }
/// a == b up to the slack relative to the larger magnitude.
inline bool tied(double a, double b) {
    return std::fabs(a - b) <= kTieTolerance * std::max(std::fabs(a), std::fabs(b));
}

}  // namespace irlens::stats
