// ERR's satisfaction probabilities (internal header; err.cpp), shared with the diversity family:
// ERR-IA and the relevance r(d,t) of EU, CT and RBU are the same probability (Chapelle et al.,
// CIKM 2009; Amigo et al., SIGIR 2018, Sec. 5: RBU follows ERR's user model).
#pragma once

#include "measures/common.hpp"

#include <string>
#include <vector>

namespace irlens::measures {

/// The probability that a document of gain g satisfies the user: (2^g - 1) / 2^gmax; a value
/// outside [0,1] is a UsageError naming `measure`.
struct Satisfaction {
    double gmax = 0;
    std::string measure = "ERR";
    double of_gain(double g) const;
};

/// The `max_grade` parameter of ERR and its kin: gmax, by default the highest gain (under `gains`)
/// of any grade in the qrels file.
ParamInfo max_grade_param();
/// ERR's and nERR's max_grade: by default 4, gdeval's MAX_JUDGMENT (ir_measures' ERR), or the
/// qrels' highest gain where higher (satisfaction's at_least).
ParamInfo gdeval_max_grade_param();
/// The Satisfaction of a measure with `max_grade` and `gains` parameters, for an evaluation of q.
/// Without a max_grade, gmax is the highest gain of any grade in q's file, and at least `at_least`
/// (ERR and nERR: 4, gdeval's scale).
Satisfaction satisfaction(const MeasureSpec& s, const Qrels& q, double at_least = 0.0);

/// The satisfaction probability of each of the first k ranks (k < 0: all): of_gain of the gain of
/// a relevant document (judgment >= r.rel_level), 0 for any other.
std::vector<double> ranking_probs(const Ranking& r, const std::vector<GainLevel>& gains, const Satisfaction& s, long k);

/// The ideal ranking's probabilities: every relevant judgment of the table (levels >= r.rel_level,
/// `count` of each), highest first, the first k (k < 0: all).
std::vector<double> ideal_probs(const Ranking& r, const std::vector<GainLevel>& gains, const Satisfaction& s, long k);

/// ERR of a list of satisfaction probabilities: sum_r dsat(r-1) Pr(r) / r (Sakai Eq. 15).
double err_of(const std::vector<double>& probs);

}  // namespace irlens::measures
