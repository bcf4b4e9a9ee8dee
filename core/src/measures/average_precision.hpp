// Average precision on one ranking, shared with the families that apply it per judgment group
// (definition and trec_eval sources in average_precision.cpp).
#pragma once

#include "irlens/evaluation/ranking.hpp"

namespace irlens::measures {

/// trec_eval m_map.c (k < 0) and m_map_cut.c (the first k ranks); depth_normalised divides by
/// min(k, R) instead of R (AP(denom=min)@k).
double average_precision(const Ranking& r, long k, bool depth_normalised = false);

}  // namespace irlens::measures
