#include "relative/rareness.hpp"

#include "irlens/error.hpp"
#include "irlens/readers/run_groups.hpp"

#include <algorithm>
#include <cmath>

namespace irlens::relative {

RarenessParams RarenessParams::from(const MeasureSpec& spec) {
    RarenessParams p;
    const std::string name = spec.name();
    p.average_precision = spec.info().name == "AP_rareness";
    p.cutoff = spec.has_cutoff() ? spec.cutoff_int() : -1;
    p.mixture = spec.word_param("variant") == "mixture";
    p.alpha = spec.real_param("alpha");
    p.rel_level = spec.int_param("rel");
    if (!std::isfinite(p.alpha) || p.alpha < 0)
        throw UsageError(name + ": alpha must be a number >= 0, got " + format_number(p.alpha));
    if (p.mixture && p.alpha > 1)
        throw UsageError(name + ": with variant=mixture alpha is a mixture weight in [0,1], got " +
                         format_number(p.alpha));
    const ParamValue& depth = spec.param("depth");
    if (depth.given && depth.i < 1)
        throw UsageError(name + ": depth must be at least 1, got " + std::to_string(depth.i));
    p.depth = depth.given ? depth.i : p.cutoff;
    const ParamValue& pool = spec.param("pool");
    if (pool.given && pool.words.empty()) throw UsageError(name + ": pool must name at least one run");
    p.pool = pool.words;
    return p;
}

long RarenessParams::hit_limit() const {
    if (cutoff < 0 || depth < 0) return -1;
    return std::max(cutoff, depth);
}

RarityCounts::RarityCounts(const HitTable& hits, const std::vector<std::size_t>& pool, long depth,
                           std::size_t num_judgments)
    : counts_(num_judgments, 0) {
    recount(hits, pool, depth);
}

void RarityCounts::recount(const HitTable& hits, const std::vector<std::size_t>& pool, long depth) {
    systems_ = pool.size();
    std::fill(counts_.begin(), counts_.end(), 0u);
    for (std::size_t run : pool)
        for (std::size_t t = 0; t < hits.num_topics(); ++t)
            for (const Hit* h = hits.begin(run, t); h != hits.end(run, t); ++h)
                if (depth < 0 || static_cast<long>(h->rank) <= depth) ++counts_[h->doc];
}

double RarityCounts::rarity(std::uint32_t doc) const {
    return 1.0 - static_cast<double>(counts_[doc]) / static_cast<double>(systems_);
}

double RarityCounts::rarity_mixture(std::uint32_t doc) const {
    if (systems_ <= 1 || counts_[doc] == 0) return 1.0;
    return 1.0 - static_cast<double>(counts_[doc] - 1) / static_cast<double>(systems_ - 1);
}

std::vector<std::size_t> resolve_pool(const std::vector<std::string>& pool, const EvalContext& context) {
    std::vector<std::size_t> out;
    if (pool.empty()) {
        if (context.runs.empty()) throw UsageError("rarity needs at least one run");
        for (std::size_t i = 0; i < context.runs.size(); ++i) out.push_back(i);
        return out;
    }
    for (const std::string& name : pool) {
        long i = find_run(context.runs, name);
        if (i < 0) throw UsageError("pool: run '" + name + "' is not among the runs evaluated");
        if (std::find(out.begin(), out.end(), static_cast<std::size_t>(i)) != out.end())
            throw UsageError("pool: run '" + name + "' is named twice");
        out.push_back(static_cast<std::size_t>(i));
    }
    return out;
}

double rareness_score(const RarenessParams& p, const RarityCounts& counts, const Hit* begin, const Hit* end,
                      long num_rel) {
    measures::NoTrace t;
    return rareness_score(p, counts, begin, end, num_rel, t);
}

}  // namespace irlens::relative
