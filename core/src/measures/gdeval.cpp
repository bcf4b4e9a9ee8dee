// gdeval.pl's graded measures (TREC Web track 2010-2014 adhoc evaluation; NIST), number for
// number: nDCG@k with exponential gains and ERR@k.
//   gdeval_nDCG@k = sum_{i<=k} (2^g_i - 1) / ln(i + 1) over the same sum for the judgments > 0
//                   of the topic sorted by decreasing grade;
//   gdeval_ERR@k  = sum_{i<=k} R_i / i prod_{j<i} (1 - R_j), R = (2^g - 1) / 2^max_grade
//                   (Chapelle et al., CIKM 2009), max_grade = gdeval's MAX_JUDGMENT, 4.
// Judgments <= 0 (and unjudged documents) gain 0. A grade above max_grade is an error (gdeval:
// "format error"). Deliberate difference: gdeval skips topics without any relevant document (no
// row, not in the mean); irlens scores them 0, as trec_eval does.
#include "measures/common.hpp"

#include "irlens/error.hpp"

#include <algorithm>
#include <cmath>

namespace irlens::measures {

namespace {

double gdeval_gain(int grade) { return grade > 0 ? std::pow(2.0, grade) - 1 : 0.0; }

/// dcg() of gdeval.pl over the first k gains: natural log, as gdeval (the base cancels in nDCG).
template <class Gains>
double gdeval_dcg(long k, long n, Gains gain_at) {
    double score = 0.0;
    for (long i = 0; i < std::min(k, n); ++i) score += gain_at(i) / std::log(static_cast<double>(i + 2));
    return score;
}

double gdeval_ndcg(const Ranking& r, long k) {
    std::vector<int> ideal;
    for (long level = static_cast<long>(r.rel_levels.size()) - 1; level >= 1; --level)
        ideal.insert(ideal.end(), static_cast<std::size_t>(r.rel_levels[static_cast<std::size_t>(level)]), static_cast<int>(level));
    double best = gdeval_dcg(k, static_cast<long>(ideal.size()), [&](long i) { return gdeval_gain(ideal[static_cast<std::size_t>(i)]); });
    if (best <= 0) return 0.0;
    return gdeval_dcg(k, r.num_ret, [&](long i) { return gdeval_gain(r.rels[static_cast<std::size_t>(i)]); }) / best;
}

double gdeval_err(const Ranking& r, long k, long max_grade) {
    double score = 0.0, decay = 1.0, top = std::pow(2.0, static_cast<double>(max_grade));
    for (long i = 0; i < std::min(k, r.num_ret); ++i) {
        double p = gdeval_gain(r.rels[static_cast<std::size_t>(i)]) / top;
        score += p * decay / static_cast<double>(i + 1);
        decay *= (1 - p);
    }
    return score;
}

MeasureInfo gdeval_measure(const char* name, const char* help) {
    MeasureInfo m;
    m.name = name;
    m.family = "gdeval";
    m.help = help;
    m.citation = "gdeval.pl v1.2 (TREC Web track; NIST); Burges et al., ICML 2005 (exponential gains); Chapelle et al., "
                 "Expected Reciprocal Rank for Graded Relevance (CIKM 2009)";
    m.cutoff = CutoffKind::Int;
    m.cutoff_required = true;
    m.params = {judged_only_param()};
    return m;
}

}  // namespace

void add_gdeval_measures(std::vector<MeasureInfo>& out) {
    {
        MeasureInfo m = gdeval_measure("gdeval_nDCG",
                                       "gdeval's nDCG@k: exponential gains 2^grade - 1, log discount, ideal from the topic's "
                                       "judgments (TREC Web track adhoc).");
        m.make = [](const MeasureSpec& s) {
            long k = s.cutoff_int();
            bool jo = s.bool_param("judged_only");
            return fn([=](const TopicView& v) { return gdeval_ndcg(v.ranking(1, jo), k); });
        };
        out.push_back(m);
    }
    {
        MeasureInfo m = gdeval_measure("gdeval_ERR",
                                       "gdeval's ERR@k: stopping probability (2^grade - 1) / 2^max_grade at each rank, "
                                       "reciprocal-rank utility (TREC Web track adhoc).");
        m.params.insert(m.params.begin(),
                        {"max_grade", ParamKind::Int, "4", "the grade of certain satisfaction (gdeval's MAX_JUDGMENT)"});
        m.make = [](const MeasureSpec& s) {
            long k = s.cutoff_int(), max_grade = s.int_param("max_grade");
            bool jo = s.bool_param("judged_only");
            if (max_grade < 1) throw UsageError(s.name() + ": max_grade must be at least 1");
            return fn([=](const TopicView& v) {
                const Ranking& r = v.ranking(1, jo);
                if (r.num_rel_levels - 1 > max_grade) {
                    for (const Judgment* j = v.qrels().begin(v.topic()); j != v.qrels().end(v.topic()); ++j)
                        if (j->rel > max_grade)
                            throw InputError(v.qrels().source(), j->line,
                                             "grade " + std::to_string(j->rel) + " is above gdeval_ERR's max_grade=" +
                                                 std::to_string(max_grade));
                }
                return gdeval_err(r, k, max_grade);
            });
        };
        out.push_back(m);
    }
}

}  // namespace irlens::measures
