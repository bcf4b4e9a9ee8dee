// Binary preference: trec_eval's bpref (m_bpref.c; NIST), number for number. Only judged documents
// count: docs not in the qrels and docs judged negative are skipped.
#include "measures/common.hpp"

#include <algorithm>

namespace irlens::measures {

namespace {

/// Buckley & Voorhees (SIGIR 2004) as trec_eval computes it: for each judged relevant document,
/// 1 - min(non-relevant above it, R) / min(N, R), averaged over R (N = judged non-relevant).
double bpref(const Ranking& r) {
    long num_nonrel = 0;
    for (long j = 0; j < r.rel_level && j < static_cast<long>(r.rel_levels.size()); ++j)
        num_nonrel += r.rel_levels[static_cast<std::size_t>(j)];
    long nonrel_so_far = 0;
    double sum = 0.0;
    for (long j = 0; j < r.num_ret; ++j) {
        int rel = r.rels[static_cast<std::size_t>(j)];
        if (rel == kNotInPool || rel == kUnjudged) continue;
        if (rel >= 0 && rel < r.rel_level) {
            ++nonrel_so_far;
        } else if (nonrel_so_far > 0) {
            sum += 1.0 - static_cast<double>(std::min(nonrel_so_far, r.num_rel)) /
                             static_cast<double>(std::min(num_nonrel, r.num_rel));
        } else {
            sum += 1.0;
        }
    }
    if (r.num_rel) sum /= static_cast<double>(r.num_rel);
    return sum;
}

}  // namespace

void add_bpref_measures(std::vector<MeasureInfo>& out) {
    MeasureInfo m;
    m.name = "Bpref";
    m.aliases = {"BPref", "bpref"};
    m.family = "bpref";
    m.help = "Binary preference: how often judged relevant documents rank above judged non-relevant ones "
             "(unjudged documents are ignored). Bpref(agg=gmean) is trec_eval's gm_bpref.";
    m.citation = "Buckley & Voorhees, Retrieval Evaluation with Incomplete Information (SIGIR 2004); "
                 "trec_eval 10.0 (NIST), m_bpref.c";
    m.params = {rel_param()};
    m.make = [](const MeasureSpec& s) {
        long level = s.int_param("rel");
        return fn([=](const TopicView& v) { return bpref(v.ranking(level)); });
    };
    out.push_back(m);
}

}  // namespace irlens::measures
