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
}  // namespace

std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic) {
    return order_topic(run, topic, static_cast<std::size_t>(-1));
}

std::vector<std::uint32_t> order_topic(const Run& run, std::size_t topic, std::size_t limit) {
    const std::vector<RunEntry>& entries = run.entries(topic);
    if (entries.empty()) return {kPlaceholderDoc};
    struct Item {
        double key;
        std::uint32_t ref;
    };
    std::vector<Item> items;
    items.reserve(entries.size());
    for (const RunEntry& e : entries) items.push_back({e.key, e.doc});
    // The order: key descending, then doc id descending (byte order); a total order, since doc ids
    // are unique within a topic. Sorted by the key alone first, then each stretch of equal keys by
    // doc id: doc ids (a lookup each) are only looked at for ties, which are rare.
    auto by_key = [](const Item& a, const Item& b) { return a.key > b.key; };
    auto by_doc = [&run](const Item& a, const Item& b) { return compare_bytes(run.doc(a.ref), run.doc(b.ref)) > 0; };
    std::size_t keep = std::min(limit, items.size());
    if (keep == 0) return {};
    auto end = items.end();  // [begin, end) ends up sorted by key and holds the first `keep` of the order
    bool file_order = std::is_sorted(items.begin(), end, by_key);  // many run files are in key order already
    if (!file_order) {
        if (keep < items.size()) {
            auto cut = items.begin() + static_cast<long>(keep);
            std::partial_sort(items.begin(), cut, end, by_key);
            // The items left out that tie with the last one kept: the doc id decides between them.
            double last = cut[-1].key;
            end = std::partition(cut, end, [last](const Item& i) { return i.key == last; });
        } else {
            std::sort(items.begin(), end, by_key);
        }
    }
    // In file order, the reader's comparisons of neighbouring tied lines (Run::ties) settle most
    // stretches without a lookup: ids that all went down are in order, ids that all went up reversed.
    static const std::vector<std::uint32_t> kNoTies;
    const std::vector<std::uint32_t>& ties = file_order ? run.ties(topic) : kNoTies;
    auto mark = ties.begin();
    for (auto i = items.begin(); i != end && static_cast<std::size_t>(i - items.begin()) < keep;) {
        auto j = i + 1;
        while (j != end && j->key == i->key) ++j;
        if (j - i > 1) {
            // The neighbours of the stretch: entries k - 1 and k for k in [first, last).
            auto first = static_cast<std::uint32_t>(i - items.begin() + 1);
            auto last = static_cast<std::uint32_t>(j - items.begin());
            while (mark != ties.end() && (*mark >> 1) < first) ++mark;
            std::uint32_t ups = 0, downs = 0;
            for (; mark != ties.end() && (*mark >> 1) < last; ++mark) ++(*mark & 1 ? ups : downs);
            if (ups == last - first)
                std::reverse(i, j);
            else if (downs != last - first)
                std::sort(i, j, by_doc);
        }
        i = j;
    }
    items.resize(keep);
    std::vector<std::uint32_t> out;
    out.reserve(items.size());
    for (const Item& i : items) out.push_back(i.ref);
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
    int max_rel = -1;
    each_grade([&](int rel) { max_rel = std::max(max_rel, rel); });
    if (max_rel >= 0) {
        std::vector<long> levels(static_cast<std::size_t>(max_rel) + 1, 0);
        each_grade([&](int rel) {
            if (rel >= 0) levels[static_cast<std::size_t>(rel)]++;
        });
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
    r.rels.reserve(n);
    r.docs.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t ref = ordered[i];
        long judgment = ref == kPlaceholderDoc ? qrels.find(topic, run.doc(ref))
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
