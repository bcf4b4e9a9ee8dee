// Sakai's blended-ratio measures (internal header): Q-measure, R-measure, P-measure, O-measure and
// P+, from T. Sakai, "Metrics, Statistics, Tests" (PROMISE Winter School 2013), Sec. 2.2, after
// Sakai (NTCIR-4 2004; IPM 2007) and Sakai & Robertson (EVIA 2008). Shared with the diversity
// family, whose P+Q combines intent-wise P+ and Q.
//
// Conventions of every function here, for a Ranking r and a gain table `gains` (setup_gains or
// gain_table in common.hpp, built for the same topic):
//   I(k)   1 when the document at rank k is relevant: its judgment >= r.rel_level. R = r.num_rel.
//   C(k)   relevant documents in the top k.
//   g(k)   gain_of(judgment, gains) for a relevant document; 0 for any other (the lecture's
//          gv_0 = 0: a non-relevant document has no value, whatever the table lists for it).
//   cg(k)  g(1) + ... + g(k); cg*(k) the same for the ideal list: the topic's relevant judgments
//          (levels >= r.rel_level, `count` of each) sorted by gain, highest first. cg*(k) stays at
//          its total beyond rank R.
//   BR(k)  the blended ratio (C(k) + beta cg(k)) / (k + beta cg*(k)), beta >= 0 the user
//          persistence; BR(k) = Prec(k) for k <= R in binary relevance; beta = 0 gives Prec(k).
// A ranking without relevant documents (or a topic with R = 0) scores 0.
#pragma once

#include "measures/common.hpp"

#include <vector>

namespace irlens::measures {

/// Q-measure (Sakai 2013, Eqs. 12-13): 1/R sum_k I(k) BR(k); with a measurement depth
/// (cutoff >= 1) only ranks k <= cutoff count and the sum is over min(cutoff, R). cutoff < 0:
/// the whole ranking. Q with beta = 0 is AP (AP(denom=min)@l with a depth).
double q_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff);

/// P+ (Sakai 2013, Eq. 14): 1/C(r_p) sum_{k <= r_p} I(k) BR(k), r_p the first rank (from the
/// top) holding a relevant document of the highest gain retrieved ("the most relevant
/// documents"); 0 without a relevant document. Over the whole ranking (see p_plus_at for a
/// measurement depth).
double p_plus(const Ranking& r, const std::vector<GainLevel>& gains, double beta);
/// P+ within a measurement depth: r_p is sought among the top `cutoff` ranks (cutoff < 0: all).
double p_plus_at(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff);

/// R-measure (Sakai 2013, Sec. 2.2): BR(R); a ranking shorter than R counts what it retrieved.
double r_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta);
/// P-measure: BR(r_p) (r_p as for P+, within the top `cutoff` ranks; cutoff < 0: all).
double p_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff);
/// O-measure: BR(r_1), r_1 the rank of the first relevant document (within the top `cutoff`).
double o_measure(const Ranking& r, const std::vector<GainLevel>& gains, double beta, long cutoff);

}  // namespace irlens::measures
