#include "irlens/evaluation/ranking.hpp"

#include <algorithm>
#include <cstring>

namespace irlens {

namespace {
// strcmp order on byte strings (a proper prefix sorts first).
inline int compare_bytes(std::string_view a, std::string_view b) {
    std::size_t n = a.size() < b.size() ? a.size() : b.size();
    int c = n ? std::memcmp(a.data(), b.data(), n) : 0;
    if (c) return c;
    return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

/// The judgment of the doc of judgment `first` (its first in the topic) in group g, or -1; the
/// judgments of one doc are adjacent in grouped qrels.
long judgment_in_group(const Qrels& qrels, std::size_t topic, long first, long g) {
    std::string_view doc = qrels.doc(qrels.judgment(static_cast<std::uint32_t>(first)));
    for (const Judgment* j = &qrels.judgment(static_cast<std::uint32_t>(first));
         j != qrels.end(topic) && qrels.doc(*j) == doc; ++j)
        if (j->group == static_cast<std::uint32_t>(g)) return static_cast<long>(qrels.index_of(*j));
    return -1;
}

/// The highest grade the qrels give the doc of judgment `first` (its first in the topic) in any group.
int max_grade_of(const Qrels& qrels, std::size_t topic, long first) {
    const Judgment* j = &qrels.judgment(static_cast<std::uint32_t>(first));
    std::string_view doc = qrels.doc(*j);
    int grade = j->rel;
    for (; j != qrels.end(topic) && qrels.doc(*j) == doc; ++j) grade = std::max(grade, static_cast<int>(j->rel));
    return grade;
}

/// Orders refs[0, n) within each stretch of equal keys by doc id descending, stretch by stretch
/// in order up to the one that holds position keep - 1. `ties` (Run::ties) when refs[i] is
/// entries(t)[i], i.e. the run's file order, else empty: the reader's comparisons of neighbouring
/// tied lines settle a stretch without a lookup: ids that all went down are in order, ids that
/// all went up are reversed; the others are looked up and sorted.
class TieSettler {
public:
    TieSettler(const Run& run, std::uint32_t* refs, const std::vector<std::uint32_t>& ties)
        : run_(run), refs_(refs), mark_(ties.begin()), end_(ties.end()) {}
    /// Settles refs[i, j), a stretch of equal keys (j - i > 1), after the stretches before it.
    void settle(std::size_t i, std::size_t j) {
        // The neighbours of the stretch: entries k - 1 and k for k in [i + 1, j).
        while (mark_ != end_ && (*mark_ >> 1) <= i) ++mark_;
        std::size_t ups = 0, downs = 0;
        for (; mark_ != end_ && (*mark_ >> 1) < j; ++mark_) ++(*mark_ & 1 ? ups : downs);
        if (ups == j - i - 1) {
            std::reverse(refs_ + i, refs_ + j);
        } else if (downs != j - i - 1) {
            const Run& run = run_;
            std::sort(refs_ + i, refs_ + j,
                      [&run](std::uint32_t a, std::uint32_t b) { return compare_bytes(run.doc(a), run.doc(b)) > 0; });
        }
    }

private:
    const Run& run_;
    std::uint32_t* refs_;
    std::vector<std::uint32_t>::const_iterator mark_, end_;
};

/// TieSettler over every stretch of equal keys among refs[0, n) (key(i): refs[i]'s key,
/// non-increasing) up to the one that holds position keep - 1.
template <class Key>
void settle_ties(const Run& run, const Key& key, std::uint32_t* refs, std::size_t n, std::size_t keep,
                 const std::vector<std::uint32_t>& ties) {
    TieSettler settler(run, refs, ties);
    for (std::size_t i = 0; i < n && i < keep;) {
        std::size_t j = i + 1;
        while (j < n && key(j) == key(i)) ++j;
        if (j - i > 1) settler.settle(i, j);
        i = j;
    }
}

/// The refs of a topic whose entries are in key order (non-increasing) in file order, the first
/// `keep` of them settled (with the ties at the cut); empty when the entries are not in key order.
/// One pass over the entries finds the order, the refs and where keys tie with the entry before.
std::vector<std::uint32_t> in_file_order(const Run& run, std::size_t topic, std::size_t keep) {
    const std::vector<RunEntry>& entries = run.entries(topic);
    const std::size_t n = entries.size();
    std::vector<std::uint32_t> out(n);
    std::vector<std::uint32_t> tied;  // i: entries[i] ties with entries[i - 1]
    bool sorted = true;
    out[0] = entries[0].doc;
    for (std::size_t i = 1; i < n; ++i) {
        const double before = entries[i - 1].key, key = entries[i].key;
        sorted &= !(key > before);
        if (key == before) tied.push_back(static_cast<std::uint32_t>(i));
        out[i] = entries[i].doc;
    }
    if (!sorted) return {};
    // Each stretch that starts before `keep`, whole: the one that holds keep - 1 may go past it
    // (the doc id decides which of its entries are kept).
    TieSettler settler(run, out.data(), run.ties(topic));
    for (std::size_t k = 0; k < tied.size();) {
        const std::size_t first = tied[k] - 1;  // the stretch [first, last]: consecutive tied positions
        if (first >= keep) break;
        std::size_t last = tied[k];
        for (++k; k < tied.size() && tied[k] == last + 1; ++k) last = tied[k];
        settler.settle(first, last + 1);
    }
    out.resize(keep);
    return out;
}

}  // namespace

std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic) {
    return order_topic(run, topic, static_cast<std::size_t>(-1));
}

std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic, std::size_t limit) {
    const std::vector<RunEntry>& entries = run.entries(topic);
    if (entries.empty()) return {kPlaceholderDoc};
    std::size_t keep = std::min(limit, entries.size());
    if (keep == 0) return {};
    // The order: key descending, then doc id descending (byte order); a total order, since doc ids
    // are unique within a topic. Sorted by the key alone first, then each stretch of equal keys by
    // doc id (settle_ties): doc ids, a lookup each, are only looked at for ties, which are rare.
    // Many run files are in key order already: then the refs are taken in file order
    // (in_file_order, which also finds the ties on the way).
    std::vector<std::uint32_t> in_order = in_file_order(run, topic, keep);
    if (!in_order.empty()) return in_order;
    struct Item {
        double key;
        std::uint32_t ref;
    };
    std::vector<Item> items;
    items.reserve(entries.size());
    for (const RunEntry& e : entries) items.push_back({e.key, e.doc});
    auto by_key = [](const Item& a, const Item& b) { return a.key > b.key; };
    auto end = items.end();  // [begin, end): sorted by key, the first `keep` and the ties of the last one
    if (keep < items.size()) {
        auto cut = items.begin() + static_cast<long>(keep);
        std::partial_sort(items.begin(), cut, end, by_key);
        // The items left out that tie with the last one kept: the doc id decides between them.
        double last = cut[-1].key;
        end = std::partition(cut, end, [last](const Item& i) { return i.key == last; });
    } else {
        std::sort(items.begin(), end, by_key);
    }
    std::vector<std::uint32_t> out(static_cast<std::size_t>(end - items.begin()));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = items[i].ref;
    static const std::vector<std::uint32_t> kNoTies;  // not in file order
    settle_ties(
        run, [&items](std::size_t i) { return items[i].key; }, out.data(), out.size(), keep, kNoTies);
    out.resize(keep);
    return out;
}

Ranking make_ranking(const Run& run, std::size_t topic, const std::vector<std::uint32_t>& ordered,
                     const RankingOptions& options) {
    const Qrels& qrels = run.qrels();
    Ranking r;
    r.rel_level = options.rel_level;
    // Grouped qrels read without a group (a standard measure given diversity qrels): a document's
    // grade is its highest over the groups (the RBU paper's r(d), Sec. 2), counted once.
    bool max_over_groups = qrels.format() == QrelsFormat::Grouped && options.group < 0;
    // The grade of each judged document of the topic (f(grade) once per document).
    auto each_grade = [&](auto f) {
        for (const Judgment* j = qrels.begin(topic); j != qrels.end(topic);) {
            if (options.group >= 0 && static_cast<long>(j->group) != options.group) {
                ++j;
                continue;
            }
            if (!max_over_groups) {
                f((j++)->rel);
                continue;
            }
            long first = static_cast<long>(qrels.index_of(*j));
            f(max_grade_of(qrels, topic, first));
            for (std::string_view doc = qrels.doc(*j); j != qrels.end(topic) && qrels.doc(*j) == doc;) ++j;
        }
    };
    // Judgment counts per level (negative judgments are not counted, as in trec_eval).
    // One pass: levels ends at the highest grade >= 0 (grades are at most kMaxGrade).
    std::vector<long> levels;
    each_grade([&](int rel) {
        if (rel < 0) return;
        if (static_cast<std::size_t>(rel) >= levels.size()) levels.resize(static_cast<std::size_t>(rel) + 1, 0);
        levels[static_cast<std::size_t>(rel)]++;
    });
    if (!levels.empty()) {
        for (std::size_t i = 0; i < levels.size(); ++i) {
            if (levels[i]) {
                r.num_rel_levels = static_cast<long>(i) + 1;
                if (static_cast<long>(i) >= options.rel_level) r.num_rel += levels[i];
            }
        }
        levels.resize(static_cast<std::size_t>(r.num_rel_levels));
        r.rel_levels = std::move(levels);
    }
    std::size_t n = ordered.size();
    if (options.max_docs >= 0 && static_cast<unsigned long>(options.max_docs) < n)
        n = static_cast<std::size_t>(options.max_docs);
    if (options.group < 0 && !max_over_groups && !options.judged_only && qrels.num_judgments() > 0 &&
        std::find(ordered.begin(), ordered.begin() + static_cast<long>(n), kPlaceholderDoc) ==
            ordered.begin() + static_cast<long>(n)) {
        // The usual ranking (no group, every document kept, no placeholder): each rank's grade
        // without a branch on whether it is judged, which a run's mix of judged and unjudged
        // documents makes the CPU mispredict. An unjudged rank reads judgment 0 and drops it.
        r.docs.assign(ordered.begin(), ordered.begin() + static_cast<long>(n));
        r.rels.resize(n);
        long nonpool = 0, unjudged = 0, rel_ret = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t ref = ordered[i];
            const bool judged = run.judged(ref);
            const int grade = qrels.judgment(judged ? ref : 0).rel;
            r.rels[i] = !judged ? kNotInPool : grade < 0 ? kUnjudged : grade;
            const int is_judged = judged ? 1 : 0;  // counted without a branch (&, not &&)
            nonpool += 1 - is_judged;
            unjudged += is_judged & (grade < 0 ? 1 : 0);
            rel_ret += is_judged & (grade >= 0 && grade >= options.rel_level ? 1 : 0);
        }
        r.num_nonpool = nonpool;
        r.num_unjudged_in_pool = unjudged;
        r.num_rel_ret = rel_ret;
        r.num_ret = static_cast<long>(n);
        return r;
    }
    r.rels.reserve(n);
    r.docs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t ref = ordered[i];
        long judgment = ref == kPlaceholderDoc ? qrels.find_once(topic, run.doc(ref))
                        : run.judged(ref)      ? static_cast<long>(ref)
                                               : -1;
        if (judgment >= 0 && options.group >= 0) judgment = judgment_in_group(qrels, topic, judgment, options.group);
        int rel = kNotInPool;
        if (judgment >= 0) {
            int grade = max_over_groups ? max_grade_of(qrels, topic, judgment)
                                        : qrels.judgment(static_cast<std::uint32_t>(judgment)).rel;
            rel = grade < 0 ? kUnjudged : grade;
        }
        if (options.judged_only && rel < 0) continue;
        if (rel == kNotInPool)
            r.num_nonpool++;
        else if (rel == kUnjudged)
            r.num_unjudged_in_pool++;
        else if (rel >= options.rel_level)
            r.num_rel_ret++;
        r.rels.push_back(rel);
        r.docs.push_back(ref);
    }
    r.num_ret = static_cast<long>(r.rels.size());
    return r;
}

}  // namespace irlens

namespace irlens {

const std::vector<double>& Ranking::interpolated_precision() const {
    if (!iprec_.empty()) return iprec_;
    iprec_.assign(static_cast<std::size_t>(num_rel_ret) + 1, 0.0);
    double int_precis = static_cast<double>(num_rel_ret) / static_cast<double>(num_ret);
    long rel_so_far = num_rel_ret;
    for (long i = num_ret; i > 0 && rel_so_far > 0; --i) {
        double precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
        if (int_precis < precis) int_precis = precis;
        if (rels[static_cast<std::size_t>(i - 1)] >= rel_level)
            iprec_[static_cast<std::size_t>(rel_so_far--)] = int_precis;
    }
    iprec_[0] = int_precis;
    return iprec_;
}

}  // namespace irlens
