// Precision on one ranking, shared with the families that apply it per judgment group
// (definitions and trec_eval sources in precision.cpp).
#pragma once

#include "irlens/evaluation/ranking.hpp"

namespace irlens::measures {

/// trec_eval m_P.c: relevant docs in the first k ranks, over k.
double precision_at(const Ranking& r, long k);
/// trec_eval m_Rprec_mult.c: precision after (long)(mult * R + 0.9) docs.
double r_precision_mult(const Ranking& r, double mult);

}  // namespace irlens::measures
